"""FSRS fitted to a school's answers (issue 38): how well the default parameters predict the trainees'
recall, and how well parameters fitted to their answers do, as log-loss (lower is better).

Every answer in the log is one review of its trainee's card, rated as the store rates it
(``scheduling.rating_for``: a guess among two or three choices is Hard). The log-loss is FSRS's own
measure: each review on a later day than the card's last one, the predicted recall against whether
the answer was right. Fitting uses py-fsrs' optimiser, an optional extra (``pip install
"fsrs[optimizer]"``, which brings PyTorch); it is never loaded at start-up, only here, on request.

>>> from datetime import datetime, timedelta, timezone
>>> from fsrs import Rating, ReviewLog
>>> t = datetime(2024, 5, 1, tzinfo=timezone.utc)
>>> logs = [ReviewLog(1, Rating.Good, t, 2000), ReviewLog(1, Rating.Good, t + timedelta(days=2), 2000)]
>>> round(log_loss(logs), 3)
0.095
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from fsrs import Card, Rating, ReviewLog, Scheduler

from trainer.progress import scheduling
from trainer.progress.cards import target_ms
from trainer.progress.clock import parse_iso
from trainer.rules.errors import TrainerError

#: Reviews a fit needs at least (fewer would fit noise).
MIN_REVIEWS = 1000


@dataclass(frozen=True)
class Fit:
    """``reviews`` answers; log-loss with the default parameters (``before``) and the fitted ones (``after``)."""

    reviews: int
    before: float
    after: float
    parameters: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"reviews": self.reviews, "log_loss_before": self.before, "log_loss_after": self.after,
                "parameters": list(self.parameters)}

    @property
    def text(self) -> str:
        return (f"FSRS fitted to {self.reviews} answers: log-loss {self.before:.4f} with the default parameters, "
                f"{self.after:.4f} fitted")


def review_logs(records: Iterable[Any]) -> list[ReviewLog]:
    """One FSRS review log per answer (``trainer``, ``skill``, ``item``, ``correct``, ``ms``, ``hinted``,
    ``question``, ``ts_utc``), each trainee's item its own card; unreadable times are left out."""
    logs = []
    for r in records:
        try:
            when = parse_iso(r.ts_utc)
        except (ValueError, TypeError):
            continue
        choices = len((r.question or {}).get("choices") or ())
        rating = scheduling.rating_for(r.correct, r.ms, target_ms(r.skill), hinted=r.hinted, choices=choices)
        card_id = zlib.crc32(f"{r.trainee}:{r.skill}:{r.item}".encode())
        logs.append(ReviewLog(card_id, rating, when, r.ms))
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


def fit(logs: Sequence[ReviewLog]) -> Fit:
    """FSRS's parameters fitted to ``logs`` (at least :data:`MIN_REVIEWS`), with the log-loss before and after."""
    if len(logs) < MIN_REVIEWS:
        raise TrainerError(f"fitting FSRS needs at least {MIN_REVIEWS} answers; the school has {len(logs)}")
    try:
        from fsrs import Optimizer

        fitted = Optimizer(logs).compute_optimal_parameters()
    except ImportError:
        raise TrainerError('fitting FSRS needs the optional optimiser: pip install "fsrs[optimizer]"') from None
    return Fit(len(logs), log_loss(logs), log_loss(logs, fitted), tuple(float(x) for x in fitted))


def school_logs(store: Any, trainees: Sequence[str]) -> list[ReviewLog]:
    """The review logs of ``trainees``' answers in ``store``."""
    return review_logs(r for name in trainees for r in store.answers(name))
