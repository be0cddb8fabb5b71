"""A session's learning queue, like Anki's: due reviews first, a few new items a day, a miss asked once again.

Cards are ``(skill, item)`` keys. :meth:`LearningQueue.next` picks the next one:

1. a missed item whose re-ask has come (:data:`STEPS` other questions after the miss). A session of
   whole skills re-asks a miss once (``reasks=1``): missed again, it waits for tomorrow's session,
   where its card is due, since asking it again minutes later teaches little that lasts; a session of
   chosen items (``reasks=None``, "Practise these") asks until each is right, after 5, 6, 12 others;
2. else a due review, most overdue first, with a new item after every :data:`REVIEWS_PER_NEW` of them
   while new items are allowed (3.);
3. else a new item (teaching order), while ``new_limit`` allows (the daily cap less the day's new
   items; one answered right at first sight, where it cannot be a guess, was known already and does not
   count) and today's reviews go well: with :data:`HOLD_AFTER` or more reviews answered today and
   fewer than :data:`HOLD_ACCURACY` of them right, new items wait;
4. else a missed item with :data:`MIN_GAP` others since it was asked, the soonest first;
5. else (a session of a fixed length) more practice: an item not asked yet in the session, in
   ``extra``'s order (e.g. the weakest first), then the one asked longest ago;
6. else a missed item whose turn has not come yet, the soonest first.

Never the item just asked while the session has another one to ask; in a day's session (``until_due``)
of whole skills, never: when only the miss just asked is left, the session ends and it waits for tomorrow. A missed item taken for
another item asked in the session (``answered(..., taken_for=...)``) brings that one back right
after its re-ask: the two are told apart side by side. A session of ``length`` questions ends there;
without a length (``until_due``) it ends when no due review, no re-ask and no allowed new item is
left. The queue has no randomness: the same cards give the same order.

>>> q = LearningQueue(new=[("s", x) for x in "abcdef"], length=8)  # "a" missed twice: asked twice only
>>> order = []
>>> while (key := q.next()) is not None:
...     order.append(key[1]); q.answered(key, correct=key[1] != "a")
>>> "".join(order)
'abcdefab'
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Iterable, Sequence

Key = tuple[str, str]

#: Other questions before a missed item comes back: after its 1st, 2nd, and any later miss.
STEPS = (5, 6, 12)
#: Other questions at least between two showings of a missed item when nothing else is waiting.
MIN_GAP = 2
#: New items a day at most (Anki's "new cards per day"): the default of the setting.
NEW_PER_DAY = 10
#: Due reviews asked before each new item while both are waiting.
REVIEWS_PER_NEW = 2
#: Reviews answered today before their accuracy can hold new items back, and the accuracy below which it does.
HOLD_AFTER = 5
HOLD_ACCURACY = 0.7


@dataclass
class _Learning:
    due_turn: int
    misses: int
    since: int  # the turn it entered its step: ties go to the earliest


class LearningQueue:
    """The next card to ask, from ``due`` (reviews, most overdue first), ``new`` (teaching order) and
    ``extra`` (practice when nothing else is left, e.g. known items, weakest first). ``reviewed``: today's
    reviews before this session, ``(right, answered)``."""

    def __init__(self, new: Sequence[Key] = (), due: Sequence[Key] = (), extra: Sequence[Key] = (), *,
                 length: int | None = None, until_due: bool = False, new_limit: int | None = None,
                 reasks: int | None = 1, reviewed: tuple[int, int] = (0, 0)) -> None:
        self._new = list(dict.fromkeys(new))
        self._due = [k for k in dict.fromkeys(due) if k not in self._new]
        self._extra = list(dict.fromkeys([*self._due, *extra]))
        self._seen_before = set(self._extra)
        self.length = length
        #: Ends when nothing is due (no length: always), however many of ``length`` are left.
        self.until_due = until_due or length is None
        self.new_limit = NEW_PER_DAY if new_limit is None else max(0, new_limit)
        self.reasks = reasks
        self.learning: dict[Key, _Learning] = {}
        self.turn = 0
        self.introduced = 0
        self.reviewed = reviewed
        self._last: Key | None = None
        self._asked_at: dict[Key, int] = {}
        self._fresh_new: Key | None = None  # the new item just introduced
        self._reviews_in_row = 0

    # -- what is left -------------------------------------------------------------------------------
    @property
    def holding_new(self) -> bool:
        """Today's reviews went badly: new items wait."""
        right, answered = self.reviewed
        return answered >= HOLD_AFTER and right < HOLD_ACCURACY * answered

    def _new_left(self) -> bool:
        return bool(self._new) and self.introduced < self.new_limit and not self.holding_new

    @property
    def done_for_today(self) -> bool:
        """Until due: no due review, no re-ask and no allowed new item is left ("Done for today")."""
        return self.until_due and not (self.learning or self._due or self._new_left())

    @property
    def done(self) -> bool:
        """The session has reached its length, or (until due) has nothing left to ask."""
        return (self.length is not None and self.turn >= self.length) or self.done_for_today

    def day_counts(self, asked: Iterable[Key]) -> tuple[int, int]:
        """(reviews, new items) among the distinct cards ``asked``: met before the session, or not."""
        distinct = set(asked)
        return len(distinct & self._seen_before), len(distinct - self._seen_before)

    @property
    def remaining(self) -> int:
        """Questions left: of a fixed length, else (until due) at least one per learning item, due review
        and new item still allowed (a miss adds more)."""
        cap = sys.maxsize if self.length is None else max(0, self.length - self.turn)
        if not self.until_due:
            return cap
        new = min(len(self._new), self.new_limit - self.introduced) if self._new_left() else 0
        return min(cap, len(self.learning) + len(self._due) + new)

    # -- picking -----------------------------------------------------------------------------------
    def _first(self, keys: Iterable[Key]) -> Key | None:
        return next((k for k in keys if k != self._last), None)

    def _learning_order(self) -> list[Key]:
        return sorted(self.learning, key=lambda k: (self.learning[k].due_turn, self.learning[k].since))

    def _fresh(self) -> Key | None:
        """A due review, with a new item after every :data:`REVIEWS_PER_NEW` of them while allowed."""
        review = self._first(self._due)
        new = self._first(self._new) if self._new_left() else None
        if review is not None and (new is None or self._reviews_in_row < REVIEWS_PER_NEW):
            self._due.remove(review)
            self._reviews_in_row += 1
            return review
        if new is not None:
            self._new.remove(new)
            self.introduced += 1
            self._fresh_new = new
            self._reviews_in_row = 0
        return new

    def _practice(self) -> Key | None:
        """In a session of fixed length, an item not being learnt: never asked in the session first (in
        ``extra``'s order), then the one asked longest ago."""
        if self.until_due:
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
        key = ripe or self._fresh() or spaced or self._practice() or self._first(waiting)
        if key is None and self.until_due and self.reasks is not None:
            self.learning.clear()  # just the miss just asked is left: asked again at once it teaches little
            return None
        self._last = key = key or self._last
        return key

    def answered(self, key: Key, correct: bool, *, guessable: bool = False, taken_for: Key | None = None) -> None:
        """Record the answer to ``key`` (to a question that could be guessed, ``guessable``): a miss is asked
        again after a few others (once, in a session of whole skills), with ``taken_for`` (the item the
        answer belongs to) right after it."""
        if key == self._fresh_new and correct and not guessable:
            self.introduced -= 1  # known already: no load on the day's learning
        self._fresh_new = None
        self._asked_at[key] = self.turn
        self.turn += 1
        if key in self._seen_before:
            self.reviewed = (self.reviewed[0] + correct, self.reviewed[1] + 1)
        if key not in self._extra:
            self._extra.append(key)
        step = self.learning.pop(key, None)
        if correct:
            return
        misses = step.misses + 1 if step else 1
        if self.reasks is not None and misses > self.reasks:
            return  # to tomorrow's session: its card is due
        gap = STEPS[min(misses, len(STEPS)) - 1]
        self.learning[key] = _Learning(self.turn + gap, misses, self.turn)
        if taken_for is not None and taken_for != key and taken_for in self._asked_at:
            self.learning.setdefault(taken_for, _Learning(self.turn + gap + 1, 0, self.turn))
