"""The call builder: a call aloud (issue 31) built phrase by phrase from the question's phrase bank.

Each phrase is a button, numbered 1-9 then lettered A-Z (its key); a click or the key adds it to the
call so far, Backspace takes off the last phrase, Escape clears, Enter sends the call as the drill
reads it (phrases separated by commas); F2 (left to the answer panel) asks for the typed field. The
builder decides nothing: the drill checks each phrase in order (``trainer.drills.answers.judge_call``).
"""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from trainer.ui.flow_layout import FlowLayout
from trainer.ui.scaling import refresh_fonts, set_font
from trainer.ui.widgets.chip_tray import keeps_escape
from trainer.ui.widgets.labels import error_label, make_label

#: The key of each phrase button, in the bank's order.
KEYS = "123456789ABCDEFGHIJKLMNOPQRSUVWXYZ"  # (no T: it reads as "type")


class CallBuilder(QWidget):
    """A call built from phrase buttons; ``submitted`` sends the phrases joined by commas."""

    submitted = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Call builder")
        self.phrases: tuple[str, ...] = ()
        self.call: list[str] = []
        self.bank = QWidget()
        self._row = FlowLayout(self.bank)
        self.so_far = make_label("", 1.3, bold=True, wrap=True)
        self.so_far.setAccessibleName("The call so far")
        self.error = error_label()
        self.help = make_label("", 1.0, wrap=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.bank, self.so_far, self.error, self.help):
            layout.addWidget(widget)
        layout.addStretch(1)

    def set_phrases(self, phrases: Sequence[str]) -> None:
        """Offer ``phrases`` (the question's bank, in its order) and empty the call."""
        self.phrases = tuple(phrases)[:len(KEYS)]
        while self._row.count():
            item = self._row.takeAt(0)
            if item.widget():
                item.widget().hide()  # (deleteLater waits for the event loop: it would lie over the new bank)
                item.widget().deleteLater()
        for key, phrase in zip(KEYS, self.phrases):
            button = QPushButton(f"{key}  {phrase}")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumHeight(40)
            button.setToolTip(f"Key {key}: add \"{phrase}\" to the call")
            set_font(button, 1.1)
            button.clicked.connect(lambda _=False, p=phrase: self.add(p))
            self._row.addWidget(button)
        refresh_fonts(self.bank)
        keys = KEYS[:len(self.phrases)]
        self.help.setText(f"{keys[0]}-{keys[-1]} or click: add · Backspace: undo · Esc: clear · Enter: call · F2: type")
        self.clear()

    def add(self, phrase: str) -> None:
        self.call.append(phrase)
        self._refresh()

    def undo(self) -> None:
        if self.call:
            self.call.pop()
        self._refresh()

    def clear(self) -> None:
        self.call.clear()
        self._refresh()

    def text(self) -> str:
        """The call so far as the drill reads it: the phrases separated by commas."""
        return ", ".join(self.call)

    def show_error(self, message: str, part: int | None = None) -> None:
        self.error.setText(message)

    def event(self, event: QEvent) -> bool:
        if keeps_escape(event, bool(self.call)):
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        key, text = event.key(), event.text().upper()
        if text and text in KEYS[:len(self.phrases)]:
            self.add(self.phrases[KEYS.index(text)])
        elif key == Qt.Key.Key_Backspace:
            self.undo()
        elif key == Qt.Key.Key_Escape:
            self.clear()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submitted.emit(self.text())
        else:
            super().keyPressEvent(event)

    def _refresh(self) -> None:
        self.so_far.setText(f"Call: {self.text()}" if self.call else "Call: (nothing yet)")
        self.error.clear()
