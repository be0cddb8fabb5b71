"""The presenter window's copy of a Learn page: the page being taught, large, without a control.

The Learn screen says when another page is shown (``presentedChanged``, ``presented_page()``); this
widget builds the same sections (:func:`trainer.ui.learn_widgets.section_widget` without controls) at
the demonstration size, scrolls as the instructor's page scrolls, and steps each worked example as
the instructor steps it (issue 29, goal 2: the presenter follows the Learn pages). With the answers
hidden, each example shows its question alone until the instructor reveals the page's answers.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QFrame, QScrollArea, QVBoxLayout, QWidget

from trainer.ui.learn_widgets import WalkthroughView, section_widget
from trainer.ui.scaling import refresh_fonts
from trainer.ui.theme import theme_named
from trainer.ui.widgets.labels import make_label

#: The page's text on the projector, against the Learn screen's at the same window size.
DEMO_ZOOM = 1.3
#: The smallest it is made for a wide page to fit the window.
MIN_ZOOM = 0.5


def walkthroughs_of(screen) -> list[WalkthroughView]:
    """The worked examples of the page ``screen`` shows, in order (those of the page before, still
    waiting to be deleted, are no longer in its layout)."""
    lay = screen.content_lay
    sections = [lay.itemAt(i).widget() for i in range(lay.count())]
    return [walk for section in sections if section is not None for walk in section.findChildren(WalkthroughView)]


class LearnMirror(QScrollArea):
    """A Learn page's sections, read only, following the instructor's screen."""

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("presenter-learn")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # it scrolls with the instructor's
        self.title = ""
        self._screen: QWidget | None = None
        #: the examples' answers held back (View → Hide the answer), until :meth:`reveal` for this page
        self.hide_answers = False
        self.revealed = False

    def follow(self, screen: QWidget | None) -> None:
        """Show ``screen``'s page (a Learn screen), again each time it says it changed; None: stop."""
        if screen is self._screen:
            return
        for watched, on in ((self._screen, False), (screen, True)):
            if watched is not None:
                (watched.presentedChanged.connect if on else watched.presentedChanged.disconnect)(self._new_page)
                bar = watched.scroll.verticalScrollBar()
                (bar.valueChanged.connect if on else bar.valueChanged.disconnect)(self._scrolled)
        self._screen = screen
        if screen is not None:
            self._new_page()

    def set_hide_answers(self, on: bool) -> None:
        self.hide_answers, self.revealed = on, False
        if self._screen is not None:
            self.show_page()

    def reveal(self) -> None:
        """The examples' answers, until the next page."""
        if self.hide_answers and not self.revealed and self._screen is not None:
            self.revealed = True
            self.show_page()

    def _new_page(self) -> None:
        self.revealed = False
        self.show_page()

    def show_page(self) -> None:
        """The page the followed screen shows, its worked examples at the instructor's steps."""
        page = self._screen.presented_page()
        theme = theme_named(self.ctx.theme)
        content = QWidget()
        lay = QVBoxLayout(content)
        lay.setContentsMargins(24, 16, 24, 16)
        self.title = f"Learn: {page.title}" if page is not None else ""
        lay.addWidget(make_label(self.title, 2.2, bold=True))
        for section in page.sections if page is not None else ():
            lay.addWidget(section_widget(section, self.ctx, theme, controls=False,
                                         answers=self.revealed or not self.hide_answers))
        lay.addStretch(1)
        self.setWidget(content)  # (the page before is deleted with its widget)
        self._fit(content)
        for original, copy in zip(walkthroughs_of(self._screen), content.findChildren(WalkthroughView)):
            copy.goto(original.index)
            original.stepShown.connect(copy.goto)
        self._scrolled()

    def demo_zoom(self) -> float:
        """The demonstration size: the Learn screen's zoom for this window's size, times :data:`DEMO_ZOOM`."""
        return round(DEMO_ZOOM * max(1.0, min(1.6, self.width() / 1280, self.height() / 720)), 2)

    def _fit(self, content: QWidget) -> None:
        """The demonstration size, smaller as far as needed for the page's widest part (a chart, the
        tiles' table) to fit the window's width: the view never scrolls across, so text past its right
        edge would be cut."""
        zoom = self.demo_zoom()
        while True:
            content.setProperty("fontZoom", zoom)
            refresh_fonts(content)
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # the sizes at the new fonts
            if zoom <= MIN_ZOOM or content.minimumSizeHint().width() <= self.viewport().width():
                return
            zoom = round(max(MIN_ZOOM, zoom - 0.1), 2)

    def _scrolled(self, *_) -> None:
        """Scroll to the share of the page the instructor has scrolled to."""
        if self._screen is None:
            return
        theirs, ours = self._screen.scroll.verticalScrollBar(), self.verticalScrollBar()
        share = theirs.value() / theirs.maximum() if theirs.maximum() else 0.0
        ours.setValue(round(share * ours.maximum()))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        content = self.widget()
        if content is not None and event.size().width() != event.oldSize().width():
            self._fit(content)
        self._scrolled()
