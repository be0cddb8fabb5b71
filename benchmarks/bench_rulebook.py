"""Rule book: what a trainee waits for when a citation link opens it, and a search.

Each run is a fresh ``python -c`` process (``QT_QPA_PLATFORM=offscreen``, user folders in a
temporary directory) that times, from its own start: loading and parsing the five texts and the
readings; building the Rule book screen; opening it at a cited paragraph (resolve + render +
scroll); one search as typed. Medians of several runs, with the machine's load.

    python benchmarks/bench_rulebook.py [--runs 7]

Target: the first open of the Rule book (load + screen + open) under 0.5 s; a search under 0.1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import json, time
t0 = time.perf_counter()
from trainer.ui.snapshot import ensure_app
app = ensure_app()
t_app = time.perf_counter()
from trainer.rulebook.documents import load_book
load_book()
t_load = time.perf_counter()
from trainer.ui.context import AppContext
from trainer.ui.rulebook_screen import RuleBookScreen
ctx = AppContext(profile="md")
screen = RuleBookScreen(ctx)
screen.resize(1920, 1080)
screen.show()
app.processEvents()
t_screen = time.perf_counter()
from trainer.rulebook.citations import resolve
screen.open_link(resolve("MD 8.D(2)", "md")[0].href)
app.processEvents()
t_open = time.perf_counter()
screen.search_field.setText("copy hand dealer")
app.processEvents()
t_search = time.perf_counter()
print(json.dumps({"load": t_load - t_app, "screen": t_screen - t_load, "open": t_open - t_screen,
                  "search": t_search - t_open, "first_open": t_open - t_app}))
"""


def run_once() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PAIGOW_TRAINER_DATA_DIR=tmp,
                   PAIGOW_TRAINER_CONFIG_DIR=tmp)
        out = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True,
                             check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = [run_once() for _ in range(parser.parse_args().runs)]
    load = os.getloadavg()[0]
    for key in ("load", "screen", "open", "search", "first_open"):
        values = [r[key] * 1000 for r in runs]
        print(f"{key:>10}: median {statistics.median(values):7.1f} ms  (min {min(values):.1f}, max {max(values):.1f})")
    print(f"{len(runs)} runs, load average {load:.2f}")


if __name__ == "__main__":
    main()
