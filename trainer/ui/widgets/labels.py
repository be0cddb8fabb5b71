"""Labels and the text around them: labels in a scaled font, a word-wrapped label never cut, the
scroll area that gives it its height, a page that scrolls only where the window is too short for it,
the inline error line, a game's heading in a skills table.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QTableWidgetItem, QWidget

from trainer.ui.scaling import set_font


def heading_item(title: str, cls=QTableWidgetItem):
    """A game's title over its skills: bold, neither selectable nor a skill (no UserRole)."""
    item = cls(title)
    font = item.font()
    font.setBold(True)
    item.setFont(font)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled)
    return item


class WholeLabel(QLabel):
    """A word-wrapped label never cut: its size hints are as tall as its text at its width, so a
    layout gives it the whole text (and a scroll area around it scrolls rather than clip it), and
    no more (no gap under a short text)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)
        self._need = 0

    def _fit(self) -> None:
        need = self.heightForWidth(self.width()) if self.text() else 0
        if need != self._need:
            self._need = need
            self.updateGeometry()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().sizeHint()
        return QSize(hint.width(), self._need or hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().minimumSizeHint()
        return QSize(hint.width(), self._need or hint.height())

    def setText(self, text: str) -> None:  # noqa: N802 - Qt API
        super().setText(text)
        self._fit()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit()


class FitScroll(QScrollArea):
    """A frameless vertical scroll area around ``widget``, asking for the content's whole height at
    its width: it scrolls only when the window is too short to give it that (a larger text size)."""

    def __init__(self, widget: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(widget)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().sizeHint()
        inner = self.widget()
        if inner is None or self.width() <= 1:
            return hint
        return QSize(hint.width(), inner.heightForWidth(self.viewport().width()) if inner.hasHeightForWidth()
                     else inner.sizeHint().height())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()


class PageScroll(QScrollArea):
    """A frameless scroll area round :attr:`page` (lay it out): scrolls vertically only where the window
    is shorter than the page's height at its width (each part's preferred height: what can shrink, the
    pictures, must prefer little), never across: the page's least width must fit (choices and buttons
    wrap)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.page = QWidget()
        self.setWidget(self.page)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


def make_label(text: str = "", scale: float = 1.3, bold: bool = False, name: str = "", wrap: bool = False,
               kind: type[QLabel] = QLabel) -> QLabel:
    """A label with a scaled font (see ``set_font``), an optional object name (for the style sheet)
    and word wrap; ``kind``: QLabel or a subclass (``WholeLabel``)."""
    label = kind(text)
    if name:
        label.setObjectName(name)
    label.setWordWrap(wrap)
    set_font(label, scale, bold)
    return label


def error_label() -> QLabel:
    """The red inline message under an input (parse errors, refusals)."""
    return make_label("", 1.3, bold=True, name="inline-error", wrap=True)
