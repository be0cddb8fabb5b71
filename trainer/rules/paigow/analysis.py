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

How the counting works (exact, no sampling): the 35,960 four-tile hands fall into 8,130 combinations
of faces (``face_combos``), set by the house way all at once. Each hand's strength becomes an integer
key, with every value-zero hand given the lowest key when zero-zero goes to the banker; the player's
high wins iff the dealer's high key is below his, and likewise for the low. One hand is counted
directly: each dealer face combination weighs as many deals as the 28 unseen tiles allow. For the
table of every hand, the deals beaten on both hands are a dominance count, #{dealer high < a, dealer
low < b}, read from 2-D cumulative count tables; "disjoint from the player's four tiles" is
inclusion-exclusion over the subsets S of those tiles: tables for all hands, for hands holding a
given tile of each face (21) and two given tiles of each face pair (231), the 21 possible fourth
faces of three given tiles, and the hand itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Iterable, Sequence

import numpy as np

from trainer.rules.paigow.face_combos import (BINOM, COPIES, FACE_ID, Combos, code4, combos, hand_facts,
                                              house_way_choices, multisets)
from trainer.rules.paigow.hands import Setting, settings
from trainer.rules.paigow.house_way import REGULATORY, HouseWay, house_way_setting_index
from trainer.rules.paigow.tiles import TILE_SET, Tile, parse_tiles

if TYPE_CHECKING:
    from trainer.rules.paigow.profiles import Profile

#: What a winning unit wager pays after the 5% vigorish of 621a.11(a), unrounded.
WIN_PAYS = Fraction(19, 20)

#: Deals of four dealer tiles from the 28 the player does not hold: C(28,4).
DEALER_DEALS = comb(len(TILE_SET) - 4, 4)

#: Four-tile hands of the 32 physical tiles: C(32,4).
PLAYER_HANDS = comb(len(TILE_SET), 4)

#: Key of every value-zero hand when zero-zero goes to the banker: below every ``Hand.score`` (>= 1).
_ZERO_KEY = 0



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

    @property
    def banker_house_way(self) -> Odds:
        """A player who banks and sets by the house way against one player who sets by it: the same
        deals seen from the bank, which wins the copies and pays 5% on what it wins (621a.9(c),(q))."""
        p = self.house_way_player
        return Odds(wins=p.losses, pushes=p.pushes, losses=p.wins, total=p.total)


@dataclass(frozen=True, eq=False)
class HandTable:
    """Every distinct four-tile hand (8,130 face combinations) with the counts of its three settings.

    Row r stands for ``weight[r]`` physical hands with faces ``faces[r]``; column j is
    ``settings(faces[r])[j]``; counts are out of the 20,475 dealer deals.
    """

    combos: Combos
    weight: np.ndarray
    wins: np.ndarray
    losses: np.ndarray
    house_way: np.ndarray
    optimal: np.ndarray

    @cached_property
    def faces(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(self.combos.tiles(r) for r in range(len(self.weight)))

    def row_of(self, tiles: Iterable[Tile]) -> int:
        """The row of four tiles, in any order."""
        return self.combos.row_of(tiles)

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
    c = combos()
    house = house_way_choices(house_way)
    wins, losses = _table_counts(house_way, zero_zero_to_banker)
    return HandTable(c, c.weight, wins, losses, house, _optimal(wins, losses, house))


def house_edge(house_way: HouseWay = REGULATORY, zero_zero_to_banker: bool = True) -> HouseEdge:
    """Odds over every player hand for a player who sets by ``house_way`` and for one who always picks
    the optimal setting; the dealer banks, copies go to the dealer, 5% vigorish (spec W4, H5, 621a.11(a))."""
    table = hand_table(house_way, zero_zero_to_banker)
    return HouseEdge(table.average(table.house_way), table.average(table.optimal))


#: A published house edge to compare with: a player who sets every hand optimally against a dealer
#: who follows the Foxwoods house way, a casino's full chart (Wizard of Odds, "Pai Gow Tiles").
PUBLISHED_OPTIMAL_EDGE = 0.017
PUBLISHED_SOURCE = "Wizard of Odds, against the Foxwoods house way"


def edge_explanation(house_way_player: Odds, optimal_player: Odds, house_way: HouseWay,
                     profile: Profile) -> tuple[str, ...]:
    """Why a player who sets optimally fares better than the house way's player, with the figures, and
    how that compares with a published casino house way (spec W1, W3, W4).

    The regulatory house way is four steps the dealer follows whatever the odds (621a.8(d)(1)-(4)); a
    player may set his tiles any way, so he takes the best setting each time. Casinos deal longer
    charts, which their Rules Submissions may set (621a.8(d), spec W3), and keep an edge that way.
    """
    heading = house_way.heading(profile)
    # a casino's way: its own rules, then the regulation's steps (casino_rules); the regulation's: its steps
    rule = f"a fixed {len(house_way.steps)}-step rule" if house_way.rule else "the casino's fixed rules"
    own, best = -house_way_player.ev, -optimal_player.ev
    result = (f"turns the house's {own:.2%} edge into a player's edge of {-best:.2%}" if best < 0 else
              f"cuts the house's edge from {own:.2%} to {best:.2%}")
    return (
        f"A player who sets like the dealer gives the house {own:.2%} of each wager: the 5% vigorish on wins "
        f"and the copies the dealer wins ({profile.cite('copy')}, {profile.cite('vigorish')}).",
        f"The dealer sets by the {heading}, {rule} followed whatever the odds: it plays a "
        "pair, Wong or Gong, or a 9, 8 or 7, even where another setting wins the low hand far more often. "
        f"A player may set his tiles any way; taking the best setting every hand he pushes "
        f"{optimal_player.push:.1%} of hands instead of {house_way_player.push:.1%} and loses "
        f"{optimal_player.lose:.1%} instead of {house_way_player.lose:.1%}, which {result}.",
        f"Casinos deal by far longer published house ways (splitting pairs, exceptions for Wongs and Gongs, "
        f"spec W3): against those an optimal player still faces a house edge of about "
        f"{PUBLISHED_OPTIMAL_EDGE:.1%} ({PUBLISHED_SOURCE}). A short fixed rule is easy to deal and, for a "
        "player, easy to beat.",
    )


def prepare(house_way: HouseWay = REGULATORY, zero_zero_to_banker: bool = True) -> None:
    """Set every dealer hand by the house way now (a few milliseconds once), e.g. while a screen opens."""
    _dealer(house_way, zero_zero_to_banker)


def clear_caches() -> None:
    """Forget every cached table (benchmarks measure the build this way)."""
    for cached in (combos, hand_facts, house_way_choices, _dealer, _combo_keys, _face_counts, _tables,
                   _table_counts, _triples):
        cached.cache_clear()


def _checked(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Four tiles the set can hold; else the NotationError of ``parse_tiles`` (spec N2)."""
    tiles = tuple(tiles)
    parse_tiles([str(t) for t in tiles], count=4)
    return tiles


# --- Keys of hands and the dealer's hands ------------------------------------------------------------


def _keys(high: np.ndarray, high_zero: np.ndarray, low: np.ndarray, low_zero: np.ndarray,
          zero_zero_to_banker: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Integer strengths: a hand beats the banker's iff its key is higher (621a.3(d),(g),(i), JQ3).

    Returns high key, low key and whether the low is value zero (never wins the low, 621a.8(g),(h)(1)).
    """
    if zero_zero_to_banker:
        high, low = np.where(high_zero, _ZERO_KEY, high), np.where(low_zero, _ZERO_KEY, low)
    return high, low, low_zero


def _setting_arrays(options: Sequence[Setting],
                    zero_zero_to_banker: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keys of the settings of one hand, each (1, settings)."""
    values = np.array([[(s.high.score, s.high.is_zero, s.low.score, s.low.is_zero) for s in options]],
                      dtype=np.int64)
    return _keys(values[..., 0], values[..., 1].astype(bool), values[..., 2], values[..., 3].astype(bool),
                 zero_zero_to_banker)


@cache
def _combo_keys(zero_zero_to_banker: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Keys of the three settings of every face combination, each (8130, 3)."""
    c, facts = combos(), hand_facts()
    high, low = (c.high[..., 0], c.high[..., 1]), (c.low[..., 0], c.low[..., 1])
    return _keys(facts.score[high], facts.zero[high], facts.score[low], facts.zero[low], zero_zero_to_banker)


@dataclass(frozen=True, eq=False)
class _Dealer:
    """The dealer's house-way hands of every face combination as levels: ``high[r]`` indexes
    ``high_levels`` (the sorted distinct high keys), likewise ``low[r]``."""

    high_levels: np.ndarray
    low_levels: np.ndarray
    high: np.ndarray
    low: np.ndarray

    def levels(self, high: np.ndarray, low: np.ndarray, low_zero: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A player's keys as the number of dealer levels each beats; a zero low beats none."""
        return (np.searchsorted(self.high_levels, high),
                np.where(low_zero, 0, np.searchsorted(self.low_levels, low)))


@cache
def _dealer(house_way: HouseWay, zero_zero_to_banker: bool) -> _Dealer:
    choice = house_way_choices(house_way)[:, None]
    high, low, _ = _combo_keys(zero_zero_to_banker)
    high_levels, dealer_high = np.unique(np.take_along_axis(high, choice, axis=1), return_inverse=True)
    low_levels, dealer_low = np.unique(np.take_along_axis(low, choice, axis=1), return_inverse=True)
    return _Dealer(high_levels, low_levels, dealer_high.ravel(), dealer_low.ravel())


# --- One hand: every dealer face combination, counted by its deals ---------------------------------


def _count(tiles: tuple[Tile, ...], options: Sequence[Setting], house_way: HouseWay,
           zero_zero_to_banker: bool) -> tuple[np.ndarray, np.ndarray]:
    """Wins and losses of each of ``options`` (settings of ``tiles``) over the 20,475 deals."""
    d, c = _dealer(house_way, zero_zero_to_banker), combos()
    held = np.bincount([FACE_ID[t] for t in tiles], minlength=len(COPIES))
    # The deals of each dealer face combination: C(copies, m) per face, C(unseen, m) for the held faces.
    deals = c.weight.copy()
    for face in np.flatnonzero(held):
        m = _face_counts()[face]
        deals = deals // BINOM[COPIES[face], m] * BINOM[COPIES[face] - held[face], m]
    a, b = d.levels(*_setting_arrays(options, zero_zero_to_banker))
    high_below, low_below = d.high[:, None] < a, d.low[:, None] < b
    # one matrix-vector product for the three counts of each setting (exact: all below 2^53)
    counts = np.rint(deals.astype(np.float64) @ np.concatenate([high_below & low_below, high_below, low_below],
                                                                axis=1)).astype(np.int64)
    wins, high_only, low_only = np.split(counts, 3)
    return wins, DEALER_DEALS - high_only - low_only + wins


@cache
def _face_counts() -> np.ndarray:
    """(21, 8130): how many tiles of each face each combination holds."""
    return np.ascontiguousarray((combos().faces[:, :, None] == np.arange(len(COPIES))).sum(axis=1).T)


# --- Every hand: inclusion-exclusion over the tiles shared with the dealer ------------------------


#: Positions of the pairs among a hand's four tiles, and the three left when one is taken out.
_PAIRS_OF_FOUR = np.array(list(combinations(range(4), 2))).T
_TRIPLES_OF_FOUR = tuple(combinations(range(4), 3))
#: Id of each pair of faces (f, g) = (g, f): the 231 two-tile face pairs.
_PAIR_ID = np.zeros((len(COPIES), len(COPIES)), dtype=np.int64)
_PAIR_ID[np.triu_indices(len(COPIES))] = np.arange(len(COPIES) * (len(COPIES) + 1) // 2)
_PAIR_ID = np.maximum(_PAIR_ID, _PAIR_ID.T)


@dataclass(frozen=True, eq=False)
class _Triples:
    """Every three tiles by faces (sorted face ids) and the face combinations they grow into."""

    index: np.ndarray   # row of each ``code4`` of three sorted faces
    grown: np.ndarray   # (T, 21): combination of the three and one more face, 0 where none
    ways: np.ndarray    # (T, 21): tiles of that face not among the three


@cache
def _triples() -> _Triples:
    faces = multisets(3)
    index = np.zeros(len(COPIES) ** 3, dtype=np.int64)
    index[code4(faces)] = np.arange(len(faces))
    p, q, r, x = faces[:, 0, None], faces[:, 1, None], faces[:, 2, None], np.arange(len(COPIES))
    # the three sorted faces with face x put in its place, as the combination's sorted faces
    grown = np.stack([np.minimum(p, x), np.minimum(np.maximum(p, x), q), np.minimum(np.maximum(q, x), r),
                      np.maximum(r, x)], axis=-1)
    # int8 ways: the most a hand's four triples can add up is 4 x 29 tiles
    ways = (COPIES - (p == x) - (q == x) - (r == x)).astype(np.int8)
    return _Triples(index, np.maximum(combos().index[code4(grown)], 0), ways)


@dataclass(frozen=True, eq=False)
class _Tables:
    """Cumulative counts of the dealer hands below levels, per group g, signed for inclusion-exclusion:
    ``both[x, y, g]`` = #{high level < x, low level < y}, ``high[x, g]`` and ``low[y, g]`` bounded on one
    side only. Group 0 is every hand (counted +), 1 + f the hands holding a given tile of face f (-),
    22 + pair id those holding two given tiles of a face pair (+). For three given tiles (row t of
    ``_triples``), ``three_high[t, x]`` and ``three_low[t, y]`` count the hands they grow into, and
    ``grown_high[t, f]``, ``grown_low[t, f]`` are the levels of the hand grown by a tile of face f."""

    both: np.ndarray
    high: np.ndarray
    low: np.ndarray
    three_high: np.ndarray
    three_low: np.ndarray
    grown_high: np.ndarray
    grown_low: np.ndarray


def _groups(faces: np.ndarray) -> np.ndarray:
    """The groups of ``_Tables`` read for a hand of these faces: none, each tile, each pair (hands, 11)."""
    k, l = _PAIRS_OF_FOUR
    return np.concatenate([np.zeros((len(faces), 1), dtype=np.int64), 1 + faces,
                           1 + len(COPIES) + _PAIR_ID[faces[:, k], faces[:, l]]], axis=1)


@cache
def _tables(house_way: HouseWay, zero_zero_to_banker: bool) -> _Tables:
    d, c, t = _dealer(house_way, zero_zero_to_banker), combos(), _triples()
    x_size, y_size = len(d.high_levels) + 1, len(d.low_levels) + 1
    # A combination's hands hold a given tile of face f in C(c-1, m-1) of its C(c, m) ways (m of its c
    # copies held), two given tiles of f in C(c-2, m-2); each face and face pair counted once.
    k, l = _PAIRS_OF_FOUR
    faces, held, first, weight = c.faces, c.held, c.first, c.weight[:, None]
    copies, same = COPIES[faces], faces[:, k] == faces[:, l]
    one = np.where(first, weight * held // copies, 0)
    two = np.where(same, weight * held[:, k] * (held[:, k] - 1) // np.maximum(copies[:, k] * (copies[:, k] - 1), 1),
                   weight * held[:, k] * held[:, l] // (copies[:, k] * copies[:, l]))
    two *= np.where(same, first[:, k] & (l == k + 1), first[:, k] & first[:, l])
    groups = 2 + len(COPIES) + int(_PAIR_ID.max())
    # Groups last: the eleven a hand reads for one query lie side by side. A dealer hand at levels
    # (x, y) is counted from cell (x + 1, y + 1) on, so that cell (a, b) holds those below both.
    both = np.zeros((x_size, y_size, groups), dtype=np.int32)
    cell = ((d.high + 1) * y_size + d.low + 1)[:, None] * groups + _groups(faces)
    np.add.at(both.reshape(-1), cell.ravel(), np.concatenate([weight, -one, two], axis=1).astype(np.int32).ravel())
    for x in range(1, x_size):  # row by row: numpy's cumsum is far slower along a leading axis
        both[x] += both[x - 1]
    for y in range(1, y_size):
        both[:, y] += both[:, y - 1]

    def cumulative_1d(levels: np.ndarray, size: int) -> np.ndarray:
        table = np.zeros((len(t.ways), size), dtype=np.int32)
        # flat indexes and values of the table's own type: numpy's fast path for add.at
        np.add.at(table.reshape(-1), (np.arange(len(t.ways))[:, None] * size + levels[t.grown] + 1).ravel(),
                  t.ways.ravel().astype(np.int32))
        return np.cumsum(table, axis=1, out=table)

    return _Tables(both, both[:, -1].copy(), both[-1].copy(), cumulative_1d(d.high, x_size),
                   cumulative_1d(d.low, y_size), d.high[t.grown].astype(np.int16), d.low[t.grown].astype(np.int16))


#: How many blocks of rows the table of every hand is counted in (8: ~1,000 rows, their temporaries
#: a few hundred kB each; fewer blocks take more fresh memory, which a fresh process pays for in page faults).
_BLOCKS = 8


@cache
def _table_counts(house_way: HouseWay, zero_zero_to_banker: bool) -> tuple[np.ndarray, np.ndarray]:
    """Wins and losses, each (8130, 3), of every face combination's settings."""
    d, t = _dealer(house_way, zero_zero_to_banker), _tables(house_way, zero_zero_to_banker)
    a, b = d.levels(*_combo_keys(zero_zero_to_banker))
    every_high, every_low = np.full_like(a, len(d.high_levels)), np.full_like(b, len(d.low_levels))
    a, b = np.concatenate([a, a, every_high], axis=1), np.concatenate([b, every_low, b], axis=1)
    # in blocks of rows: their temporaries stay in the cache and reuse the same memory
    counts = np.concatenate([_disjoint_below(t, d, rows, a[rows], b[rows])
                             for rows in np.array_split(np.arange(len(a)), _BLOCKS)])
    s = a.shape[1] // 3
    wins, high_below, low_below = counts[:, :s], counts[:, s:2 * s], counts[:, 2 * s:]
    return wins, DEALER_DEALS - high_below - low_below + wins


def _disjoint_below(t: _Tables, d: _Dealer, rows: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """#{dealer deals sharing no tile with the hand of combination ``rows[i]``, high level < a[i, q] and
    low level < b[i, q]}, each (rows, queries).

    Inclusion-exclusion: the sum over the subsets S of the hand's four tiles of (-1)^|S| times the
    number of dealer hands holding S and below; S of none, one or two tiles are read from the tables
    (signed), S of three tiles from the face each fourth tile can show, and S of four is the hand itself.
    A query bounded on one side only (a or b above every level, for all rows) reads the 1-D tables.
    """
    faces = combos().faces[rows]
    groups = _groups(faces)[:, None, :]  # (rows, 1, 11): the queries' reads side by side, then summed
    triples = _triples().index[code4(faces[:, _TRIPLES_OF_FOUR])][:, None, :]
    high_only = (b == len(d.low_levels)).all(axis=0)
    low_only = (a == len(d.high_levels)).all(axis=0) & ~high_only
    both = ~(high_only | low_only)
    count = np.empty(a.shape, dtype=np.int64)
    for side, table, three, at in ((high_only, t.high, t.three_high, a), (low_only, t.low, t.three_low, b)):
        at = at[:, side, None]
        count[:, side] = (np.einsum("nqg->nq", table.take(at * table.shape[1] + groups))
                          - np.einsum("nqs->nq", three.take(triples * three.shape[1] + at)))
    a2, b2 = a[:, both], b[:, both]
    cells = (a2 * t.both.shape[1] + b2)[:, :, None] * t.both.shape[2] + groups
    count[:, both] = np.einsum("nqg->nq", t.both.take(cells)) - _three_below(t, triples[:, 0], a2, b2)
    count += (d.high[rows, None] < a) & (d.low[rows, None] < b)
    return count


def _three_below(t: _Tables, triples: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Sum over the given three-tile subsets (rows, 4) of the dealer hands holding them and below both
    levels (rows, queries): the fourth tiles counted one by one."""
    n = len(triples)
    ways = _triples().ways[triples].reshape(n, -1)
    # (rows, queries, fourth tiles): the fourth tiles last, where numpy compares fastest
    below = ((t.grown_high[triples].reshape(n, 1, -1) < a[:, :, None].astype(np.int16))
             & (t.grown_low[triples].reshape(n, 1, -1) < b[:, :, None].astype(np.int16)))
    return np.einsum("nqk,nk->nq", below, ways)


def _optimal(wins: np.ndarray, losses: np.ndarray, house: np.ndarray) -> np.ndarray:
    """Highest-EV setting per row (spec W4), exactly in integers; ties keep the house way, then the first."""
    merit = WIN_PAYS.numerator * wins - WIN_PAYS.denominator * losses
    best = merit.argmax(axis=1)
    rows = np.arange(len(house))
    return np.where(merit[rows, house] == merit[rows, best], house, best)


def _odds(wins: int, losses: int, total: int) -> Odds:
    return Odds(wins, total - wins - losses, losses, total)
