"""The stored settings are the house way's (``set_by_house_way``, spec W1-W3) and the exact analysis's
optimal ones (spec W4), hand for hand, and a round with optimal players sets from them alone."""

from __future__ import annotations

import subprocess
import sys
from itertools import combinations

import pytest

from trainer.rules.paigow import analysis
from trainer.rules.paigow.hands import settings
from trainer.rules.paigow.house_way import HOUSE_WAYS, set_by_house_way
from trainer.rules.paigow.players import _code, canonical, combo_keys, house_way_setting, optimal_setting
from trainer.rules.paigow.setting_tables import HOUSE_WAY, OPTIMAL
from trainer.rules.paigow.tiles import TILE_SET, Tile

#: Every four-tile hand by its faces, in the tables' order. Rewrite the tables with
#: ``python scripts/setting_tables.py`` when a test here fails after a change to the rules.
HANDS = [canonical(Tile(code // 7, code % 7) for code in key) for key in combo_keys()]


def test_every_four_tile_hand_has_one_entry():
    keys = combo_keys()
    assert len(keys) == 8130 and sorted(keys.values()) == list(range(8130))
    assert {_code(hand) for hand in combinations(TILE_SET, 4)} == set(keys)


def test_every_house_way_and_zero_zero_rule_is_stored():
    assert set(HOUSE_WAY) == set(HOUSE_WAYS)
    assert set(OPTIMAL) == {(way, zero) for way in HOUSE_WAYS for zero in (True, False)}
    assert {len(t) for t in (*HOUSE_WAY.values(), *OPTIMAL.values())} == {len(HANDS)}


@pytest.mark.parametrize("way", sorted(HOUSE_WAYS))
def test_the_stored_house_way_is_set_by_house_way(way):
    for hand, index in zip(HANDS, HOUSE_WAY[way]):
        assert settings(hand)[int(index)] == set_by_house_way(hand, HOUSE_WAYS[way]).setting, hand


@pytest.mark.parametrize("rule", sorted(OPTIMAL))
def test_the_stored_optimal_setting_is_the_analysis(rule):
    way, zero_zero = rule
    table = analysis.hand_table(HOUSE_WAYS[way], zero_zero)
    for hand, index in zip(HANDS, OPTIMAL[rule]):
        assert int(index) == int(table.optimal[table.row_of(hand)]), hand


def test_players_set_as_the_reference_in_any_tile_order():
    way = HOUSE_WAYS["regulatory"]
    for i, hand in enumerate(combinations(TILE_SET[::3], 4)):
        given = hand[::-1] if i % 2 else hand
        one = analysis.analyze_hand(canonical(hand), way, True)
        assert optimal_setting(given) == settings(canonical(hand))[one.optimal]
        assert house_way_setting(given) == set_by_house_way(canonical(hand), way).setting



def test_a_round_with_optimal_players_needs_no_analysis():
    code = ("import random, sys\n"
            "from trainer.rules.paigow.players import Policy, seat_players\n"
            "from trainer.rules.paigow.profiles import profile_named\n"
            "from trainer.rules.paigow.round import play_round\n"
            "rng = random.Random(3)\n"
            "for name in ('pa-2019', 'nj'):\n"
            "    players = seat_players(rng, profile_named(name), 6, policies=(Policy.OPTIMAL,))\n"
            "    play_round(rng, players, profile=name)\n"
            "print(sorted({'numpy', 'trainer.rules.paigow.analysis'} & set(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
