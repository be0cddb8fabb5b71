"""The main window: a toolbar of screens (from ``trainer.ui.screens.SCREENS``) over a stack of them.

Screen modules are imported the first time their screen is shown, so start-up only pays for the
first one. A module that is not there yet shows a clear "not available yet" page instead. The
toolbar and the menus hold the profile picker, the theme toggle and full screen; the window's size,
place, screen, theme and profile are remembered in an INI file beside the progress file
(``trainer.paths.settings_dir()``).
"""

from __future__ import annotations

import importlib
import sys
import traceback
from pathlib import Path

from typing import TYPE_CHECKING

# Nothing here touches the ``Qt`` namespace before the first paint: PySide6 builds all of its
# Python enums on first access, which would cost more than the whole window (bench_startup.py).
from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication
from PySide6.QtWidgets import (
    QApplication, QLabel, QMainWindow, QMenu, QStackedWidget, QToolBar, QToolButton, QVBoxLayout, QWidget,
)

from trainer import __version__
from trainer.paths import legacy_settings_dir, settings_dir
from trainer.rules.errors import TrainerError
from trainer.ui.context import AppContext
from trainer.ui.scaling import TEXT_SIZES, apply_text_size, current_text_size
from trainer.ui.screens import SCREENS, ScreenSpec, find_screen, screens_for
from trainer.ui import warm_up
from trainer.ui.theme import THEMES, apply_theme, theme_named

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent

SETTINGS_FILE = "paigow-trainer.ini"


def icon_path() -> Path | None:
    """The app icon, ``assets/icon.svg`` beside the package (a source checkout or the bundle)."""
    here = Path(__file__).resolve()
    for base in (here.parents[2], Path(getattr(sys, "_MEIPASS", here.parents[2]))):
        candidate = base / "assets" / "icon.svg"
        if candidate.is_file():
            return candidate
    return None


def about_text(profile: str) -> str:
    """Help → About: the app, its version (``trainer.__version__``), what it teaches, the profile in play."""
    from trainer.drills.games import games

    return (f"Pai Gow Dealer Trainer {__version__}\n\n"
            f"Dealer training for {' and '.join(g.title for g in games())}, to the letter of the regulations: "
            "every answer is checked and explained with the section it follows.\n\n"
            f"Profile: {profile}")


#: Where the presenter window was when the app closed: a screen's name, "" a window; absent: closed.
PRESENTER_KEY = "presenter/screen"


def settings() -> QSettings:
    """The app's settings, an INI file beside the progress file (``trainer.paths.settings_dir``); the
    first time, a copy of the one the user config folder held before (the same account's choices)."""
    path = settings_dir() / SETTINGS_FILE
    legacy = legacy_settings_dir()
    if legacy is not None and not path.exists() and (legacy / SETTINGS_FILE).is_file():
        import shutil

        try:
            shutil.copyfile(legacy / SETTINGS_FILE, path)
        except OSError:  # (unreadable: start afresh rather than not at all)
            pass
    return QSettings(str(path), QSettings.Format.IniFormat)


class ScreenHost(QWidget):
    """Holds one screen: empty until first shown, then the screen's widget or a placeholder."""

    def __init__(self, spec: ScreenSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.screen: QWidget | None = None
        self.available = True
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self._loading = QLabel(f"<div align='center' style='font-size: 16pt; color: gray'>Opening {spec.title}…</div>")
        lay.addWidget(self._loading)

    def load(self, ctx: AppContext, name_later: bool = False) -> QWidget:
        """The screen, made the first time; its controls named for screen readers at once, or with
        ``name_later`` just after it has painted (the first screen at start-up)."""
        if self.screen is None:
            self.screen = self._create(ctx)
            self._loading.hide()
            self.layout().addWidget(self.screen)
            self.screen.show()  # now: the layout would show it one turn of the event loop later, a paint more
            if name_later:
                after_paint(self.painted_last(), self._name_controls)
            else:
                self._name_controls()
        return self.screen

    def painted_last(self) -> QWidget:
        """The part of the screen painted last when it is shown (a table screen's scene), else the host."""
        last = getattr(self.screen, "painted_last", None)
        return last() if last is not None else self

    def _name_controls(self) -> None:
        from trainer.ui.accessibility import name_controls

        name_controls(self.screen)

    def _create(self, ctx: AppContext) -> QWidget:
        try:
            module = importlib.import_module(self.spec.module)
        except ModuleNotFoundError as exc:
            if exc.name != self.spec.module:
                raise
            self.available = False
            return _placeholder(f"The {self.spec.title} screen is not available yet.",
                                "It is being built; the other screens work meanwhile.")
        try:
            return module.create_screen(ctx.for_game(self.spec.game) if self.spec.game else ctx)
        except TrainerError as exc:  # e.g. an unusable progress file: the reason, and no traceback
            self.available = False
            return _placeholder(f"The {self.spec.title} screen could not be opened.", str(exc))
        except Exception as exc:  # a broken screen must not take the app down with it
            self.available = False
            traceback.print_exc()
            return _placeholder(f"The {self.spec.title} screen could not be opened.", f"{type(exc).__name__}: {exc}")


class _AfterPaint(QObject):
    """Runs ``work`` once ``widget`` has painted, queued behind that paint, or after ``LATEST_MS`` if
    it does not paint (a window the system does not show at once): see :func:`after_paint`."""

    LATEST_MS = 1000

    def __init__(self, widget: QWidget, work) -> None:
        super().__init__(widget)
        self._work = work
        widget.installEventFilter(self)
        QTimer.singleShot(self.LATEST_MS, self, self._run)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self._run)
        return False

    def _run(self) -> None:
        if self._work is not None:
            work, self._work = self._work, None
            self.parent().removeEventFilter(self)
            self.deleteLater()
            work()


def after_paint(widget: QWidget, work) -> None:
    """``work()`` just after ``widget`` is next painted (at once if its window is not on screen): what
    can wait for a screen to be on screen, e.g. its accessible names, does not hold up its first paint."""
    handle = widget.window().windowHandle()
    if handle is not None and handle.isExposed():  # (a screen just made is shown by its layout a moment later)
        _AfterPaint(widget, work)
        widget.update()  # (a paint to wait for, even if nothing else changed)
    else:
        work()


def _placeholder(title: str, detail: str) -> QWidget:
    from PySide6.QtCore import Qt

    w = QWidget()
    w.setObjectName("placeholder")
    lay = QVBoxLayout(w)
    lay.addStretch(1)
    for text, size in ((title, 20), (detail, 12)):
        label = QLabel(text)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setWordWrap(True)
        f = label.font()
        f.setPointSize(size)
        f.setBold(size > 12)
        label.setFont(f)
        lay.addWidget(label)
    lay.addStretch(2)
    return w


class MainWindow(QMainWindow):
    """Navigation toolbar, the stack of screens, menus; restores and saves its state."""

    #: The table screen's demonstration mode asks this window to go full screen without chrome.
    handles_demo = True
    #: Whether the first paint starts the other screens' warm-up (``finish_startup``).
    _warm_up_others = True
    #: The first screen is built and shown; the widget it paints last, which start-up waits to see
    #: painted (``finish_startup``; the start-up benchmark times that paint).
    firstScreenShown = Signal(QWidget)
    #: The first screen has painted and what start-up left for later has run (``finish_startup``).
    firstPainted = Signal()
    #: The progress store cannot be used (the :class:`TrainerError` saying why): the app stops with it.
    progressUnusable = Signal(object)
    #: A screen is shown: its widget and title (the presenter window follows it).
    screenShown = Signal(QWidget, str)

    def __init__(self, ctx: AppContext, store: QSettings | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.store = store or settings()
        ctx.settings = self.store  # the screens' own remembered choices
        self.setWindowTitle("Pai Gow Dealer Trainer")
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.hosts: dict[str, ScreenHost] = {}
        for spec in SCREENS:
            host = ScreenHost(spec)
            self.hosts[spec.key] = host
            self.stack.addWidget(host)
        self._demo = False
        self._was_full = False
        self._first_pending = False
        self._games_ready = False
        self._build_actions()
        self.statusBar()  # (made now, so that the layout does not change under the first screen later)
        #: a school server's state in the status bar, once the progress store is open (``_first_painted``)
        self.connection_label: QLabel | None = None
        #: a school's server: "Live quiz in <class> — Join (J)" (``trainer.ui.live_join``)
        self.live_offer = None
        ctx.profileChanged.connect(self._profile_changed)
        ctx.casinoChanged.connect(self._casino_changed)
        ctx.gameChanged.connect(self._game_changed)
        ctx.themeChanged.connect(self._theme_changed)
        ctx.ruleRequested.connect(self.open_rule)
        self.resize(1280, 800)
        self.current_key = SCREENS[0].key
        self._restore()

    # -- construction -----------------------------------------------------------------------------
    def _build_actions(self) -> None:
        #: (action, key) pairs, bound after the first paint: binding a shortcut builds Qt's enums
        self._shortcuts: list[tuple[QAction, str]] = []
        bar = QToolBar("Screens")
        bar.setObjectName("screensBar")
        bar.setMovable(False)
        self.addToolBar(bar)
        self.nav = bar
        self.screen_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        view_menu = self.menuBar().addMenu("&View")
        for spec in SCREENS:
            act = QAction(spec.title, self, checkable=True)
            self._shortcuts.append((act, spec.shortcut))
            act.setToolTip(f"{spec.title} ({spec.shortcut})")
            act.triggered.connect(lambda _=False, k=spec.key: self.show_screen(k))
            group.addAction(act)
            bar.addAction(act)
            view_menu.addAction(act)
            self.screen_actions[spec.key] = act
        # the game and profile pickers and the look on a bar of their own: beside the screens, or under
        # them where both do not fit (a larger text size on a small screen: ``_fit_toolbars``), never
        # in an overflow menu
        bar = self.choices = QToolBar("Choices")
        bar.setObjectName("choicesBar")
        bar.setMovable(False)
        self.addToolBar(bar)
        for watched in (self.nav, bar):  # their widths change with the fonts and the game's screens
            watched.installEventFilter(self)
        # the game and profile pickers: buttons opening the Game and Profile menus (cheaper to build than
        # combo boxes), filled from the games' registry just after the first paint (``_fill_game_menus``)
        self.game_menu = QMenu("&Game", self)
        self.game_button = QToolButton()
        self.game_button.setMenu(self.game_menu)
        self.game_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.game_button.setToolTip("The game trained: its table, dealer's screens, drills and profiles")
        bar.addWidget(self.game_button)
        # (Alt+P is a screen's: the Drills' Practice, the Learn page list, the Exam's profile)
        self.profile_menu = QMenu("P&rofile", self)
        self.profile_button = QToolButton()
        self.profile_button.setMenu(self.profile_menu)
        self.profile_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.profile_button.setToolTip("Jurisdiction profile: which regulations the trainer follows")
        self.profile_button.setText(f"Profile: {self.ctx.profile_name or ''}")
        bar.addWidget(self.profile_button)
        bar.addSeparator()
        self.theme_action = QAction("Dark theme", self, checkable=True)
        self._shortcuts.append((self.theme_action, "Ctrl+T"))
        self.theme_action.setChecked(self.ctx.theme == "dark")
        self.theme_action.toggled.connect(lambda on: self.ctx.set_theme("dark" if on else "light"))
        bar.addAction(self.theme_action)
        self.full_action = QAction("Full screen", self, checkable=True)
        self._shortcuts.append((self.full_action, "F11"))
        self.full_action.toggled.connect(self.set_full_screen)
        bar.addAction(self.full_action)
        view_menu.addSeparator()
        view_menu.addAction(self.theme_action)
        view_menu.addAction(self.full_action)
        self._build_text_size_menu(view_menu)
        #: the presenter window on the projector (View → Present on, ``trainer.ui.presenter``), while open
        self.presenter = None
        self._quitting = False
        present_menu = view_menu.addMenu("&Present on")
        present_menu.aboutToShow.connect(lambda: self._fill_present_menu(present_menu))
        # the class answers before it reads the answer: the projector's caption waits for Reveal
        self.hide_answers_action = QAction("&Hide the answer on the projector", self, checkable=True)
        self.hide_answers_action.setToolTip("The presenter window shows each step's caption only when you reveal it")
        self.hide_answers_action.toggled.connect(lambda on: self._to_presenter("set_hide_answers", on))
        self.reveal_action = QAction("Re&veal the answer", self)
        self._shortcuts.append((self.reveal_action, "Ctrl+Shift+V"))
        self.reveal_action.triggered.connect(lambda: self._to_presenter("reveal"))
        self.addAction(self.reveal_action)  # (its key works with the menus hidden too)
        self.zoom_action = QAction("&Zoom the projector on the active area", self, checkable=True)
        self.zoom_action.setToolTip("The presenter window shows the seat being paid, the hands being exposed, "
                                    "larger; the whole table when nothing is highlighted")
        self.zoom_action.toggled.connect(lambda on: self._to_presenter("set_zoom", on))
        view_menu.addAction(self.zoom_action)
        view_menu.addAction(self.hide_answers_action)
        view_menu.addAction(self.reveal_action)

        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        self._shortcuts.append((quit_action, "Ctrl+Q"))
        quit_action.triggered.connect(self.close)
        database_action = QAction("School &database…", self)
        database_action.triggered.connect(self._ask_database)
        file_menu.addAction(database_action)
        casino_action = QAction("Casino &rules…", self)
        casino_action.setToolTip("Train on a casino's Rules Submission file: its house way and choices")
        casino_action.triggered.connect(self._ask_casino_rules)
        file_menu.addAction(casino_action)
        self.regulation_action = QAction("R&egulation's rules (no casino)", self)
        self.regulation_action.setEnabled(False)
        self.regulation_action.triggered.connect(self._drop_casino_rules)
        file_menu.addAction(self.regulation_action)
        new_items_action = QAction("&New items a day…", self)
        new_items_action.setToolTip("How many new items a drill session brings in a day at most")
        new_items_action.triggered.connect(self._ask_new_items)
        file_menu.addAction(new_items_action)
        file_menu.addAction(quit_action)
        self.menuBar().insertMenu(view_menu.menuAction(), file_menu)

        self.menuBar().addMenu(self.game_menu)
        self.menuBar().addMenu(self.profile_menu)
        for spec in SCREENS:  # a game's screens show once the game in play is known
            self.screen_actions[spec.key].setVisible(spec.game is None)
        self._build_help_menu()

    def _build_text_size_menu(self, view_menu: QMenu) -> None:
        """View → Text size: Normal, Large, Projector (``trainer.ui.scaling``)."""
        menu = view_menu.addMenu("Te&xt size")
        group = QActionGroup(self)
        self.text_size_actions: dict[str, QAction] = {}
        for size in TEXT_SIZES.values():
            act = QAction(size.title, self, checkable=True)
            act.setChecked(size.key == current_text_size().key)
            act.triggered.connect(lambda _=False, k=size.key: self.set_text_size(k))
            group.addAction(act)
            menu.addAction(act)
            self.text_size_actions[size.key] = act

    def _build_help_menu(self) -> None:
        """Help: Getting started (F1) and the glossary (Shift+F1) from every screen; the welcome."""
        help_menu = self.menuBar().addMenu("&Help")
        for title, key, slot in (("&Getting started", "F1", lambda: self.show_help("start")),
                                 ("G&lossary", "Shift+F1", lambda: self.show_help("glossary")),
                                 ("&Learn before you drill", "", lambda: self.learn()),
                                 ("&Welcome…", "", self.show_welcome),
                                 ("&About", "", self._about)):
            act = QAction(title, self)
            if key:
                self._shortcuts.append((act, key))
                self.addAction(act)  # its key works with the menus hidden too (demonstration mode)
            act.triggered.connect(slot)
            help_menu.addAction(act)

    def _fill_game_menus(self) -> None:
        """The Game menu (each game of ``trainer.drills.games``, with its last profile) and the Profile
        menu (every game's profiles under the game's name: picking one plays that game)."""
        from trainer.drills.games import games

        self._games_ready = True
        group, profiles = QActionGroup(self), QActionGroup(self)
        self.game_actions: dict[str, QAction] = {}
        self.profile_by_name: dict[str, QAction] = {}
        for game in games():
            act = QAction(game.title, self, checkable=True)
            act.triggered.connect(lambda _=False, g=game.id: self.ctx.set_game(g))
            group.addAction(act)
            self.game_menu.addAction(act)
            self.game_actions[game.id] = act
            self.profile_menu.addSection(game.title)
            for name, prof in game.profiles.items.items():
                act = QAction(f"{name} — {prof.title}", self, checkable=True)
                act.triggered.connect(lambda _=False, n=name: self.ctx.set_profile(n))
                profiles.addAction(act)
                self.profile_menu.addAction(act)
                self.profile_by_name[name] = act
        self._profile_changed(self.ctx.profile)
        self._game_changed(self.ctx.game)

    def _show_game(self, game) -> None:
        """The toolbar for ``game``: its name on the Game button, its screens and the shared ones."""
        self.game_button.setText(f"Game: {game.title}")
        self._show_game_screens()
        self._fit_toolbars()  # now, not when the toolbars' layout requests come (after a paint)

    def _show_game_screens(self) -> None:
        """Only the screens of the game in play (and the shared ones) in the toolbar and the View menu;
        a hidden action's shortcut is off, so Ctrl+1 opens this game's table."""
        game = self.ctx.game.id
        for spec in SCREENS:
            self.screen_actions[spec.key].setVisible(spec.offered(game))

    # -- screens ----------------------------------------------------------------------------------
    def _offered_key(self, key: str) -> str:
        """``key``, or the game in play's screen of the same name (its first screen if it has none)."""
        spec = self.hosts[key].spec
        game = self.ctx.game.id
        if spec.offered(game):
            return key
        try:
            return find_screen(spec.name, game).key
        except TrainerError:
            return screens_for(game)[0].key

    def _hook(self, screen: QWidget) -> None:
        """Connect the requests a screen may emit to the window, once per screen."""
        if getattr(screen, "_hooked", False):
            return
        screen._hooked = True
        for signal, slot in (("demoChanged", self.set_demo), ("practiseRequested", self.practise),
                             ("learnRequested", self.learn), ("screenRequested", self.show_screen)):
            if hasattr(screen, signal):
                getattr(screen, signal).connect(slot)

    def show_screen(self, key: str, starting: bool = False) -> QWidget:
        """Show the screen ``key`` (or the game in play's screen of that name), building it the first time
        (``starting``: the first screen, painted before what can wait)."""
        key = self._offered_key(key)
        host = self.hosts[key]
        screen = host.load(self.ctx, name_later=starting)
        self.stack.setCurrentWidget(host)
        self.screen_actions[key].setChecked(True)
        self._hook(screen)
        self.current_key = key
        self.screenShown.emit(screen, host.spec.title)
        return screen

    def _fill_present_menu(self, menu: QMenu) -> None:
        from trainer.ui.presenter import fill_menu

        fill_menu(menu, self)

    def present(self, screen=None):
        """The presenter window full screen on ``screen`` (a QScreen; None or this window's screen: a
        window of its own), showing the screen shown here and following it; returns it."""
        if self.presenter is None:
            from trainer.ui.presenter import PresenterWindow

            self.presenter = PresenterWindow(self.ctx, self)
            self.presenter.closed.connect(self._presenter_closed)
            self.presenter.set_hide_answers(self.hide_answers_action.isChecked())
            self.presenter.set_zoom(self.zoom_action.isChecked())
            self.screenShown.connect(self.presenter.show_screen)
            self.presenter.show_screen(self.current_screen(), self.hosts[self.current_key].spec.title)
            for quiz in self.findChildren(QWidget, "live-host"):  # a live quiz running: its board
                if quiz.isVisible():
                    quiz.project_on(self.presenter)
        self.presenter.place(None if screen is self.screen() else screen)
        # remembered for the next start (``present_remembered``): the screen's name, "" a window
        self.store.setValue(PRESENTER_KEY, self.presenter.shown_on.name() if self.presenter.shown_on else "")
        return self.presenter

    def present_remembered(self):
        """Open the presenter again if it was open when the app last closed: on the same screen, only
        if that screen is there (and not this window's: a laptop taken home from the classroom opens
        none; issue 40), or as a window of its own if it was one; the presenter, or None."""
        name = self.store.value(PRESENTER_KEY)
        if name is None:
            return None
        if not name:
            return self.present(None)
        there = [s for s in QGuiApplication.screens() if s is not self.screen() and s.name() == name]
        return self.present(there[0]) if there else None

    def _to_presenter(self, method: str, *args) -> None:
        """A View menu choice for the presenter window, if it is open (else it takes it when opened)."""
        if self.presenter is not None:
            getattr(self.presenter, method)(*args)

    def stop_presenting(self) -> None:
        if self.presenter is not None:
            self.presenter.close()

    def _presenter_closed(self) -> None:
        if not self._quitting:  # closed by the instructor: the next start opens none
            self.store.remove(PRESENTER_KEY)
        self.screenShown.disconnect(self.presenter.show_screen)
        self.presenter.deleteLater()
        self.presenter = None

    def practise(self, skill: str) -> None:
        """Open the Drills screen and start a session of ``skill`` (a screen asked, e.g. Progress)."""
        drills = self.show_screen("drills")
        if hasattr(drills, "start_skill"):
            drills.start_skill(skill)

    def learn(self, skill: str = "") -> None:
        """Open the Learn screen at the page of ``skill``'s family (a family's name too; "": as it was)."""
        screen = self.show_screen("learn")
        if skill and hasattr(screen, "show_learn"):
            screen.show_learn(skill)

    def open_rule(self, link: str) -> None:
        """Show the rule book at ``link`` (a citation link clicked on any screen); a casino's Rules
        Submission: its rules, at the rule cited."""
        from trainer.ui.citation_links import casino_rule

        rule = casino_rule(link)
        if rule is not None:
            from trainer.ui.casino_view import show_casino_rules

            show_casino_rules(self, self.ctx.casino, rule)
            return
        came_from = self.current_key if self.current_key != "rulebook" else ""
        book = self.show_screen("rulebook")
        if hasattr(book, "open_link"):
            book.open_link(link, came_from=came_from)

    def current_screen(self) -> QWidget | None:
        return self.hosts[self.current_key].screen

    # -- choices ----------------------------------------------------------------------------------
    def _profile_changed(self, profile) -> None:
        if not self._games_ready:
            return
        from trainer.ui.casino_rules import status_text

        self.statusBar().showMessage(status_text(self.ctx, profile))
        self.profile_button.setText(f"Profile: {profile.name}")
        self.profile_by_name[profile.name].setChecked(True)

    def _game_changed(self, game) -> None:
        if not self._games_ready:
            return  # (the menus are filled from the context just after the first paint)
        self.game_actions[game.id].setChecked(True)
        self._show_game(game)
        if getattr(self, "help_dialog", None) is not None:
            self.help_dialog.set_game(game)
        if self.hosts[self.current_key].screen is not None:  # (else it is built after the first paint)
            self.show_screen(self.current_key)

    def _theme_changed(self, name: str) -> None:
        apply_theme(QApplication.instance(), theme_named(name))
        self.theme_action.blockSignals(True)
        self.theme_action.setChecked(name == "dark")
        self.theme_action.blockSignals(False)

    def set_full_screen(self, on: bool) -> None:
        if on:
            self.showFullScreen()
        else:
            self.showNormal()
        self.full_action.blockSignals(True)
        self.full_action.setChecked(on)
        self.full_action.blockSignals(False)

    def set_demo(self, on: bool) -> None:
        """Demonstration mode: full screen, no menus, toolbar or status bar."""
        if on == self._demo:
            return
        self._demo = on
        if on:
            self._was_full = self.isFullScreen()
        for w in (self.nav, self.choices, self.menuBar(), self.statusBar()):
            w.setVisible(not on)
        self.set_full_screen(on or self._was_full)

    def _fit_toolbars(self) -> None:
        """The choices' bar beside the screens' bar if both fit the window's width, else under it."""
        self._fit_titles()
        wide = self.nav.sizeHint().width() + self.choices.sizeHint().width() + 8 > self.width()
        if wide != self.toolBarBreak(self.choices):
            (self.insertToolBarBreak if wide else self.removeToolBarBreak)(self.choices)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._fit_toolbars()

    def _fit_titles(self) -> None:
        """The screens' short titles on their bar (the menu keeps the full ones) where the full titles do
        not fit the window's width: every screen in sight, none in the bar's overflow menu (issue 40)."""
        buttons = {act: self.nav.widgetForAction(act) for act in self.nav.actions() if act.isVisible()}

        def width(act: QAction, text: str) -> int:
            return buttons[act].fontMetrics().horizontalAdvance(text) if buttons[act] else 0

        full = self.nav.sizeHint().width() + sum(width(a, a.text()) - width(a, a.iconText()) for a in buttons)
        for spec in SCREENS:
            act = self.screen_actions[spec.key]
            title = spec.short if spec.short and full > self.width() else spec.title
            if act.iconText() != title:
                act.setIconText(title)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.LayoutRequest and watched in (self.nav, self.choices):
            self._fit_toolbars()
        return False

    def set_text_size(self, key: str) -> None:
        """View → Text size: every text of the app at preset ``key``, remembered."""
        apply_text_size(QApplication.instance(), key)
        self.text_size_actions[key].setChecked(True)
        self.store.setValue("app/text_size", key)

    def show_help(self, tab: str = "start") -> None:
        """Help → Getting started or Glossary of the game in play (one dialog, kept open beside the screens)."""
        from trainer.ui.help import HelpDialog

        if getattr(self, "help_dialog", None) is None:
            self.help_dialog = HelpDialog(self.ctx.game, self)
        self.help_dialog.show_tab(tab)
        self.help_dialog.show()
        self.help_dialog.raise_()

    def show_welcome(self) -> None:
        """The welcome: trainee, jurisdiction, where to begin; shown once by itself, then from Help."""
        from trainer.ui.welcome import WelcomeDialog

        dialog = WelcomeDialog(self.ctx, self)
        dialog.stepChosen.connect(self.begin_step)
        dialog.practiseChosen.connect(lambda step: self.practise(step.skill))
        dialog.finished.connect(lambda _: self.store.setValue("app/welcomed", True))
        dialog.open()
        self.welcome_dialog = dialog

    def begin_step(self, step) -> None:
        """Open a step of the suggested path: a skill's Learn page first (its Practise then opens
        the step's drill: teach before testing), else the step's screen."""
        if step.skill:
            self.learn(step.skill)
        else:
            self.show_screen(step.screen)

    def welcomed(self) -> bool:
        return self.store.value("app/welcomed") in (True, "true")

    def _about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(self, "About the Pai Gow Dealer Trainer", about_text(self.ctx.profile.title))

    # -- state --------------------------------------------------------------------------------------
    def _restore(self) -> None:
        s = self.store
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = s.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        key = str(s.value("window/screen", SCREENS[0].key))
        self.current_key = key if key in self.hosts else SCREENS[0].key  # (another game's: see finish_startup)
        self.stack.setCurrentWidget(self.hosts[self.current_key])
        self.screen_actions[self.current_key].setChecked(True)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self._first_pending:
            # finish just after the window has painted, so the window appears at once
            self._first_pending = True
            QTimer.singleShot(0, self.finish_startup)

    def finish_startup(self, *, warm_up_others: bool = True) -> None:
        """What can wait until the window is on screen: the first screen (the toolbars set for its game
        first), then once it has painted ``_first_painted`` and (``warm_up_others``) the other screens'
        imports in the background: a snapshot, which shows one screen and exits, has no use for them."""
        self._warm_up_others = warm_up_others
        key = self._offered_key(self.current_key)
        self._show_game(self.ctx.game)  # the toolbars as they stay: nothing moves the first screen later
        if self.hosts[key].screen is None or key != self.current_key:
            self.show_screen(key, starting=True)
        last = self.hosts[key].painted_last()
        after_paint(last, self._first_painted)
        self.firstScreenShown.emit(last)  # (a watcher it sets on ``last`` sees the paint before the one above)

    def _first_painted(self) -> None:
        """Shortcuts, the icon and accessible names, the Game and Profile menus, then the progress store:
        they wait for the first screen to be on screen, since their imports (the games' profiles, fsrs)
        and the file's checks would hold up that paint (issue 15)."""
        from trainer.ui.progress_link import watch_connection

        try:
            self._bind_shortcuts()
            if not self._games_ready:
                self._fill_game_menus()
            from trainer.ui import casino_rules

            casino_rules.restore(self)
            casino_rules.watch(self)
            try:
                self.connection_label = watch_connection(self.ctx, self.statusBar())
                if self.connection_label is not None:  # a school's server: its live quizzes (issue 41)
                    from trainer.ui.live_join import offer

                    self.live_offer = offer(self)
            except TrainerError as exc:
                self.progressUnusable.emit(exc)
        finally:  # whatever happened, start-up is over (the app turns its garbage collector back on)
            self.firstPainted.emit()
            # after the paint, never before it: on a slow or busy machine the thread would share the
            # interpreter with the first screen's paint (issue 42)
            if self._warm_up_others:
                QTimer.singleShot(200, self, lambda: warm_up.start(self.ctx))

    def _ask_database(self) -> None:
        from trainer.ui.progress_link import ask_database

        ask_database(self.store, self)

    def _ask_new_items(self) -> None:
        from trainer.ui import new_items

        new_items.ask(self, self.ctx.settings)

    def _ask_casino_rules(self) -> None:
        from trainer.ui import casino_rules

        casino_rules.ask(self)

    def open_casino_rules(self, path: str) -> bool:
        """Use a casino's Rules Submission file (a bad one: a dialog says why, the rules stay)."""
        from trainer.ui import casino_rules

        if not self._games_ready:
            self._fill_game_menus()
        return casino_rules.open_file(self, path)

    def _drop_casino_rules(self) -> None:
        from trainer.ui import casino_rules

        casino_rules.drop(self)

    def _casino_changed(self, casino) -> None:
        self.regulation_action.setEnabled(casino is not None)

    def _bind_shortcuts(self) -> None:
        icon = icon_path()
        if icon is not None:
            from PySide6.QtGui import QIcon

            QApplication.instance().setWindowIcon(QIcon(str(icon)))
        from PySide6.QtGui import QKeySequence  # (its enums are built on first use: after the first paint)

        for action, key in self._shortcuts:
            action.setShortcut(QKeySequence(key))
        from trainer.ui.accessibility import name_controls

        name_controls(self)

    def save_state(self) -> None:
        self.set_demo(False)  # remember the normal window, never the demonstration chrome
        s = self.store
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("window/screen", self.current_key)
        s.setValue("app/theme", self.ctx.theme)
        s.setValue("app/profile", self.ctx.profile_name)
        s.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        self._quitting = True  # (the presenter closes with the app, remembered for the next start)
        self.stop_presenting()
        super().closeEvent(event)
        if event.isAccepted():  # a closed window polls no server (the join offer, the status bar's link)
            for timer in self.findChildren(QTimer):
                timer.stop()


def stored_choices(store: QSettings) -> tuple[str | None, str | None]:
    """The theme and profile remembered from the last session (None if unknown)."""
    theme = store.value("app/theme")
    profile = store.value("app/profile")
    return (theme if theme in THEMES else None, profile if isinstance(profile, str) and profile else None)


def stored_text_size(store: QSettings) -> str | None:
    """View → Text size remembered from the last session (None if unknown)."""
    key = store.value("app/text_size")
    return key if key in TEXT_SIZES else None
