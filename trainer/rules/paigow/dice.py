"""The number that picks the starting position: three dice in the Pai Gow shaker, or the RNG.

Who makes the number (621a.6(a)(1)-(3), 621a.9(i); nj 10.6(a), 10.8(i); md 6.A, 9.J; spec D3.1):

* ``manual``: the dealer shakes the shaker at least three times and removes the lid; in a
  player-bank round the bank shakes and the dealer removes the lid;
* ``player-activated`` (pa-2019 only, 621a.2(f), 621a.6(a)(3)): a player presses the button; in a
  bank round the bank presses it (spec JQ16);
* ``rng`` (pa-*, md; not nj, not bank rounds, JQ16): the generator shows one number, drawn here as
  the total of three virtual dice so the count behaves as with dice (spec D10 Q4).

A shake is a "no roll" and is shaken again when a die does not land flat (621a.10(a)), when a die
falls out as the dealer uncovers a manual shaker (621a.10(b)), or when the bank lifts the lid
itself (621a.9(i)). Where Beat It (paytable A or B) is offered the dice are one red and two blue
(621a.2(f)(1), 621a.5(e)(4)(i); JQ14). All chance comes from one injected ``random.Random`` (spec R1).

>>> r = Roll.parse("3,2,4")
>>> r.total, r.dice, r.spoken
(9, (3, 2, 4), '3, 2, 4: total 9')
>>> Roll.parse("9").dice, Roll.parse("9").total
((), 9)
>>> import random
>>> from trainer.rules.paigow.profiles import profile_named
>>> roll(random.Random(7), Method.RNG, profile=profile_named("md")).dice   # the RNG shows a number only
()
"""

from __future__ import annotations

import enum
import random
import re
from dataclasses import dataclass

from trainer.rules.errors import NotationError, TrainerError
from trainer.rules.paigow.positions import check_total
from trainer.rules.paigow.profiles import Profile

DICE = 3


class Method(enum.StrEnum):
    """How the number is made (621a.6(a)(1)-(3))."""

    MANUAL = "manual"
    PLAYER_ACTIVATED = "player-activated"
    RNG = "rng"


class Colour(enum.StrEnum):
    """Colour of a die; red and blue only matter for Beat It (621a.5(e)(4)(i))."""

    WHITE = "white"
    RED = "red"
    BLUE = "blue"


class NoRoll(enum.StrEnum):
    """Why a shake does not count and is reshaken (621a.10(a),(b); 621a.9(i))."""

    NOT_FLAT = "a die did not land flat"
    FELL_OUT = "a die fell out of the shaker"
    LID_LIFTED = "the bank lifted the lid"


PLAIN: tuple[Colour, ...] = (Colour.WHITE,) * DICE
BEAT_IT: tuple[Colour, ...] = (Colour.RED, Colour.BLUE, Colour.BLUE)


#: The last subsection letter of a citation, and its closing parenthesis if any.
_LAST_LETTER = re.compile(r"([A-Za-z])(\)?)$")


def subsection(profile: Profile, rule: str, letter: str | None = None, shift: int = 0) -> str:
    """``profile.cite(rule)`` with its last subsection letter replaced by ``letter`` or moved by ``shift``.

    The texts letter neighbouring rules alike (pa ``621a.10(a)``/``(b)``, md ``10.A``/``10.B``, nj
    ``10.9(a)``/``(b)``), so a sibling rule is cited from the one the profile names.

    >>> from trainer.rules.paigow.profiles import profile_named
    >>> md, nj, pa = profile_named("md"), profile_named("nj"), profile_named("pa-2019")
    >>> subsection(md, "no_roll", "b"), subsection(nj, "count", "a")
    ('MD 10.B', 'N.J.A.C. 19:47-10.6(a)')
    >>> subsection(pa, "count_bank", shift=-1), subsection(md, "count_bank", shift=-1)
    ('621a.9(i)', 'MD 9.J')
    """
    cite = profile.cite(rule)
    match = _LAST_LETTER.search(cite)
    if not match:
        return cite
    old = match.group(1)
    new = chr(ord(letter or old) + shift)
    return cite[:match.start()] + (new.upper() if old.isupper() else new.lower()) + match.group(2)


def dice_colours(profile: Profile, beat_it_paytable: str | None = None) -> tuple[Colour, ...]:
    """Red and two blue when Beat It A or B is offered (JQ14), else three plain dice."""
    tables = profile.paytables.get("beat-it", ())
    chosen = beat_it_paytable or (tables[0] if tables else None)
    return BEAT_IT if "beat-it" in profile.side_wagers and chosen in ("A", "B") else PLAIN


@dataclass(frozen=True, slots=True)
class Attempt:
    """One shake that did not count: the dice as they lay and why it is a no roll."""

    dice: tuple[int, ...]
    fault: NoRoll


_ROLL_TEXT = re.compile(r"[0-9]{1,2}((\s*[,;+-]\s*|\s+)[0-9]{1,2})*")


@dataclass(frozen=True, slots=True)
class Roll:
    """The number for the count: ``total`` 3-18, the dice shown (empty when only a number is)."""

    total: int
    dice: tuple[int, ...] = ()
    colours: tuple[Colour, ...] = PLAIN
    method: Method = Method.MANUAL
    #: Who shook or pressed: "dealer", "bank", "player", or "rng".
    by: str = "dealer"
    #: Shakes before this one that were no rolls, in order.
    no_rolls: tuple[Attempt, ...] = ()

    def __post_init__(self) -> None:
        check_total(self.total)
        if self.dice and (len(self.dice) != DICE or sum(self.dice) != self.total
                          or not all(1 <= d <= 6 for d in self.dice)):
            raise TrainerError(f"three dice of 1-6 that add up to {self.total}, not {self.dice}")

    @classmethod
    def parse(cls, text: str) -> Roll:
        """``3,2,4`` (three dice) or ``9`` (a total only), in ASCII digits: ``-3`` is not 3, ``²`` not 2."""
        values = re.split(r"\s*[,;+-]\s*|\s+", text.strip())
        if not _ROLL_TEXT.fullmatch(text.strip()) or len(values) not in (1, DICE):
            raise NotationError(f"'{text}' is not a dice roll (write 9 or 3,2,4)")
        numbers = tuple(int(v) for v in values)
        return cls(sum(numbers), numbers if len(numbers) == DICE else ())

    @property
    def spoken(self) -> str:
        """What the dealer announces: each die, then the total (621a.6(b), JQ17)."""
        shown = ", ".join(str(d) for d in self.dice)
        return f"{shown}: total {self.total}" if self.dice else f"number {self.total}"


def check_method(method: Method, profile: Profile, bank_round: bool) -> None:
    """Raise a :class:`TrainerError` unless ``profile`` allows ``method`` in this kind of round."""
    if method is Method.RNG and not profile.rng_allowed:
        raise TrainerError(f"profile {profile.name} has no random number generator; the dice decide")
    if method is Method.RNG and bank_round:
        raise TrainerError(f"in a player-bank round the bank shakes the dice ({profile.cite('count_bank')})")
    if method is Method.PLAYER_ACTIVATED and not profile.player_activated_shaker:
        raise TrainerError(f"profile {profile.name} has no player-activated shaker")


def shaken_by(method: Method, bank_round: bool) -> str:
    """Who makes the number: the RNG, the bank in its round (621a.9(i)), a player, or the dealer."""
    if method is Method.RNG:
        return "rng"
    return "bank" if bank_round else "player" if method is Method.PLAYER_ACTIVATED else "dealer"


def possible_faults(method: Method, bank_round: bool) -> tuple[NoRoll, ...]:
    """The no rolls that can happen: none with the RNG; a die out only from a manual shaker."""
    if method is Method.RNG:
        return ()
    if method is Method.PLAYER_ACTIVATED:
        return (NoRoll.NOT_FLAT,)
    return (NoRoll.NOT_FLAT, NoRoll.FELL_OUT) + ((NoRoll.LID_LIFTED,) if bank_round else ())


def roll(rng: random.Random, method: Method = Method.MANUAL, *, profile: Profile, bank_round: bool = False,
         colours: tuple[Colour, ...] = PLAIN, no_roll_rate: float = 0.0) -> Roll:
    """Make the number with ``rng``; each shake is a no roll with probability ``no_roll_rate``.

    With a rate of 0 the RNG is asked for exactly three dice, so a seed replays the same roll.
    """
    check_method(method, profile, bank_round)
    if not 0 <= no_roll_rate < 1:
        raise TrainerError(f"the no-roll rate must be at least 0 and below 1, not {no_roll_rate}")
    faults, no_rolls = possible_faults(method, bank_round), []
    while True:
        dice = tuple(rng.randint(1, 6) for _ in range(DICE))
        if faults and no_roll_rate and rng.random() < no_roll_rate:
            no_rolls.append(Attempt(dice, rng.choice(faults)))
            continue
        shown = () if method is Method.RNG else dice
        return Roll(sum(dice), shown, colours, method, shaken_by(method, bank_round), tuple(no_rolls))


def fault_citation(profile: Profile, fault: NoRoll) -> str:
    """The section that calls this no roll: 621a.10(a), 621a.10(b), or 621a.9(i) for the lid."""
    if fault is NoRoll.LID_LIFTED:
        return profile.cite("lid_lifted")
    return subsection(profile, "no_roll", "a" if fault is NoRoll.NOT_FLAT else "b")
