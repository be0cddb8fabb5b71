"""Opening the progress store: what a user waits for on the first run and on every later one, and
how several processes opening a new data folder at once behave.

1. ``progress --create Ana`` on a new data folder, a fresh process each time (wall clock from spawn
   to exit, imports included), against ``--version`` (the interpreter and the CLI's own start);
   then ``progress --list`` on the existing folder (open, check, no migration).
2. In-process: ``ProgressStore.in_dir`` on a new folder (create, classify, WAL, four migrations),
   on an existing one, and on a version-1 file without the application id (the stamping migration).
3. The race: N processes, all imported and waiting, released together on one new folder; each opens
   the store, adds the same new trainee and records an answer. Reported: how many succeeded, the
   wall time from release to the last exit, and how many waited for another's lock.

    python benchmarks/bench_store_open.py [--runs 7] [--procs 2,4,8]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.progress import ProgressStore  # noqa: E402
from trainer.progress.schema import migrate  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
OPENER = """
import sys, time
from trainer.drills import check, generate
from trainer.progress import ProgressStore
waits = []
print("ready", flush=True)
sys.stdin.readline()
with ProgressStore.in_dir(sys.argv[1], note=waits.append) as store:
    store.ensure_trainee("Ana")
    q = generate("vigorish", seed=int(sys.argv[2]))
    store.record("Ana", q, check(q, q.answer), q.answer, 1000)
print(f"done {time.time():.6f} {len(waits)}", flush=True)
"""


def _cli(*argv: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "trainer", *argv], env=ENV, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def fresh_process(runs: int) -> None:
    base, create, listed = [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            base.append(_cli("--version"))
            create.append(_cli("progress", "--data-dir", f"{tmp}/data", "--create", "Ana"))
            listed.append(_cli("progress", "--data-dir", f"{tmp}/data", "--list"))
    print(f"fresh process: --version {statistics.median(base) * 1000:.0f} ms; progress --create on a new folder "
          f"{statistics.median(create) * 1000:.0f} ms; progress --list on it {statistics.median(listed) * 1000:.0f} ms")


def _open_ms(folder: Path, prepare=None) -> float:
    if prepare:
        prepare(folder)
    start = time.perf_counter()
    ProgressStore.in_dir(folder).close()
    return (time.perf_counter() - start) * 1000


def _legacy(folder: Path) -> None:
    folder.mkdir(parents=True)
    conn = sqlite3.connect(folder / "progress.sqlite3", isolation_level=None)
    migrate(conn, 1)
    conn.execute("PRAGMA application_id = 0")
    conn.close()


def in_process(runs: int) -> None:
    new, again, legacy = [], [], []
    ProgressStore.in_dir(tempfile.mkdtemp()).close()  # imports and caches out of the way
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            new.append(_open_ms(Path(tmp) / "a"))
            again.append(_open_ms(Path(tmp) / "a"))
            legacy.append(_open_ms(Path(tmp) / "b", _legacy))
    print(f"in process: new store {statistics.median(new):.1f} ms, existing {statistics.median(again):.1f} ms, "
          f"version-1 file stamped and migrated {statistics.median(legacy):.1f} ms")


def race(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        procs = [subprocess.Popen([sys.executable, "-c", OPENER, f"{tmp}/new/data", str(i)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
                 for i in range(n)]
        for p in procs:
            assert p.stdout.readline() == "ready\n"
        start = time.time()
        for p in procs:
            p.stdin.write("go\n")
            p.stdin.flush()
        outs = [p.communicate(timeout=300) for p in procs]
        ok = [out.split() for (out, _), p in zip(outs, procs) if p.returncode == 0 and out.startswith("done")]
        last = max(float(o[1]) for o in ok) if ok else start
        waited = sum(int(o[2]) > 0 for o in ok)
        with ProgressStore.in_dir(f"{tmp}/new/data") as store:
            answers = len(store.answers("Ana"))
        print(f"race: {len(ok)}/{n} processes succeeded, {answers} answers recorded, release to last exit "
              f"{(last - start) * 1000:.0f} ms, {waited} said they were waiting")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--procs", default="2,4,8")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    fresh_process(args.runs)
    in_process(args.runs)
    for n in (int(x) for x in args.procs.split(",")):
        race(n)


if __name__ == "__main__":
    main()
