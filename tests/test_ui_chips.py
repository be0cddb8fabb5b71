"""Building a money answer with chips: click, right-click, drop on the field; the text is what is sent."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent

from trainer.ui.widgets.typed_answer import ChipButton, TypedAnswer


@pytest.fixture
def answer(qtbot):
    widget = TypedAnswer()
    qtbot.addWidget(widget)
    widget.reset("money")
    widget.show()
    return widget


def chip(widget: TypedAnswer, cents: int) -> ChipButton:
    return next(c for c in widget.chips.findChildren(ChipButton) if c.cents == cents)


def test_clicked_chips_add_up_and_enter_sends_the_text(qtbot, answer):
    for cents in (10000, 2500, 2500, 500, 25):
        qtbot.mouseClick(chip(answer, cents), Qt.MouseButton.LeftButton)
    assert answer.edit.text() == "$155.25"
    with qtbot.waitSignal(answer.submitted) as sent:
        qtbot.keyClick(answer.edit, Qt.Key.Key_Return)
    assert sent.args == ["$155.25"]


def test_right_click_takes_a_chip_off_but_never_below_zero(qtbot, answer):
    qtbot.mouseClick(chip(answer, 500), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(chip(answer, 100), Qt.MouseButton.RightButton)
    assert answer.edit.text() == "$4.00"
    qtbot.mouseClick(chip(answer, 10000), Qt.MouseButton.RightButton)
    assert answer.edit.text() == "$0.00"


def test_a_chip_dropped_on_the_field_adds_its_value(qtbot, answer):
    answer.edit.setText("12.50")
    mime = QMimeData()
    mime.setData("application/x-paigow-chip-cents", b"2500")
    event = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    answer.edit.dropEvent(event)
    assert answer.edit.text() == "$37.50"


def test_a_chip_on_unreadable_text_starts_afresh_and_clears_the_error(qtbot, answer):
    answer.edit.setText("twelve")
    answer.show_error("'twelve' is not an amount of money")
    qtbot.mouseClick(chip(answer, 100), Qt.MouseButton.LeftButton)
    assert answer.edit.text() == "$1.00" and answer.error.text() == ""


def test_chips_only_for_money(answer):
    answer.reset("number")
    assert answer.chips.isHidden()
    answer.reset("money")
    assert not answer.chips.isHidden()
