"""Baccarat table options as data: what a certificate holder's Rules Submission chooses (631a).

A profile is a :class:`~trainer.rules.profiles.RuleBook` (every rule's section in 631a) plus the
options the text leaves to the Rules Submission; each option and its default is a decided reading
of ``docs/baccarat.md`` (spec B10-B19). Nothing branches on a profile's name: code reads fields.

>>> p = profile_named("pa-631a")
>>> p.decks, p.tie_pays, p.vig_rounding, p.vig_collection, p.ez, p.dragon_bonus, p.cite("burn")
(8, 8, 'exact', 'at-payout', False, 'A', '631a.5(f)')
>>> p.with_options(decks=7, ez=True).decks, profile_named("pa-631a-ez").offers("dragon-7")
(7, True)
>>> p.with_options(decks=9)
Traceback (most recent call last):
...
trainer.rules.errors.TrainerError: 631a.3(a): a shoe holds six to eight decks (6, 7 or 8), not 9
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from trainer.rules.chips import DOLLAR_CHIPS, QUARTER_CHIPS
from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.money import ROUNDINGS
from trainer.rules.profiles import Registry, RuleBook

#: Sections of 58 Pa. Code ch. 631a, by rule key.
SECTIONS_631A = {
    "table": "631a.2(a)", "vig_boxes": "631a.2(b)(8)", "marker_buttons": "631a.2(c)",
    "discard_bucket": "631a.2(e)", "value_chips": "631a.8(b)", "decks": "631a.3(a)", "new_decks": "631a.3(b)",
    "inspect": "631a.4(a)", "spread": "631a.4(b)", "wash": "631a.4(c)", "preinspected": "631a.4(d)", "shuffle": "631a.5(a)",
    "cut_offer": "631a.5(b)", "cut": "631a.5(c)", "second_cover": "631a.5(d)", "recut": "631a.5(e)",
    "burn": "631a.5(f)", "value": "631a.6(a)", "point_count": "631a.6(b)", "shoe": "631a.7(a)",
    "shoe_offer": "631a.7(b)", "curator": "631a.7(c)", "dealer_curator": "631a.7(d)",
    "ez": "631a.1", "dragon_7_def": "631a.1", "panda_8_def": "631a.1", "natural_def": "631a.1",
    "banker": "631a.8(a)(1)", "player": "631a.8(a)(2)", "tie": "631a.8(a)(3)",
    "dragon_bonus": "631a.8(a)(4)", "dragon_7": "631a.8(a)(5)", "panda_8": "631a.8(a)(6)",
    "house_money": "631a.8(a)(7)", "no_more_bets": "631a.8(c)", "hands": "631a.9(a)",
    "cards_call": "631a.9(b)", "deal": "631a.9(c)", "squeeze": "631a.9(d)",
    "squeeze_banker_aside": "631a.9(d)(1)", "squeeze_player": "631a.9(d)(2)",
    "squeeze_banker": "631a.9(d)(3)", "squeeze_player_third": "631a.9(d)(4)",
    "squeeze_banker_third": "631a.9(d)(5)", "squeeze_tie": "631a.9(d)(6)", "squeeze_none": "631a.9(d)(7)", "squeeze_delay": "631a.9(f)",
    "house_money_settle": "631a.9(e)(1)", "house_money_add": "631a.9(e)(1)(i)",
    "house_money_resume": "631a.9(e)(2)", "announce": "631a.10(a)", "instruct": "631a.10(b)",
    "one_card": "631a.10(c)", "cover_card": "631a.10(d)", "natural": "631a.11(a)",
    "player_rule": "631a.11(b)", "banker_rule": "631a.11(c)", "table_1": "631a.11(c)(2)(iii), Table 1",
    "result": "631a.12(a)", "collect_pay": "631a.12(b)", "clear": "631a.12(c)",
    "banker_pays": "631a.13(c)", "player_pays": "631a.13(a)", "tie_pays": "631a.13(b)",
    "vigorish": "631a.13(c)", "vig_at_payout": "631a.13(d)(1)", "vig_deferred": "631a.13(d)(2)",
    "vig_owed": "631a.13(d)(2)(i)", "vig_marker": "631a.13(d)(2)(ii)",
    "dragon_bonus_pays": "631a.13(e)", "dragon_7_pays": "631a.13(f)", "panda_8_pays": "631a.13(g)",
    "house_money_pays": "631a.13(h)", "keep_shoe": "631a.14(a)", "pass_shoe": "631a.14(a)(1)",
    "order_pass": "631a.14(a)(2)", "new_curator": "631a.14(b)", "error_card": "631a.15(a)",
    "third_undisclosed": "631a.15(b)", "third_disclosed": "631a.15(c)",
    "third_disclosed_discard": "631a.15(c)(1)", "third_disclosed_simulated": "631a.15(c)(2)",
    "exposed_card": "631a.15(d)", "too_few": "631a.15(e)",
}

#: Dragon Bonus paytables of 631a.13(e): odds to 1 for a win by 9, 8, 7, 6, 5, 4 points and a
#: Natural winner (a Natural tie pushes).
DRAGON_PAYTABLES: dict[str, dict[str, int]] = {
    "A": {"9": 30, "8": 10, "7": 6, "6": 4, "5": 2, "4": 1, "natural": 1},
    "B": {"9": 20, "8": 8, "7": 7, "6": 4, "5": 3, "4": 1, "natural": 1},
    "C": {"9": 30, "8": 10, "7": 4, "6": 4, "5": 2, "4": 2, "natural": 1},
}

#: 631a.3(a): "six to eight decks" (spec B10).
DECK_OPTIONS = (6, 7, 8)
VIG_COLLECTIONS = ("at-payout", "deferred")
THIRD_CARD_REMEDIES = ("discard", "simulated")


@dataclass(frozen=True)
class BaccaratProfile(RuleBook):
    """One Baccarat table's rules: 631a's sections and the Rules Submission's options (spec B10-B19)."""

    #: Decks in the shoe, 6, 7 or 8 (631a.3(a), spec B10).
    decks: int = 8
    #: Numbered player positions, 10-14 (631a.2(a), spec B11).
    seats: int = 14
    #: A winning Tie Wager's odds to 1, at least 8 (631a.13(b), spec B12).
    tie_pays: int = 8
    #: ``exact`` 5% or ``quarter``: rounded up to 25¢ (631a.13(c), spec B13).
    vig_rounding: str = "exact"
    #: ``at-payout`` (631a.13(d)(1)) or ``deferred`` with a marker button (631a.13(d)(2)), spec B14.
    vig_collection: str = "at-payout"
    #: The table is designated for EZ Baccarat: no vigorish, Banker pushes on a Dragon 7, the
    #: Dragon 7 and Panda 8 Insurance Wagers (631a.1, 631a.8(a)(1),(5),(6), spec B15).
    ez: bool = False
    #: The Dragon Bonus paytable (A, B or C of 631a.13(e)); None: not offered (spec B16).
    dragon_bonus: str | None = "A"
    #: The House Money Wager is offered (631a.8(a)(7), spec B17).
    house_money: bool = True
    #: The squeeze of 631a.9(d) in lieu of 631a.9(c) (spec B18).
    squeeze: bool = False
    #: 631a.15(c): the remedy for a disclosed unauthorised Player's third card when the Banker stays.
    third_card_remedy: str = "discard"
    #: Range of playing cards the dealer leaves under the second cover card (631a.5(d): at least 14; spec B5).
    second_cover_depth: tuple[int, int] = (14, 20)
    #: The table's chip denominations in cents: 25¢ only where a vigorish is taken (``trainer.rules.chips``).
    chips: tuple[int, ...] = QUARTER_CHIPS
    #: The SHA-256 of the casino's Rules Submission that amends this profile ("" none): a question made
    #: under it carries it, to be made again on the same rules (``trainer.rules.casino.casino_by_digest``).
    casino_sha256: str = ""

    def __post_init__(self) -> None:
        if self.decks not in DECK_OPTIONS:
            raise TrainerError(f"{self.cite('decks')}: a shoe holds six to eight decks (6, 7 or 8), not {self.decks}")
        if not 10 <= self.seats <= 14:
            raise TrainerError(f"{self.cite('table')}: a table has 10 to 14 positions, not {self.seats}")
        if self.tie_pays < 8:
            raise TrainerError(f"{self.cite('tie_pays')}: a Tie pays at least 8 to 1, not {self.tie_pays} to 1")
        _check_choice("vig rounding", self.vig_rounding, ROUNDINGS)
        _check_choice("vig collection", self.vig_collection, VIG_COLLECTIONS)
        _check_choice("third-card remedy", self.third_card_remedy, THIRD_CARD_REMEDIES)
        if self.dragon_bonus is not None:
            _check_choice("Dragon Bonus paytable", self.dragon_bonus, tuple(DRAGON_PAYTABLES))

    def with_options(self, **options: Any) -> BaccaratProfile:
        """This profile with some options changed (checked like a new profile)."""
        return replace(self, **{k: v for k, v in options.items() if v is not None})

    def offers(self, wager: str) -> bool:
        """Whether this table takes ``wager`` (a name of ``wagers.WAGERS``)."""
        if wager.startswith("dragon-bonus"):
            return self.dragon_bonus is not None
        if wager in ("dragon-7", "panda-8"):
            return self.ez
        if wager == "house-money":
            return self.house_money
        return True

    @cached_property
    def citations(self) -> dict[str, str]:
        """Every rule's citation, computed once (the round engine's hot path)."""
        return {rule: self.cite(rule) for rule in self.sections}

    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(f"seat{i}" for i in range(1, self.seats + 1))


def _check_choice(kind: str, value: str, valid: tuple[str, ...]) -> None:
    if value not in valid:
        raise UnknownNameError(kind, value, valid)


_TITLE = "Pennsylvania, 58 Pa. Code ch. 631a"
_SOURCE = "pa-58-631a-baccarat.md"
PROFILES: Registry[BaccaratProfile] = Registry("Baccarat profile", (
    BaccaratProfile("pa-631a", f"{_TITLE} (Baccarat)", _SOURCE, "", SECTIONS_631A),
    BaccaratProfile("pa-631a-ez", f"{_TITLE} (EZ Baccarat table)", _SOURCE, "", SECTIONS_631A, ez=True,
                    chips=DOLLAR_CHIPS),
), "pa-631a")
DEFAULT_PROFILE = PROFILES.default


def profile_named(name: str | BaccaratProfile) -> BaccaratProfile:
    """Look a Baccarat profile up; an unknown name is an error listing the valid ones."""
    return PROFILES.named(name)
