"""One animated table: the scene in a view that keeps its aspect, its player and its caption bar.

A :class:`TablePane` is what the table screen shows once, or twice side by side.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QLabel, QSizePolicy, QVBoxLayout, QWidget

from trainer.ui.paigow.player import Player
from trainer.ui.paigow.table_scene import TableScene
from trainer.ui.theme import Theme
from trainer.ui.paigow.timeline import Timeline


class TableView(QGraphicsView):
    """Shows the whole table, scaled to fit, never scrolled."""

    keyPressed = Signal(object)

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(320, 180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.set_theme(scene.theme)

    def set_theme(self, theme: Theme) -> None:
        # no background brush: the scene paints the table and the letterbox around it
        self.viewport().update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def keyPressEvent(self, event) -> None:
        # the table screen handles every key (demonstration controls); the view scrolls nothing
        self.keyPressed.emit(event)
        if not event.isAccepted():
            super().keyPressEvent(event)


class CaptionBar(QFrame):
    """The current move in words, its regulation section, and where we are in the round."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("captionBar")
        self.title = QLabel()
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.citation = QLabel()
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 8, 14, 10)
        lay.setSpacing(2)
        for w in (self.title, self.caption, self.citation):
            lay.addWidget(w)
        self._scale = 1.0
        self._theme: Theme | None = None

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.setStyleSheet(f"#captionBar {{ background: {theme.caption_bg}; border-radius: 8px; }}"
                           f"#captionBar QLabel {{ color: {theme.caption_text}; }}")
        self.citation.setStyleSheet(f"color: {theme.citation_text};")
        self.set_scale(self._scale)

    #: The caption bar never takes more than this share of its pane's height: long captions shrink.
    MAX_SHARE = 0.3

    def set_scale(self, scale: float) -> None:
        """1.0 at the desk; larger in demonstration mode, for a projector."""
        self._scale = scale
        for label, size, bold in ((self.title, 11, True), (self.caption, 17, True), (self.citation, 13, False)):
            f = label.font()
            f.setPointSizeF(size * scale)
            f.setBold(bold)
            label.setFont(f)
        self._fit()

    def show_step(self, title: str, caption: str, citation: str) -> None:
        self.title.setText(title)
        self.caption.setText(caption or "Ready: press Play (or Space to step).")
        self.citation.setText(f"Regulation: {citation}" if citation else "")
        self._fit()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """Shrink the caption's font until the whole bar fits its share of the pane."""
        pane = self.parentWidget()
        if pane is None or pane.height() < 100 or self.width() < 100:
            return
        limit = pane.height() * self.MAX_SHARE
        others = sum(w.sizeHint().height() for w in (self.title, self.citation)) + 26
        f = QFont(self.caption.font())
        size = 17 * self._scale
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
        width = max(50, self.width() - 30)
        while size > 9:
            f.setPointSizeF(size)
            height = QFontMetrics(f).boundingRect(QRect(0, 0, width, 100000), flags, self.caption.text()).height()
            if height + others <= limit:
                break
            size -= 1
        if abs(self.caption.font().pointSizeF() - size) > 0.01:
            self.caption.setFont(f)
            for label, own in ((self.title, 11), (self.citation, 13)):  # never louder than the caption
                lf = QFont(label.font())
                lf.setPointSizeF(min(own * self._scale, size * own / 17))
                label.setFont(lf)


class TablePane(QWidget):
    """A scene (the Pai Gow table unless another is given), its view, its player and its caption bar."""

    def __init__(self, theme: Theme, parent: QWidget | None = None, scene: QGraphicsScene | None = None) -> None:
        super().__init__(parent)
        self.scene = scene if scene is not None else TableScene(theme, self)  # another game's table scene, if given
        self.view = TableView(self.scene, self)
        self.player = Player(self.scene, parent=self)
        self.caption = CaptionBar(self)
        self.caption.set_theme(theme)
        self.heading = ""
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        lay.addWidget(self.view, 1)
        lay.addWidget(self.caption)
        self.player.captionChanged.connect(self._on_caption)
        self.player.stepChanged.connect(lambda _: self._on_caption(*self.player.caption()))

    def set_timeline(self, timeline: Timeline, heading: str, index: int = 0) -> None:
        self.heading = heading
        self.player.set_timeline(timeline, index)

    def set_theme(self, theme: Theme) -> None:
        self.scene.set_theme(theme)
        self.view.set_theme(theme)
        self.caption.set_theme(theme)

    def _on_caption(self, caption: str, citation: str) -> None:
        title = f"{self.heading}  ·  step {self.player.shown} of {len(self.player)}"
        self.caption.show_step(title, caption, citation)
