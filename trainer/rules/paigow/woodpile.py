"""The woodpile: the 32 tiles mixed face down and formed into eight stacks of four, and the cut.

Mixing and stacking (621a.4(c),(d); nj 10.4(d); md 4.E): the tiles are mixed face down, then "the
dealer shall then randomly pick up four tiles with each hand and place them side by side in stacks
in front of the table inventory container, forming eight stacks of four tiles". Here the mix is a
shuffle by one injected ``random.Random`` (spec R1), so a seed replays the same woodpile.

Coordinates (spec D2.2): stacks ``S1``..``S8`` from the dealer's right end to his left end; layer 1
is a stack's top tile, layer 4 the one on the felt. A woodpile holds *physical tile ids* 0..31, the
index into :data:`trainer.rules.paigow.tiles.TILE_SET`, so the two 6-6 stay two objects an animation can
follow. Its text form is the 32 tiles S1 top..bottom, then S2, ..., S8 (spec D2.2, README N2).

The cut (621a.9(g); nj 10.8(g); md 9.G; spec D2.4, spec JQ30), only in a round with a
player bank: a block of adjacent stacks moves to one end (form 1), or is split once and its two
parts go to opposite ends (form 2); each part keeps its order and the row is renamed S1..S8.

>>> w = Woodpile.fixture()
>>> w.stack("S2"), w.address(13), w.tile_at("S4", 2)
((4, 5, 6, 7), ('S4', 2), 13)
>>> print(w.front_view(str))
      S8  S7  S6  S5  S4  S3  S2  S1
  1   28  24  20  16  12   8   4   0
  2   29  25  21  17  13   9   5   1
  3   30  26  22  18  14  10   6   2
  4   31  27  23  19  15  11   7   3
>>> Cut.parse("S4-S5 right").order()            # spec D2.4, form (1)
(4, 5, 1, 2, 3, 6, 7, 8)
>>> Cut.parse("S3-S4 right, S5-S6 left").order()  # spec D2.4, form (2)
(3, 4, 1, 2, 7, 8, 5, 6)
"""

from __future__ import annotations

import enum
import random
import re
from dataclasses import dataclass
from itertools import chain
from typing import Callable, Iterable

from trainer.rules.errors import NotationError, TrainerError
from trainer.rules.paigow.tiles import TILE_SET, Tile, format_tiles, missing_and_extra, tokens

STACKS, LAYERS = 8, 4

#: The 32 tiles face up in 16 pairs by rank, Supreme Pair first (621a.4(b),(g)), as spec D8 writes
#: them; read as a woodpile its ids match the positions of the fixture (spec D8 worked deals).
OPENING_ORDER = ("2-4 1-2 6-6 6-6 1-1 1-1 4-4 4-4 1-3 1-3 5-5 5-5 3-3 3-3 2-2 2-2 "
                 "5-6 5-6 4-6 4-6 1-6 1-6 1-5 1-5 3-6 4-5 3-5 2-6 3-4 2-5 1-4 2-3")

#: Stack names, S1 at the dealer's right end to S8 at his left end (spec D2.2).
STACK_NAMES: tuple[str, ...] = tuple(f"S{k}" for k in range(1, STACKS + 1))

Stack = tuple[int, ...]
#: The ids 0..31, as a woodpile's ids sort.
_ALL_IDS = list(range(len(TILE_SET)))


def stack_number(name: str | int) -> int:
    """1..8 for ``S1``..``S8`` (or the number itself); anything else is a :class:`NotationError`."""
    text = str(name).strip().upper().removeprefix("S")
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= STACKS:
        raise NotationError(f"'{name}' is not a stack (S1..S8)")
    return int(text)


def stack_name(name: str | int) -> str:
    """The canonical name ``S1``..``S8`` of a stack given by name or number."""
    return STACK_NAMES[stack_number(name) - 1]


@dataclass(frozen=True, slots=True)
class Woodpile:
    """Eight stacks S1..S8 (dealer's right to left), each four tile ids from top to bottom."""

    stacks: tuple[Stack, ...]

    def __post_init__(self) -> None:
        if len(self.stacks) != STACKS or any(len(s) != LAYERS for s in self.stacks):
            raise NotationError("a woodpile is eight stacks of four tiles")
        if sorted(chain.from_iterable(self.stacks)) != _ALL_IDS:
            raise NotationError("a woodpile holds each physical tile id 0..31 exactly once")

    @classmethod
    def from_ids(cls, ids: Iterable[int]) -> Woodpile:
        """The woodpile of 32 ids listed S1 top..bottom, then S2, ..., S8."""
        flat = tuple(ids)
        return cls(tuple(flat[k:k + LAYERS] for k in range(0, len(flat), LAYERS)))

    @classmethod
    def fixture(cls) -> Woodpile:
        """The test fixture of spec D2.3/D8: tile id ``4*(s-1) + (l-1)`` at stack Ss, layer l."""
        return cls.from_ids(range(STACKS * LAYERS))

    @classmethod
    def parse(cls, text: str) -> Woodpile:
        """Read 32 tile names (S1 top..bottom, S2, ..., S8); equal faces get ids in reading order.

        >>> Woodpile.parse(str(Woodpile.fixture()).replace("1-2", "6-6"))
        Traceback (most recent call last):
        ...
        trainer.rules.errors.NotationError: the woodpile is not the 32-tile set: missing 1-2; extra 6-6
        """
        faces = [Tile.parse(tok) for tok in tokens(text)]
        missing, extra = missing_and_extra(faces)
        if missing or extra:
            counted = f" ({len(faces)} tiles given)" if len(faces) != len(TILE_SET) else ""
            raise NotationError(f"the woodpile is not the 32-tile set{counted}: missing {_names(missing)}; "
                                f"extra {_names(extra)}")
        free = {face: [i for i, t in enumerate(TILE_SET) if t == face] for face in set(faces)}
        return cls.from_ids(free[face].pop(0) for face in faces)

    @property
    def ids(self) -> tuple[int, ...]:
        """All 32 ids, S1 top..bottom, then S2, ..., S8."""
        return tuple(i for s in self.stacks for i in s)

    def stack(self, name: str | int) -> Stack:
        """The ids of one stack, top first."""
        return self.stacks[stack_number(name) - 1]

    def tile_at(self, name: str | int, layer: int) -> int:
        """The id at ``S<name>/<layer>`` (layer 1 = top)."""
        return self.stack(name)[layer - 1]

    def address(self, tile_id: int) -> tuple[str, int]:
        """Where a tile stands: (stack name, layer)."""
        for name, stack in zip(STACK_NAMES, self.stacks):
            if tile_id in stack:
                return name, stack.index(tile_id) + 1
        raise NotationError(f"no tile {tile_id} in the woodpile")

    def tiles(self) -> tuple[Tile, ...]:
        """The faces, in text order."""
        return tuple(TILE_SET[i] for i in self.ids)

    def mirror(self) -> Woodpile:
        """The same stacks in reverse order, Sk <-> S(9-k) (spec D7)."""
        return Woodpile(self.stacks[::-1])

    def reordered(self, order: Iterable[int]) -> Woodpile:
        """The woodpile whose new S1..S8 are the old stacks numbered ``order``."""
        return Woodpile(tuple(self.stacks[k - 1] for k in order))

    def front_view(self, label: Callable[[int], str] = lambda i: str(TILE_SET[i])) -> str:
        """The dealer's view of the row (spec D2.3): S8 on the left, S1 on the right, top layer first."""
        cells = [[label(i) for i in s] for s in self.stacks]
        width = max(3, *(len(c) for s in cells for c in s))
        rows = ["    " + "".join(f"{n:>{width + 1}}" for n in reversed(STACK_NAMES))]
        rows += [f"{layer + 1:>3} " + "".join(f"{s[layer]:>{width + 1}}" for s in reversed(cells))
                 for layer in range(LAYERS)]
        return "\n".join(rows)

    def __str__(self) -> str:
        return format_tiles(self.tiles())


def _names(tiles: list[Tile]) -> str:
    return format_tiles(tiles) if tiles else "none"


def mix_and_stack(rng: random.Random) -> Woodpile:
    """Mix the 32 tiles face down and form the eight stacks (621a.4(c),(d)); all chance from ``rng``."""
    ids = list(range(len(TILE_SET)))
    rng.shuffle(ids)
    return Woodpile.from_ids(ids)


class End(enum.StrEnum):
    """An end of the row of stacks, as the dealer sees it (spec D1.4)."""

    RIGHT = "right"
    LEFT = "left"

    @property
    def other(self) -> End:
        return End.LEFT if self is End.RIGHT else End.RIGHT


@dataclass(frozen=True, slots=True)
class Cut:
    """A cut of 621a.9(g): the block S``first``..S``last`` (first <= last) goes to the end ``to``.

    With ``split`` (form 2) the block is split after its first ``split`` stacks (counted from the
    dealer's right): that right-hand part goes to ``to`` and the rest to the other end. The bank
    directs either assignment (spec D10 Q1).
    """

    first: int
    last: int
    to: End
    split: int | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.first <= self.last <= STACKS:
            raise TrainerError(f"a cut moves a block of adjacent stacks S1..S8, not S{self.first}-S{self.last}")
        if self.split is not None and not 1 <= self.split < self.size:
            raise TrainerError("a cut in two parts needs at least one stack in each part (621a.9(g)(2))")
        if self.order() == tuple(range(1, STACKS + 1)):
            raise TrainerError(f"that cut leaves every stack where it is: {self}")

    @property
    def size(self) -> int:
        return self.last - self.first + 1

    @property
    def form(self) -> int:
        """1 = one block to one end, 2 = two parts to opposite ends (621a.9(g)(1),(2))."""
        return 1 if self.split is None else 2

    def parts(self) -> tuple[tuple[tuple[int, ...], End], ...]:
        """Each moved part (old stack numbers, dealer's right first) with the end it goes to."""
        block = tuple(range(self.first, self.last + 1))
        if self.split is None:
            return ((block, self.to),)
        return (block[:self.split], self.to), (block[self.split:], self.to.other)

    def order(self) -> tuple[int, ...]:
        """The old stack numbers that become S1..S8 after the cut (spec D2.4)."""
        parts = self.parts()
        rest = tuple(k for k in range(1, STACKS + 1) if not self.first <= k <= self.last)
        right = tuple(k for part, end in parts if end is End.RIGHT for k in part)
        left = tuple(k for part, end in parts if end is End.LEFT for k in part)
        return right + rest + left

    def apply(self, woodpile: Woodpile) -> Woodpile:
        """The woodpile as the delivery sees it, renamed S1..S8 after the cut."""
        return woodpile.reordered(self.order())

    def __str__(self) -> str:
        return ", ".join(f"{span_name(part)} {end}" for part, end in self.parts())

    @classmethod
    def parse(cls, text: str) -> Cut:
        """Read ``S4-S5 right`` (form 1) or ``S3-S4 right, S5-S6 left`` (form 2; parts adjacent)."""
        parts = [_CUT_PART.fullmatch(p.strip()) for p in text.split(",")]
        if not 1 <= len(parts) <= 2 or not all(parts):
            raise NotationError(f"'{text}' is not a cut (write e.g. 'S4-S5 right' or 'S3-S4 right, S5-S6 left')")
        spans = [(stack_number(m["a"]), stack_number(m["b"] or m["a"]), End(m["end"].lower())) for m in parts]
        spans = sorted((min(a, b), max(a, b), end) for a, b, end in spans)
        if len(spans) == 1:
            return cls(spans[0][0], spans[0][1], spans[0][2])
        (a1, b1, end1), (a2, b2, end2) = spans
        if a2 != b1 + 1 or end1 == end2:
            raise TrainerError("the two parts of a cut must be adjacent and go to opposite ends (621a.9(g)(2))")
        return cls(a1, b2, end1, split=b1 - a1 + 1)


def span_name(stacks: tuple[int, ...]) -> str:
    """``S4`` or ``S4-S5``: a run of adjacent stacks by number."""
    return f"S{stacks[0]}" if len(stacks) == 1 else f"S{stacks[0]}-S{stacks[-1]}"


_CUT_PART = re.compile(r"(?P<a>S?\d)(?:\s*-\s*(?P<b>S?\d))?\s+(?P<end>right|left)", re.IGNORECASE)
