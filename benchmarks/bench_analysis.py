"""Timings of the exact Pai Gow Wager analysis: ``python benchmarks/bench_analysis.py``.

Prints the median and the spread (min-max) of: building the precomputed tables from nothing, analysing
one hand with warm tables, and the full table over all 35,960 hands (``house_edge``).
Targets: full table well under a second, one hand a few milliseconds.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.rules.paigow import analysis  # noqa: E402
from trainer.rules.paigow.house_way import REGULATORY  # noqa: E402
from trainer.rules.paigow.tiles import TILE_SET  # noqa: E402


def timings(action: Callable[[], object], repeat: int, setup: Callable[[], object] = lambda: None) -> list[float]:
    """Seconds taken by ``action`` in each of ``repeat`` runs, ``setup`` run untimed before each."""
    out = []
    for _ in range(repeat):
        setup()
        start = time.perf_counter()
        action()
        out.append(time.perf_counter() - start)
    return out


def report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(f"{name:<44} median {statistics.median(ms):9.2f} ms   min {min(ms):9.2f}   max {max(ms):9.2f}"
          f"   (n={len(ms)})")


def main() -> None:
    rng = random.Random(1)
    hands = [tuple(TILE_SET[i] for i in rng.sample(range(32), 4)) for _ in range(200)]
    report("build (house way of 8,130 hands + tables)",
           timings(lambda: analysis.prepare(REGULATORY, True), 5, analysis.clear_caches))
    analysis.prepare(REGULATORY, False)
    report("build, second zero rule (house way cached)",
           timings(lambda: analysis._tables(REGULATORY, False), 5, analysis._tables.cache_clear))
    analysis.prepare(REGULATORY, True)
    queue = iter(hands * 2)
    report("one hand: analyze_hand (warm)", timings(lambda: analysis.analyze_hand(next(queue)), 200))
    report("full table: house_edge over 35,960 hands", timings(analysis.house_edge, 20))


if __name__ == "__main__":
    main()
