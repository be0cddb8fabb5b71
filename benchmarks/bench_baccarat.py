"""Baccarat timings: ``python benchmarks/bench_baccarat.py [--repeat R]``.

1. Headline: ``paigow-trainer baccarat analyze --json`` (every wager's exact house edge) in a fresh
   process, wall clock, import and first use included. Then the analysis of all wagers for 6 and
   for 8 decks in a fresh interpreter (no cache), CPU time. Target: at most 2 s on one core.
2. Rounds per second (CPU time of this process): whole shoes (preparation included) of five seated
   players with side wagers, every round recorded with its steps, moves and chips; and the record-free fast path.
   Target: at least 5,000 rounds/s.
Medians of ``--repeat`` samples (min, max); the machine's load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.rules.baccarat.profiles import profile_named  # noqa: E402
from trainer.rules.baccarat.round import Bettor, play_shoe  # noqa: E402

#: Five players, each with a main wager and side wagers (the Pai Gow benchmark also seats fixed players).
PLAYERS = (Bettor(2, {"banker": 2500, "tie": 500}), Bettor(4, {"player": 1000, "dragon-bonus-player": 500}),
           Bettor(7, {"banker": 10000, "house-money": 500}, add_house_money=True),
           Bettor(9, {"player": 500, "dragon-bonus-banker": 500}), Bettor(12, {"banker": 1700}))

_ANALYZE_BOTH = """
import time
start = time.process_time()
from trainer.rules.baccarat.analysis import analyze
for decks in (6, 8):
    analyze(decks)
    analyze(decks, tie_pays=9)
print(time.process_time() - start)
"""


def cli_wall() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "trainer", "baccarat", "analyze", "--json"], cwd=ROOT, check=True,
                   capture_output=True)
    return time.perf_counter() - start


def analysis_cpu() -> float:
    out = subprocess.run([sys.executable, "-c", _ANALYZE_BOTH], cwd=ROOT, check=True, capture_output=True, text=True)
    return float(out.stdout)


def rounds_per_second(record: bool, seed: int, shoes: int = 12) -> float:
    rng = random.Random(seed)
    start = time.process_time()
    p = profile_named("pa-631a")
    rounds = sum(len(play_shoe(rng, p, bettors=PLAYERS, record=record).rounds) for _ in range(shoes))
    return rounds / (time.process_time() - start)


def line(name: str, values: list[float], unit: str, fmt: str = "{:,.3f}") -> str:
    med = statistics.median(values)
    return (f"{name:<58} median {fmt.format(med)} {unit}   (min {fmt.format(min(values))}, "
            f"max {fmt.format(max(values))}; n={len(values)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(line("baccarat analyze --json, fresh process (wall)", [cli_wall() for _ in range(args.repeat)], "s"))
    print(line("all wagers, 6 and 8 decks, Tie 8 and 9 to 1 (fresh, CPU)",
               [analysis_cpu() for _ in range(args.repeat)], "s"))
    rounds_per_second(True, 0, 2)  # warm-up
    print(line("rounds/s, recorded (steps, moves, chips)",
               [rounds_per_second(True, s) for s in range(args.repeat)], "rounds/s", "{:,.0f}"))
    print(line("rounds/s, fast path (chips only)",
               [rounds_per_second(False, s) for s in range(args.repeat)], "rounds/s", "{:,.0f}"))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
