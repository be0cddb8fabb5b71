"""A store that fails during a screen (issue 13): the progress file full or unwritable while a trainee
drills. No traceback: the answer stays on the screen with a message naming the problem, and the same
answer is saved once the file can be written again. Notes of the store (waiting for another program's
lock, a skipped damaged entry) reach the status bar.

The file is made full for real with SQLite's own page limit (``PRAGMA max_page_count``): the write
fails with "database or disk is full" exactly as on a full disk.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow

from trainer.ui import drill_screen
from trainer.ui.paigow.dealer_screen import DealerScreen
from trainer.ui.paigow.player import INSTANT
from trainer.ui.progress_link import shared_store, show_note

CTX_SEED = 11


def fill(store) -> None:
    """No page left to grow into: the next write is refused as on a full disk."""
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")
    store._conn.execute("PRAGMA cache_size = 1")


def free(store) -> None:
    store._conn.execute("PRAGMA max_page_count = 1073741823")


def test_a_full_disk_during_a_drill_keeps_the_answer_for_a_retry(qtbot, shown, trainee_ctx):
    screen = shown(drill_screen.create_screen(trainee_ctx))
    screen.select_skill("tile-compare")
    screen.length.setValue(0)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    q = screen.controller.session.current
    store = shared_store(trainee_ctx)
    before = len(store.answers("Ana"))
    fill(store)
    for _ in range(40):  # enough answers to need a new page
        key = Qt.Key.Key_1 + q.choices.index(q.answer)
        qtbot.keyClick(screen.answers.choices, key)
        if screen.controller.session.current is q:
            break
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
        q = screen.controller.session.current
    else:
        pytest.fail("the page limit never filled the file")
    error = screen.answers.choices.error.text()
    assert "full" in error and "Not saved" in error and str(store.path) in error
    assert screen.controller.session.current is q and not screen.feedback.isVisible()  # kept: retry
    saved = len(store.answers("Ana"))
    free(store)
    qtbot.keyClick(screen.answers.choices, key)  # the same answer again
    assert screen.feedback.isVisible() and len(store.answers("Ana")) == saved + 1 > before


def test_a_full_disk_on_the_dealers_seat_keeps_the_action(qtbot, shown, trainee_ctx):
    screen = shown(DealerScreen(trainee_ctx), (1600, 900))
    screen.speed.setCurrentIndex(screen.speed.findData(INSTANT))
    screen.new_round()
    c, store = screen.controller, shared_store(trainee_ctx)
    fill(store)
    for _ in range(60):
        task = c.current
        c.answer(task.question.answer)
        if c.current is task:
            break
    else:
        pytest.fail("the page limit never filled the file")
    assert "full" in screen.status.text() + screen.last.text() + screen.answers.currentWidget().error.text()
    free(store)
    c.answer(task.question.answer)
    assert c.current is not task and store.answers("Ana")[-1].skill == task.skill


def test_store_notes_reach_the_status_bar(qtbot, trainee_ctx, capsys):
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    show_note("waiting for the progress file x: another program is writing to it")
    assert "another program" in window.statusBar().currentMessage()
    assert "note: waiting" in capsys.readouterr().err


def test_a_full_disk_at_the_end_of_an_exam_keeps_the_result_to_save_again(qtbot, shown, trainee_ctx, monkeypatch):
    from trainer.ui import exam_screen
    from tests.test_ui_exam import answer_by_keys, set_up

    screen = shown(exam_screen.create_screen(trainee_ctx))
    screen.activateWindow()  # its shortcuts (Ctrl+Enter, Ctrl+Shift+S) work in the active window
    qtbot.waitUntil(screen.isActiveWindow)
    questions = set_up(qtbot, screen, count=30)
    for _ in questions:
        answer_by_keys(qtbot, screen, right=True)
    store = shared_store(trainee_ctx)
    fill(store)
    monkeypatch.setattr(exam_screen.QMessageBox, "question", lambda *a, **k: exam_screen.QMessageBox.StandardButton.Yes)
    qtbot.mouseClick(screen.finish_button, Qt.MouseButton.LeftButton)
    view = screen.result_view
    assert screen.pages.currentWidget() is view and "30 of 30" in view.headline.text()
    assert "not saved yet" in view.message.text() and "full" in view.message.text() and view.retry_button.isVisible()
    assert store.exams("Ana") == [] and store.answers("Ana") == []  # all or nothing
    qtbot.keyClick(view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)  # still full: still kept
    assert view.retry_button.isVisible() and store.exams("Ana") == []
    free(store)
    qtbot.mouseClick(view.retry_button, Qt.MouseButton.LeftButton)
    assert [(e["score"], e["total"]) for e in store.exams("Ana")] == [(30, 30)] and len(store.answers("Ana")) == 30
    assert not view.retry_button.isVisible() and "Saved" in view.message.text()
    qtbot.mouseClick(view.retry_button, Qt.MouseButton.LeftButton)  # hidden and done: never saved twice
    assert len(store.exams("Ana")) == 1
