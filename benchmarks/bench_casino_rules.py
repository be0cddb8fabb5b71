"""A casino's Rules Submission file as a user waits for it: ``python benchmarks/bench_casino_rules.py``.

Headline rows, each a fresh process timed by the wall clock (median of ``--runs``): ``paigow-trainer
casino-rules check`` of a complete table of 8,130 explicit hands (load and validate) and ``analyze
--house-edge --house-way FILE`` of that table and of the two examples (Foxwoods: 19 rules; Harbor: a few
rules and the regulation's steps); the check once more with no parse kept (the first time a file is used:
TOML read, not the JSON kept by its hash). Secondary rows: inside a fresh process after the imports, the first
load of each file with its table of 8,130 settings, and the first ``house_edge`` of its way.
Goals (issue 30): load and validate a complete table <= 300 ms; the exact analysis of any way <= 250 ms.
"""

from __future__ import annotations

import random
import shutil
import sys
from itertools import combinations_with_replacement
from pathlib import Path

from common import entry_point, environment, fresh, load, parser, row, temporary

FIRST_USE = """
import time, trainer.cli
from trainer.rules.paigow import analysis
from trainer.rules.paigow.casino_rules import load_casino_rules
start = time.perf_counter()
rules = load_casino_rules({path!r}); rules.table
loaded = time.perf_counter()
analysis.house_edge(rules.house_way, rules.profile.zero_zero_to_banker)
print(loaded - start, time.perf_counter() - loaded)
"""


def complete_table(root: Path, path: Path) -> None:
    """A casino way set at random for each of the 8,130 hands by face, as explicit hands."""
    sys.path.insert(0, str(root))
    from collections import Counter

    from trainer.rules.paigow.hands import settings
    from trainer.rules.paigow.tiles import FACES

    rng = random.Random(30)
    out = ['[casino]\nname = "Complete Table Casino"\njurisdiction = "pa-2019"\n\n[house_way]\nname = "Table way"\n']
    for n, four in enumerate(f for f in combinations_with_replacement(FACES, 4)
                             if all(k <= t.copies for t, k in Counter(f).items())):
        high = settings(four)[rng.randrange(3)].high
        out.append(f'[[house_way.exception]]\ntiles = "{" ".join(map(str, four))}"\n'
                   f'high = "{" ".join(map(str, high.tiles))}"\nrule = "Table hand {n}"\n')
    path.write_text("\n".join(out))


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args(argv)
    print(f"bench_casino_rules on {args.root}  [{load()}]")
    with temporary() as tmp:
        env = environment(args.root, tmp)
        table = Path(tmp) / "complete.toml"
        complete_table(args.root, table)
        files = {"complete table": table, "foxwoods": args.root / "docs/casino-rules/foxwoods.toml",
                 "harbor": args.root / "docs/casino-rules/harbor.toml"}
        fresh(entry_point(["casino-rules", "check", str(table)]), env)  # warm the file cache once
        print("fresh process, wall clock:")
        runs = [fresh(entry_point(["casino-rules", "check", str(table), "--json"]), env) for _ in range(args.runs)]
        row("casino-rules check (complete table of 8,130 hands)", [r.seconds * 1000 for r in runs])
        kept = Path(env["PAIGOW_TRAINER_DATA_DIR"]) / "casino-rules"
        first = []
        for _ in range(args.runs):
            shutil.rmtree(kept, ignore_errors=True)
            first.append(fresh(entry_point(["casino-rules", "check", str(table), "--json"]), env).seconds * 1000)
        row("  the same, first time (no parse kept: TOML read)", first)
        for name, path in files.items():
            runs = [fresh(entry_point(["analyze", "--house-edge", "--house-way", str(path), "--json"]), env)
                    for _ in range(args.runs)]
            row(f"analyze --house-edge --house-way ({name})", [r.seconds * 1000 for r in runs])
        runs = [fresh(entry_point(["analyze", "--house-edge", "--json"]), env) for _ in range(args.runs)]
        row("analyze --house-edge (regulatory, for comparison)", [r.seconds * 1000 for r in runs])
        print("fresh process, after the imports:")
        for name, path in files.items():
            times = [fresh(["-c", FIRST_USE.format(path=str(path))], env).out.split() for _ in range(args.runs)]
            row(f"first load + table ({name})", [float(t[0]) * 1000 for t in times])
            row(f"then first house_edge ({name})", [float(t[1]) * 1000 for t in times])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
