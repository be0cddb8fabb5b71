"""House way (621a.8(d), spec W1-W3): every one of the 35,960 four-tile hands, and the casino way."""

from collections import Counter
from itertools import combinations

import pytest

from trainer.rules.errors import UnknownNameError
from trainer.rules.paigow.hands import HandKind, settings
from trainer.rules.paigow.house_way import (CASINO_SPLIT_TENS, HOUSE_WAYS, REGULATORY, house_way_named,
                                     house_way_setting_index, set_by_house_way)
from trainer.rules.paigow.tiles import TILE_SET, parse_tiles

ALL_HANDS = list(combinations(TILE_SET, 4))


def _strength(s):
    return s.high.score, s.low.score


def _reference_step(options):
    """The four steps read straight from 621a.8(d), independently of the criteria classes."""
    hands = lambda s: (s.high, s.low)
    if any(h.kind is HandKind.SUPREME for s in options for h in hands(s)):
        return 1, [s for s in options if any(h.kind is HandKind.SUPREME for h in hands(s))]
    pairs = [s for s in options if any(h.kind.is_pair for h in hands(s))]
    if pairs:
        return 2, pairs
    sevens = [s for s in options if any(h.value in (7, 8, 9) for h in hands(s))]
    if sevens:
        return 3, sevens
    tiles = options[0].tiles
    top, bottom = min(tiles, key=lambda t: t.rank), max(tiles, key=lambda t: t.rank)
    return 4, [s for s in options if any(top in h.tiles and bottom in h.tiles for h in hands(s))]


def test_regulatory_house_way_on_all_35960_hands():
    steps = Counter()
    for combo in ALL_HANDS:
        decision = set_by_house_way(combo)
        options = settings(combo)
        step, allowed = _reference_step(options)
        assert decision.step == step
        assert decision.setting == max(allowed, key=_strength)          # spec W2 tie-break
        assert decision.citation == f"621a.8(d)({step})"
        steps[step] += 1
    assert len(ALL_HANDS) == 35960
    assert steps == {1: 435, 2: 13349, 3: 19920, 4: 2256}


def test_step_4_never_meets_two_tiles_of_equal_rank():
    for combo in ALL_HANDS:
        if set_by_house_way(combo).step == 4:
            assert len({t.rank for t in combo}) == 4


@pytest.mark.parametrize("tiles, high, low, step", [
    ("1-2 2-4 6-6 6-6", "2-4 1-2", "6-6 6-6", 1),         # Supreme kept even against a pair of Teens
    ("6-6 4-5 1-3 2-3", "6-6 4-5", "1-3 2-3", 2),
    ("6-6 6-6 4-5 3-6", "6-6 6-6", "4-5 3-6", 2),         # pair of Twelves + Mixed Nines beats two Wongs (W2)
    ("6-6 1-2 5-5 3-4", "6-6 3-4", "5-5 1-2", 3),         # Gee Joon counts 6 (JQ6); 9 high preferred
    ("6-6 4-6 2-3 1-2", "6-6 1-2", "4-6 2-3", 3),
    ("1-1 5-5 2-2 4-6", "5-5 2-2", "1-1 4-6", 4),         # no pair, no 7-9: 1-1 (2nd) with 4-6 (9th)
])
def test_named_examples(tiles, high, low, step):
    decision = set_by_house_way(parse_tiles(tiles))
    assert (str(decision.setting.high), str(decision.setting.low), decision.step) == (high, low, step)


def test_explanation_cites_the_step_and_the_house_way():
    decision = set_by_house_way(parse_tiles("6-6 6-6 4-5 3-6"))
    assert "621a.8(d)(2)" in decision.explanation and "spec W2" in decision.explanation
    assert REGULATORY.title in decision.explanation


def test_casino_way_splits_tens_when_both_hands_make_seven():
    tiles = parse_tiles("5-5 5-5 1-1 2-5")       # Tens pair; split: 5-5 1-1 = 2... not 7+
    assert set_by_house_way(tiles, CASINO_SPLIT_TENS).step == 3
    tiles = parse_tiles("4-6 4-6 3-6 3-4")       # split: 4-6 3-6 = 9, 4-6 3-4 = 7
    decision = set_by_house_way(tiles, CASINO_SPLIT_TENS)
    assert decision.step == 2 and {decision.setting.high.value, decision.setting.low.value} == {9, 7}
    assert set_by_house_way(tiles).setting.high.kind is HandKind.MATCHED


def test_casino_way_counts_on_all_hands():
    steps = Counter(set_by_house_way(c, CASINO_SPLIT_TENS).step for c in ALL_HANDS)
    assert steps == {1: 435, 2: 180, 3: 13169, 4: 19920, 5: 2256}


def test_house_ways_are_named_data():
    assert set(HOUSE_WAYS) == {"regulatory", "casino-split-tens"}
    with pytest.raises(UnknownNameError, match="choose from: casino-split-tens, regulatory"):
        house_way_named("vegas")


def test_setting_index_points_into_settings():
    tiles = parse_tiles("6-6 4-5 1-3 2-3")
    assert settings(tiles)[house_way_setting_index(tiles)] == set_by_house_way(tiles).setting
