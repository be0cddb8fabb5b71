"""The issue-31 skills in the app's Drills screen, by keyboard alone, typed (F2) instead of built on the
chip tray or the call builder: a chip payout typed as a count × chip breakdown, a round called phrase by phrase, and an unreadable breakdown shown inline, not recorded."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from trainer.ui import drill_screen
from trainer.ui.progress_link import shared_store


@pytest.fixture
def screen(shown, trainee_ctx):
    return shown(drill_screen.create_screen(trainee_ctx))


def start(qtbot, screen, skill):
    """Start ``skill`` and press F2: its chips or its call typed (the speed setting) instead of built."""
    screen.select_skill(skill)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    qtbot.keyClick(screen.answers.currentWidget(), Qt.Key.Key_F2)
    return screen.controller.session.current


def type_answer(qtbot, screen, text):
    edit = screen.answers.typed.edit
    edit.clear()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


@pytest.mark.parametrize("skill", ["bac-pay-chips", "pay-chips"])
def test_a_payout_typed_as_chips_is_judged_and_recorded(qtbot, screen, trainee_ctx, skill):
    q = start(qtbot, screen, skill)
    assert screen.answers.currentWidget() is screen.answers.typed and not screen.answers.typed.chips.isVisible()
    type_answer(qtbot, screen, "2x100 3 5")
    assert "is not a count × chip" in screen.answers.typed.error.text()
    assert shared_store(trainee_ctx).answers("Ana") == []
    type_answer(qtbot, screen, q.answer.replace(" × $", "x").replace(",", "").replace("x1000", "x1,000"))
    records = shared_store(trainee_ctx).answers("Ana")
    assert [(r.skill, r.correct) for r in records] == [(skill, True)]
    assert "fewest chips" in screen.feedback.explanation.text()


def test_a_round_called_aloud_phrase_by_phrase(qtbot, screen, trainee_ctx):
    q = start(qtbot, screen, "bac-call-aloud")
    wrong = list(q.answer)
    wrong[0], wrong[1] = wrong[1], wrong[0]
    type_answer(qtbot, screen, ", ".join(wrong))
    assert "phrase 1:" in screen.feedback.given.text() and "631a.10(a)" in screen.feedback.given.text()
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    q2 = screen.controller.session.current
    type_answer(qtbot, screen, ", ".join(q2.answer))
    assert [r.correct for r in shared_store(trainee_ctx).answers("Ana")] == [False, True]
