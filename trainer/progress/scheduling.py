"""Spaced repetition with FSRS: one card per trainee x skill item, rated from correctness, time and guessing.

The scheduler runs without fuzzing, so replaying the answer log rebuilds exactly the same cards:
the cards table is a cache of the log, never the only record.

>>> from datetime import datetime, timezone
>>> rating_for(False, 1000, 8000), rating_for(True, 3000, 8000), rating_for(True, 9000, 8000)
(<Rating.Again: 1>, <Rating.Easy: 4>, <Rating.Good: 3>)
>>> rating_for(True, 20000, 8000), rating_for(True, 1000, 8000, hinted=True)
(<Rating.Hard: 2>, <Rating.Hard: 2>)
>>> rating_for(True, 3000, 8000, choices=2), rating_for(True, 3000, 8000, choices=4)
(<Rating.Hard: 2>, <Rating.Easy: 4>)
>>> t = datetime(2024, 5, 1, 12, tzinfo=timezone.utc)
>>> card = review(new_card("tile-id", "6-6", t), True, 2000, 8000, t)
>>> card.due > t
True
"""

from __future__ import annotations

import json
import zlib
from datetime import datetime, timedelta
from functools import lru_cache

from fsrs import Card, Rating, Scheduler

#: The retention FSRS aims at for items whose questions may be guessed.
GUESS_RETENTION = 0.95
GUESS_MAX_DAYS = 7
#: One scheduler for all cards; no fuzzing, so a replay of the log gives the same schedule. No learning
#: steps (minutes apart): the session's queue re-asks a miss itself, and FSRS spaces items in days.
SCHEDULER = Scheduler(enable_fuzzing=False, learning_steps=(), relearning_steps=())
#: Items asked with two or three choices: a right answer is right by chance one time in two or three, so
#: the answers FSRS sees overstate recall; their reviews aim at a higher retention and come back within
#: :data:`GUESS_MAX_DAYS` days (bench_learning: a 2-choice item trusted for 60 days was recalled 64%).
GUESS_SCHEDULER = Scheduler(enable_fuzzing=False, learning_steps=(), relearning_steps=(),
                            desired_retention=GUESS_RETENTION, maximum_interval=GUESS_MAX_DAYS)

#: Fallback fluent answer time for a skill id the registry no longer knows (an old export).
DEFAULT_TARGET_MS = 8000


#: A right answer among this many choices or fewer may be a guess (one in two, one in three).
GUESSABLE = 3
#: A flashcard rated as known this quickly (ms) was not recalled but clicked through.
TOO_QUICK_MS = 1000


def guessable(choices: int) -> bool:
    """A right answer among ``choices`` (0: typed) may be a guess."""
    return 0 < choices <= GUESSABLE


def rating_for(correct: bool, ms: int, target_ms: int, *, hinted: bool = False, choices: int = 0) -> Rating:
    """FSRS rating of one drill answer: wrong -> Again; right with a hint, among :data:`GUESSABLE` or fewer
    ``choices`` (a guess is right one time in two or three, so it counts less than recall), or slower than
    twice the skill's fluent time -> Hard; right within half of it -> Easy; else Good.

    Time matters because a dealer must answer at table speed, not just eventually.
    """
    if not correct:
        return Rating.Again
    if hinted or guessable(choices) or ms > 2 * target_ms:
        return Rating.Hard
    return Rating.Easy if ms <= target_ms // 2 else Rating.Good


def flashcard_rating(rating: int, elapsed_ms: int) -> Rating:
    """FSRS rating of a flashcard the trainee rated ``rating`` (1 Again .. 4 Easy) ``elapsed_ms`` after it
    was shown: Hard, Good or Easy in under :data:`TOO_QUICK_MS` counts as Hard (no time to recall it).

    >>> flashcard_rating(3, 4000), flashcard_rating(3, 600), flashcard_rating(4, 600), flashcard_rating(1, 300)
    (<Rating.Good: 3>, <Rating.Hard: 2>, <Rating.Hard: 2>, <Rating.Again: 1>)
    """
    chosen = Rating(rating)
    return Rating.Hard if chosen is not Rating.Again and elapsed_ms < TOO_QUICK_MS else chosen


def new_card(skill: str, item: str, when: datetime) -> Card:
    """A fresh card, due at ``when``; its id is a stable hash of ``skill:item``."""
    return Card(card_id=zlib.crc32(f"{skill}:{item}".encode()), due=when)


#: A right answer this soon after the card's last review is no new evidence of long-term recall: the
#: same item answered again in one session (a round of the dealer's seat asks "deliver in this style"
#: seven times) must not push it months away. A wrong answer always counts.
SAME_SESSION = timedelta(minutes=10)


@lru_cache(maxsize=8)
def schedulers(parameters: tuple[float, ...] | None = None) -> tuple[Scheduler, Scheduler]:
    """The scheduler and the guess scheduler with FSRS's ``parameters`` (a school's fitted ones, issue 38;
    None: FSRS's default, :data:`SCHEDULER` and :data:`GUESS_SCHEDULER`); their other settings unchanged."""
    try:
        return (SCHEDULER, GUESS_SCHEDULER) if parameters is None else (
            Scheduler(parameters=parameters, enable_fuzzing=False, learning_steps=(), relearning_steps=()),
            Scheduler(parameters=parameters, enable_fuzzing=False, learning_steps=(), relearning_steps=(),
                      desired_retention=GUESS_RETENTION, maximum_interval=GUESS_MAX_DAYS))
    except ValueError:  # out of FSRS's bounds (a damaged row): answers are still recorded, on the default
        return SCHEDULER, GUESS_SCHEDULER


def review(card: Card, correct: bool, ms: int, target_ms: int, when: datetime, *, hinted: bool = False,
           choices: int = 0, parameters: tuple[float, ...] | None = None) -> Card:
    """The card after one answer at ``when`` (UTC, timezone-aware) to a question of ``choices`` (0: typed),
    scheduled with FSRS's ``parameters`` (see :func:`schedulers`).

    >>> from datetime import timezone
    >>> t = datetime(2024, 5, 1, 12, tzinfo=timezone.utc)
    >>> once = review(new_card("dealer-deliver", "jung-quat", t), True, 3000, 6000, t)
    >>> review(once, True, 3000, 6000, t + timedelta(minutes=2)) == once
    True
    >>> review(once, False, 3000, 6000, t + timedelta(minutes=2)).due < once.due
    True
    """
    rating = rating_for(correct, ms, target_ms, hinted=hinted, choices=choices)
    plain, guess = schedulers(parameters)
    return rated(card, rating, when, ms, scheduler=guess if guessable(choices) else plain)


def rated(card: Card, rating: Rating, when: datetime, ms: int = 0, *, scheduler: Scheduler = SCHEDULER) -> Card:
    """The card after ``rating`` at ``when``; a right answer within :data:`SAME_SESSION` of the last changes
    nothing."""
    if rating is not Rating.Again and card.last_review is not None and when - card.last_review < SAME_SESSION:
        return card
    updated, _ = scheduler.review_card(card, rating, when, ms)
    return updated


def retrievability(card: Card, when: datetime) -> float:
    """Predicted chance (0-1) that the trainee answers this item right at ``when``."""
    return float(SCHEDULER.get_card_retrievability(card, when))


def choices_of(question_json: str) -> int:
    """The number of choices of a question as the answer log stores it (0: typed, or unreadable)."""
    try:
        return len(json.loads(question_json).get("choices") or ())
    except (ValueError, TypeError, AttributeError):
        return 0
