"""The stored optimal settings (spec W4) are the exact analysis's, hand for hand, and an optimal player
sets from them without the analysis."""

from __future__ import annotations

import subprocess
import sys
from itertools import combinations

import pytest

from trainer.rules.paigow import analysis
from trainer.rules.paigow.hands import settings
from trainer.rules.paigow.house_way import HOUSE_WAYS
from trainer.rules.paigow.optimal_table import TABLES
from trainer.rules.paigow.players import _code, canonical, combo_keys, optimal_setting
from trainer.rules.paigow.tiles import TILE_SET, Tile


def test_every_four_tile_hand_has_one_entry():
    keys = combo_keys()
    assert len(keys) == 8130 and sorted(keys.values()) == list(range(8130))
    assert {_code(hand) for hand in combinations(TILE_SET, 4)} == set(keys)


@pytest.mark.parametrize("rule", sorted(TABLES))
def test_the_stored_table_is_the_analysis(rule):
    """Rewrite it with ``python scripts/optimal_table.py`` when this fails."""
    way, zero_zero = rule
    table = analysis.hand_table(HOUSE_WAYS[way], zero_zero)
    stored = TABLES[rule]
    assert len(stored) == len(combo_keys())
    for key, i in combo_keys().items():
        faces = canonical(Tile(code // 7, code % 7) for code in key)
        assert int(stored[i]) == int(table.optimal[table.row_of(faces)]), faces


def test_every_house_way_and_zero_zero_rule_is_stored():
    assert set(TABLES) == {(way, zero) for way in HOUSE_WAYS for zero in (True, False)}


def test_an_optimal_player_sets_as_the_one_hand_analysis_in_any_tile_order():
    for i, hand in enumerate(combinations(TILE_SET[::3], 4)):
        one = analysis.analyze_hand(canonical(hand), HOUSE_WAYS["regulatory"], True)
        assert optimal_setting(hand[::-1] if i % 2 else hand) == settings(canonical(hand))[one.optimal]


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
