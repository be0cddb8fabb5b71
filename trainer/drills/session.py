"""A drill session: practice (untimed, hints allowed) or timed, with a review at the end.

The session asks the skills' items through a :class:`trainer.drills.queue.LearningQueue` (new items in
teaching order, the trainee's due reviews from the progress store, missed items back after a few
other questions), measures the time from showing a question to its answer, checks the answer,
records it, and keeps the session's history for the review: right and wrong, the median time against
the fluent time, and the missed items with their right answers (``practise_these`` starts a session
of just those).

>>> s = DrillSession(["tile-compare", "vigorish"], seed=1, clock=iter(range(0, 100, 2)).__next__)
>>> q = s.next_question()
>>> s.answer(q.answer).correct, s.summary().answered, s.summary().median_ms
(True, 1, 2000.0)
>>> s = DrillSession(["style-name"], seed=4, length=3, clock=iter(range(0, 100, 2)).__next__)
>>> q = s.next_question(); _ = s.answer(next(c for c in q.choices if c != q.answer))
>>> [m.name for m in s.summary().missed], s.practise_these().items
(['House Way From the Right'], (('style-name', 'house-way-right'),))

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
import sys
import time
from dataclasses import dataclass
from datetime import datetime
from itertools import chain, zip_longest
from statistics import median
from typing import Any, Callable, Iterable, Mapping, Sequence

from trainer.drills.answers import check
from trainer.drills.items import ItemQuestions, item_name, items
from trainer.drills.model import Feedback, Question
from trainer.drills.queue import NEW_PER_DAY, Key, LearningQueue
from trainer.drills.registry import profile_for, skill_named, skills_for
from trainer.progress import scheduling
from trainer.progress.stats import SkillStats, skill_stats, weakest
from trainer.progress.clock import day_start, due_by
from trainer.progress.store import iso, utc_now
from trainer.rules.errors import TrainerError

MODES = ("practice", "timed")
#: Questions in a session unless chosen (the app steps by 10: 10, 20, 40; or "until all due are done").
DEFAULT_LENGTH = 20


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
class Missed:
    """An item answered wrong in the session: its name, the question last missed and its right answer,
    and how many of the session's wrong answers were on it (five hands set wrong by two steps of the
    house way are two items missed five times: the review counts both)."""

    skill: str
    item: str
    name: str
    prompt: str
    answer: str
    times: int = 1

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def missed_heading(summary: SessionSummary) -> str:
    """The review's heading over the missed items: the wrong answers, and the items they were on when
    fewer (each item is practised once in "Practise these").

    >>> two = (Missed("house-way", "step2", "Step 2", "", "", 3), Missed("house-way", "step4", "Step 4", "", "", 2))
    >>> s = SessionSummary("practice", 6, 1, 1 / 6, 1.0, 0, (), (), missed=two)
    >>> missed_heading(s)
    'Missed 5, on 2 items'
    """
    items = len(summary.missed)
    return f"Missed ({items})" if summary.wrong == items else f"Missed {summary.wrong}, on {items} item{'s' * (items > 1)}"


def done_for_today_text(counts: tuple[int, int], *, heading: bool = True) -> str:
    """The end of a day's session, as Anki's "Congratulations, you have finished for now" (``heading``: with
    "Done for today: " first).

    >>> done_for_today_text((12, 1)), done_for_today_text((0, 0), heading=False)
    ('Done for today: 12 reviews, 1 new — practise more?', 'Nothing is due — practise more?')
    """
    reviews, new = counts
    text = f"{reviews} review{'s' * (reviews != 1)}, {new} new" if reviews or new else "nothing is due"
    return f"Done for today: {text} — practise more?" if heading else f"{text[0].upper()}{text[1:]} — practise more?"


def missed_times(missed: Missed) -> str:
    """" (missed 3×)" after an item missed more than once, else ""."""
    return f" (missed {missed.times}×)" if missed.times > 1 else ""


def _missed(history: Sequence[SessionAnswer]) -> tuple[Missed, ...]:
    """Each item missed in ``history`` once, in the order first missed, with its last wrong question."""
    last: dict[Key, SessionAnswer] = {}
    times: dict[Key, int] = {}
    for a in history:
        if not a.correct:
            last[(a.skill, a.item)] = a
            times[(a.skill, a.item)] = times.get((a.skill, a.item), 0) + 1
    return tuple(Missed(a.skill, a.item, item_name(a.item), a.question.typed_prompt or a.question.prompt,
                        a.feedback.expected, times[key]) for key, a in last.items())


@dataclass(frozen=True)
class SessionSummary:
    """The session's review: right and wrong, median time against the fluent time (the median of the
    questions' skills' ``target_ms``), per-skill records, the weakest skills and the missed items."""

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
    fluent_ms: float | None = None
    missed: tuple[Missed, ...] = ()
    #: A day's session (until due) that asked everything due: (reviews, new items) it asked; else None.
    done_for_today: tuple[int, int] | None = None

    @property
    def wrong(self) -> int:
        return self.answered - self.correct

    def to_dict(self) -> dict[str, Any]:
        return {**{k: v for k, v in self.__dict__.items() if k not in ("per_skill", "weakest", "missed")},
                "wrong": self.wrong, "per_skill": [s.to_dict() for s in self.per_skill],
                "weakest": [s.skill for s in self.weakest], "missed": [m.to_dict() for m in self.missed]}

    def review_lines(self) -> list[str]:
        """The review in words, as the terminal prints it (the app shows the same facts)."""
        if self.done_for_today is not None:
            return [done_for_today_text(self.done_for_today)] + (self._answered_lines() if self.answered else [])
        return self._answered_lines() if self.answered else ["No question answered."]

    def _answered_lines(self) -> list[str]:
        fluent = f" (fluent: {self.fluent_ms / 1000:.1f} s)" if self.fluent_ms else ""
        lines = [f"{self.correct} right, {self.wrong} wrong of {self.answered} ({self.accuracy:.0%}); "
                 f"median time {self.median_ms / 1000:.1f} s{fluent}"]
        if self.missed:
            lines.append(f"{missed_heading(self)}:")
            lines += [f"  {m.name}{missed_times(m)} — {m.prompt} — right answer: {m.answer}" for m in self.missed]
        else:
            lines.append("Nothing missed.")
        return lines


#: The item of a new question of a skill whose items are not listed: whichever its seed makes.
ANY_ITEM = ""


@dataclass(frozen=True)
class Today:
    """The day so far, from the answer log: the items first met today (answered wrong, or right where it
    may be a guess: not known already), and today's answers to the items met on an earlier day
    (``reviewed``: right, answered)."""

    introduced: frozenset[Key] = frozenset()
    reviewed: tuple[int, int] = (0, 0)

    @classmethod
    def of(cls, records: Iterable[Any], now: datetime, met_before: Iterable[Key] = ()) -> Today:
        """Today in ``records`` (oldest first: ``skill``, ``item``, ``correct``, ``ts_utc``, ``question``): the
        whole log, or today's answers with ``met_before``, the items among them answered before today
        (``ProgressStore.day_answers``)."""
        start = iso(day_start(now))
        earlier, met_today = set(met_before), set()
        introduced = set()
        right = answered = 0
        for r in records:
            key = (r.skill, r.item)
            if r.ts_utc < start:
                earlier.add(key)
            elif key in earlier:
                right, answered = right + bool(r.correct), answered + 1
            elif key not in met_today:
                met_today.add(key)
                if not (r.correct and not _guessable(r.question)):
                    introduced.add(key)
        return cls(frozenset(introduced), (right, answered))

    def of_skills(self, skills: Sequence[str]) -> Today:
        """Just the days' figures of ``skills``."""
        return Today(frozenset(k for k in self.introduced if k[0] in skills), self.reviewed)


def _guessable(question: Mapping[str, Any]) -> bool:
    return scheduling.guessable(len(question.get("choices") or ()))


def session_queue(skills: Sequence[str], profile: Any, house_way: str | None, cards: Mapping[Key, Any],
                  now: datetime, *, length: int | None, until_due: bool = False, today: Today = Today(),
                  new_per_day: int = NEW_PER_DAY, practised_only: bool = False) -> LearningQueue:
    """The learning queue of a session of ``skills`` for a trainee with ``cards`` at ``now``: the cards due
    today are reviews (most overdue first), the items without a card are new (teaching order, skill by skill in
    turn; ``new_per_day`` a day, less those ``today`` met already; with ``practised_only``, of the skills
    with a card when any has one), the others extra practice (weakest first, then reviewed longest ago).
    ``length`` None: open-ended; ``until_due``: the day's session, ending when nothing is due (at most
    ``length`` questions, if given). In a session of several skills, a skill whose module lists no items
    (finding them means making questions) brings one new question of any item (:data:`ANY_ITEM`) if it has
    no card yet."""
    mine = {key: card for key, card in cards.items() if key[0] in skills}
    practised = {s for s, _ in mine}
    if practised_only and practised:
        skills = [s for s in skills if s in practised]
    order = [[(s, item) for item in items(s, profile, house_way) if (s, item) not in mine]
             if len(skills) == 1 or skill_named(s).items is not None
             else [(s, ANY_ITEM)] * (s not in practised) for s in skills]
    new = [k for k in chain.from_iterable(zip_longest(*order)) if k is not None]
    # due today (before tomorrow's start, as Anki counts it): yesterday's miss, answered a few minutes later in the
    # day than today's session starts, is today's review
    due = sorted((k for k, c in mine.items() if c.due < due_by(now)), key=lambda k: mine[k].due)
    # weakest first; among equals (to the percent) the one reviewed longest ago, so sessions take turns
    extra = sorted(mine, key=lambda k: (round(scheduling.retrievability(mine[k], now), 2),
                                        mine[k].last_review or now))
    mine_today = today.of_skills(skills)
    size = length if until_due or length is not None else sys.maxsize
    return LearningQueue(new, due, extra, length=size, until_due=until_due,
                         new_limit=new_per_day - len(mine_today.introduced), reviewed=mine_today.reviewed)


class DrillSession:
    """Questions one at a time: ``next_question()``, then ``answer(raw)`` (or ``hint()`` first).

    ``skills``: skill ids (default: every skill of the profile except the advanced ones).
    ``profile``: a profile of the skills' game (default: that game's default profile).
    ``mode``: ``practice`` (hints allowed) or ``timed`` (no hints; time is what is measured in
    both). With ``store`` and ``trainee`` every answer is recorded, and the trainee's cards say which
    items are new, due or known (:meth:`_queue`). ``length``: questions in the session (None: open-ended);
    ``until_due``: the day's session, ending sooner once every due review, re-ask and allowed new item is
    done (``done``; the summary's ``done_for_today``). ``items``: a
    session of just these ``(skill, item)`` cards (e.g. the ones missed), until each is answered right.
    ``new_per_day``: new items a day at most (Anki's "new cards per day", counted from the answer log).
    ``time_limit_s``: the session is over that many seconds after the first question was shown
    (``expired``; no more questions or answers). ``clock`` returns seconds (tests pass a fake one).
    """

    def __init__(self, skills: Sequence[str] | None = None, *, profile: str | None = None,
                 house_way: str | None = None, mode: str = "practice", seed: int | None = None,
                 store: Any = None, trainee: str | None = None, time_limit_s: float | None = None,
                 clock: Callable[[], float] = time.monotonic, length: int | None = None, until_due: bool = False,
                 items: Sequence[Key] | None = None, new_per_day: int = NEW_PER_DAY) -> None:
        if mode not in MODES:
            raise TrainerError(f"unknown session mode '{mode}' (choose from: {', '.join(MODES)})")
        if time_limit_s is not None and time_limit_s <= 0:
            raise TrainerError("the time limit must be a positive number of seconds")
        if length is not None and length < 1:
            raise TrainerError("a session has at least one question")
        if items is not None and not items:
            raise TrainerError("no items to practise")
        if new_per_day < 0:
            raise TrainerError("new items a day cannot be negative")
        skills = list(dict.fromkeys(s for s, _ in items)) if items else skills
        self.profile = profile_for(skills[0] if skills else None, profile)
        self.skills = [skill_named(s).id for s in skills] if skills else \
            [s.id for s in skills_for(self.profile, advanced=False)]
        self.house_way, self.mode, self.store, self.trainee = house_way, mode, store, trainee
        #: Who the trainee is: renamed mid-drill (here or on another PC), they train on under the new name.
        self.who = store.identity(trainee) if store is not None and trainee else None
        self._seed = seed
        self._rng = random.Random(seed)
        self._clock = clock
        self.time_limit_s = time_limit_s
        self._started: float | None = None
        self.current: Question | None = None
        self._shown_at = 0.0
        self._hinted = False
        self.history: list[SessionAnswer] = []
        self._sources: dict[str, ItemQuestions] = {}
        self._chosen = tuple(items or ())
        self.new_per_day, self._whole_schedule = new_per_day, not skills
        self.queue = self._queue(length, until_due, items)

    def _follow_rename(self) -> None:
        if self.who is not None:
            self.trainee = self.store.current_name(self.who, self.trainee)

    def _queue(self, length: int | None, until_due: bool, chosen: Sequence[Key] | None) -> LearningQueue:
        if chosen:
            return LearningQueue(new=chosen, length=None, new_limit=len(chosen), reasks=None)
        now = utc_now()
        recorded = self.store is not None and self.trainee
        cards = self.store.cards(self.trainee) if recorded else {}
        today = Today()
        if recorded:
            records, met_before = self.store.day_answers(self.trainee, day_start(now))
            today = Today.of(records, now, met_before)
        return session_queue(self.skills, self.profile, self.house_way, cards, now, length=length,
                             until_due=until_due, today=today, new_per_day=self.new_per_day,
                             practised_only=self._whole_schedule)

    @property
    def length(self) -> int | None:
        """Questions in the session; None when open-ended or until all due are done."""
        n = self.queue.length
        return None if n is None or n == sys.maxsize else n

    @property
    def done(self) -> bool:
        """No question is left: the length is reached, or every due and learning item is done."""
        return self.queue.done

    def practise_these(self, **kw: Any) -> DrillSession:
        """A session of just the items missed so far, under the same profile, mode, store and trainee."""
        missed = tuple((m.skill, m.item) for m in _missed(self.history))
        return DrillSession(profile=self.profile, house_way=self.house_way, mode=self.mode,
                            seed=None if self._seed is None else self._seed + 1, store=self.store,
                            trainee=self.trainee, items=missed, clock=self._clock, **kw)

    @property
    def items(self) -> tuple[Key, ...]:
        """The cards a session of chosen items practises (empty for a session of whole skills)."""
        return self._chosen

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
        key = self.queue.next()
        if key is None:
            raise TrainerError("this session is over: every question has been asked")
        skill, item = key
        if skill not in self._sources:
            self._sources[skill] = ItemQuestions(skill, self.profile, self.house_way,
                                                 seed=self._rng.getrandbits(48))
        self.current = self._sources[skill].question(item or None)
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
        self.queue.answered((question.skill, question.item), feedback.correct,
                            guessable=scheduling.guessable(len(question.choices)), taken_for=self._taken_for(feedback))
        self.history.append(SessionAnswer(question, feedback, raw, took, self._hinted, ts))
        self.current = None
        return feedback

    def _taken_for(self, feedback: Feedback) -> Key | None:
        """The one item asked earlier in the session, of the same skill, whose right answer is the wrong answer
        given (an item mistaken for another), if just one is."""
        if feedback.correct:
            return None
        alike = {(a.skill, a.item) for a in self.history
                 if a.skill == feedback.skill and a.feedback.expected == feedback.given and a.item != feedback.item}
        return next(iter(alike)) if len(alike) == 1 else None

    def summary(self) -> SessionSummary:
        """The review so far: accuracy, median time against the fluent time, per-skill records, the three
        weakest skills and the missed items."""
        h = self.history
        per_skill = tuple(skill_stats(h))
        return SessionSummary(self.mode, len(h), sum(a.correct for a in h),
                              sum(a.correct for a in h) / len(h) if h else None,
                              float(median(a.ms for a in h)) if h else None, sum(a.hinted for a in h),
                              per_skill, tuple(weakest(per_skill)), self.expired,
                              float(median(skill_named(a.skill).target_ms for a in h)) if h else None, _missed(h),
                              self.queue.day_counts((a.skill, a.item) for a in h) if self.queue.done_for_today else None)
