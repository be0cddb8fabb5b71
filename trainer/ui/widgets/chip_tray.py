"""The chip tray: a pay-with-chips answer (issue 31) built from the table's chips and shown as stacks.

Clicking a chip (or typing its number, 1 for the largest) adds one to the tray, right-clicking (or
Shift with its number) takes one off, dragging a chip from the rack onto the stacks adds it and dragging
one off a stack takes it off (``drag.DragAcross``), Backspace takes off the last chip added, Escape clears, Enter
sends the breakdown as the drill reads it (``2 × $100, 3 × $0.25``); F2 (left to the answer panel) asks
for the typed field instead. The tray decides nothing: the drill judges the breakdown
(``trainer.drills.answers.judge_chips``).
"""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QEvent, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QVBoxLayout, QWidget

from trainer.rules.chips import Breakdown, chip_name
from trainer.rules.money import format_cents
from trainer.ui.widgets.labels import error_label, make_label
from trainer.ui.widgets.drag import DragAcross
from trainer.ui.widgets.typed_answer import ChipButton
from trainer.ui.flow_layout import FlowLayout
from trainer.ui.theme import CHIPS

#: Colour and ink of each chip value.
_COLOURS = {cents: (colour, ink) for cents, colour, ink in CHIPS}
#: Chips drawn in one stack at most (the count is written above it).
_DRAWN = 12


class ChipStacks(QWidget):
    """The tray's stacks, largest chip on the left, each labelled with its count and value."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.breakdown = Breakdown(())

    def show_breakdown(self, breakdown: Breakdown) -> None:
        self.breakdown = breakdown
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(560, 2 * self.fontMetrics().height() + 120)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(200, 2 * self.fontMetrics().height() + 50)

    def stack_width(self) -> int:
        """A stack's width: room for its value ("$1,000"), or less where the stacks would not fit the width
        (the dealer's column at a large text size); the stacks stand 12 px apart from x = 8."""
        room = (self.width() - 8) // max(1, len(self.breakdown.stacks)) - 12
        return max(24, min(self.fontMetrics().horizontalAdvance("$1,000") + 24, room))

    def stack_at(self, point: QPoint) -> int | None:
        """The chip of the stack drawn at ``point`` (its column), None between or after the stacks."""
        column, x = divmod(point.x() - 8, self.stack_width() + 12)
        inside = 0 <= column < len(self.breakdown.stacks) and x < self.stack_width()
        return self.breakdown.stacks[column][0] if inside else None

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = self.stack_width()
        base = self.height() - self.fontMetrics().height() - 6
        tallest = max((min(count, _DRAWN) for _, count in self.breakdown.stacks), default=0) + 2
        room = base - self.fontMetrics().height() - 2  # the tallest stack and its count fit the height
        chip_h = max(3, min(width // 6, room // tallest))
        for i, (cents, count) in enumerate(self.breakdown.stacks):
            x = 8 + i * (width + 12)
            colour, ink = _COLOURS.get(cents, ("#888888", "#000000"))
            for n in range(min(count, _DRAWN)):
                painter.setPen(QPen(QColor(ink), 2))
                painter.setBrush(QColor(colour))
                painter.drawEllipse(QRectF(x, base - chip_h * (n + 2), width, chip_h * 2))
            painter.setPen(self.palette().windowText().color())
            top = base - chip_h * (min(count, _DRAWN) + 2) - self.fontMetrics().height() - 2
            painter.drawText(QRectF(x, top, width, self.fontMetrics().height()), Qt.AlignmentFlag.AlignCenter,
                             f"{count} ×")
            painter.drawText(QRectF(x, base + 4, width, self.fontMetrics().height()), Qt.AlignmentFlag.AlignCenter,
                             chip_name(cents))
        painter.end()


class ChipTray(QWidget):
    """A payout built from the table's chips; ``submitted`` sends the breakdown's text."""

    submitted = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._counts: dict[int, int] = {}
        self._rack: dict[int, ChipButton] = {}
        self._added: list[int] = []
        self.chips: tuple[int, ...] = ()
        self.stacks = ChipStacks()
        self.total = make_label("", 1.3, bold=True, wrap=True)  # a narrow column (the dealer's seat): on two lines
        self.error = error_label()
        self.help = make_label("", 1.0, wrap=True)
        self.buttons = QWidget()
        self._row = FlowLayout(self.buttons)
        self._drag = DragAcross(self, self._grip)
        self._drag.watch(self.stacks)
        self._drag.dropped.connect(self._dropped)
        self.stacks.setToolTip("Drag a chip from the rack onto the stacks to add it, or off a stack to take it off")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.buttons, self.stacks, self.total, self.error, self.help):
            layout.addWidget(widget)
        layout.addStretch(1)

    def set_chips(self, chips: Sequence[int]) -> None:
        """Offer ``chips`` (largest first) and empty the tray."""
        self.chips = tuple(sorted(chips, reverse=True))
        while self._row.count():
            item = self._row.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        self._rack.clear()
        for number, cents in enumerate(self.chips, start=1):
            colour, ink = _COLOURS.get(cents, ("#888888", "#000000"))
            button = ChipButton(cents, colour, ink)
            button.setToolTip(f"{chip_name(cents)} (key {number}): click to add, right-click to take one off")
            button.setAccessibleDescription(button.toolTip())  # made with each question, after the screen was named
            button.added.connect(self.add)
            self._drag.watch(button)
            self._rack[cents] = button
            self._row.addWidget(button)
        self.help.setText(f"1-{len(self.chips)} or click: add · Shift or right-click: take off · Backspace: undo · "
                          "Enter: pay · F2: type")
        self.clear()

    def breakdown(self) -> Breakdown:
        return Breakdown.of(self._counts)

    def add(self, cents: int) -> None:
        """One chip of ``abs(cents)`` on (positive) or off (negative) the tray; never below none."""
        chip = abs(cents)
        if cents > 0:
            self._counts[chip] = self._counts.get(chip, 0) + 1
            self._added.append(chip)
        elif self._counts.get(chip):
            self._counts[chip] -= 1
            del self._added[len(self._added) - 1 - self._added[::-1].index(chip)]  # the last one added
        self._refresh()

    def _grip(self, source: QWidget, point: QPoint) -> tuple[int, QPixmap] | None:
        """A drag takes a rack's chip (added where it is dropped on the stacks), or one chip of a stack
        (taken off where it is dropped off them): its value, signed so, and its picture."""
        if isinstance(source, ChipButton):
            return source.cents, source.grab()
        cents = self.stacks.stack_at(point)
        return None if cents is None else (-cents, self._rack[cents].grab())

    def _dropped(self, source: QWidget, cents: int, where: QPoint) -> None:
        on_stacks = self.stacks.rect().contains(self.stacks.mapFromGlobal(where))
        if on_stacks == (cents > 0):
            self.add(cents)
        self.setFocus()  # the keys go on building the payout

    def clear(self) -> None:
        self._counts.clear()
        self._added.clear()
        self._refresh()

    def show_error(self, message: str, part: int | None = None) -> None:
        self.error.setText(message)

    def event(self, event: QEvent) -> bool:
        if keeps_escape(event, bool(self._added)):
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        key, shift = event.key(), bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        digit = _digit(event)
        if digit is not None and 1 <= digit <= len(self.chips):
            self.add(-self.chips[digit - 1] if shift else self.chips[digit - 1])
        elif key == Qt.Key.Key_Backspace and self._added:
            self.add(-self._added[-1])
        elif key == Qt.Key.Key_Escape:
            self.clear()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submitted.emit(str(self.breakdown()) if self._added else "")
        else:
            super().keyPressEvent(event)

    def _refresh(self) -> None:
        pile = self.breakdown()
        self.stacks.show_breakdown(pile)
        self.total.setText(f"{pile} = {format_cents(pile.total)}" if pile.stacks else "No chips yet")
        self.error.clear()


def keeps_escape(event: QEvent, something_built: bool) -> bool:
    """Claim Escape from the screen's shortcut (which ends the session) while there is something to clear."""
    if (event.type() == QEvent.Type.ShortcutOverride and something_built
            and event.key() == Qt.Key.Key_Escape):  # type: ignore[attr-defined]
        event.accept()
        return True
    return False


def _digit(event: QKeyEvent) -> int | None:
    """The number key pressed (with or without Shift, whatever the keyboard's shifted symbols)."""
    if Qt.Key.Key_1 <= event.key() <= Qt.Key.Key_9:
        return event.key() - Qt.Key.Key_0
    scan = event.nativeVirtualKey()
    return scan - ord("0") if ord("1") <= scan <= ord("9") else None
