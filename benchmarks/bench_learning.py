"""Learning: answers a simulated trainee needs to know every item of a skill, by session picker.

The simulated trainee (issue 26): each time it sees an item's feedback it learns the item with
probability ``LEARN`` (a learnt item is answered right while remembered, an unlearnt one is a guess);
it forgets with time: recall ``exp(-t / S)`` after ``t`` seconds, ``S`` starting at ``S0`` and
tripling at each right answer from memory. It *knows* an item at 90% when it has learnt it and its
recall now is at least 0.9; the run ends when it knows every item of the skill (or after ``CAP``
answers). A question takes ``ANSWER_S`` seconds, sessions are 20 questions with ``BREAK_S`` between.

Pickers compared, each on the same trainees (seeds):

* ``today`` — the picker before issue 26 (``stats.next_up``: due cards first, a skill without a card
  gets a random question, else the weakest card), on FSRS cards;
* ``random`` — a random item each question;
* ``queue`` — the learning queue (``trainer.drills.session.session_queue``), on FSRS cards.

Then the issue's teaching targets: a 20-question session answered all wrong (distinct items, back-to-
back repeats) and all right (distinct items), for the skills and profiles it names.

Run: ``.venv/bin/python benchmarks/bench_learning.py [--trainees N]``.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import load, parser  # noqa: E402
from trainer.drills.items import items  # noqa: E402
from trainer.drills.model import AnswerKind  # noqa: E402
from trainer.drills.registry import skill_named  # noqa: E402
from trainer.drills.session import DrillSession, session_queue  # noqa: E402
from trainer.progress import scheduling, stats  # noqa: E402

LEARN = 0.35
GUESS = 0.25
S0 = 86400.0
ANSWER_S = 10.0
BREAK_S = 3600.0
SESSION = 20
CAP = 3000
SKILLS = ("tile-id", "house-way", "bac-banker-draws")


class Trainee:
    """The simulated learner: learnt items, their last exposure and stability (seconds)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.learnt: dict[str, tuple[float, float]] = {}  # item -> (last seen, stability)

    def recall(self, item: str, now: float) -> float:
        if item not in self.learnt:
            return 0.0
        seen, s = self.learnt[item]
        return math.exp(-(now - seen) / s)

    def answer(self, item: str, now: float) -> bool:
        """Answers, then reads the feedback (which may teach the item)."""
        remembered = self.rng.random() < self.recall(item, now)
        if remembered:
            self.learnt[item] = (now, self.learnt[item][1] * 3)
        elif self.rng.random() < LEARN:
            self.learnt[item] = (now, S0)
        elif item in self.learnt:
            del self.learnt[item]  # forgotten, and this feedback did not stick
        return remembered or self.rng.random() < GUESS

    def knows_all(self, its: tuple[str, ...], now: float) -> bool:
        return all(self.recall(i, now) >= 0.9 for i in its)


def _run(skill: str, picker: str, seed: int) -> int:
    """Answers until the trainee knows every item of ``skill`` (``CAP`` if never)."""
    its = items(skill)
    target = skill_named(skill).target_ms
    trainee, rng = Trainee(seed), random.Random(seed + 1)
    t0 = datetime(2024, 5, 1, tzinfo=timezone.utc)
    cards: dict[tuple[str, str], object] = {}
    now, answers, queue = 0.0, 0, None
    while answers < CAP:
        when = t0 + timedelta(seconds=now)
        if picker == "random":
            item = rng.choice(its)
        elif picker == "today":
            due = stats.next_up(cards, [skill], when, 1)
            item = due[0].item if due and due[0].item else rng.choice(its)
        else:
            if queue is None or queue.done:
                queue = session_queue([skill], None, None, cards, when, length=SESSION)
            item = queue.next()[1]
        right = trainee.answer(item, now)
        if queue is not None:
            queue.answered((skill, item), right)
        card = cards.get((skill, item)) or scheduling.new_card(skill, item, when)
        cards[(skill, item)] = scheduling.review(card, right, int(target * 0.75), target, when)
        answers += 1
        now += ANSWER_S + (BREAK_S if answers % SESSION == 0 else 0)
        if trainee.knows_all(its, now):
            break
    return answers


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


def main() -> None:
    ap = parser(__doc__)
    ap.add_argument("--trainees", type=int, default=15, help="simulated trainees per skill and picker")
    args = ap.parse_args()
    print(f"bench_learning: {args.trainees} simulated trainees each; {load()}")
    print(f"learn {LEARN:.0%} per feedback, guess {GUESS:.0%}, recall exp(-t/S), S0 {S0:.0f} s x3 per recall; "
          f"{ANSWER_S:.0f} s a question, {SESSION}-question sessions, {BREAK_S / 60:.0f} min apart; cap {CAP}")
    print(f"{'skill':18} {'items':>5} {'today':>14} {'random':>8} {'queue':>8} {'queue/random':>13}")
    started = time.perf_counter()
    for skill in SKILLS:
        med = {}
        capped = {}
        for picker in ("today", "random", "queue"):
            runs = [_run(skill, picker, seed) for seed in range(args.trainees)]
            med[picker] = statistics.median(runs)
            capped[picker] = sum(r >= CAP for r in runs)
        today = f"{med['today']:.0f}" + (f" ({capped['today']} at cap)" if capped["today"] else "")
        print(f"{skill:18} {len(items(skill)):>5} {today:>14} {med['random']:>8.0f} {med['queue']:>8.0f} "
              f"{med['queue'] / med['random']:>12.2f}x")
    print(f"(medians of answers until every item is known at 90%; {time.perf_counter() - started:.0f} s)")
    print("\nteaching bar, 20-question session (goal: all wrong >= 8 distinct and 0 repeats; all right >= 15 "
          "distinct where the skill has that many)")
    print(f"{'skill':18} {'profile':8} {'items':>5} {'wrong: distinct':>16} {'repeats':>8} {'right: distinct':>16}")
    for skill, profile in (("tile-id", "pa-2019"), ("tile-id", "nj"), ("style-name", None), ("hand-compare", "md"),
                           ("bac-banker-draws", None), ("bac-point-count", None)):
        wrong, repeats, total = teaching_bar(skill, profile, right=False)
        right, again, _ = teaching_bar(skill, profile, right=True)
        print(f"{skill:18} {profile or 'default':8} {total:>5} {wrong:>16} {repeats + again:>8} {right:>16}")


if __name__ == "__main__":
    main()
