"""Side wagers (621a.5(e), 621a.8(j), 621a.11(b)-(e); spec S4-S5, JP1-JP4), exhaustively."""

from collections import Counter
from itertools import product

import pytest

from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.paigow.profiles import profile_named
from trainer.rules.paigow.side_wagers import (PAYTABLES, house_edge, line_counts, pair_fortunes_line, paytable,
                                       paytables_for, settle_dice_wager, settle_pair_fortunes, winning_line)
from trainer.rules.paigow.tiles import parse_tiles

ALL_DICE = list(product(range(1, 7), repeat=3))


def test_pair_fortunes_counts_over_35960_hands_spec_s4():
    assert line_counts(paytable("pair-fortunes", "pa")) == {
        "gee-joon-heaven": 1, "two-pair": 119, "gee-joon-pair": 420, "mixed-pair": 1680,
        "identical-pair": 4620, None: 29120}


@pytest.mark.parametrize("wager, name, edge", [
    ("pair-fortunes", "pa", 5.30), ("pair-fortunes", "A", 5.30), ("pair-fortunes", "B", 13.61),
    ("pair-fortunes", "C", 13.13), ("pair-fortunes", "D", 14.43), ("sum", "A", 5.56), ("sum", "B", 4.63),
    ("sum", "C", 5.56), ("sum", "D", 5.56), ("match", "pa", 4.63), ("beat-it", "A", 7.41),
    ("beat-it", "B", 2.78), ("beat-it", "C", 2.78),
])
def test_house_edges_match_jurisdictions_md(wager, name, edge):
    assert round(float(house_edge(paytable(wager, name))) * 100, 2) == edge


@pytest.mark.parametrize("tiles, line", [
    ("1-2 2-4 6-6 6-6", "gee-joon-heaven"),
    ("1-2 2-4 5-5 5-5", "two-pair"),
    ("3-6 4-5 1-1 1-1", "two-pair"),
    ("1-2 2-4 3-6 1-1", "gee-joon-pair"),
    ("2-6 3-5 1-1 5-6", "mixed-pair"),
    ("6-6 6-6 1-3 2-5", "identical-pair"),        # Heaven Pair alone pays as Identical Pair (JQ11)
    ("4-4 2-6 1-3 2-2", None),                     # 4-4/2-6 is no Mixed Pair (JQ10); 4-4 + 2-6 is a Gong
])
def test_pair_fortunes_lines(tiles, line):
    assert pair_fortunes_line(parse_tiles(tiles)) == line


def test_pair_fortunes_payout_md_b():
    r = settle_pair_fortunes(paytable("pair-fortunes", "B"), 1000, parse_tiles("3-4 2-5 6-6 1-1"))
    assert (r.line.key, r.payout_cents, r.net_cents) == ("mixed-pair", 5000, 5000)
    lost = settle_pair_fortunes(paytable("pair-fortunes", "B"), 1000, parse_tiles("6-6 1-1 4-4 1-3"))
    assert (lost.line, lost.net_cents) == (None, -1000)


def test_621a_5_e_examples():
    match = paytable("match", "pa")
    assert winning_line(match, dice=(1, 1, 5), pick=1).key == "double-match"
    assert winning_line(match, dice=(1, 1, 1), pick=1).key == "triple-match"
    assert winning_line(match, dice=(1, 2, 5), pick=1) is None
    assert winning_line(paytable("beat-it", "A"), dice=(6, 2, 1)).key == "red-by-2-3"   # 6 vs 3
    assert winning_line(paytable("beat-it", "C"), dice=(5, 1, 1)).key == "any-beats-others"
    assert winning_line(paytable("beat-it", "C"), dice=(1, 5, 1)).key == "any-beats-others"


def test_sum_c_triple_pays_three_to_one_only():
    r = settle_dice_wager(paytable("sum", "C"), 1000, (4, 4, 4))
    assert (r.line.key, r.payout_cents) == ("three-match", 3000)


def test_fractional_odds_pay_whole_cents_rounded_down():
    assert settle_dice_wager(paytable("sum", "D"), 101, (2, 3, 4)).payout_cents == 757   # 15 to 2
    assert settle_dice_wager(paytable("beat-it", "C"), 101, (6, 1, 2)).payout_cents == 252  # 5 to 2


def test_every_dice_outcome_settles_and_conserves():
    for table in (t for t in PAYTABLES.values() if t.wager != "pair-fortunes"):
        counts = Counter()
        for dice in ALL_DICE:
            r = settle_dice_wager(table, 200, dice, pick=3)
            counts[r.line.key if r.line else None] += 1
            assert r.net_cents == (r.payout_cents if r.line else -200)
        assert sum(counts.values()) == 216


def test_sum_outcome_counts():
    assert line_counts(paytable("sum", "A")) == {"sum-17": 3, "sum-16": 6, "sum-8": 21, None: 186}
    assert line_counts(paytable("sum", "C")) == {"three-match": 6, "two-match": 90, None: 120}
    assert line_counts(paytable("sum", "D")) == {"series": 24, None: 192}


def test_profiles_offer_their_paytables():
    assert [t.title for t in paytables_for(profile_named("md"))] == [
        f"Pair Fortunes Wager (paytable {n})" for n in "ABCD"]
    assert len(paytables_for(profile_named("pa-2019"))) == 9
    assert paytables_for(profile_named("nj")) == paytables_for(profile_named("pa-2012")) == []


@pytest.mark.parametrize("call, message", [
    (lambda: paytable("keno", "A"), "unknown side wager 'keno'"),
    (lambda: paytable("sum", "E"), "unknown sum paytable 'E' \\(choose from: A, B, C, D\\)"),
    (lambda: settle_dice_wager(paytable("sum", "A"), 100, (0, 1, 2)), "three dice from 1 to 6"),
    (lambda: settle_dice_wager(paytable("match", "pa"), 100, (1, 1, 2)), "value the player picked"),
    (lambda: settle_pair_fortunes(paytable("pair-fortunes", "pa"), 100, parse_tiles("6-6 6-6")), "four tiles"),
    (lambda: settle_pair_fortunes(paytable("pair-fortunes", "pa"), -5, parse_tiles("6-6 6-6 1-1 1-1")),
     "positive whole number"),
])
def test_bad_requests_are_clear_errors(call, message):
    with pytest.raises((TrainerError, UnknownNameError), match=message):
        call()


def test_pair_fortunes_lines_in_each_texts_words():
    """spec JP1: 621a.11(b) says "Two Pair", MD 8.L says "Two pairs", "One mixed pair", ..."""
    from trainer.rules.paigow.side_wagers import paytable

    assert [line.wording for line in paytable("pair-fortunes", "pa").lines] == [
        "Gee Joon Pair and Heaven Pair", "Two Pair", "Gee Joon Pair", "Mixed Pair", "Identical Pair"]
    for name in "ABCD":
        assert [line.wording for line in paytable("pair-fortunes", name).lines] == [
            "Gee Joon Pair & Heaven Pair", "Two pairs", "Gee Joon Pair", "One mixed pair", "One identical pair"]


def test_each_paytable_cites_its_own_jurisdictions_text():
    """Under md a Pair Fortunes paytable reads MD 5.F(1) and 8.L, never Pennsylvania's 621a."""
    for profile in ("pa-2019", "md"):
        for table in paytables_for(profile_named(profile)):
            cited = f"{table.citation} {table.rule}"
            assert ("621a" in cited) is (profile == "pa-2019"), (profile, cited)
