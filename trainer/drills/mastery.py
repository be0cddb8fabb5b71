"""Mastery of a skill: how many of its items the trainee knows ("12 of 21 known").

An item is **known** (issue 38) when FSRS predicts at least :data:`KNOWN_RECALL` (90%) recall of it a
day later (:data:`AHEAD`), its last answer was right, and it was answered right on at least
:data:`RIGHT_DAYS` different days (one good session is not memory: a day later recall was 0.53-0.61
when one house-way session ticked). Pure functions over the cards and the answer log
(``trainer.progress``); only skills whose module lists their items in teaching order
(``@drill(..., items=...)``) have a mastery, so that a list of skills is quick to fill.

>>> from datetime import datetime, timedelta, timezone
>>> from trainer.progress.scheduling import new_card, review
>>> t = datetime(2024, 5, 1, 12, tzinfo=timezone.utc)
>>> card = review(new_card("tile-id", "6-6", t), True, 1000, 4000, t)
>>> m = mastery("tile-id", "pa-2019", {("tile-id", "6-6"): card}, {("tile-id", "6-6"): Record(True, 1)}, t)
>>> m.text, m.complete
('0 of 21 known', False)
>>> card = review(card, True, 1000, 4000, t + timedelta(days=3))
>>> mastery("tile-id", "pa-2019", {("tile-id", "6-6"): card}, {("tile-id", "6-6"): Record(True, 2)},
...         t + timedelta(days=3)).text
'1 of 21 known'
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Iterable, Mapping

from fsrs import Card

from trainer.drills.items import items
from trainer.drills.registry import Profile, profile_in_game, skill_named
from trainer.progress import scheduling

#: Predicted recall, :data:`AHEAD` from now, at or above which an item counts as known.
KNOWN_RECALL = 0.9
AHEAD = timedelta(days=1)
#: Different days an item must have been answered right on to count as known.
RIGHT_DAYS = 2

Key = tuple[str, str]


@dataclass(frozen=True)
class Mastery:
    """``known`` of ``total`` items of ``skill``; ``complete`` when every one is known (the tick)."""

    skill: str
    known: int
    total: int

    @property
    def complete(self) -> bool:
        return self.total > 0 and self.known == self.total

    @property
    def text(self) -> str:
        return f"{self.known} of {self.total} known" + (" ✓" if self.complete else "")


@dataclass(frozen=True)
class Record:
    """What the answer log says of one item: its last answer was right, and on how many days it was right."""

    last_right: bool
    right_days: int


def is_known(card: Card | None, record: Record | None, now: datetime) -> bool:
    """The item is known: last answered right, right on :data:`RIGHT_DAYS` days, and predicted recall a day
    later at least :data:`KNOWN_RECALL`."""
    return bool(card is not None and record is not None and record.last_right and record.right_days >= RIGHT_DAYS
                and scheduling.retrievability(card, now + AHEAD) >= KNOWN_RECALL)


def has_mastery(skill_id: str) -> bool:
    """The skill lists its items (a mastery is then cheap to show)."""
    return skill_named(skill_id).items is not None


def mastery(skill_id: str, profile: Profile | str | None, cards: Mapping[Key, Card],
            records: Mapping[Key, Record], now: datetime) -> Mastery:
    """How many of ``skill_id``'s items (under ``profile``) are known at ``now`` (see :func:`is_known`)."""
    its = items(skill_id, profile)
    known = sum(is_known(cards.get((skill_id, i)), records.get((skill_id, i)), now) for i in its)
    return Mastery(skill_id, known, len(its))


def item_records(answers: Iterable[Any]) -> dict[Key, Record]:
    """Each ``(skill, item)``'s :class:`Record` from the answer log (oldest first; days in UTC)."""
    last: dict[Key, bool] = {}
    days: dict[Key, set[str]] = {}
    for r in answers:
        key = (r.skill, r.item)
        last[key] = bool(r.correct)
        if r.correct:
            days.setdefault(key, set()).add(r.ts_utc[:10])
    return {key: Record(right, len(days.get(key, ()))) for key, right in last.items()}


def trainee_mastery(store: Any, trainee: str, skill_ids: Iterable[str], profile: Profile | str,
                    now: datetime) -> dict[str, Mastery]:
    """The mastery of each of ``skill_ids`` that has one, for ``trainee`` in ``store`` (each skill under
    ``profile`` when of its game, else its game's default profile)."""
    wanted = [s for s in skill_ids if has_mastery(s)]
    if not wanted:
        return {}
    cards, records = store.cards(trainee), item_records(store.answers(trainee))
    return {s: mastery(s, profile_in_game(s, profile), cards, records, now) for s in wanted}
