"""The dealer's seat of any game: one round, played by the game's engine, as the dealer's actions in order.

A game describes a round by its ``RoundSpec`` (a :class:`RoundSource`): ``spec.play()`` plays the
round with the game's engine and ``spec.tasks(played)`` lists the dealer's actions in it, each a
:class:`RoundTask` (a question and the index of the round's step it performs). :class:`DealerRound`
walks those tasks: each answer is judged by :func:`trainer.drills.answers.check` like any drill,
timed, recorded in the progress store, and the round goes on as the rules require, right or wrong.
Every action is also a drill of its own (:func:`action_drill`): a question drawn from a random round.

A payment (a MONEY task whose data names the table's ``chips``) is asked as a typed total, or paid in
chips (:func:`in_chips`, issue 31): the key is then the fewest-chips breakdown of the same amount.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from statistics import median
from typing import Any, Callable, Iterable, Protocol, TypeVar

from trainer.drills.answers import check
from trainer.drills.common import CHIPS_HINT
from trainer.drills.model import AnswerKind, Draft, Feedback, Question
from trainer.rules.chips import fewest_chips
from trainer.rules.errors import TrainerError
from trainer.rules.money import format_cents
from trainer.rules.record import Step


@dataclass(frozen=True)
class RoundTask:
    """One action of the dealer: its question and the index of the round step it performs."""

    question: Question
    step: int

    @property
    def skill(self) -> str:
        return self.question.skill


class RoundSource(Protocol):
    """A game's description of one round (its ``RoundSpec``): it plays the round and lists its tasks."""

    seed: int

    def play(self) -> Any: ...

    def tasks(self, played: Any = None) -> tuple[RoundTask, ...]: ...


S = TypeVar("S")


def task_question(skill: str, made: Draft, seed: int, profile: str, house_way: str = "", casino: str = "") -> Question:
    """The question of a task drafted in the round of ``seed`` (at the table of ``casino``'s Rules Submission)."""
    return Question(skill=skill, seed=seed, profile=profile, house_way=house_way, casino=casino,
                    **{f: getattr(made, f) for f in Draft.__dataclass_fields__})


def numbered_tasks(built: Iterable[tuple[str, Draft, int]],
                   question: Callable[[str, Draft], Question]) -> tuple[RoundTask, ...]:
    """The drafted actions ``(skill, draft, step)`` as tasks in order; ``data["task"]`` numbers each,
    so that with ``data["round"]`` it replays."""
    return tuple(RoundTask(question(skill, replace(made, data=dict(made.data) | {"task": i})), step)
                 for i, (skill, made, step) in enumerate(built))


def first_playable(spec: S, attempt: Callable[[S], object], tries: int) -> S:
    """``spec``, or the one with the next seed for which ``attempt`` raises no :class:`TrainerError`
    (a round the rules allow: a bank that covers the wagers, a moment for the irregularity asked)."""
    for k in range(tries):
        candidate = replace(spec, seed=spec.seed + k)  # type: ignore[type-var]
        try:
            attempt(candidate)
        except TrainerError:
            continue
        return candidate
    attempt(spec)  # raises the reason
    return spec


def action_drill(skill: str, random_spec: Callable[[random.Random, Any, str], RoundSource],
                 tries: int = 200) -> Callable[[random.Random, Any], Draft]:
    """A drill generator for one action of the dealer's seat: a random round's task of ``skill``
    (``random_spec(rng, setup, skill)`` draws the round, favouring one that has the action)."""
    def make(rng: random.Random, setup: Any) -> Draft:
        for _ in range(tries):
            try:
                tasks = [t for t in random_spec(rng, setup, skill).tasks() if t.skill == skill]
            except TrainerError:  # e.g. an irregularity this round cannot have
                continue
            if tasks:
                q = rng.choice(tasks).question
                return Draft(q.prompt, q.kind, q.answer, q.explanation, q.citations, q.item, q.choices, q.parts,
                             q.hint, q.data)
        raise TrainerError(f"no round with a {skill} action in {tries} tries")
    make.__module__ = random_spec.__module__  # the registry files a skill under the game of its module
    return make


def in_chips(task: RoundTask) -> RoundTask:
    """A payment paid in chips instead of typed as a total: a MONEY task whose ``data["chips"]`` are the
    table's chips becomes a CHIPS task of the same amount, whose key is its fewest-chips breakdown (any
    breakdown with as few chips is right, ``answers.judge_chips``; a right total in more chips is a mistake
    of its own). Any other task, or an amount the table's chips cannot make, is asked as it is.

    >>> from trainer.drills.model import Question
    >>> paid = Question("bac-dealer-pay", "banker", 1, "pa-631a", "", "Seat 3 wins $285.00: how much do you pay?",
    ...                 AnswerKind.MONEY, 28500, "Paid 1 to 1.", (), data={"chips": [10000, 2500, 500, 100, 25]})
    >>> asked = in_chips(RoundTask(paid, 4)).question
    >>> asked.kind.value, asked.answer, asked.data["amount_cents"]
    ('chips', '2 × $100, 3 × $25, 2 × $5', 28500)
    >>> asked.explanation
    'With the fewest chips, $285.00 is 2 × $100, 3 × $25, 2 × $5. Paid 1 to 1.'
    """
    q = task.question
    chips = q.data.get("chips")
    if q.kind is not AnswerKind.MONEY or not chips or q.answer % min(chips):
        return task
    key = fewest_chips(q.answer, chips)
    asked = replace(q, prompt=f"{q.prompt} Pay it with the fewest chips.", kind=AnswerKind.CHIPS, answer=str(key),
                    explanation=f"With the fewest chips, {format_cents(q.answer)} is {key}. "
                                f"{q.explanation[:1].upper()}{q.explanation[1:]}",
                    hint=CHIPS_HINT, data=dict(q.data) | {"amount_cents": q.answer})
    return replace(task, question=asked)


# --- the round as the trainee plays it ------------------------------------------------------------


@dataclass(frozen=True)
class TaskAnswer:
    """One action of the trainee: the task, the verdict, what was given and how long it took."""

    task: RoundTask
    feedback: Feedback
    answer: Any
    ms: int


@dataclass(frozen=True)
class RoundSummary:
    """The end of a round: score, times, mistakes (each with the right action and its citation)."""

    answered: int
    correct: int
    total_ms: int
    median_ms: float | None
    mistakes: tuple[TaskAnswer, ...]
    per_skill: tuple[tuple[str, int, int], ...] = field(default=())

    @property
    def score(self) -> float:
        return self.correct / self.answered if self.answered else 1.0


class DealerRound:
    """One round from the dealer's seat: the tasks in order, each answer judged, timed and recorded.

    ``spec`` is a game's round (:class:`RoundSource`). ``answer`` judges the current task with
    :func:`~trainer.drills.answers.check` (an unreadable answer raises ``AnswerParseError`` and counts
    nothing), records it in ``store`` for ``trainee`` (mode "timed") and moves on, right or wrong.
    ``narration(i)`` gives the round's steps that come before task ``i`` (what the table shows).
    ``chips``: the payments are paid in chips (:func:`in_chips`), else typed as totals (a speed drill);
    ``pay_in_chips`` changes it for the tasks still to come.
    """

    def __init__(self, spec: RoundSource, *, store: Any = None, trainee: str | None = None,
                 clock: Callable[[], float] = time.monotonic, chips: bool = False) -> None:
        self.spec = spec
        self.round = self.played(spec)
        self.drafted = self.tasks_of(spec, self.round)
        self.pay_in_chips(chips)
        self.store, self.trainee, self.clock = store, trainee, clock
        #: Who the trainee is: renamed mid-round, their answers are kept under the new name.
        self.who = store.identity(trainee) if store is not None and trainee else None
        self.index = 0
        self.history: list[TaskAnswer] = []
        self._shown_at = clock()

    @staticmethod
    def played(spec: RoundSource) -> Any:
        """The round ``spec`` plays (a screen remembers it by spec, to deal it ahead)."""
        return spec.play()

    @staticmethod
    def tasks_of(spec: RoundSource, played: Any) -> tuple[RoundTask, ...]:
        """The dealer's tasks in the round ``played`` of ``spec``."""
        return spec.tasks(played)

    def pay_in_chips(self, chips: bool) -> None:
        """The payments asked in chips (True) or as typed totals (False) from now on."""
        self.chips = chips
        self.tasks = tuple(map(in_chips, self.drafted)) if chips else self.drafted

    @property
    def current(self) -> RoundTask | None:
        return self.tasks[self.index] if self.index < len(self.tasks) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.tasks)

    def shown(self) -> None:
        """The current task is on screen now: its answer time starts here."""
        self._shown_at = self.clock()

    def narration(self, index: int) -> tuple[Step, ...]:
        """The steps after task ``index - 1``'s step up to (not including) task ``index``'s step; for
        ``index == len(tasks)``, the steps after the last task to the end of the round."""
        steps = tuple(self.round.steps)
        start = self.tasks[index - 1].step + 1 if index > 0 else 0
        end = self.tasks[index].step if index < len(self.tasks) else len(steps)
        return steps[start:max(start, end)]

    def answer(self, raw: Any, *, ms: int | None = None) -> Feedback:
        task = self.current
        if task is None:
            raise TrainerError("the round is over: start a new round")
        feedback = check(task.question, raw)  # a wrong answer reviewed by its skill's reviewer, if any
        elapsed = ms if ms is not None else int((self.clock() - self._shown_at) * 1000)
        if self.who is not None:
            self.trainee = self.store.current_name(self.who, self.trainee)
        if self.store is not None and self.trainee:
            self.store.record(self.trainee, task.question, feedback, raw, elapsed, mode="timed")
        self.history.append(TaskAnswer(task, feedback, raw, elapsed))
        self.index += 1
        self._shown_at = self.clock()
        return feedback

    def summary(self) -> RoundSummary:
        times = [a.ms for a in self.history]
        skills = dict.fromkeys(t.skill for t in self.tasks)
        per_skill = tuple((s, sum(1 for a in self.history if a.task.skill == s),
                           sum(1 for a in self.history if a.task.skill == s and a.feedback.correct)) for s in skills)
        return RoundSummary(len(self.history), sum(1 for a in self.history if a.feedback.correct), sum(times),
                            median(times) if times else None,
                            tuple(a for a in self.history if not a.feedback.correct), per_skill)
