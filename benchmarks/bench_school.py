"""A school's PostgreSQL server (started here with ``pgserver``): how fast many PCs record answers,
and how long the instructor waits for the class view of a big class.

1. Writers: N processes (default 10: ten PCs, ten trainees), imported, connected and waiting, are
   released together; each records K answers through ``ServerStore.record`` (one transaction each:
   log, skill totals, card). Reported: answers per second over all, from release to the last exit.
2. The class view of 200 trainees x 10,000 answers (2,000,000 answers, cards, exams; written in bulk
   with SQL, as the store would have): the headline is a fresh process,
   ``paigow-trainer class --database URL --class Big --json`` from spawn to exit (imports, connect,
   the instructor's password checked, report with medians); then in-process ``class_report`` and the Class screen's sign-in-and-fill (warm).

    python benchmarks/bench_school.py [--writers 10] [--answers 200] [--trainees 200] [--per 10000] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
WRITER = """
import sys, time
from trainer.drills import check, generate
from trainer.progress.server import open_store
url, data, name, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
questions = [generate("tile-compare", seed=s) for s in range(count)]
with open_store(url, data=data) as store:
    store.ensure_trainee(name)
    print("ready", flush=True)
    sys.stdin.readline()
    for q in questions:
        store.record(name, q, check(q, q.answer), q.answer, 1500)
print(f"done {time.time():.6f}", flush=True)
"""


def new_database(admin: str, name: str) -> str:
    import psycopg

    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    return admin.replace("/postgres?", f"/{name}?", 1)


def writers(admin: str, n: int, count: int, runs: int) -> None:
    rates = []
    for run in range(runs):
        url = new_database(admin, f"bench_writers_{run}")
        with tempfile.TemporaryDirectory() as tmp:
            from trainer.progress.server import open_store

            open_store(url, data=tmp).close()  # the schema exists: the race is about answers
            procs = [subprocess.Popen([sys.executable, "-c", WRITER, url, f"{tmp}/pc{i}", f"Trainee {i}", str(count)],
                                      env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                     for i in range(n)]
            for p in procs:
                assert p.stdout.readline().strip() == "ready"
            start = time.time()
            for p in procs:
                p.stdin.write("go\n")
                p.stdin.flush()
            ends = [float(p.stdout.readline().split()[1]) for p in procs]
            for p in procs:
                p.wait()
            assert all(p.returncode == 0 for p in procs)
            with open_store(url, data=tmp) as store:
                total = store._conn.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
            assert total == n * count, (total, n * count)
            rates.append(total / (max(ends) - start))
    print(f"writers: {n} processes x {count} answers, answers/s per run: {[round(r) for r in rates]}; "
          f"median {statistics.median(rates):.0f} answers/s")


def big_class(admin: str, trainees: int, per: int) -> str:
    """A class of ``trainees`` with ``per`` answers each, written in bulk (what recording would leave)."""
    from trainer.progress import school
    from trainer.progress.server import open_store

    url = new_database(admin, "bench_class")
    with tempfile.TemporaryDirectory() as tmp, open_store(url, data=tmp) as store:
        conn = store._conn
        skills = ["tile-compare", "hand-compare", "house-way", "vigorish", "tile-id", "commission", "woodpile",
                  "dealer-deliver", "dice-position", "settle"]
        conn.execute("BEGIN")
        conn.execute("INSERT INTO trainees (name, created_utc) SELECT 'Trainee ' || g, '2026-01-01T00:00:00.000+00:00' "
                     "FROM generate_series(1, ?) g", (trainees,))
        conn.execute(
            "INSERT INTO answers (trainee_id, skill, item, question, answer, correct, ms, ts_utc, seed, profile, mode, "
            "hinted, uid) SELECT t.id, (ARRAY[" + ",".join(f"'{s}'" for s in skills) + "])[1 + g % 10], "
            "'item' || (g % 7), '{}', 'x', (g % 9 <> 0)::int, 1000 + (g * 37) % 8000, "
            "'2026-01-01T00:00:00.000+00:00', g, 'pa-2019', 'practice', 0, t.id || '-' || g "
            "FROM trainees t, generate_series(1, ?) g", (per,))
        conn.execute("INSERT INTO skill_totals (trainee_id, skill, answered, correct, ms_total, last_utc) "
                     "SELECT trainee_id, skill, COUNT(*), SUM(correct), SUM(ms), MAX(ts_utc) FROM answers "
                     "GROUP BY trainee_id, skill")
        conn.execute("INSERT INTO cards (trainee_id, skill, item, card, due_utc, reviews) "
                     "SELECT DISTINCT trainee_id, skill, item, '{}', CASE WHEN trainee_id % 3 = 0 THEN "
                     "'2026-01-02T00:00:00.000+00:00' ELSE '2099-01-01T00:00:00.000+00:00' END, 1 FROM answers")
        conn.execute("INSERT INTO exams (trainee_id, seed, spec, score, total, finished_utc, result, uid) "
                     "SELECT t.id, g, '{}', 14 + (t.id + g) % 7, 20, '2026-02-0' || g || 'T00:00:00.000+00:00', '{}', "
                     "'e' || t.id || '-' || g FROM trainees t, generate_series(1, 3) g")
        conn.execute("COMMIT")
        conn.execute("VACUUM ANALYZE")  # what autovacuum does seconds after a bulk load (index-only scans)
        school.create_class(store, "Big", "Ms Lee", "hunter2")
        school.add_trainees(store, "Big", [t.name for t in store.trainees()])
    return url


def class_view(url: str, runs: int) -> None:
    from PySide6.QtWidgets import QApplication

    from trainer.progress import school
    from trainer.progress.server import open_store

    fresh, cpu = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs):
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "trainer", "class", "--database", url, "--data-dir", tmp,
                            "--class", "Big", "--json"], env={**ENV, "PAIGOW_TRAINER_INSTRUCTOR_PASSWORD": "hunter2"},
                           check=True, stdout=subprocess.DEVNULL)
            fresh.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
        base = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "trainer", "--version"], env=ENV, check=True,
                           stdout=subprocess.DEVNULL)
            base.append(time.perf_counter() - start)
        with open_store(url, data=tmp) as store:
            group = school.school_class(store, "Big")
            warm = []
            for _ in range(runs):
                start = time.perf_counter()
                report = school.class_report(store, group)
                warm.append(time.perf_counter() - start)
            rows = len(report.trainees)
            answers = sum(t.answered for t in report.trainees)
            app = QApplication.instance() or QApplication([])
            from trainer.ui.class_screen import ClassScreen
            from trainer.ui.context import AppContext

            ctx = AppContext(data=Path(tmp))
            ctx.store = store
            screen = ClassScreen(ctx)
            shown = []
            for _ in range(runs):
                start = time.perf_counter()
                assert screen.sign_in("Big", "hunter2")
                app.processEvents()
                shown.append(time.perf_counter() - start)
            assert screen.table.model().rowCount() == rows
    print(f"class view: {rows} trainees, {answers} answers")
    print(f"  HEADLINE fresh process `class --json`: median {statistics.median(fresh):.2f} s "
          f"(runs {[round(x, 2) for x in fresh]}; its CPU time median {statistics.median(cpu):.2f} s; "
          f"`--version` alone {statistics.median(base):.2f} s)")
    print(f"  in-process class_report: median {statistics.median(warm) * 1000:.0f} ms; "
          f"Class screen sign-in (scrypt) + report + table: median {statistics.median(shown) * 1000:.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--writers", type=int, default=10)
    ap.add_argument("--answers", type=int, default=200)
    ap.add_argument("--trainees", type=int, default=200)
    ap.add_argument("--per", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    import pgserver

    print(f"load average before: {os.getloadavg()}")
    folder = tempfile.mkdtemp(prefix="bench-pg-")
    server = pgserver.get_server(os.path.join(folder, "data"), cleanup_mode="delete")
    try:
        admin = server.get_uri()
        writers(admin, args.writers, args.answers, max(1, args.runs // 2))
        start = time.perf_counter()
        url = big_class(admin, args.trainees, args.per)
        print(f"(wrote the big class in {time.perf_counter() - start:.0f} s)")
        class_view(url, args.runs)
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
