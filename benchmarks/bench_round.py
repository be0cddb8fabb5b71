"""Rounds of the engine and of the Dealer's seat, as a user waits for them.

``python benchmarks/bench_round.py [--repeat R] [--ui]``. Headline rows, each in a fresh process by
the wall clock: the first round (imports done) with six players who set optimally (the exact
analysis on first use) and the first 1,000 rounds' rate. Secondary: the median rate of ``--repeat``
samples of 1,000 seeded dealer-banked rounds after a warm-up (six players, pa-2019, side wagers, the
default style), wall clock. ``--ui`` also times the Dealer's seat screen in a fresh process: built and
its first round dealt, the first action to the next step shown, then the warm medians.
Goals: >= 2,000 rounds/s warm; no first round or first action over 100 ms (issue 15).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

from common import environment, fresh, load, parser, row, temporary

ROUNDS = 1000

#: In a fresh process: the first round with six optimal players, then the first 1,000 rounds' rate.
FIRST_ROUNDS = """
import json, random, time
import trainer.cli  # the entry point's module: numpy's threads as the app sets them
from trainer.rules.paigow.players import Policy, seat_players
from trainer.rules.paigow.profiles import profile_named
from trainer.rules.paigow.round import play_round
rng = random.Random(2026)
players = seat_players(rng, profile_named("pa-2019"), 6, policies=(Policy.OPTIMAL,))
start = time.perf_counter()
play_round(rng, players)
first = time.perf_counter() - start
players = seat_players(rng, profile_named("pa-2019"), 6)
start = time.perf_counter()
for _ in range(1000):
    play_round(rng, players)
print(json.dumps([first * 1000, 1000 / (time.perf_counter() - start)]))
"""

#: In a fresh process: the Dealer's seat built with its first round, and its first action.
FIRST_UI = """
import json, sys
sys.path.insert(0, {bench!r})
import trainer.cli
from bench_round import action_latency
print(json.dumps(action_latency(rounds={rounds})))
"""


def sample(rng: random.Random, players: tuple, rounds: int = ROUNDS) -> float:
    """Rounds per wall-clock second over ``rounds`` rounds."""
    from trainer.rules.paigow.round import play_round

    start = time.perf_counter()
    for _ in range(rounds):
        play_round(rng, players)
    return rounds / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--repeat", type=int, default=7, help="samples of 1,000 rounds (default 7)")
    ap.add_argument("--ui", action="store_true", help="also time the Dealer's seat screen: action -> next step")
    args = ap.parse_args(argv)
    print(f"bench_round on {args.root}  [{load()}]")
    with temporary() as tmp:
        env = environment(args.root, tmp)
        fresh(["-c", FIRST_ROUNDS], env)  # warm the file cache once
        firsts = [json.loads(fresh(["-c", FIRST_ROUNDS], env).out) for _ in range(5)]
        row("fresh process: first round, six optimal players", [f[0] for f in firsts])
        row("fresh process: first 1,000 rounds", [f[1] for f in firsts], unit="rounds/s")
        if args.ui:
            code = FIRST_UI.format(bench=str(Path(__file__).resolve().parent), rounds=2)
            uis = [json.loads(fresh(["-c", code], env).out) for _ in range(5)]
            row("fresh process: Dealer's seat built, first round dealt", [u["opened"] for u in uis])
            row("fresh process: first action -> next step shown", [u["shown"][0] for u in uis])
    sys.path.insert(0, str(args.root))
    from trainer.rules.paigow.players import seat_players
    from trainer.rules.paigow.profiles import profile_named

    rng = random.Random(2026)
    players = seat_players(rng, profile_named("pa-2019"), 6)
    sample(rng, players, 5000)  # warm-up: fills the house-way cache as a long session does
    row("warm: round engine, 1,000 rounds, 6 players", [sample(rng, players) for _ in range(args.repeat)],
        unit="rounds/s")
    if args.ui:
        print(action_latency_line())
    return 0


# --- the Dealer's seat screen: from the trainee's action to the next step shown -----------------

def action_latency(rounds: int = 12, seed: int = 2026) -> dict[str, object]:
    """Milliseconds from a right action given to the Dealer's seat controller to the next step shown
    (its prompt and input set and the table frame shown, animations instant; the answer is saved
    to a progress store as in the app), and to the screen painted as well. Offscreen Qt, 1920x1080."""
    import os
    import tempfile

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QEvent

    from trainer.ui.snapshot import ensure_app

    app = ensure_app()
    from trainer.ui.citation_links import words
    from trainer.ui.context import AppContext
    from trainer.ui.paigow.dealer_screen import DealerScreen
    from trainer.ui.paigow.player import INSTANT
    from trainer.ui.progress_link import close_shared_stores, shared_store

    shown, painted = [], []
    with tempfile.TemporaryDirectory() as tmp:
        ctx = AppContext(seed=seed, data=Path(tmp))
        shared_store(ctx).create_trainee("Bench")
        ctx.set_trainee("Bench")
        start = time.perf_counter()
        screen = DealerScreen(ctx)
        screen.resize(1920, 1080)
        screen.show()
        screen.speed.setCurrentIndex(screen.speed.findData(INSTANT))
        app.processEvents()
        opened = (time.perf_counter() - start) * 1000
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
                assert c.round.finished or screen.question.prompt.text() == words(c.current.question.prompt)
        screen.close()
        close_shared_stores()
    return {"opened": opened, "shown": shown, "painted": painted}


def action_latency_line(rounds: int = 12) -> str:
    times = action_latency(rounds)
    shown, painted = times["shown"], times["painted"]

    def p95(xs: list[float]) -> float:
        return sorted(xs)[int(0.95 * (len(xs) - 1))]

    return (f"dealer's seat: action -> next step shown: median {statistics.median(shown):.1f} ms, "
            f"p95 {p95(shown):.1f} ms; painted: median {statistics.median(painted):.1f} ms, p95 {p95(painted):.1f} ms "
            f"({len(shown)} actions, {rounds} rounds; target <= 30 ms)")


if __name__ == "__main__":
    raise SystemExit(main())
