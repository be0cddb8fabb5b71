"""The Drills screen keeps a classroom's window (issue 29): at 1280x720 and 1024x768, Projector and
Normal, a question of every skill of every profile (both games), a chip payout, a call and the session's
review never make the window larger, nothing in the question is cut, and every answer control can be
brought into sight (the question page scrolls where the window is too short for it)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QLineEdit, QWidget

from tests.test_ui_fit import _cut, _settle, sized_window  # noqa: F401 - a fixture
from trainer.drills import generate
from trainer.drills.games import games
from trainer.drills.registry import skills_for
from trainer.ui.progress_link import shared_store
from trainer.ui.widgets.wrap_button import WrapButton


def _every_question() -> list[tuple[str, str]]:
    """(profile, skill): every skill under every profile that offers it, both games."""
    return [(p, s.id) for g in games() for p in g.profiles.names() for s in skills_for(p)]


def _controls(screen) -> list[QWidget]:
    """The answer inputs the trainee uses: the shown page's buttons and fields (or the page itself)."""
    page = screen.answers.currentWidget()
    found = [w for w in page.findChildren(QWidget) if isinstance(w, (QAbstractButton, QLineEdit)) and w.isVisible()]
    return found or [page]


def _in_sight(scroll, widget: QWidget) -> bool:
    """``widget`` lies whole inside the scroll area's viewport once scrolled to (where it is taller: its top).
    (Its whole box: ``ensureWidgetVisible`` brings only a field's text cursor into sight.)"""
    at = widget.mapTo(scroll.widget(), QPoint(0, 0))
    scroll.ensureVisible(at.x(), at.y() + widget.height() // 2, 0, widget.height() - widget.height() // 2)
    box = QRect(widget.mapTo(scroll.viewport(), QPoint(0, 0)), widget.size())
    view = scroll.viewport().rect()
    return view.contains(box) or (box.height() > view.height() and view.contains(box.topLeft())
                                   and box.right() <= view.right())


def _check_question(window, screen, size, what) -> None:
    _settle(window, size)
    assert (window.width(), window.height()) == size, what
    page = screen.question_page
    assert page.page.width() <= page.viewport().width(), what  # never across: it would be cut
    assert _cut(screen.question.prompt) == "", what
    for control in _controls(screen):
        if isinstance(control, WrapButton):  # a wrapped choice is as tall as its lines
            assert control.height() >= control.heightForWidth(control.width()), (what, control.text())
        assert _in_sight(page, control), (what, type(control).__name__, getattr(control, "text", str)(),
                                          QRect(control.mapTo(page.viewport(), QPoint(0, 0)), control.size()),
                                          page.viewport().rect())
    page.verticalScrollBar().setValue(0)


@pytest.mark.parametrize("text_size,size,pairs", [
    ("projector", (1280, 720), "all"), ("projector", (1024, 768), "skills"), ("normal", (1280, 720), "skills"),
])
def test_every_question_keeps_the_window_and_its_answers_in_reach(qtbot, sized_window, text_size, size, pairs):
    window = sized_window(text_size, size)
    screen = window.show_screen("drills")
    seen: set[str] = set()
    for profile, skill in _every_question():
        if pairs == "skills" and skill in seen:
            continue
        seen.add(skill)
        screen.show_question(generate(skill, seed=5, profile=profile))
        _check_question(window, screen, size, (profile, skill))
    assert len(seen) >= 50


def _session(qtbot, screen, skill: str, length: int) -> None:
    screen.select_skill(skill)
    screen.length.setValue(length)
    qtbot.keyClick(screen.welcome if screen.pages.currentWidget() is screen.welcome else screen.summary,
                   Qt.Key.Key_Return)
    assert screen.controller.running


def test_a_session_of_chips_calls_and_its_review_keeps_1280x720_at_projector(qtbot, sized_window):
    """Through the keys: a chip payout and a call answered, a long question answered wrong (its verdict's
    "Next question" in sight), and the review at the end (it scrolls); the options fold while a question
    or the review shows, O shows them."""
    size = (1280, 720)
    window = sized_window("projector", size)
    shared_store(window.ctx).create_trainee("Ana")
    window.ctx.set_trainee("Ana")
    screen = window.show_screen("drills")
    assert screen.options.isVisible() and not screen.fold.button.isVisible()  # the start page: unfolded
    for skill, page in (("pay-chips", screen.answers.tray), ("bac-call-aloud", screen.answers.caller)):
        _session(qtbot, screen, skill, 2)
        q = screen.controller.session.current
        assert screen.answers.currentWidget() is page
        _check_question(window, screen, size, skill)
        assert not screen.options.isVisible() and screen.fold.button.isVisible()
        if page is screen.answers.tray:  # (the call builder's keys run to Z: its O may be a phrase)
            qtbot.keyClick(page, Qt.Key.Key_O)
            assert screen.options.isVisible()
            qtbot.keyClick(page, Qt.Key.Key_O)
            assert not screen.options.isVisible()
        screen.controller.answer(q.answer)
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
        screen.controller.end()
        _settle(window, size)
        assert screen.pages.currentWidget() is screen.summary and not screen.options.isVisible()
        assert (window.width(), window.height()) == size

    _session(qtbot, screen, "style-name", 3)
    q = screen.controller.session.current
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + next(i for i, c in enumerate(q.choices) if c != q.answer))
    _settle(window, size)
    assert (window.width(), window.height()) == size
    button = screen.feedback.next_button
    box = QRect(button.mapTo(screen.question_page.viewport(), QPoint(0, 0)), button.size())
    assert screen.question_page.viewport().rect().contains(box)  # "Next question" in sight at the verdict
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)
    screen.controller.end()
    _settle(window, size)
    review = screen.summary
    assert screen.pages.currentWidget() is review and (window.width(), window.height()) == size
    assert review.practise.isVisible() and not screen.options.isVisible()
    for widget in (review.practise, review.again):
        assert _in_sight(review.scroll, widget), widget
    qtbot.keyClick(review, Qt.Key.Key_O)  # the options, to choose another skill
    assert screen.options.isVisible()
