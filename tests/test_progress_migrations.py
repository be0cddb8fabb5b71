"""Migrations: a database at every earlier schema version opens with the new code, data intact."""

from __future__ import annotations

import json
import sqlite3

import pytest

from trainer.drills import check, generate
from trainer.progress import ProgressStore
from trainer.progress.schema import APPLICATION_ID, LATEST, MIGRATIONS, UNSTAMPED_UP_TO, migrate, version
from trainer.progress.store import rebuild_cards, rebuild_totals

QUESTIONS = [generate(skill, seed=seed) for skill, seed in
             [("tile-compare", 1), ("vigorish", 2), ("tile-compare", 3), ("dice-start", 4)]]


def build_old(path, at: int) -> list[dict]:
    """A database at schema version ``at`` with two trainees and their answers, as that version wrote them."""
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=at)
    if at <= UNSTAMPED_UP_TO:  # as the versions before the application id wrote it
        conn.execute("PRAGMA application_id = 0")
    assert version(conn) == at
    if at >= 7:  # from version 7 on, each name with its key
        conn.execute("INSERT INTO trainees (name, name_key, created_utc) VALUES "
                     "('Ana', 'ana', '2024-01-01T00:00:00+00:00'), ('Bo', 'bo', '2024-01-02T00:00:00+00:00')")
    else:
        conn.execute("INSERT INTO trainees (name, created_utc) VALUES ('Ana', '2024-01-01T00:00:00+00:00'), "
                     "('Bo', '2024-01-02T00:00:00+00:00')")
    rows = []
    for i, q in enumerate(QUESTIONS):
        row = {"trainee_id": 1 + i % 2, "skill": q.skill, "question": json.dumps(q.to_dict()), "answer": str(q.answer),
               "correct": i % 3 != 2, "ms": 1000 * (i + 1), "ts_utc": f"2024-02-0{i + 1}T10:00:00.000+00:00",
               "seed": q.seed}
        if at >= 2:
            row.update(item=q.item, profile=q.profile, mode="timed")
        if at >= 3:
            row.update(hinted=i == 0)
        conn.execute(f"INSERT INTO answers ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                     tuple(row.values()))
        rows.append(row)
    if at >= 2:  # from version 2 on, the writing code kept a card per skill item
        for trainee_id in (1, 2):
            rebuild_cards(conn, trainee_id)
    if at >= 5:  # ... and from version 5 on, the skill totals
        for trainee_id in (1, 2):
            rebuild_totals(conn, trainee_id)
    conn.close()
    return rows


@pytest.mark.parametrize("at", range(0, LATEST + 1))
def test_every_earlier_version_migrates_with_data_intact(tmp_path, at):
    path = tmp_path / "progress.sqlite3"
    rows = build_old(path, at) if at else []
    with ProgressStore(path) as store:
        assert store.notice is None and store.schema_version == LATEST
        assert store._conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID  # stamped
        if not at:
            return
        assert [t.name for t in store.trainees()] == ["Ana", "Bo"]
        log = store.answers("Ana") + store.answers("Bo")
        assert len(log) == len(rows)
        for rec in log:
            row = next(r for r in rows if r["ts_utc"] == rec.ts_utc)
            q = next(q for q in QUESTIONS if q.seed == rec.seed and q.skill == rec.skill)
            assert (rec.answer, rec.correct, rec.ms, rec.question) == (row["answer"], row["correct"], row["ms"],
                                                                     q.to_dict())
            assert rec.item == q.item and rec.profile == q.profile  # version 1 kept them only in the JSON
            assert rec.mode == row.get("mode", "practice") and rec.hinted == row.get("hinted", False)
        # Cards were rebuilt from the old log, and the store keeps working.
        assert set(store.cards("Ana")) == {(r.skill, r.item) for r in store.answers("Ana")}
        q = generate("vigorish", seed=9)
        store.record("Ana", q, check(q, q.answer), q.answer, 500)
        assert len(store.answers("Ana")) == 3
        # Version 5's skill totals (the class view's) were counted from the old log, and go on counting.
        totals = store._conn.execute("SELECT skill, answered, ms_total FROM skill_totals WHERE trainee_id = 1")
        assert sorted(map(tuple, totals)) == sorted((s.skill, s.answered, sum(r.ms for r in store.answers("Ana")
                                                                             if r.skill == s.skill))
                                                    for s in store.skill_stats("Ana"))


def test_migrations_are_numbered_in_order():
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST + 1)) and LATEST >= 3


def test_a_failing_migration_leaves_the_previous_version(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite3"
    build_old(path, 2)
    broken = MIGRATIONS[2].__class__(3, "broken", MIGRATIONS[2].steps + ("THIS IS NOT SQL",))
    monkeypatch.setattr("trainer.progress.schema.MIGRATIONS", MIGRATIONS[:2] + (broken,))
    conn = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        migrate(conn)
    assert version(conn) == 2
    assert "hinted" not in {r[1] for r in conn.execute("PRAGMA table_info(answers)")}
    conn.close()


def test_names_that_differ_only_by_case_beyond_ascii_are_told_apart_once_migrated(tmp_path):
    """Version 7: on a PC's file SQLite's NOCASE let ``Ölaf`` and ``ölaf`` be two trainees (a school's
    server made them one): the later one gets a number, nobody's answers are merged."""
    path = tmp_path / "progress.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=6)
    conn.execute("INSERT INTO trainees (name, created_utc) VALUES ('Ölaf', '2024-01-01T00:00:00+00:00'), "
                 "('ölaf', '2024-01-02T00:00:00+00:00'), ('Strauß', '2024-01-03T00:00:00+00:00'), "
                 "('STRAUSS', '2024-01-04T00:00:00+00:00')")
    conn.close()
    with ProgressStore(path) as store:
        assert sorted(t.name for t in store.trainees()) == ["STRAUSS (2)", "Strauß", "Ölaf", "ölaf (2)"]
        assert store.trainee("ÖLAF").name == "Ölaf" and store.trainee("strauss").name == "Strauß"
        for taken in ("ölaf", "STRAUß"):
            with pytest.raises(Exception, match="already exists"):
                store.create_trainee(taken)
