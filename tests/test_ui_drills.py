"""The Drills screen through its real widgets: keys and clicks in, answers in the progress store out."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent

from trainer.rules.tiles import Tile
from trainer.ui import drill_screen
from trainer.ui.context import AppContext
from trainer.ui.progress_link import close_shared_stores, shared_store


CTX_SEED = 11


@pytest.fixture
def ctx(trainee_ctx):
    return trainee_ctx


@pytest.fixture
def screen(qtbot, ctx):
    widget = drill_screen.create_screen(ctx)
    qtbot.addWidget(widget)
    widget.resize(1280, 720)
    widget.show()
    return widget


def start(qtbot, screen, skill: str, *, timed: bool = False, length: int = 0):
    screen.select_skill(skill)
    if timed:
        qtbot.mouseClick(screen.timed, Qt.MouseButton.LeftButton)
    screen.length.setValue(length)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    assert screen.controller.running
    return screen.controller.session.current


def log(ctx):
    return shared_store(ctx).answers("Ana")


def test_choices_by_number_key_and_by_mouse_are_recorded(qtbot, screen, ctx):
    q = start(qtbot, screen, "tile-compare")
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert [(r.skill, r.correct, r.answer) for r in log(ctx)] == [("tile-compare", True, q.answer)]
    assert screen.feedback.isVisible() and "Correct" in screen.feedback.verdict.text()

    qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)  # next question
    q2 = screen.controller.session.current
    assert q2 is not None and q2 != q
    wrong = next(i for i, c in enumerate(q2.choices) if c != q2.answer)
    qtbot.mouseClick(screen.answers.choices.buttons[wrong], Qt.MouseButton.LeftButton)
    records = log(ctx)
    assert [r.correct for r in records] == [True, False]
    assert records[1].answer == q2.choices[wrong]


def test_wrong_answer_shows_correct_answer_explanation_and_citation(qtbot, screen, ctx):
    q = start(qtbot, screen, "hand-compare")
    wrong = next(i for i, c in enumerate(q.choices) if c != q.answer)
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + wrong)
    fb = screen.feedback
    assert fb.isVisible() and "Wrong" in fb.verdict.text()
    assert q.answer in fb.expected.text()
    assert q.citations[0] in fb.citation.text()
    assert fb.explanation.text() == q.explanation
    # Enter also moves on
    qtbot.keyClick(fb, Qt.Key.Key_Return)
    assert screen.controller.session.current is not None and not fb.isVisible()


def test_money_parse_error_is_shown_inline_and_not_recorded(qtbot, screen, ctx):
    q = start(qtbot, screen, "vigorish")
    edit = screen.answers.typed.edit
    assert edit.hasFocus() or screen.answers.currentWidget() is screen.answers.typed
    qtbot.keyClicks(edit, "12.345")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert "more than two digits" in screen.answers.typed.error.text()
    assert log(ctx) == [] and not screen.feedback.isVisible()
    edit.clear()
    qtbot.keyClicks(edit, f"{q.answer / 100:.2f}")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert [(r.skill, r.correct) for r in log(ctx)] == [("vigorish", True)]


def _placement_keys(q):
    """Tile numbers (1-4) of the expected high hand, from the question's tiles as dealt."""
    dealt = [Tile.parse(t) for t in q.data["tiles"]]
    high = [Tile.parse(t) for t in q.answer.split("/")[0].split()]
    indexes = []
    for tile in high:
        i = next(i for i, t in enumerate(dealt) if t == tile and i not in indexes)
        indexes.append(i)
    return indexes


def test_setting_a_hand_by_keyboard_with_undo(qtbot, screen, ctx):
    q = start(qtbot, screen, "house-way")
    setter = screen.answers.setter
    assert screen.answers.currentWidget() is setter
    high = _placement_keys(q)
    low = [i for i in range(4) if i not in high]
    # a slip, undone with Backspace
    qtbot.keyClick(setter, Qt.Key.Key_1 + low[0])
    qtbot.keyClick(setter, Qt.Key.Key_H)
    assert len(setter.placement()[0]) == 1
    qtbot.keyClick(setter, Qt.Key.Key_Backspace)
    assert setter.placement() == ((), ())
    qtbot.keyClick(setter, Qt.Key.Key_Return)  # incomplete: a message, nothing recorded
    assert "Place all four" in setter.message.text() and log(ctx) == []
    for i in high:
        qtbot.keyClick(setter, Qt.Key.Key_1 + i)
        qtbot.keyClick(setter, Qt.Key.Key_H)
    assert len(setter.placement()[1]) == 2  # the other two went low by themselves
    qtbot.keyClick(setter, Qt.Key.Key_Return)
    assert [(r.skill, r.correct) for r in log(ctx)] == [("house-way", True)]


def test_setting_a_hand_by_mouse_click_and_drop(qtbot, screen, ctx):
    q = start(qtbot, screen, "house-way")
    setter = screen.answers.setter
    high = _placement_keys(q)
    low = [i for i in range(4) if i not in high]
    views = list(setter._views)
    # click a tile, then the LOW zone: a wrong hand low
    qtbot.mouseClick(views[high[0]], Qt.MouseButton.LeftButton)
    assert setter.selected == high[0]
    qtbot.mouseClick(setter.low, Qt.MouseButton.LeftButton)
    assert setter.placement()[1] == (views[high[0]].tile,)
    # clicking a placed tile takes it back
    qtbot.mouseClick(views[high[0]], Qt.MouseButton.LeftButton)
    assert setter.placement() == ((), ())
    # drop the low tiles on the LOW zone (as a drag would)
    for i in low:
        mime = QMimeData()
        mime.setData("application/x-paigow-tile-index", str(i).encode())
        event = QDropEvent(QPointF(10, 10), Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                           Qt.KeyboardModifier.NoModifier)
        setter.low.dropEvent(event)  # Qt delivers drops only while a real drag runs
    assert sorted(map(str, setter.placement()[0])) == sorted(str(views[i].tile) for i in high)
    qtbot.mouseClick(setter.submit_button, Qt.MouseButton.LeftButton)
    assert [(r.skill, r.correct) for r in log(ctx)] == [("house-way", True)]


def test_multi_part_answer_and_part_error(qtbot, screen, ctx):
    q = start(qtbot, screen, "pai-gow-payout")
    form = screen.answers.parts
    qtbot.keyClick(form.inputs[0], Qt.Key.Key_1 + q.parts[0].choices.index(q.parts[0].answer))
    form.inputs[1].setText("abc")
    form.inputs[2].setText("0")
    qtbot.keyClick(form.inputs[2], Qt.Key.Key_Return)
    assert "part 2" in form.error.text() and log(ctx) == []
    form.inputs[1].setText(f"{q.parts[1].answer / 100:.2f}")
    form.inputs[2].setText(f"{q.parts[2].answer / 100:.2f}")
    qtbot.keyClick(form.inputs[2], Qt.Key.Key_Return)
    assert [(r.skill, r.correct) for r in log(ctx)] == [("pai-gow-payout", True)]


def test_hint_in_practice_is_recorded_as_hinted(qtbot, screen, ctx):
    q = start(qtbot, screen, "tile-compare")
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_Question)
    assert screen.hint_label.isVisible() and q.hint in screen.hint_label.text()
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert [(r.correct, r.hinted) for r in log(ctx)] == [(True, True)]


def test_timed_session_ends_with_a_summary(qtbot, screen, ctx):
    start(qtbot, screen, "tile-compare", timed=True, length=2)
    assert not screen.hint_button.isVisible()
    for n in range(2):
        q = screen.controller.session.current
        wrong = next(i for i, c in enumerate(q.choices) if c != q.answer)
        qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + (q.choices.index(q.answer) if n == 0 else wrong))
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)
    assert screen.pages.currentWidget() is screen.summary
    assert "50%" in screen.summary.headline.text() and "median time" in screen.summary.headline.text()
    assert "Rank two tiles" in screen.summary.weakest.text()
    assert [r.mode for r in log(ctx)] == ["timed", "timed"]


def test_escape_ends_an_open_ended_session(qtbot, screen, ctx):
    q = start(qtbot, screen, "tile-compare")
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Escape)
    assert not screen.controller.running and screen.pages.currentWidget() is screen.summary
    assert len(log(ctx)) == 1


def test_what_to_practise_next_uses_the_schedule(qtbot, screen, ctx):
    q = start(qtbot, screen, drill_screen.NEXT_UP)
    first_new = shared_store(ctx).next_up("Ana", limit=1)[0].skill
    assert q.skill == first_new


def test_no_trainee_asks_for_one(qtbot, tmp_path, monkeypatch):
    context = AppContext(seed=3, data=tmp_path / "other")
    widget = drill_screen.create_screen(context)
    qtbot.addWidget(widget)
    monkeypatch.setattr("trainer.ui.progress_link.QInputDialog.getText", lambda *a, **k: ("Bo", True))
    widget.select_skill("tile-compare")
    widget.start()
    assert context.trainee == "Bo" and widget.controller.running
    close_shared_stores()


def test_opens_from_the_main_window(qtbot, ctx):
    main_window = pytest.importorskip("trainer.ui.main_window")
    window = main_window.MainWindow(ctx)
    qtbot.addWidget(window)
    shown = window.show_screen("drills")
    assert isinstance(shown, drill_screen.DrillScreen)


def test_an_answer_that_cannot_be_saved_says_so(qtbot, screen, ctx):
    q = start(qtbot, screen, "tile-compare")
    shared_store(ctx).delete_trainee("Ana", confirm=True)
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert "Not saved" in screen.answers.choices.error.text() and "unknown trainee" in screen.answers.choices.error.text()
    assert not screen.feedback.isVisible()
