"""A casino's Rules Submission file as a user waits for it: ``python benchmarks/bench_casino_rules.py``.

Headline rows, each a fresh process timed by the wall clock (median of ``--runs``), the first use of the
file (no parse kept by its hash): ``paigow-trainer casino-rules check`` of a complete table of 8,130
explicit hands in the compact ``table`` form (load and validate), once more with its parse kept, and as
8,130 ``[[house_way.exception]]`` tables; ``analyze --house-edge --house-way FILE`` of the complete table and
of the two examples (Foxwoods: 19 rules; Harbor: a few rules and the regulation's steps). The machine may be
shared: each run alternates with ``analyze --house-edge`` without a file, and each row gives the ratio of
the medians. Secondary rows: inside a fresh process after the imports, the first
load of each file with its table of 8,130 settings, and the first ``house_edge`` of its way.
Goals (issue 30): load and validate a complete table <= 300 ms; the exact analysis of any way <= 250 ms.

Issue 36 rows (``--files-only`` runs just these): ``casino-rules check --json`` and ``casino-rules table
--json`` of each way on file (docs/casino-rules/), first use; a checkout that cannot read a file (an older
version, before the vocabulary it uses) or has no ``table`` says so instead of a figure.
"""

from __future__ import annotations

import random
import shutil
import statistics
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


def complete_table(root: Path, path: Path, compact: bool = True) -> None:
    """A casino way set at random for each of the 8,130 hands by face, as explicit hands: one a line in the
    compact ``table`` text, or (``compact=False``) one ``[[house_way.exception]]`` table each."""
    sys.path.insert(0, str(root))
    from collections import Counter

    from trainer.rules.paigow.hands import settings
    from trainer.rules.paigow.tiles import FACES

    rng = random.Random(30)
    out = ['[casino]\nname = "Complete Table Casino"\njurisdiction = "pa-2019"\n\n[house_way]\nname = "Table way"\n']
    if compact:
        out.append("table = \'\'\'")
    for n, four in enumerate(f for f in combinations_with_replacement(FACES, 4)
                             if all(k <= t.copies for t, k in Counter(f).items())):
        tiles, high = " ".join(map(str, four)), " ".join(map(str, settings(four)[rng.randrange(3)].high.tiles))
        out.append(f"{tiles} : {high} : Table hand {n}" if compact else
                   f'[[house_way.exception]]\ntiles = "{tiles}"\nhigh = "{high}"\nrule = "Table hand {n}"\n')
    if compact:
        out.append("\'\'\'")
    path.write_text("\n".join(out) + "\n")


#: The ways on file (issue 36), timed by ``check`` and ``table``.
WAYS = ("order-of-operations", "foxwoods", "taj-mahal", "casino-canberra", "new-zealand", "harbor")


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--files-only", action="store_true", help="only the check and table rows of the ways on file")
    args = ap.parse_args(argv)
    print(f"bench_casino_rules on {args.root}  [{load()}]")
    with temporary() as tmp:
        env = environment(args.root, tmp)
        table, tables = Path(tmp) / "complete.toml", Path(tmp) / "exceptions.toml"
        complete_table(args.root, table)
        complete_table(args.root, tables, compact=False)
        files = {"complete table": table, "foxwoods": args.root / "docs/casino-rules/foxwoods.toml",
                 "harbor": args.root / "docs/casino-rules/harbor.toml"}
        kept = Path(env["PAIGOW_TRAINER_DATA_DIR"]) / "casino-rules"
        fresh(entry_point(["casino-rules", "check", str(table)]), env)  # warm the file cache once
        print("fresh process, wall clock (each row's runs alternate with the regulatory analysis, for the ratio):")
        baseline: list[float] = []

        def timed(label: str, argv: list[str], first_use: bool = False) -> None:
            ms, base = [], []
            for _ in range(args.runs):
                if first_use:
                    shutil.rmtree(kept, ignore_errors=True)
                try:
                    ms.append(fresh(entry_point(argv), env).seconds * 1000)
                except SystemExit:  # an older checkout: the file's vocabulary, or the action, is unknown to it
                    print(f"{label:<52} this checkout cannot run it")
                    return
                base.append(fresh(entry_point(["analyze", "--house-edge", "--json"]), env).seconds * 1000)
            baseline.extend(base)
            row(label, ms)
            print(f"{'':53}ratio to analyze --house-edge (no file) in the same runs: "
                  f"{statistics.median(ms) / statistics.median(base):.2f}")

        check = ["casino-rules", "check", "--json"]
        for name in WAYS:
            path = args.root / "docs" / "casino-rules" / f"{name}.toml"
            if not path.exists():
                print(f"{'casino-rules check (' + name + ')':<52} no such file in this checkout")
                continue
            timed(f"casino-rules check ({name}, first use)", [*check, str(path)], first_use=True)
            timed(f"casino-rules table --json ({name}, first use)", ["casino-rules", "table", "--json", str(path)],
                  first_use=True)
        if args.files_only:
            return 0
        timed("casino-rules check, complete table (first use)", [*check, str(table)], first_use=True)
        timed("  the same, its parse kept", [*check, str(table)])
        timed("  as 8,130 [[house_way.exception]] tables (first use)", [*check, str(tables)], first_use=True)
        for name, path in files.items():
            timed(f"analyze --house-edge --house-way ({name})",
                  ["analyze", "--house-edge", "--house-way", str(path), "--json"], first_use=True)
        row("analyze --house-edge (regulatory, all runs above)", baseline)
        print("fresh process, after the imports:")
        for name, path in files.items():
            times = [fresh(["-c", FIRST_USE.format(path=str(path))], env).out.split() for _ in range(args.runs)]
            row(f"first load + table ({name})", [float(t[0]) * 1000 for t in times])
            row(f"then first house_edge ({name})", [float(t[1]) * 1000 for t in times])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
