"""Two-tile hands, four-tile hands, their settings and the result of a Pai Gow Wager.

Rules (spec H1-H5): permissible pairs rank 1-20 and beat every value hand (621a.3(c)); equal pair
rank is a copy (621a.3(d)); value hands compare by value, then by the rank of the highest-ranking
tile (621a.3(e),(g)); equal top-tile rank is a copy (621a.3(i)); the Gee Joon tiles count 3 or 6
(621a.3(f), spec H2); copies and zero-zero go to the dealer or bank (621a.3(d),(g)), except that
``nj`` has no zero-zero rule (spec JQ3). Hands and settings of equal rank (:func:`rank_key`,
:func:`same_rank`) are equal everywhere: in pa and md every value-zero hand is "equally bad".

>>> h = Hand.parse("6-6 4-5")
>>> h.kind, h.pair_rank, str(h)
(<HandKind.WONG: 'Wong'>, 17, '6-6 4-5')
>>> Hand.parse("1-1 3-3").value, Hand.parse("5-6 1-6").value      # 621a.3(e)(1),(2)
(8, 8)
>>> Hand.parse("1-2 6-6").value                                  # 1-2 counted as 6: 18 -> 8
8
>>> outranks(Hand.parse("5-6 1-6"), Hand.parse("1-1 3-3"))       # 8 with top 5-6 < 8 with top 1-1
False
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import Iterable

from trainer.rules.errors import NotationError
from trainer.rules.paigow.tiles import Tile, format_tiles, parse_tiles


class HandKind(enum.Enum):
    """The kinds of two-tile hand named by 621a.3(c)."""

    SUPREME = "Supreme Pair"
    MATCHED = "Matched Pair"
    MIXED = "Mixed Pair"
    WONG = "Wong"
    GONG = "Gong"
    VALUE = "Value hand"

    @property
    def is_pair(self) -> bool:
        """True for every permissible pair of 621a.3(c): pairs, Wongs and Gongs."""
        return self is not HandKind.VALUE


_MATCHED_ORDER = ("6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5")
_MIXED = {frozenset(("3-6", "4-5")): (13, "Mixed Nines"), frozenset(("2-6", "3-5")): (14, "Mixed Eights"),
          frozenset(("2-5", "3-4")): (15, "Mixed Sevens"), frozenset(("1-4", "2-3")): (16, "Mixed Fives")}
_PLURAL = {"6-6": "Twelves", "1-1": "Twos", "4-4": "Eights", "1-3": "Fours", "5-5": "Tens",
           "3-3": "Sixes", "2-2": "Fours", "5-6": "Elevens", "4-6": "Tens", "1-6": "Sevens",
           "1-5": "Sixes"}

#: Score offset that puts every permissible pair above every value hand (621a.3(c)).
_PAIR_BASE = 1000


def _pair(a: str, b: str) -> tuple[int, HandKind, str] | None:
    """Pair rank, kind and name of two faces, or None if they are no permissible pair (621a.3(c))."""
    if {a, b} == {"1-2", "2-4"}:
        return 1, HandKind.SUPREME, "Supreme Pair"
    if a == b and a in _MATCHED_ORDER:
        return 2 + _MATCHED_ORDER.index(a), HandKind.MATCHED, f"pair of {_PLURAL[a]} ({a})"
    if frozenset((a, b)) in _MIXED:
        rank, name = _MIXED[frozenset((a, b))]
        return rank, HandKind.MIXED, name
    for big, base in (("6-6", 0), ("1-1", 1)):
        other = b if a == big else a if b == big else None
        if other in ("4-5", "3-6"):
            return 17 + base, HandKind.WONG, f"Wong ({big} with a Nine)"
        if other in ("2-6", "3-5", "4-4"):
            return 19 + base, HandKind.GONG, f"Gong ({big} with an Eight)"
    return None


def _gee_joon_options(tile: Tile) -> tuple[tuple[int, int], ...]:
    """(count, rank) choices for a tile in a value hand: Gee Joon 3 or 6 (621a.3(f), spec H2)."""
    if tile.is_gee_joon:
        return ((3, 17), (6, 15))
    return ((tile.pips, tile.rank),)


@dataclass(frozen=True, slots=True)
class HandInfo:
    """Everything the rules need to know about two tiles, computed once per pair of faces."""

    kind: HandKind
    pair_rank: int | None
    value: int | None
    top_rank: int | None
    score: int
    label: str


@cache
def _info(a: Tile, b: Tile) -> HandInfo:
    pair = _pair(str(a), str(b))
    if pair:
        rank, kind, label = pair
        return HandInfo(kind, rank, None, None, _PAIR_BASE + 21 - rank, label)
    # Among the Gee Joon counts, the higher value wins, then the higher top-tile rank (spec H2).
    value, top = max(((ca + cb) % 10, -min(ra, rb))
                     for ca, ra in _gee_joon_options(a) for cb, rb in _gee_joon_options(b))
    top = -top
    return HandInfo(HandKind.VALUE, None, value, top, value * 100 + 18 - top, f"{value}, top tile rank {top}")


@dataclass(frozen=True, slots=True)
class Hand:
    """A two-tile hand; the higher-ranking tile is kept first (621a.3(h))."""

    tiles: tuple[Tile, Tile]
    # Pure functions of the tiles, derived once per hand: a round reads them for every seat.
    _info: HandInfo = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)
    _text: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.tiles) != 2:
            raise NotationError(f"a hand has two tiles, not {len(self.tiles)}")
        a, b = self.tiles
        if b.rank < a.rank:
            a, b = b, a
            object.__setattr__(self, "tiles", (a, b))
        object.__setattr__(self, "_info", _info(a, b))
        object.__setattr__(self, "_hash", hash((self.tiles,)))  # the value a dataclass would hash to

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def of(cls, a: Tile, b: Tile) -> Hand:
        return cls((a, b))

    @classmethod
    def parse(cls, text: str) -> Hand:
        return cls(parse_tiles(text, count=2))  # type: ignore[arg-type]

    def __str__(self) -> str:
        if not self._text:  # written when first read: most hands analysed are never shown
            object.__setattr__(self, "_text", format_tiles(self.tiles))
        return self._text

    @property
    def info(self) -> HandInfo:
        return self._info

    @property
    def kind(self) -> HandKind:
        return self._info.kind

    @property
    def pair_rank(self) -> int | None:
        """Rank 1 (Supreme Pair) to 20 (Gong with 1-1) of a permissible pair (621a.3(c))."""
        return self._info.pair_rank

    @property
    def value(self) -> int | None:
        """Value 0-9 of a non-pair hand (621a.3(e)); None for a pair, Wong or Gong (JQ4)."""
        return self._info.value

    @property
    def top_rank(self) -> int | None:
        """Rank of the highest-ranking tile of a value hand, Gee Joon count applied (621a.3(f),(h))."""
        return self._info.top_rank

    @property
    def score(self) -> int:
        """A total order: higher is stronger; equal scores are copies (zero-zero aside, JQ3)."""
        return self._info.score

    @property
    def is_zero(self) -> bool:
        """A value hand whose value is zero (621a.3(g), 621a.8(g))."""
        return self._info.value == 0

    def describe(self) -> str:
        """Plain words for the trainee, e.g. ``Wong (6-6 with a Nine)`` or ``8, top tile 5-6``."""
        if self.kind.is_pair:
            return self.info.label
        return f"{self.value}, top tile {self.tiles[0]}"


def rank_key(hand: Hand, *, zero_zero_to_banker: bool = True) -> int:
    """The hand's rank as a number: higher ranks higher, equal numbers are hands of equal rank.

    Where a zero-zero tie goes to the banker (``pa-*`` 621a.3(g), ``md`` 3.H(2)) every value-zero
    hand is "equally bad, regardless of the highest ranking tile", so all of them share the lowest
    key; ``nj`` (``zero_zero_to_banker=False``) ranks them by top tile (10.2(f),(h), spec JQ3).

    >>> zero, other_zero = Hand.parse("2-2 1-5"), Hand.parse("3-3 2-2")
    >>> rank_key(zero) == rank_key(other_zero), rank_key(zero, zero_zero_to_banker=False) == rank_key(
    ...     other_zero, zero_zero_to_banker=False)
    (True, False)
    """
    info = hand._info
    return 0 if zero_zero_to_banker and info.value == 0 else info.score


def same_rank(a: Setting, b: Setting, *, zero_zero_to_banker: bool = True) -> bool:
    """True when two settings make a high hand and a low hand of equal rank: against any banker
    they win, push and lose alike, so neither is more right than the other (621a.3(d),(g),(i)).

    >>> same_rank(Setting.parse("1-1 3-3 / 2-2 1-5"), Setting.parse("1-1 1-5 / 3-3 2-2"))
    True
    >>> same_rank(Setting.parse("1-1 3-3 / 2-2 1-5"), Setting.parse("1-1 1-5 / 3-3 2-2"), zero_zero_to_banker=False)
    False
    """
    zz = zero_zero_to_banker
    return all(rank_key(x, zero_zero_to_banker=zz) == rank_key(y, zero_zero_to_banker=zz)
               for x, y in ((a.high, b.high), (a.low, b.low)))


def outranks(hand: Hand, banker: Hand, *, zero_zero_to_banker: bool = True) -> bool:
    """True when ``hand`` ranks strictly higher than the dealer's or bank's ``banker`` hand.

    Copies go to the banker (621a.3(d),(i)); so does a zero-zero tie in ``pa-*``/``md``
    (621a.3(g)); ``nj`` (``zero_zero_to_banker=False``) compares value-zero hands by top tile
    (spec JQ3). See :func:`rank_key`.

    >>> outranks(Hand.parse("3-6 2-2"), Hand.parse("4-5 2-2"))   # 3 and 3, top tiles both 2-2: copy
    False
    >>> zero, other_zero = Hand.parse("1-3 3-3"), Hand.parse("5-5 4-6")
    >>> outranks(zero, other_zero), outranks(zero, other_zero, zero_zero_to_banker=False)
    (False, True)
    """
    zz = zero_zero_to_banker
    return rank_key(hand, zero_zero_to_banker=zz) > rank_key(banker, zero_zero_to_banker=zz)


@dataclass(frozen=True, slots=True)
class Setting:
    """Four tiles set into a high hand and a low hand; the high hand is the stronger (spec H4)."""

    high: Hand
    low: Hand
    _text: str = field(default="", init=False, repr=False, compare=False)

    @classmethod
    def of(cls, a: Hand, b: Hand) -> Setting:
        return cls(a, b) if a.score >= b.score else cls(b, a)

    @classmethod
    def parse(cls, text: str) -> Setting:
        """Parse ``high / low`` (spec N2); the stronger hand becomes the high hand."""
        parts = text.split("/")
        if len(parts) != 2:
            raise NotationError(f"'{text}' is not a set hand (write it like 6-6 4-5 / 1-3 2-3)")
        return cls.of(Hand.parse(parts[0]), Hand.parse(parts[1]))

    def __str__(self) -> str:
        if not self._text:  # written when first read, once per setting
            object.__setattr__(self, "_text", f"{self.high} / {self.low}")
        return self._text

    @property
    def tiles(self) -> tuple[Tile, Tile, Tile, Tile]:
        return self.high.tiles + self.low.tiles


def settings(tiles: Iterable[Tile]) -> tuple[Setting, Setting, Setting]:
    """The three ways to set four tiles: the first tile with each of the others (spec H4).

    >>> [str(s) for s in settings(parse_tiles("6-6 4-5 1-3 2-3"))]
    ['6-6 4-5 / 1-3 2-3', '6-6 1-3 / 4-5 2-3', '6-6 2-3 / 1-3 4-5']
    """
    t = tuple(tiles)
    if len(t) != 4:
        raise NotationError(f"a Pai Gow hand has four tiles, not {len(t)}")
    others = [(1, 2, 3), (2, 1, 3), (3, 1, 2)]
    return tuple(Setting.of(Hand.of(t[0], t[i]), Hand.of(t[j], t[k])) for i, j, k in others)  # type: ignore[return-value]


class Outcome(enum.Enum):
    """Result of a Pai Gow Wager against the dealer or the bank (621a.8(g)-(i), spec H5).

    ``wager_result`` gives win, push or lose; a surrender (621a.8(e)) loses the wager, and a void
    hand (621a.10(c)-(e)) has its wager returned.
    """

    WIN = "win"
    PUSH = "push"
    LOSE = "lose"
    SURRENDER = "surrender"
    VOID = "void"


def wager_result(player: Setting, banker: Setting, *, zero_zero_to_banker: bool = True) -> Outcome:
    """Win if both player hands outrank the banker's, lose if neither does, else push.

    A player's low hand with a value of zero never wins the low (621a.8(g),(h)(1); nj 10.7(h)).

    >>> wager_result(Setting.parse("6-6 4-5 / 1-3 2-3"), Setting.parse("5-5 3-3 / 2-2 1-6"))
    <Outcome.WIN: 'win'>
    """
    high = outranks(player.high, banker.high, zero_zero_to_banker=zero_zero_to_banker)
    low = not player.low.is_zero and outranks(player.low, banker.low, zero_zero_to_banker=zero_zero_to_banker)
    if high and low:
        return Outcome.WIN
    return Outcome.PUSH if high or low else Outcome.LOSE


def all_two_tile_hands() -> list[Hand]:
    """The 496 two-tile hands of physical tiles (C(32,2)), duplicates of a face counted apart."""
    from trainer.rules.paigow.tiles import TILE_SET

    return [Hand.of(a, b) for a, b in combinations(TILE_SET, 2)]
