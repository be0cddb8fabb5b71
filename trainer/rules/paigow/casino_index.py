"""A casino's house way by deciding rule: which hands each of its rules decides, built once per file.

A casino's Rules Submission (spec W3, N.J.A.C. 19:47-10.7(e)) is taught and drilled rule by rule: each
rule of the file (rules of one name are one rule, as the file's own numbering has it: "pair rule C"
written as two entries) and each group of explicit hands of one ``rule`` text is a *decider*, with a
stable id from its name; the hands the file leaves to the regulation's steps are deciders too, one a
step (621a.8(d)(1)-(4)), with the ids ``step1``-``step4`` the regulation's way uses. The index lists,
for each decider, the hands by face it decides (the casino's table of 8,130 hands, ``CasinoRules.table``)
and their weights (physical deals), so a question on a rule is dealt at once, never searched for.

>>> from pathlib import Path
>>> from trainer.rules.paigow.casino_rules import load_casino_rules
>>> rules = load_casino_rules(str(Path(__file__).parents[3] / "docs" / "casino-rules" / "harbor.toml"))
>>> index = casino_index(rules)
>>> [d.item for d in index.deciders][:3]
['harbor-pair-rule-a', 'harbor-pair-rule-b', 'harbor-pair-rule-c']
>>> import random
>>> tiles = index.deal(random.Random(1), index.deciders[1])
>>> index.item_of(tiles), rules.decide(tiles).label.split(":")[0]
('harbor-pair-rule-b', 'Harbor pair rule B')
"""

from __future__ import annotations

import random
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Iterable

import numpy as np

from trainer.rules.paigow.face_combos import _meets, combos
from trainer.rules.paigow.hands import settings
from trainer.rules.paigow.house_way import REGULATORY
from trainer.rules.paigow.tiles import Tile


def item_id(name: str) -> str:
    """A stable id from a rule's name: its words in lower case joined by hyphens.

    >>> item_id("Foxwoods pair rule A"), item_id("Wong/Gong exception C")
    ('foxwoods-pair-rule-a', 'wong-gong-exception-c')
    """
    return re.sub(r"\W+", "-", name.lower()).strip("-_") or "rule"


@dataclass(frozen=True, eq=False)
class Decider:
    """One rule of the casino's way (or one of the regulation's steps, ``step`` its number) and the hands
    by face it decides (rows of ``combos()``), with the cumulative weights of their physical deals."""

    item: str
    name: str
    texts: tuple[str, ...]
    line: int | None
    rows: np.ndarray
    cumulative: np.ndarray
    step: int | None = None

    @property
    def hands(self) -> int:
        """How many of the 8,130 hands by face it decides."""
        return len(self.rows)


@dataclass(frozen=True, eq=False)
class CasinoIndex:
    """The deciders of a casino's way, the casino's own in the file's order, then the regulation's steps
    that decide the hands left to them; only deciders that decide some hand are listed."""

    rules: Any
    deciders: tuple[Decider, ...]
    #: The decider of each row of ``combos()`` (its index in ``deciders``).
    of_row: np.ndarray
    _kept: dict[str, np.ndarray] = field(default_factory=dict)

    def decider(self, item: str) -> Decider:
        return next(d for d in self.deciders if d.item == item)

    def item_of(self, tiles: Iterable[Tile]) -> str:
        return self.deciders[int(self.of_row[combos().row_of(tiles)])].item

    def deal(self, rng: random.Random, decider: Decider) -> tuple[Tile, ...]:
        """Four tiles the decider sets, drawn as often as the shuffled tiles deal them, in a dealt order."""
        at = bisect_right(decider.cumulative.tolist(), rng.random() * float(decider.cumulative[-1]))
        tiles = list(combos().tiles(int(decider.rows[min(at, len(decider.rows) - 1)])))
        rng.shuffle(tiles)
        return tuple(tiles)

    def example(self, decider: Decider, nth: int = 0) -> tuple[Tile, ...]:
        """A fixed worked example of the decider: its ``nth`` most often dealt hand whose three settings
        differ (or, when it has too few, the last of them; or any hand it decides)."""
        c = combos()
        rows = decider.rows[np.argsort(-c.weight[decider.rows], kind="stable")]
        clear = [int(r) for r in rows[:64] if len(set(settings(c.tiles(int(r))))) == 3] or [int(rows[0])]
        return c.tiles(clear[min(nth, len(clear) - 1)])


_INDEXES: dict[str, CasinoIndex] = {}


def casino_index(rules: Any) -> CasinoIndex:
    """The index of a casino's way (``CasinoRules``), built once per file (by its SHA-256)."""
    if rules.digest not in _INDEXES:
        _INDEXES[rules.digest] = _build(rules)
    return _INDEXES[rules.digest]


def joined_name(rule_text: str, names: set[str]) -> str:
    """The rule an explicit hand's ``rule`` text joins: "Pair rule B: ..." joins rule B where the file has
    one (rules sharing a name are one rule), else the text stands as a rule of its own.

    >>> joined_name("Pair rule B: split them", {"Pair rule B"}), joined_name("Split them", {"Pair rule B"})
    ('Pair rule B', 'Split them')
    """
    head = rule_text.partition(":")[0].strip()
    return head if head in names else rule_text


def _units(rules: Any) -> list[tuple[str, str, list[int], list[str], int | None]]:
    """(item, name, deciders of ``rules.table``, texts, line) of each rule name and explicit hands' rule
    text, in the file's order (by the line each first appears on)."""
    units: dict[str, tuple[str, str, list[int], list[str], int | None]] = {}
    names = {r.name for r in rules.rules}
    for n, r in enumerate(rules.rules):
        unit = units.setdefault(item_id(r.name), (item_id(r.name), r.name, [], [], r.line))
        unit[2].append(n)
        if r.text:
            unit[3].append(r.text)
    for e, x in enumerate(rules.exceptions):
        text = x.rule.partition(":")[2]
        name = joined_name(x.rule, names)
        unit = units.setdefault(item_id(name), (item_id(name), name, [], [], rules.line_of(x)))
        unit[2].append(len(rules.rules) + e)
        said = {t.rstrip(". ").lower() for t in unit[3]}
        if name != x.rule and text.strip() and text.strip().rstrip(". ").lower() not in said:
            unit[3].append(text.strip())
    big = 1 << 30
    return sorted(units.values(), key=lambda u: big if u[4] is None else u[4])


def _build(rules: Any) -> CasinoIndex:
    c = combos()
    choice, decider = rules.table
    of_row = np.full(len(c.faces), -1, dtype=np.int64)
    found: list[Decider] = []

    def add(item: str, name: str, texts: tuple[str, ...], line: int | None, rows: np.ndarray,
            step: int | None = None) -> None:
        if len(rows):
            of_row[rows] = len(found)
            found.append(Decider(item, name, texts, line, rows, np.cumsum(c.weight[rows]), step))

    for item, name, numbers, texts, line in _units(rules):
        add(item, name, tuple(texts), line, np.nonzero(np.isin(decider, numbers))[0])
    left = decider < 0
    for step in REGULATORY.steps:
        decides = left & _meets(step.criterion, c).any(axis=1)
        add(f"step{step.number}", f"Step {step.number}", (step.wording,), None, np.nonzero(decides)[0], step.number)
        left &= ~decides
    return CasinoIndex(rules, tuple(found), of_row)
