"""Rounds per second of the round engine on one core: ``python benchmarks/bench_round.py [--repeat R]``.

Each sample times (in CPU time of this process) 1,000 seeded dealer-banked rounds (six players, pa-2019, side wagers, the default
style) after a warm-up, and the median of the samples is printed. Target: at least 2,000 rounds/s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from trainer.rules.paigow.players import seat_players
from trainer.rules.paigow.profiles import profile_named
from trainer.rules.paigow.round import play_round

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
    parser.add_argument("--ui", action="store_true", help="also time the Dealer's seat screen: action -> next step")
    args = parser.parse_args()
    rng = random.Random(2026)
    players = seat_players(rng, profile_named("pa-2019"), 6)
    sample(rng, players, 5000)  # warm-up: fills the house-way cache as a long session does
    rates = [sample(rng, players) for _ in range(args.repeat)]
    print(f"round engine: median {statistics.median(rates):,.0f} rounds/s "
          f"(min {min(rates):,.0f}, max {max(rates):,.0f}; {args.repeat} x {ROUNDS} rounds, 6 players)")
    if args.ui:
        print(action_latency_line())


# --- the Dealer's seat screen: from the trainee's action to the next step shown -----------------

def action_latency(rounds: int = 12, seed: int = 2026) -> tuple[list[float], list[float]]:
    """Milliseconds from a right action given to the Dealer's seat controller to the next step shown
    (its prompt and input set and the table frame shown, animations instant; the answer is saved
    to a progress store as in the app), and to the screen painted as well. Offscreen Qt, 1920x1080."""
    import os
    import tempfile
    from pathlib import Path

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QEvent

    from trainer.ui.snapshot import ensure_app

    app = ensure_app()
    from trainer.ui.context import AppContext
    from trainer.ui.paigow.dealer_screen import DealerScreen
    from trainer.ui.paigow.player import INSTANT
    from trainer.ui.progress_link import close_shared_stores, shared_store

    shown, painted = [], []
    with tempfile.TemporaryDirectory() as tmp:
        ctx = AppContext(seed=seed, data=Path(tmp))
        shared_store(ctx).create_trainee("Bench")
        ctx.set_trainee("Bench")
        screen = DealerScreen(ctx)
        screen.resize(1920, 1080)
        screen.show()
        screen.speed.setCurrentIndex(screen.speed.findData(INSTANT))
        app.processEvents()
        for _ in range(rounds):
            screen.new_round()
            app.processEvents()
            c = screen.controller
            while not c.round.finished:
                start = time.perf_counter()
                c.answer(c.current.question.answer)
                shown.append((time.perf_counter() - start) * 1000)
                app.processEvents()  # the repaint of the new step
                # and the widgets replaced meanwhile deleted, as the app's event loop does
                QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
                painted.append((time.perf_counter() - start) * 1000)
                assert c.round.finished or screen.question.prompt.text() == c.current.question.prompt
        screen.close()
        close_shared_stores()
    return shown, painted


def action_latency_line(rounds: int = 12) -> str:
    shown, painted = action_latency(rounds)

    def p95(xs: list[float]) -> float:
        return sorted(xs)[int(0.95 * (len(xs) - 1))]

    return (f"dealer's seat: action -> next step shown: median {statistics.median(shown):.1f} ms, "
            f"p95 {p95(shown):.1f} ms; painted: median {statistics.median(painted):.1f} ms, p95 {p95(painted):.1f} ms "
            f"({len(shown)} actions, {rounds} rounds; target <= 30 ms)")


if __name__ == "__main__":
    main()
