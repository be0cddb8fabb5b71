"""Exact odds of the Pai Gow Wager: each setting of four tiles against the dealer's house way.

The dealer holds four of the 28 tiles the player does not (all C(28,4) = 20,475 physical deals equally
likely) and sets them by a house way (621a.8(d), spec W1-W3). The player wins when both hands outrank
the dealer's, loses when neither does, else pushes (621a.8(g)-(i), spec H5); copies go to the dealer
(621a.3(d),(i)), so does a zero-zero tie unless the profile says otherwise (621a.3(g), jurisdictions.md
JQ3), and a player's value-zero low never wins the low (621a.8(g),(h)(1)). A win pays 0.95 (the 5%
vigorish of 621a.11(a), unrounded); the optimal setting has the highest EV (spec W4).

>>> a = analyze_hand(parse_tiles("6-6 4-5 1-3 2-3"))
>>> a.optimal, a.house_way, [f"{o.ev:+.4f}" for o in a.odds]
(0, 0, ['+0.7319', '-0.5024', '-0.4504'])
>>> e = house_edge()
>>> f"{e.house_way_player.ev:+.4f} {e.optimal_player.ev:+.4f}"
'-0.0268 +0.0097'

How the counting works (exact, no sampling): each hand's strength becomes an integer key, with every
value-zero hand given the lowest key when zero-zero goes to the banker. The player's high wins iff the
dealer's high key is below his, and likewise for the low. So the number of dealer deals beaten on both
hands is a dominance count, #{dealer high < a, dealer low < b}, read from 2-D cumulative count tables.
"Disjoint from the player's four tiles" is inclusion-exclusion over the subsets S of those tiles:
tables for all hands, hands holding tile i (32) and hands holding tiles i and j (496), and explicit
enumeration of the 117 hands holding three or four of them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from typing import Iterable, Sequence

import numpy as np

from trainer.rules.paigow.hands import Setting, settings
from trainer.rules.paigow.house_way import REGULATORY, HouseWay, house_way_setting_index, set_by_house_way
from trainer.rules.paigow.tiles import TILE_SET, Tile, parse_tiles

#: What a winning unit wager pays after the 5% vigorish of 621a.11(a), unrounded.
WIN_PAYS = Fraction(19, 20)

#: Deals of four dealer tiles from the 28 the player does not hold: C(28,4).
DEALER_DEALS = comb(len(TILE_SET) - 4, 4)

#: Four-tile hands of the 32 physical tiles: C(32,4).
PLAYER_HANDS = comb(len(TILE_SET), 4)

#: Key of every value-zero hand when zero-zero goes to the banker: below every ``Hand.score`` (>= 1).
_ZERO_KEY = 0

#: Positions of the pairs and triples among a hand's four tiles: inclusion-exclusion terms |S| = 2, 3.
_PAIRS_OF_FOUR = tuple(combinations(range(4), 2))
_TRIPLES_OF_FOUR = tuple(combinations(range(4), 3))
_BINOM = np.array([[comb(n, k) for k in range(5)] for n in range(len(TILE_SET) + 1)], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class Odds:
    """Wins, pushes and losses out of ``total`` equally likely deals, with the EV per unit wagered.

    >>> o = Odds(wins=2, pushes=1, losses=1, total=4)
    >>> o.win, o.push, o.lose, o.ev, o.exact_ev
    (0.5, 0.25, 0.25, 0.225, Fraction(9, 40))
    """

    wins: int
    pushes: int
    losses: int
    total: int

    @property
    def win(self) -> float:
        return self.wins / self.total

    @property
    def push(self) -> float:
        return self.pushes / self.total

    @property
    def lose(self) -> float:
        return self.losses / self.total

    @property
    def exact_ev(self) -> Fraction:
        """EV per unit wagered: a win pays 0.95, a loss costs 1, a push 0 (621a.8(g)-(i), 621a.11(a))."""
        return (WIN_PAYS * self.wins - self.losses) / self.total

    @property
    def ev(self) -> float:
        return float(self.exact_ev)

    def as_dict(self) -> dict[str, float]:
        """``{"win", "push", "lose", "ev"}`` as floats, for JSON."""
        return {"win": self.win, "push": self.push, "lose": self.lose, "ev": self.ev}


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """The three settings of four tiles (``settings()`` order), their odds, the best and the house way's."""

    settings: tuple[Setting, Setting, Setting]
    odds: tuple[Odds, Odds, Odds]
    #: Index of the highest-EV setting (spec W4); among equal EVs the house way's, then the first.
    optimal: int
    #: Index of the setting the house way in force gives these tiles.
    house_way: int


@dataclass(frozen=True, slots=True)
class HouseEdge:
    """Odds of the Pai Gow Wager over all 35,960 player hands x 20,475 deals, the dealer banking."""

    house_way_player: Odds
    optimal_player: Odds


@dataclass(frozen=True, eq=False)
class HandTable:
    """Every distinct four-tile hand (8,130 face combinations) with the counts of its three settings.

    Row r stands for ``weight[r]`` physical hands with faces ``faces[r]``; column j is
    ``settings(faces[r])[j]``; counts are out of the 20,475 dealer deals.
    """

    faces: tuple[tuple[Tile, ...], ...]
    weight: np.ndarray
    wins: np.ndarray
    losses: np.ndarray
    house_way: np.ndarray
    optimal: np.ndarray

    def odds(self, row: int, setting: int) -> Odds:
        return _odds(int(self.wins[row, setting]), int(self.losses[row, setting]), DEALER_DEALS)

    def average(self, choice: np.ndarray) -> Odds:
        """Odds over all physical hands of a player who sets row r by column ``choice[r]``."""
        rows = np.arange(len(choice))
        wins = int(self.weight @ self.wins[rows, choice])
        losses = int(self.weight @ self.losses[rows, choice])
        return _odds(wins, losses, PLAYER_HANDS * DEALER_DEALS)


# --- Public API -------------------------------------------------------------------------------------


def analyze_hand(tiles: Iterable[Tile], house_way: HouseWay = REGULATORY,
                 zero_zero_to_banker: bool = True) -> HandAnalysis:
    """Exact odds of each setting of four tiles against a dealer setting by ``house_way`` (spec W4).

    >>> a = analyze_hand(parse_tiles("1-2 2-4 6-6 6-6"))   # Supreme Pair and Teens: no deal beats both
    >>> a.odds[0].losses, a.optimal
    (0, 0)
    """
    tiles = _checked(tiles)
    options = settings(tiles)
    wins, losses = _count(tiles, options, house_way, zero_zero_to_banker)
    house = house_way_setting_index(tiles, house_way)
    optimal = int(_optimal(wins[None], losses[None], np.array([house]))[0])
    odds = tuple(_odds(w, l, DEALER_DEALS) for w, l in zip(wins.tolist(), losses.tolist()))
    return HandAnalysis(options, odds, optimal, house)  # type: ignore[arg-type]


def setting_odds(setting: Setting, house_way: HouseWay = REGULATORY, zero_zero_to_banker: bool = True) -> Odds:
    """Exact odds of one setting as placed (``setting.high`` is played high), e.g. a trainee's choice.

    >>> setting_odds(Setting.parse("6-6 4-5 / 1-3 2-3")) == analyze_hand(parse_tiles("6-6 4-5 1-3 2-3")).odds[0]
    True
    """
    wins, losses = _count(_checked(setting.tiles), (setting,), house_way, zero_zero_to_banker)
    return _odds(int(wins[0]), int(losses[0]), DEALER_DEALS)


def hand_table(house_way: HouseWay = REGULATORY, zero_zero_to_banker: bool = True) -> HandTable:
    """Counts for every distinct player hand and setting, with the house way's and the optimal setting."""
    combos = _combos()
    house = _house_way_choices(house_way)
    wins, losses = _outcomes(_tables(house_way, zero_zero_to_banker), combos.tiles,
                             *combos.setting_keys(zero_zero_to_banker), combos.neighbours)
    return HandTable(combos.faces, combos.weight, wins, losses, house, _optimal(wins, losses, house))


def house_edge(house_way: HouseWay = REGULATORY, zero_zero_to_banker: bool = True) -> HouseEdge:
    """Odds over every player hand for a player who sets by ``house_way`` and for one who always picks
    the optimal setting; the dealer banks, copies go to the dealer, 5% vigorish (spec W4, H5, 621a.11(a))."""
    table = hand_table(house_way, zero_zero_to_banker)
    return HouseEdge(table.average(table.house_way), table.average(table.optimal))


def prepare(house_way: HouseWay = REGULATORY, zero_zero_to_banker: bool = True) -> None:
    """Build the cached tables now (about half a second once), e.g. while a screen opens."""
    _tables(house_way, zero_zero_to_banker)
    _combos().neighbours


def clear_caches() -> None:
    """Forget every cached table (benchmarks measure the build this way)."""
    for cached in (_combos, _combo_neighbours, _house_way_choices, _tables, _physical_hands):
        cached.cache_clear()


# --- Hands as physical tile ids ---------------------------------------------------------------------


def _checked(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Four tiles the set can hold; else the NotationError of ``parse_tiles`` (spec N2)."""
    tiles = tuple(tiles)
    parse_tiles([str(t) for t in tiles], count=4)
    return tiles


def _physical(tiles: Sequence[Tile]) -> np.ndarray:
    """Sorted physical ids of four tiles; a repeated face takes its next copy (any copy counts the same)."""
    seen: Counter[Tile] = Counter()
    ids = []
    for tile in tiles:
        ids.append(TILE_SET.index(tile) + seen[tile])
        seen[tile] += 1
    return np.sort(np.array(ids, dtype=np.int64))


def _colex(sets: np.ndarray) -> np.ndarray:
    """Index of sets of physical ids, sorted along the last axis, in colex order: sum of C(c_i, i+1).

    >>> _colex(np.array([[0, 1, 2, 3], [28, 29, 30, 31], [0, 1, 2, 4]])).tolist(), int(_colex(np.array([30, 31])))
    ([0, 35959, 1], 495)
    """
    return sum(_BINOM[sets[..., i], i + 1] for i in range(sets.shape[-1]))  # type: ignore[return-value]


@cache
def _physical_hands() -> np.ndarray:
    """All 35,960 four-tile hands as sorted physical ids, row = colex index."""
    hands = np.array(list(combinations(range(len(TILE_SET)), 4)), dtype=np.int64)
    out = np.empty_like(hands)
    out[_colex(hands)] = hands
    return out


def _neighbours(hands: np.ndarray) -> np.ndarray:
    """Colex indices of the 4 x 29 hands sharing three tiles with each hand (the hand itself 4 times).

    These are the inclusion-exclusion terms |S| = 3, counted out one by one.
    """
    triples = hands[:, _TRIPLES_OF_FOUR]                                   # (N, 4, 3)
    ids = np.arange(len(TILE_SET))
    outside = (triples[..., None] != ids).all(axis=2)                     # (N, 4, 32)
    fourth = np.broadcast_to(ids, outside.shape)[outside].reshape(*triples.shape[:2], -1)
    grown = np.concatenate([np.broadcast_to(triples[:, :, None, :], (*fourth.shape, 3)),
                            fourth[..., None]], axis=3)
    return _colex(np.sort(grown, axis=3)).reshape(len(hands), -1)


# --- Player hands grouped by faces (8,130 combinations) ----------------------------------------------


@dataclass(frozen=True, eq=False)
class _Combos:
    """One representative per distinct face multiset of four tiles, with how many hands share it."""

    faces: tuple[tuple[Tile, ...], ...]
    options: tuple[tuple[Setting, Setting, Setting], ...]
    tiles: np.ndarray          # (C, 4) sorted physical ids of the representative
    weight: np.ndarray         # (C,) physical hands with these faces; sums to 35,960
    hand_combo: np.ndarray     # (35,960,) combo of each physical hand
    scores: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # (C, 3) each, see _setting_arrays

    def setting_keys(self, zero_zero_to_banker: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return _keys(*self.scores, zero_zero_to_banker)

    @property
    def neighbours(self) -> np.ndarray:
        return _combo_neighbours()


@cache
def _combos() -> _Combos:
    hands = _physical_hands()
    face_index = {face: i for i, face in enumerate(dict.fromkeys(TILE_SET))}
    face_of = np.array([face_index[t] for t in TILE_SET])
    code = (np.sort(face_of[hands], axis=1) * 21 ** np.arange(4)).sum(axis=1)
    _, first, hand_combo, weight = np.unique(code, return_index=True, return_inverse=True, return_counts=True)
    tiles = hands[first]
    faces = tuple(tuple(TILE_SET[i] for i in row) for row in tiles.tolist())
    options = tuple(settings(f) for f in faces)
    return _Combos(faces, options, tiles, weight, hand_combo, _setting_scores(options))


@cache
def _combo_neighbours() -> np.ndarray:
    return _neighbours(_combos().tiles)


@cache
def _house_way_choices(house_way: HouseWay) -> np.ndarray:
    """Index of the house-way setting of each face combination (set once per combination, spec W1-W3)."""
    combos = _combos()
    return np.array([options.index(set_by_house_way(faces, house_way).setting)
                     for faces, options in zip(combos.faces, combos.options)], dtype=np.int64)


# --- Keys and dominance tables -----------------------------------------------------------------------


def _setting_scores(rows: Sequence[Sequence[Setting]]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """High score, high is zero, low score, low is zero of each setting, as (rows, settings) arrays."""
    values = np.array([[(s.high.score, s.high.is_zero, s.low.score, s.low.is_zero) for s in row] for row in rows],
                      dtype=np.int64)
    return values[..., 0], values[..., 1].astype(bool), values[..., 2], values[..., 3].astype(bool)


def _keys(high: np.ndarray, high_zero: np.ndarray, low: np.ndarray, low_zero: np.ndarray,
          zero_zero_to_banker: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Integer strengths: a hand beats the banker's iff its key is higher (621a.3(d),(g),(i), JQ3).

    Returns high key, low key and whether the low is value zero (never wins the low, 621a.8(g),(h)(1)).
    """
    if zero_zero_to_banker:
        high, low = np.where(high_zero, _ZERO_KEY, high), np.where(low_zero, _ZERO_KEY, low)
    return high, low, low_zero


def _setting_arrays(rows: Sequence[Sequence[Setting]],
                    zero_zero_to_banker: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return _keys(*_setting_scores(rows), zero_zero_to_banker)


@dataclass(frozen=True, eq=False)
class _Tables:
    """The dealer's house-way keys of every physical hand, as levels, and the cumulative counts

    ``all[x, y]``, ``one[i, x, y]``, ``two[pair(i, j), x, y]`` = number of hands (holding tile i, tiles
    i and j) whose high level is below x and low level below y.
    """

    high_levels: np.ndarray
    low_levels: np.ndarray
    dealer_high: np.ndarray
    dealer_low: np.ndarray
    all: np.ndarray
    one: np.ndarray
    two: np.ndarray


@cache
def _tables(house_way: HouseWay, zero_zero_to_banker: bool) -> _Tables:
    combos = _combos()
    choice = _house_way_choices(house_way)
    high, low, _ = combos.setting_keys(zero_zero_to_banker)
    rows = np.arange(len(choice))
    high_key = high[rows, choice][combos.hand_combo]
    low_key = low[rows, choice][combos.hand_combo]
    high_levels, dealer_high = np.unique(high_key, return_inverse=True)
    low_levels, dealer_low = np.unique(low_key, return_inverse=True)
    hands = _physical_hands()
    shape = (len(high_levels) + 1, len(low_levels) + 1)

    def cumulative(groups: np.ndarray, count: int) -> np.ndarray:
        cell = (groups * shape[0] + dealer_high[:, None] + 1) * shape[1] + dealer_low[:, None] + 1
        table = np.bincount(cell.ravel(), minlength=count * shape[0] * shape[1]).reshape(count, *shape)
        table = table.cumsum(axis=1).cumsum(axis=2)
        # The 496 pair tables count at most 435 hands each: int16 halves their 8 MB.
        return table.astype(np.int16 if table.max() <= np.iinfo(np.int16).max else np.int32)

    pairs = _colex(hands[:, _PAIRS_OF_FOUR])
    return _Tables(high_levels, low_levels, dealer_high, dealer_low,
                   cumulative(np.zeros((len(hands), 1), dtype=np.int64), 1)[0],
                   cumulative(hands, len(TILE_SET)), cumulative(pairs, comb(len(TILE_SET), 2)))


def _count(tiles: tuple[Tile, ...], options: Sequence[Setting], house_way: HouseWay,
           zero_zero_to_banker: bool) -> tuple[np.ndarray, np.ndarray]:
    """Wins and losses of each of ``options`` (settings of ``tiles``), one row."""
    wins, losses = _outcomes(_tables(house_way, zero_zero_to_banker), _physical(tiles)[None, :],
                             *_setting_arrays([options], zero_zero_to_banker))
    return wins[0], losses[0]


def _outcomes(t: _Tables, hands: np.ndarray, high: np.ndarray, low: np.ndarray, low_zero: np.ndarray,
              neighbours: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Wins and losses, each (hands, settings), against the 20,475 deals disjoint from each hand.

    ``high``/``low`` are the player's keys per setting. Win: dealer high < a and low < b; lose: dealer
    high >= a and low >= b, i.e. all - #(high < a) - #(low < b) + #(both below).
    """
    a = np.searchsorted(t.high_levels, high)
    b = np.where(low_zero, 0, np.searchsorted(t.low_levels, low))
    s = a.shape[1]
    counts = _disjoint_below(t, hands, np.concatenate([a, a, np.full_like(a, len(t.high_levels))], axis=1),
                             np.concatenate([b, np.full_like(b, len(t.low_levels)), b], axis=1),
                             _neighbours(hands) if neighbours is None else neighbours)
    wins, high_below, low_below = counts[:, :s], counts[:, s:2 * s], counts[:, 2 * s:]
    return wins, DEALER_DEALS - high_below - low_below + wins


def _disjoint_below(t: _Tables, hands: np.ndarray, a: np.ndarray, b: np.ndarray,
                    neighbours: np.ndarray) -> np.ndarray:
    """#{dealer hands sharing no tile with the hand, high level < a and low level < b}, per (hand, query).

    Inclusion-exclusion: sum over subsets S of the hand's tiles of (-1)^|S| #{hands holding S, below}.
    """
    ai, bi = a[:, None, :], b[:, None, :]
    count = t.all[a, b].astype(np.int64)
    count -= t.one[hands[:, :, None], ai, bi].sum(axis=1)
    count += t.two[_colex(hands[:, _PAIRS_OF_FOUR])[:, :, None], ai, bi].sum(axis=1)
    # |S| = 3: the 4 x 29 hands holding three of the tiles include the hand itself four times; |S| = 4
    # adds it back once.
    count -= ((t.dealer_high[neighbours][..., None] < ai) & (t.dealer_low[neighbours][..., None] < bi)).sum(axis=1)
    own = _colex(hands)[:, None]
    count += (t.dealer_high[own] < a) & (t.dealer_low[own] < b)
    return count


def _optimal(wins: np.ndarray, losses: np.ndarray, house: np.ndarray) -> np.ndarray:
    """Highest-EV setting per row (spec W4), exactly in integers; ties keep the house way, then the first."""
    merit = WIN_PAYS.numerator * wins - WIN_PAYS.denominator * losses
    best = merit.argmax(axis=1)
    rows = np.arange(len(house))
    return np.where(merit[rows, house] == merit[rows, best], house, best)


def _odds(wins: int, losses: int, total: int) -> Odds:
    return Odds(wins, total - wins - losses, losses, total)
