"""A push button whose text wraps at its width (a choice, "Next question (Enter / Space)" at Projector):
``text()`` stays the whole text on one line, its least width is its longest word's, and its height follows
its width (``heightForWidth``), so a long text never makes the window wider (issue 29).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout
from PySide6.QtWidgets import QPushButton, QSizePolicy, QStyle, QStyleOptionButton, QStylePainter, QWidget


def key_prefix(text: str) -> str:
    """The key number (or the verdict's mark) and the spaces after it that begin a choice's text.

    >>> key_prefix("1   Teen"), key_prefix("✔   Teen"), key_prefix("Day")
    ('1   ', '✔   ', '')
    """
    key, sep, _ = text.partition("   ")
    return key + sep if sep and len(key) <= 2 else ""


def wrap_lines(text: str, font: QFont, room: int) -> list[str]:
    """``text`` in lines at most ``room`` px wide, broken at spaces where it can; the lines after the
    first start under the words that follow the key number (``1   ``)."""
    metrics = QFontMetrics(font)
    indent = metrics.horizontalAdvance(key_prefix(text))
    pad = " " * round(indent / max(1, metrics.horizontalAdvance(" ")))
    layout = QTextLayout(text.replace("\n", "\u2028"), font)
    layout.beginLayout()
    lines: list[str] = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(max(1, room - (indent if lines else 0)))
        piece = text[line.textStart():line.textStart() + line.textLength()].strip()
        lines.append(pad + piece if lines else piece)
    layout.endLayout()
    return lines or [""]


class WrapButton(QPushButton):
    """A button whose text wraps at the button's width (``text()`` stays the whole text, on
    one line), so its least width is its longest word's and its height follows its width."""

    def __init__(self, text: str = "", parent: QWidget | None = None,
                 horizontal: QSizePolicy.Policy = QSizePolicy.Policy.Preferred) -> None:
        super().__init__(text, parent)
        policy = QSizePolicy(horizontal, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _option(self, width: int) -> QStyleOptionButton:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.rect = QRect(0, 0, width, max(self.height(), 1))
        return option

    def _room(self, width: int) -> int:
        """The text's width inside a button ``width`` px wide (less its border and padding)."""
        option = self._option(width)
        return self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self).width()

    def _size_of(self, text: QSize) -> QSize:
        """The button's size round ``text`` px of text (its border, padding and the style's margins added)."""
        option = self._option(100)
        return self.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, option, text, self)

    def wrapped(self, width: int | None = None) -> list[str]:
        """The text's lines in a button ``width`` px wide (default: its own width)."""
        return wrap_lines(self.text(), self.font(), self._room(self.width() if width is None else width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """As narrow as its key number and its longest word; one line tall (``heightForWidth`` says more)."""
        metrics, text = self.fontMetrics(), self.text()
        widest = max((metrics.horizontalAdvance(w) for w in text.split()), default=0)
        least = self._size_of(QSize(metrics.horizontalAdvance(key_prefix(text)) + widest + 2, metrics.height()))
        return QSize(min(super().sizeHint().width(), least.width()), max(self.minimumHeight(), least.height()))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        """One line's height (at least the minimum height: a verdict's thicker border then changes
        nothing), and a line's spacing for each further line."""
        metrics = self.fontMetrics()
        one = max(self.minimumHeight(), self._size_of(QSize(width, metrics.height())).height())
        return one + (len(self.wrapped(width)) - 1) * metrics.lineSpacing()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = "\n".join(self.wrapped())
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
