"""The presenter window: the table being shown, its caption and citation, on the classroom's projector.

View → Present on… (or ``paigow-trainer --present SCREEN``) opens it full screen on another monitor,
without a control: the instructor keeps the app's controls on the laptop (issue 29, goal 2). It shows
the very scene of the screen in the main window through a second view fitted to its own window, so no
second round is dealt and both windows always agree; its caption bar repeats the screen's caption
(``CaptionBar.stepShown``) at the demonstration mode's size. It follows the main window's screen
(``MainWindow.screenShown``): a screen with a table (``presented_pane()``: both games' tables and
dealer screens) is mirrored, another is named. Esc in it, or its menu item again, closes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
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
#: The presenter as a window beside the main one when there is no other screen to fill.
WINDOW_SIZE = (960, 600)


def screen_label(number: int, screen: QScreen) -> str:
    """How a screen is named in the menu and in messages: ``2 projector (1920×1080)``."""
    size = screen.geometry().size()
    return f"{number} {screen.name()} ({size.width()}×{size.height()})"


def screen_named(text: str) -> QScreen:
    """The screen called ``text`` (its name, any case) or numbered ``text`` (1 = the first); else a
    :class:`TrainerError` listing the screens."""
    screens = QGuiApplication.screens()
    for number, screen in enumerate(screens, 1):
        if text.strip().lower() in (screen.name().lower(), str(number)):
            return screen
    raise TrainerError(f"no screen '{text}' (choose from: {', '.join(screen_label(n, s) for n, s in enumerate(screens, 1))})")


def pane_of(screen: QWidget | None) -> TablePane | None:
    """The table and caption ``screen`` presents (``presented_pane()``), None for a screen without a table."""
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
        self._source: CaptionBar | None = None
        #: the screen it fills (None: a window of its own)
        self.shown_on: QScreen | None = None
        #: each new step's caption and section held back until :meth:`reveal` (the class answers first)
        self.hide_answers = False
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
        """Mirror ``screen``'s table and caption, or say which screen the instructor is on."""
        pane = pane_of(screen)
        self._follow(pane.caption if pane is not None else None)
        if pane is None:
            self.elsewhere.setText(f"<div style='font-size: 28pt'>{title}</div>"
                                   "<div style='font-size: 16pt; color: gray'>on the instructor's screen</div>")
        else:
            self._mirror(pane.scene)
        self.elsewhere.setVisible(pane is None)
        self.caption.setVisible(pane is not None)
        if self.view is not None:
            self.view.setVisible(pane is not None)
        self._place()

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
            rect = self.view.scene().sceneRect()
            place_caption(self, rect, self.caption)
            self.view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._place()

    def _follow(self, source: CaptionBar | None) -> None:
        """Repeat ``source``'s steps in this window's caption bar (and no longer the last one's)."""
        if source is self._source:
            return
        if self._source is not None:
            self._source.stepShown.disconnect(self.show_step)
        self._source = source
        if source is not None:
            source.stepShown.connect(self.show_step)
            self.show_step(*source.step)

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
        self._follow(None)
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
