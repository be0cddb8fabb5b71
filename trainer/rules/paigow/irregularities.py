"""Irregularities a round can be given on purpose, each with the section that says how to remedy it.

Named by slug (``paigow-trainer round --irregularity NAME``); the round engine (``round.py``) plays
the remedy as steps. Sections are cited from the profile (621a.4(e), 621a.10(a)-(f); md 4.F, 10.A-E;
nj 10.4(e), 10.9(a)-(f)); md has no 10.F, so its profile cites the house way for a house-way reset (8.D, JI7).

>>> [str(i) for i in Irregularity][:3]
['no-roll', 'wrong-count', 'player-tile-exposed']
>>> from trainer.rules.paigow.profiles import profile_named
>>> citation(Irregularity.DEALER_TILE_EXPOSED, profile_named("pa-2019"))
'621a.10(e)'
>>> citation(Irregularity.HOUSE_WAY_VIOLATION, profile_named("md"))
'MD 8.D'
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
        """The remedy in plain words."""
        return _REMEDIES[self]


_REMEDIES = {
    Irregularity.NO_ROLL: "a die not flat or out of the shaker: call \"no roll\" and reshake",
    Irregularity.WRONG_COUNT: "tiles dealt to the wrong positions: all hands void, all wagers returned "
                              "(dice wagers already settled stand, JQ15), tiles reshuffled",
    Irregularity.PLAYER_TILE_EXPOSED: "a player's tile exposed: the player may void his hand, without "
                                      "looking at his other tiles; voided, his wagers are returned",
    Irregularity.DEALER_TILE_EXPOSED: "a tile of the dealer, the bank, the Dead Hand or a position with no "
                                      "wager exposed: all hands void, all wagers returned, tiles reshuffled",
    Irregularity.HOUSE_WAY_VIOLATION: "hands set contrary to the house way: reset by the house way and the "
                                      "round completed",
    Irregularity.TILE_EXPOSED_STACKING: "a tile turned over while stacking: the whole set is remixed",
}

#: The bank lifting the lid is no "no roll" of 621a.10(a),(b): 621a.9(i) (md 9.J(5), nj 10.8(i), spec JI3)
#: has the shaker covered and reshaken by the bank itself.
LID_LIFTED_REMEDY = "the bank lifted the lid: the shaker is covered and reshaken by the bank"


def remedies() -> tuple[str, ...]:
    """Every remedy in plain words, the lid's included: the choices of a remedy question."""
    return tuple(i.remedy for i in Irregularity) + (LID_LIFTED_REMEDY,)


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
