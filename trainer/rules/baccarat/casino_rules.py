"""A casino's Rules Submission for a Baccarat table: the choices 631a leaves it (spec B10-B18).

The decks in the shoe (631a.3(a)), the Tie's odds (631a.13(b)), the vigorish rounded or not and taken at
payout or marked with a button (631a.13(c),(d)), the Dragon Bonus paytable or none (631a.13(e)), the House
Money Wager (631a.8(a)(7)) and the squeeze (631a.9(d)). A file may give only some; the rest are the
profile's defaults (``pa-631a``, or ``pa-631a-ez`` for an EZ Baccarat table).

>>> from trainer.rules.casino import parse_casino
>>> t = parse_casino("t.toml", b'[casino]\\nname = "Harbor"\\njurisdiction = "pa-631a"\\n[choices]\\ndecks = 6\\nsqueeze = true\\n')
>>> t.profile.decks, t.profile.squeeze, t.profile.tie_pays
(6, True, 8)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from trainer.rules.baccarat.profiles import (DECK_OPTIONS, DRAGON_PAYTABLES, PROFILES, VIG_COLLECTIONS,
                                             BaccaratProfile, profile_named)
from trainer.rules.casino import Choice, FileReader, apply_choices, one_of
from trainer.rules.errors import TrainerError
from trainer.rules.money import ROUNDINGS

#: The profiles a Baccarat Rules Submission may amend.
PROFILE_NAMES = tuple(PROFILES.items)


def _tie_pays(p: BaccaratProfile, v: Any) -> BaccaratProfile:
    if type(v) is not int:
        raise TrainerError(f"the Tie's odds are a whole number (to 1), not {v!r}")
    return p.with_options(tie_pays=v)


def _decks(p: BaccaratProfile, v: Any) -> BaccaratProfile:
    try:
        return replace(p, decks=one_of("number of decks", v, DECK_OPTIONS))
    except TrainerError as exc:
        raise TrainerError(f"{exc}; a shoe holds six to eight decks ({p.cite('decks')})") from None


def _dragon_bonus(p: BaccaratProfile, v: Any) -> BaccaratProfile:
    return replace(p, dragon_bonus=None if v is False else one_of("Dragon Bonus paytable", v, tuple(DRAGON_PAYTABLES)))


def _flag(field: str) -> Any:
    return lambda p, v: replace(p, **{field: one_of("choice", v, (False, True))})


#: The ``[choices]`` a Baccarat Rules Submission may make (docs/casino-rules.md).
CHOICES = {c.key: c for c in (
    Choice("decks", "decks in the shoe, 6, 7 or 8 (631a.3(a))", _decks),
    Choice("tie_pays", "the Tie's odds to 1, at least 8", _tie_pays),
    Choice("vigorish_rounding", "exact or quarter",
           lambda p, v: replace(p, vig_rounding=one_of("vigorish rounding", v, ROUNDINGS))),
    Choice("vigorish_collection", "at-payout or deferred (a marker button)",
           lambda p, v: replace(p, vig_collection=one_of("vigorish collection", v, VIG_COLLECTIONS))),
    Choice("dragon_bonus", "the Dragon Bonus paytable A, B or C, or false", _dragon_bonus),
    Choice("house_money", "whether the House Money Wager is offered", _flag("house_money")),
    Choice("squeeze", "whether the squeeze is offered", _flag("squeeze")),
)}


@dataclass(frozen=True, eq=False)
class BaccaratCasino:
    """A casino's Rules Submission for Baccarat: its name and the amended profile."""

    casino: str
    digest: str
    profile: BaccaratProfile

    def summary(self) -> dict[str, Any]:
        """The table the file makes, choice by choice, with the section each follows (``casino-rules check``)."""
        p = self.profile
        rounding = {"exact": "exact", "quarter": "rounded up to the next 25¢"}[p.vig_rounding]
        table = [("Decks in the shoe", str(p.decks), p.cite("decks")),
                 ("The Tie pays", f"{p.tie_pays} to 1", p.cite("tie_pays")),
                 ("Vigorish", "none (EZ Baccarat)" if p.ez else f"5%, {rounding}, "
                  + ("collected at payout" if p.vig_collection == "at-payout" else "marked with a marker button"),
                  p.cite("vigorish")),
                 ("Dragon Bonus", f"paytable {p.dragon_bonus}" if p.dragon_bonus else "not offered",
                  p.cite("dragon_bonus_pays")),
                 ("House Money Wager", "offered" if p.house_money else "not offered", p.cite("house_money_pays")),
                 ("Squeeze", "offered" if p.squeeze else "not offered", p.cite("squeeze"))]
        return {"casino": self.casino, "profile": p.name,
                "table": [{"choice": c, "value": v, "citation": cite} for c, v, cite in table]}


def build(reader: FileReader, digest: str, name: str, jurisdiction: str) -> BaccaratCasino:
    """The Baccarat Rules Submission in ``reader`` (its [casino] table already read); no house way."""
    reader.table((), reader.data, ("casino", "choices"), ("casino",))
    return BaccaratCasino(name, digest, replace(apply_choices(reader, profile_named(jurisdiction), CHOICES),
                                                casino_sha256=digest))
