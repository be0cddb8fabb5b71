"""The vocabulary of a casino's house way rules (docs/casino-rules.md): kinds of tile, hands, and the
patterns a setting meets, each tabled over the three settings of all 8,130 hands by face at once.

A casino's Rules Submission writes its house way in the words of its booklet (N.J.A.C. 19:47-10.7(e);
621a.8(b)): "a 6 and a 4" (spot totals, 621a.3(h)), "a low of at least a High 3", "Teen or Day",
"the highest-ranking tile in the low hand", "never play a setting that does not maximise the point
count". Each phrase here is a pure function of the tiles: a kind of tile is a mask over the 21 faces,
a hand a mask over the 21 x 21 two-tile hands, a pattern a mask over every setting (8,130 x 3).

>>> sorted(map(str, tile_kind("teen or day"))), sorted(map(str, tile_kind("any 6, 7 or low 8")))[:3]
(['1-1', '6-6'], ['1-5', '1-6', '2-4'])
>>> hand_threshold("7"), hand_threshold("3 over high 6")
(701, 312)
>>> Pattern.parse("2/5 over high 5 or better").text
'2/5 over high 5 or better'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Callable

import numpy as np

from trainer.rules.errors import NotationError
from trainer.rules.paigow.face_combos import RANK, Combos, combos, hand_facts
from trainer.rules.paigow.hands import HandKind
from trainer.rules.paigow.tiles import FACES, Tile

# --- Kinds of tile: "4-6", "10", "high 10", "low 8", "gee joon", "teen or day", "any 6, 7 or low 8" --------

#: Faces named by their traditional name (spec N1), as the casinos' booklets write them.
_NAMED = {"teen": "6-6", "day": "1-1", "yun": "4-4", "gor": "1-3", "mooy": "5-5", "chong": "3-3", "bon": "2-2",
          "foo": "5-6", "ping": "4-6", "tit": "1-6", "look": "1-5"}


def tile_kind(text: str) -> frozenset[Tile]:
    """The faces a kind of tile names: a face (``4-6``), a spot total (``10``: 5-5 and 4-6), ``high N``
    (the higher-ranking faces of that total, 621a.3(h): ``high 8`` is 4-4), ``low N`` (the others),
    ``gee joon`` (1-2 and 2-4; ``gee`` alone is either), a name (``teen``, ``day``, ``yun`` ...), or a
    union of these joined by commas and ``or`` (``any 6, 7 or low 8``; a leading ``any`` is a word only).
    """
    words = text.lower().replace(",", " or ").split()
    if words[:1] == ["any"]:
        words = words[1:]
    parts, part = [], []
    for word in words + ["or"]:
        if word != "or":
            part.append(word)
        elif part:
            parts.append(part)
            part = []
    if not parts:
        raise NotationError(f"'{text}' is no kind of tile (write a tile like 4-6, a spot total like 10, "
                            "'high 8', 'low 10', 'teen', 'gee joon', or several joined by 'or')")
    return frozenset().union(*(_one_kind(p, text) for p in parts))


def _one_kind(words: list[str], text: str) -> frozenset[Tile]:
    if words in (["gee", "joon"], ["gee"]):
        return frozenset(f for f in FACES if f.is_gee_joon)
    if len(words) == 1 and words[0] in _NAMED:
        return frozenset((Tile.parse(_NAMED[words[0]]),))
    if len(words) == 1 and "-" in words[0]:
        try:
            return frozenset((Tile.parse(words[0]),))
        except NotationError:
            pass
    if len(words) in (1, 2) and _number(words[-1]) and (len(words) == 1 or words[0] in ("high", "low")):
        faces = [f for f in FACES if f.pips == int(words[-1])]
        if faces and len(words) == 2:
            best = min(f.rank for f in faces)
            faces = [f for f in faces if (f.rank == best) == (words[0] == "high")]
        if faces:
            return frozenset(faces)
    raise NotationError(f"'{text}' is no kind of tile (write a tile like 4-6, a spot total like 10, "
                        "'high 8', 'low 10', 'teen', 'gee joon', or several joined by 'or')")


def _number(word: str) -> bool:
    """A number written in ASCII digits ("²" or "①" are refused, not read as another number)."""
    return re.fullmatch(r"[0-9]{1,2}", word) is not None


def members(kind: frozenset[Tile]) -> np.ndarray:
    """(21,) mask of the faces of a kind."""
    return np.array([f in kind for f in FACES], dtype=bool)


# --- Hands: "7", "3 over high 6", "gong", "7, 8 or 9", each exactly or "or better" -------------------------


def hand_threshold(text: str) -> int:
    """The least ``Hand.score`` a hand needs to be at least ``N`` or ``N over KIND`` (a hand worth N whose
    highest-ranking tile ranks at least as high as KIND's lowest, 621a.3(e),(h)): ``3 over high 6`` is
    the Foxwoods "High 3"."""
    value, worst = _value_over(text)
    return value * 100 + 18 - worst


def _value_over(text: str) -> tuple[int, int]:
    """(N, the lowest rank KIND allows) of ``N`` or ``N over KIND`` (17: any tile)."""
    value, _, kind = text.strip().partition(" over ")
    if not _number(value.strip()) or int(value) > 9:
        raise NotationError(f"'{text}' is no hand (write 0 to 9, 'N over KIND' like '3 over high 6', 'pair', "
                            "'wong', 'gong' or 'high nine')")
    return int(value), (max(f.rank for f in tile_kind(kind)) if kind else 17)


def _high_nine(hand) -> bool:
    return hand.value == 9 and any(t.pips in (2, 12) for t in hand.tiles) and any(t.pips == 7 for t in hand.tiles)


#: Hands named by kind: a pair (621a.3(c)), a Wong, a Gong, a High Nine (a 2 or 12 with a 7).
HAND_KINDS: dict[str, Callable] = {
    "pair": lambda h: h.kind in (HandKind.SUPREME, HandKind.MATCHED, HandKind.MIXED),
    "wong": lambda h: h.kind is HandKind.WONG,
    "gong": lambda h: h.kind is HandKind.GONG,
    "high nine": _high_nine,
}


@cache
def hand_table(test: Callable) -> np.ndarray:
    """(21, 21) mask of the two-tile hands by face that ``test`` accepts."""
    return np.array([[test(h) for h in row] for row in hand_facts().hands], dtype=bool)


def hand_mask(text: str, better: bool) -> np.ndarray:
    """(21, 21) mask of the hands ``text`` names: ``any``, or alternatives joined by commas and ``or``,
    each a value, ``N over KIND`` or a named kind; exactly (``7``: worth 7), or with ``better`` at least
    (``7``: worth 7 or more, or a pair, Wong or Gong; ``gong``: a Gong or better)."""
    facts = hand_facts()
    if text.strip() == "any":
        return np.ones_like(facts.zero, dtype=bool)
    found = np.zeros_like(facts.zero)
    for alt in re.split(r",|\bor\b", text):
        alt = " ".join(alt.split())
        if alt in HAND_KINDS:
            exact = hand_table(HAND_KINDS[alt])
            found |= facts.score >= facts.score[exact].min() if better else exact
            continue
        value, worst = _value_over(alt)
        least = value * 100 + 18 - worst
        found |= (facts.score >= least) if better else (facts.has_value & (facts.value == value) & (facts.score >= least))
    return found


# --- Every setting of every hand --------------------------------------------------------------------------

#: The positions (in sorted faces) of the two hands of each setting, in ``settings`` order (spec H4).
SETTING_PAIRS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))


@dataclass(frozen=True, eq=False)
class Grid:
    """Every combination's settings as face ids (``Combos``), with what the rules say of each hand, and
    the pair the rule being tried holds: ``together[r, j]`` / ``split[r, j]`` whether setting j keeps
    every such pair together / splits every one (None: the rule names no pair)."""

    c: Combos
    high_score: np.ndarray
    low_score: np.ndarray
    points: np.ndarray
    together: np.ndarray | None = None
    split: np.ndarray | None = None

    def hands(self, high: np.ndarray, low: np.ndarray) -> np.ndarray:
        """Whether the high hand of each setting is one ``high`` (21 x 21 faces) marks and the low one ``low``."""
        c = self.c
        return high[c.high[..., 0], c.high[..., 1]] & low[c.low[..., 0], c.low[..., 1]]

    def either_hand(self, table: np.ndarray) -> np.ndarray:
        """Whether the high or the low hand of each setting is one ``table`` marks."""
        c = self.c
        return table[c.high[..., 0], c.high[..., 1]] | table[c.low[..., 0], c.low[..., 1]]

    def strength(self, choose: str) -> np.ndarray:
        """How ``choose`` orders the settings: ``high`` the stronger high hand, then the stronger low
        (spec W2); ``low`` the stronger low hand, then the high; ``lowest high`` the weaker high hand,
        then the stronger low."""
        if choose == "high":
            return self.high_score * 4096 + self.low_score
        if choose == "low":
            return self.low_score * 4096 + self.high_score
        return (4095 - self.high_score) * 4096 + self.low_score

    def balanced(self) -> np.ndarray:
        """The most balanced setting of each combination: the strongest low hand, then the stronger high."""
        return self.strength("low").argmax(axis=1)


@cache
def grid() -> Grid:
    c, facts = combos(), hand_facts()
    h, l = (c.high[..., 0], c.high[..., 1]), (c.low[..., 0], c.low[..., 1])
    pips = np.array([f.pips for f in FACES], dtype=np.int64)
    # a hand's points: its value (621a.3(e)); a pair, Wong or Gong its spots, the left digit dropped
    points = np.where(facts.has_value, facts.value, (pips[:, None] + pips[None, :]) % 10)
    return Grid(c, facts.score[h], facts.score[l], points[h] + points[l])


# --- Patterns a setting meets ------------------------------------------------------------------------------

Mask = Callable[[Grid], np.ndarray]


def _tile_in(where: str, kind: frozenset[Tile]) -> Mask:
    faces = members(kind)
    return lambda g: faces[g.c.high if where == "high" else g.c.low].any(axis=-1)


def _highest_in(where: str) -> Mask:
    def mask(g: Grid) -> np.ndarray:
        top = RANK[g.c.faces].min(axis=1)[:, None]
        return RANK[g.c.high if where == "high" else g.c.low].min(axis=-1) == top
    return mask


def _dominated(g: Grid) -> np.ndarray:
    """Settings another setting of the same tiles beats on both hands."""
    hs, ls = g.high_score, g.low_score
    return np.stack([((hs > hs[:, [j]]) & (ls > ls[:, [j]])).any(axis=1) for j in range(3)], axis=1)


def _dominating(g: Grid) -> np.ndarray:
    """Settings that beat every other setting of the same tiles (not the same hands) on both hands."""
    hs, ls = g.high_score, g.low_score
    return np.stack([(((hs[:, [j]] > hs) & (ls[:, [j]] > ls)) | ((hs[:, [j]] == hs) & (ls[:, [j]] == ls))).all(axis=1)
                     for j in range(3)], axis=1)


def _fixed(j: int) -> Mask:
    return lambda g: np.broadcast_to(np.arange(3) == j, g.high_score.shape)


#: Patterns of one or more fixed words.
_WORDS: dict[str, Mask] = {
    "any": lambda g: np.ones(g.high_score.shape, dtype=bool),
    "pair together": lambda g: g.together,
    "pair split": lambda g: g.split,
    "two pairs": lambda g: g.hands(*(hand_table(HAND_KINDS["pair"]),) * 2),
    "highest tile high": _highest_in("high"),
    "highest tile low": _highest_in("low"),
    # the two highest-ranking tiles are the first two of the sorted faces (621a.3(h)'s order breaks a tie)
    "two highest together": _fixed(0),
    "two highest apart": lambda g: ~_fixed(0)(g),
    "most points": lambda g: g.points == g.points.max(axis=1, keepdims=True),
    "dominated": _dominated,
    "dominating": _dominating,
    **{name: (lambda t: lambda g: g.either_hand(hand_table(t)))(test) for name, test in HAND_KINDS.items()},
}

#: Patterns that speak of the rule's own pair.
PAIR_PATTERNS = ("pair together", "pair split")


def _atom(words: list[str]) -> Mask:
    """One condition on a setting of the ``play`` vocabulary (docs/casino-rules.md)."""
    text = " ".join(words)
    if words[:1] == ["not"] and len(words) > 1:
        inner = _atom(words[1:])
        return lambda g: ~inner(g)
    if text in _WORDS:
        return _WORDS[text]
    if " with " in text:
        table = _with_table(text)
        return lambda g: g.either_hand(table)
    if "/" in text:
        better = text.endswith(" or better")
        low, _, high = text.removesuffix(" or better").partition("/")
        low_mask, high_mask = hand_mask(low, better), hand_mask(high, better)
        return lambda g: g.hands(high_mask, low_mask)
    if len(words) >= 2 and words[-1] in ("high", "low"):
        return _tile_in(words[-1], tile_kind(" ".join(words[:-1])))
    raise NotationError(f"'{text}' is not a pattern of the vocabulary (docs/casino-rules.md)")


def _with_table(text: str) -> np.ndarray:
    """(21, 21) mask of ``KIND with KIND [worth HAND]``: a hand of a tile of each kind (worth that)."""
    pair, _, worth = text.partition(" worth ")
    first, _, second = pair.partition(" with ")
    a, b = members(tile_kind(first)), members(tile_kind(second))
    table = (a[:, None] & b[None, :]) | (b[:, None] & a[None, :])
    return table & hand_mask(worth, better=False) if worth else table


@dataclass(frozen=True)
class Pattern:
    """A setting pattern: atoms joined by ``and``, each maybe led by ``not``, e.g.
    ``8/9 or better and highest tile high`` or ``pair together and not dominated``."""

    text: str
    atoms: tuple[Mask, ...]
    speaks_of_pair: bool = False

    @classmethod
    def parse(cls, text: str) -> Pattern:
        words = text.lower().split()
        parts: list[list[str]] = [[]]
        for word in words:
            if word == "and":
                parts.append([])
            else:
                parts[-1].append(word)
        if any(not p for p in parts):
            raise NotationError(f"'{text}' has an empty part: write patterns joined by single 'and's "
                                "(docs/casino-rules.md)")
        pair = any(" ".join(p[1:] if p[0] == "not" else p) in PAIR_PATTERNS for p in parts)
        return cls(" ".join(words), tuple(_atom(p) for p in parts), pair)

    def mask(self, g: Grid) -> np.ndarray:
        result = self.atoms[0](g)
        for more in self.atoms[1:]:
            result = result & more(g)
        return result
