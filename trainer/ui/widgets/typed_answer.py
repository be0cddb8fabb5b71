"""The typed answer: a large field (Enter submits the text typed) and, for money, a row of chips that
builds the amount (click, right-click, or drag onto the field).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFontInfo, QMouseEvent, QPixmap
from PySide6.QtWidgets import QLineEdit, QPushButton, QVBoxLayout, QWidget

from trainer.rules.errors import NotationError
from trainer.rules.money import format_cents, parse_money
from trainer.ui.flow_layout import FlowLayout
from trainer.ui.scaling import set_font
from trainer.ui.theme import CHIPS
from trainer.ui.widgets.drag import ClickOrDrag
from trainer.ui.widgets.labels import error_label, make_label
from trainer.ui.widgets.number_keys import NUMBER_KINDS, number_field


def line_edit(placeholder: str, name: str, kind: type[QLineEdit] = QLineEdit) -> QLineEdit:
    """A large answer field (``kind``: QLineEdit or a subclass such as :class:`MoneyEdit`)."""
    edit = kind()
    set_font(edit, 2.0, bold=True)
    edit.setPlaceholderText(placeholder)
    edit.setAccessibleName(name)
    edit.setMaximumWidth(560)
    return edit


#: Placeholder and help text of the typed answers, by answer kind value.
TYPED_HELP = {
    "money": ("$0.00", "Type the amount (e.g. 12.50 or $1,234.50) or build it with chips, then press Enter"),
    "number": ("0", "Type a whole number and press Enter"),
    "text": ("", "Type the answer and press Enter"),
    "position": ("", "Type a position (dealer, seat 1-6, dead hand) and press Enter"),
    "chips": ("2 × $100, 1 × $25", "Type the chips as count × value (2x100, 1x25) and press Enter; "
                                   "F2: pay on the chip tray"),
    "call": ("Player 6, Banker 7, …", "Type the call, its phrases separated by commas, and press Enter; "
                                     "F2: build it from the phrases"),
}


_CHIP_MIME = "application/x-paigow-chip-cents"


def _cents_in(edit: QLineEdit) -> int:
    """The amount in the field, 0 when it is empty or cannot be read (a chip then starts afresh)."""
    try:
        return parse_money(edit.text()) if edit.text().strip() else 0
    except NotationError:
        return 0


#: A chip button's least diameter in its font's pixel size (68 px at Normal is more: 5.7 of 12 px).
CHIP_EMS = 3.6


class ChipButton(ClickOrDrag, QPushButton):
    """A chip: click to add its value to the amount, right-click to take it off, or drag it onto the field."""

    added = Signal(int)

    def __init__(self, cents: int, colour: str, ink: str, parent: QWidget | None = None) -> None:
        super().__init__(format_cents(cents).replace(".00", ""), parent)
        self.cents = cents
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setToolTip(f"{format_cents(cents)}: click to add, right-click to take off, or drag onto the amount")
        self._colours = colour, ink
        set_font(self, 1.0, bold=True)
        self._fit()

    def _fit(self) -> None:
        """Round, wide enough for its value ("$1,000"), and grown with the text size (issue 29: at Projector
        a $1 chip is as large beside its text as at Normal, never the same 68 px)."""
        side = max(68, round(CHIP_EMS * QFontInfo(self.font()).pixelSize()),
                   self.fontMetrics().horizontalAdvance(self.text()) + 22)
        self.setFixedSize(side, side)
        colour, ink = self._colours
        self.setStyleSheet(f"QPushButton {{ background: {colour}; color: {ink}; border: 4px dashed {ink}; "
                           f"border-radius: {side // 2}px; padding: 0px; }}")

    def changeEvent(self, event) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.RightButton:
            self.added.emit(-self.cents)

    def drag_data(self) -> tuple[str, int, QPixmap, Qt.DropAction]:
        return _CHIP_MIME, self.cents, self.grab(), Qt.DropAction.CopyAction

    def left_clicked(self) -> None:
        self.added.emit(self.cents)


class MoneyEdit(QLineEdit):
    """The answer field; a chip dropped on it adds its value (``chipDropped``)."""

    chipDropped = Signal(int)

    def dragEnterEvent(self, event) -> None:  # noqa: N802
        if event.mimeData().hasFormat(_CHIP_MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event) -> None:  # noqa: N802
        if event.mimeData().hasFormat(_CHIP_MIME):
            event.acceptProposedAction()
            self.chipDropped.emit(int(bytes(event.mimeData().data(_CHIP_MIME)).decode()))
        else:
            super().dropEvent(event)


class TypedAnswer(QWidget):
    """A large text field: Enter emits the text typed. Errors from the drill are shown inline.

    For money, a row of chips builds the amount too (click, right-click, or drag onto the field); the
    field always shows the amount as text, so what is submitted is what the trainee sees.
    """

    submitted = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edit = line_edit("", "Answer", MoneyEdit)
        self.edit.returnPressed.connect(lambda: self.submitted.emit(self.edit.text()))
        self.edit.textEdited.connect(lambda _: self.error.clear())
        self.edit.chipDropped.connect(self.add_chip)
        self.error = error_label()
        self.help = make_label("", 1.1, wrap=True)
        self.chips = QWidget()
        row = FlowLayout(self.chips)  # a narrow column or a large text size: the chips wrap
        row.setContentsMargins(0, 4, 0, 4)
        for cents, colour, ink in reversed(CHIPS):  # largest first, as the chip tray and a dealer stack them
            chip = ChipButton(cents, colour, ink)
            chip.added.connect(self.add_chip)
            row.addWidget(chip)
        clear = QPushButton("Clear")
        clear.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        clear.clicked.connect(lambda: self.edit.clear())
        row.addWidget(clear)
        self.setFocusProxy(self.edit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit)
        layout.addWidget(self.chips)
        layout.addWidget(self.error)
        layout.addWidget(self.help)
        layout.addStretch(1)

    def reset(self, kind: str) -> None:
        placeholder, help_text = TYPED_HELP.get(kind, TYPED_HELP["text"])
        self.edit.clear()
        self.edit.setPlaceholderText(placeholder)
        self.help.setText(help_text)
        self.error.clear()
        self.chips.setVisible(kind == "money")
        number_field(self.edit, kind in NUMBER_KINDS)

    def add_chip(self, cents: int) -> None:
        """Add (or, negative, take off) a chip's value; never below zero."""
        self.edit.setText(format_cents(max(0, _cents_in(self.edit) + cents)))
        self.error.clear()
        self.edit.setFocus()

    def show_error(self, message: str, part: int | None = None) -> None:
        self.error.setText(message)
        self.edit.setFocus()
        self.edit.selectAll()
