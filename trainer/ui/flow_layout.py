"""A layout that lines its widgets up left to right and wraps them onto a new line when the width
runs out (Qt's "flow layout" example), for option bars: at a large text size (View → Text size →
Projector) a bar of pickers takes two lines instead of making the window wider than the screen.

A *group* (``group(label, widget)``) keeps a label with its control on one line.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLayout, QLayoutItem, QSizePolicy, QWidget


class FlowLayout(QLayout):
    """Items left to right, wrapping; each line as tall as its tallest item, items centred on it."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 8) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        #: Heights by width until the items change: a screen's every relayout asks several times.
        self._heights: dict[int, int] = {}
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt API
        self._items.append(item)
        self.invalidate()

    def invalidate(self) -> None:
        """An item's size or visibility changed (Qt calls this): the heights are measured again."""
        self._heights.clear()
        super().invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        self._heights.clear()
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt API
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        if width not in self._heights:
            self._heights[width] = self._arrange(QRect(0, 0, width, 0), move=False)
        return self._heights[width]

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt API
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """All on one line."""
        visible = [i for i in self._items if not i.isEmpty()]
        width = sum(i.sizeHint().width() for i in visible) + self._spacing * max(0, len(visible) - 1)
        return QSize(width, max((i.sizeHint().height() for i in visible), default=0))

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt API
        """As narrow as the widest item."""
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    def _arrange(self, rect: QRect, move: bool) -> int:
        """Place the items in lines within ``rect`` (if ``move``); the height they take."""
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        x = 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = _hint(item).boundedTo(QSize(area.width(), 1 << 20)) if area.width() > 0 else _hint(item)
            if item.hasHeightForWidth():  # a wrapping text: as tall as it is at the width it gets
                hint.setHeight(item.heightForWidth(hint.width()))
            if lines[-1] and x + hint.width() > area.width():
                lines.append([])
                x = 0
            lines[-1].append((item, hint))
            x += hint.width() + self._spacing
        y = area.y()
        for line in lines:
            height = max((hint.height() for _, hint in line), default=0)
            x = area.x()
            for item, hint in line:
                if move:
                    item.setGeometry(QRect(QPoint(x, y + (height - hint.height()) // 2), hint))
                x += hint.width() + self._spacing
            y += height + self._spacing
        return y - self._spacing - rect.y() + m.bottom()


def _hint(item: QLayoutItem) -> QSize:
    """The item's size hint; a wrapping label's on one line (Qt's wraps it where there is room)."""
    label = item.widget()
    if isinstance(label, QLabel) and label.wordWrap() and label.text():
        m = label.contentsMargins()
        metrics = label.fontMetrics()  # (a symbol's advance can pass its ink: "✔ Correct: Win" wrapped)
        ink = max(metrics.boundingRect(label.text()).width(), metrics.horizontalAdvance(label.text()))
        one_line = ink + m.left() + m.right() + 2 * label.margin() + 4
        return QSize(one_line, item.sizeHint().height())
    return item.sizeHint()


def group(*widgets: QWidget) -> QWidget:
    """Widgets kept together on one line of a flow (a label and its control)."""
    box = QWidget()
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(4)
    for w in widgets:
        row.addWidget(w)
    box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    return box
