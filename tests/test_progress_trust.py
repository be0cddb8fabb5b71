"""The school's trust model (issue 28) on a real PostgreSQL server (pgserver): every CLI path that
renames, deletes, replaces or copies into a class member asks an instructor's password, as the app
does; an answer given while the server was down is counted once however it reaches the server;
imported and migrated records are re-graded (a forged ``correct`` flag or exam score counts for
nothing); ``--import --replace`` keeps class memberships."""

from __future__ import annotations

import io
import json
import os

import pytest

from trainer.cli import main
from trainer.drills import check, generate
from trainer.progress import ProgressStore, school
from trainer.progress.server import open_store

PASSWORD = "hunter2"


def _record(store, trainee, seed, skill="tile-compare", right=True):
    q = generate(skill, seed=seed)
    given = q.answer if right else next(c for c in q.choices if c != q.answer)
    return store.record(trainee, q, check(q, given), given, ms=2000)


@pytest.fixture
def school_db(pg_url, tmp_path, monkeypatch):
    """A school's server with Ana (in class Morning, 3 answers) and Bo (in no class); no password in
    the environment, and standard input empty (no terminal to ask at)."""
    monkeypatch.delenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with open_store(pg_url, data=tmp_path / "pc") as store:
        for name in ("Ana", "Bo"):
            store.create_trainee(name)
        school.create_class(store, "Morning", "Ms Lee", PASSWORD)
        school.add_trainees(store, "Morning", ["Ana"])
        for seed in range(3):
            _record(store, "Ana", seed)
    return pg_url


def _names(url, tmp_path):
    with open_store(url, data=tmp_path / "pc") as store:
        return [t.name for t in store.trainees()]


def _refused(capsys, argv, *words):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and PASSWORD not in err, err
    for w in words:
        assert w in err, err


# --- 1. an instructor's password for every path that changes the school's trainees ------------------

def _paths(url, tmp_path):
    """Each CLI path that needs the password: (argv, what stays unchanged without it)."""
    with open_store(url, data=tmp_path / "pc") as store:
        exported = store.export_trainee("Ana", tmp_path / "ana.json")
    return {
        "rename": ["progress", "--database", url, "--rename", "Bo", "Bobby"],
        "delete": ["progress", "--database", url, "--delete", "Ana", "--yes"],
        "replace": ["progress", "--database", url, "--import", str(exported), "--replace"],
    }


@pytest.mark.parametrize("path", ["rename", "delete", "replace"])
def test_each_changing_path_needs_an_instructors_password(school_db, tmp_path, capsys, monkeypatch, path):
    argv = _paths(school_db, tmp_path)[path]
    before = _names(school_db, tmp_path)
    _refused(capsys, argv, "that is not an instructor's password")  # no terminal, empty stdin
    wrong = tmp_path / "wrong"
    wrong.write_text("Hunter2\n", encoding="utf-8")
    _refused(capsys, [*argv, "--password-file", str(wrong)], "not an instructor's password", "nothing was changed")
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", "nope")
    _refused(capsys, argv, "not an instructor's password")
    assert _names(school_db, tmp_path) == before
    with open_store(school_db, data=tmp_path / "pc") as store:
        assert len(store.answers("Ana")) == 3 and school.class_report(store, school.school_class(
            store, "Morning")).trainees[0].name == "Ana"
    monkeypatch.delenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD")
    right = tmp_path / "right"
    right.write_text(f"{PASSWORD}\nsecond line ignored\n", encoding="utf-8")
    assert main([*argv, "--password-file", str(right)]) == 0
    assert _names(school_db, tmp_path) != before or path == "replace"


def test_the_password_from_the_environment_and_standard_input(school_db, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", PASSWORD)
    assert main(["progress", "--database", school_db, "--rename", "Bo", "Bobby"]) == 0
    monkeypatch.delenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD")
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{PASSWORD}\n"))
    assert main(["progress", "--database", school_db, "--delete", "Bobby", "--yes"]) == 0
    assert _names(school_db, tmp_path) == ["Ana"]


def test_a_server_without_classes_names_how_to_add_an_instructor(pg_url, tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", raising=False)
    with open_store(pg_url, data=tmp_path / "pc") as store:
        store.create_trainee("Bo")
    _refused(capsys, ["progress", "--database", pg_url, "--rename", "Bo", "Bob"], "no class has an instructor yet",
             "class --create")


@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "long", "binary"])
def test_a_password_file_is_one_short_line_of_a_regular_file(school_db, tmp_path, capsys, kind):
    target = {"fifo": tmp_path / "fifo", "device": "/dev/zero", "folder": tmp_path, "long": tmp_path / "long",
              "binary": tmp_path / "bin"}[kind]
    if kind == "fifo":
        os.mkfifo(target)  # no writer: reading it would block for ever
    elif kind == "long":
        target.write_text("x" * 5000 + "\n", encoding="utf-8")
    elif kind == "binary":
        target.write_bytes(b"\xff\xfe\n")
    words = {"fifo": "not a regular file", "device": "not a regular file", "folder": "is a folder",
             "long": "more than 1024 bytes", "binary": "not UTF-8"}[kind]
    _refused(capsys, ["progress", "--database", school_db, "--rename", "Bo", "Bob", "--password-file", str(target)],
             words)
    assert "Bob" not in _names(school_db, tmp_path)


def test_once_there_is_a_class_only_an_instructor_adds_one(school_db, tmp_path, capsys, monkeypatch):
    """Else anyone could make themselves an instructor and then rename or delete any trainee."""
    argv = ["class", "--database", school_db, "--create", "Mine", "--instructor", "Mallory"]
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", "mallory's own")
    _refused(capsys, argv, "only an instructor adds a class")
    _refused(capsys, ["progress", "--database", school_db, "--delete", "Bo", "--yes"], "not an instructor's password")
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", PASSWORD)
    assert main(argv) == 0
    with open_store(school_db, data=tmp_path / "pc") as store:
        assert [c.name for c in school.classes(store)] == ["Mine", "Morning"]


def test_on_this_pcs_file_a_class_member_needs_the_password_too(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    data = tmp_path / "d"
    with ProgressStore.in_dir(data) as store:
        store.create_trainee("Ana")
        store.create_trainee("Bo")
        school.create_class(store, "Morning", "Ms Lee", PASSWORD)
        school.add_trainees(store, "Morning", ["Ana"])
    assert main(["progress", "--data-dir", str(data), "--rename", "Bo", "Bob"]) == 0  # in no class: anyone
    capsys.readouterr()
    _refused(capsys, ["progress", "--data-dir", str(data), "--delete", "Ana", "--yes"], "instructor's password")
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", PASSWORD)
    assert main(["progress", "--data-dir", str(data), "--rename", "Ana", "Anna"]) == 0


# --- 2. an answer given while the server was down is counted once -------------------------------------

def test_outage_reconnect_migrate_and_migrate_again_adds_nothing(pg_url, tmp_path, server_reachable, capsys):
    from trainer.drills.exam import ExamSpec, build_exam, grade

    store = open_store(pg_url, data=tmp_path / "pc")
    store._conn.retry_s = 0
    store.create_trainee("Ana")
    online = [_record(store, "Ana", s) for s in range(3)]
    server_reachable(False)
    offline = [_record(store, "Ana", s) for s in range(10, 15)]
    exam = build_exam(ExamSpec(seed=7, skills=("tile-compare",), count=3))
    store.record_exam("Ana", grade(exam, [q.answer for q in exam.questions]))
    assert store.waiting() == 2 + 4  # five answers, one exam (its three answers travel with it)
    server_reachable(True)
    store._retry_at = 0
    assert store.flush() == 6 and store.waiting() == 0
    store.close()
    assert len(online) == 3 and len(offline) == 5
    pc_file = tmp_path / "pc" / "progress.sqlite3"  # the PC's file: the outbox's answers are logged there too
    argv = ["progress", "--database", pg_url, "--migrate-from", f"sqlite:///{pc_file}", "--json"]
    for _ in range(2):
        assert main(argv) == 0
        assert json.loads(capsys.readouterr().out)["copied"] == [{"trainee": "Ana", "new_answers": 0, "refused": 0}]
    with open_store(pg_url, data=tmp_path / "other") as again:
        assert len(again.answers("Ana")) == 3 + 5 + 3 and len(again.exams("Ana")) == 1
        assert again.skill_stats("Ana")[0].answered == 11


def test_a_pcs_own_answers_migrate_once_and_then_never_again(pg_url, tmp_path, capsys):
    pc_file = tmp_path / "old.sqlite3"
    with ProgressStore(pc_file) as pc:
        pc.create_trainee("Ana")
        for s in range(4):
            _record(pc, "Ana", s)
        exported = pc.export_trainee("Ana", tmp_path / "ana.json")
    argv = ["progress", "--database", pg_url, "--migrate-from", f"sqlite:///{pc_file}", "--json"]
    assert main(["progress", "--database", pg_url, "--import", str(exported)]) == 0  # by hand first
    capsys.readouterr()
    assert main(argv) == 0  # then the whole file: the imported answers are not counted again
    assert json.loads(capsys.readouterr().out)["copied"][0]["new_answers"] == 0
    with open_store(pg_url, data=tmp_path / "pc") as store:
        assert len(store.answers("Ana")) == 4


# --- 3. forged records ----------------------------------------------------------------------------------

def _forge(path, change):
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _wrong_pc(tmp_path):
    """A PC's file with Ana: four answers, all wrong, and a failed exam."""
    from trainer.drills.exam import ExamSpec, build_exam, grade

    pc_file = tmp_path / "pc.sqlite3"
    with ProgressStore(pc_file) as pc:
        pc.create_trainee("Ana")
        for s in range(4):
            _record(pc, "Ana", s, right=False)
        exam = build_exam(ExamSpec(seed=3, skills=("tile-compare",), count=4))
        pc.record_exam("Ana", grade(exam, [next(c for c in q.choices if c != q.answer) for q in exam.questions]))
    return pc_file


def _make_it_right(doc):
    for a in doc["answers"]:
        a["correct"] = True
    for e in doc["exams"]:
        e["score"] = e["result"]["score"] = e["total"]
        e["result"]["passed"] = True
        for q in e["result"]["questions"]:
            q["correct"] = True


def test_a_forged_export_is_re_graded(pg_url, tmp_path):
    pc_file = _wrong_pc(tmp_path)
    with ProgressStore(pc_file) as pc:
        forged = _forge(pc.export_trainee("Ana", tmp_path / "ana.json"), _make_it_right)
    with open_store(pg_url, data=tmp_path / "pc") as store:
        store.import_trainee(forged, name="Forger")
        assert [a.correct for a in store.answers("Forger")] == [False] * 8
        assert [(e["score"], e["total"], e["passed"]) for e in store.exams("Forger")] == [(0, 4, False)]
        assert store.skill_stats("Forger")[0].accuracy == 0.0


@pytest.mark.parametrize("change, words", [
    (lambda d: d["answers"][1].update(seed=d["answers"][1]["seed"] + 1), "answers[1] cannot be re-graded"),
    (lambda d: d["answers"][2]["question"].update(skill="no-such-skill"), "answers[2] cannot be re-graded"),
    (lambda d: d["exams"][0]["result"]["questions"].pop(), "exams[0] cannot be re-graded"),
])
def test_a_record_that_cannot_be_re_graded_is_refused(tmp_path, change, words):
    from trainer.rules.errors import TrainerError

    pc_file = _wrong_pc(tmp_path)
    with ProgressStore(pc_file) as pc:
        forged = _forge(pc.export_trainee("Ana", tmp_path / "ana.json"), change)
        with pytest.raises(TrainerError, match=words.replace("[", r"\[").replace("]", r"\]")):
            pc.import_trainee(forged, name="Forger")
        assert [t.name for t in pc.trainees()] == ["Ana"]


def test_a_forged_pc_file_migrates_re_graded_and_never_ready(pg_url, tmp_path, capsys, monkeypatch):
    pc_file = _wrong_pc(tmp_path)
    with ProgressStore(pc_file) as pc:  # forged in place: every flag and score set right
        pc._conn.execute("DROP TRIGGER answers_append_only_update")
        pc._conn.execute("UPDATE answers SET correct = 1")
        pc._conn.execute("UPDATE exams SET score = total")
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", PASSWORD)
    with open_store(pg_url, data=tmp_path / "pc") as store:
        store.create_trainee("Ana")
        group = school.create_class(store, "Morning", "Ms Lee", PASSWORD, ready_percent=50, ready_answers=1)
        school.add_trainees(store, "Morning", ["Ana"])
    assert main(["progress", "--database", pg_url, "--migrate-from", f"sqlite:///{pc_file}"]) == 0
    assert "Ana: 8 new answers" in capsys.readouterr().out
    with open_store(pg_url, data=tmp_path / "pc") as store:
        row = school.class_report(store, group).trainees[0]
        assert (row.answered, row.accuracy, row.ready, row.best_exam) == (8, 0.0, False, 0.0)


def test_importing_or_migrating_into_a_class_member_needs_the_password(school_db, tmp_path, capsys, monkeypatch):
    pc_file = _wrong_pc(tmp_path)
    with ProgressStore(pc_file) as pc:
        exported = pc.export_trainee("Ana", tmp_path / "ana.json")
    _refused(capsys, ["progress", "--database", school_db, "--migrate-from", f"sqlite:///{pc_file}"],
             "copy records into trainees in a class")
    assert main(["progress", "--database", school_db, "--import", str(exported), "--as", "Cy"]) == 0  # a new one
    with open_store(school_db, data=tmp_path / "pc") as store:
        assert len(store.answers("Ana")) == 3


def test_import_replace_keeps_the_trainees_classes(school_db, tmp_path, monkeypatch):
    with open_store(school_db, data=tmp_path / "pc") as store:
        exported = store.export_trainee("Ana", tmp_path / "ana.json")
        school.create_class(store, "Evening", "Mr Kim", "other", signed_in=school.school_class(store, "Morning"))
        school.add_trainees(store, "Evening", ["Ana"])
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", PASSWORD)
    assert main(["progress", "--database", school_db, "--import", str(exported), "--replace"]) == 0
    with open_store(school_db, data=tmp_path / "pc") as store:
        for name in ("Morning", "Evening"):
            report = school.class_report(store, school.school_class(store, name))
            assert [(t.name, t.answered) for t in report.trainees] == [("Ana", 3)]


# --- 4. nothing waits for ever ------------------------------------------------------------------------------

def test_a_locked_trainee_row_times_out_and_the_answer_waits_on_the_pc(pg_url, tmp_path):
    import time

    import psycopg

    store = open_store(pg_url, data=tmp_path / "pc")
    try:
        store.create_trainee("Ana")
        _record(store, "Ana", 1)
        with psycopg.connect(pg_url) as other:  # another program holds Ana's row
            other.execute("SELECT * FROM trainees WHERE name = 'Ana' FOR UPDATE")
            started = time.monotonic()
            kept = _record(store, "Ana", 2)
            waited = time.monotonic() - started
            assert kept.seed == 2 and store.waiting() == 1
            assert 2.5 <= waited < 6, waited  # the lock timeout (3 s), not for ever
            state = store.connection_state()
            assert "did not answer in time" in state and "1 answers wait on this PC" in state
        store._server._retry_at = 0  # the lock is gone: the next flush sends it, once
        assert store.flush() == 1 and store.flush() == 0 and "connected" in store.connection_state()
        assert [a.seed for a in store.answers("Ana")] == [1, 2]
    finally:
        store.close()


def test_a_frozen_server_is_given_up_on_and_the_answer_waits_on_the_pc(pg_url, tmp_path):
    import signal
    import time

    store = open_store(pg_url, data=tmp_path / "pc")
    store.create_trainee("Ana")
    backend = store._conn.execute("SELECT pg_backend_pid()").fetchone()[0]
    store._server.statement_timeout_s = 1.0
    os.kill(backend, signal.SIGSTOP)  # the server's process for this PC stops answering altogether
    try:
        started = time.monotonic()
        assert _record(store, "Ana", 3).seed == 3
        assert time.monotonic() - started < 5 and store.waiting() == 1
        assert "did not answer in time" in store.connection_state()
    finally:
        os.kill(backend, signal.SIGCONT)
    store._server._retry_at = 0
    assert store.flush() == 1 and [a.seed for a in store.answers("Ana")] == [3]
    store.close()


# --- 5. a password in the database URL is never shown ---------------------------------------------------------

def _with_secret(url):
    """``url`` carrying the password "s3cret" twice over (the test server trusts local users: it ignores it)."""
    return url.replace("postgresql://postgres:@", "postgresql://postgres:s3cret@", 1) + "&password=s3cret"


def test_a_password_in_the_url_is_in_no_message_status_or_output(pg_url, tmp_path, capsys, server_reachable):
    url = _with_secret(pg_url)
    store = open_store(url, data=tmp_path / "pc")
    try:
        store.create_trainee("Ana")
        store._conn.retry_s = 0
        shown = [store.connection_state()]
        server_reachable(False)
        _record(store, "Ana", 1)
        shown.append(store.connection_state())
        with pytest.raises(Exception) as refused:
            store.delete_trainee("Ana", confirm=True)
        shown.append(str(refused.value))
        server_reachable(True)
    finally:
        store.close()
    for argv in (["progress", "--database", url, "--list"], ["progress", "--database", url, "--trainee", "Zed"],
                 ["progress", "--database", url.replace("/t", "/nosuchdb", 1), "--list"],
                 ["progress", "--database", url.replace("postgresql", "postgres", 1) + "&port=notanumber", "--list"]):
        main(argv)
        shown.extend(capsys.readouterr())
    assert all("s3cret" not in text for text in shown), shown
    assert "postgres:***@" in shown[0] and "password=***" in shown[1]
    assert sum("error" in text for text in shown) >= 2  # the failures were reported, without it


def test_the_school_database_dialog_never_shows_the_kept_password(qtbot, monkeypatch):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

    from trainer.ui.progress_link import ask_database

    kept = "postgresql://ana:s3cret@db.example/school"
    settings = QSettings("paigow-trainer-test", "redact")
    settings.setValue("database", kept)
    seen = []

    def dialog(parent, title, label, text=""):
        seen.append(text)
        return text, True  # the instructor leaves it as shown

    monkeypatch.setattr(QInputDialog, "getText", dialog)
    monkeypatch.setattr(QMessageBox, "information", lambda *a: None)
    parent = QWidget()
    qtbot.addWidget(parent)
    assert ask_database(settings, parent) == kept  # kept, password and all
    assert seen == ["postgresql://ana:***@db.example/school"]
    settings.clear()


# --- a trainee renamed elsewhere mid-drill trains on --------------------------------------------------------------

def test_a_drill_goes_on_when_another_pc_renames_the_trainee(any_store, tmp_path):
    from trainer.drills.session import DrillSession
    from trainer.progress.store import ProgressStore as Local

    store = any_store
    store.create_trainee("Ana")
    session = DrillSession(["tile-compare"], store=store, trainee="Ana", seed=3)
    q = session.next_question()
    session.answer(q.answer)
    other = Local(store.path) if type(store) is Local else open_store(store.url, data=tmp_path / "other")
    other.rename_trainee("Ana", "Anna")  # another PC (or the CLI) renames her meanwhile
    other.close()
    q = session.next_question()
    assert session.answer(q.answer).correct and session.trainee == "Anna"
    assert len(store.answers("Anna")) == 2


def test_an_imported_answer_time_of_2_63_minus_1_is_kept_as_a_day(any_store, tmp_path):
    from trainer.progress.store import MAX_MS

    store = any_store
    store.create_trainee("Ana")
    _record(store, "Ana", 1)
    out = _forge(store.export_trainee("Ana", tmp_path / "ana.json"),
                 lambda d: d["answers"][0].update(ms=2 ** 63 - 1))
    store.import_trainee(out, name="Bo")
    assert [a.ms for a in store.answers("Bo")] == [MAX_MS]
    for seed in (2, 3):  # the skill's later answers are counted (its summed time fits 64 bits)
        _record(store, "Bo", seed)
    assert store.skill_stats("Bo")[0].answered == 3
