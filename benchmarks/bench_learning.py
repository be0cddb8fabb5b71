"""Learning: answers a simulated learner needs to recall 90% of a skill's items a day later, by picker.

The learners (issue 38) have a spacing effect and were written apart from the queue:

* ``half-life`` — half-life regression (Settles & Meeder 2016, "A Trainable Spaced Repetition Model
  for Language Learning", ACL, eq. 1-2): recall ``p = 2^(-lag/h)``, half-life ``h = 2^(θ·x)`` days,
  ``x = (1, √(1+right), √(1+wrong))`` (their count features, square-rooted as in §4), clamped to
  their code's 15 minutes .. 274 days. Plain HLR counts a study the same after a minute or a week;
  here a study counts ``min(1, lag/h)`` of one (a re-ask minutes later adds almost nothing: the
  spacing effect). θ = (-5.0, 2.0, 1.0) (a miss's feedback is a study too): a first study lasts ~8-11
  hours, ~11 fully spaced recalls reach a week (the paper's half-lives run from minutes to months); each learner's bias is drawn ±0.3, and
  each item's weight (the paper's lexeme features: words differ) from N(0, 0.7).
* ``act-r`` — ACT-R's activation with spacing (Pavlik & Anderson 2005, "Practice and forgetting
  effects on vocabulary memory: an activation-based model of the spacing effect", Cognitive Science
  29, 559-586): activation ``m = ln Σ t_i^-d_i``, each trace's decay ``d_i = c·e^m(i-1) + a`` (a trace
  laid down while the item is strong decays fast), recall ``p = 1/(1+e^((τ-m)/s))``, time between
  sessions counted as ``h`` of itself. Their fitted parameters: a = 0.177, c = 0.217, τ = -0.704,
  s = 0.255, h = 0.025; each learner's τ is drawn ±0.05, and each item's activation offset (their
  2008 paper's item β) from N(0, 0.15): items differ in difficulty.
* ``issue-26`` — the old model of this file (learns an item with probability 0.35 a feedback, recall
  ``exp(-t/S)``, S from a day, tripled by each recall), kept as one row: it has no spacing effect.

A learner answers right when it recalls the item, else guesses among the question's choices (a typed
answer cannot be guessed), and reads the feedback (a study). One session of ``SESSION`` questions a
day, ``ANSWER_S`` seconds a question; after each session, the goal: the mean recall of all the
skill's items a day later is at least 90%. The answers until then (``CAP_DAYS`` at most) are counted.

Pickers, each on the same learners (seeds): ``random`` (any item each question), ``round robin``
(teaching order, item after item across days), ``shuffled`` (round robin, each pass shuffled), ``app``
(the Drills screen's session: ``trainer.drills.session.session_queue`` of ``SESSION`` questions, on FSRS
cards rated as the store rates them and the answer log's day counts: due reviews, re-asks and the day's
new items, then practice); and, on request (``--pickers ...``): ``app-due`` (the same queue ending when no
due review, re-ask or new item is left, as Anki's day and the screen's "Until all due are done": the
answers spent on items not due are saved), ``oracle-fill``: the item with the lowest *true* recall
tomorrow not asked yet today, a bound no scheduler can see, and ``oracle``, the same free to stop as
``app-due`` is (when that item will be recalled at least :data:`ORACLE_STOP` tomorrow). Each cell is the
median of the answers to the goal and, in brackets, of the days: a shorter session may take more days.

Then the teaching bar: a 20-question session answered all wrong (distinct items, back-to-back
repeats) and all right (distinct items), for the skills and profiles issue 26 names.

Run: ``.venv/bin/python benchmarks/bench_learning.py [--learners N] [--skills ...]``.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import load, parser  # noqa: E402
from trainer.drills.items import ItemQuestions, items  # noqa: E402
from trainer.drills.model import AnswerKind  # noqa: E402
from trainer.drills.registry import skill_named  # noqa: E402
from trainer.drills.session import DrillSession, Today, session_queue  # noqa: E402
from trainer.drills.queue import LearningQueue  # noqa: E402
from trainer.progress import scheduling  # noqa: E402

DAY = 86400.0
SESSION = 20
ANSWER_S = 10.0
CAP_DAYS = 200
GOAL = 0.9
#: The oracle's session ends when the item likeliest to be forgotten will be recalled this well tomorrow.
ORACLE_STOP = 0.9
SKILLS = ("tile-id", "bac-banker-draws")
PICKERS = ("random", "round robin", "shuffled", "app")
EXTRA_PICKERS = ("app-due", "oracle", "oracle-fill")
T0 = datetime(2024, 5, 1, 12, tzinfo=timezone.utc)


class Learner(Protocol):
    def recall(self, item: str, t: float) -> float: ...

    def study(self, item: str, t: float, recalled: bool) -> None: ...


def _difficulty(rng: random.Random, sd: float) -> Callable[[str], float]:
    """Each item's own offset from N(0, sd), the same for a learner whatever the order items are met in."""
    base, drawn = rng.getrandbits(32), {}
    return lambda item: drawn.setdefault(item, random.Random(f"{base}:{item}").gauss(0.0, sd))


class HalfLife:
    """Half-life regression (Settles & Meeder 2016) with lag-weighted counts (see the module docstring)."""

    THETA = (-5.0, 2.0, 1.0)
    H_MIN, H_MAX = 15 / 1440, 274.0  # days: the paper's code's clamps

    def __init__(self, rng: random.Random) -> None:
        self.bias = self.THETA[0] + rng.uniform(-0.3, 0.3)
        self.item = _difficulty(rng, 0.7)
        self.state: dict[str, tuple[float, float, float]] = {}  # item -> (right, wrong, last study s)

    def _h(self, item: str, right: float, wrong: float) -> float:
        x = self.bias + self.item(item) + self.THETA[1] * math.sqrt(1 + right) + self.THETA[2] * math.sqrt(1 + wrong)
        return min(self.H_MAX, max(self.H_MIN, 2 ** x)) * DAY

    def recall(self, item: str, t: float) -> float:
        if item not in self.state:
            return 0.0
        right, wrong, seen = self.state[item]
        return 2 ** (-(t - seen) / self._h(item, right, wrong))

    def study(self, item: str, t: float, recalled: bool) -> None:
        right, wrong, seen = self.state.get(item, (0.0, 0.0, -math.inf))
        weight = min(1.0, (t - seen) / self._h(item, right, wrong))
        self.state[item] = (right + weight * recalled, wrong + weight * (not recalled), t)


class ActR:
    """ACT-R activation with spacing-dependent decay (Pavlik & Anderson 2005)."""

    A, C, TAU, S, H = 0.177, 0.217, -0.704, 0.255, 0.025

    def __init__(self, rng: random.Random) -> None:
        self.tau = self.TAU + rng.uniform(-0.05, 0.05)
        self.item = _difficulty(rng, 0.15)
        self.traces: dict[str, list[tuple[float, float]]] = {}  # item -> [(time s, decay)]

    @classmethod
    def _age(cls, then: float, now: float) -> float:
        """Psychological age: time between sessions (whole days here) counts ``h`` of itself."""
        gap = (math.floor(now / DAY) - math.floor(then / DAY)) * (DAY - SESSION * ANSWER_S)
        return max(1.0, now - then - (1 - cls.H) * gap)

    def _m(self, item: str, t: float) -> float:
        traces = self.traces.get(item)
        if not traces:
            return -math.inf
        return math.log(sum(self._age(when, t) ** -d for when, d in traces))

    def recall(self, item: str, t: float) -> float:
        m = self._m(item, t)
        return 0.0 if m == -math.inf else 1 / (1 + math.exp((self.tau - m - self.item(item)) / self.S))

    def study(self, item: str, t: float, recalled: bool) -> None:
        m = self._m(item, t)
        self.traces.setdefault(item, []).append((t, self.A + (0.0 if m == -math.inf else self.C * math.exp(m))))


class Issue26:
    """The old model: learnt with probability LEARN a feedback, recall exp(-t/S), S tripled by each recall."""

    LEARN, S0 = 0.35, DAY

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.learnt: dict[str, tuple[float, float]] = {}

    def recall(self, item: str, t: float) -> float:
        if item not in self.learnt:
            return 0.0
        seen, s = self.learnt[item]
        return math.exp(-(t - seen) / s)

    def study(self, item: str, t: float, recalled: bool) -> None:
        if recalled:
            self.learnt[item] = (t, self.learnt[item][1] * 3)
        elif self.rng.random() < self.LEARN:
            self.learnt[item] = (t, self.S0)
        else:
            self.learnt.pop(item, None)


MODELS: dict[str, Callable[[random.Random], Learner]] = {"half-life": HalfLife, "act-r": ActR, "issue-26": Issue26}


@dataclass
class Record:
    """An answer as the store logs it (what the queue's day counts read)."""

    skill: str
    item: str
    correct: bool
    ts_utc: str
    question: dict


class Run:
    """One learner on one skill under one picker: the day loop."""

    def __init__(self, skill: str, model: str, picker: str, seed: int) -> None:
        self.skill, self.picker = skill, picker
        self.its = items(skill)
        self.rng = random.Random(seed * 7919 + 1)
        self.learner = MODELS[model](random.Random(seed))
        self.source = ItemQuestions(skill, None, None, seed=seed)
        self.target = skill_named(skill).target_ms
        self.cards: dict = {}
        self.log: list[Record] = []
        self.turn = 0
        self.days = 0
        self.order: list[str] = []

    def _next_in_pass(self) -> str:
        if not self.order:
            self.order = list(self.its)
            if self.picker == "shuffled":
                self.rng.shuffle(self.order)
        return self.order.pop(0)

    def _oracle(self, t: float, n: int) -> str | None:
        """The item the learner is likeliest to have forgotten by tomorrow (its true recall), not asked today;
        ``oracle`` stops (None) once that recall is at least :data:`ORACLE_STOP`, as the app's session ends."""
        today = {r.item for r in self.log[len(self.log) - n:]} if n else set()
        left = [i for i in self.its if i not in today] or list(self.its)
        item = min(left, key=lambda i: self.learner.recall(i, t + DAY))
        return None if self.picker == "oracle" and self.learner.recall(item, t + DAY) >= ORACLE_STOP else item

    def _queue(self, when: datetime) -> LearningQueue:
        """The app's session of the day: the Drills screen's (``app``: due reviews, re-asks and new items, then
        practice up to its length), or Anki's (``app-due``: ending when none of those is left)."""
        return session_queue([self.skill], None, None, self.cards, when, length=SESSION,
                             until_due=self.picker == "app-due", today=Today.of(self.log, when))

    def _ask(self, item: str, t: float) -> tuple[bool, bool]:
        question = self.source.question(item)
        p = self.learner.recall(item, t)
        recalled = self.rng.random() < p
        guessed = bool(question.choices) and self.rng.random() < 1 / len(question.choices)
        right = recalled or guessed
        self.learner.study(item, t, recalled)
        when = T0 + timedelta(seconds=t)
        ms = int(self.target * (0.6 if recalled else 1.5))
        card = self.cards.get((self.skill, item)) or scheduling.new_card(self.skill, item, when)
        choices = len(question.choices)
        self.cards[(self.skill, item)] = scheduling.review(card, right, ms, self.target, when, choices=choices)
        self.log.append(Record(self.skill, item, right, when.isoformat(timespec="milliseconds"),
                               {"choices": question.choices}))
        return right, scheduling.guessable(choices)

    def day(self, d: int) -> None:
        t = d * DAY
        queue = self._queue(T0 + timedelta(seconds=t)) if self.picker.startswith("app") else None
        for n in range(SESSION):
            if queue is not None:
                key = queue.next()
                item = None if key is None else key[1]
            elif self.picker == "random":
                item = self.rng.choice(self.its)
            elif self.picker.startswith("oracle"):
                item = self._oracle(t + n * ANSWER_S, n)
            else:
                item = self._next_in_pass()
            if item is None:
                break
            right, guessable = self._ask(item, t + n * ANSWER_S)
            if queue is not None:
                queue.answered((self.skill, item), right, guessable=guessable)
            self.turn += 1

    def recalled_tomorrow(self, d: int) -> float:
        t = d * DAY + DAY
        return statistics.fmean(self.learner.recall(i, t) for i in self.its)

    def answers_to_goal(self) -> int | None:
        for d in range(CAP_DAYS):
            self.day(d)
            if self.recalled_tomorrow(d) >= GOAL:
                self.days = d + 1
                return self.turn
        return None


def _median(runs: list[int | None]) -> tuple[float, int]:
    """The median answers (a run that never reached the goal counts as more than any) and the capped runs."""
    big = CAP_DAYS * SESSION + 1
    return statistics.median(r if r is not None else big for r in runs), sum(r is None for r in runs)


def measure(skill: str, model: str, picker: str, learners: int) -> tuple[float, int, float]:
    """(median answers, capped runs, median days) to the goal over ``learners`` seeds."""
    runs = [Run(skill, model, picker, seed) for seed in range(learners)]
    answers = [run.answers_to_goal() for run in runs]
    return (*_median(answers), statistics.median(run.days or CAP_DAYS + 1 for run in runs))


def _wrong(q) -> object:
    if q.choices:
        return next(c for c in q.choices if c != q.answer)
    if q.kind is AnswerKind.NUMBER:
        return q.answer + 1
    raise ValueError(f"no wrong answer for a {q.kind.value} question")


def teaching_bar(skill: str, profile: str | None, right: bool, seed: int = 4) -> tuple[int, int, int]:
    """(distinct items, back-to-back repeats, items in the skill) of a 20-question session answered
    all right or all wrong."""
    session = DrillSession([skill], profile=profile, seed=seed, length=SESSION, clock=lambda: 0.0)
    asked = []
    while not session.done:
        q = session.next_question()
        asked.append(q.item)
        session.answer(q.answer if right else _wrong(q), ms=1000)
    return len(set(asked)), sum(a == b for a, b in zip(asked, asked[1:])), len(items(skill, profile))


def _cell(med: float, capped: int, days: float) -> str:
    return f"{med:.0f} ({days:.0f} d" + (f", {capped} capped)" if capped else ")")


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--learners", type=int, default=30, help="simulated learners per skill, model and picker")
    ap.add_argument("--skills", nargs="*", default=list(SKILLS))
    ap.add_argument("--models", nargs="*", default=list(MODELS))
    ap.add_argument("--pickers", nargs="*", default=list(PICKERS),
                    help=f"of {', '.join(PICKERS + EXTRA_PICKERS)} (the ratios need random, round robin and app)")
    args = ap.parse_args()
    print(f"bench_learning: {args.learners} learners each; {load()}")
    print(f"one {SESSION}-question session a day, {ANSWER_S:.0f} s a question; goal: mean recall a day later "
          f">= {GOAL:.0%}; cap {CAP_DAYS} days; medians of answers to the goal")
    ratios = {"round robin", "random", "app"} <= set(args.pickers)
    print(f"| skill | learner | {' | '.join(args.pickers)} |" + (" app / round robin | app / random |" if ratios else ""))
    print("|---|---|" + "---:|" * (len(args.pickers) + 2 * ratios))
    started = time.perf_counter()
    for skill in args.skills:
        for model in args.models:
            med = {p: measure(skill, model, p, args.learners) for p in args.pickers}
            cells = " | ".join(_cell(*med[p]) for p in args.pickers)
            ratio = f" {med['app'][0] / med['round robin'][0]:.2f}x | {med['app'][0] / med['random'][0]:.2f}x |" \
                if ratios else ""
            print(f"| {skill} | {model} | {cells} |{ratio}", flush=True)
    print(f"({time.perf_counter() - started:.0f} s; {load()})")
    print("\nteaching bar, 20-question session (goal: all wrong >= 8 distinct and 0 repeats)")
    print(f"{'skill':18} {'profile':8} {'items':>5} {'wrong: distinct':>16} {'repeats':>8} {'right: distinct':>16}")
    for skill, profile in (("tile-id", "pa-2019"), ("tile-id", "nj"), ("style-name", None), ("hand-compare", "md"),
                           ("bac-banker-draws", None), ("bac-point-count", None)):
        wrong, repeats, total = teaching_bar(skill, profile, right=False)
        right, again, _ = teaching_bar(skill, profile, right=True)
        print(f"{skill:18} {profile or 'default':8} {total:>5} {wrong:>16} {repeats + again:>8} {right:>16}")


if __name__ == "__main__":
    main()
