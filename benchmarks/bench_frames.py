"""Frame cost of the table animation: every style played offscreen in the app's own view at 1920x1080.

The table is shown as the app shows it: the app's ``TableView`` (its render hints and its
``SmartViewportUpdate`` mode) on a ``TableScene``, the view itself a 1920x1080 window (the table
letterboxed to fit, as in demonstration mode at full screen). For each style (mixing and stacking
included) every step's animation is advanced in 60 Hz ticks (``setCurrentTime``, its timer paused
so the benchmark drives it), and a frame is timed by the wall clock from that call until the event
loop has processed the scene's changes and the view has painted them: the scene's dirty-item pass,
the view's repaint of the region that changed (what Qt repaints for a real frame: the felt copied
from its cached pixmap ``trainer/ui/felt.py``, then every item over that region, from its item
cache or painted), and the window's backing store flush (a copy on the offscreen platform; a real
display adds its own compositing). Wall clock includes Qt's worker threads (a frame is only shown
once they are done; on a shared machine it also counts other processes' turns, so the load is
printed), and the CPU time of the whole process (every thread) is a secondary figure. A tick in
which nothing on the table changed (no paint) is not counted; a step's start (its animation made and
its tiles raised and outlined) and its end (every item put at the engine's place) are frames too. ``--whole`` times the former
measure instead: the whole scene rendered into a 1920x1080 image every frame (``QGraphicsScene.render``).

    python benchmarks/bench_frames.py [--size 1920x1080] [--styles jung-quat,chee-yee] [--whole]

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


class _Painted:
    """Counts the paint events of a view's viewport (whether a tick changed anything on screen)."""

    def __init__(self, viewport) -> None:
        from PySide6.QtCore import QEvent, QObject

        paint = QEvent.Type.Paint
        self.count = 0

        class Filter(QObject):
            def eventFilter(inner, obj, event):  # noqa: N802, N805 (Qt name)
                if event.type() == paint:
                    self.count += 1
                return False

        self._filter = Filter()
        viewport.installEventFilter(self._filter)


def _view_frame(scene, size: tuple[int, int]):
    """A frame as the app shows it: the app's view of ``scene`` as a window of ``size``; returns a
    function that lets the event loop paint what changed, and whether it painted."""
    from PySide6.QtWidgets import QApplication

    from trainer.ui.paigow.table_view import TableView

    app = QApplication.instance()
    view = TableView(scene)
    view.resize(*size)
    view.show()
    painted = _Painted(view.viewport())
    for _ in range(3):  # shown and laid out: the felt and the items' caches filled by the first paint
        app.processEvents()

    def frame() -> bool:
        before = painted.count
        app.processEvents()  # the scene's dirty pass queues the view's update; both run here
        return painted.count > before

    frame.view = view  # kept alive with the frame
    return frame


def _whole_frame(scene, size: tuple[int, int]):
    """The former measure: the whole scene rendered into an image of ``size`` every frame."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    w, h = size
    image = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(scene.theme.window))
    target = QRectF(0, 0, w, h)
    hints = (QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
             | QPainter.RenderHint.TextAntialiasing)

    def frame() -> bool:
        p = QPainter(image)  # no clearing first: the table's background covers the whole 16:9 image
        p.setRenderHints(hints)
        scene.render(p, target, scene.sceneRect())
        p.end()
        return True

    frame()  # warm the background and tile caches, as the first shown frame does
    return frame


def play(style: str, size: tuple[int, int], tick_ms: int = 16, by_kind: dict | None = None,
         cpu: list[float] | None = None, whole: bool = False) -> list[float]:
    """Wall-clock frame costs (seconds) of one whole deal in ``style`` (also gathered per step kind in
    ``by_kind``; the process's CPU time of each frame appended to ``cpu``)."""
    from trainer.ui.paigow.player import Player
    from trainer.ui.paigow.table_scene import TableScene
    from trainer.ui.paigow.timeline import RoundChoice, build_timeline, plan_for

    timeline = build_timeline(plan_for(RoundChoice(style=style, seed=2024)))
    scene = TableScene("light")
    player = Player(scene, timeline)
    player.goto(0)
    frame = (_whole_frame if whole else _view_frame)(scene, size)
    costs = []

    def timed(kind: str, change) -> None:
        start, start_cpu = time.perf_counter(), time.process_time()
        change()
        if not frame():
            return
        costs.append(time.perf_counter() - start)
        if cpu is not None:
            cpu.append(time.process_time() - start_cpu)
        if by_kind is not None:
            by_kind.setdefault(kind, []).append(costs[-1])

    for index, step in enumerate(timeline.steps):
        anims = []

        def begin(step=step) -> None:  # the step's animation made and started: its first frame
            anim = scene.transition(step.frame, step.duration, step.kind)
            anim.start()  # (captures the start values), then driven by hand
            if anim.state() == anim.State.Running:
                anim.pause()
            anims.append(anim)

        timed(step.kind, begin)
        for t in range(0, step.duration + tick_ms, tick_ms):
            timed(step.kind, lambda t=t: anims[0].setCurrentTime(min(t, step.duration)))

        def settle(index=index) -> None:  # the step's end: every item at the engine's place
            anims[0].stop()
            scene.show_frame(timeline.frame_at(index + 1))

        timed(step.kind, settle)
    return costs


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--styles", default="", help="comma-separated styles (default: all ten)")
    ap.add_argument("--kinds", action="store_true", help="also print the costs per kind of step")
    ap.add_argument("--whole", action="store_true", help="the former measure: the whole scene rendered every frame")
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
    what = "the whole scene rendered into an image" if args.whole else "the app's view repainting what changed"
    print(f"frame cost at {args.size}, {what}, wall clock (Qt's worker threads included)  [{load()}]")
    print(f"{'style':24} {'frames':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for style in styles:
        costs = play(style, size, by_kind=kinds, cpu=cpu, whole=args.whole)
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
