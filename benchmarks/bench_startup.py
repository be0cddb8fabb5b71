"""Start-up time: process start to the first painted main window, against a bare PySide6 window.

Both are started the same way, as ``python -c ...`` subprocesses with ``QT_QPA_PLATFORM=offscreen``
(unless a display is set) and user folders in a temporary directory, ; we time each from
``Popen`` to the first paint and take the median of several runs, alternating
the two so both see the same machine load. Each child prints the wall-clock time just after its first paint
and leaves at once, so tearing down is not counted. The app is also timed to the first paint of
the table itself (the first screen, built just after the window shows).

    python benchmarks/bench_startup.py [--runs 7]

Target: app / bare <= 1.5 (medians).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BARE = """
import os, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
w = QMainWindow()
w.setWindowTitle("bare")
w.resize(1280, 800)
paint = QEvent.Type.Paint
def done():
    print(f"first-paint {time.time():.6f}", flush=True)
    os._exit(0)
class W(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == paint and obj is w:
            app.removeEventFilter(self)
            QTimer.singleShot(0, done)
        return False
f = W()
app.installEventFilter(f)
w.show()
app.exec()
"""

APP = "from trainer.ui.app import run_app; raise SystemExit(run_app(['--quit-after-paint']))"
APP_TABLE = "from trainer.ui.app import run_app; raise SystemExit(run_app(['--quit-after-paint=table']))"


def _time(code: str, env: dict[str, str]) -> float:
    """Seconds from just before the process is spawned to the wall-clock time it prints at first paint."""
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    painted = float(out.split("first-paint", 1)[1].split()[0])
    return painted - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PAIGOW_TRAINER_CONFIG_DIR=f"{tmp}/config", PAIGOW_TRAINER_DATA_DIR=f"{tmp}/data",
                   PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   PYTHONPYCACHEPREFIX=f"{tmp}/pycache")
        # an installed app runs from compiled bytecode: let the warm-up runs write it (outside the tree)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
            env["QT_QPA_PLATFORM"] = "offscreen"
        for code in (BARE, APP):  # warm the file cache once
            _time(code, env)
        bare, app, table = [], [], []
        for _ in range(args.runs):
            bare.append(_time(BARE, env))
            app.append(_time(APP, env))
            table.append(_time(APP_TABLE, env))
    mb, ma, mt = statistics.median(bare), statistics.median(app), statistics.median(table)
    print(f"bare PySide6 window : median {mb * 1000:7.1f} ms  ({args.runs} runs)")
    print(f"trainer main window : median {ma * 1000:7.1f} ms  ratio {ma / mb:.2f}  (target <= 1.5)")
    print(f"  ... table painted : median {mt * 1000:7.1f} ms  ratio {mt / mb:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
