"""Foreign and damaged databases (issue 13, item 2): a file that is not ours is moved aside
unchanged and never written into; our older files are stamped; a row damaged on disk is
skipped and reported, never fatal."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.drills import check, generate
from trainer.progress import FILENAME, ProgressStore
from trainer.progress.schema import APPLICATION_ID, LATEST, migrate


def foreign(path: Path, *sql: str) -> bytes:
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in sql:
        conn.execute(statement)
    conn.close()
    return path.read_bytes()


FOREIGN = {
    "version 3 without our tables": ("CREATE TABLE notes (body TEXT)", "PRAGMA user_version = 3"),
    "version -1": ("CREATE TABLE t (x)", "PRAGMA user_version = -1"),
    "version -1, empty": ("PRAGMA user_version = -1",),
    "version 0, a conflicting trainees table": ("CREATE TABLE trainees (id, nickname)",),
    "version 0, another program's tables": ("CREATE TABLE photos (id INTEGER PRIMARY KEY, blob BLOB)",
                                            "INSERT INTO photos (blob) VALUES (x'00ff')"),
    "another application id": ("PRAGMA application_id = 1598903374", "CREATE TABLE x (y)"),
    "another application id, our tables": ("PRAGMA application_id = 42",),
    "our tables at version 3 plus one of theirs": ("CREATE TABLE extra (z)",),
}


@pytest.mark.parametrize("case", FOREIGN)
def test_a_database_not_ours_is_moved_aside_unchanged(tmp_path, case, capsys):
    path = tmp_path / FILENAME
    if "our tables" in case:
        conn = sqlite3.connect(path, isolation_level=None)
        migrate(conn, 3)
        conn.execute("PRAGMA application_id = 0")
        conn.close()
    original = foreign(path, *FOREIGN[case])
    code = main(["progress", "--data-dir", str(tmp_path), "--create", "Ana"])
    err = capsys.readouterr().err
    assert code == 0 and err.startswith("note: ") and "was kept, unchanged" in err and err.count("\n") == 1
    [aside] = [p for p in tmp_path.iterdir() if ".foreign-" in p.name or ".unreadable-" in p.name]
    assert aside.read_bytes() == original  # never written into
    with ProgressStore(path) as store:
        assert [t.name for t in store.trainees()] == ["Ana"] and store.notice is None
        assert store._conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_a_new_empty_file_is_ours(tmp_path):
    (tmp_path / FILENAME).touch()
    with ProgressStore.in_dir(tmp_path) as store:
        assert store.notice is None and store.schema_version == LATEST


def test_a_killed_first_migration_is_not_mistaken_for_a_foreign_file(tmp_path):
    path = tmp_path / FILENAME
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, 1)  # the process died after version 1
    conn.close()
    with ProgressStore(path) as store:
        assert store.notice is None and store.schema_version == LATEST


# --- rows damaged on disk -------------------------------------------------------------------------

def flip(path: Path, marker: bytes, offset: int, new: bytes) -> None:
    """Change the bytes at ``offset`` from the first ``marker`` in the file: a bit flip inside
    one row's text, which ``PRAGMA quick_check`` does not look at."""
    data = bytearray(path.read_bytes())
    at = data.index(marker) + offset
    data[at:at + len(new)] = new
    path.write_bytes(bytes(data))


@pytest.fixture
def three_answers(tmp_path) -> Path:
    path = tmp_path / FILENAME
    with ProgressStore(path) as store:
        store.create_trainee("Ana")
        for seed in (1, 2, 3):
            q = generate("vigorish", seed=seed)
            store.record("Ana", q, check(q, q.answer), q.answer, 1000)
        store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.mark.parametrize("new,what", [(b"[", "JSON"), (b"\xff\xfe", "UTF-8")])
def test_a_damaged_answer_is_skipped_and_reported(three_answers, new, what, capsys):
    flip(three_answers, b'{"skill": "vigorish"', 0, new)
    notes: list[str] = []
    with ProgressStore(three_answers, note=notes.append) as store:
        assert store.notice is None  # quick_check saw nothing
        assert len(store.answers("Ana")) == 2 and len(store.skill_stats("Ana")) == 1
        store.answers("Ana")
        assert len(notes) == 1 and "skipped a damaged entry" in notes[0] and "answers row" in notes[0]
        q = generate("vigorish", seed=9)  # the store keeps working
        store.record("Ana", q, check(q, q.answer), q.answer, 500)
        assert len(store.answers("Ana")) == 3
    code = main(["progress", "--data-dir", str(three_answers.parent), "--trainee", "Ana"])
    out, err = capsys.readouterr()
    assert code == 0 and "vigorish" in out and "skipped a damaged entry" in err and "Traceback" not in err


def test_a_damaged_exam_result_is_skipped(tmp_path):
    from trainer.drills.exam import ExamSpec, build_exam, grade

    path = tmp_path / FILENAME
    exam = build_exam(ExamSpec(seed=3, skills=("vigorish",), count=2))
    with ProgressStore(path) as store:
        store.create_trainee("Ana")
        for _ in range(2):
            store.record_exam("Ana", grade(exam, [q.answer for q in exam.questions]))
        store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    flip(path, b'{"spec": {"seed": 3', 1, b"\xc3")  # an invalid UTF-8 sequence in the first result
    notes: list[str] = []
    with ProgressStore(path, note=notes.append) as store:
        assert len(store.exams("Ana")) == 1 and notes and "exams row" in notes[0]


def test_another_programs_wal_database_is_moved_aside_without_sqlite_opening_it(tmp_path):
    path = tmp_path / FILENAME
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA application_id = 1598903374")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute("CREATE TABLE t (x)")
    conn.execute("INSERT INTO t VALUES (1)")
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}  # its pending WAL included
    with ProgressStore(path) as store:
        assert "another program's database" in store.notice
        moved = {p.name.replace(store.moved_aside.name, FILENAME): p.read_bytes() for p in tmp_path.iterdir()
                 if p.name.startswith(store.moved_aside.name)}
    conn.close()
    assert moved == files
