"""Start-up and first use of the app, as a user waits for them.

1. ``paigow-trainer`` (the entry point, no command) to its first painted Table screen, against a bare
   PySide6 window that paints one widget: each a fresh ``python`` process timed by the wall clock
   from spawn to its first paint (it then leaves at once: tearing down is not counted), the two
   alternating so both see the same load; Baccarat's table (a trainee who last played Baccarat), the
   app's window alone (before the table) and the floor (``floor_window.py``: the table screen's Qt
   widgets and scene with no trainer code, the least any PySide6 start of that screen waits for) as
   further rows.
   Each watches only the widget whose paint it times: a filter on the whole application brings every
   event of every object into Python, which cost the bare window about 21 ms and the app about 13.
2. In one fresh app process: each screen opened the first time (another game's screen timed with the
   switch to that game) (show, paint, and the longest the
   event loop is then held up during the next 0.4 s, e.g. by work deferred "until after the first
   paint"), and the peak RSS after every screen has been visited.

    python benchmarks/bench_startup.py [--runs 9] [--instructions] [--starts-only | --screens-only]

``--instructions`` also counts the instructions each start runs to its first paint (valgrind's
callgrind, about 15 s a start): the same count run after run whatever the machine's load, where the
wall clock varies by a few ms, so a change of 1% shows.

Goals (issue 42, each printed beside its figure): the painted Table screen <= 1.2x the floor
(medians); every screen's first open <= 50 ms; no stall after an open over 10 ms; peak RSS after
every screen <= 150 MiB. Each row prints the machine's load: the headline is a quiet machine's.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import entry_point, environment, fresh, load, parser, row, temporary

BARE = """
import os, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication([])
w = QMainWindow()
w.setWindowTitle("bare")
w.setCentralWidget(QLabel("bare"))
w.resize(1280, 800)
paint = QEvent.Type.Paint
def done():
    print(f"first-paint {time.time():.6f}", flush=True)
    os._exit(0)
class W(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == paint:
            obj.removeEventFilter(self)
            QTimer.singleShot(0, done)
        return False
f = W()
w.centralWidget().installEventFilter(f)
w.show()
app.exec()
"""

#: Every screen opened once in a fresh app; prints JSON {screen: [open ms, longest stall ms]} and the peak RSS.
SCREENS = """
import json, resource, time
import trainer.cli  # the entry point's module: numpy's threads as the app sets them
from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer
from PySide6.QtWidgets import QApplication
from trainer.ui.context import AppContext
from trainer.ui.main_window import MainWindow, settings
from trainer.ui.screens import SCREENS
from trainer.ui.theme import apply_theme, theme_named
app = QApplication(["paigow-trainer"])
apply_theme(app, theme_named("light"))
window = MainWindow(AppContext(seed=1), settings())
window.show()

def longest_stall(ms):
    clock, beats, last = QElapsedTimer(), [0], [0]
    clock.start()
    def beat():
        now = clock.elapsed()
        beats[0] = max(beats[0], now - last[0])
        last[0] = now
    timer = QTimer(interval=2)
    timer.timeout.connect(beat)
    timer.start()
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()
    timer.stop()
    return beats[0]

longest_stall(1000)   # the window's own start-up work done (a user looks at it for a second)
out = {}
for spec in SCREENS:
    game = getattr(spec, "game", None)
    start = time.perf_counter()
    if game and game != window.ctx.game.id:  # another game's screen: the switch to that game is timed with it
        window.ctx.set_game(game)
    window.show_screen(spec.key)
    window.repaint()
    app.processEvents()
    out[spec.key] = [(time.perf_counter() - start) * 1000, longest_stall(400)]
print(json.dumps({"screens": out, "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def _old_entry(args: list[str]) -> list[str]:
    return ["-c", "import trainer.cli; trainer.cli.build_parser(); from trainer.ui.app import run_app; "
                  f"raise SystemExit(run_app({args!r}))"]


def _painted(run) -> float:
    """Seconds from spawn to the wall-clock time the child printed at its first paint."""
    return float(run.out.split("first-paint", 1)[1].split()[0])


def _instructions(argv: list[str], env: dict[str, str]) -> int:
    """The instructions ``python argv...`` runs to its first paint (it leaves there), by callgrind."""
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *argv],
                          env=dict(env, PYTHONHASHSEED="0"), cwd=env["PYTHONPATH"], capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if proc.returncode or not found:
        raise SystemExit(f"valgrind failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def _starts(args, env: dict[str, str]) -> None:
    """Each start to its first paint, the five kinds alternating inside each run."""
    entry = _old_entry if args.old_entry else entry_point
    starts = (("bare", ["-c", BARE]), ("table", entry(["--quit-after-paint=table"])),
              ("baccarat", entry(["--profile", "pa-631a", "--quit-after-paint=table"])),
              ("window", entry(["--quit-after-paint"])), ("floor", [str(Path(__file__).with_name("floor_window.py"))]))
    for _name, argv_ in starts:  # warm the file cache once
        fresh(argv_, env)
    times: dict[str, list[float]] = {name: [] for name, _ in starts}
    for _ in range(args.runs):
        for name, argv_ in starts:
            start = time.time()
            times[name].append((_painted(fresh(argv_, env)) - start) * 1000)
    bare = statistics.median(times["bare"])
    row("bare PySide6 window, first paint", times["bare"])
    floor_ms = statistics.median(times["floor"])
    row("the table's Qt parts, no trainer code (the floor)", times["floor"], extra=f"ratio to bare {floor_ms / bare:.2f}")
    for name, label in (("table", "paigow-trainer: Table screen painted"),
                        ("baccarat", "paigow-trainer: Baccarat's table painted (last played)"),
                        ("window", "paigow-trainer: window painted (before the table)")):
        median = statistics.median(times[name])
        row(label, times[name], extra=f"over the floor {median / floor_ms:.2f}x"
                                      + (" (goal <= 1.2x)" if name == "table" else "") + f", over bare {median / bare:.2f}")
    if args.instructions:
        counts = {name: _instructions(argv_, env) for name, argv_ in starts}
        print("instructions to the first paint (callgrind, millions): " + ", ".join(
            f"{name} {n / 1e6:,.1f}" + ("" if name == "bare" else f" (over bare {n / counts['bare']:.3f}, "
                                                                 f"over the floor {n / counts['floor']:.3f})")
            for name, n in counts.items()), flush=True)


def _screens(args, env: dict[str, str]) -> None:
    """Each screen's first open and the stall after it, and the peak RSS, in fresh app processes."""
    print("each screen opened the first time, one fresh app process (open / longest stall after):")
    runs = [json.loads(fresh(["-c", SCREENS], env).out) for _ in range(max(3, args.runs // 3))]
    for key in runs[0]["screens"]:
        opened = [r["screens"][key][0] for r in runs]
        stall = [r["screens"][key][1] for r in runs]
        row(f"  {key}: open", opened, extra=f"(goal <= 50 ms); longest stall after: median "
                                             f"{statistics.median(stall):.0f} ms, max {max(stall):.0f} ms (goal <= 10 ms)")
    row("peak RSS after every screen", [r["peak_mib"] for r in runs], unit="MiB", extra="(goal <= 150 MiB)")


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--old-entry", action="store_true",
                    help="code from before the entry point passed the app's options on: import the entry "
                         "point's module and build its parser, then call run_app")
    ap.add_argument("--instructions", action="store_true",
                    help="also count each start's instructions to its first paint (needs valgrind)")
    only = ap.add_mutually_exclusive_group()
    only.add_argument("--starts-only", action="store_true", help="only the starts to the first paint")
    only.add_argument("--screens-only", action="store_true", help="only the screens' first opens and peak RSS")
    args = ap.parse_args(argv)
    if args.instructions and not shutil.which("valgrind"):
        ap.error("--instructions needs valgrind (Debian's package valgrind)")
    print(f"bench_startup on {args.root}  [{load()}]")
    with temporary() as tmp:
        env = environment(args.root, tmp)
        if not args.screens_only:
            _starts(args, env)
        if not args.starts_only:
            _screens(args, env)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
