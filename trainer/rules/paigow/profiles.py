"""Jurisdiction profiles: the four Pai Gow rule sets as data (spec jurisdictions.md).

A profile says which side wagers and paytables exist, how the vigorish may be rounded, whether a
player may bank or co-bank, which delivery styles are offered, and where each rule is written in
that jurisdiction's text, so every explanation can cite the right section. Nothing in the rules
engine or the UI branches on a profile name: they read these fields.

>>> p = profile_named("nj")
>>> p.zero_zero_to_banker, p.cite("vigorish"), p.side_wagers
(False, 'N.J.A.C. 19:47-10.7(k)', ())
>>> p.cite("wagers"), p.style_names["jung-quat"], p.bank_rotation_returns_to_dealer
('N.J.A.C. 19:47-10.5', 'Jung quat (take the heart)', True)
>>> profile_named("pa-2019").cite("house_way")
'621a.8(d)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from trainer.rules.chips import QUARTER_CHIPS
from trainer.rules.profiles import Registry, RuleBook

#: Slugs of the ten delivery styles (spec D6), the default first.
ALL_STYLES = (
    "house-way-right", "house-way-left", "cup-say-right", "cup-say-left", "jung-quat", "chee-yee",
    "pin-say-right", "pin-say-left", "dragon-phoenix-right", "dragon-phoenix-left",
)

# Sections of each text, by rule key (jurisdictions.md §2). PA 2019 is the primary text.
_PA_2019 = {
    "ranking": "621a.3", "tile_rank": "621a.3(h)", "pairs": "621a.3(c)", "copy": "621a.3(d)", "value": "621a.3(e)",
    "gee_joon": "621a.3(f)", "equal_value": "621a.3(g)", "zero_zero": "621a.3(g)", "top_tile_copy": "621a.3(i)",
    "house_way": "621a.8(d)", "dealer_hands": "621a.8(c)", "surrender": "621a.8(e)",
    "expose_order": "621a.8(f)", "lose": "621a.8(g)", "push": "621a.8(h)", "win": "621a.8(i)",
    "vigorish": "621a.11(a)", "pair_fortunes": "621a.11(b)", "pair_fortunes_settle": "621a.8(j)",
    "sum": "621a.11(c)", "match": "621a.11(d)", "beat_it": "621a.11(e)", "dice_settle": "621a.6(b)",
    "count": "621a.6(c)", "count_bank": "621a.9(j)", "lid_lifted": "621a.9(i)", "deal": "621a.6(d)",
    "dead_hand": "621a.6(e)",
    "styles": "621a.7", "bank": "621a.9(c)", "bank_eligible": "621a.9(d)", "co_bank": "621a.9(e)",
    "cut": "621a.9(g)", "dealer_wager": "621a.9(h)", "dealer_vs_bank": "621a.9(n)",
    "bank_settle": "621a.9(o)", "dealer_win_returned": "621a.9(p)", "bank_vig": "621a.9(q)",
    "co_bank_settle": "621a.9(r)", "no_roll": "621a.10(a)", "wrong_count": "621a.10(c)",
    "mix": "621a.4(d)", "tile_exposed_stacking": "621a.4(e)", "house_way_reset": "621a.10(f)",
    "wagers": "621a.5", "collect_tiles": "621a.8(k),(l)",
}
_PA_2012 = {**{k: v for k, v in _PA_2019.items() if k not in ("pair_fortunes", "pair_fortunes_settle",
                                                                 "sum", "match", "beat_it", "dice_settle")},
            "vigorish": "621a.8(k)", "collect_tiles": "621a.8(j),(l)"}
_MD = {
    "ranking": "3", "tile_rank": "3.I", "pairs": "3.B", "copy": "3.C", "value": "3.D", "gee_joon": "3.E-G",
    "equal_value": "3.H(1)", "zero_zero": "3.H(2)", "top_tile_copy": "3.J", "house_way": "8.D",
    "dealer_hands": "8.C", "surrender": "8.E", "expose_order": "8.F", "lose": "8.G", "push": "8.H",
    "win": "8.I", "vigorish": "8.K", "pair_fortunes": "8.L", "pair_fortunes_settle": "8.L",
    "count": "6.B", "count_bank": "9.K", "lid_lifted": "9.J(5)", "deal": "6.C", "dead_hand": "6.D", "styles": "7.B",
    "bank": "9.C", "bank_eligible": "9.D", "co_bank": "9.E", "cut": "9.G", "dealer_wager": "9.H",
    "dealer_vs_bank": "9.O", "bank_settle": "9.P", "dealer_win_returned": "9.Q", "bank_vig": "9.R",
    "co_bank_settle": "9.S", "no_roll": "10.A", "wrong_count": "10.C", "mix": "4.E",
    "tile_exposed_stacking": "4.F", "wagers": "5", "collect_tiles": "8.J, 8.M",
    # MD 10.F: "If the dealer or a bank does not set its hands in the manner specified …, the hands
    # shall be reset" (the spec's JI7 and JQ8 say md has no such rule; the text has it).
    "house_way_reset": "10.F",
}
_NJ = {
    "ranking": "10.2", "tile_rank": "10.2(g)", "pairs": "10.2(b)", "copy": "10.2(c)", "value": "10.2(d)", "gee_joon": "10.2(e)",
    "equal_value": "10.2(f)", "zero_zero": "10.2(f)", "top_tile_copy": "10.2(h)", "house_way": "10.7(d)",
    "dealer_hands": "10.7(c)", "surrender": "10.7(f)", "expose_order": "10.7(g)", "lose": "10.7(h)",
    "push": "10.7(i)", "win": "10.7(j)", "vigorish": "10.7(k)", "count": "10.6(c)", "count_bank": "10.8(j)", "lid_lifted": "10.8(i)",
    "deal": "10.6(d)", "dead_hand": "10.6(e)", "styles": "10.8(k)", "bank": "10.8(c)",
    "bank_eligible": "10.8(d)", "co_bank": "10.8(e)", "cut": "10.8(g)", "dealer_wager": "10.8(h)",
    "dealer_vs_bank": "10.8(n)", "bank_settle": "10.8(o)", "dealer_win_returned": "10.8(q)",
    "bank_vig": "10.8(r)", "co_bank_settle": "10.8(p)", "no_roll": "10.9(a)", "wrong_count": "10.9(c)",
    "mix": "10.4(d)", "tile_exposed_stacking": "10.4(e)", "house_way_reset": "10.9(f)", "wagers": "10.5",
    "collect_tiles": "10.7(k),(l)",
}

#: The styles' names in pa's words (621a.7(1)-(9); the default takes nj's name, spec D4.1).
_PA_STYLE_NAMES = dict(zip(ALL_STYLES, (
    "House Way From the Right", "House Way From the Left", "Cup Say (pick four) From the Right",
    "Cup Say (pick four) From the Left", "Jung Quat (take the heart)", "Chee Yee (chop the ears)",
    "Pin Say (slice four) From the Right", "Pin Say (slice four) From the Left",
    "Dragon Head and Phoenix Tail From the Right", "Dragon Head and Phoenix Tail From the Left")))
#: md drops the glosses (md 7.B(1)-(9)), nj writes sentence case (nj 10.8(k)1-10); spec JV3.
_MD_STYLE_NAMES = {style: re.sub(r" \(.*?\)", "", name) for style, name in _PA_STYLE_NAMES.items()}
_NJ_STYLE_NAMES = {style: name[0] + name[1:].lower() for style, name in _PA_STYLE_NAMES.items()}


@dataclass(frozen=True)
class Profile(RuleBook):
    """One jurisdiction's rule set (jurisdictions.md §1-2): a rule book (name, title, text, sections)
    and its options."""

    zero_zero_to_banker: bool
    side_wagers: tuple[str, ...]
    #: Paytable names offered for each side wager; the first is the default (JG9, JP1-JP4).
    paytables: dict[str, tuple[str, ...]] = field(default_factory=dict)
    vig_roundings: tuple[str, ...] = ("exact", "quarter")
    player_bank: bool = True
    co_bank: bool = True
    rng_allowed: bool = True
    player_activated_shaker: bool = False
    styles: tuple[str, ...] = ALL_STYLES
    #: Each style's name as the text writes it (JV3).
    style_names: dict[str, str] = field(default_factory=lambda: dict(_PA_STYLE_NAMES))
    #: The styles the styles section numbers, from 1: pa and md the nine alternatives (the default is
    #: dealt by the deal section, 621a.6(d)), nj all ten (10.8(k)1-10).
    numbered_styles: tuple[str, ...] = ALL_STYLES[1:]
    #: How an item's number follows its section (a style, a house-way step): pa ``621a.7(4)``, nj ``10.8(k)5``.
    style_number: str = "({n})"
    #: When a style's indication (pushing stacks forward) is part of the deal (spec D4.3).
    indication: str = "alternative-styles"
    #: Who may pick a style other than the default (JV5).
    style_chooser: str = "dealer or bank"
    dealer_hand_placement: str = ("high hand face up in a vertical position, low hand face up "
                                  "perpendicular to it")
    #: nj exposes every hand and collects losers before paying winners (nj 10.7(g)-(j), JS3).
    pay_winners_after_all_exposed: bool = False
    #: Whether the dealer resets a bank's hand not set by the house way (JQ8, JI7).
    bank_bound_by_house_way: bool = True
    #: nj: "The initial offer to be the bank shall rotate counterclockwise around the table until it
    #: returns to the dealer" (10.8(c), JQ19); elsewhere it goes round the seats only.
    bank_rotation_returns_to_dealer: bool = False
    default_house_way: str = "regulatory"
    #: The table's chip denominations in cents, 25¢ for the vigorish (``trainer.rules.chips``).
    chips: tuple[int, ...] = QUARTER_CHIPS
    #: The SHA-256 of the casino's Rules Submission that amends this profile ("" none): a question made
    #: under it carries it, to be made again on the same rules (``trainer.rules.casino.casino_by_digest``).
    casino_sha256: str = ""


    def cite_item(self, rule: str, n: int) -> str:
        """Item ``n`` of ``rule``'s section, numbered as this text numbers items (``style_number``).

        >>> [profile_named(p).cite_item("house_way", 2) for p in ("pa-2019", "md", "nj")]
        ['621a.8(d)(2)', 'MD 8.D(2)', 'N.J.A.C. 19:47-10.7(d)2']
        """
        return self.cite(rule) + self.style_number.format(n=n)


REGISTRY: Registry[Profile] = Registry("profile", (
    Profile("pa-2019", "Pennsylvania, 58 Pa. Code ch. 621a (2019)", "pa-58-621a-pai-gow-2019.md", "",
            _PA_2019, True, ("pair-fortunes", "sum", "match", "beat-it"),
            paytables={"pair-fortunes": ("pa",), "sum": ("A", "B", "C", "D"), "match": ("pa",),
                       "beat-it": ("A", "B", "C")},
            player_activated_shaker=True),
    Profile("pa-2012", "Pennsylvania, 58 Pa. Code ch. 621a (2012 original)",
            "pa-bulletin-2012-621a-pai-gow-original.md", "", _PA_2012, True, ()),
    Profile("md", "Maryland, Standard Rules - Pai Gow Tiles", "md-pai-gow-tiles-standard-rules.md", "MD ",
            _MD, True, ("pair-fortunes",), paytables={"pair-fortunes": ("A", "B", "C", "D")},
            style_names=_MD_STYLE_NAMES),
    Profile("nj", "New Jersey, N.J.A.C. 19:47-10", "nj-19-47-10-pai-gow.md", "N.J.A.C. 19:47-", _NJ, False, (),
            rng_allowed=False, indication="bank-rounds", style_chooser="bank", style_names=_NJ_STYLE_NAMES,
            numbered_styles=ALL_STYLES, style_number="{n}",
            dealer_hand_placement="high hand face up to the dealer's right, low hand face up to the left",
            bank_bound_by_house_way=False, pay_winners_after_all_exposed=True, bank_rotation_returns_to_dealer=True),
), "pa-2019")
PROFILES: dict[str, Profile] = REGISTRY.items
DEFAULT_PROFILE = REGISTRY.default


def profile_named(name: str) -> Profile:
    """Look a profile up; an unknown name is an error listing the valid ones."""
    return REGISTRY.named(name)
