"""Migration 12 (issue 40, item 7): flashcard ratings that earlier versions logged as practice answers to a
drill question of the card's item (the rating word as the answer, a Good at a made-up 2,001 ms) become
flashcard records: counted in no drill statistics, their cards rated as a flashcard rates them. A drill
answer is never taken for one. On this PC's file and on a school's server."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from trainer.drills.answers import check
from trainer.drills.learn import flashcard_question, flashcards
from trainer.drills.model import Feedback
from trainer.drills.registry import generate
from trainer.progress.schema import LATEST, migrate

T = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def _log_as_earlier_versions_did(store) -> tuple[str, int]:
    """Two ratings logged as practice answers (as version 11's Learn screen did), and two drill answers."""
    card = flashcards("Tiles", "pa-2019")[0]
    for n, (rating, ms, right) in enumerate([("Good", 2001, True), ("Again", 5400, False)]):
        question = flashcard_question(card, "pa-2019", seed=n)
        feedback = Feedback(right, card.back, f"flashcard: {rating}", card.back, card.citations, card.skill, card.item)
        store.record("Ana", question, feedback, rating, ms, when=T + timedelta(days=n))
    for n in range(2):
        q = generate("tile-compare", seed=n, profile="pa-2019")
        store.record("Ana", q, check(q, q.answer), q.answer, 3000, when=T + timedelta(days=2 + n))
    return card.skill, card.item


def _back_to_11(store, pg: bool) -> None:
    """The log as version 11 kept it: the ratings' mode was practice, the totals and cards counted them."""
    conn = store._conn
    conn.execute("DROP TRIGGER answers_append_only ON answers" if pg else "DROP TRIGGER answers_append_only_update")
    conn.execute("UPDATE answers SET mode = 'practice' WHERE mode = 'flashcard'")  # (none yet: record() logs practice)
    for later in ("DROP INDEX answers_by_day", "DROP INDEX answers_by_item", "DROP TABLE fsrs_fits"):  # 13, 14
        conn.execute(later)
    if pg:
        conn.execute("CREATE TRIGGER answers_append_only BEFORE UPDATE OR DELETE ON answers "
                     "FOR EACH ROW EXECUTE FUNCTION answers_append_only()")
        conn.execute("UPDATE paigow_schema SET version = 11")
    else:
        conn.execute("CREATE TRIGGER answers_append_only_update BEFORE UPDATE ON answers "
                     "BEGIN SELECT RAISE(ABORT, 'the answer log is append-only'); END")
        conn.execute("PRAGMA user_version = 11")


def test_old_ratings_become_flashcard_records_and_drill_answers_stay(any_store):
    from trainer.progress.server import POSTGRESQL, ServerStore
    from trainer.progress.schema import SQLITE

    store = any_store
    pg = isinstance(store, ServerStore)
    store.create_trainee("Ana")
    skill, item = _log_as_earlier_versions_did(store)
    _back_to_11(store, pg)
    assert [r.mode for r in store.answers("Ana")] == ["practice"] * 4
    assert migrate(store._conn, dialect=POSTGRESQL if pg else SQLITE) == LATEST >= 12
    records = store.answers("Ana")
    assert [(r.mode, r.answer, r.ms) for r in records[:2]] == [("flashcard", "Good", 2001), ("flashcard", "Again", 5400)]
    assert [r.mode for r in records[2:]] == ["practice", "practice"] and len(store.drill_answers("Ana")) == 2
    who = store.trainee("Ana")
    counted = dict(store._conn.execute("SELECT skill, answered FROM skill_totals WHERE trainee_id = ?",
                                       (who.id,)).fetchall())
    assert counted == {"tile-compare": 2}  # the ratings no longer counted as tile-id answers
    kept = store.cards("Ana")[(skill, item)]
    store.rebuild_cards("Ana")  # the card as the ratings, now flashcard records, rate it
    assert store.cards("Ana")[(skill, item)].due == kept.due
    try:
        store._conn.execute("UPDATE answers SET ms = 1")
        raise AssertionError("the log is append-only again")
    except Exception as exc:  # noqa: BLE001 - each database's own error
        assert "append-only" in str(exc)
