"""A school's progress on a real PostgreSQL server (pgserver): bad URLs and databases refused in one
line with nothing changed, many PCs writing at once, the outbox when the server goes away, copying
a PC's file to the server, the CLI's --database."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import psycopg
import pytest

from trainer.cli import main
from trainer.drills import check, generate
from trainer.progress import ProgressStore
from trainer.progress.database import ENV, DatabaseError
from trainer.progress.schema import LATEST
from trainer.progress.server import ServerStore, open_store


def _record(store, trainee, seed, skill="tile-compare"):
    q = generate(skill, seed=seed)
    return store.record(trainee, q, check(q, q.answer), q.answer, ms=2000)


def _tables(url):
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
                            "ORDER BY 1").fetchall()


# --- one clear line, nothing changed ----------------------------------------------------------------

@pytest.mark.parametrize("url, words", [
    ("mysql://db/school", "bad database URL 'mysql://db/school': use sqlite:///"),
    ("postgresql://db.example", "name the database"),
    ("sqlite:///", "a progress file is sqlite:///"),
    ("postgresql://ana:secret@/nodb?host=/nonexistent", "ana:***@"),
])
def test_bad_urls_are_one_line(capsys, url, words):
    assert main(["progress", "--database", url, "--list"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "secret" not in err


def test_another_programs_database_is_refused_and_unchanged(pg_url, tmp_path):
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE invoices (id INT PRIMARY KEY, total INT)")
        conn.execute("INSERT INTO invoices VALUES (1, 100)")
    with pytest.raises(DatabaseError, match=r"another program's tables \(invoices\): nothing was changed"):
        open_store(pg_url, data=tmp_path)
    assert _tables(pg_url) == [("invoices",)]


def test_a_newer_schema_is_refused_and_unchanged(pg_url, tmp_path):
    open_store(pg_url, data=tmp_path).close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE paigow_schema SET version = %s", (LATEST + 1,))
    before = _tables(pg_url)
    with pytest.raises(DatabaseError, match=f"newer version of the trainer wrote it .schema version {LATEST + 1}"):
        open_store(pg_url, data=tmp_path)
    assert _tables(pg_url) == before


def test_wrong_password_is_one_line(pg_url, tmp_path):
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("DROP ROLE IF EXISTS coach")
        conn.execute("CREATE ROLE coach LOGIN PASSWORD 'right'")
        hba = conn.execute("SHOW hba_file").fetchone()[0]
        lines = open(hba).read()
        if "coach" not in lines:
            with open(hba, "w") as f:
                f.write("local all coach scram-sha-256\nhost all coach 127.0.0.1/32 scram-sha-256\n" + lines)
        conn.execute("SELECT pg_reload_conf()")
    wrong = pg_url.replace("postgres:@", "coach:wrong@", 1)
    with pytest.raises(DatabaseError, match="wrong user name or password") as info:
        open_store(wrong, data=tmp_path)
    assert "\n" not in str(info.value) and "wrong@" not in str(info.value)


def test_without_psycopg_the_message_says_how_to_install(pg_url, tmp_path):
    code = textwrap.dedent(f"""
        import sys
        sys.modules["psycopg"] = None  # as if the school extra were not installed
        from trainer.cli import main
        sys.exit(main(["progress", "--database", {pg_url!r}, "--data-dir", {str(tmp_path)!r}, "--list"]))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().endswith('pip install "paigow-trainer[school]" (or: pip install "psycopg[binary]")')
    assert done.stderr.count("\n") == 1


# --- many PCs at once ---------------------------------------------------------------------------------

_WORKER = """
import sys
from trainer.drills import check, generate
from trainer.progress.server import open_store
url, data, trainee, first, count = sys.argv[1:6]
with open_store(url, data=data) as store:
    for seed in range(int(first), int(first) + int(count)):
        q = generate("tile-compare", seed=seed % 7)
        store.record(trainee, q, check(q, q.answer if seed % 3 else "Same rank"), q.answer, ms=1500 + seed)
"""


def test_many_processes_hammering_one_server_lose_nothing(pg_url, tmp_path):
    with open_store(pg_url, data=tmp_path / "setup") as store:
        for name in ("Ana", "Bo", "Cy"):
            store.create_trainee(name)
    # Ana and Bo on their own PCs; Cy on two PCs at once (same trainee, same cards).
    jobs = [("Ana", 0), ("Bo", 0), ("Cy", 0), ("Cy", 1000)]
    procs = [subprocess.Popen([sys.executable, "-c", _WORKER, pg_url, str(tmp_path / f"pc{i}"), name, str(first),
                               "25"], stderr=subprocess.PIPE, text=True) for i, (name, first) in enumerate(jobs)]
    errors = [p.communicate(timeout=300)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0, 0], errors
    assert not any("locked" in e for e in errors)
    with open_store(pg_url, data=tmp_path / "check") as store:
        assert [len(store.answers(n)) for n in ("Ana", "Bo", "Cy")] == [25, 25, 50]
        assert sorted(a.ms for a in store.answers("Cy")) == sorted([1500 + s for s in range(25)] +
                                                                   [1500 + s for s in range(1000, 1025)])
        totals = {s.skill: s.answered for s in store.skill_stats("Cy")}
        assert totals == {"tile-compare": 50}
        live = {k: c.to_json() for k, c in store.cards("Cy").items()}
        store.rebuild_cards("Cy")  # the cards are exactly what the log, in time order, gives
        assert {k: c.to_json() for k, c in store.cards("Cy").items()} == live


# --- the server goes away -----------------------------------------------------------------------------

def test_answers_wait_in_the_outbox_and_are_sent_exactly_once(pg_url, tmp_path, server_reachable):
    store = open_store(pg_url, data=tmp_path)
    assert isinstance(store, ServerStore) and store.connection_state().endswith(": connected")
    store._conn.retry_s = 0
    store.create_trainee("Ana")
    _record(store, "Ana", 1)
    server_reachable(False)
    offline = [_record(store, "Ana", seed) for seed in (2, 3, 4)]
    assert [r.correct for r in offline] == [True] * 3 and store.waiting() == 3
    assert "unreachable: 3 answers wait on this PC" in store.connection_state()
    # The outbox is committed in this PC's file: a new process (after a crash) still has it.
    with ProgressStore(tmp_path / "progress.sqlite3") as local:
        assert local._conn.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == 3
    server_reachable(True)
    assert store.flush() == 3 and store.waiting() == 0
    assert [a.seed for a in store.answers("Ana")] == [1, 2, 3, 4]
    # The connection broke after the server had committed: the same answer sent again is stored once.
    uid = store._conn.execute("SELECT uid FROM answers ORDER BY id DESC LIMIT 1").fetchone()[0]
    store._outbox._conn.execute(
        "INSERT INTO outbox (uid, kind, trainee, payload, queued_utc) SELECT ?, 'answer', 'Ana', ?, '2024-01-01'",
        (uid, json.dumps({"question": generate("tile-compare", seed=4).to_dict(), "correct": True,
                          "answer": generate("tile-compare", seed=4).answer,
                          "ms": 1, "mode": "practice", "hinted": False, "when": "2024-01-01T00:00:00+00:00",
                          "uid": uid})))
    assert store.flush() == 1 and len(store.answers("Ana")) == 4
    assert store.skill_stats("Ana")[0].answered == 4
    store.close()


def test_an_exam_finished_while_the_server_is_away_is_sent_with_its_answers(pg_url, tmp_path, server_reachable):
    from trainer.drills.exam import ExamSpec, build_exam, grade

    exam = build_exam(ExamSpec(seed=7, skills=("tile-compare", "vigorish"), count=4))
    result = grade(exam, [q.answer for q in exam.questions[:3]] + [None])
    with open_store(pg_url, data=tmp_path) as store:
        store.create_trainee("Ana")
        store._conn.retry_s = 0
        server_reachable(False)
        assert store.record_exam("Ana", result) == 0 and store.waiting() == 1
        server_reachable(True)
        assert store.flush() == 1 and store.flush() == 0
        assert [(e["score"], e["total"]) for e in store.exams("Ana")] == [(3, 4)]
        assert [a.mode for a in store.answers("Ana")] == ["exam"] * 3


def test_a_new_process_sends_what_the_last_one_left_waiting(pg_url, tmp_path, server_reachable):
    with open_store(pg_url, data=tmp_path) as store:
        store.create_trainee("Ana")
        store._conn.retry_s = 0
        server_reachable(False)
        _record(store, "Ana", 5)
        server_reachable(True)
    with open_store(pg_url, data=tmp_path) as again:  # sent on opening
        assert again.waiting() == 0 and [a.seed for a in again.answers("Ana")] == [5]


def test_a_pc_starts_while_the_server_is_down_and_sends_later_exactly_once(pg_url, tmp_path, server_reachable):
    with open_store(pg_url, data=tmp_path) as store:
        store.create_trainee("Ana")
        _record(store, "Ana", 1)
    server_reachable(False)
    with pytest.raises(DatabaseError, match="not currently accepting connections"):
        open_store(pg_url, data=tmp_path)  # scripts are told
    store = open_store(pg_url, data=tmp_path, offline=True)  # the app trains from this PC's file
    try:
        assert not store.online and "unreachable: 0 answers wait" in store.connection_state()
        store.ensure_trainee("Ana")
        confirmed = [_record(store, "Ana", seed) for seed in (2, 3)]
        assert [r.seed for r in confirmed] == [2, 3] and store.waiting() == 2
        assert store.skill_stats("Ana")[0].answered == 2  # this PC's figures follow the answers
        with pytest.raises(DatabaseError, match="cannot delete a trainee while .* unreachable"):
            store.delete_trainee("Ana", confirm=True)
        store._retry_at = 0
        assert store.flush() == 0 and store.waiting() == 2  # still down: nothing sent, nothing lost
        server_reachable(True)
        store._retry_at = 0
        assert store.flush() == 2 and store.flush() == 0 and store.online
        assert [a.seed for a in store.answers("Ana")] == [1, 2, 3]
        assert "connected" in store.connection_state()
    finally:
        store.close()


def test_each_pc_keeps_its_own_current_trainee(pg_url, tmp_path):
    with open_store(pg_url, data=tmp_path / "pc1") as one, open_store(pg_url, data=tmp_path / "pc2") as two:
        for name in ("Ana", "Bo"):
            one.create_trainee(name)
        one.switch_trainee("Ana")
        two.switch_trainee("Bo")
        assert (one.current_trainee.name, two.current_trainee.name) == ("Ana", "Bo")


# --- a PC's file copied to the school's server ------------------------------------------------------

def test_migrate_from_copies_trainees_idempotently(pg_url, tmp_path, capsys):
    old = tmp_path / "old.sqlite3"
    with ProgressStore(old) as pc:
        pc.create_trainee("Ana")
        for seed in range(5):
            _record(pc, "Ana", seed)
        pc.create_trainee("Bo")
    with open_store(pg_url, data=tmp_path) as school:
        school.create_trainee("ana")  # already at the school, under another case: one trainee
        _record(school, "ana", 99)
    args = ["progress", "--database", pg_url, "--migrate-from", f"sqlite:///{old}", "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["copied"] == [{"trainee": "Ana", "new_answers": 5, "refused": 0},
                                                             {"trainee": "Bo", "new_answers": 0, "refused": 0}]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["copied"][0]["new_answers"] == 0
    with open_store(pg_url, data=tmp_path) as school:
        assert [t.name for t in school.trainees()] == ["ana", "Bo"]
        assert sorted(a.seed for a in school.answers("Ana")) == [0, 1, 2, 3, 4, 99]
        assert school.skill_stats("Ana")[0].answered == 6


def test_the_environment_variable_chooses_the_database(pg_url, monkeypatch, capsys):
    monkeypatch.setenv(ENV, pg_url)
    assert main(["progress", "--create", "Ana"]) == 0
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT name FROM trainees").fetchall() == [("Ana",)]


def test_answers_name_the_trainee_by_the_stores_one_rule(pg_url, tmp_path, server_reachable):
    """Spaces collapse as everywhere (``normal_name``), on the server and in the outbox; a name the
    store refuses is refused with its reason and never queued (it could never be sent)."""
    from trainer.rules.errors import TrainerError

    with open_store(pg_url, data=tmp_path) as store:
        store.create_trainee("Ana Lee")
        store._conn.retry_s = 0
        _record(store, "  Ana   Lee ", 1)
        server_reachable(False)
        _record(store, "Ana\tLee", 2)
        for unfit in ("Ana\u202eLee", "", "A" * 61):
            with pytest.raises(TrainerError, match="is not a trainee name"):
                _record(store, unfit, 3)
        assert store.waiting() == 1
        server_reachable(True)
        assert store.flush() == 1 and [a.seed for a in store.answers("Ana Lee")] == [1, 2]
        assert [t.name for t in store.trainees()] == ["Ana Lee"]
