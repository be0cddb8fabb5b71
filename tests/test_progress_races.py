"""First-time setup races and a busy file (issue 13, item 3), with real processes: several
processes opening a new data folder at once all succeed; a kill during the first open or during a
migration leaves a file the next open uses; a writer holding the lock longer than SQLite's wait
makes a drill wait, say so, and record the typed answer."""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.drills import generate
from trainer.progress import FILENAME, ProgressStore
from trainer.progress.schema import LATEST, migrate, version

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

#: Imports first, says "ready", opens the store when told "go"; then adds the same new trainee
#: as everyone else and records one answer.
OPENER = textwrap.dedent("""
    import json, sys
    from trainer.drills import check, generate
    from trainer.progress import ProgressStore

    print("ready", flush=True)
    sys.stdin.readline()
    with ProgressStore.in_dir(sys.argv[1]) as store:
        store.ensure_trainee("Ana")
        q = generate("vigorish", seed=int(sys.argv[2]))
        store.record("Ana", q, check(q, q.answer), q.answer, 1000)
        print(json.dumps({"version": store.schema_version, "notice": store.notice}), flush=True)
""")


def start(*args: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", OPENER, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=ENV)
    assert proc.stdout.readline() == "ready\n"
    return proc


def go(proc: subprocess.Popen) -> None:
    proc.stdin.write("go\n")
    proc.stdin.flush()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_processes_opening_a_new_folder_at_once_all_succeed(tmp_path):
    n = 6
    folder = tmp_path / "new" / "data"  # not even the folder exists yet
    procs = [start(str(folder), str(i)) for i in range(n)]
    for proc in procs:  # all imported and waiting: released together
        go(proc)
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and "Traceback" not in err, err
        results.append(json.loads(out))
    assert results == [{"version": LATEST, "notice": None}] * n
    assert sorted(p.name for p in folder.iterdir() if not p.name.endswith(("-wal", "-shm"))) == [FILENAME]
    with ProgressStore.in_dir(folder) as store:
        assert [t.name for t in store.trainees()] == ["Ana"]
        assert sorted(r.seed for r in store.answers("Ana")) == list(range(n))
        assert store._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("delay", [0.0, 0.02, 0.08])
def test_a_kill_during_the_first_open_leaves_a_usable_file(tmp_path, delay):
    import time

    folder = tmp_path / "data"
    proc = start(str(folder), "1")
    go(proc)
    time.sleep(delay)
    proc.kill()
    proc.communicate(timeout=30)
    with ProgressStore.in_dir(folder) as store:
        assert store.notice is None and store.schema_version == LATEST
        store.ensure_trainee("Ana")
    assert not [p for p in folder.iterdir() if "-20" in p.name]  # nothing moved aside


def legacy_v1(path: Path, answers: int) -> None:
    """A version-1 file (before the application id) with many answers: migrating it takes a while."""
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, 1)
    conn.execute("PRAGMA application_id = 0")
    conn.execute("INSERT INTO trainees (name, created_utc) VALUES ('Ana', '2024-01-01T00:00:00+00:00')")
    q = json.dumps(generate("vigorish", seed=1).to_dict())
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO answers (trainee_id, skill, question, answer, correct, ms, ts_utc, seed) "
                     "VALUES (1, 'vigorish', ?, '$1.00', 1, 1000, ?, ?)",
                     [(q, f"2024-02-{1 + i // 86400 % 28:02d}T{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d}"
                          ".000+00:00", i) for i in range(answers)])
    conn.execute("COMMIT")
    conn.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_during_migration_leaves_a_whole_version(tmp_path):
    import time

    interrupted = []
    for delay in (0.03, 0.15):
        folder = tmp_path / f"data-{delay}"
        folder.mkdir()
        legacy_v1(folder / FILENAME, 5000)
        proc = start(str(folder), "1")
        go(proc)
        time.sleep(delay)
        proc.kill()
        proc.communicate(timeout=30)
        conn = sqlite3.connect(folder / FILENAME)
        interrupted.append(version(conn) < LATEST)
        conn.close()
        with ProgressStore.in_dir(folder) as store:
            assert store.notice is None and store.schema_version == LATEST
            assert len(store.answers("Ana")) in (5000, 5001)  # the killed process's answer, if it got there
    assert any(interrupted)


HOLDER = textwrap.dedent("""
    import sqlite3, sys, time
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    time.sleep(float(sys.argv[2]))
    conn.execute("COMMIT")
""")


def test_a_drill_waits_for_a_long_writer_and_keeps_the_answer(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "data"
    with ProgressStore.in_dir(folder) as store:
        store.create_trainee("Ana")
    # SQLite's own wait is shortened so that a 1.5 s writer stands for one of more than 10 s.
    monkeypatch.setattr(ProgressStore, "busy_wait_s", 0.25)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder / FILENAME), "1.5"], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline() == "locked\n"
        monkeypatch.setattr("sys.stdin", io.StringIO("a\n"))
        code = main(["drill", "--skill", "tile-compare", "--count", "1", "--seed", "4", "--trainee", "Ana",
                     "--data-dir", str(folder)])
    finally:
        holder.wait(timeout=30)
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in err
    assert "waiting for the progress file" in err and "nothing is lost" in err
    assert all(line.startswith("note: ") for line in err.splitlines())
    with ProgressStore.in_dir(folder) as store:
        [rec] = store.answers("Ana")
        assert rec.seed and rec.answer  # the typed answer was recorded once the writer finished
