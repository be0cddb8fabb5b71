"""Spaced repetition with FSRS: one card per trainee x skill item, rated from correctness and time.

The scheduler runs without fuzzing, so replaying the answer log rebuilds exactly the same cards:
the cards table is a cache of the log, never the only record.

>>> from datetime import datetime, timezone
>>> rating_for(False, 1000, 8000), rating_for(True, 3000, 8000), rating_for(True, 9000, 8000)
(<Rating.Again: 1>, <Rating.Easy: 4>, <Rating.Good: 3>)
>>> rating_for(True, 20000, 8000), rating_for(True, 1000, 8000, hinted=True)
(<Rating.Hard: 2>, <Rating.Hard: 2>)
>>> t = datetime(2024, 5, 1, 12, tzinfo=timezone.utc)
>>> card = review(new_card("tile-id", "6-6", t), True, 2000, 8000, t)
>>> card.due > t
True
"""

from __future__ import annotations

import zlib
from datetime import datetime, timedelta

from fsrs import Card, Rating, Scheduler

#: One scheduler for all cards; no fuzzing, so a replay of the log gives the same schedule.
SCHEDULER = Scheduler(enable_fuzzing=False)

#: Fallback fluent answer time for a skill id the registry no longer knows (an old export).
DEFAULT_TARGET_MS = 8000


def rating_for(correct: bool, ms: int, target_ms: int, *, hinted: bool = False) -> Rating:
    """FSRS rating of one answer: wrong -> Again; right with a hint, or slower than twice the
    skill's fluent time -> Hard; right within half of it -> Easy; else Good.

    Time matters because a dealer must answer at table speed, not just eventually.
    """
    if not correct:
        return Rating.Again
    if hinted or ms > 2 * target_ms:
        return Rating.Hard
    return Rating.Easy if ms <= target_ms // 2 else Rating.Good


def flashcard_rating(rating: int, elapsed_ms: int) -> int:
    """The FSRS rating (1 Again .. 4 Easy) a flashcard's self-rating ``rating`` counts as, after
    ``elapsed_ms`` of thinking before its answer was shown: the trainee's own rating, as Anki takes it.

    >>> flashcard_rating(3, 2500)
    3
    """
    return rating


def new_card(skill: str, item: str, when: datetime) -> Card:
    """A fresh card, due at ``when``; its id is a stable hash of ``skill:item``."""
    return Card(card_id=zlib.crc32(f"{skill}:{item}".encode()), due=when)


#: A right answer this soon after the card's last review is no new evidence of long-term recall: the
#: same item answered again in one session (a round of the dealer's seat asks "deliver in this style"
#: seven times) must not push it months away. A wrong answer always counts.
SAME_SESSION = timedelta(minutes=10)


def review(card: Card, correct: bool, ms: int, target_ms: int, when: datetime, *, hinted: bool = False) -> Card:
    """The card after one answer at ``when`` (UTC, timezone-aware).

    >>> from datetime import timezone
    >>> t = datetime(2024, 5, 1, 12, tzinfo=timezone.utc)
    >>> once = review(new_card("dealer-deliver", "jung-quat", t), True, 3000, 6000, t)
    >>> review(once, True, 3000, 6000, t + timedelta(minutes=2)) == once
    True
    >>> review(once, False, 3000, 6000, t + timedelta(minutes=2)).due < once.due
    True
    """
    if correct and card.last_review is not None and when - card.last_review < SAME_SESSION:
        return card
    updated, _ = SCHEDULER.review_card(card, rating_for(correct, ms, target_ms, hinted=hinted), when, ms)
    return updated


def retrievability(card: Card, when: datetime) -> float:
    """Predicted chance (0-1) that the trainee answers this item right at ``when``."""
    return float(SCHEDULER.get_card_retrievability(card, when))
