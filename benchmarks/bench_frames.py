"""Frame cost of the table animation: every style played offscreen at 1920x1080.

For each style (mixing and stacking included) every step's animation is advanced in 60 Hz ticks
(``setCurrentTime``), and each frame is timed from the scene update to the end of painting the
whole table into a 1920x1080 QImage, as a view would. Prints p50/p95 per style and overall by the
wall clock, which includes Qt's worker threads (a frame is only shown once they are done; on a
shared machine it also counts other processes' turns, so the load is printed), and the p95 of the
CPU time of the whole process (every thread) as a secondary figure.

    python benchmarks/bench_frames.py [--size 1920x1080] [--styles jung-quat,chee-yee]

Goal: p95 <= 4 ms at 1080p on an idle machine (issue 15).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import load, parser  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def play(style: str, size: tuple[int, int], tick_ms: int = 16, by_kind: dict | None = None,
         cpu: list[float] | None = None) -> list[float]:
    """Wall-clock frame costs (seconds) of one whole deal in ``style`` (also gathered per step kind in
    ``by_kind``; the process's CPU time of each frame appended to ``cpu``)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from trainer.ui.paigow.player import Player
    from trainer.ui.paigow.table_scene import TableScene
    from trainer.ui.paigow.timeline import RoundChoice, build_timeline, plan_for

    timeline = build_timeline(plan_for(RoundChoice(style=style, seed=2024)))
    scene = TableScene("light")
    player = Player(scene, timeline)
    player.goto(0)
    w, h = size
    image = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    target = QRectF(0, 0, w, h)
    hints = (QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
             | QPainter.RenderHint.TextAntialiasing)
    image.fill(QColor(scene.theme.window))

    def frame() -> None:
        # no clearing first: the table's background covers the whole 16:9 image, as in a view
        p = QPainter(image)
        p.setRenderHints(hints)
        scene.render(p, target, scene.sceneRect())
        p.end()

    frame()  # warm the background and tile caches, as the first shown frame does
    costs = []
    for index, step in enumerate(timeline.steps):
        anim = scene.transition(step.frame, step.duration, step.kind)
        anim.start()  # (captures the start values), then driven by hand
        if anim.state() == anim.State.Running:
            anim.pause()
        for t in range(0, step.duration + tick_ms, tick_ms):
            start, start_cpu = time.perf_counter(), time.process_time()
            anim.setCurrentTime(min(t, step.duration))
            frame()
            costs.append(time.perf_counter() - start)
            if cpu is not None:
                cpu.append(time.process_time() - start_cpu)
            if by_kind is not None:
                by_kind.setdefault(step.kind, []).append(costs[-1])
        anim.stop()
        scene.show_frame(timeline.frame_at(index + 1))
    return costs


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--styles", default="", help="comma-separated styles (default: all ten)")
    ap.add_argument("--kinds", action="store_true", help="also print the costs per kind of step")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(args.root))
    from PySide6.QtWidgets import QApplication

    import trainer.ui  # noqa: F401  (the PySide6 6.12 / Python 3.11 workaround)
    from trainer.rules.paigow.profiles import ALL_STYLES

    app = QApplication.instance() or QApplication([])
    size = tuple(int(v) for v in args.size.lower().split("x"))
    styles = [s for s in args.styles.split(",") if s] or list(ALL_STYLES)
    everything: list[float] = []
    kinds: dict[str, list[float]] = {}
    cpu: list[float] = []
    print(f"frame cost at {args.size}, wall clock (Qt's worker threads included)  [{load()}]")
    print(f"{'style':24} {'frames':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for style in styles:
        costs = play(style, size, by_kind=kinds, cpu=cpu)
        everything += costs
        ms = [c * 1000 for c in costs]
        print(f"{style:24} {len(ms):6d} {statistics.median(ms):8.2f} {percentile(ms, 95):8.2f} {max(ms):8.2f}")
    ms = [c * 1000 for c in everything]
    p95 = percentile(ms, 95)
    print(f"{'all styles':24} {len(ms):6d} {statistics.median(ms):8.2f} {p95:8.2f} {max(ms):8.2f}"
          f"   goal p95 <= 4 ms: {'met' if p95 <= 4 else 'NOT met'}")
    print(f"  CPU time of the process per frame (every thread): p50 {statistics.median(cpu) * 1000:.2f} ms, "
          f"p95 {percentile([c * 1000 for c in cpu], 95):.2f} ms  [{load()}]")
    if args.kinds:
        for kind, costs in sorted(kinds.items()):
            ms = [c * 1000 for c in costs]
            print(f"  {kind:22} {len(ms):6d} {statistics.median(ms):8.2f} {percentile(ms, 95):8.2f} {max(ms):8.2f}")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
