"""Mastery of a skill: how many of its items the trainee knows ("12 of 21 known").

An item is **known** when the trainee's last answer to it was right and FSRS predicts at least
:data:`KNOWN_RECALL` (90%) recall of it now: a missed item is not known until answered right again,
and a known item drops out once it is due for review. Pure functions over the cards and the answer
log (``trainer.progress``); only skills whose module lists their items in teaching order
(``@drill(..., items=...)``) have a mastery, so that a list of skills is quick to fill.

>>> from datetime import datetime, timezone
>>> from trainer.progress.scheduling import new_card, review
>>> t = datetime(2024, 5, 1, 12, tzinfo=timezone.utc)
>>> card = review(new_card("tile-id", "6-6", t), True, 1000, 4000, t)
>>> m = mastery("tile-id", "pa-2019", {("tile-id", "6-6"): card}, {("tile-id", "6-6"): True}, t)
>>> m.text, m.complete
('1 of 21 known', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterable, Mapping

from fsrs import Card

from trainer.drills.items import items
from trainer.drills.registry import Profile, profile_in_game, skill_named
from trainer.progress import scheduling

#: Predicted recall at or above which an item answered right last counts as known.
KNOWN_RECALL = 0.9

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


def is_known(card: Card | None, last_right: bool | None, now: datetime) -> bool:
    """The item is known: last answered right, and predicted recall now at least :data:`KNOWN_RECALL`."""
    return bool(card is not None and last_right and scheduling.retrievability(card, now) >= KNOWN_RECALL)


def has_mastery(skill_id: str) -> bool:
    """The skill lists its items (a mastery is then cheap to show)."""
    return skill_named(skill_id).items is not None


def mastery(skill_id: str, profile: Profile | str | None, cards: Mapping[Key, Card],
            last_right: Mapping[Key, bool], now: datetime) -> Mastery:
    """How many of ``skill_id``'s items (under ``profile``) are known at ``now`` (see :func:`is_known`)."""
    its = items(skill_id, profile)
    known = sum(is_known(cards.get((skill_id, i)), last_right.get((skill_id, i)), now) for i in its)
    return Mastery(skill_id, known, len(its))


def last_answers(records: Iterable[Any]) -> dict[Key, bool]:
    """Whether each ``(skill, item)``'s last answer in the log (oldest first) was right."""
    return {(r.skill, r.item): bool(r.correct) for r in records}


def trainee_mastery(store: Any, trainee: str, skill_ids: Iterable[str], profile: Profile | str,
                    now: datetime) -> dict[str, Mastery]:
    """The mastery of each of ``skill_ids`` that has one, for ``trainee`` in ``store`` (each skill under
    ``profile`` when of its game, else its game's default profile)."""
    wanted = [s for s in skill_ids if has_mastery(s)]
    if not wanted:
        return {}
    cards, last = store.cards(trainee), last_answers(store.answers(trainee))
    return {s: mastery(s, profile_in_game(s, profile), cards, last, now) for s in wanted}
