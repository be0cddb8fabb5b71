"""One animated table: the scene in a view that keeps its aspect, its player and its caption bar.

A :class:`TablePane` is what the table screen shows once, or twice side by side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout, QFrame, QGraphicsScene, QGraphicsView, QLabel, QSizePolicy, QVBoxLayout, QWidget,
)

from trainer.ui.paigow.player import Player
from trainer.ui.scaling import base_pt
from trainer.ui.theme import Theme

if TYPE_CHECKING:
    from trainer.ui.paigow.table_scene import TableScene
    from trainer.ui.paigow.timeline import Timeline


def _viewport() -> QWidget:
    """A viewport as Qt makes its own, but made here: the first plain ``QWidget`` that reaches Python
    from C++ (``viewport()``) makes PySide6 build the type of every ``QWidget`` subclass it knows,
    some 60 the app does not use, about 5 ms before the first table paints (issue 15)."""
    viewport = QWidget()
    viewport.setObjectName("qt_scrollarea_viewport")
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    return viewport


class TableView(QGraphicsView):
    """Shows the whole table, scaled to fit, never scrolled."""

    keyPressed = Signal(object)

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setViewport(_viewport())
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
        self.setAccessibleName("The table")
        self.setAccessibleDescription("The Pai Gow table from above, dealer at the bottom: the seats, the woodpile, "
                                      "the tiles and the chips; the caption below says each move in words")
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

    def text_size_changed(self) -> None:
        """View → Text size changed: the table's labels are redrawn at their new least size."""
        self.scene().set_theme(self.scene().theme)

    def keyPressEvent(self, event) -> None:
        # the table screen handles every key (demonstration controls); the view scrolls nothing
        self.keyPressed.emit(event)
        if not event.isAccepted():
            super().keyPressEvent(event)


class CaptionBar(QFrame):
    """The current move in words, its regulation section, and where we are in the round."""

    #: A step is shown: its title, caption and citation (the presenter window shows the same).
    stepShown = Signal(str, str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("captionBar")
        self.title = QLabel()
        self.caption = QLabel()
        self.citation = QLabel()
        for label in (self.title, self.caption, self.citation):  # wrapped, never cut nor widening (issue 29)
            label.setWordWrap(True)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 8, 14, 10)
        lay.setSpacing(2)
        for w in (self.title, self.caption, self.citation):
            lay.addWidget(w)
        lay.addStretch(1)  # beside the table, the words at its top
        self._scale = 1.0
        #: beside the table (a wide pane, see ``TablePane.place_caption``): it may take the pane's height
        self.aside = False
        self._theme: Theme | None = None
        self._ctx = None
        #: what the caption says before the first step (a screen without a Play control says its keys)
        self.idle = "Ready: press Play (or Space to step)."
        #: the title, caption and citation shown (``show_step``), for a window that mirrors this bar
        self.step = ("", "", "")

    def link_to(self, ctx) -> None:
        """Show the citation as rule-book links, read under ``ctx``'s profile."""
        self._ctx = ctx

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
            f.setPointSizeF(self._size(size))
            f.setBold(bold)
            label.setFont(f)
        self._fit()

    def _size(self, points: float) -> float:
        """``points`` at the desk times the demonstration scale; never under the application's text
        (View → Text size), the caption a third above it."""
        return max(points * self._scale, base_pt() * max(1.0, points / 13))

    def text_size_changed(self) -> None:
        self.set_scale(self._scale)

    def show_step(self, title: str, caption: str, citation: str) -> None:
        self.step = (title, caption, citation)
        self.stepShown.emit(title, caption, citation)
        self.title.setText(title)
        if not caption and not citation:  # before the first step (the rule book's links load at the first)
            self.caption.setText(self.idle)
            self.citation.setText("")
            self._fit()
            return
        from trainer.ui.citation_links import set_citations, words

        self.caption.setText(words(caption) or self.idle)
        if self._ctx is not None and citation:
            colour = self._theme.citation_text if self._theme else None
            set_citations(self.citation, [citation], self._ctx, colour, lead="Regulation: ")
        else:
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
        limit = pane.height() * (1.0 if self.aside else self.MAX_SHARE)
        width = max(50, self.width() - 30)
        others = sum(max(0, w.heightForWidth(width)) for w in (self.title, self.citation)) + 26
        f = QFont(self.caption.font())
        size = self._size(17)
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
        least = base_pt() * (0.8 if self.aside else 1.0)  # a long caption beside the table: a little smaller
        while size > least:
            f.setPointSizeF(size)
            height = QFontMetrics(f).boundingRect(QRect(0, 0, width, 100000), flags, self.caption.text()).height()
            if height + others <= limit:
                break
            size -= 1
        if abs(self.caption.font().pointSizeF() - size) > 0.01:
            self.caption.setFont(f)
            for label, own in ((self.title, 11), (self.citation, 13)):  # never louder than the caption
                lf = QFont(label.font())
                lf.setPointSizeF(max(least, min(self._size(own), size * own / 17)))
                label.setFont(lf)


class TablePane(QWidget):
    """A scene (the Pai Gow table unless another is given), its view, its player and its caption bar."""

    def __init__(self, theme: Theme, parent: QWidget | None = None, scene: QGraphicsScene | None = None) -> None:
        super().__init__(parent)
        if scene is None:  # Pai Gow's table (imported here: another game's table gives its own scene)
            from trainer.ui.paigow.table_scene import TableScene

            scene = TableScene(theme, self)
        self.scene = scene
        self.view = TableView(self.scene, self)
        self.player = Player(self.scene, parent=self)
        self.caption = CaptionBar(self)
        self.caption.set_theme(theme)
        self.heading = ""
        #: whether the caption counts the steps (a screen with its own count of actions turns it off)
        self.counted = True
        #: what the title adds after step ``i`` (Baccarat's whole shoe: the commission box), or None
        self.status: Callable[[int], str] | None = None
        lay = QBoxLayout(QBoxLayout.Direction.TopToBottom, self)
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
        count = f"  ·  step {self.player.shown} of {len(self.player)}" if self.counted else ""
        status = self.status(self.player.shown) if self.status else ""
        self.caption.show_step(self.heading + count + status, caption, citation)

    def dock_caption(self, home: bool, elsewhere: QVBoxLayout | None = None) -> None:
        """The caption under the table (``home``), or at the end of another layout (a side column)."""
        (self.layout() if home or elsewhere is None else elsewhere).addWidget(self.caption)
        self.place_caption()

    def place_caption(self) -> None:
        """The caption at home beside or under the table: :func:`place_caption`."""
        place_caption(self, self.scene.sceneRect(), self.caption, home=self.caption.parentWidget() is self)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.place_caption()


#: Beside the table the caption takes at least this share of the pane's width, at most ASIDE_MAX.
ASIDE_MIN, ASIDE_MAX = 0.3, 0.42


def place_caption(box: QWidget, rect, caption: CaptionBar, home: bool = True) -> None:
    """The caption at home (in ``box``'s :class:`QBoxLayout`, after the view of the scene of ``rect``)
    goes beside the table where that draws the table larger (a wide window: 1280x720 at Projector),
    else under it, folded to its share (issue 29: the felt grows to the space the window has). Beside
    it, the table takes the width its height allows. A table pane and the presenter window place theirs so."""
    lay = box.layout()
    w, h = box.width(), box.height()
    aside_w = min(ASIDE_MAX * w, max(ASIDE_MIN * w, w - h * rect.width() / rect.height() - 6))
    under_h = min(caption.heightForWidth(w) if caption.hasHeightForWidth() else 0, CaptionBar.MAX_SHARE * h)
    under = min(w / rect.width(), (h - under_h - 6) / rect.height())
    beside = min((w - aside_w - 6) / rect.width(), h / rect.height())
    aside = home and beside > under * 1.04 and w > 500
    if aside:
        caption.setFixedWidth(int(aside_w))
    else:
        caption.setMinimumWidth(0)
        caption.setMaximumWidth(16777215)
    if aside != caption.aside:
        caption.aside = aside
        lay.setDirection(QBoxLayout.Direction.LeftToRight if aside else QBoxLayout.Direction.TopToBottom)
        caption._fit()
