"""House-way questions under a casino's Rules Submission against the regulation's way:
``python benchmarks/bench_casino_drills.py [--runs N] [--questions N]``.

Each figure is a fresh process timed by the wall clock (imports and first use included), median of ``--runs``,
the ways alternated run by run (the machine may be shared): a drill session of ``--questions`` house-way
questions, each answered (check, next question: as the Drills screen asks them), and an exam of three
questions a rule of the casino's way (42 for Foxwoods' 14 rules; the regulation's way the same count), built
as the Exam screen builds it. ``--kept``: the casino's table of 8,130 settings already kept on disk by an
earlier start (the usual case); without it the data folder is fresh each run (the very first use of the file).
Printed: questions per second (after the first), each process's wall time and the ratio of the casino's
median to the regulation's. Goal (issue 36): a casino's exam at most twice the regulation's time.
"""

from __future__ import annotations

import json
import shutil
import statistics

from common import environment, fresh, load, parser, row, temporary

SESSION = """
import json, time
import trainer.cli
from trainer.drills.session import DrillSession
from trainer.rules.paigow.profiles import profile_named
start = time.perf_counter()
if {path!r}:
    from trainer.rules.paigow.casino_rules import load_casino_rules
    profile = load_casino_rules({path!r}).profile
else:
    profile = profile_named("nj")
session = DrillSession(["house-way"], profile=profile, seed={seed}, length={count})
question = session.next_question()
first = time.perf_counter()
items = [question.item]
while not session.done:
    session.answer(question.answer, ms=2000)
    if session.done:
        break
    question = session.next_question()
    items.append(question.item)
end = time.perf_counter()
print(json.dumps([first - start, (len(items) - 1) / (end - first), len(set(items))]))
"""

EXAM = """
import json, time
import trainer.cli
from trainer.drills.exam import ExamSpec, build_exam
start = time.perf_counter()
digest = None
if {path!r}:
    from trainer.rules.casino import load_casino
    digest = load_casino({path!r}).digest
exam = build_exam(ExamSpec(seed={seed}, skills=("house-way",), count={count}, profile="nj", casino=digest))
print(json.dumps([time.perf_counter() - start, len({{q.item for q in exam.questions}})]))
"""

WAYS = (("regulation's way (nj)", ""), ("Foxwoods", "docs/casino-rules/foxwoods.toml"),
        ("Harbor", "docs/casino-rules/harbor.toml"))


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--questions", type=int, default=100)
    ap.add_argument("--exam", type=int, default=42)
    ap.add_argument("--kept", action="store_true", help="the casino's table kept on disk by an earlier start")
    args = ap.parse_args(argv)
    print(f"bench_casino_drills on {args.root}: {args.runs} runs, {args.questions} questions, exam of {args.exam}"
          f"{', table kept' if args.kept else ', first use of each file'}  [{load()}]")
    walls: dict[str, dict[str, list[float]]] = {name: {"session": [], "qps": [], "first": [], "exam": [],
                                                       "rules": []} for name, _ in WAYS}
    with temporary() as tmp:
        env = environment(args.root, tmp)
        for run in range(args.runs):
            for name, path in WAYS:
                if not args.kept:
                    shutil.rmtree(f"{tmp}/data", ignore_errors=True)
                full = str(args.root / path) if path else ""
                done = fresh(["-c", SESSION.format(path=full, seed=run + 1, count=args.questions)], env)
                first, qps, rules = json.loads(done.out)
                w = walls[name]
                w["session"].append(done.seconds * 1000), w["qps"].append(qps), w["first"].append(first * 1000)
                w["rules"].append(rules)
                if not args.kept:
                    shutil.rmtree(f"{tmp}/data", ignore_errors=True)
                done = fresh(["-c", EXAM.format(path=full, seed=run + 1, count=args.exam)], env)
                w["exam"].append(done.seconds * 1000)
    base = {k: statistics.median(v) for k, v in walls[WAYS[0][0]].items()}
    for name, _ in WAYS:
        w = walls[name]
        ratio = lambda key: f"x{statistics.median(w[key]) / base[key]:.2f} of the regulation's"
        row(f"{name}: session process ({args.questions} q)", w["session"], extra=ratio("session"))
        row(f"{name}: first question, in process", w["first"], extra=ratio("first"))
        row(f"{name}: questions/s after the first", w["qps"], unit="q/s", extra=ratio("qps"))
        row(f"{name}: exam process ({args.exam} q)", w["exam"], extra=ratio("exam"))
        print(f"    rules met in {args.questions} questions: {sorted(set(int(r) for r in w['rules']))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
