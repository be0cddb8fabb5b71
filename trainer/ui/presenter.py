"""The presenter window: the table being shown, its caption and citation, on the classroom's projector.

View → Present on… (or ``paigow-trainer --present SCREEN``) opens it full screen on another monitor,
without a control: the instructor keeps the app's controls on the laptop (issue 29, goal 2). It shows
the very scene of the screen in the main window through a second view fitted to its own window, so no
second round is dealt and both windows always agree; its caption bar repeats the screen's caption
(``CaptionBar.stepShown``) at the demonstration mode's size. It follows the main window's screen
(``MainWindow.screenShown``): a screen with a table (``presented_pane()``: both games' tables and
dealer screens, the Drills screen's animation of a deal) is mirrored, another is named. Esc in it, or its menu item again, closes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QScreen
from PySide6.QtWidgets import QBoxLayout, QLabel, QWidget

from trainer.rules.errors import TrainerError
from trainer.ui.paigow.table_view import CaptionBar, TableView, place_caption
from trainer.ui.theme import theme_named

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from trainer.ui.context import AppContext
    from trainer.ui.paigow.table_view import TablePane

#: The caption's scale on the projector: the demonstration mode's (``TableScreen.set_demo``).
CAPTION_SCALE = 1.9
#: What the projector's caption says of a step while the answers are hidden (``PresenterWindow.hide_answers``).
HIDDEN = "? — the instructor reveals the answer"
#: Zoomed on the active area, the view still shows at least this share of the table's width and height.
ZOOM_LEAST = 0.45
#: The presenter as a window beside the main one when there is no other screen to fill.
WINDOW_SIZE = (960, 600)


def screen_label(number: int, screen: QScreen) -> str:
    """How a screen is named in the menu and in messages: ``2 projector (1920×1080)``."""
    size = screen.geometry().size()
    return f"{number} {screen.name() or 'screen'} ({size.width()}×{size.height()})"


def screen_named(text: str) -> QScreen:
    """The screen called ``text`` (its name, any case) or numbered ``text`` (1 = the first); else a
    :class:`TrainerError` listing the screens."""
    screens = QGuiApplication.screens()
    for number, screen in enumerate(screens, 1):
        if text.strip().lower() in (screen.name().lower(), str(number)):
            return screen
    raise TrainerError(f"no screen '{text}' (choose from: {', '.join(screen_label(n, s) for n, s in enumerate(screens, 1))})")


def active_rect(scene) -> QRectF | None:
    """The part of ``scene`` its frame highlights (the seat being paid, the hands being exposed), grown
    to :data:`ZOOM_LEAST` of the table and kept on it; None when nothing is highlighted."""
    frame, glows = getattr(scene, "frame", None), getattr(scene, "glows", {})
    spots = [glows[key].sceneBoundingRect() for key in (frame.highlight if frame is not None else ()) if key in glows]
    if not spots:
        return None
    rect, table = spots[0], scene.sceneRect()
    for spot in spots[1:]:
        rect = rect.united(spot)
    rect = rect.intersected(table)  # (a glow's badge may reach past the table's edge)
    w = min(table.width(), max(rect.width() * 1.3, table.width() * ZOOM_LEAST))
    h = min(table.height(), max(rect.height() * 1.3, table.height() * ZOOM_LEAST))
    x = min(max(rect.center().x() - w / 2, table.left()), table.right() - w)
    y = min(max(rect.center().y() - h / 2, table.top()), table.bottom() - h)
    return QRectF(x, y, w, h)


def pane_of(screen: QWidget | None) -> TablePane | None:
    """The table and caption ``screen`` presents (``presented_pane()``: a scene and its player, and
    a caption bar if it has one), None for a screen without a table."""
    presented = getattr(screen, "presented_pane", None)
    return presented() if presented is not None else None


class PresenterWindow(QWidget):
    """The mirrored table over its caption, or the name of a screen without a table; no control."""

    #: The window closed (Esc, its menu item, or the system): the main window forgets it.
    closed = Signal()

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Pai Gow Dealer Trainer — presenter")
        self.setObjectName("presenter")
        self.ctx = ctx
        #: the view of the mirrored scene, made with the first table shown
        self.view: TableView | None = None
        self._source: TablePane | None = None
        #: the main window's screen followed, and its title
        self._screen: QWidget | None = None
        self._title = ""
        #: the screen it fills (None: a window of its own)
        self.shown_on: QScreen | None = None
        #: each new step's caption and section held back until :meth:`reveal` (the class answers first)
        self.hide_answers = False
        #: the view fitted to the active area of each frame (``active_rect``), else to the whole table
        self.zoom = False
        #: the step held back, shown by :meth:`reveal`
        self.held: tuple[str, str, str] | None = None
        theme = theme_named(ctx.theme)
        self.caption = CaptionBar(self)
        self.caption.link_to(ctx)
        self.caption.set_theme(theme)
        self.caption.set_scale(CAPTION_SCALE)
        self.elsewhere = QLabel()  # a screen without a table: its name, large
        self.elsewhere.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.elsewhere.setWordWrap(True)
        lay = QBoxLayout(QBoxLayout.Direction.TopToBottom, self)
        lay.setContentsMargins(8, 8, 8, 8)
        lay.setSpacing(6)
        lay.addWidget(self.elsewhere, 1)
        lay.addWidget(self.caption)
        ctx.themeChanged.connect(lambda name: self.caption.set_theme(theme_named(name)))

    def show_screen(self, screen: QWidget | None, title: str) -> None:
        """Mirror ``screen``'s table and caption, or say which screen the instructor is on; again
        whenever the screen says what it presents has changed (``presentedChanged``: a drill's
        animation comes or goes)."""
        if screen is not self._screen:
            for watched, connect in ((self._screen, False), (screen, True)):
                changed = getattr(watched, "presentedChanged", None)
                if changed is not None:
                    (changed.connect if connect else changed.disconnect)(self._presented_changed)
            self._screen, self._title = screen, title
        pane = pane_of(screen)
        self._follow(pane)
        if pane is None:
            self.elsewhere.setText(f"<div style='font-size: 28pt'>{title}</div>"
                                   "<div style='font-size: 16pt; color: gray'>on the instructor's screen</div>")
        else:
            self._mirror(pane.scene)
        self.elsewhere.setVisible(pane is None)
        self.caption.setVisible(getattr(pane, "caption", None) is not None)
        if self.view is not None:
            self.view.setVisible(pane is not None)
        self._place()

    def _presented_changed(self) -> None:
        self.show_screen(self._screen, self._title)

    def _mirror(self, scene) -> None:
        if self.view is None:
            self.view = TableView(scene, self)
            self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys are the instructor's (Esc: ``keyPressEvent``)
            self.view.setAccessibleDescription("The table shown on the instructor's screen, for the class")
            self.layout().insertWidget(0, self.view, 1)
        elif self.view.scene() is not scene:
            self.view.setScene(scene)
        self._place()

    def _place(self) -> None:
        """The caption beside the table or under it, as in the table's pane; the table fitted."""
        if self.view is not None and self.view.isVisibleTo(self):
            place_caption(self, self.view.scene().sceneRect(), self.caption)
            self._fit()

    def _fit(self, *_) -> None:
        """The whole table in the view, or with :attr:`zoom` the active area of the frame shown."""
        if self.view is not None:
            scene = self.view.scene()
            area = active_rect(scene) if self.zoom else None
            self.view.fitInView(area or scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def set_zoom(self, on: bool) -> None:
        self.zoom = on
        self._fit()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._place()

    def _follow(self, source: TablePane | None) -> None:
        """Repeat ``source``'s steps in this window's caption bar and zoom on each frame it ends on
        (and no longer the last pane's)."""
        if source is self._source:
            return
        if self._source is not None:
            if getattr(self._source, "caption", None) is not None:
                self._source.caption.stepShown.disconnect(self.show_step)
            self._source.player.stepChanged.disconnect(self._fit)
        self._source = source
        if source is not None:
            if getattr(source, "caption", None) is not None:  # (a drill's animation has none: its caption is the answer)
                source.caption.stepShown.connect(self.show_step)
                self.show_step(*source.caption.step)
            source.player.stepChanged.connect(self._fit)

    def show_step(self, title: str, caption: str, citation: str) -> None:
        """The step's caption, or, while answers are hidden, its title alone until it is revealed."""
        if self.hide_answers and (caption or citation):
            self.held = (title, caption, citation)
            self.caption.show_step(title, HIDDEN, "")
        else:
            self.held = None
            self.caption.show_step(title, caption, citation)

    def set_hide_answers(self, on: bool) -> None:
        """Hide each new step's caption until the instructor reveals it (off: the held one shows)."""
        self.hide_answers = on
        if not on:
            self.reveal()

    def reveal(self) -> None:
        """Show the step held back, its caption and section."""
        if self.held is not None:
            held, self.held = self.held, None
            self.caption.show_step(*held)

    def place(self, screen: QScreen | None) -> None:
        """Full screen on ``screen``; None: a window of its own on the main window's screen."""
        self.shown_on = screen
        if screen is None:
            self.showNormal()
            self.resize(*WINDOW_SIZE)
            return
        self.create()
        self.windowHandle().setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if event.key() == Qt.Key.Key_Escape:
            self.close()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.show_screen(None, "")
        self.closed.emit()
        super().closeEvent(event)


def fill_menu(menu: QMenu, window) -> None:
    """View → Present on: each screen but the main window's, checked where the presenter is; with
    one screen, a window of its own. Choosing the checked one closes the presenter."""
    menu.clear()
    own = window.screen()
    screens = [(n, s) for n, s in enumerate(QGuiApplication.screens(), 1) if s is not own]
    presenter = window.presenter
    for number, screen in screens or [(0, None)]:
        act = menu.addAction(f"&{screen_label(number, screen)}" if screen is not None else "&A window on this screen")
        act.setCheckable(True)
        act.setChecked(presenter is not None and presenter.shown_on is screen)
        act.triggered.connect(lambda on, s=screen: window.present(s) if on else window.stop_presenting())
