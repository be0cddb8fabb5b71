"""House way (621a.8(d), spec W1-W3): every one of the 35,960 four-tile hands, and the casino way."""

from collections import Counter
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest

from trainer.rules.errors import UnknownNameError
from trainer.rules.paigow.casino_rules import load_casino_rules
from trainer.rules.paigow.hands import HandKind, same_rank, settings
from trainer.rules.paigow.house_way import (HOUSE_WAYS, REGULATORY, house_way_named,
                                     house_way_setting_index, set_by_house_way)
from trainer.rules.paigow.profiles import profile_named
from trainer.rules.paigow.tiles import TILE_SET, parse_tiles

ALL_HANDS = list(combinations(TILE_SET, 4))
HARBOR_FILE = Path(__file__).resolve().parents[1] / "docs" / "casino-rules" / "harbor.toml"
HARBOR = load_casino_rules(str(HARBOR_FILE)).house_way


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


@cache
def _regulatory_decisions() -> tuple:
    """The regulatory house way's decision on each of the 35,960 hands, in ``ALL_HANDS`` order: set
    once for the tests of this module that read them all (issue 42: each set them again)."""
    return tuple(set_by_house_way(combo) for combo in ALL_HANDS)


@pytest.mark.xdist_group("regulatory-decisions")
def test_regulatory_house_way_on_all_35960_hands():
    steps = Counter()
    for combo, decision in zip(ALL_HANDS, _regulatory_decisions(), strict=True):
        options = settings(combo)
        step, allowed = _reference_step(options)
        assert decision.step == step
        assert decision.setting == max(allowed, key=_strength)          # spec W2 tie-break
        assert decision.citation == f"621a.8(d)({step})"
        steps[step] += 1
    assert len(ALL_HANDS) == 35960
    assert steps == {1: 435, 2: 13349, 3: 19920, 4: 2256}


@pytest.mark.xdist_group("regulatory-decisions")
def test_step_4_never_meets_two_tiles_of_equal_rank():
    for combo, decision in zip(ALL_HANDS, _regulatory_decisions(), strict=True):
        if decision.step == 4:
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


def test_a_casino_way_tries_its_exceptions_then_its_rules_then_the_regulation():
    casino = load_casino_rules(str(HARBOR_FILE))
    way = casino.house_way
    decision = set_by_house_way(parse_tiles("6-6 2-4 4-6 1-2"), way, profile_named("nj"))   # an explicit hand
    assert (str(decision.setting), decision.step) == ("6-6 2-4 / 4-6 1-2", 1)
    assert "Harbor pair rule B: split the Gee Joon with 6-4, 6-5 or 6-6" in decision.explanation
    decision = set_by_house_way(parse_tiles("5-5 5-5 1-6 2-5"), way)                      # a rule
    assert decision.step == 1 and "Harbor pair rule A" in decision.explanation
    assert decision.setting.high.kind is HandKind.MATCHED
    decision = set_by_house_way(parse_tiles("6-6 4-5 1-3 2-3"), way, profile_named("nj"))   # the regulation
    assert (decision.step, decision.citation) == (3, "N.J.A.C. 19:47-10.7(d)2")
    assert casino.decide(parse_tiles("6-6 4-5 1-3 2-3")).label is None


def test_a_casino_way_sets_every_hand_as_the_object_model():
    """The table (numpy) and ``set_by_house_way`` (one hand at a time) agree on every physical hand."""
    casino = load_casino_rules(str(HARBOR_FILE))
    for hand in ALL_HANDS[::7]:
        by_table = casino.decide(hand).setting
        assert same_rank(set_by_house_way(hand, casino.house_way).setting, by_table), hand


def test_house_ways_are_named_data():
    assert set(HOUSE_WAYS) == {"regulatory"}
    assert house_way_named(HARBOR.name) is HARBOR   # a casino's way loaded in this process, by its name
    with pytest.raises(UnknownNameError, match="choose from: regulatory"):
        house_way_named("vegas")


def test_setting_index_points_into_settings():
    tiles = parse_tiles("6-6 4-5 1-3 2-3")
    assert settings(tiles)[house_way_setting_index(tiles)] == set_by_house_way(tiles).setting
