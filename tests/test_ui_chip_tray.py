"""The chip tray (issue 31): chips added and taken off by mouse and keyboard, shown as stacks, and the
breakdown it sends judged by the drill like a typed one."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from trainer.drills.answers import check
from trainer.drills.registry import generate
from trainer.rules.chips import parse_breakdown
from trainer.ui.widgets.typed_answer import ChipButton
from trainer.ui.widgets.chip_tray import ChipTray


@pytest.fixture
def tray(qtbot):
    widget = ChipTray()
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_a_banker_payout_paid_by_keyboard_is_right(qtbot, tray):
    q = generate("bac-pay-chips", seed=1, profile="pa-631a")
    tray.set_chips(q.data["chips"])
    tray.setFocus()
    for cents, count in parse_breakdown(q.answer).stacks:
        for _ in range(count):
            qtbot.keyClick(tray, Qt.Key.Key_1 + tray.chips.index(cents))
    qtbot.keyClick(tray, Qt.Key.Key_1)  # one chip too many ...
    qtbot.keyClick(tray, Qt.Key.Key_Backspace)  # ... undone
    with qtbot.waitSignal(tray.submitted) as sent:
        qtbot.keyClick(tray, Qt.Key.Key_Return)
    assert sent.args == [q.answer] and check(q, sent.args[0]).correct
    assert tray.stacks.breakdown == parse_breakdown(q.answer)


def test_mouse_adds_and_takes_off_never_below_none(qtbot, tray):
    tray.set_chips((10000, 2500, 500, 100, 25))
    button = {b.cents: b for b in tray.buttons.findChildren(ChipButton)}
    for cents in (10000, 10000, 2500, 25):
        qtbot.mouseClick(button[cents], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(button[10000], Qt.MouseButton.RightButton)
    qtbot.mouseClick(button[500], Qt.MouseButton.RightButton)  # none on the tray: nothing happens
    assert str(tray.breakdown()) == "1 × $100, 1 × $25, 1 × $0.25"
    assert tray.total.text() == "1 × $100, 1 × $25, 1 × $0.25 = $125.25"
    qtbot.keyClick(tray, Qt.Key.Key_Escape)
    assert tray.breakdown().chips == 0 and tray.total.text() == "No chips yet"


def test_only_the_tables_chips_are_offered(tray):
    tray.set_chips((100000, 50000, 10000, 2500, 500, 100))  # an EZ table: no 25¢ chip
    assert [b.cents for b in tray.buttons.findChildren(ChipButton)] == [100000, 50000, 10000, 2500, 500, 100]
