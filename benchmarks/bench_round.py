"""Rounds per second of the round engine on one core: ``python benchmarks/bench_round.py [--repeat R]``.

Each sample times (in CPU time of this process) 1,000 seeded dealer-banked rounds (six players, pa-2019, side wagers, the default
style) after a warm-up, and the median of the samples is printed. Target: at least 2,000 rounds/s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from trainer.rules.players import seat_players
from trainer.rules.profiles import profile_named
from trainer.rules.round import play_round

ROUNDS = 1000


def sample(rng: random.Random, players: tuple, rounds: int = ROUNDS) -> float:
    """Rounds per CPU second of this process over ``rounds`` rounds (other load on the machine aside)."""
    start = time.process_time()
    for _ in range(rounds):
        play_round(rng, players)
    return rounds / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="samples of 1,000 rounds (default 7)")
    args = parser.parse_args()
    rng = random.Random(2026)
    players = seat_players(rng, profile_named("pa-2019"), 6)
    sample(rng, players, 5000)  # warm-up: fills the house-way cache as a long session does
    rates = [sample(rng, players) for _ in range(args.repeat)]
    print(f"round engine: median {statistics.median(rates):,.0f} rounds/s "
          f"(min {min(rates):,.0f}, max {max(rates):,.0f}; {args.repeat} x {ROUNDS} rounds, 6 players)")


if __name__ == "__main__":
    main()
