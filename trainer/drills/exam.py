"""Exams: a fixed, seed-determined set of questions; grading; a result with every wrong answer.

The same :class:`ExamSpec` (seed, profile, skills, length, time limit) always gives the same
questions in the same order (spec R1), so an instructor can print the set and a saved result can
be regraded. Answers are checked for readability as they are entered (:class:`ExamSession`), so an
unreadable entry is never marked wrong; an unanswered question counts as wrong.

>>> spec = ExamSpec(seed=7, skills=("tile-compare", "vigorish"), count=4)
>>> exam = build_exam(spec)
>>> [q.skill for q in exam.questions] == [q.skill for q in build_exam(spec).questions]
True
>>> result = grade(exam, [q.answer for q in exam.questions[:3]] + [None])
>>> result.score, result.total, len(result.wrong), result.wrong[0].given
(3, 4, 1, '')
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from trainer.drills.answers import check, expected_text
from trainer.drills.games import game_named
from trainer.drills.items import items
from trainer.drills.model import Question
from trainer.drills.registry import casino_profile, check_offered, generate, profile_for, skill_named
from trainer.rules.errors import TrainerError

MAX_QUESTIONS = 200


@dataclass(frozen=True)
class ExamSpec:
    """What an exam is made of. ``time_limit_s`` None = untimed; ``pass_percent`` the pass mark."""

    seed: int
    skills: tuple[str, ...]
    count: int
    #: A profile of the skills' game; None: that game's default (filled in on creation).
    profile: str | None = None
    time_limit_s: int | None = None
    house_way: str | None = None
    pass_percent: int = 80
    #: The SHA-256 of the casino's Rules Submission the exam is on (None: the profile's own rules): its
    #: text is kept with the progress, so the exam is built again on the same way and choices.
    casino: str | None = None

    def __post_init__(self) -> None:
        if not self.skills:
            raise TrainerError("an exam needs at least one skill")
        profile = profile_for(self.skills[0], casino_profile(self.casino, self.profile) if self.casino else self.profile)
        object.__setattr__(self, "profile", profile.name)
        for skill in self.skills:
            check_offered(skill_named(skill), profile)
        if self.house_way is not None:  # named now, not when the questions are first printed or asked
            game_named(skill_named(self.skills[0]).game).setup(profile, self.house_way)
        if not 1 <= self.count <= MAX_QUESTIONS:
            raise TrainerError(f"an exam has 1 to {MAX_QUESTIONS} questions, not {self.count}")
        if self.time_limit_s is not None and self.time_limit_s <= 0:
            raise TrainerError("the time limit must be a positive number of seconds")

    def to_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "skills": list(self.skills)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ExamSpec:
        return cls(**{**d, "skills": tuple(d["skills"])})


@dataclass(frozen=True)
class Exam:
    spec: ExamSpec
    questions: tuple[Question, ...]


def casino_title(digest: str | None) -> str:
    """The name of the casino whose Rules Submission (SHA-256 ``digest``) an exam is on, for its printed
    head; "" for the profile's own rules."""
    from trainer.rules.casino import casino_by_digest

    if not digest:
        return ""
    try:
        return casino_by_digest(digest).casino
    except TrainerError:
        return f"a casino's rules not on this PC ({digest[:12]})"


def screen_only(skills: Sequence[str]) -> tuple[str, ...]:
    """The skills among ``skills`` whose questions only the app can show (an animation, not text)."""
    return tuple(s for s in skills if skill_named(s).needs_screen)


def build_exam(spec: ExamSpec, *, printed: bool = False, tick: Callable[[], object] | None = None) -> Exam:
    """The questions of ``spec``: skills shared out evenly, in a seeded order, each from its own seed.

    ``printed``: the exam goes on paper, so a skill that needs the screen is a ``TrainerError``
    (refused, not dropped: dropping it would change the questions the same spec gives in the app).
    ``tick`` is called after each question (a progress bar).
    """
    if printed and screen_only(spec.skills):
        raise TrainerError(f"a printed exam cannot ask {', '.join(screen_only(spec.skills))}: its questions "
                           "are animations shown in the app (leave it out, or use style-name)")
    questions = []
    for skill, seed, item in exam_plan(spec):
        questions.append(generate(skill, seed=seed, profile=spec.profile, house_way=spec.house_way,
                                  casino=spec.casino, item=item))
        if tick is not None:
            tick()
    return Exam(spec, tuple(questions))


def exam_plan(spec: ExamSpec) -> list[tuple[str, int, str | None]]:
    """Each question's skill, seed and the item it aims at, in order: the skills shared out evenly, in a
    seeded order, each skill's listed items in turn (``_aims``)."""
    rng = random.Random(spec.seed)
    skills = [spec.skills[i % len(spec.skills)] for i in range(spec.count)]
    rng.shuffle(skills)
    aims = {skill: _aims(spec, skill) for skill in spec.skills}
    return [(skill, rng.getrandbits(48), aims[skill].pop(0) if aims[skill] else None) for skill in skills]


def exam_question(spec: ExamSpec, number: int) -> Question:
    """Question ``number`` (1-based) of ``spec``, made alone: the same as ``build_exam``'s (a live
    quiz's PCs each make the question the instructor asks, from the quiz's seed, spec R1).

    >>> spec = ExamSpec(seed=7, skills=("tile-compare", "vigorish"), count=4)
    >>> exam_question(spec, 3) == build_exam(spec).questions[2]
    True
    """
    if not 1 <= number <= spec.count:
        raise TrainerError(f"question {number} is not one of the {spec.count} questions")
    skill, seed, item = exam_plan(spec)[number - 1]
    return generate(skill, seed=seed, profile=spec.profile, house_way=spec.house_way, casino=spec.casino, item=item)


def _aims(spec: ExamSpec, skill: str) -> list[str]:
    """The items ``skill``'s questions aim at in turn, each as often as the others (in a seeded order): an
    exam stratifies a skill whose items are listed and cheap to aim at (``preview``), e.g. a casino's
    house way rule by rule (issue 36); [] for the others (any item, as their seed makes)."""
    s = skill_named(skill)
    if s.items is None or s.preview is None:
        return []
    profile = casino_profile(spec.casino, spec.profile) if spec.casino else spec.profile
    its = list(items(skill, profile, spec.house_way))
    random.Random(f"{spec.seed}:{skill}").shuffle(its)
    return [its[i % len(its)] for i in range(spec.count)] if its else []


@dataclass(frozen=True)
class GradedQuestion:
    """One exam question after grading; ``answer`` None means unanswered."""

    index: int
    question: Question
    answer: Any
    given: str
    correct: bool
    expected: str
    explanation: str
    citations: tuple[str, ...]
    mistake: str = ""
    ms: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "skill": self.question.skill, "prompt": self.question.prompt,
                "answer": self.answer if self.answer is None or isinstance(self.answer, (str, int)) else
                list(self.answer), "given": self.given, "correct": self.correct, "expected": self.expected,
                "explanation": self.explanation, "citations": list(self.citations), "mistake": self.mistake,
                "ms": self.ms, "question": self.question.to_dict()}


@dataclass(frozen=True)
class ExamResult:
    """Score, score per skill, and every wrong or unanswered question with the right answer."""

    spec: ExamSpec
    graded: tuple[GradedQuestion, ...]
    elapsed_s: float | None = None
    timed_out: bool = False
    by_skill: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def score(self) -> int:
        return sum(g.correct for g in self.graded)

    @property
    def total(self) -> int:
        return len(self.graded)

    @property
    def percent(self) -> float:
        return 100.0 * self.score / self.total

    @property
    def passed(self) -> bool:
        return self.percent >= self.spec.pass_percent

    @property
    def wrong(self) -> tuple[GradedQuestion, ...]:
        return tuple(g for g in self.graded if not g.correct)

    def to_dict(self) -> dict[str, Any]:
        return {"spec": self.spec.to_dict(), "score": self.score, "total": self.total, "percent": self.percent,
                "passed": self.passed, "elapsed_s": self.elapsed_s, "timed_out": self.timed_out,
                "by_skill": {k: {"correct": c, "total": t} for k, (c, t) in self.by_skill.items()},
                "questions": [g.to_dict() for g in self.graded]}


def _grade_one(index: int, question: Question, answer: Any, ms: int | None) -> GradedQuestion:
    if answer is None:
        return GradedQuestion(index, question, None, "", False, expected_text(question), question.explanation,
                              question.citations, "unanswered", ms)
    fb = check(question, answer)  # an unreadable answer raises AnswerParseError: never graded wrong
    return GradedQuestion(index, question, answer, fb.given, fb.correct, fb.expected, fb.explanation, fb.citations,
                          fb.mistake, ms)


def grade(exam: Exam, answers: Sequence[Any], times_ms: Sequence[int | None] | None = None, *,
          elapsed_s: float | None = None, timed_out: bool = False) -> ExamResult:
    """Grade ``answers`` (one per question, None = unanswered)."""
    if len(answers) != len(exam.questions):
        raise TrainerError(f"expected {len(exam.questions)} answers, got {len(answers)}")
    times = list(times_ms) if times_ms is not None else [None] * len(answers)
    graded = tuple(_grade_one(i, q, a, t) for i, (q, a, t) in enumerate(zip(exam.questions, answers, times)))
    by_skill: dict[str, tuple[int, int]] = {}
    for g in graded:
        c, t = by_skill.get(g.question.skill, (0, 0))
        by_skill[g.question.skill] = (c + g.correct, t + 1)
    return ExamResult(exam.spec, graded, elapsed_s, timed_out, by_skill)


class ExamSession:
    """Taking an exam: answers in any order, checked for readability when entered, timed.

    ``answer(i, raw)`` raises ``AnswerParseError`` for an unreadable entry (show it, let the
    trainee retype) and ``TrainerError`` once the time limit has passed. ``finish()`` grades.
    """

    def __init__(self, exam: Exam, clock: Callable[[], float] = time.monotonic) -> None:
        self.exam = exam
        self._clock = clock
        self.started = clock()
        self._last = self.started
        self.answers: list[Any] = [None] * len(exam.questions)
        self.times_ms: list[int | None] = [None] * len(exam.questions)

    @property
    def elapsed_s(self) -> float:
        return self._clock() - self.started

    @property
    def remaining_s(self) -> float | None:
        limit = self.exam.spec.time_limit_s
        return None if limit is None else max(0.0, limit - self.elapsed_s)

    @property
    def expired(self) -> bool:
        return self.remaining_s == 0.0

    def answer(self, index: int, raw: Any) -> None:
        """Enter (or change) the answer to question ``index``; checked for readability now."""
        if self.expired:
            raise TrainerError("the time limit has passed; no more answers are accepted")
        check(self.exam.questions[index], raw)  # raises AnswerParseError; the verdict stays hidden
        now = self._clock()
        self.answers[index] = raw
        self.times_ms[index] = (self.times_ms[index] or 0) + round((now - self._last) * 1000)
        self._last = now

    def finish(self) -> ExamResult:
        return grade(self.exam, self.answers, self.times_ms, elapsed_s=self.elapsed_s, timed_out=self.expired)
