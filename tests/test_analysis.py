"""Exact Pai Gow Wager odds (trainer.rules.paigow.analysis) against brute force with ``wager_result`` (spec W4, H5).

The reference deals the dealer every four of the 28 unseen tiles, sets them with ``set_by_house_way`` and
settles with ``wager_result``; the dealer's setting and the result depend only on the faces, so each face
combination is settled once and counted as often as it is dealt.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from trainer.rules.paigow import analysis
from trainer.rules.paigow.analysis import (DEALER_DEALS, PLAYER_HANDS, Odds, analyze_hand, hand_table, house_edge,
                                           setting_odds)
from trainer.rules.paigow.face_combos import combos, house_way_choices
from trainer.rules.errors import NotationError
from trainer.rules.paigow.hands import Outcome, Setting, settings, wager_result
from trainer.rules.paigow.casino_rules import load_casino_rules
from trainer.rules.paigow.house_way import REGULATORY, HouseWay, house_way_setting_index, set_by_house_way
from trainer.rules.paigow.tiles import TILE_SET, Tile, parse_tiles

HARBOR_FILE = Path(__file__).resolve().parents[1] / "docs" / "casino-rules" / "harbor.toml"
#: A casino's house way from its Rules Submission file (spec W3): its rules, then the regulation's steps.
HARBOR = load_casino_rules(str(HARBOR_FILE)).house_way

#: (house way, zero_zero_to_banker): pa-2019 and nj zero rules (JQ3), regulatory and casino ways (W1, W3).
RULES = [(way, zero) for way in (REGULATORY, HARBOR) for zero in (True, False)]

HAND_PICKED = [
    "6-6 4-5 1-3 2-3",   # spec example: Wong and a nine
    "1-2 2-4 6-6 6-6",   # Supreme Pair and the pair of Teens
    "1-2 2-4 1-5 2-5",   # Supreme Pair with junk
    "5-5 4-6 1-3 3-3",   # a setting with two value-zero hands
    "1-3 5-5 4-6 1-5",   # the house way sets zero / zero (JQ3 matters)
    "1-2 6-6 3-4 4-5",   # Gee Joon counted as 6 (621a.3(f))
    "2-4 5-5 1-1 3-6",   # Gee Joon 2-4 with a Wong available
    "5-5 5-5 4-6 4-6",   # two settings alike
]
_rng = random.Random(20240611)
RANDOM = [" ".join(str(TILE_SET[i]) for i in _rng.sample(range(32), 4)) for _ in range(20)]


@cache
def _dealer_setting(faces: tuple[Tile, ...], house_way: HouseWay) -> Setting:
    return set_by_house_way(faces, house_way).setting


def _unseen(tiles: tuple[Tile, ...]) -> list[Tile]:
    """The 28 physical tiles the player does not hold, in ``TILE_SET`` order."""
    rest = list(TILE_SET)
    for tile in tiles:
        rest.remove(tile)
    return rest


@cache
def _deals(tiles: tuple[Tile, ...]) -> Counter[tuple[Tile, ...]]:
    """Face combinations of the 20,475 deals of four of the 28 tiles the player does not hold."""
    return Counter(combinations(_unseen(tiles), 4))


def brute_force(setting: Setting, house_way: HouseWay, zero_zero_to_banker: bool) -> tuple[int, int, int]:
    """(wins, pushes, losses) of ``setting`` over every deal, settled by ``wager_result``."""
    results: Counter[Outcome] = Counter()
    for faces, n in _deals(tuple(sorted(setting.tiles))).items():
        dealer = _dealer_setting(faces, house_way)
        results[wager_result(setting, dealer, zero_zero_to_banker=zero_zero_to_banker)] += n
    return results[Outcome.WIN], results[Outcome.PUSH], results[Outcome.LOSE]


def counts(odds: Odds) -> tuple[int, int, int]:
    return odds.wins, odds.pushes, odds.losses


@pytest.mark.parametrize("text", HAND_PICKED + RANDOM)
def test_every_setting_matches_brute_force(text: str) -> None:
    tiles = parse_tiles(text)
    for way, zero in RULES:
        result = analyze_hand(tiles, way, zero)
        assert result.settings == settings(tiles)
        expected = [brute_force(s, way, zero) for s in settings(tiles)]
        assert [counts(o) for o in result.odds] == expected, (way.name, zero)
        assert result.house_way == house_way_setting_index(tiles, way)
        assert result.odds[result.optimal].ev == max(o.ev for o in result.odds)


def test_literal_brute_force_over_physical_deals() -> None:
    """No grouping by faces: every one of the 20,475 deals, one by one."""
    tiles = parse_tiles("1-2 6-6 3-4 4-5")
    rest = _unseen(tiles)
    assert len(rest) == 28
    options = settings(tiles)
    results = [Counter() for _ in options]
    for deal in combinations(rest, 4):
        dealer = _dealer_setting(deal, REGULATORY)
        for tally, setting in zip(results, options):
            tally[wager_result(setting, dealer)] += 1
    expected = [(r[Outcome.WIN], r[Outcome.PUSH], r[Outcome.LOSE]) for r in results]
    assert [counts(o) for o in analyze_hand(tiles).odds] == expected


def test_zero_rule_changes_zero_against_zero_only() -> None:
    """JQ3: in nj a player's zero high hand can beat the dealer's zero high hand on top tile, a push."""
    tiles = parse_tiles("1-3 5-5 4-6 1-5")
    pa, nj = analyze_hand(tiles, REGULATORY, True), analyze_hand(tiles, REGULATORY, False)
    assert pa.house_way == nj.house_way == 2 and str(pa.settings[2]) == "1-3 1-5 / 5-5 4-6"
    assert pa.odds[2].losses == DEALER_DEALS
    assert nj.odds[2].pushes > 0 and nj.odds[2].wins == 0


def test_setting_odds_as_placed_even_when_reversed() -> None:
    """A trainee's reversed placement is judged as placed, as ``wager_result`` would (H4, H5)."""
    proper = Setting.parse("6-6 1-3 / 4-5 2-3")
    reversed_ = Setting(proper.low, proper.high)
    for setting in (proper, reversed_):
        assert counts(setting_odds(setting)) == brute_force(setting, REGULATORY, True)
    assert setting_odds(proper) == analyze_hand(parse_tiles("6-6 1-3 4-5 2-3")).odds[0]


def test_tile_order_only_reorders_settings() -> None:
    a = analyze_hand(parse_tiles("6-6 4-5 1-3 2-3"))
    b = analyze_hand(parse_tiles("2-3 1-3 6-6 4-5"))
    by_setting = {str(s): o for s, o in zip(a.settings, a.odds)}
    assert {str(s): o for s, o in zip(b.settings, b.odds)} == by_setting
    assert str(a.settings[a.optimal]) == str(b.settings[b.optimal])


def test_probabilities_sum_to_one() -> None:
    for text in HAND_PICKED:
        for odds in analyze_hand(parse_tiles(text)).odds:
            assert odds.wins + odds.pushes + odds.losses == odds.total == DEALER_DEALS
            assert odds.win + odds.push + odds.lose == pytest.approx(1.0)
            assert odds.ev == pytest.approx(0.95 * odds.win - odds.lose)


@pytest.mark.parametrize("text", ["6-6 6-6 6-6 1-1", "6-6 4-5 1-3"])
def test_bad_tiles_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        analyze_hand(parse_tiles(text))


@cache
def _physical_hands() -> np.ndarray:
    """The 35,960 hands of four physical tiles (ids into ``TILE_SET``)."""
    return np.array(list(combinations(range(len(TILE_SET)), 4)))


def test_inclusion_exclusion_matches_direct_count() -> None:
    """The dominance tables give the same counts as masking the physical deals that share a tile."""
    tables, dealer = analysis._tables(REGULATORY, True), analysis._dealer(REGULATORY, True)
    hands = _physical_hands()
    combo = np.array([combos().row_of(TILE_SET[i] for i in hand) for hand in hands])
    rng = np.random.default_rng(7)
    pick = rng.choice(len(hands), 300, replace=False)
    a = rng.integers(0, len(dealer.high_levels) + 1, size=(300, 5))
    b = rng.integers(0, len(dealer.low_levels) + 1, size=(300, 5))
    a[:, 0], b[:, 1] = len(dealer.high_levels), len(dealer.low_levels)   # the one-sided queries too
    got = analysis._disjoint_below(tables, dealer, combo[pick], a, b)
    for row, hand in enumerate(hands[pick]):
        free = ~np.isin(hands, hand).any(axis=1)
        assert free.sum() == DEALER_DEALS
        high, low = dealer.high[combo[free]], dealer.low[combo[free]]
        expected = [int(((high < x) & (low < y)).sum()) for x, y in zip(a[row], b[row])]
        assert got[row].tolist() == expected


@pytest.mark.parametrize("way", [REGULATORY, HARBOR])
def test_vectorised_house_way_matches_the_object_model_on_every_hand(way: HouseWay) -> None:
    """The numpy house way sets each of the 35,960 physical hands as ``set_by_house_way`` does."""
    c, choice = combos(), house_way_choices(way)
    for hand in _physical_hands():
        tiles = tuple(TILE_SET[i] for i in hand)
        row = c.row_of(tiles)
        assert settings(c.tiles(row))[choice[row]] == _dealer_setting(tiles, way), tiles


@pytest.mark.parametrize(("way", "zero"), RULES)
def test_table_rows_match_single_hands(way: HouseWay, zero: bool) -> None:
    table = hand_table(way, zero)
    assert len(table.faces) == 8130 and int(table.weight.sum()) == PLAYER_HANDS
    for row in random.Random(3).sample(range(len(table.faces)), 15):
        result = analyze_hand(table.faces[row], way, zero)
        assert [table.odds(row, j) for j in range(3)] == list(result.odds)
        assert (table.house_way[row], table.optimal[row]) == (result.house_way, result.optimal)


@pytest.mark.parametrize(("way", "zero"), RULES)
def test_house_edge_is_the_average_of_hands(way: HouseWay, zero: bool) -> None:
    table, edge = hand_table(way, zero), house_edge(way, zero)
    rows = np.arange(len(table.faces))
    ev = (0.95 * table.wins - table.losses) / DEALER_DEALS
    assert edge.house_way_player.ev == pytest.approx(np.average(ev[rows, table.house_way], weights=table.weight))
    assert edge.optimal_player.ev == pytest.approx(np.average(ev.max(axis=1), weights=table.weight))
    assert (ev[rows, table.optimal] >= ev[rows, table.house_way]).all()
    assert edge.optimal_player.ev >= edge.house_way_player.ev
    # Sanity: against its own house way a player gives the house a few percent (2.7% regulatory).
    assert -0.05 < edge.house_way_player.ev < -0.01
    for odds in (edge.house_way_player, edge.optimal_player):
        assert odds.wins + odds.pushes + odds.losses == odds.total == PLAYER_HANDS * DEALER_DEALS


def test_nj_zero_rule_turns_some_losses_into_pushes() -> None:
    pa, nj = house_edge(REGULATORY, True), house_edge(REGULATORY, False)
    assert nj.house_way_player.wins == pa.house_way_player.wins
    assert nj.house_way_player.losses < pa.house_way_player.losses


def test_one_hand_and_the_table_pick_the_same_optimal_setting() -> None:
    """Optimal players use either (``players.optimal_setting``): ties must be broken alike (spec W4)."""
    table, c = hand_table(), combos()
    for row in random.Random(5).sample(range(len(table.weight)), 200):
        tiles = c.tiles(row)
        result = analyze_hand(tiles)
        assert result.settings[result.optimal] == settings(tiles)[table.optimal[row]]
        assert result.house_way == table.house_way[row]
