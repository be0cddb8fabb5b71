"""A casino way's explicit hands: ``[[house_way.exception]]`` tables and the compact ``table`` text.

N.J.A.C. 19:47-10.7(e) asks a casino to "specifically note any exceptions it proposes" to the four
steps; a Rules Submission file may list them hand by hand, up to a complete table of all 8,130 hands
by face. Each explicit hand names four tiles (matched by face in any order), the high hand (two of
them, the stronger or one of two of equal rank, spec H4) and the rule shown to the trainee. The
compact form writes one hand a line, ``TILES : HIGH`` or ``TILES : HIGH : RULE``, in a multi-line text
(docs/casino-rules.md), read here rather than by TOML tables: a complete table loads in milliseconds.

>>> lines = table_lines("harbor.toml", "1-2 2-4 4-6 6-6 : 2-4 6-6 : Pair rule B\\n# a comment\\n\\n5-5 5-5 1-6 2-5 : 5-5 5-5\\n",
...                     first_line=10, default_rule="Harbor house way")
>>> [(w.tiles, w.high, w.rule, w.line) for w in lines]
[('1-2 2-4 4-6 6-6', '2-4 6-6', 'Pair rule B', 10), ('5-5 5-5 1-6 2-5', '5-5 5-5', 'Harbor house way', 13)]
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Callable, NamedTuple

import numpy as np

from trainer.rules.casino import CasinoFileError, FileReader
from trainer.rules.errors import NotationError
from trainer.rules.paigow.face_combos import FACE_ID, Combos, code4, combos, hand_facts
from trainer.rules.paigow.tiles import FACES, Tile, parse_tiles

_KEYS = ("tiles", "high", "rule")


class HandException(NamedTuple):
    """An explicit hand of the file: its row among the 8,130 hands by face, the setting (``settings``
    order), the rule shown, its index among the ``[[house_way.exception]]`` tables (-1 for a line of the
    compact table) and, for a table line, its line in the file. A named tuple: a complete table makes
    8,130 of them, three times faster than frozen dataclasses."""

    row: int
    setting: int
    rule: str
    number: int
    line: int | None = None


class Written(NamedTuple):
    """An explicit hand as the file writes it (texts not yet checked)."""

    tiles: Any
    high: Any
    rule: Any
    number: int = -1
    line: int | None = None


def explicit_hands(reader: FileReader, raws: list, table: Any, default_rule: str) -> tuple[HandException, ...]:
    """Every explicit hand of the file, the tables then the compact table's lines, read all at once (a
    complete table is 8,130 of them); when one is wrong they are read one at a time and the first wrong
    one is a :class:`CasinoFileError` naming its line."""
    written = [*_from_tables(reader, raws)]
    if table is not None:
        if not isinstance(table, str):
            raise reader.fail(("house_way", "table"), "table: write the hands as a multi-line text in ''' quotes")
        written += table_lines(reader.path, table, _table_start(reader), default_rule)
    if not written:
        return ()
    return _all_at_once(written) or _one_by_one(reader, written)


def table_lines(path: str, text: str, first_line: int, default_rule: str) -> list[Written]:
    """The compact table's hands: one a line, ``TILES : HIGH`` or ``TILES : HIGH : RULE`` (the way's
    ``default_rule`` when none is given); blank lines and lines starting with ``#`` are skipped."""
    found = []
    for n, line in enumerate(text.split("\n")):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(":", 2)
        if len(parts) == 1:
            raise CasinoFileError(path, first_line + n, f"table: write each hand as 'TILES : HIGH' or "
                                                        f"'TILES : HIGH : RULE', not '{line}'")
        rule = parts[2].strip() if len(parts) == 3 else default_rule
        found.append(Written(parts[0].strip(), parts[1].strip(), rule, line=first_line + n))
    return found


_TABLE_KEY = re.compile(r"""^[ \t]*["']?table["']?[ \t]*=[ \t]*(.*)$""", re.MULTILINE)


def _table_start(reader: FileReader) -> int:
    """The file's line of the table text's first line: TOML drops a newline right after the opening
    quotes, so the text starts on the next line then (a backslash at a line's end in \"\"\" quotes joins
    lines and is not counted). Found by one search: the only key ``table`` is [house_way]'s."""
    text = reader.source.text
    found = _TABLE_KEY.search(text)
    if found is None:
        return 1
    key = text.count("\n", 0, found.start()) + 1
    return key + 1 if found.group(1).strip() in ("'''", '"""') else key


def _from_tables(reader: FileReader, raws: list) -> list[Written]:
    found = []
    for n, raw in enumerate(raws):
        if not (isinstance(raw, dict) and len(raw) == 3 and all(k in raw for k in _KEYS)):
            reader.table(("house_way", "exception", n), raw, _KEYS, _KEYS)  # names the problem
        found.append(Written(raw["tiles"], raw["high"], raw["rule"], number=n))
    return found


#: Face id of each tile as written ``1-2`` or ``2-1`` (other forms of spec N2 are parsed and added).
_TILE_OF: dict[str, int] = {t: FACE_ID[f] for f in FACES for t in (str(f), f"{f.high}-{f.low}")}


def face_ids(text: str) -> list[int]:
    """Face ids of the tiles written in ``text`` (each token parsed once per process)."""
    ids = []
    for token in text.split():
        if token not in _TILE_OF:
            _TILE_OF[token] = FACE_ID[Tile.parse(token)]
        ids.append(_TILE_OF[token])
    return ids


def _all_at_once(written: list[Written]) -> tuple[HandException, ...] | None:
    """The explicit hands by numpy, or None if some hand is not plainly right. The tiles of all hands are
    read as one text, each hand's closed by ``|`` (a hand of three or five tiles shows as a ``|`` out of
    place), and looked up in one pass."""
    try:
        tiles, highs = (" | ".join(getattr(w, key) for w in written).split() for key in ("tiles", "high"))
        rules = [w.rule.strip() for w in written]
    except (TypeError, AttributeError):  # not a text
        return None
    n = len(written)
    if len(tiles) != 5 * n - 1 or len(highs) != 3 * n - 1 or tiles[4::5] != ["|"] * (n - 1) \
            or highs[2::3] != ["|"] * (n - 1) or not all(rules):
        return None
    try:
        ids = np.fromiter(map(_TILE_OF.__getitem__, tiles[:4] + [t for t in tiles[5:] if t != "|"]), np.int64, 4 * n)
        high_ids = np.fromiter(map(_TILE_OF.__getitem__, highs[:2] + [t for t in highs[3:] if t != "|"]), np.int64, 2 * n)
    except KeyError:  # a tile written otherwise, or no tile
        return None
    c = combos()
    rows = c.index[code4(np.sort(ids.reshape(n, 4), axis=1))].astype(np.int64)
    high = np.sort(high_ids.reshape(n, 2), axis=1)[:, None, :]
    named_high = (np.sort(c.high[rows], axis=-1) == high).all(axis=-1)
    named_low = (np.sort(c.low[rows], axis=-1) == high).all(axis=-1) & _equal_rank()[rows]
    index = np.where(named_high.any(axis=1), named_high.argmax(axis=1),
                     np.where(named_low.any(axis=1), named_low.argmax(axis=1), -1))
    if (rows < 0).any() or (index < 0).any() or np.bincount(rows, minlength=1).max() > 1:
        return None
    return tuple(map(HandException, rows.tolist(), index.tolist(), rules, [w.number for w in written],
                     [w.line for w in written]))


@cache
def _equal_rank() -> np.ndarray:
    """(8130, 3): whether the two hands of each setting rank equal (either may be named ``high``)."""
    c, score = combos(), hand_facts().score
    return score[c.high[..., 0], c.high[..., 1]] == score[c.low[..., 0], c.low[..., 1]]


def _one_by_one(reader: FileReader, written: list[Written]) -> tuple[HandException, ...]:
    c, seen, found = combos(), {}, []
    for w in written:
        fail = _failing(reader, w)
        tiles_text, high_text, rule = (_text(fail, key, getattr(w, key)) for key in _KEYS)
        try:
            tiles = face_ids(tiles_text)
            if len(tiles) != 4:
                raise NotationError(f"an exception names four tiles, not {len(tiles)}")
            parse_tiles([str(FACES[i]) for i in tiles], count=4)
        except NotationError as exc:
            raise fail("tiles", f"tiles: {exc}") from None
        try:
            high = sorted(face_ids(high_text))
        except NotationError as exc:
            raise fail("high", f"high: {exc}") from None
        row = int(c.index[sum(f * 21 ** (3 - i) for i, f in enumerate(sorted(tiles)))])
        index = _setting_index(c, row, high)
        if index is None:
            held = len(high) == 2 and all(high.count(f) <= sorted(tiles).count(f) for f in high)
            raise fail("high", f"high: {high_text} is the weaker hand of {tiles_text}; the high hand is the "
                               "stronger (spec H4)" if held else f"high: {high_text} is not two of the tiles {tiles_text}")
        if row in seen:
            raise fail("tiles", f"tiles: {tiles_text} are already set at line {seen[row]}")
        seen[row] = w.line or reader.source.line_of(("house_way", "exception", w.number))
        found.append(HandException(row, index, rule, w.number, w.line))
    return tuple(found)


def _failing(reader: FileReader, w: Written) -> Callable[[str, str], CasinoFileError]:
    """How to name a problem of ``w``'s key: at its table line, or at the key of its TOML table."""
    if w.line is not None:
        return lambda key, problem: CasinoFileError(reader.path, w.line, problem)
    return lambda key, problem: reader.fail(("house_way", "exception", w.number, key), problem)


def _text(fail: Callable[[str, str], CasinoFileError], key: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise fail(key, f"'{key}' must be a non-empty text" + ("" if isinstance(value, str) else " in quotes"))
    return value.strip()


def _setting_index(c: Combos, row: int, high: list[int]) -> int | None:
    """The setting of ``row`` whose high hand (or, when the hands rank equal, either hand) is ``high``."""
    for j in range(3):
        if sorted(c.high[row, j].tolist()) == high:
            return j
    equal = _equal_rank()[row]
    for j in range(3):  # the named hand is the low one: only when the two rank equal (spec H4)
        if sorted(c.low[row, j].tolist()) == high and equal[j]:
            return j
    return None
