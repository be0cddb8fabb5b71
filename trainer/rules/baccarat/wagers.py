"""Every Baccarat wager's result and payout (631a.8, 631a.13), for a finished round (a :class:`Coup`).

A :class:`Coup` is the two final hands. ``result(wager, coup, profile)`` gives the outcome, the
odds paid (to 1) and the section; ``payout`` turns it into cents with the vigorish.

>>> from trainer.rules.baccarat.cards import parse_hand
>>> from trainer.rules.baccarat.profiles import profile_named
>>> coup = Coup(parse_hand("T 5"), parse_hand("4 3"))              # Player 5, Banker 7
>>> coup.winner, result("banker", coup, profile_named("pa-631a"))
('banker', Result(outcome=<Outcome.WIN: 'win'>, odds=1, citation='631a.8(a)(1)(i), 631a.13(c)'))
>>> d7 = Coup(parse_hand("T 5"), parse_hand("4 Q 3"))              # a Dragon 7 (631a.1)
>>> d7.dragon_7, result("banker", d7, profile_named("pa-631a-ez")).outcome.value
(True, 'push')
>>> payout(1000, result("banker", coup, profile_named("pa-631a")), profile_named("pa-631a"))
Payout(net=950, paid=1000, vig=50)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property
from typing import Callable

from trainer.rules.baccarat.cards import Card, points
from trainer.rules.baccarat.draw import is_natural
from trainer.rules.baccarat.profiles import DRAGON_PAYTABLES, BaccaratProfile
from trainer.rules.errors import UnknownNameError
from trainer.rules.money import vigorish


class Outcome(enum.StrEnum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


@dataclass(frozen=True)
class Coup:
    """The finished Player's and Banker's Hands (first two cards first, then any third card)."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]

    @cached_property
    def player_points(self) -> int:
        return points(self.player)

    @cached_property
    def banker_points(self) -> int:
        return points(self.banker)

    @property
    def winner(self) -> str:
        """``player``, ``banker`` or ``tie`` by the final Point Counts (631a.8(a), 631a.12(a))."""
        p, b = self.player_points, self.banker_points
        return "tie" if p == b else "player" if p > b else "banker"

    def natural(self, hand: str) -> int | None:
        """The hand's Natural (8 or 9 on its first two cards, 631a.1), else None."""
        count = points(getattr(self, hand)[:2])
        return count if is_natural(count) else None

    @property
    def dragon_7(self) -> bool:
        """A three-card Banker's 7 against a Player's Hand under 7 (631a.1)."""
        return len(self.banker) == 3 and self.banker_points == 7 and self.player_points < 7

    @property
    def panda_8(self) -> bool:
        """A three-card Player's 8 against a Banker's Hand under 8 (631a.1)."""
        return len(self.player) == 3 and self.player_points == 8 and self.banker_points < 8

    @property
    def pairs(self) -> tuple[bool, bool]:
        """Whether the first two cards of the Player's and of the Banker's Hand are of the same rank
        (631a.8(a)(7)(i): two queens, regardless of suit)."""
        return self.player[0].rank == self.player[1].rank, self.banker[0].rank == self.banker[1].rank


@dataclass(frozen=True, slots=True)
class Result:
    """A wager's outcome, the odds to 1 a win pays, and the section deciding it."""

    outcome: Outcome
    odds: int
    citation: str


def _banker(coup: Coup, p: BaccaratProfile) -> Result:
    if p.ez and coup.dragon_7:
        return Result(Outcome.PUSH, 0, "631a.8(a)(1)(iii)")
    w = coup.winner
    if w == "tie":
        return Result(Outcome.PUSH, 0, "631a.8(a)(1)(iii)")
    return (Result(Outcome.WIN, 1, "631a.8(a)(1)(i), 631a.13(c)") if w == "banker"
            else Result(Outcome.LOSE, 0, "631a.8(a)(1)(ii)"))


def _player(coup: Coup, p: BaccaratProfile) -> Result:
    w = coup.winner
    if w == "tie":
        return Result(Outcome.PUSH, 0, "631a.8(a)(2)(iii)")
    return (Result(Outcome.WIN, 1, "631a.8(a)(2)(i), 631a.13(a)") if w == "player"
            else Result(Outcome.LOSE, 0, "631a.8(a)(2)(ii)"))


def _tie(coup: Coup, p: BaccaratProfile) -> Result:
    if coup.winner == "tie":
        return Result(Outcome.WIN, p.tie_pays, "631a.8(a)(3)(i), 631a.13(b)")
    return Result(Outcome.LOSE, 0, "631a.8(a)(3)(ii)")


def dragon_bonus(hand: str, coup: Coup, paytable: str) -> Result:
    """The Dragon Bonus Wager on ``hand`` (631a.8(a)(4)) paid by ``paytable`` (631a.13(e)).

    >>> from trainer.rules.baccarat.cards import parse_hand
    >>> dragon_bonus("player", Coup(parse_hand("9 T"), parse_hand("4 4")), "A")   # Natural 9 v Natural 8
    Result(outcome=<Outcome.WIN: 'win'>, odds=1, citation='631a.8(a)(4)(i)(B), 631a.13(e)')
    >>> dragon_bonus("banker", Coup(parse_hand("T 2 K"), parse_hand("3 4 2")), "B").odds  # by 7, 3 cards
    7
    """
    other = "banker" if hand == "player" else "player"
    table = DRAGON_PAYTABLES[paytable]
    mine, theirs = coup.natural(hand), coup.natural(other)
    if mine is not None:
        if theirs is None:
            return Result(Outcome.WIN, table["natural"], "631a.8(a)(4)(i)(A), 631a.13(e)")
        if mine > theirs:
            return Result(Outcome.WIN, table["natural"], "631a.8(a)(4)(i)(B), 631a.13(e)")
        if mine < theirs:
            return Result(Outcome.LOSE, 0, "631a.8(a)(4)(ii)(A)")
        return Result(Outcome.PUSH, 0, "631a.8(a)(4)(iii)")
    margin = (coup.player_points - coup.banker_points) * (1 if hand == "player" else -1)
    if margin >= 4:
        return Result(Outcome.WIN, table[str(margin)], "631a.8(a)(4)(i)(C), 631a.13(e)")
    return Result(Outcome.LOSE, 0, "631a.8(a)(4)(ii)(B)" if margin <= 0 else "631a.8(a)(4)(ii)(C)")


def _dragon_7(coup: Coup, p: BaccaratProfile) -> Result:
    return (Result(Outcome.WIN, 40, "631a.8(a)(5)(i), 631a.13(f)") if coup.dragon_7
            else Result(Outcome.LOSE, 0, "631a.8(a)(5)(ii)"))


def _panda_8(coup: Coup, p: BaccaratProfile) -> Result:
    return (Result(Outcome.WIN, 25, "631a.8(a)(6)(i), 631a.13(g)") if coup.panda_8
            else Result(Outcome.LOSE, 0, "631a.8(a)(6)(ii)"))


def house_money(coup: Coup, p: BaccaratProfile | None = None) -> Result:
    """The House Money Wager on the first four cards (631a.8(a)(7)): both hands paired pays 15 to 1,
    one 3 to 1 (631a.13(h)); settled before any third card (631a.9(e))."""
    both = sum(coup.pairs)
    if not both:
        return Result(Outcome.LOSE, 0, "631a.8(a)(7)(ii)")
    return Result(Outcome.WIN, 15 if both == 2 else 3, "631a.8(a)(7)(i), 631a.13(h)")


#: Every wager by name (the CLI's and the analysis' names), with the rule settling it.
WAGERS: dict[str, Callable[[Coup, BaccaratProfile], Result]] = {
    "banker": _banker, "player": _player, "tie": _tie,
    "dragon-bonus-player": lambda c, p: dragon_bonus("player", c, p.dragon_bonus or "A"),
    "dragon-bonus-banker": lambda c, p: dragon_bonus("banker", c, p.dragon_bonus or "A"),
    "dragon-7": _dragon_7, "panda-8": _panda_8, "house-money": house_money,
}

#: The wagers' names in the regulation's words.
WAGER_TITLES = {
    "banker": "wager on the Banker's Hand", "player": "wager on the Player's Hand", "tie": "Tie Wager",
    "dragon-bonus-player": "Dragon Bonus Wager on the Player's Hand",
    "dragon-bonus-banker": "Dragon Bonus Wager on the Banker's Hand",
    "dragon-7": "Dragon 7 Insurance Wager", "panda-8": "Panda 8 Insurance Wager", "house-money": "House Money Wager",
}


def wager_named_in(why: str) -> str | None:
    """The wager a chip movement's words name: the longest title found, so "Dragon Bonus Wager on the
    Banker's Hand" is not read as the wager on the Banker's Hand.

    >>> wager_named_in("winning Dragon Bonus Wager on the Banker's Hand paid 1 to 1")
    'dragon-bonus-banker'
    """
    found = [w for w, title in WAGER_TITLES.items() if title in why]
    return max(found, key=lambda w: len(WAGER_TITLES[w]), default=None)


def result(wager: str, coup: Coup, profile: BaccaratProfile) -> Result:
    """The outcome of ``wager`` on ``coup`` under ``profile``'s options."""
    try:
        rule = WAGERS[wager]
    except KeyError:
        raise UnknownNameError("wager", wager, tuple(WAGERS)) from None
    return rule(coup, profile)


@dataclass(frozen=True, slots=True)
class Payout:
    """A wager's settlement in cents: the player's net change, the winnings paid and the vigorish."""

    net: int
    paid: int
    vig: int


def payout(cents: int, res: Result, profile: BaccaratProfile, wager: str = "banker") -> Payout:
    """Settle ``cents`` by ``res``: a win is paid at its odds, and a winning Banker wager pays 5%
    vigorish unless the table is EZ (631a.13(c)); a push returns the wager; a loss is collected.
    ``vig`` is the vigorish owed, collected at payout or marked (631a.13(d))."""
    if res.outcome is Outcome.LOSE:
        return Payout(-cents, 0, 0)
    if res.outcome is Outcome.PUSH:
        return Payout(0, 0, 0)
    paid = cents * res.odds
    vig = vigorish(paid, profile.vig_rounding) if wager == "banker" and not profile.ez else 0
    return Payout(paid - vig, paid, vig)
