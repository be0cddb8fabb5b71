"""The presenter window: the table being shown, its caption and citation, on the classroom's projector.

View → Present on… (or ``paigow-trainer --present SCREEN``) opens it full screen on another monitor,
without a control: the instructor keeps the app's controls on the laptop (issue 29, goal 2). It shows
the very scenes of the screen in the main window through views of its own (:class:`MirrorPane`), so
no second round is dealt and both windows always agree; each caption bar repeats its pane's caption
(``CaptionBar.stepShown``) at the demonstration mode's size. It follows the main window's screen
(``MainWindow.screenShown``): a screen with tables (``presented_panes()`` or ``presented_pane()``:
both games' tables, two delivery styles side by side, the dealer screens, the Drills screen's
animation of a deal) is mirrored; the Learn screen's page is shown large
(:mod:`trainer.ui.presenter_learn`); another screen is named. View → Zoom glides each view to the
active area of the step that starts (:mod:`trainer.ui.presenter_focus`); View → Hide the answer
keeps the picture and caption before each step until Reveal. While a live class quiz runs (issue 41)
its board stands in for the screen (:meth:`PresenterWindow.show_live`). Esc in it, or its menu item
again, closes it; the main window remembers the screen it was on for the next start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEasingCurve, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QScreen
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from trainer.rules.errors import TrainerError
from trainer.ui.paigow.table_view import CaptionBar, TableView, place_caption
from trainer.ui.presenter_focus import step_focus
from trainer.ui.presenter_learn import LearnMirror
from trainer.ui.presenter_question import HIDDEN, QuestionMirror
from trainer.ui.theme import theme_named

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from trainer.ui.context import AppContext
    from trainer.ui.paigow.table_view import TablePane

#: The caption's scale on the projector: the demonstration mode's (``TableScreen.set_demo``).
CAPTION_SCALE = 1.9
#: How long the zoom takes to glide from one area to the next (milliseconds).
GLIDE_MS = 450
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


def panes_of(screen: QWidget | None) -> list[TablePane]:
    """The tables and captions ``screen`` presents: both panes of two styles side by side
    (``presented_panes()``), else its one (``presented_pane()``: a scene and its player, and a
    caption bar if it has one); none for a screen without a table."""
    panes = getattr(screen, "presented_panes", None)
    if panes is not None:
        return list(panes())
    pane = getattr(screen, "presented_pane", None)
    shown = pane() if pane is not None else None
    return [shown] if shown is not None else []


class MirrorView(TableView):
    """A view of another pane's scene fitted to :attr:`area` (the zoom's), the whole table by default."""

    def __init__(self, scene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.area: QRectF | None = None
        #: the area at the top of the view rather than in its middle (tables side by side line up)
        self.top = False
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys are the instructor's (Esc: the window's)
        self.setAccessibleDescription("The table shown on the instructor's screen, for the class")

    def show_area(self, rect: QRectF | None) -> None:
        table = self.scene().sceneRect()
        # room around the table, so that the centre glides straight to an area at its edge rather
        # than waiting while the whole table still fits (the view keeps within its scene rect)
        self.setSceneRect(table.adjusted(-table.width(), -table.height(), table.width(), table.height()))
        self.area = QRectF(rect) if rect is not None else None
        area = self.area or table
        self.fitInView(area, Qt.AspectRatioMode.KeepAspectRatio)
        slack = self.mapToScene(self.viewport().rect()).boundingRect().height() - area.height()
        if self.top and slack > 0:
            self.centerOn(area.center().x(), area.center().y() + slack / 2)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.show_area(self.area)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self.show_area(self.area)


class MirrorPane(QWidget):
    """One table of the screen shown, through a view of its own, and its caption under or beside it.

    It repeats the pane's caption (``CaptionBar.stepShown``); zoomed, it glides to each step's active
    area as the step starts (``Player.stepStarting``, :func:`trainer.ui.presenter_focus.step_focus`);
    with the answers hidden it keeps the picture before each step and the step's caption until
    :meth:`reveal`."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view: MirrorView | None = None
        self.source: TablePane | None = None
        self.captioned = False
        self.hide_answers = False
        self.zoom = False
        #: the step held back, shown by :meth:`reveal`
        self.held: tuple[str, str, str] | None = None
        self.caption = CaptionBar(self)
        self.caption.link_to(ctx)
        self.caption.set_theme(theme_named(ctx.theme))
        self.caption.set_scale(CAPTION_SCALE)
        #: the picture before the step whose answer is hidden, in the view's place until :meth:`reveal`
        self.frozen = QLabel()
        self.frozen.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.frozen.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.frozen.hide()
        self._glide = QVariantAnimation(self)
        self._glide.setDuration(GLIDE_MS)
        self._glide.setEasingCurve(QEasingCurve.Type.InOutSine)
        self._glide.valueChanged.connect(lambda rect: self.view.show_area(rect))
        lay = QBoxLayout(QBoxLayout.Direction.TopToBottom, self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        lay.addWidget(self.frozen, 1)
        lay.addWidget(self.caption)
        ctx.themeChanged.connect(lambda name: self.caption.set_theme(theme_named(name)))

    @property
    def is_frozen(self) -> bool:
        return not self.frozen.isHidden()

    def follow(self, source: TablePane | None) -> None:
        """Mirror ``source``'s scene, steps and caption (and no longer the last pane's)."""
        if source is self.source:
            return
        if self.source is not None:
            if self.captioned:
                self.source.caption.stepShown.disconnect(self.show_step)
            self.source.player.stepStarting.disconnect(self._starting)
        self.source = source
        self._thaw()
        if source is None:
            return
        if self.view is None:
            self.view = MirrorView(source.scene, self)
            self.layout().insertWidget(0, self.view, 1)
        elif self.view.scene() is not source.scene:
            self.view.setScene(source.scene)
        #: the steps have captions (a drill's animation has none: the deal is the question, the style
        #: named the answer): only then is a step's picture an answer to hold back
        self.captioned = getattr(source, "caption", None) is not None
        self.caption.setVisible(self.captioned)
        if self.captioned:
            source.caption.stepShown.connect(self.show_step)
            self.show_step(*source.caption.step)
        source.player.stepStarting.connect(self._starting)
        self.aim(animate=False)
        self.place()

    def place(self) -> None:
        """The caption beside the table or under it, as in the table's pane."""
        if self.view is not None:
            place_caption(self, self.view.scene().sceneRect(), self.caption)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.place()

    # -- zoom ------------------------------------------------------------------------------------------
    def set_zoom(self, on: bool) -> None:
        self.zoom = on
        self.aim()

    def aim(self, index: int | None = None, animate: bool = True) -> None:
        """Glide to step ``index``'s active area (the step shown by default), or to the whole table
        when not zoomed, when nothing changes or before the first step; never a jump."""
        if self.view is None or self.source is None:
            return
        player, table = self.source.player, self.view.scene().sceneRect()
        area = step_focus(self.view.scene(), player.timeline, player.shown if index is None else index) \
            if self.zoom else None
        area = area or table
        start = self.view.area or table
        self._glide.stop()
        if not animate:
            self.view.show_area(area)
        elif area != start:
            self._glide.setStartValue(QRectF(start))
            self._glide.setEndValue(QRectF(area))
            self._glide.start()

    def _starting(self, index: int) -> None:
        """A step starts (or the table jumps to one): keep the picture before it while its answer is
        hidden, and glide to what it changes."""
        if index == 0:
            self._thaw()  # (a new round: nothing to hide yet)
        elif self.hide_answers and self.captioned and index > self.source.player.index and not self.is_frozen:
            self._freeze()
        self.aim(index)

    # -- the hidden answer -----------------------------------------------------------------------------
    def _freeze(self) -> None:
        place = self.view.geometry()
        self.frozen.setPixmap(self.view.grab())
        self.view.hide()
        self.frozen.show()
        self.frozen.setGeometry(place)  # (in its very place at once, not after the next layout)

    def _thaw(self) -> None:
        if self.is_frozen:
            self.frozen.hide()
            self.frozen.clear()
            if self.view is not None:
                self.view.show()

    def show_step(self, title: str, caption: str, citation: str) -> None:
        """The step's caption, or, while answers are hidden, its title alone until it is revealed."""
        if self.hide_answers and (caption or citation):
            self.held = (title, caption, citation)
            self.caption.show_step(title, HIDDEN, "")
        else:
            self.held = None
            self.caption.show_step(title, caption, citation)

    def reveal(self) -> None:
        """The table as it is now, and the step held back with its section."""
        self._thaw()
        if self.held is not None:
            held, self.held = self.held, None
            self.caption.show_step(*held)


class PresenterWindow(QWidget):
    """The mirrored tables over their captions, the Learn page taught, or the name of another
    screen; no control."""

    #: The window closed (Esc, its menu item, or the system): the main window forgets it.
    closed = Signal()

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Pai Gow Dealer Trainer — presenter")
        self.setObjectName("presenter")
        self.ctx = ctx
        #: one mirror a table shown (two styles side by side: two), made as needed and kept; the
        #: first ``shown`` are in use
        self.mirrors: list[MirrorPane] = []
        self.shown = 0
        #: the main window's screen followed, and its title
        self._screen: QWidget | None = None
        self._title = ""
        #: the screen it fills (None: a window of its own)
        self.shown_on: QScreen | None = None
        #: each new step's picture and caption held back until :meth:`reveal` (the class answers first)
        self.hide_answers = False
        #: the views glide to the active area of each step (``presenter_focus``), else show the whole table
        self.zoom = False
        #: the drill question whose answer the instructor revealed (answers hidden)
        self._revealed_question = None
        self.elsewhere = QLabel()  # a screen without a table nor a question: its name, large
        self.elsewhere.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.elsewhere.setWordWrap(True)
        self.learn = LearnMirror(ctx)
        self.asked = QuestionMirror(ctx.theme)  # a drill's question, its choices, then its answer
        ctx.themeChanged.connect(self.asked.set_theme)
        self.tables = QWidget()  # the mirrors, side by side
        self.row = QHBoxLayout(self.tables)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(12)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        for part in self.parts:
            lay.addWidget(part, 1)
        #: a live quiz's board (issue 41), shown in place of the screen while the quiz runs
        self.live: QWidget | None = None

    @property
    def parts(self) -> tuple[QWidget, ...]:
        """What it can show of a screen, one at a time: its tables, its name, its Learn page, its question."""
        return (self.tables, self.elsewhere, self.learn, self.asked)

    # (the first mirror's, as when one table is shown)
    @property
    def view(self) -> MirrorView | None:
        return self.mirrors[0].view if self.mirrors else None

    @property
    def caption(self) -> CaptionBar | None:
        return self.mirrors[0].caption if self.mirrors else None

    def show_screen(self, screen: QWidget | None, title: str) -> None:
        """Mirror ``screen``'s tables and captions, show its Learn page, or say which screen the
        instructor is on; again whenever the screen says what it presents has changed
        (``presentedChanged``: a drill's animation comes or goes, a second style is compared)."""
        if screen is not self._screen:
            for watched, connect in ((self._screen, False), (screen, True)):
                changed = getattr(watched, "presentedChanged", None)
                if changed is not None and getattr(watched, "presented_page", None) is None:
                    (changed.connect if connect else changed.disconnect)(self._presented_changed)
            self._screen, self._title = screen, title
        panes = panes_of(screen)
        while len(self.mirrors) < len(panes):
            mirror = MirrorPane(self.ctx, self.tables)
            mirror.hide_answers, mirror.zoom = self.hide_answers, self.zoom
            self.mirrors.append(mirror)
            self.row.addWidget(mirror, 1)
        self.shown = len(panes)
        for k, mirror in enumerate(self.mirrors):
            mirror.follow(panes[k] if k < len(panes) else None)
            mirror.setVisible(k < len(panes))
        self.tables.setVisible(bool(panes))
        for mirror in self.mirrors[:len(panes)]:  # side by side: half the width, the tables lined up
            mirror.view.top = len(panes) > 1
            mirror.caption.set_scale(CAPTION_SCALE / len(panes) ** 0.5)
        page = screen if getattr(screen, "presented_page", None) is not None else None
        self.learn.follow(page)
        self.learn.setVisible(page is not None)
        asked = not panes and page is None and self._show_question()
        self.asked.setVisible(asked)
        self.elsewhere.setVisible(not panes and page is None and not asked)
        self.elsewhere.setText(f"<div style='font-size: 28pt'>{title}</div>"
                               "<div style='font-size: 16pt; color: gray'>on the instructor's screen</div>")
        if self.live is not None:  # a live quiz's board stands in for the screen (:meth:`show_live`)
            for part in self.parts:
                part.hide()

    def show_live(self, board: QWidget | None) -> None:
        """A live quiz's board in place of what the screen presents; None: the screen again."""
        if self.live is not None:
            self.layout().removeWidget(self.live)
            self.live.hide()
        self.live = board
        if board is not None:
            self.layout().addWidget(board, 1)
            board.show()
        self.show_screen(self._screen, self._title)

    def _show_question(self) -> bool:
        """A drill's question for the class (issue 40), with its choices, then its answer once the
        trainee has answered it, or (answers hidden) once the instructor reveals it; False where the
        screen asks none."""
        asked = getattr(self._screen, "presented_question", lambda: None)()
        if asked is None:
            self._revealed_question = None
            return False
        question, choices, answer = asked
        if question is not self._revealed_question:
            self._revealed_question = None
        held = self.hide_answers and (not answer or self._revealed_question is not question)
        self.asked.show_question(question, choices, HIDDEN if held else answer)
        return True

    def _presented_changed(self) -> None:
        self.show_screen(self._screen, self._title)


    def _each(self, method: str, *args) -> None:
        for mirror in self.mirrors:
            getattr(mirror, method)(*args)

    def set_zoom(self, on: bool) -> None:
        self.zoom = on
        self._each("set_zoom", on)

    def set_hide_answers(self, on: bool) -> None:
        """Hide each new step's picture and caption until the instructor reveals it (off: the held
        one shows)."""
        self.hide_answers = on
        for mirror in self.mirrors:
            mirror.hide_answers = on
        self.learn.set_hide_answers(on)
        if not on:
            self.reveal()

    def reveal(self) -> None:
        """Show the table as it is and the step held back, its caption and section (the Learn
        page's answers)."""
        self._each("reveal")
        self.learn.reveal()
        asked = getattr(self._screen, "presented_question", lambda: None)()
        if asked is not None:  # the drill's answer: the trainee's verdict, else the class's cue to answer
            self._revealed_question = asked[0]
            self.show_screen(self._screen, self._title)

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
