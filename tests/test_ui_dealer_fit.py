"""The dealer screens fit a classroom (issue 40, items 1-2): on a 1280x720 projector at Projector, a
1024x768 screen at Normal and at Projector, and 1920x1080 at Normal, every action of a whole round of
both games (the Dealer's seat, Calling the game) is asked with its "Your action" line and question in
sight (pinned above the scrolled answers), and its answer buttons, typed field and chip tray in sight
without scrolling where the window has the room (``tests/dealer_fit.py`` lists what is not); no text on
the widgets is under 12 px at Normal or 24 px at Projector. A round is played by keyboard alone."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QApplication

from tests.dealer_fit import controls, in_sight, out_of_sight, widget_px
from tests.test_ui_dealer_chips import chip_keys
from tests.test_ui_fit import _settle, sized_window  # noqa: F401 - a fixture
from trainer.rules.chips import parse_breakdown
from trainer.rules.money import format_cents
from trainer.ui.widgets.call_builder import KEYS

GAMES = [("dealer", "pa-2019"), ("baccarat-dealer", "pa-631a")]
#: (window, text size) -> (the least widget text in px; what may be out of sight in a whole round of
#: each game, counted: the remaining gap, measured, never to grow)
CASES = {
    ((1920, 1080), "normal"): (12, {"dealer": 0, "baccarat-dealer": 0}),
    ((1024, 768), "normal"): (12, {"dealer": 2, "baccarat-dealer": 0}),  # the hand setter's two buttons
    # the hand setter's two buttons, the stacks paid so far under the chip rack, a typed payment's Clear
    # (after the dealer round's longer prompts, 48b7abd: one payment's rack, its second row, too)
    ((1280, 720), "projector"): (24, {"dealer": 10, "baccarat-dealer": 7}),
    # (a third of 1024 px at 24 px: the eight choices' last row, the rack's second row)
    ((1024, 768), "projector"): (24, {"dealer": 23, "baccarat-dealer": 29}),
}
#: Before (e108341, the same rounds and helper): 87 and 95 out of sight at 1280x720 Projector (the
#: question itself twice), 4 and 3 at 1024x768 Normal, 92 and 112 at 1024x768 Projector.


def _round(window, key: str, size):
    """The screen's round from seed 5, each action settled at ``size`` before it is yielded."""
    screen = window.show_screen(key)
    screen.prepare_snapshot(seed=5, move=0)
    while screen.controller.current is not None:
        _settle(window, size)
        yield screen
        screen.controller.answer(screen.controller.current.question.answer)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # (as the event loop would)


@pytest.mark.parametrize("case", sorted(CASES), ids=lambda c: f"{c[0][0]}x{c[0][1]}-{c[1]}")
@pytest.mark.parametrize("key,profile", GAMES)
def test_every_action_of_a_round_is_in_sight(qtbot, sized_window, monkeypatch, case, key, profile):
    size, text_size = case
    least_px, budget = CASES[case]
    window = sized_window(text_size, size, profile)
    cut: list[tuple[int, str]] = []
    actions = 0
    for actions, screen in enumerate(_round(window, key, size), start=1):
        assert in_sight(screen.skill_label) and in_sight(screen.question.prompt), (actions, "the question")
        if screen.answers.currentWidget() is screen.answers.choices and case != ((1024, 768), "projector"):
            # the choices always (issue 40: "2 of 8 answer buttons visible" at 1280x720 Projector)
            assert [n for n in out_of_sight(screen) if n.startswith("button")] == [], (actions, "choices")
        cut += [(actions, name) for name in out_of_sight(screen)]
        assert min(px for _, px in widget_px(screen)) >= least_px, actions
    assert actions >= 15 and (window.width(), window.height()) == size
    assert len(cut) <= budget[key], cut


@pytest.mark.parametrize("key,profile", GAMES)
def test_the_choices_stand_two_to_a_row_at_projector(qtbot, sized_window, key, profile):
    """Eight positions (who receives the first stack) or five seats: two to a row at 1280x720 Projector,
    each at the text's size (24 px), every one in sight."""
    size = (1280, 720)
    window = sized_window("projector", size, profile)
    seen = 0
    for screen in _round(window, key, size):
        buttons = screen.answers.choices.buttons
        if screen.answers.currentWidget() is not screen.answers.choices or len(buttons) < 4:
            continue
        seen += 1
        assert len({b.y() for b in buttons}) < len(buttons), [b.text() for b in buttons]
        assert all(in_sight(b) for b in buttons)
    assert seen


def _keys_for(screen, focus) -> list:
    """The keys that answer the current action right, typed into the focused widget."""
    q = screen.controller.current.question
    kind = q.kind.value
    if kind in ("choice", "position"):
        return [Qt.Key.Key_0 + screen.answers.choices.keys[list(q.choices).index(q.answer)]]
    if kind == "chips":
        return [*chip_keys(q, parse_breakdown(q.answer)), Qt.Key.Key_Return]
    if kind == "setting":
        tiles, free, keys = q.data["tiles"], list(range(4)), []
        for face in q.answer.split(" / ")[0].split():
            index = next(i for i in free if tiles[i] == face)
            free.remove(index)
            keys += [Qt.Key.Key_1 + index, Qt.Key.Key_H]
        return [*keys, Qt.Key.Key_Return]
    if kind == "call":
        phrases = q.answer if isinstance(q.answer, (list, tuple)) else q.answer.split(", ")
        return [KEYS[list(q.choices).index(p)] for p in phrases] + [Qt.Key.Key_Return]
    typed = format_cents(q.answer) if kind == "money" else str(q.answer)
    return [typed, Qt.Key.Key_Return]


@pytest.mark.parametrize("key,profile", GAMES)
def test_a_round_dealt_by_keyboard_alone_at_1280x720_projector(qtbot, sized_window, key, profile):
    """Every action answered with the keys the screen gives the focus to (1-9, the chips' numbers, H / L,
    the call's letters, typed amounts, Enter), its answer widget in sight; the round ends 100% right."""
    size = (1280, 720)
    window = sized_window("projector", size, profile)
    window.activateWindow()
    qtbot.waitActive(window)
    screen = window.show_screen(key)
    screen.prepare_snapshot(seed=5, move=0)
    r = screen.controller.round
    while not r.finished:
        _settle(window, size)
        focus = QApplication.focusWidget()
        assert focus is not None and screen.answers.isAncestorOf(focus) or focus is screen.answers, focus
        assert in_sight(screen.answers.currentWidget()) or any(in_sight(w) for w in controls(screen).values())
        for k in _keys_for(screen, focus):
            target = QApplication.focusWidget()
            if isinstance(k, str):
                qtbot.keyClicks(target, k)
            else:
                qtbot.keyClick(target, k)
        assert r.history[-1].feedback.correct, r.history[-1].feedback
    assert screen.pages.currentWidget() is screen.summary and "Score 100%" in screen.summary.headline.text()
