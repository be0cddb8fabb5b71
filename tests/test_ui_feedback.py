"""Feedback that stays put (issue 26): when the verdict appears the question, its tiles and the table do
not move; the citation is shown once, one link; no tile stays highlighted; the hands' values show."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QCoreApplication, QEvent, QRect, Qt
from PySide6.QtWidgets import QWidget

from trainer.rules.paigow.hands import Hand
from trainer.rules.paigow.tiles import Tile
from trainer.ui import drill_screen

CTX_SEED = 11


@pytest.fixture
def screen(shown, trainee_ctx, qtbot):
    widget = shown(drill_screen.create_screen(trainee_ctx), (1600, 900))
    qtbot.waitExposed(widget)
    return widget


def start(qtbot, screen, skill):
    screen.select_skill(skill)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    qtbot.wait(50)  # (the layout settles)
    return screen.controller.session.current


def places(screen, widgets: list[QWidget]) -> list[QRect]:
    for _ in range(3):  # every pending relayout done (a busy machine delays them)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QCoreApplication.processEvents()
    return [QRect(w.mapTo(screen, w.rect().topLeft()), w.size()) for w in widgets]


@pytest.mark.parametrize("skill", ["tile-compare", "hand-compare", "vigorish", "house-way", "style-animation"])
def test_the_question_its_tiles_and_table_do_not_move_when_the_verdict_shows(qtbot, screen, skill):
    q = start(qtbot, screen, skill)
    watched = [screen.question, screen.question.strip, screen.answers]
    if screen.animation.widget is not None and screen.animation.widget.isVisible():
        watched.append(screen.animation.widget)
    before = places(screen, watched)
    if q.kind.value == "setting":
        tiles = q.data["tiles"]
        qtbot.keyClick(screen.answers.setter, Qt.Key.Key_1)
        qtbot.keyClick(screen.answers.setter, Qt.Key.Key_H)
        qtbot.keyClick(screen.answers.setter, Qt.Key.Key_2)
        qtbot.keyClick(screen.answers.setter, Qt.Key.Key_H)
        qtbot.keyClick(screen.answers.setter, Qt.Key.Key_Return)
        assert len(tiles) == 4
    else:
        screen.controller.answer(q.answer if q.kind.value != "multi" else list(q.answer))
    assert screen.feedback.isVisible()
    qtbot.wait(50)
    assert places(screen, watched) == before


def test_the_citation_appears_once_as_one_link(qtbot, screen):
    q = start(qtbot, screen, "tile-id")
    screen.controller.answer("no such answer" if q.kind.value == "choice" else "99")
    fb = screen.feedback
    links = fb.explanation.text().count("rulebook:") + fb.citation.text().count("rulebook:")
    assert links == 1 and fb.citation.text().startswith("Citation: ")
    assert q.citations[0] in fb.citation.text() and "spec N1" not in fb.explanation.text()


def test_no_tile_stays_highlighted_and_the_hands_show_their_values(qtbot, screen):
    q = start(qtbot, screen, "house-way")
    setter = screen.answers.setter
    for key in (Qt.Key.Key_1, Qt.Key.Key_H, Qt.Key.Key_3, Qt.Key.Key_H, Qt.Key.Key_4):  # 4 left selected
        qtbot.keyClick(setter, key)
    assert setter.selected == 3
    qtbot.keyClick(setter, Qt.Key.Key_Return)
    assert screen.feedback.isVisible()
    assert setter.selected is None and not any(v.selected for v in setter.findChildren(QWidget) if hasattr(v, "selected")
                                               and isinstance(v.selected, bool))
    tiles = [Tile.parse(t) for t in q.data["tiles"]]
    high, low = Hand((tiles[0], tiles[2])), Hand((tiles[1], tiles[3]))
    for zone, hand in ((setter.high, high), (setter.low, low)):
        assert zone.title.text() == f"{zone.name.upper()}: {hand.describe() if hand.kind.is_pair else hand.value}"
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)  # the next question: the titles as they were
    assert setter.high.title.text() == "HIGH hand  (H)"
