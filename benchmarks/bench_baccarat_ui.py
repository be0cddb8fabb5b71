"""What a Baccarat trainee waits for: the table's frame time and the time from an action to the next step.

1. Frame time: a new shoe (preparation, the shoe offered, three rounds) played offscreen: every
   step's animation is advanced in 60 Hz ticks (``setCurrentTime``) and each frame is timed from
   the scene update to the end of painting the whole table into a 1920x1080 image, as a view would.
   Target: p95 <= 8 ms, wall clock.
2. Action -> next step: the calling-the-game screen (1920x1080, shown offscreen) with a trainee
   answering every action of rounds right, through the controller the widgets call; timed from
   the answer to the next step on screen (the verdict shown, the next narration step started or
   the next action asked) and what changed painted (the pending events processed). Target: <= 30 ms. The first action of a fresh
   process is reported apart (first use).

    python benchmarks/bench_baccarat_ui.py [--rounds 6] [--cpu]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

CLOCK = time.perf_counter


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def frame_costs(size: tuple[int, int], tick_ms: int = 16) -> list[float]:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from trainer.rules.baccarat.profiles import profile_named
    from trainer.ui.baccarat.table_scene import BaccaratScene
    from trainer.ui.baccarat.timeline import layout_for, odds_lines, shoe_timeline

    profile = profile_named("pa-631a").with_options(seats=12, vig_collection="deferred")
    timeline = shoe_timeline(2024, profile, rounds=3)
    scene = BaccaratScene("light", layout_for(profile), odds_lines(profile))
    scene.show_frame(timeline.frame_at(0))
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(scene.theme.window))
    target = QRectF(0, 0, *size)
    hints = (QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
             | QPainter.RenderHint.TextAntialiasing)

    def frame() -> None:
        p = QPainter(image)
        p.setRenderHints(hints)
        scene.render(p, target, scene.sceneRect())
        p.end()

    frame()  # the first shown frame paints the felt once into its cache
    costs = []
    for index, step in enumerate(timeline.steps):
        anim = scene.transition(step.frame, step.duration, step.kind)
        anim.start()
        if anim.state() == anim.State.Running:
            anim.pause()
        for t in range(0, step.duration + tick_ms, tick_ms):
            start = CLOCK()
            anim.setCurrentTime(min(t, step.duration))
            frame()
            costs.append(CLOCK() - start)
        anim.stop()
        scene.show_frame(timeline.frame_at(index + 1))
    return costs


def action_costs(rounds: int) -> tuple[float, list[float], dict[str, list[float]]]:
    """(first action, every later action, later actions by narration speed) in seconds."""
    from PySide6.QtWidgets import QApplication

    from trainer.ui.baccarat.dealer_screen import BaccaratDealerScreen
    from trainer.ui.context import AppContext
    from trainer.ui.paigow.player import INSTANT
    from trainer.ui.snapshot import quiet_offscreen_warnings

    quiet_offscreen_warnings()

    app = QApplication.instance()
    ctx = AppContext(seed=7, data=Path(tempfile.mkdtemp()))
    screen = BaccaratDealerScreen(ctx)
    screen.resize(1920, 1080)
    screen.show()
    app.processEvents()
    first = None
    later: list[float] = []
    by_speed: dict[str, list[float]] = {}
    for k in range(rounds):
        speed = (1.0, INSTANT)[k % 2]
        screen.speed.setCurrentIndex(screen.speed.findData(speed))
        screen.new_round()
        c = screen.controller
        while not c.round.finished:
            if screen._then is not None:  # narration playing: as if the trainee skipped it (Space)
                screen._finish_narration()
            start = CLOCK()
            c.answer(c.current.question.answer)
            app.processEvents()  # what changed is painted
            cost = CLOCK() - start
            if first is None:
                first = cost
            else:
                later.append(cost)
                by_speed.setdefault("instant" if speed == INSTANT else "1x", []).append(cost)
    screen.close()
    return first or 0.0, later, by_speed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=6, help="rounds called for the action timing (default 6)")
    ap.add_argument("--cpu", action="store_true", help="CPU time of the UI thread instead of the wall clock")
    args = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.thread_time if args.cpu else time.perf_counter
    from PySide6.QtWidgets import QApplication

    import trainer.ui  # noqa: F401
    app = QApplication.instance() or QApplication([])
    load = os.getloadavg()[0]
    clock = "CPU time" if args.cpu else "wall clock"
    ms = [c * 1000 for c in frame_costs((1920, 1080))]
    p95 = percentile(ms, 95)
    print(f"Baccarat scene frame at 1920x1080 ({clock}, load {load:.2f}): {len(ms)} frames, "
          f"median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {max(ms):.2f} ms"
          f"   target p95 <= 8 ms: {'met' if p95 <= 8 else 'NOT met'}")
    first, later, by_speed = action_costs(args.rounds)
    ms = [c * 1000 for c in later]
    p95 = percentile(ms, 95)
    print(f"action -> next step ({clock}): first {first * 1000:.1f} ms; then {len(ms)} actions, "
          f"median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {max(ms):.2f} ms"
          f"   target <= 30 ms: {'met' if p95 <= 30 else 'NOT met'}")
    for speed, costs in by_speed.items():
        cms = [c * 1000 for c in costs]
        print(f"  narration {speed:8} {len(cms):4d} actions, median {statistics.median(cms):.2f} ms, "
              f"p95 {percentile(cms, 95):.2f} ms")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
