"""A casino's house way as a table of every hand and as a chart a training room can hang.

``hand_rows``: each of the 8,130 four-tile hands by face (621a.3(h)'s order), with the high and low hand
the file's way sets and the rule that decides it, or the regulation's step (621a.8(d)(1)-(4), cited in
the profile's own words) for a hand the file leaves to it. ``chart``: the way's rules in the order they
are tried, each with two hands it decides as examples (its first and its middle hand by face), then what the
regulation's steps decide (docs/casino-rules.md, ``casino-rules table``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from trainer.rules.paigow.casino_index import joined_name
from trainer.rules.paigow.casino_rules import CasinoRules, regulation_steps, tiles_texts
from trainer.rules.paigow.face_combos import combos
from trainer.rules.paigow.tiles import FACES

_TEXT = tuple(str(f) for f in FACES)


class HandRow(NamedTuple):
    """One hand by face: its tiles, the high and low hand the way sets, the rule's name (None: the
    regulation's step, ``regulation`` its citation)."""

    tiles: str
    high: str
    low: str
    rule: str | None
    regulation: str | None


def _hands(rows: np.ndarray, choice: np.ndarray) -> tuple[list[str], list[str]]:
    c = combos()
    high, low = c.high[rows, choice[rows]].tolist(), c.low[rows, choice[rows]].tolist()
    return [f"{_TEXT[a]} {_TEXT[b]}" for a, b in high], [f"{_TEXT[a]} {_TEXT[b]}" for a, b in low]


def hand_rows(rules: CasinoRules) -> list[HandRow]:
    """Every hand by face with its setting and deciding rule (``casino-rules table``)."""
    c = combos()
    choice, decider = rules.table
    rows = np.arange(len(c.faces))
    high, low = _hands(rows, choice)
    step = regulation_steps()[1]
    names = {d: rules.name_of(d) for d in set(decider.tolist())}
    cite = rules.profile.cite_item
    return [HandRow(t, h, lo, names[d], None if d >= 0 else cite("house_way", s))
            for t, h, lo, d, s in zip(tiles_texts(c, rows), high, low, decider.tolist(), step.tolist())]


class ChartEntry(NamedTuple):
    """A rule of the chart: its name, its text, how many hands it decides and two examples (tiles, high, low)."""

    name: str
    text: str
    hands: int
    examples: tuple[tuple[str, str, str], ...]


def chart(rules: CasinoRules) -> list[ChartEntry]:
    """The way's entries in the order they are tried: the explicit hands (by their rule text), each rule
    as written, then the regulation's steps; each that decides a hand, with two examples. Entries of one
    name are one entry (Harbor's "pair rule B" hands and its rule; Foxwoods' two "pair rule C" lines)."""
    c = combos()
    choice, _ = rules.table
    regulation = (f"The regulation's steps ({rules.profile.cite('house_way')})", "Every hand the casino's rules leave.")

    # Explicit hands join the rule their text names: rules sharing a name are one rule (docs/casino-rules.md).
    texts = {rule.name: rule.text for rule in reversed(rules.rules)}

    def key(d: int) -> tuple[str, str]:
        if d < 0:
            return regulation
        name = rules.rules[d].name if d < len(rules.rules) else joined_name(rules.label_of(d) or "", set(texts))
        return name, texts.get(name, "")

    entries = []
    for (name, text), rows in rules.grouped(key).items():
        picked = rows[sorted({0, len(rows) // 2})]
        high, low = _hands(picked, choice)
        entries.append(ChartEntry(name, text, len(rows), tuple(zip(tiles_texts(c, picked), high, low))))
    return entries


def describe(rules: CasinoRules) -> str:
    """What the way does, in one sentence for ``analyze``: its rules, the ones that decide most hands, and
    how many hands it sets otherwise than the regulation's steps (N.J.A.C. 19:47-10.7(e)'s exceptions)."""
    from trainer.rules.paigow.casino_rules import check

    found = check(rules)
    by_name = [(name, len(rows)) for name, rows in rules.hands_by_rule().items() if name is not None]
    top = sorted(by_name, key=lambda x: -x[1])[:3]
    left = found.decided[-1][2]
    leaves = (f"leaving {left:,} hands to the regulation's steps ({rules.profile.cite('house_way')})" if left
              else "deciding every hand itself")
    most = ", ".join(f"'{name}' ({n:,})" for name, n in top)
    return (f"the casino's {len(rules.rules)} rules{f' and {len(rules.exceptions):,} listed hands' if rules.exceptions else ''}"
            f" tried in order whatever the odds, {leaves}; the rules deciding most of the {found.hands:,} hands by "
            f"face are {most}; it sets {len(found.departures):,} of them otherwise than the regulation's steps would")
