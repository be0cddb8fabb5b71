"""Numbered choices: a column of answers picked by number key or click (``ChoiceList``), and a row of
them for one part of a multi-part answer (``ChoiceRow``). A choice's text wraps at its button's width
(``WrapButton``), and choices stand in two columns only where the width allows: a long choice at
Projector never makes the window wider (issue 29).
"""

from __future__ import annotations

import re
from typing import Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import QGridLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from trainer.ui.citation_links import words
from trainer.ui.scaling import set_font
from trainer.ui.widgets.labels import error_label
from trainer.ui.widgets.wrap_button import WrapButton


_CHOICE_STYLE = "text-align: left; padding: 6px 18px;"


def key_numbers(labels: Sequence[str]) -> list[int]:
    """Each choice's number key: a choice named by its own number (the woodpile's stacks S1-S8) keeps
    that number from one question to the next, as the stacks are taken away (issue 40: the keys
    re-mapped after each delivery); other choices are numbered 1, 2, 3 in order.

    >>> key_numbers(["S2", "S5", "S8"]), key_numbers(["Day", "Teen"]), key_numbers(["1-2", "5-6"])
    ([2, 5, 8], [1, 2], [1, 2])
    """
    own = [re.fullmatch(r"[A-Za-z]+ ?([1-9])", label) for label in labels]
    numbers = [int(m.group(1)) for m in own if m]
    if len(numbers) == len(labels) and len(set(numbers)) == len(numbers):
        return numbers
    return list(range(1, len(labels) + 1))


def set_style(widget: QWidget, sheet: str) -> None:
    """``widget``'s style sheet, set only when it changes (setting one re-polishes and repaints)."""
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


class ChoiceList(QWidget):
    """Numbered answer buttons; keys 1-9 choose. Emits the chosen index.

    The buttons are kept from one question to the next and only their text changed (new buttons,
    each with a style sheet, cost a re-polish, a relayout and a repaint of the panel per question).
    """

    chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Choices")
        self.setObjectName("choices")
        self.buttons: list[QPushButton] = []
        #: The number key of each button (``key_numbers``).
        self.keys: list[int] = []
        self._pool: list[QPushButton] = []
        self._shape = (0, 0)  # (buttons, columns) laid out in the grid
        #: The buttons' font, times the text's: smaller in a cramped column (the dealer's seat at Projector
        #: on a small window, issue 40: every choice in sight, two to a row)
        self.font_scale = 1.6
        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(10)
        self.error = error_label()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._grid, 1)
        layout.addWidget(self.error)

    def _button(self, i: int) -> QPushButton:
        button = WrapButton(parent=self, horizontal=QSizePolicy.Policy.Expanding)
        button.setMinimumHeight(56)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(lambda _=False: self.chosen.emit(i))
        return button

    def set_choices(self, labels: Sequence[str]) -> None:
        self.error.clear()
        while len(self._pool) < len(labels):
            self._pool.append(self._button(len(self._pool)))
        self.buttons = self._pool[:len(labels)]
        self.keys = key_numbers(labels)
        for key, button, label in zip(self.keys, self.buttons, map(words, labels)):
            text = f"{key}   {label}" if key <= 9 else label
            if button.text() != text:
                button.setText(text)
            if button.property("fontScale") != self.font_scale:  # a long choice's smaller font (dealer's seat)
                set_font(button, self.font_scale)
            set_style(button, _CHOICE_STYLE)
        columns = self._columns(self.width())
        if self._shape != (len(labels), columns):
            self._lay_out(columns)
        for button in self._pool[len(labels):]:
            button.hide()

    def _columns(self, width: int) -> int:
        """Two columns (they save height, for a picture above) for four choices or more when each takes
        two lines at most in half of ``width``; else one, where a long choice wraps (the window never widens)."""
        if len(self.buttons) < 4:
            return 1
        half = (width - self._grid.spacing()) // 2
        fits = all(b.minimumSizeHint().width() <= half and len(b.wrapped(half)) <= 2 for b in self.buttons)
        return 2 if fits else 1

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """As tall as the choices' lines at the list's width (a table above keeps the rest: ``FitHeight``)."""
        hint = super().sizeHint()
        return QSize(hint.width(), self.heightForWidth(self.width())) if self.width() > 1 else hint

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        columns = self._columns(event.size().width())
        if self.buttons and columns != self._shape[1]:
            self._lay_out(columns)
        elif event.size().width() != event.oldSize().width():
            self.updateGeometry()  # (the lines, so the height, follow the width)

    def _lay_out(self, columns: int) -> None:
        for button in self._pool:
            self._grid.removeWidget(button)
        for i, button in enumerate(self.buttons):
            self._grid.addWidget(button, i // columns, i % columns)
            button.show()
        for row in range(self._grid.rowCount()):
            self._grid.setRowStretch(row, 0)
        self._grid.setRowStretch(-(-len(self.buttons) // columns), 1)
        self._shape = (len(self.buttons), columns)

    def show_error(self, message: str, part: int | None = None) -> None:
        self.error.setText(message)

    def mark(self, expected: int | None, given: int | None) -> None:
        """After the verdict: tick the right choice and cross the one given, if it differs."""
        for i, button in enumerate(self.buttons):
            if i == expected:
                button.setText(marked("✔", button.text(), i))
                set_style(button, _CHOICE_STYLE + "border: 3px solid #2e9d5b; background: rgba(46, 157, 91, 50);")
            elif i == given:
                button.setText(marked("✘", button.text(), i))
                set_style(button, _CHOICE_STYLE + "border: 3px solid #d93a3a; background: rgba(217, 58, 58, 50);")

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key() - Qt.Key.Key_0
        if 1 <= key <= 9 and key in self.keys:
            self.chosen.emit(self.keys.index(key))
        else:
            super().keyPressEvent(event)


def marked(mark: str, text: str, i: int) -> str:
    """A choice's text with the verdict's mark in place of its key number (``1   Teen`` -> ``✔   Teen``),
    so that marking it does not widen it; a choice without a number gets the mark before it.

    >>> marked("✔", "1   Teen", 0), marked("✘", "Day", 9)
    ('✔   Teen', '✘ Day')
    """
    number = f"{i + 1}   "
    return f"{mark}   {text[len(number):]}" if text.startswith(number) else f"{mark} {text}"


class ChoiceRow(QWidget):
    """One choice among a few, inside a form: keys 1-9 or the arrows pick, the mouse clicks."""

    changed = Signal()

    def __init__(self, choices: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.choices = tuple(choices)
        self.current: int | None = None
        self.buttons: list[QPushButton] = []
        layout = QGridLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        # an even grid of left-aligned buttons: three columns only for short labels
        longest = max(map(len, self.choices), default=0)
        columns = len(self.choices) if len(self.choices) <= 2 else 3 if longest <= 18 else 2
        for column in range(columns):
            layout.setColumnStretch(column, 1)
        for i, label in enumerate(self.choices):
            button = WrapButton(f"{i + 1}  {words(label)}", horizontal=QSizePolicy.Policy.Expanding)
            button.setCheckable(True)
            button.setStyleSheet(_CHOICE_STYLE)
            set_font(button, 1.2)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, i=i: self.pick(i))
            self.buttons.append(button)
            layout.addWidget(button, i // columns, i % columns)

    def pick(self, index: int | None) -> None:
        self.current = index
        for i, button in enumerate(self.buttons):
            button.setChecked(i == index)
        self.changed.emit()

    def value(self) -> int | None:
        return self.current

    def focusInEvent(self, event) -> None:  # noqa: N802
        super().focusInEvent(event)
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802
        if self.hasFocus():
            painter = QPainter(self)
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Highlight), 3))
            painter.drawRect(self.rect().adjusted(1, 1, -2, -2))
            painter.end()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        index = key - Qt.Key.Key_1
        if 0 <= index < min(9, len(self.choices)):
            self.pick(index)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            step = 1 if key == Qt.Key.Key_Right else -1
            start = -1 if self.current is None else self.current
            self.pick((start + step) % len(self.choices))
        else:
            super().keyPressEvent(event)
