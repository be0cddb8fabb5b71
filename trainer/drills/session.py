"""A drill session: practice (untimed, hints allowed) or timed, with a summary at the end.

The session picks the next question (from the spaced-repetition list when a progress store and a
trainee are given, else in turn over the chosen skills), measures the time from showing a question
to its answer, checks the answer, records it, and keeps the session's history for the summary.

>>> s = DrillSession(["tile-compare", "vigorish"], seed=1, clock=iter(range(0, 100, 2)).__next__)
>>> q = s.next_question()
>>> s.answer(q.answer).correct, s.summary().answered, s.summary().median_ms
(True, 1, 2000.0)

With a time limit the session is over once the clock passes it, counted from the first question:

>>> t = [0.0]
>>> s = DrillSession(["vigorish"], mode="timed", time_limit_s=60, clock=lambda: t[0])
>>> q = s.next_question(); t[0] = 45.0
>>> s.time_left(), s.expired, clock_text(s.time_left())
(15.0, False, '0:15')
>>> t[0] = 61.0; s.expired, s.summary().timed_out
(True, True)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from statistics import median
from typing import Any, Callable, Sequence

from trainer.drills.answers import check
from trainer.drills.model import Feedback, Question
from trainer.drills.registry import generate, profile_for, skill_named, skills_for
from trainer.progress.stats import SkillStats, skill_stats, weakest
from trainer.progress.store import iso, utc_now
from trainer.rules.errors import TrainerError

MODES = ("practice", "timed")


def clock_text(seconds: float) -> str:
    """``mm:ss`` (or ``h:mm:ss``) of a countdown, rounded up so 0:00 means time is over."""
    whole = int(-(-seconds // 1))
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


@dataclass(frozen=True)
class SessionAnswer:
    """One answered question of the session."""

    question: Question
    feedback: Feedback
    answer: Any
    ms: int
    hinted: bool
    ts_utc: str

    @property
    def skill(self) -> str:
        return self.question.skill

    @property
    def item(self) -> str:
        return self.question.item

    @property
    def correct(self) -> bool:
        return self.feedback.correct


@dataclass(frozen=True)
class SessionSummary:
    """Accuracy, median time, per-skill records and the weakest skills of a session."""

    mode: str
    answered: int
    correct: int
    accuracy: float | None
    median_ms: float | None
    hints: int
    per_skill: tuple[SkillStats, ...]
    weakest: tuple[SkillStats, ...]
    #: The session ended because its time limit passed.
    timed_out: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {**{k: v for k, v in self.__dict__.items() if k not in ("per_skill", "weakest")},
                "per_skill": [s.to_dict() for s in self.per_skill], "weakest": [s.skill for s in self.weakest]}


class DrillSession:
    """Questions one at a time: ``next_question()``, then ``answer(raw)`` (or ``hint()`` first).

    ``skills``: skill ids (default: every skill of the profile except the advanced ones).
    ``profile``: a profile of the skills' game (default: that game's default profile).
    ``mode``: ``practice`` (hints allowed) or ``timed`` (no hints; time is what is measured in
    both). With ``store`` and ``trainee`` every answer is recorded and the next question follows
    the spaced-repetition list. ``time_limit_s``: the session is over that many seconds after the
    first question was shown (``expired``; no more questions or answers). ``clock`` returns
    seconds (tests pass a fake one).
    """

    def __init__(self, skills: Sequence[str] | None = None, *, profile: str | None = None,
                 house_way: str | None = None, mode: str = "practice", seed: int | None = None,
                 store: Any = None, trainee: str | None = None, time_limit_s: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if mode not in MODES:
            raise TrainerError(f"unknown session mode '{mode}' (choose from: {', '.join(MODES)})")
        if time_limit_s is not None and time_limit_s <= 0:
            raise TrainerError("the time limit must be a positive number of seconds")
        self.profile = profile_for(skills[0] if skills else None, profile)
        self.skills = [skill_named(s).id for s in skills] if skills else \
            [s.id for s in skills_for(self.profile, advanced=False)]
        self.house_way, self.mode, self.store, self.trainee = house_way, mode, store, trainee
        #: Who the trainee is: renamed mid-drill (here or on another PC), they train on under the new name.
        self.who = store.identity(trainee) if store is not None and trainee else None
        self._rng = random.Random(seed)
        self._clock = clock
        self.time_limit_s = time_limit_s
        self._started: float | None = None
        self._turn = 0
        self.current: Question | None = None
        self._shown_at = 0.0
        self._hinted = False
        self.history: list[SessionAnswer] = []

    def _follow_rename(self) -> None:
        if self.who is not None:
            self.trainee = self.store.current_name(self.who, self.trainee)

    def _pick(self) -> tuple[str, str | None]:
        self._follow_rename()
        if self.store is not None and self.trainee:
            due = self.store.next_up(self.trainee, self.skills, limit=1)
            if due:
                return due[0].skill, due[0].item
        skill = self.skills[self._turn % len(self.skills)]
        self._turn += 1
        return skill, None

    def time_left(self) -> float | None:
        """Seconds left of the time limit (all of it before the first question); None without a limit."""
        if self.time_limit_s is None:
            return None  # no clock call: a fake clock in tests only ticks for the question times
        if self._started is None:
            return float(self.time_limit_s)
        return max(0.0, self.time_limit_s - (self._clock() - self._started))

    @property
    def expired(self) -> bool:
        """True once the time limit has passed."""
        return self.time_left() == 0.0

    def _check_time(self) -> None:
        if self.expired:
            raise TrainerError("the time is up: this session is over")

    def next_question(self) -> Question:
        """The next question; its clock (and, for the first, the session's) starts now."""
        self._check_time()
        skill, item = self._pick()
        self.current = generate(skill, seed=self._rng.getrandbits(48), profile=self.profile,
                                house_way=self.house_way, item=item)
        self._hinted = False
        self._shown_at = self._clock()
        if self._started is None:
            self._started = self._shown_at
        return self.current

    def hint(self) -> str:
        """The current question's hint (practice mode only); the answer then rates as Hard."""
        if self.mode != "practice":
            raise TrainerError("no hints in timed mode")
        self._hinted = True
        return self._require().hint

    def _require(self) -> Question:
        if self.current is None:
            raise TrainerError("no question is showing: ask for the next question first")
        return self.current

    def answer(self, raw: Any, *, ms: int | None = None) -> Feedback:
        """Check ``raw`` for the current question, record it, and return the feedback.

        An unreadable answer raises ``AnswerParseError`` and the question stays open (nothing
        recorded, the clock keeps running). After the time limit it is a ``TrainerError``.
        """
        question = self._require()
        self._check_time()
        feedback = check(question, raw)
        took = ms if ms is not None else round((self._clock() - self._shown_at) * 1000)
        self._follow_rename()
        if self.store is not None and self.trainee:
            rec = self.store.record(self.trainee, question, feedback, raw, took, mode=self.mode, hinted=self._hinted)
            ts = rec.ts_utc
        else:
            ts = iso(utc_now())
        self.history.append(SessionAnswer(question, feedback, raw, took, self._hinted, ts))
        self.current = None
        return feedback

    def summary(self) -> SessionSummary:
        """Accuracy, median time, per-skill records and the three weakest skills so far."""
        h = self.history
        per_skill = tuple(skill_stats(h))
        return SessionSummary(self.mode, len(h), sum(a.correct for a in h),
                              sum(a.correct for a in h) / len(h) if h else None,
                              float(median(a.ms for a in h)) if h else None, sum(a.hinted for a in h),
                              per_skill, tuple(weakest(per_skill)), self.expired)
