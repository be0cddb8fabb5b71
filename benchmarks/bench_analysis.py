"""The exact Pai Gow Wager analysis as a user waits for it: ``python benchmarks/bench_analysis.py``.

Headline rows, each a fresh process timed by the wall clock (median of ``--runs``), peak RSS too:
``paigow-trainer analyze --house-edge`` and ``analyze "<one hand>"`` whole, and, inside a fresh
process after the imports, the first full analysis (``house_edge``: every hand, from nothing) and the
first ``analyze_hand``. Secondary rows time the same in one warm process.
Goals (issue 15): full analysis <= 60 ms, ``--house-edge`` <= 250 ms and <= 80 MiB, one hand <= 200 ms.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Callable

from common import entry_point, environment, fresh, load, parser, row, temporary

HAND = "6-6 4-5 1-3 2-3"

#: Run in a fresh process: the entry point's module first (it sets numpy's threads as the app
#: does), then the analysis; prints the seconds of the first call of ``what``.
FIRST_USE = """
import time, trainer.cli
from trainer.rules.paigow import analysis
from trainer.rules.paigow.tiles import parse_tiles
tiles = parse_tiles({hand!r})
start = time.perf_counter()
{what}
print(time.perf_counter() - start)
"""


def timings(action: Callable[[], object], repeat: int, setup: Callable[[], object] = lambda: None) -> list[float]:
    """Milliseconds taken by ``action`` in each of ``repeat`` runs, ``setup`` run untimed before each."""
    out = []
    for _ in range(repeat):
        setup()
        start = time.perf_counter()
        action()
        out.append((time.perf_counter() - start) * 1000)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args(argv)
    print(f"bench_analysis on {args.root}  [{load()}]")
    with temporary() as tmp:
        env = environment(args.root, tmp)
        fresh(entry_point(["analyze", HAND]), env)  # warm the file cache once
        print("fresh process, wall clock:")
        for name, command in (("paigow-trainer analyze --house-edge", ["analyze", "--house-edge"]),
                              (f'paigow-trainer analyze "{HAND}"', ["analyze", HAND])):
            runs = [fresh(entry_point(command), env) for _ in range(args.runs)]
            row(name, [r.seconds * 1000 for r in runs], extra=f"peak RSS {max(r.peak_mib for r in runs):.0f} MiB")
        for name, what in (("first house_edge() in a process (from scratch)", "analysis.house_edge()"),
                           ("first analyze_hand() in a process", "analysis.analyze_hand(tiles)")):
            code = FIRST_USE.format(hand=HAND, what=what)
            row(name, [float(fresh(["-c", code], env).out) * 1000 for _ in range(args.runs)])
    warm(args.root)
    return 0


def warm(root: Path) -> None:
    """Secondary rows: one process, imports and the object model's caches warm."""
    sys.path.insert(0, str(root))
    from trainer.rules.paigow import analysis
    from trainer.rules.paigow.tiles import TILE_SET

    rng = random.Random(1)
    hands = iter([tuple(TILE_SET[i] for i in rng.sample(range(32), 4)) for _ in range(400)])
    print("warm, in one process:")
    analysis.house_edge()
    row("house_edge() from scratch again (caches cleared)", timings(analysis.house_edge, 15, analysis.clear_caches))
    row("analyze_hand(), tables built", timings(lambda: analysis.analyze_hand(next(hands)), 200))
    row("house_edge(), tables built", timings(analysis.house_edge, 20))


if __name__ == "__main__":
    raise SystemExit(main())
