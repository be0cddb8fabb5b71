"""Time from an answer to the next question ready: check + record + schedule + generate.

Target: median <= 30 ms per skill. Runs against a throw-away progress file (fsync on every answer,
as in real use). Usage: ``python benchmarks/bench_drills.py [--rounds N] [--profile P]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trainer.drills.registry import skills_for  # noqa: E402
from trainer.drills.session import DrillSession  # noqa: E402
from trainer.progress import ProgressStore  # noqa: E402
from trainer.rules.paigow import analysis  # noqa: E402

TARGET_MS = 30.0


def bench_skill(store: ProgressStore, skill: str, profile: str, rounds: int) -> list[float]:
    """Milliseconds from submitting each answer to the next question being ready."""
    session = DrillSession([skill], profile=profile, seed=1, store=store, trainee="bench")
    question = session.next_question()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        session.answer(question.answer, ms=2000)
        question = session.next_question()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--profile", default="pa-2019")
    args = parser.parse_args()
    analysis.prepare()  # the EV tables are built once when a screen opens, not per answer
    worst = 0.0
    with tempfile.TemporaryDirectory() as folder, ProgressStore(Path(folder) / "bench.sqlite3") as store:
        store.create_trainee("bench")
        print(f"{'skill':<18} {'median ms':>9} {'p90 ms':>8}")
        for skill in skills_for(args.profile):
            times = bench_skill(store, skill.id, args.profile, args.rounds)
            med = statistics.median(times)
            p90 = statistics.quantiles(times, n=10)[-1]
            worst = max(worst, med)
            print(f"{skill.id:<18} {med:>9.2f} {p90:>8.2f}")
    print(f"worst median {worst:.2f} ms (target <= {TARGET_MS:.0f} ms): {'ok' if worst <= TARGET_MS else 'SLOW'}")
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
