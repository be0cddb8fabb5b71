"""Click or drag: the mouse handling shared by the draggable widgets (a tile, a chip)."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QDrag, QMouseEvent, QPixmap


class ClickOrDrag:
    """Mouse handling of a widget that is clicked or dragged (mixed in before its Qt class): a left press
    moved 8 px drags ``drag_data()`` (mime type, integer payload, picture, action); a left press released
    in place calls ``left_clicked()``."""

    _press: QPoint | None = None

    def drag_data(self) -> tuple[str, int, QPixmap, Qt.DropAction]:
        raise NotImplementedError

    def left_clicked(self) -> None:
        raise NotImplementedError

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        self._press = event.position().toPoint() if event.button() == Qt.MouseButton.LeftButton else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._press is None or (event.position().toPoint() - self._press).manhattanLength() < 8:
            return
        self._press = None
        kind, value, picture, action = self.drag_data()
        mime = QMimeData()
        mime.setData(kind, str(value).encode())
        drag = QDrag(self)  # type: ignore[arg-type]  # mixed into a QWidget
        drag.setMimeData(mime)
        drag.setPixmap(picture)
        drag.exec(action)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._press is not None and event.button() == Qt.MouseButton.LeftButton:
            self.left_clicked()
        self._press = None
