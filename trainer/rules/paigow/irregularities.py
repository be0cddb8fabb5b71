"""Irregularities a round can be given on purpose, each with the section that says how to remedy it.

Named by slug (``paigow-trainer round --irregularity NAME``); the round engine (``round.py``) plays
the remedy as steps. Sections are cited from the profile (621a.4(e), 621a.10(a)-(f); md 4.F, 10.A-F;
nj 10.4(e), 10.9(a)-(f)); md 10.F resets a dealer's or a bank's hand (the spec's JI7 says md has no such rule; its text has).

>>> [str(i) for i in Irregularity][:3]
['no-roll', 'wrong-count', 'player-tile-exposed']
>>> from trainer.rules.paigow.profiles import profile_named
>>> citation(Irregularity.DEALER_TILE_EXPOSED, profile_named("pa-2019"))
'621a.10(e)'
>>> citation(Irregularity.HOUSE_WAY_VIOLATION, profile_named("md"))
'MD 10.F'
"""

from __future__ import annotations

import enum

from trainer.rules.paigow.dice import subsection
from trainer.rules.errors import UnknownNameError
from trainer.rules.paigow.profiles import Profile


class Irregularity(enum.StrEnum):
    """An irregularity the engine can inject into a round (621a.4(e), 621a.10)."""

    NO_ROLL = "no-roll"
    WRONG_COUNT = "wrong-count"
    PLAYER_TILE_EXPOSED = "player-tile-exposed"
    DEALER_TILE_EXPOSED = "dealer-tile-exposed"
    HOUSE_WAY_VIOLATION = "house-way-violation"
    TILE_EXPOSED_STACKING = "tile-exposed-while-stacking"

    @property
    def remedy(self) -> str:
        """The remedy in plain words (a dice-wager clause only under a profile with dice wagers:
        :func:`remedy`)."""
        return _REMEDIES[self].format(dice="")


#: Each remedy as the dealer performs it, never the situation that calls for it (the question shows
#: that, and a choice restating it would give the answer away). ``{dice}``: the dice wagers' clause,
#: only where the profile's text has dice wagers (621a.6(b), JQ15).
_REMEDIES = {
    Irregularity.NO_ROLL: "call \"no roll\" and reshake the dice",
    Irregularity.WRONG_COUNT: "void all hands, return all wagers{dice} and reshuffle the tiles",
    Irregularity.PLAYER_TILE_EXPOSED: "the player may void his hand, deciding without looking at his other "
                                      "tiles; voided, his wagers are returned",
    Irregularity.DEALER_TILE_EXPOSED: "void all hands, return all wagers{dice} and reshuffle the tiles",
    Irregularity.HOUSE_WAY_VIOLATION: "reset the hands by the house way and complete the round",
    Irregularity.TILE_EXPOSED_STACKING: "remix the whole set of tiles",
}

#: The bank lifting the lid is no "no roll" of 621a.10(a),(b): 621a.9(i) (md 9.J(5), nj 10.8(i), spec JI3)
#: has the shaker covered and reshaken by the bank itself.
LID_LIFTED_REMEDY = "the bank covers the shaker and reshakes it"

_DICE_CLAUSE = " (dice wagers already settled on valid dice stand)"


def remedy(irregularity: Irregularity, profile: Profile) -> str:
    """The remedy of ``irregularity`` in plain words, under ``profile`` (no dice wagers where its text has none).

    >>> from trainer.rules.paigow.profiles import profile_named
    >>> remedy(Irregularity.WRONG_COUNT, profile_named("md"))
    'void all hands, return all wagers and reshuffle the tiles'
    """
    return _REMEDIES[irregularity].format(dice=_DICE_CLAUSE if profile.has("dice_settle") else "")


def remedies(profile: Profile) -> tuple[str, ...]:
    """Every remedy in plain words, the lid's included, each once: the choices of a remedy question
    (621a.10(c) and (e) remedy alike, so their words are one choice)."""
    return tuple(dict.fromkeys(remedy(i, profile) for i in Irregularity)) + (LID_LIFTED_REMEDY,)


#: (rule key, subsection letter or None) of each irregularity's section in the profile's text.
_SECTIONS = {
    Irregularity.NO_ROLL: ("no_roll", None),
    Irregularity.WRONG_COUNT: ("wrong_count", None),
    Irregularity.PLAYER_TILE_EXPOSED: ("wrong_count", "d"),
    Irregularity.DEALER_TILE_EXPOSED: ("wrong_count", "e"),
    Irregularity.HOUSE_WAY_VIOLATION: ("house_way_reset", None),
    Irregularity.TILE_EXPOSED_STACKING: ("tile_exposed_stacking", None),
}


def irregularity_named(name: str) -> Irregularity:
    """Look an irregularity up by slug; an unknown name lists the valid ones."""
    try:
        return Irregularity(name)
    except ValueError:
        raise UnknownNameError("irregularity", name, [i.value for i in Irregularity]) from None


def citation(irregularity: Irregularity, profile: Profile) -> str:
    """The section of ``profile``'s text that remedies ``irregularity``."""
    rule, letter = _SECTIONS[irregularity]
    return subsection(profile, rule, letter) if letter else profile.cite(rule)
