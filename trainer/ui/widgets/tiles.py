"""The tile widgets: a tile face with its key and name, the boxes tiles are placed in, and the hand
setter, which sets four tiles into a high and a low hand by mouse or keyboard and emits the hands.

Tile faces come from the table's tile art (``trainer.ui.paigow.tile_art``), in the current theme.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QKeyEvent, QMouseEvent, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from trainer.rules.paigow.tiles import Tile
from trainer.ui.paigow.tile_art import TILE_RATIO, draw_tile_face, paint_tile_face
from trainer.ui.scaling import refresh_fonts, scaled_font, set_font
from trainer.ui.theme import Theme, theme_named
from trainer.ui.widgets.drag import ClickOrDrag
from trainer.ui.widgets.labels import make_label


_MIME = "application/x-paigow-tile-index"


def fit_tile(rect: QRectF) -> QRectF:
    """The largest upright tile rectangle (width 1, length ``TILE_RATIO``) centred in ``rect``."""
    w = min(rect.width(), rect.height() / TILE_RATIO)
    face = QRectF(0, 0, w, w * TILE_RATIO)
    face.moveCenter(rect.center())
    return face


def tile_pixmap(tile: Tile, height: int, theme: Theme) -> QPixmap:
    """A transparent pixmap of one tile face, for drags and labels."""
    pix = QPixmap(int(height / TILE_RATIO) + 2, height)
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    paint_tile_face(painter, fit_tile(QRectF(0, 0, pix.width(), pix.height())), tile, theme)
    painter.end()
    return pix


class TileView(ClickOrDrag, QWidget):
    """A tile face with its key number and name under it; shows selection; drags its index."""

    clicked = Signal(int)

    def __init__(self, index: int, tile: Tile, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index, self.tile, self.theme = index, tile, theme
        self.selected = False
        self.setMinimumSize(56, 120)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setAccessibleName(f"Tile {index + 1}: {tile.name}")
        self.setToolTip(f"{tile.name}, {tile.chinese_name} — key {index + 1}")

    def sizeHint(self) -> QSize:
        return QSize(120, 260)

    def set_selected(self, selected: bool) -> None:
        self.selected = selected
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        text = f"{self.index + 1}  ·  {self.tile}"
        font = self._label_font(text)
        label_h = QFontMetricsF(font).height() * 1.3  # the label's own font: at a large zoom it is taller
        area = QRectF(self.rect()).adjusted(6, 6, -6, -6 - label_h)
        if self.selected:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setPen(QPen(QColor(self.theme.selection), 6))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(3, 3, -3, -3), 10, 10)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        draw_tile_face(painter, fit_tile(area), self.tile, self.theme)
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        painter.setFont(font)
        painter.drawText(QRectF(0, self.height() - label_h - 4, self.width(), label_h),
                         Qt.AlignmentFlag.AlignCenter, text)
        painter.end()

    def _label_font(self, text: str) -> QFont:
        """The screen's label size, smaller where the label would be wider than the tile's slot."""
        font = scaled_font(self, 1.2, bold=True)
        wide = QFontMetricsF(font).horizontalAdvance(text)
        if wide > self.width() - 8 > 0:
            font.setPointSizeF(max(6.0, font.pointSizeF() * (self.width() - 8) / wide))
        return font

    def drag_data(self) -> tuple[str, int, QPixmap, Qt.DropAction]:
        return _MIME, self.index, tile_pixmap(self.tile, 120, self.theme), Qt.DropAction.MoveAction

    def left_clicked(self) -> None:
        self.clicked.emit(self.index)


class TileZone(QFrame):
    """A titled box holding tiles: the trainee's unplaced tiles, or the high or low hand."""

    clicked = Signal(str)
    dropped = Signal(int, str)

    def __init__(self, name: str, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.setObjectName(f"zone-{name}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAcceptDrops(True)
        self.setAccessibleName(title)
        self.title = make_label(title, 1.3, bold=True)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.row = QHBoxLayout()
        self.row.setSpacing(12)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(self.row, 1)
        self.setMinimumHeight(100)  # a short window (Projector text on 1280x720): smaller tiles, never overflow

    def set_tiles(self, views: Iterable[TileView]) -> None:
        while self.row.count():
            item = self.row.takeAt(0)
            if item.widget():
                item.widget().setParent(None)
        self.row.addStretch(1)
        for view in views:
            self.row.addWidget(view)
            view.show()
        self.row.addStretch(1)
        refresh_fonts(self)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.name)

    def dragEnterEvent(self, event) -> None:  # noqa: N802
        if event.mimeData().hasFormat(_MIME):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802
        index = int(bytes(event.mimeData().data(_MIME)).decode())
        event.acceptProposedAction()
        self.dropped.emit(index, self.name)


class HandSetter(QWidget):
    """Set four tiles into a high and a low hand, by mouse or keyboard; emits the hands built.

    Mouse: click a tile then a hand (or drag it there); click a placed tile to take it back.
    Keyboard: 1-4 select a tile, H / L place it, Backspace undoes, Enter submits. When one hand
    holds two tiles the other two go to the other hand. The widget does not check the setting.
    """

    submitted = Signal(tuple, tuple)
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Set the hand")
        self._tiles: tuple[Tile, ...] = ()
        self._views: list[TileView] = []
        self._place: list[str] = []
        self._history: list[list[str]] = []
        self._selected: int | None = None
        self.theme = theme_named("light")
        self.pool = TileZone("pool", "Your tiles")
        self.high = TileZone("high", "HIGH hand  (H)")
        self.low = TileZone("low", "LOW hand  (L)")
        self.message = make_label("", 1.2, name="inline-error")
        self.help = make_label("Keys: 1–4 select · H / L place · Backspace undo · Enter submit", 1.0, wrap=True)
        self.submit_button = QPushButton("Submit  (Enter)")
        set_font(self.submit_button, 1.3, bold=True)
        self.submit_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.submit_button.clicked.connect(self.submit)
        undo = QPushButton("Undo  (Backspace)")
        set_font(undo, 1.1)
        undo.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        undo.clicked.connect(self.undo)
        hands = QHBoxLayout()
        hands.addWidget(self.high, 1)
        hands.addWidget(self.low, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.help, 1)
        buttons.addWidget(undo)
        buttons.addWidget(self.submit_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pool, 1)
        layout.addLayout(hands, 1)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        for zone in (self.pool, self.high, self.low):
            zone.clicked.connect(self._zone_clicked)
            zone.dropped.connect(self.place)

    # -- state -----------------------------------------------------------------------------------
    def set_tiles(self, tiles: Sequence[Tile]) -> None:
        """Start over with four new tiles, all unplaced."""
        self._tiles = tuple(tiles)
        for view in self._views:
            view.deleteLater()
        self._views = []
        for i, tile in enumerate(self._tiles):
            view = TileView(i, tile, self.theme)
            view.clicked.connect(self._tile_clicked)
            self._views.append(view)
        self._place = ["pool"] * len(self._tiles)
        self._history = []
        self._selected = None
        self.message.clear()
        self._refresh()

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        for view in self._views:
            view.theme = theme
            view.update()

    def placement(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """(high tiles, low tiles) as placed so far."""
        return (tuple(t for t, p in zip(self._tiles, self._place) if p == "high"),
                tuple(t for t, p in zip(self._tiles, self._place) if p == "low"))

    @property
    def selected(self) -> int | None:
        return self._selected

    def select(self, index: int) -> None:
        if 0 <= index < len(self._tiles):
            self._selected = None if self._selected == index else index
            self._refresh()

    def place(self, index: int, zone: str) -> None:
        """Move tile ``index`` to ``zone`` (pool, high or low), filling the other hand when one is full."""
        if not 0 <= index < len(self._tiles) or self._place[index] == zone:
            return
        if zone != "pool" and self._place.count(zone) >= 2:
            self.message.setText(f"The {zone} hand already has two tiles: take one back first.")
            return
        self._history.append(list(self._place))
        self._place[index] = zone
        other = {"high": "low", "low": "high"}.get(zone)
        if other and self._place.count(zone) == 2 and self._place.count(other) == 0:
            self._place = [other if p == "pool" else p for p in self._place]
        self._selected = None
        self.message.clear()
        self._refresh()

    def place_selected(self, zone: str) -> None:
        if self._selected is None:
            unplaced = [i for i, p in enumerate(self._place) if p == "pool"]
            if not unplaced:
                return
            self._selected = unplaced[0]
        self.place(self._selected, zone)

    def undo(self) -> None:
        if self._history:
            self._place = self._history.pop()
            self._selected = None
            self.message.clear()
            self._refresh()

    def show_error(self, message: str, part: int | None = None) -> None:
        self.message.setText(message)

    def submit(self) -> None:
        high, low = self.placement()
        if len(high) != 2 or len(low) != 2:
            self.message.setText("Place all four tiles first: two in the high hand, two in the low hand.")
            return
        self.submitted.emit(high, low)

    def _refresh(self) -> None:
        for i, view in enumerate(self._views):
            view.set_selected(i == self._selected)
        for zone in (self.pool, self.high, self.low):
            zone.set_tiles(v for v, p in zip(self._views, self._place) if p == zone.name)
        self.changed.emit()

    def _tile_clicked(self, index: int) -> None:
        if self._place[index] != "pool":
            self.place(index, "pool")
        else:
            self.select(index)

    def _zone_clicked(self, zone: str) -> None:
        if self._selected is not None:
            self.place(self._selected, zone)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_4:
            self.select(key - Qt.Key.Key_1)
        elif key == Qt.Key.Key_H:
            self.place_selected("high")
        elif key == Qt.Key.Key_L:
            self.place_selected("low")
        elif key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self.undo()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submit()
        else:
            super().keyPressEvent(event)
