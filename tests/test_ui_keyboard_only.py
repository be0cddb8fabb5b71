"""The keyboard never gets stuck (issue 29): a whole round of each dealer screen with the keys alone,
each key sent to the widget that has the focus (never to a widget the test picks), a wrong answer
among them continued with Enter or Space; the Table screen's Space after a style chosen with the mouse."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox

from tests.test_ui_dealer_chips import chip_keys
from trainer.drills.answers import split_call
from trainer.rules.chips import parse_breakdown
from trainer.rules.money import format_cents
from trainer.ui import drill_screen
from trainer.ui.baccarat.dealer_screen import BaccaratDealerScreen
from trainer.ui.paigow.dealer_screen import DealerScreen
from trainer.ui.paigow.player import INSTANT
from trainer.ui.paigow.table_screen import TableScreen
from trainer.ui.progress_link import shared_store
from trainer.ui.widgets.call_builder import KEYS

CTX_SEED = 21


def _focused(screen):
    """The widget the screen's window gives the keys to (the offscreen platform activates no window:
    the window's own focus widget, which is what gets the keys once it is active)."""
    widget = QApplication.focusWidget()
    if widget is None or not widget.isVisible() or widget.window() is not screen.window():
        widget = screen.window().focusWidget()  # (a closed list's focus is never given back offscreen)
    assert widget is not None, "no widget has the keyboard"
    return widget


def _key(qtbot, screen, key) -> None:
    qtbot.keyClick(_focused(screen), key)


def _type(qtbot, screen, text: str) -> None:
    qtbot.keyClicks(_focused(screen), text)


def _answer(qtbot, screen, q, wrong: bool) -> None:
    """The current question answered with the keys only (``wrong``: a wrong one)."""
    kind = q.kind.value
    if kind in ("choice", "position"):
        index = list(q.choices).index(q.answer)
        keys = screen.answers.choices.keys  # (a stack keeps its own number: S5 is 5)
        _key(qtbot, screen, Qt.Key.Key_0 + keys[(index + 1) % len(q.choices) if wrong else index])
    elif kind in ("money", "number"):
        value = q.answer + (100 if wrong else 0)
        _type(qtbot, screen, format_cents(value) if kind == "money" else str(value))
        _key(qtbot, screen, Qt.Key.Key_Return)
    elif kind == "setting":
        tiles, free = q.data["tiles"], list(range(len(q.data["tiles"])))
        for face in q.answer.split(" / ")[0].split():
            index = next(i for i in free if tiles[i] == face)
            free.remove(index)
            _key(qtbot, screen, Qt.Key.Key_1 + index)
            _key(qtbot, screen, Qt.Key.Key_H)
        _key(qtbot, screen, Qt.Key.Key_Return)
    elif kind == "chips":  # a payment's chips on the chip tray, by their number keys
        for key in chip_keys(q, parse_breakdown(q.answer)):
            _key(qtbot, screen, key)
        _key(qtbot, screen, Qt.Key.Key_Return)
    elif kind == "call":  # phrase keys on the call builder, in order (wrong: the last phrase another)
        last = next(c for c in q.choices if c != q.answer[-1]) if wrong else q.answer[-1]
        for phrase in (*q.answer[:-1], last):
            _type(qtbot, screen, KEYS[list(q.choices).index(phrase)])
        _key(qtbot, screen, Qt.Key.Key_Return)
    else:
        raise AssertionError(f"unexpected answer kind {kind}")


#: The kinds of answer given wrong once in a round: in Calling the game a phrase of a call (B30).
WRONG_KINDS = {DealerScreen: ("choice", "money"), BaccaratDealerScreen: ("call",)}


@pytest.mark.parametrize("make", [DealerScreen, BaccaratDealerScreen], ids=["dealers-seat", "calling-the-game"])
def test_a_whole_dealer_round_with_the_keyboard_alone(qtbot, shown, trainee_ctx, make):
    """A whole round with the keys alone; Calling the game calls every point of the round aloud on the
    call builder (the counts, the instructions, the new counts, the result), one phrase wrong."""
    screen = shown(make(trainee_ctx), (1280, 720))
    assert screen.speed.currentData() != INSTANT  # the table narrates: it must not keep the keys
    screen.new_round()
    r = screen.controller.round
    wrong_done, continues = False, iter((Qt.Key.Key_Return, Qt.Key.Key_Space))
    for _ in range(200):
        if r.finished:
            break
        while screen._then is not None:  # Space skips the table's narration
            _key(qtbot, screen, Qt.Key.Key_Space)
        q = screen.controller.current.question
        wrong = not wrong_done and q.kind.value in WRONG_KINDS[make]
        if q.kind.value == "call":
            assert _focused(screen) is screen.answers.caller, "the call builder does not have the keys"
        answered = len(r.history)
        _answer(qtbot, screen, q, wrong)
        assert len(r.history) == answered + 1, f"the keys did not answer {q.prompt!r}"
        if wrong:
            wrong_done = True
            assert screen.action.currentWidget() is screen.feedback
            assert _focused(screen) is screen.feedback, "the table's narration took the keys from the verdict"
            _key(qtbot, screen, next(continues))  # Enter (or Space) goes on: the table narrates up to the next action
            going_on = screen._then == screen.controller.next or screen.action.currentWidget() is not screen.feedback
            assert going_on, "stuck on the wrong answer"
    while screen._then is not None:
        _key(qtbot, screen, Qt.Key.Key_Space)
    assert r.finished and wrong_done
    assert screen.pages.currentWidget() is screen.summary
    assert sum(1 for a in r.history if not a.feedback.correct) == 1
    if make is BaccaratDealerScreen:  # every point where the dealer speaks was called
        called = [p for a in r.history if a.task.question.kind.value == "call" for p in split_call(a.answer, ())]
        expected = [p for t in r.tasks if t.question.kind.value == "call" for p in t.question.answer]
        assert len(called) == len(expected) and {"bac-dealer-count", "bac-dealer-player-draw", "bac-dealer-result"} <= {
            a.task.skill for a in r.history if a.task.question.kind.value == "call"}


def test_a_drill_session_with_the_keyboard_alone(qtbot, shown, trainee_ctx):
    """A short session of the Drills screen: started with Enter, each question answered with its
    number key (one wrong), each verdict left with Space or Enter, to the session's end."""
    screen = shown(drill_screen.create_screen(trainee_ctx))
    screen.select_skill("tile-compare")
    screen.length.setValue(4)
    screen.welcome.setFocus()
    _key(qtbot, screen, Qt.Key.Key_Return)  # start
    session = screen.controller.session
    assert screen.controller.running
    continues = iter((Qt.Key.Key_Space, Qt.Key.Key_Return) * 4)
    for n in range(4):
        q = session.current
        assert q is not None, n
        index = list(q.choices).index(q.answer)
        _key(qtbot, screen, Qt.Key.Key_1 + ((index + 1) % len(q.choices) if n == 1 else index))
        assert screen.feedback.isVisible()
        _key(qtbot, screen, next(continues))
    assert not screen.controller.running  # the session's end, with what was missed
    assert [a.correct for a in shared_store(trainee_ctx).answers("Ana")].count(False) == 1


def test_space_steps_the_table_after_a_style_chosen_with_the_mouse(qtbot, shown, trainee_ctx):
    """A style picked with the mouse leaves the keys to the table: Space steps the animation, and
    never opens a toolbar box (issue 29)."""
    screen = shown(TableScreen(trainee_ctx), (1280, 720))
    box = screen.style_box
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)  # the list opens
    assert box.view().isVisible()
    qtbot.wait(600)  # (a list ignores a click the instant it opens)
    item = box.view().visualRect(box.model().index(2, 0)).center()
    qtbot.mouseClick(box.view().viewport(), Qt.MouseButton.LeftButton, pos=item)  # a style chosen in it
    assert box.currentIndex() == 2 and not box.view().isVisible()
    player = screen.primary.player
    before = player.index
    for _ in range(2):  # the first Space starts the step, the second completes it
        _key(qtbot, screen, Qt.Key.Key_Space)
        assert not any(w.view().isVisible() for w in screen.findChildren(QComboBox)), "Space opened a box"
    assert player.index == before + 1
