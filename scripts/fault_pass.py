"""Fault-injection pass over the progress stores (issue 28): answers lost or doubled under SIGKILLs,
a school server's outages, ten writers at once, and hostile imports. Prints one line per part.

    .venv/bin/python scripts/fault_pass.py [--kills 60] [--writers 10] [--per-writer 200]

Every answer a child process confirms (``record`` returned) is printed by it (its seed); the pass
then counts, per seed, the rows in the database: a confirmed seed with no row is lost, one with two
rows is doubled. Needs ``pgserver`` (the test extra) for the server parts.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from pathlib import Path

CHILD = textwrap.dedent("""
    import sys
    from trainer.drills import check, generate
    from trainer.progress.server import open_store
    url, data, trainee, start, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    store = open_store(url or None, data=data, offline=True)
    store.ensure_trainee(trainee)
    for seed in range(start, start + count):
        q = generate("tile-compare", seed=seed)
        store.record(trainee, q, check(q, q.answer), q.answer, 1000)
        print(seed, flush=True)
    store.flush()
    store.close()
""")


def _child(url: str, data: Path, trainee: str, start: int, count: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", CHILD, url, str(data), trainee, str(start), str(count)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def _tally(confirmed: set[int], seeds: list[int]) -> tuple[int, int]:
    """(lost, doubled) of the confirmed answers among the seeds stored."""
    counts = Counter(seeds)
    return sum(1 for s in confirmed if counts[s] == 0), sum(1 for n in counts.values() if n > 1)


def _seeds(url: str | None, data: Path, trainee: str) -> list[int]:
    from trainer.progress.server import open_store

    with open_store(url, data=data) as store:
        store.flush()
        return [a.seed for a in store.answers(trainee)]


def _killed(url: str, data: Path, trainee: str, kills: int, start: int) -> tuple[set[int], int]:
    """Run writers and SIGKILL each at a random moment; returns the confirmed seeds and the kills."""
    confirmed: set[int] = set()
    for k in range(kills):
        proc = _child(url, data, trainee, start + k * 1000, 1000)
        time.sleep(random.uniform(1.0, 2.5))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        confirmed.update(int(line) for line in out.split())
    return confirmed, kills


def sqlite_kills(tmp: Path, kills: int) -> str:
    confirmed, n = _killed("", tmp / "sqlite", "Ana", kills, 0)
    lost, doubled = _tally(confirmed, _seeds(None, tmp / "sqlite", "Ana"))
    return f"SQLite, {n} SIGKILLs while writing: {len(confirmed)} answers confirmed, {lost} lost, {doubled} doubled"


def server_kills(url: str, tmp: Path, kills: int) -> str:
    confirmed, n = _killed(url, tmp / "pc-kill", "Bo", kills, 0)
    lost, doubled = _tally(confirmed, _seeds(url, tmp / "pc-kill", "Bo"))
    return f"PostgreSQL, {n} client SIGKILLs while sending: {len(confirmed)} confirmed, {lost} lost, {doubled} doubled"


def outages(url: str, admin: str, db: str, tmp: Path) -> str:
    """A writer of 3,000 answers while the server is switched off and on five times; then the PC's
    file is migrated twice (nothing may be counted again)."""
    import psycopg

    from trainer.cli import main

    def switch(on: bool) -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE {db} WITH ALLOW_CONNECTIONS {str(on).lower()}")
            if not on:
                conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (db,))

    proc = _child(url, tmp / "pc-out", "Cy", 0, 3000)
    for _ in range(5):
        time.sleep(random.uniform(1.0, 3.0))
        switch(False)
        time.sleep(random.uniform(1.0, 3.0))
        switch(True)
    out, _ = proc.communicate()
    confirmed = {int(line) for line in out.split()}
    lost, doubled = _tally(confirmed, _seeds(url, tmp / "pc-out", "Cy"))
    new = []
    for _ in range(2):
        with open(os.devnull, "w") as quiet:
            saved, sys.stdout = sys.stdout, quiet
            try:
                main(["progress", "--database", url, "--migrate-from", f"sqlite:///{tmp / 'pc-out' / 'progress.sqlite3'}",
                      "--json", "--data-dir", str(tmp / "pc-migrate")])
            finally:
                sys.stdout = saved
        from trainer.progress.server import open_store

        with open_store(url, data=tmp / "pc-migrate") as store:
            new.append(len(store.answers("Cy")))
    after = _tally(confirmed, _seeds(url, tmp / "pc-out", "Cy"))
    return (f"PostgreSQL, 5 outages under a writer: {len(confirmed)} confirmed, {lost} lost, {doubled} doubled; "
            f"migrating the PC's file twice: rows {new[0]} then {new[1]}, {after[0]} lost, {after[1]} doubled")


def writers(url: str, tmp: Path, count: int, each: int) -> str:
    procs = [_child(url, tmp / f"pc-w{i}", "Dee", i * 100_000, each) for i in range(count)]
    confirmed = set()
    for p in procs:
        out, _ = p.communicate()
        confirmed.update(int(line) for line in out.split())
    seeds = _seeds(url, tmp / "pc-w0", "Dee")
    lost, doubled = _tally(confirmed, seeds)
    from trainer.progress.server import open_store

    with open_store(url, data=tmp / "pc-w0") as store:
        totals = store.skill_stats("Dee")[0].answered
    return (f"PostgreSQL, {count} writers at once: {len(confirmed)} confirmed, {lost} lost, {doubled} doubled, "
            f"skill total {totals}")


def hostile_imports(url: str, tmp: Path) -> str:
    """Forged exports: every one must be refused, or stored re-graded (no forged verdict counts)."""
    from trainer.drills import check, generate
    from trainer.drills.exam import ExamSpec, build_exam, grade
    from trainer.progress.server import open_store
    from trainer.rules.errors import TrainerError

    with open_store(url, data=tmp / "pc-h") as store:
        store.create_trainee("Eve")
        for seed in range(6):
            q = generate("tile-compare", seed=seed)
            wrong = next(c for c in q.choices if c != q.answer)
            store.record("Eve", q, check(q, wrong), wrong, 1000)
        exam = build_exam(ExamSpec(seed=5, skills=("tile-compare",), count=4))
        store.record_exam("Eve", grade(exam, [next(c for c in q.choices if c != q.answer) for q in exam.questions]))
        base = json.loads(store.export_trainee("Eve", tmp / "eve.json").read_text())

    def forged(change):
        doc = json.loads(json.dumps(base))
        change(doc)
        return doc

    def all_right(d):
        for a in d["answers"]:
            a["correct"] = True
        for e in d["exams"]:
            e["score"] = e["result"]["score"] = e["total"]

    cases = {
        "flags set right": all_right,
        "seed moved": lambda d: d["answers"][0].update(seed=d["answers"][0]["seed"] + 1),
        "question's key swapped": lambda d: d["answers"][1]["question"].update(answer=d["answers"][1]["answer"]),
        "ms 2**63-1": lambda d: d["answers"][2].update(ms=2 ** 63 - 1),
        "another trainee's uid": lambda d: d["answers"][3].update(uid=d["answers"][4].get("uid", "x")),
        "unknown skill": lambda d: d["answers"][0]["question"].update(skill="nope"),
        "exam question dropped": lambda d: d["exams"][0]["result"]["questions"].pop(),
        "invisible name": lambda d: d["trainee"].update(name="Eve\u200b"),
        "ms negative": lambda d: d["answers"][0].update(ms=-1),
        "uid with a quote": lambda d: d["answers"][0].update(uid="a'b"),
    }
    refused = regraded = forged_counted = 0
    with open_store(url, data=tmp / "pc-h") as store:
        for i, (label, change) in enumerate(cases.items()):
            path = tmp / f"forged-{i}.json"
            path.write_text(json.dumps(forged(change)))
            try:
                store.import_trainee(path, name=f"Mallory {i}")
            except TrainerError:
                refused += 1
                continue
            regraded += 1
            answers = store.answers(f"Mallory {i}")
            forged_counted += sum(a.correct for a in answers) + sum(e["score"] for e in store.exams(f"Mallory {i}"))
            forged_counted += sum(a.ms > 86_400_000 for a in answers)
    return (f"hostile imports: {len(cases)} forged files, {refused} refused, {regraded} stored re-graded, "
            f"{forged_counted} forged verdicts or times counted")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kills", type=int, default=60)
    parser.add_argument("--writers", type=int, default=10)
    parser.add_argument("--per-writer", type=int, default=200)
    args = parser.parse_args()
    import pgserver
    import psycopg

    tmp = Path(tempfile.mkdtemp(prefix="paigow-fault-"))
    os.environ["PAIGOW_TRAINER_DATA_DIR"] = str(tmp / "data")
    server = pgserver.get_server(str(tmp / "pg"), cleanup_mode="stop")
    try:
        admin = server.get_uri()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("CREATE DATABASE fault")
        url = admin.replace("/postgres?", "/fault?", 1)
        print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}", flush=True)
        for part in (lambda: sqlite_kills(tmp, args.kills), lambda: server_kills(url, tmp, args.kills // 2),
                     lambda: outages(url, admin, "fault", tmp),
                     lambda: writers(url, tmp, args.writers, args.per_writer), lambda: hostile_imports(url, tmp)):
            started = time.monotonic()
            print(f"{part()}  ({time.monotonic() - started:.0f} s)", flush=True)
        print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}", flush=True)
    finally:
        server.cleanup()


if __name__ == "__main__":
    main()
