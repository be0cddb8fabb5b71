"""Two-tile and four-tile hands (621a.3, 621a.8(g)-(i); spec H1-H5), exhaustively where small."""

from collections import Counter
from itertools import combinations

import pytest

from trainer.rules.paigow.hands import (Hand, HandKind, Outcome, Setting, all_two_tile_hands, outranks, settings,
                                 wager_result)
from trainer.rules.paigow.tiles import TILE_SET

HANDS = all_two_tile_hands()


def _reference_value(hand: Hand) -> int:
    """Independent reading of 621a.3(e),(f): best of the Gee Joon counts, mod 10."""
    counts = [(3, 6) if t.is_gee_joon else (t.pips,) for t in hand.tiles]
    return max((a + b) % 10 for a in counts[0] for b in counts[1])


def test_496_hands_by_kind():
    kinds = Counter(h.kind for h in HANDS)
    assert len(HANDS) == 496
    assert kinds[HandKind.SUPREME] + kinds[HandKind.MATCHED] + kinds[HandKind.MIXED] == 16
    assert kinds[HandKind.WONG] == 8 and kinds[HandKind.GONG] == 16
    assert kinds[HandKind.VALUE] == 496 - 40


def test_value_distribution_of_the_456_value_hands():
    values = Counter(h.value for h in HANDS if h.kind is HandKind.VALUE)
    assert values == Counter(_reference_value(h) for h in HANDS if h.kind is HandKind.VALUE)
    assert values == {0: 24, 1: 32, 2: 44, 3: 48, 4: 52, 5: 44, 6: 56, 7: 52, 8: 56, 9: 48}


def test_pair_ranks_follow_621a_3_c():
    expected = {"1-2 2-4": 1, "6-6 6-6": 2, "1-1 1-1": 3, "4-4 4-4": 4, "1-3 1-3": 5, "5-5 5-5": 6,
                "3-3 3-3": 7, "2-2 2-2": 8, "5-6 5-6": 9, "4-6 4-6": 10, "1-6 1-6": 11, "1-5 1-5": 12,
                "3-6 4-5": 13, "3-5 2-6": 14, "3-4 2-5": 15, "1-4 2-3": 16, "6-6 4-5": 17, "6-6 3-6": 17,
                "1-1 4-5": 18, "1-1 3-6": 18, "6-6 2-6": 19, "6-6 3-5": 19, "6-6 4-4": 19, "1-1 2-6": 20,
                "1-1 3-5": 20, "1-1 4-4": 20}
    assert {text: Hand.parse(text).pair_rank for text in expected} == expected


def test_every_pair_beats_every_value_hand():
    best_value = max(h.score for h in HANDS if not h.kind.is_pair)
    assert all(h.score > best_value for h in HANDS if h.kind.is_pair)


@pytest.mark.parametrize("text, value", [("1-1 3-3", 8), ("5-6 1-6", 8)])
def test_621a_3_e_examples(text, value):
    assert Hand.parse(text).value == value


def test_621a_3_f_gee_joon_counts_and_ranks():
    assert Hand.parse("1-2 6-6").value == 8                 # 1-2 as 6
    assert Hand.parse("2-4 5-5").value == 6                 # 2-4 as 6 (16), not 3 (13)
    assert Hand.parse("2-4 3-3").value == 9                 # 2-4 as 3
    # 2-4 counted as 3 ranks seventeenth, below the 1-4 (sixteenth), which becomes the top tile
    assert Hand.parse("2-4 1-4").value == 8 and Hand.parse("2-4 1-4").top_rank == 16


def test_621a_3_g_higher_top_tile_wins_equal_values():
    assert outranks(Hand.parse("1-1 3-3"), Hand.parse("5-6 1-6"))      # 8/Day beats 8/Foo


def test_621a_3_d_equal_pairs_are_copies_to_the_banker():
    a, b = Hand.parse("6-6 4-5"), Hand.parse("6-6 3-6")                  # two Wongs with Teen
    assert not outranks(a, b) and not outranks(b, a)


def test_621a_3_i_equal_top_rank_is_a_copy():
    a, b = Hand.parse("3-6 2-2"), Hand.parse("4-5 2-2")
    assert a.value == b.value == 3 and not outranks(a, b) and not outranks(b, a)


def test_zero_zero_goes_to_the_banker_except_in_nj():
    zero_high, zero_low = Hand.parse("1-3 3-3"), Hand.parse("5-5 4-6")
    assert zero_high.top_rank < zero_low.top_rank
    assert not outranks(zero_high, zero_low)
    assert outranks(zero_high, zero_low, zero_zero_to_banker=False)


@pytest.mark.parametrize("zero_rule", [True, False])
def test_outranks_is_a_strict_order_on_all_496_hands(zero_rule):
    faces = {str(h): h for h in HANDS}.values()        # 221 hands of distinct faces cover the order
    for a in faces:
        assert not outranks(a, a, zero_zero_to_banker=zero_rule)
        for b in faces:
            if outranks(a, b, zero_zero_to_banker=zero_rule):
                assert not outranks(b, a, zero_zero_to_banker=zero_rule)
    assert len(faces) == 221


def test_settings_of_four_tiles_put_the_stronger_hand_high():
    for combo in list(combinations(TILE_SET, 4))[::97]:
        options = settings(combo)
        assert len(options) == 3
        for s in options:
            assert s.high.score >= s.low.score
            assert sorted(s.tiles) == sorted(combo)


def test_setting_parse_orders_high_and_low():
    s = Setting.parse("1-3 2-3 / 6-6 4-5")
    assert str(s) == "6-6 4-5 / 1-3 2-3"


@pytest.mark.parametrize("player, banker, expected", [
    ("6-6 4-5 / 1-3 2-3", "5-5 3-3 / 2-2 1-6", Outcome.WIN),
    ("6-6 4-5 / 1-3 2-3", "6-6 3-6 / 2-2 1-6", Outcome.PUSH),     # copy high, won low
    ("1-1 3-3 / 2-2 1-6", "6-6 4-5 / 1-3 2-3", Outcome.LOSE),
])
def test_wager_result_621a_8(player, banker, expected):
    assert wager_result(Setting.parse(player), Setting.parse(banker)) is expected


def test_players_zero_low_never_wins_the_low_even_in_nj():
    player = Setting.parse("6-6 6-6 / 1-3 3-3")           # low = 0 with a high top tile
    banker = Setting.parse("1-1 1-1 / 5-5 4-6")          # low = 0 with a lower top tile
    assert wager_result(player, banker, zero_zero_to_banker=False) is Outcome.PUSH
    assert wager_result(player, banker) is Outcome.PUSH


def test_nj_zero_high_hands_compare_by_top_tile():
    player = Setting.parse("1-3 3-3 / 5-5 4-6")           # 0 with 1-3 on top / 0
    banker = Setting.parse("5-5 4-6 / 5-6 4-5")           # 0 with 5-5 on top / 0
    assert wager_result(player, banker) is Outcome.LOSE
    assert wager_result(player, banker, zero_zero_to_banker=False) is Outcome.PUSH
