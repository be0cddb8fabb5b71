"""Pai Gow tiles: the 32-tile set, their names, ranks and text notation.

The individual ranking of the tiles is 621a.3(h) (md 3.I, nj 10.2(g); spec JT1).
Notation follows spec N1-N2: a tile is written by its halves, smaller first (``1-2``); parsers
accept ``1-2``, ``12``, ``2-1`` and ``[1-2]`` separated by spaces or commas.

>>> Tile.parse("[6-6]")
Tile(low=6, high=6)
>>> str(Tile.parse("21")), Tile.parse("2-1").rank, Tile.parse("6-6").name
('1-2', 17, 'Twelve (6-6)')
>>> format_tiles(parse_tiles("66, 4-5 31 [2-3]"))
'6-6 4-5 1-3 2-3'
>>> len(TILE_SET), len(FACES)
(32, 21)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from trainer.rules.errors import NotationError

#: Faces in the order of 621a.3(h), highest rank first, with (rank, copies in the set).
_RANKING: tuple[tuple[str, int, int], ...] = (
    ("6-6", 1, 2), ("1-1", 2, 2), ("4-4", 3, 2), ("1-3", 4, 2), ("5-5", 5, 2), ("3-3", 6, 2),
    ("2-2", 7, 2), ("5-6", 8, 2), ("4-6", 9, 2), ("1-6", 10, 2), ("1-5", 11, 2),
    ("3-6", 12, 1), ("4-5", 12, 1), ("2-6", 13, 1), ("3-5", 13, 1), ("2-5", 14, 1),
    ("3-4", 14, 1), ("2-4", 15, 1), ("1-4", 16, 1), ("2-3", 16, 1), ("1-2", 17, 1),
)

#: The regulations' number words for a tile's spot total (621a.3(c),(h)).
_NUMBER_WORDS = {
    3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine",
    10: "Ten", 11: "Eleven", 12: "Twelve", 2: "Two",
}

#: Traditional Chinese names, shown as a second label (spec N1).
_CHINESE = {
    "6-6": "Teen", "1-1": "Day", "4-4": "Yun", "1-3": "Gor", "5-5": "Mooy", "3-3": "Chong",
    "2-2": "Bon", "5-6": "Foo", "4-6": "Ping", "1-6": "Tit", "1-5": "Look",
    "3-6": "Chop Gow", "4-5": "Chop Gow", "2-6": "Chop Bot", "3-5": "Chop Bot",
    "2-5": "Chop Chit", "3-4": "Chop Chit", "1-4": "Chop Ng", "2-3": "Chop Ng",
    "2-4": "Gee Joon", "1-2": "Gee Joon",
}

_TOKEN = re.compile(r"^\[?([1-6])-?([1-6])\]?$")


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One tile face, written ``low-high`` (spec N1). Two physical tiles may share a face."""

    low: int
    high: int
    # Derived once per tile: a round reads a tile's text, rank and hash hundreds of times.
    _text: str = field(init=False, repr=False, compare=False)
    _rank: int = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        text = f"{self.low}-{self.high}"
        if text not in _RANK_OF:
            raise NotationError(f"{text} is not a Pai Gow tile")
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_rank", _RANK_OF[text])
        object.__setattr__(self, "_hash", hash((self.low, self.high)))  # the value a dataclass would hash to

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, token: str) -> Tile:
        """Parse one tile in any form of spec N2 (``1-2``, ``12``, ``2-1``, ``[1-2]``)."""
        match = _TOKEN.match(token.strip())
        if not match:
            raise NotationError(f"'{token}' is not a tile (write it like 1-2 or 12, halves 1 to 6)")
        a, b = sorted((int(match.group(1)), int(match.group(2))))
        return cls(a, b)

    def __str__(self) -> str:
        return self._text

    @property
    def pips(self) -> int:
        """Total spots on the tile."""
        return self.low + self.high

    @property
    def rank(self) -> int:
        """Individual rank 1 (highest, 6-6) to 17 (lowest, 1-2) under 621a.3(h)."""
        return self._rank

    @property
    def is_gee_joon(self) -> bool:
        """True for 1-2 and 2-4, the tiles of the Supreme Pair (621a.1, 621a.3(f))."""
        return self._text in ("1-2", "2-4")

    @property
    def name(self) -> str:
        """The regulations' name, e.g. ``Twelve (6-6)``, ``Three (1-2)`` (621a.3(h))."""
        return f"{_NUMBER_WORDS[self.pips]} ({self})"

    @property
    def chinese_name(self) -> str:
        """Traditional Chinese name (Teen, Day, ...), a second label only (spec N1)."""
        return _CHINESE[self._text]

    @property
    def copies(self) -> int:
        """How many physical tiles of this face the 32-tile set holds (621a.3(h))."""
        return _COPIES_BY_HALVES[self.low, self.high]


_RANK_OF = {face: rank for face, rank, _ in _RANKING}
_COPIES_BY_HALVES = {(int(face[0]), int(face[2])): copies for face, _, copies in _RANKING}

#: The 21 faces, highest rank first (621a.3(h)).
FACES: tuple[Tile, ...] = tuple(Tile(int(f[0]), int(f[2])) for f, _, _ in _RANKING)

#: The 32 physical tiles, highest rank first; index = physical tile id used by the woodpile.
TILE_SET: tuple[Tile, ...] = tuple(t for t in FACES for _ in range(t.copies))

_SEPARATORS = re.compile(r"[\s,;]+")


def tokens(text: str) -> list[str]:
    """Split text into tile tokens on spaces, commas and semicolons."""
    return [tok for tok in _SEPARATORS.split(text.strip()) if tok]


def parse_tiles(text: str | Iterable[str], count: int | None = None) -> tuple[Tile, ...]:
    """Parse several tiles (spec N2), checking the count and that the set holds them.

    >>> parse_tiles("6-6 6-6 6-6")
    Traceback (most recent call last):
    ...
    trainer.rules.errors.NotationError: too many 6-6: the set has only 2
    """
    toks = tokens(text) if isinstance(text, str) else list(text)
    tiles = tuple(Tile.parse(tok) for tok in toks)
    if count is not None and len(tiles) != count:
        raise NotationError(f"expected {count} tiles, got {len(tiles)}")
    for face, n in Counter(tiles).items():
        if n > face.copies:
            raise NotationError(f"too many {face}: the set has only {face.copies}")
    return tiles


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles the canonical way, ``6-6 4-5 1-3 2-3`` (spec N2)."""
    return " ".join(str(t) for t in tiles)


def missing_and_extra(tiles: Iterable[Tile]) -> tuple[list[Tile], list[Tile]]:
    """Compare tiles with the 32-tile set: (missing faces, extra faces), one entry per tile."""
    have, want = Counter(tiles), Counter(TILE_SET)
    return sorted((want - have).elements()), sorted((have - want).elements())
