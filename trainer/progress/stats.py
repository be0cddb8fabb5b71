"""Statistics recomputed from the answer log: per skill, per day, skill x item/day matrices, next up.

Pure functions over answer records (anything with ``skill``, ``item``, ``correct``, ``ms`` and
``ts_utc``): the store, a drill session and a test can all use them.

>>> from types import SimpleNamespace as R
>>> log = [R(skill="vigorish", item="exact", correct=True, ms=3000, ts_utc="2024-05-01T10:00:00.000+00:00"),
...        R(skill="vigorish", item="quarter", correct=False, ms=9000, ts_utc="2024-05-02T10:00:00.000+00:00")]
>>> s = skill_stats(log)[0]
>>> s.answered, s.correct, s.accuracy, s.median_ms
(2, 1, 0.5, 6000.0)
>>> [(p.day, p.accuracy) for p in daily_series(log)]
[('2024-05-01', 1.0), ('2024-05-02', 0.0)]
>>> heatmap(log).columns, heatmap(log).accuracy
(('exact', 'quarter'), ((1.0, 0.0),))
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from statistics import median
from typing import Any, Iterable, Mapping, Protocol, Sequence

from fsrs import Card

from trainer.progress import scheduling
from trainer.progress.clock import due_by


class Answered(Protocol):
    skill: str
    item: str
    correct: bool
    ms: int
    ts_utc: str


@dataclass(frozen=True)
class SkillStats:
    """One skill's record. ``accuracy`` and ``median_ms`` are None before the first answer."""

    skill: str
    title: str
    answered: int
    correct: int
    accuracy: float | None
    median_ms: float | None
    last_utc: str | None
    next_due_utc: str | None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class DayPoint:
    """One skill on one UTC day (``YYYY-MM-DD``)."""

    day: str
    skill: str
    answered: int
    correct: int
    accuracy: float
    median_ms: float


@dataclass(frozen=True)
class HeatMap:
    """Accuracy (None where no answer) and answer counts, ``rows`` = skills x ``columns``."""

    by: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    accuracy: tuple[tuple[float | None, ...], ...]
    counts: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class DueItem:
    """An entry of the "what to practise next" list.

    ``reason``: ``due`` (the card's review time has come), ``new`` (skill never practised;
    ``item`` is None), ``weak`` (not due yet, listed by lowest predicted recall).
    """

    skill: str
    item: str | None
    reason: str
    due_utc: str | None
    retrievability: float | None


def _title(skill: str) -> str:
    from trainer.drills.registry import SKILLS, all_skills

    all_skills()
    return SKILLS[skill].title if skill in SKILLS else skill


def _skill_order(skills: Iterable[str]) -> list[str]:
    """Registry (menu) order, then unknown ids (e.g. from an old export) alphabetically."""
    from trainer.drills.registry import all_skills

    known = [s.id for s in all_skills()]
    present = set(skills)
    return [s for s in known if s in present] + sorted(present - set(known))


def _accuracy(records: Sequence[Answered]) -> float:
    return sum(r.correct for r in records) / len(records)


def skill_stats(records: Iterable[Answered], cards: Mapping[tuple[str, str], Card] | None = None) -> list[SkillStats]:
    """Per skill with any answer or card: counts, accuracy, median ms, last answer, next due."""
    by_skill: dict[str, list[Answered]] = defaultdict(list)
    for r in records:
        by_skill[r.skill].append(r)
    due: dict[str, datetime] = {}
    for (skill, _), card in (cards or {}).items():
        due[skill] = min(due.get(skill, card.due), card.due)
    out = []
    for skill in _skill_order(set(by_skill) | set(due)):
        rs = by_skill.get(skill, [])
        out.append(SkillStats(
            skill, _title(skill), len(rs), sum(r.correct for r in rs), _accuracy(rs) if rs else None,
            float(median(r.ms for r in rs)) if rs else None, max((r.ts_utc for r in rs), default=None),
            due[skill].isoformat(timespec="milliseconds") if skill in due else None))
    return out


def weakest(stats: Iterable[SkillStats], n: int = 3) -> list[SkillStats]:
    """The ``n`` skills with the lowest accuracy (slowest first among equals), answered ones only."""
    answered = [s for s in stats if s.answered]
    return sorted(answered, key=lambda s: (s.accuracy, -(s.median_ms or 0)))[:n]


def daily_series(records: Iterable[Answered], skills: Iterable[str] | None = None) -> list[DayPoint]:
    """Accuracy and median answer time per skill per UTC day, ordered by skill then day."""
    wanted = set(skills) if skills is not None else None
    groups: dict[tuple[str, str], list[Answered]] = defaultdict(list)
    for r in records:
        if wanted is None or r.skill in wanted:
            groups[(r.skill, r.ts_utc[:10])].append(r)
    order = {s: i for i, s in enumerate(_skill_order(s for s, _ in groups))}
    return [DayPoint(day, skill, len(rs), sum(r.correct for r in rs), _accuracy(rs), float(median(r.ms for r in rs)))
            for (skill, day), rs in sorted(groups.items(), key=lambda kv: (order[kv[0][0]], kv[0][1]))]


def heatmap(records: Iterable[Answered], by: str = "item") -> HeatMap:
    """Skill x item (``by="item"``) or skill x UTC day (``by="day"``) accuracy matrix."""
    if by not in ("item", "day"):
        raise ValueError(f"heatmap by 'item' or 'day', not {by!r}")
    groups: dict[tuple[str, str], list[Answered]] = defaultdict(list)
    for r in records:
        groups[(r.skill, r.item if by == "item" else r.ts_utc[:10])].append(r)
    rows = tuple(_skill_order(s for s, _ in groups))
    columns = tuple(sorted({c for _, c in groups}))
    accuracy = tuple(tuple(_accuracy(groups[(s, c)]) if (s, c) in groups else None for c in columns) for s in rows)
    counts = tuple(tuple(len(groups.get((s, c), ())) for c in columns) for s in rows)
    return HeatMap(by, rows, columns, accuracy, counts)


def next_up(cards: Mapping[tuple[str, str], Card], skills: Sequence[str], now: datetime, limit: int) -> list[DueItem]:
    """Cards due today (longest overdue first), then never-practised skills, then the weakest not-due cards."""
    wanted = set(skills)
    mine = [(skill, item, card) for (skill, item), card in cards.items() if skill in wanted]
    today = due_by(now)
    due = sorted((c.due, skill, item, c) for skill, item, c in mine if c.due < today)
    later = sorted((scheduling.retrievability(c, now), skill, item, c) for skill, item, c in mine if c.due >= today)
    practised = {skill for skill, _, _ in mine}
    out = [DueItem(skill, item, "due", c.due.isoformat(timespec="milliseconds"), scheduling.retrievability(c, now))
           for _, skill, item, c in due]
    out += [DueItem(skill, None, "new", None, None) for skill in skills if skill not in practised]
    out += [DueItem(skill, item, "weak", c.due.isoformat(timespec="milliseconds"), r) for r, skill, item, c in later]
    return out[:limit]
