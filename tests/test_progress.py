"""Progress store: trainees, the answer log, scheduling, statistics, damaged files, export/import."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from trainer.drills import check, generate
from trainer.progress import ProgressStore
from trainer.progress.schema import APPLICATION_ID, LATEST
from trainer.progress.stats import daily_series, heatmap, skill_stats
from trainer.rules.errors import TrainerError, UnknownNameError

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=timezone.utc)


@pytest.fixture
def store(any_store):
    """The same store behaviour on SQLite and on PostgreSQL."""
    return any_store


def answer(store: ProgressStore, trainee: str, skill: str, seed: int, right: bool, ms: int = 3000,
           when: datetime | None = None, mode: str = "practice"):
    q = generate(skill, seed=seed)
    given = q.answer if right else ("Same rank" if q.answer != "Same rank" else q.choices[0])
    if skill != "tile-compare":
        given = q.answer if right else 999999
    return store.record(trainee, q, check(q, given), given, ms, when=when, mode=mode)


# --- trainees -------------------------------------------------------------------------------------------

def test_trainee_management(store):
    store.create_trainee("Ana")
    store.create_trainee("  Bo   Li ")
    assert [t.name for t in store.trainees()] == ["Ana", "Bo Li"]
    with pytest.raises(TrainerError, match="already exists"):
        store.create_trainee("ana")
    with pytest.raises(TrainerError, match="1 to 60 characters"):
        store.create_trainee("")
    store.switch_trainee("Ana")
    assert store.current_trainee.name == "Ana"
    store.rename_trainee("Ana", "Ana Maria")
    assert store.current_trainee.name == "Ana Maria"
    with pytest.raises(TrainerError, match="already exists"):
        store.rename_trainee("Ana Maria", "Bo Li")
    with pytest.raises(UnknownNameError, match="unknown trainee 'Cy'"):
        store.trainee("Cy")


def test_delete_needs_confirmation_and_erases_everything(store):
    store.create_trainee("Ana")
    store.create_trainee("Bo")
    answer(store, "Ana", "tile-compare", 1, True)
    answer(store, "Bo", "tile-compare", 2, True)
    with pytest.raises(TrainerError, match="confirm"):
        store.delete_trainee("Ana")
    assert len(store.answers("Ana")) == 1
    store.switch_trainee("Ana")
    store.delete_trainee("Ana", confirm=True)
    assert [t.name for t in store.trainees()] == ["Bo"] and store.current_trainee is None
    assert len(store.answers("Bo")) == 1
    raw = store._conn
    assert raw.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 1
    assert raw.execute("SELECT COUNT(*) FROM cards").fetchone()[0] == 1


# --- the answer log -----------------------------------------------------------------------------------

def test_record_logs_everything_and_is_append_only(store):
    store.create_trainee("Ana")
    rec = answer(store, "Ana", "vigorish", 5, False, ms=4200, when=T0)
    assert (rec.skill, rec.correct, rec.ms, rec.seed, rec.profile, rec.mode) == ("vigorish", False, 4200, 5,
                                                                              "pa-2019", "practice")
    assert rec.ts_utc.startswith("2024-05-01T09:00:00") and rec.question["seed"] == 5
    assert rec.item in ("exact", "quarter") and rec.answer == "$9,999.99"  # cents logged as shown: re-checked alike
    with pytest.raises(Exception, match="append-only"):
        store._conn.execute("UPDATE answers SET correct = 1")
    with pytest.raises(Exception, match="append-only"):
        store._conn.execute("DELETE FROM answers")


def test_bad_mode_is_rejected_and_nothing_is_written(store):
    store.create_trainee("Ana")
    with pytest.raises(TrainerError, match="unknown answer mode"):
        answer(store, "Ana", "vigorish", 5, True, mode="party")
    assert store.answers("Ana") == []


def test_scheduling_what_next(store):
    store.create_trainee("Ana")
    answer(store, "Ana", "tile-compare", 1, False, when=T0)   # wrong: due the next day (the session re-asks it)
    answer(store, "Ana", "vigorish", 2, True, ms=1000, when=T0)  # easy: due in days
    now = T0 + timedelta(days=1)
    up = store.next_up("Ana", ["tile-compare", "vigorish", "dice-start"], now=now)
    assert [(u.skill, u.reason) for u in up] == [("tile-compare", "due"), ("dice-start", "new"), ("vigorish", "weak")]
    assert up[0].item == store.answers("Ana")[0].item and 0 <= up[0].retrievability <= 1
    assert store.next_up("Ana", ["tile-compare"], now=now, limit=1)[0].skill == "tile-compare"


def test_statistics_recompute_from_the_log(store):
    store.create_trainee("Ana")
    for i, (right, ms, day) in enumerate([(True, 2000, 0), (False, 6000, 0), (True, 4000, 1), (True, 9000, 1)]):
        answer(store, "Ana", "vigorish", i, right, ms=ms, when=T0 + timedelta(days=day))
    answer(store, "Ana", "tile-compare", 9, True, ms=1000, when=T0)
    stats = {s.skill: s for s in store.skill_stats("Ana")}
    v = stats["vigorish"]
    assert (v.answered, v.correct, v.accuracy, v.median_ms) == (4, 3, 0.75, 5000.0)
    assert v.next_due_utc is not None and v.last_utc.startswith("2024-05-02")
    series = [(p.skill, p.day, p.answered, p.accuracy, p.median_ms) for p in store.daily_series("Ana", ["vigorish"])]
    assert series == [("vigorish", "2024-05-01", 2, 0.5, 4000.0), ("vigorish", "2024-05-02", 2, 1.0, 6500.0)]
    days = store.heatmap("Ana", by="day")
    assert days.rows == ("tile-compare", "vigorish") and days.columns == ("2024-05-01", "2024-05-02")
    assert days.accuracy == ((1.0, None), (0.5, 1.0)) and days.counts == ((1, 0), (2, 2))
    log = store.answers("Ana")
    assert skill_stats(log, store.cards("Ana")) == store.skill_stats("Ana")
    assert daily_series(log) == store.daily_series("Ana") and heatmap(log) == store.heatmap("Ana")


def test_cards_are_a_cache_of_the_log(store):
    store.create_trainee("Ana")
    for i in range(6):
        answer(store, "Ana", "tile-compare", i, i % 3 != 0, ms=1000 + 900 * i, when=T0 + timedelta(hours=i))
    before = store.cards("Ana")
    store.rebuild_cards("Ana")
    assert store.cards("Ana") == before


# --- damaged and newer files ----------------------------------------------------------------------------

def test_garbage_file_is_moved_aside_not_overwritten(tmp_path):
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with ProgressStore(path) as store:
        assert store.notice and "kept, unchanged" in store.notice
        assert store.moved_aside.read_bytes() == b"this is not a database" * 100
        assert store.moved_aside.name.startswith("progress.sqlite3.unreadable-")
        assert store.trainees() == [] and store.schema_version == LATEST
        store.create_trainee("Ana")


def test_damaged_pages_are_detected(tmp_path):
    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path) as store:
        store.create_trainee("Ana")
        for i in range(60):
            answer(store, "Ana", "tile-compare", i, True)
        store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = 4096
    data[2 * page:4 * page] = b"\xff" * (2 * page)  # smash two pages of tables and index
    path.write_bytes(bytes(data))
    with ProgressStore(path) as store:
        assert store.moved_aside is not None and "Recovered from it into the new file" in store.notice
        assert store.moved_aside.read_bytes() == bytes(data)  # kept unchanged; what it still holds, recovered
        assert [t.name for t in store.trainees()] == ["Ana"] and len(store.answers("Ana")) < 60


def newer(path) -> None:
    """A progress file as a later version of the trainer would write it: ours, at a higher version."""
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    conn.close()


def test_newer_schema_is_moved_aside(tmp_path):
    path = tmp_path / "progress.sqlite3"
    newer(path)
    original = path.read_bytes()
    first = ProgressStore(path)
    assert "newer version" in first.notice and first.moved_aside.name.startswith("progress.sqlite3.newer-")
    assert first.moved_aside.read_bytes() == original
    first.close()
    # Twice in the same second: the second copy gets its own name, the first is kept.
    newer(path)
    second = ProgressStore(path)
    assert second.moved_aside != first.moved_aside and first.moved_aside.exists()
    second.close()


# --- export and import ---------------------------------------------------------------------------------

def test_export_import_round_trip(store, tmp_path):
    store.create_trainee("Ana")
    for i in range(5):
        answer(store, "Ana", "vigorish" if i % 2 else "tile-compare", i, i != 3, ms=1500 * (i + 1),
               when=T0 + timedelta(minutes=i))
    out = store.export_trainee("Ana", tmp_path / "ana.json")
    doc = json.loads(out.read_text())
    assert doc["format"] == "paigow-trainer-progress" and len(doc["answers"]) == 5
    copy = store.import_trainee(out, name="Ana copy")

    def strip(records):
        return [{k: v for k, v in r.__dict__.items() if k not in ("id", "trainee", "uid")} for r in records]
    assert strip(store.answers("Ana copy")) == strip(store.answers("Ana"))
    assert store.cards("Ana copy") == store.cards("Ana")
    assert copy.created_utc == store.trainee("Ana").created_utc
    with pytest.raises(TrainerError, match="already exists"):
        store.import_trainee(out)
    answer(store, "Ana", "vigorish", 99, True)
    store.import_trainee(out, replace=True)
    assert len(store.answers("Ana")) == 5


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON"),
    ('{"format": "something-else"}', "not a paigow-trainer-progress file"),
    ('{"format": "paigow-trainer-progress", "version": 99}', "export version 99"),
    ('{"format": "paigow-trainer-progress", "version": 1, "trainee": {"name": "X", "created_utc": "2024-01-01"},'
     ' "answers": [{"skill": "vigorish"}]}', r"answers\[0\].item: missing"),
])
def test_bad_import_file_is_a_clear_error_and_changes_nothing(store, tmp_path, content, message):
    store.create_trainee("Ana")
    answer(store, "Ana", "vigorish", 1, True)
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    with pytest.raises(TrainerError, match=message):
        store.import_trainee(bad, replace=True, name="Ana")
    assert [t.name for t in store.trainees()] == ["Ana"] and len(store.answers("Ana")) == 1


def test_import_of_a_bad_entry_deep_in_the_file_writes_nothing(store, tmp_path):
    store.create_trainee("Ana")
    for i in range(3):
        answer(store, "Ana", "vigorish", i, True)
    out = store.export_trainee("Ana", tmp_path / "ana.json")
    doc = json.loads(out.read_text())
    doc["answers"][2]["ms"] = -5
    out.write_text(json.dumps(doc))
    with pytest.raises(TrainerError, match=r"answers\[2\].ms: expected a whole number >= 0"):
        store.import_trainee(out, name="Other")
    assert [t.name for t in store.trainees()] == ["Ana"]


def test_an_answer_older_than_its_cards_last_review_replays_the_card(store):
    """Another PC's answer (or one sent late from an outbox) arrives after a later one."""
    store.create_trainee("Ana")
    q = generate("tile-compare", seed=3)
    store.record("Ana", q, check(q, q.answer), q.answer, 2000, when=T0 + timedelta(days=3))
    wrong = "Same rank" if q.answer != "Same rank" else q.choices[0]
    store.record("Ana", q, check(q, wrong), wrong, 2000, when=T0)
    live = {k: c.to_json() for k, c in store.cards("Ana").items()}
    store.rebuild_cards("Ana")
    assert {k: c.to_json() for k, c in store.cards("Ana").items()} == live
    assert json.loads(live[("tile-compare", q.item)])["last_review"].startswith("2024-05-04T09:00")
