"""A flashcard's self-rating is its own kind of record (issue 40, item 7): logged with its real time
(from showing the card to showing its answer, never a made-up 2,001 ms), rating its drill item's
FSRS card through ``scheduling.flashcard_rating``, and counted in no drill statistics (Progress, the
skill totals a class view reads, reports). On this PC's file and on a school's server."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from PySide6.QtCore import Qt

from trainer.drills.learn import flashcard_question, flashcards
from trainer.progress import scheduling
from trainer.rules.errors import TrainerError

T = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def totals(store, name):
    who = store.trainee(name)
    return [tuple(r) for r in store._conn.execute("SELECT skill, answered FROM skill_totals WHERE trainee_id = ?",
                                                   (who.id,)).fetchall()]


def test_a_rating_is_logged_with_its_real_time_and_counted_in_no_drill_statistics(any_store):
    store = any_store
    store.create_trainee("Ana")
    card = flashcards("Tiles", "pa-2019")[0]
    for n, (rating, ms) in enumerate([("Good", 7342), ("Again", 1210), ("Easy", 655)]):
        store.record_flashcard("Ana", flashcard_question(card, "pa-2019", seed=n), rating, ms, when=T + timedelta(days=n))
    records = store.answers("Ana")
    assert [(r.mode, r.answer, r.ms, r.correct, r.hinted) for r in records] == [
        ("flashcard", "Good", 7342, True, False), ("flashcard", "Again", 1210, False, False),
        ("flashcard", "Easy", 655, True, False)]
    assert store.drill_answers("Ana") == [] and totals(store, "Ana") == []
    [stats] = store.skill_stats("Ana")  # no drill answer; the card the ratings scheduled is due
    assert (stats.skill, stats.answered, stats.median_ms) == ("tile-id", 0, None) and stats.next_due_utc
    kept = store.cards("Ana")[("tile-id", card.item)]
    assert kept.last_review == T + timedelta(days=2)
    store.rebuild_cards("Ana")  # the log alone gives the same card
    assert store.cards("Ana")[("tile-id", card.item)].due == kept.due


def test_the_rating_rates_the_card_as_scheduling_says():
    from fsrs import Rating

    from trainer.progress.cards import _self_rated

    fresh = scheduling.new_card("tile-id", "6-6", T)
    for name in ("Again", "Hard", "Good", "Easy"):
        want = scheduling.SCHEDULER.review_card(fresh, Rating(scheduling.flashcard_rating(Rating[name].value, 3000)),
                                                T, 3000)[0]
        assert _self_rated(fresh, name, 3000, T).due == want.due
    dues = [_self_rated(fresh, name, 3000, T).due for name in ("Again", "Hard", "Good", "Easy")]
    assert dues == sorted(dues) and dues[0] < dues[-1]


def test_a_drill_answer_still_counts_beside_a_rating(tmp_path):
    from trainer.drills.answers import check
    from trainer.drills.registry import generate
    from trainer.progress.store import ProgressStore

    store = ProgressStore(tmp_path / "p.sqlite3")
    store.create_trainee("Ana")
    card = flashcards("Tiles", "pa-2019")[0]
    store.record_flashcard("Ana", flashcard_question(card, "pa-2019"), "Hard", 4000, when=T)
    q = generate("tile-id", seed=3, profile="pa-2019", item=card.item, tries=5000)
    feedback = check(q, q.answer)
    store.record("Ana", q, feedback, q.answer, 2500, when=T + timedelta(days=1))
    assert [(s.skill, s.answered) for s in store.skill_stats("Ana")] == [("tile-id", 1)]
    assert totals(store, "Ana") == [("tile-id", 1)]
    with pytest.raises(TrainerError, match="rating"):
        store.record_flashcard("Ana", q, "Perfect", 100)


def test_the_learn_screen_logs_the_real_thinking_time(qtbot, shown, trainee_ctx):
    from trainer.ui import learn_screen
    from trainer.ui.progress_link import shared_store

    screen = shown(learn_screen.create_screen(trainee_ctx))
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow)
    now = [100.0]
    screen.clock.now = lambda: now[0]
    qtbot.keyClick(screen, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(screen.pages, Qt.Key.Key_F)
    card = screen.flashcard
    assert card.hasFocus()
    now[0] += 4.321  # thinking before the answer is shown
    qtbot.keyClick(card, Qt.Key.Key_Space)
    now[0] += 30.0  # reading the answer: not the card's time
    qtbot.keyClick(card, Qt.Key.Key_3)
    [record] = shared_store(trainee_ctx).answers("Ana")
    assert (record.mode, record.answer, record.ms) == ("flashcard", "Good", 4321)
    assert [s.answered for s in shared_store(trainee_ctx).skill_stats("Ana")] == [0]
