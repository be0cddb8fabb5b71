"""A session's learning queue, like Anki's: new items a few at a time, due reviews, learning steps.

Cards are ``(skill, item)`` keys. :meth:`LearningQueue.next` picks the next one:

1. an item in a *learning step* whose turn has come (a missed item comes back after
   :data:`STEPS` other questions: 3 after the first miss, then 6, then 12: within the session, and
   leaving room to bring in new items while some are being learnt);
2. else a new item (teaching order) and a due review, in turn (a review first after a new one);
3. else a learning item whose turn has not come yet but with :data:`MIN_GAP` others since it was
   asked, the soonest first;
4. else (a session of a fixed length) more practice: an item not being learnt, the one met longest
   ago (``extra``: e.g. the known items, weakest first);
5. else a learning item whose turn has not come yet, the soonest first.

Never the item just asked while the session has another one to ask. A right answer to an item in a
learning step graduates it: FSRS schedules it from then on (the store records every answer).
A session of ``length`` questions ends there; without a length (``until_due``) it ends when no due
review, no learning item and no new item (within :data:`NEW_UNTIL_DUE`) is left. The queue has no
randomness: the same cards give the same order.

>>> q = LearningQueue(new=[("s", "a"), ("s", "b"), ("s", "c"), ("s", "d")], length=6)  # "a" missed once
>>> order = []
>>> while (key := q.next()) is not None:
...     order.append(key[1]); q.answered(key, correct=key[1] != "a" or order.count("a") > 1)
>>> "".join(order)
'abcdab'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

Key = tuple[str, str]

#: Other questions before a missed item comes back: after its 1st, 2nd, and any later miss.
STEPS = (3, 6, 12)
#: Other questions at least between two showings of a missed item when nothing else is waiting.
MIN_GAP = 2
#: New items a session "until all due are done" introduces at most.
NEW_UNTIL_DUE = 10


@dataclass
class _Learning:
    due_turn: int
    misses: int
    since: int  # the turn it entered its step: ties go to the earliest


class LearningQueue:
    """The next card to ask, from ``new`` (teaching order), ``due`` (reviews, most overdue first) and
    ``extra`` (practice when nothing else is left, e.g. known items, weakest first)."""

    def __init__(self, new: Sequence[Key] = (), due: Sequence[Key] = (), extra: Sequence[Key] = (), *,
                 length: int | None = None, new_limit: int | None = None) -> None:
        self._new = list(dict.fromkeys(new))
        self._due = [k for k in dict.fromkeys(due) if k not in self._new]
        self._extra = list(dict.fromkeys([*self._new, *self._due, *extra]))
        self.length = length
        self.new_limit = NEW_UNTIL_DUE if new_limit is None and length is None else new_limit
        self.learning: dict[Key, _Learning] = {}
        self.turn = 0
        self.introduced = 0
        self._last: Key | None = None
        self._last_was_new = False
        self._asked_at: dict[Key, int] = {}

    # -- what is left -------------------------------------------------------------------------------
    def _new_left(self) -> bool:
        return bool(self._new) and (self.new_limit is None or self.introduced < self.new_limit)

    @property
    def done(self) -> bool:
        """The session has reached its length, or (until due) has nothing left to ask."""
        if self.length is not None:
            return self.turn >= self.length
        return not (self.learning or self._due or self._new_left())

    @property
    def remaining(self) -> int:
        """Questions left: of a fixed length, else (until due) at least one per learning item, due review
        and new item still to come (a miss adds more)."""
        if self.length is not None:
            return max(0, self.length - self.turn)
        new = len(self._new) if self.new_limit is None else min(len(self._new), self.new_limit - self.introduced)
        return len(self.learning) + len(self._due) + max(0, new)

    # -- picking -----------------------------------------------------------------------------------
    def _first(self, keys: Iterable[Key]) -> Key | None:
        return next((k for k in keys if k != self._last), None)

    def _learning_order(self) -> list[Key]:
        return sorted(self.learning, key=lambda k: (self.learning[k].due_turn, self.learning[k].since))

    def _fresh(self) -> Key | None:
        """A new item or a due review, in turn (a review after a new item when both are waiting)."""
        new = self._first(self._new) if self._new_left() else None
        review = self._first(self._due)
        if review is not None and (new is None or self._last_was_new):
            self._due.remove(review)
            self._last_was_new = False
            return review
        if new is not None:
            self._new.remove(new)
            self.introduced += 1
            self._last_was_new = True
        return new

    def _practice(self) -> Key | None:
        """In a session of fixed length, an item not being learnt, the one asked longest ago (never asked
        first, in ``extra``'s order): it keeps a missed item's gap while nothing else is left."""
        if self.length is None:
            return None
        free = (k for k in self._extra if k not in self.learning)
        return self._first(sorted(free, key=lambda k: self._asked_at.get(k, -1)))

    def next(self) -> Key | None:
        """The next card to ask (see the module docstring), or None when the session is over."""
        if self.done:
            return None
        waiting = self._learning_order()
        ripe = self._first(k for k in waiting if self.learning[k].due_turn <= self.turn)
        spaced = self._first(k for k in waiting if self.turn - self._asked_at[k] > MIN_GAP)
        key = ripe or self._fresh() or spaced or self._practice() or self._first(waiting) or self._last
        self._last = key
        return key

    def answered(self, key: Key, correct: bool) -> None:
        """Record the answer to ``key``: a miss puts it in a learning step, a right answer in a step graduates it."""
        self._asked_at[key] = self.turn
        self.turn += 1
        if key not in self._extra:
            self._extra.append(key)
        step = self.learning.get(key)
        if correct:
            self.learning.pop(key, None)
            return
        misses = step.misses + 1 if step else 1
        gap = STEPS[min(misses, len(STEPS)) - 1]
        self.learning[key] = _Learning(self.turn + gap, misses, self.turn)
