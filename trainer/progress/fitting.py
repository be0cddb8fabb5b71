"""FSRS fitted to a school's answers (issue 38): how well the default parameters predict the trainees'
recall, and how well parameters fitted to their answers do, as log-loss (lower is better).

Every answer in the log is one review of its trainee's card, rated as the store rates it
(``scheduling.rating_for``: a guess among two or three choices is Hard). The log-loss is FSRS's own
measure: each review on a later day than the card's last one, the predicted recall against whether
the answer was right. Fitting uses py-fsrs' optimiser, an optional extra (``pip install
"paigow-trainer[fit]"``, which brings PyTorch); it is never loaded at start-up, only here, on request.
A fit that predicts the answers better than the default parameters is kept on the school's database
(``trainer.progress.fits``), and the scheduler uses it from the next answer on; cards keep their due
dates until then, as Anki's do when its parameters change without rescheduling.

>>> from datetime import datetime, timedelta, timezone
>>> from fsrs import Rating, ReviewLog
>>> t = datetime(2024, 5, 1, tzinfo=timezone.utc)
>>> logs = [ReviewLog(1, Rating.Good, t, 2000), ReviewLog(1, Rating.Good, t + timedelta(days=2), 2000)]
>>> round(log_loss(logs), 3)
0.095
"""

from __future__ import annotations

import importlib.util
import math
import time
import zlib
from datetime import datetime
from typing import Any, Iterable, Sequence

from fsrs import Card, Rating, ReviewLog, Scheduler

from trainer.progress import fits, scheduling
from trainer.progress.cards import FLASHCARD, FLASHCARD_RATINGS, target_ms
from trainer.progress.clock import iso, parse_iso, utc_now
from trainer.progress.fits import StoredFit
from trainer.rules.errors import TrainerError

#: Reviews a fit needs at least (fewer would fit noise).
MIN_REVIEWS = 1000
#: How to get the optimiser, in a message.
INSTALL = 'pip install "paigow-trainer[fit]"'


def _rating(r: Any) -> Rating:
    """The rating the store gave answer ``r`` (a flashcard: its self-rating; a drill answer: ``rating_for``)."""
    if r.mode == FLASHCARD and r.answer in FLASHCARD_RATINGS:
        return scheduling.flashcard_rating(FLASHCARD_RATINGS.index(r.answer) + 1, r.ms)
    choices = len((r.question or {}).get("choices") or ())
    return scheduling.rating_for(r.correct, r.ms, target_ms(r.skill), hinted=r.hinted, choices=choices)


def review_logs(records: Iterable[Any]) -> list[ReviewLog]:
    """One FSRS review log per answer (``trainee``, ``skill``, ``item``, ``correct``, ``ms``, ``hinted``,
    ``question``, ``ts_utc``, ``mode``, ``answer``), each trainee's item its own card; unreadable times are
    left out."""
    logs = []
    for r in records:
        try:
            when = parse_iso(r.ts_utc)
        except (ValueError, TypeError):
            continue
        card_id = zlib.crc32(f"{r.trainee}:{r.skill}:{r.item}".encode())
        logs.append(ReviewLog(card_id, _rating(r), when, r.ms))
    return logs


def log_loss(logs: Sequence[ReviewLog], parameters: Sequence[float] | None = None) -> float:
    """FSRS's log-loss of ``logs`` under ``parameters`` (default: FSRS's own): the reviews on a later day
    than their card's last one. NaN when there is none."""
    scheduler = scheduling.SCHEDULER if parameters is None else Scheduler(
        parameters=tuple(parameters), enable_fuzzing=False, learning_steps=(), relearning_steps=())
    cards: dict[int, Card] = {}
    total, n = 0.0, 0
    for log in sorted(logs, key=lambda g: (g.card_id, g.review_datetime)):
        card = cards.get(log.card_id) or Card(card_id=log.card_id, due=log.review_datetime)
        if card.last_review is not None and (log.review_datetime - card.last_review).days > 0:
            p = min(max(float(scheduler.get_card_retrievability(card, log.review_datetime)), 1e-6), 1 - 1e-6)
            total -= math.log(p) if log.rating is not Rating.Again else math.log(1 - p)
            n += 1
        cards[log.card_id], _ = scheduler.review_card(card, log.rating, log.review_datetime)
    return total / n if n else math.nan


def enough(logs: Sequence[ReviewLog], class_name: str) -> None:
    """Raise a one-line error unless ``logs`` are enough to fit (at least :data:`MIN_REVIEWS`) and the
    optimiser is installed (looked up without importing it, which takes seconds)."""
    if len(logs) < MIN_REVIEWS:
        raise TrainerError(f"fitting FSRS needs at least {MIN_REVIEWS:,} answers; there are {len(logs):,}"
                           + (f" in {class_name}" if class_name else "") + ": nothing changed")
    if importlib.util.find_spec("torch") is None:
        raise TrainerError(f"fitting FSRS needs the optional optimiser: {INSTALL}")


def fit(logs: Sequence[ReviewLog], class_name: str = "", now: datetime | None = None) -> StoredFit:
    """FSRS's parameters fitted to ``logs`` (at least :data:`MIN_REVIEWS`) with the log-loss before and after
    and the fit's time. Pure computing (no database): the Class screen runs it off the UI thread."""
    enough(logs, class_name)
    started = time.perf_counter()
    try:
        from fsrs import Optimizer

        fitted = tuple(float(x) for x in Optimizer(logs).compute_optimal_parameters())
    except ImportError:
        raise TrainerError(f"fitting FSRS needs the optional optimiser: {INSTALL}") from None
    seconds = time.perf_counter() - started
    return StoredFit(iso(now or utc_now()), class_name, len(logs), log_loss(logs), log_loss(logs, fitted), seconds,
                     fitted)


def better(fit: StoredFit) -> bool:
    """The fitted parameters predict the answers better than the default ones (else they are not kept)."""
    return fit.after < fit.before


def class_logs(store: Any, class_name: str) -> list[ReviewLog]:
    """The review logs of the answers of every trainee of the class ``class_name`` in ``store``."""
    names = [row[0] for row in store._conn.execute(
        "SELECT t.name FROM class_members m JOIN trainees t ON t.id = m.trainee_id JOIN classes c ON "
        "c.id = m.class_id WHERE c.name = ? ORDER BY t.name", (class_name,)).fetchall()]
    return school_logs(store, names)


def school_logs(store: Any, trainees: Sequence[str]) -> list[ReviewLog]:
    """The review logs of ``trainees``' answers in ``store``."""
    return review_logs(r for name in trainees for r in store.answers(name))


def keep(store: Any, fit: StoredFit) -> bool:
    """Make ``fit`` the school's if it is :func:`better`; returns whether it was kept."""
    if not better(fit):
        return False
    with store._write() as conn:
        fits.keep(conn, fit)
    return True


def fit_class(store: Any, class_name: str) -> tuple[StoredFit, bool]:
    """Fit FSRS to the class's answers and keep the fit if it is better: (the fit, whether it was kept)."""
    found = fit(class_logs(store, class_name), class_name)
    return found, keep(store, found)


def school_fit(store: Any) -> StoredFit | None:
    """The school's kept fit, or None (the default parameters)."""
    return fits.latest(store._conn)
