"""Click or drag: the mouse handling shared by the draggable widgets (a tile, a chip), and a drag within
one window (the chip tray's chips)."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QMimeData, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QDrag, QMouseEvent, QPixmap
from PySide6.QtWidgets import QLabel, QWidget


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


class DragAcross(QObject):
    """A drag inside one window, with no drag-and-drop session (which some platforms lack: the offscreen
    one, a kiosk's): a left press on a watched widget (``watch``) moved 8 px takes what ``grip(widget,
    point)`` says lies there, ``(value, picture)`` (None: nothing), carries its picture under the pointer,
    and the release drops it: ``dropped(widget, value, global point)``. The watched widget sees neither
    that move nor that release, so a drag is never also a click (nor a drag-and-drop session)."""

    dropped = Signal(QObject, int, QPoint)

    def __init__(self, parent: QWidget, grip: Callable[[QWidget, QPoint], tuple[int, QPixmap] | None]) -> None:
        super().__init__(parent)
        self._grip = grip
        self._press: tuple[QWidget, QPoint] | None = None
        self._carried: tuple[int, QLabel] | None = None

    def watch(self, widget: QWidget) -> None:
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            self._press = watched, event.position().toPoint()
        elif kind == QEvent.Type.MouseMove and self._press is not None and self._press[0] is watched:
            return self._move(watched, event.position().toPoint(), event.globalPosition().toPoint())
        elif kind == QEvent.Type.MouseButtonRelease:
            carried, self._press, self._carried = self._carried, None, None
            if carried is not None:
                carried[1].deleteLater()
                self.dropped.emit(watched, carried[0], event.globalPosition().toPoint())
                return True
        return False

    def _move(self, source: QWidget, point: QPoint, where: QPoint) -> bool:
        if self._carried is None:
            if (point - self._press[1]).manhattanLength() < 8:
                return False
            taken = self._grip(source, self._press[1])
            if taken is None:
                self._press = None
                return False
            picture = QLabel(source.window())
            picture.setPixmap(taken[1])
            picture.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            picture.show()
            self._carried = taken[0], picture
        picture = self._carried[1]
        picture.move(picture.parentWidget().mapFromGlobal(where) - picture.rect().center())
        picture.raise_()
        return True
