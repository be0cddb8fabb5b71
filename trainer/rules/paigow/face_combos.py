"""Every four-tile hand by its faces, and a house way applied to all of them at once (numpy).

The 32 tiles show 21 faces (621a.3(h)), so the 35,960 four-tile hands fall into 8,130 face
combinations, and the two-tile hands into 231 face pairs. What the rules say about a two-tile hand
(pair or value, value, strength: 621a.3(c)-(i)) is read once per face pair from :class:`Hand`
itself; a house way's steps (621a.8(d), spec W1-W3) then become masks over the three settings of
every combination, and the first step some setting meets decides, the stronger high hand, then the
stronger low hand, among those that meet it (spec W2). ``house_way.set_by_house_way`` stays the
reference: the tests compare this with it on every hand.

>>> c = combos()
>>> len(c.faces), int(c.weight.sum())
(8130, 35960)
>>> row = c.row_of(parse_tiles("6-6 4-5 1-3 2-3"))
>>> [FACES[f] for f in c.faces[row]], int(house_way_choices(REGULATORY)[row])
([Tile(low=6, high=6), Tile(low=1, high=3), Tile(low=4, high=5), Tile(low=2, high=3)], 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from math import comb
from typing import Iterable

import numpy as np

from trainer.rules.paigow.hands import Hand, Setting
from trainer.rules.paigow.house_way import (REGULATORY, Criterion, HighestWithLowest, HouseWay, KeepsSupremePair,
                                            MakesPair, MakesValue)
from trainer.rules.paigow.tiles import FACES, Tile, parse_tiles

#: Face id = index in ``FACES`` (highest rank first, as the physical ids of ``TILE_SET``).
FACE_ID = {face: i for i, face in enumerate(FACES)}
COPIES = np.array([f.copies for f in FACES], dtype=np.int64)
RANK = np.array([f.rank for f in FACES], dtype=np.int64)
#: ``BINOM[n, k]`` = C(n, k) for the copies left of a face (n <= 2) and how many a hand takes (k <= 4).
BINOM = np.array([[comb(n, k) for k in range(5)] for n in range(3)], dtype=np.int64)

#: Positions of the two hands of each setting, in ``hands.settings`` order (spec H4).
_SETTING_POSITIONS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))
#: Criteria that a setting meets when either of its hands has a property: evaluated by the criterion
#: itself on each of the 231 two-tile hands (set as both hands of a setting), then looked up.
_EITHER_HAND = (KeepsSupremePair, MakesPair, MakesValue)


def code4(faces: np.ndarray) -> np.ndarray:
    """Dense code of face ids sorted along the last axis (length 3 or 4): base-21 digits."""
    return sum(faces[..., i] * len(FACES) ** (faces.shape[-1] - 1 - i) for i in range(faces.shape[-1]))


@dataclass(frozen=True, eq=False)
class HandFacts:
    """What the rules say about each two-tile hand, as (21, 21) arrays indexed by face ids."""

    hands: tuple[tuple[Hand, ...], ...]
    score: np.ndarray      # Hand.score: higher is stronger, equal is a copy
    zero: np.ndarray       # value-zero hand (621a.3(g))
    has_value: np.ndarray  # a value hand, not a pair, Wong or Gong (621a.3(c),(e))
    value: np.ndarray      # its value, -1 for a pair
    first: np.ndarray      # the face the hand puts first (higher-ranking tile, 621a.3(h))

    @cached_property
    def doubled(self) -> tuple[Setting, ...]:
        """Each of the 231 two-tile hands set as both hands of a setting, in ``np.triu_indices`` order."""
        return tuple(Setting(h, h) for i, row in enumerate(self.hands) for h in row[i:])


@cache
def hand_facts() -> HandFacts:
    hands = tuple(tuple(Hand.of(a, b) for b in FACES) for a in FACES)
    infos = [h.info for row in hands for h in row]  # read once: each property would look it up again

    def grid(values: Iterable[int]) -> np.ndarray:
        return np.array(list(values), dtype=np.int64).reshape(len(FACES), len(FACES))

    return HandFacts(hands, grid(i.score for i in infos), grid(i.value == 0 for i in infos).astype(bool),
                     grid(i.value is not None for i in infos).astype(bool),
                     grid(-1 if i.value is None else i.value for i in infos),
                     grid(FACE_ID[h.tiles[0]] for row in hands for h in row))


def multisets(size: int) -> np.ndarray:
    """Every multiset of ``size`` faces the set can hold (no face more often than its copies), as
    rows of sorted face ids in lexicographic order.

    >>> len(multisets(2)), len(multisets(3)), len(multisets(4))
    (221, 1550, 8130)
    """
    rows = np.arange(len(FACES))[:, None]
    grow = np.arange(len(FACES))
    for _ in range(size - 1):
        last = rows[:, -1:]
        repeat = (grow == last) & ((rows == last).sum(axis=1, keepdims=True) >= COPIES[last])
        row, face = np.nonzero((grow >= last) & ~repeat)
        rows = np.concatenate([rows[row], grow[face, None]], axis=1)
    return rows


@dataclass(frozen=True, eq=False)
class Combos:
    """The 8,130 face combinations of four tiles and their three settings.

    Row r: ``faces[r]`` (sorted face ids), ``held[r, k]`` how many copies of face ``faces[r, k]`` the
    combination holds, ``first[r, k]`` whether position k is the first of its face, ``weight[r]`` the
    physical hands with these faces; ``high[r, j]``/``low[r, j]`` the face ids of the high and low
    hand of ``hands.settings(faces)[j]``, each in the hand's own tile order.
    """

    faces: np.ndarray
    held: np.ndarray
    first: np.ndarray
    weight: np.ndarray
    high: np.ndarray
    low: np.ndarray
    index: np.ndarray  # row of each ``code4`` of sorted faces, -1 where no combination

    def row_of(self, tiles: Iterable[Tile]) -> int:
        """The row of four tiles, in any order."""
        return int(self.index[code4(np.sort([FACE_ID[t] for t in tiles]))])

    def tiles(self, row: int) -> tuple[Tile, ...]:
        return tuple(FACES[f] for f in self.faces[row])


@cache
def combos() -> Combos:
    faces = multisets(4)
    # sorted faces, none held more than twice (its two copies): a face's count is it and a neighbour
    repeat = np.concatenate([np.zeros((len(faces), 1), dtype=bool), faces[:, 1:] == faces[:, :-1]], axis=1)
    held = 1 + repeat + np.roll(repeat, -1, axis=1)
    first = ~repeat
    weight = np.where(first, BINOM[COPIES[faces], held], 1).prod(axis=1)
    facts = hand_facts()
    highs, lows = [], []
    for one, other in _SETTING_POSITIONS:
        a, b = faces[:, one], faces[:, other]
        # Setting.of: the first hand is the high hand unless the second scores higher (spec H4).
        swap = (facts.score[b[:, 0], b[:, 1]] > facts.score[a[:, 0], a[:, 1]])[:, None]
        highs.append(_in_hand_order(np.where(swap, b, a)))
        lows.append(_in_hand_order(np.where(swap, a, b)))
    index = np.full(len(FACES) ** 4, -1, dtype=np.int16)  # 8,130 rows: small, few pages to touch
    index[code4(faces)] = np.arange(len(faces))
    return Combos(faces, held, first, weight, np.stack(highs, axis=1), np.stack(lows, axis=1), index)


def _in_hand_order(pairs: np.ndarray) -> np.ndarray:
    """Two faces in the order ``Hand`` keeps them (the higher-ranking tile first)."""
    first = hand_facts().first[pairs[:, 0], pairs[:, 1]]
    second = np.where(first == pairs[:, 0], pairs[:, 1], pairs[:, 0])
    return np.stack([first, second], axis=1)


# --- The house way over all combinations ------------------------------------------------------------


@cache
def house_way_choices(house_way: HouseWay = REGULATORY) -> np.ndarray:
    """Index (0-2) of the house-way setting of every combination (621a.8(d), spec W1-W3).

    Steps are tried in order; the first that some setting meets decides, and among the settings
    meeting it the stronger high hand, then low hand, is taken, the first on a tie (spec W2).
    """
    c, facts = combos(), hand_facts()
    strength = facts.score[c.high[..., 0], c.high[..., 1]] * 4096 + facts.score[c.low[..., 0], c.low[..., 1]]
    choice = np.full(len(c.faces), -1, dtype=np.int64)
    for step in house_way.steps:
        meets = _meets(step.criterion, c)
        decided = (choice < 0) & meets.any(axis=1)
        choice[decided] = np.where(meets, strength, -1)[decided].argmax(axis=1)
    assert (choice >= 0).all(), f"house way {house_way.name} has no final step that always applies"
    return choice


@cache
def deciding_steps(house_way: HouseWay = REGULATORY) -> tuple[int, ...]:
    """The numbers of the steps of ``house_way`` that decide at least one combination, in order (a drill
    aims at each; a casino's complete table of hands leaves the regulation's steps none)."""
    c = combos()
    undecided = np.ones(len(c.faces), dtype=bool)
    found = []
    for step in house_way.steps:
        decides = undecided & _meets(step.criterion, c).any(axis=1)
        if decides.any():
            found.append(step.number)
        undecided &= ~decides
    return tuple(found)


def _meets(criterion: Criterion, c: Combos) -> np.ndarray:
    """(combinations, 3) mask of the settings that meet ``criterion`` (one that tables itself, a casino's
    own step, gives its mask)."""
    if hasattr(criterion, "masks"):
        return criterion.masks(c)
    if isinstance(criterion, _EITHER_HAND):
        table = _either_hand_table(criterion)
        return table[c.high[..., 0], c.high[..., 1]] | table[c.low[..., 0], c.low[..., 1]]
    if isinstance(criterion, HighestWithLowest):
        return _highest_with_lowest(c)
    return _by_object_model(criterion, c)


def _either_hand_table(criterion: Criterion) -> np.ndarray:
    upper = np.zeros((len(FACES), len(FACES)), dtype=bool)
    upper[np.triu_indices(len(FACES))] = [criterion.applies(s) for s in hand_facts().doubled]
    return upper | upper.T


def _holds(hand: np.ndarray, face: np.ndarray) -> np.ndarray:
    """Whether each two-tile hand (..., 2) holds a tile of ``face`` (two compares: faster than any())."""
    return (hand[..., 0] == face) | (hand[..., 1] == face)


def _highest_with_lowest(c: Combos) -> np.ndarray:
    """621a.8(d)(4): the first highest-ranking and first lowest-ranking of ``Setting.tiles`` share a hand."""
    tiles = (c.high[..., 0], c.high[..., 1], c.low[..., 0], c.low[..., 1])  # in ``Setting.tiles`` order
    high, low = RANK[c.high], RANK[c.low]
    ranks = (high[..., 0], high[..., 1], low[..., 0], low[..., 1])

    def first_ranked(rank: np.ndarray) -> np.ndarray:
        found = tiles[-1]
        for tile, its in zip(tiles[-2::-1], ranks[-2::-1]):
            found = np.where(its == rank, tile, found)
        return found

    top = first_ranked(np.minimum(np.minimum(*ranks[:2]), np.minimum(*ranks[2:])))
    bottom = first_ranked(np.maximum(np.maximum(*ranks[:2]), np.maximum(*ranks[2:])))
    return (_holds(c.high, top) & _holds(c.high, bottom)) | (_holds(c.low, top) & _holds(c.low, bottom))


def _by_object_model(criterion: Criterion, c: Combos) -> np.ndarray:
    """Any other criterion: asked of each setting itself (slow, but never a second reading of a rule)."""
    from trainer.rules.paigow.hands import settings

    return np.array([[criterion.applies(s) for s in settings(c.tiles(r))] for r in range(len(c.faces))],
                    dtype=bool)

