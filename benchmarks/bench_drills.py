"""Drill questions as a trainee waits for them: ``python benchmarks/bench_drills.py [--rounds N]``.

For each skill, a fresh process (user folders in a temporary directory, the answer saved with fsync
as in real use) times, by the wall clock: the first question (session start to question ready,
imports done), the first answer to the next question ready, and then the median and p90 of the next
``--rounds`` answers (check + record + schedule + generate): the warm figures, secondary.
Goals: no first question or first answer over 100 ms (issue 15); warm median <= 30 ms per skill.
"""

from __future__ import annotations

import json
import statistics
import sys

from common import environment, fresh, load, parser, temporary

ONE_SKILL = """
import json, time, sys
from pathlib import Path
import trainer.cli  # the entry point's module: numpy's threads as the app sets them
from trainer.drills.session import DrillSession
from trainer.progress import ProgressStore
store = ProgressStore(Path({folder!r}) / "bench.sqlite3")
if "bench" not in [t.name for t in store.trainees()]:
    store.create_trainee("bench")
times = []
start = time.perf_counter()
session = DrillSession([{skill!r}], profile={profile!r}, seed=1, store=store, trainee="bench")
question = session.next_question()
times.append(time.perf_counter() - start)
for _ in range({rounds} + 1):
    start = time.perf_counter()
    session.answer(question.answer, ms=2000)
    question = session.next_question()
    times.append(time.perf_counter() - start)
print(json.dumps([t * 1000 for t in times]))
"""


def skill_ids(root: str, profile: str) -> list[str]:
    sys.path.insert(0, root)
    from trainer.drills.registry import skills_for

    return [s.id for s in skills_for(profile)]


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--profile", default="pa-2019")
    args = ap.parse_args(argv)
    print(f"bench_drills on {args.root}, {args.profile}  [{load()}]")
    print(f"{'skill':<20} {'first question':>15} {'first answer':>13} {'warm median':>12} {'warm p90':>9}  (ms)")
    firsts, warm = [], []
    with temporary() as tmp:
        env = environment(args.root, tmp)
        for skill in skill_ids(str(args.root), args.profile):
            code = ONE_SKILL.format(folder=tmp, skill=skill, profile=args.profile, rounds=args.rounds)
            times = json.loads(fresh(["-c", code], env).out)
            rest = times[2:]
            firsts += times[:2]
            warm.append(statistics.median(rest))
            print(f"{skill:<20} {times[0]:>15.1f} {times[1]:>13.1f} {statistics.median(rest):>12.1f} "
                  f"{statistics.quantiles(rest, n=10)[-1]:>9.1f}", flush=True)
    print(f"slowest first question or answer {max(firsts):.1f} ms (goal <= 100); "
          f"worst warm median {max(warm):.1f} ms (goal <= 30)  [{load()}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
