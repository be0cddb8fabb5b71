"""The main window: a toolbar of screens (from ``trainer.ui.screens.SCREENS``) over a stack of them.

Screen modules are imported the first time their screen is shown, so start-up only pays for the
first one. A module that is not there yet shows a clear "not available yet" page instead. The
toolbar and the menus hold the profile picker, the theme toggle and full screen; the window's size,
place, screen, theme and profile are remembered in an INI file under ``trainer.paths.config_dir()``.
"""

from __future__ import annotations

import importlib
import traceback

from typing import TYPE_CHECKING

# Nothing here touches the ``Qt`` namespace before the first paint: PySide6 builds all of its
# Python enums on first access, which would cost more than the whole window (bench_startup.py).
from PySide6.QtCore import QByteArray, QSettings, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QApplication, QLabel, QMainWindow, QMenu, QStackedWidget, QToolBar, QToolButton, QVBoxLayout, QWidget,
)

from trainer import __version__
from trainer.paths import config_dir
from trainer.rules.paigow.profiles import PROFILES
from trainer.ui.context import AppContext
from trainer.ui.progress_link import ask_database, watch_connection
from trainer.ui.screens import SCREENS, ScreenSpec
from trainer.ui.theme import THEMES, apply_theme, theme_named

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent

SETTINGS_FILE = "paigow-trainer.ini"


def settings() -> QSettings:
    """The app's settings, an INI file in the user's config folder."""
    return QSettings(str(config_dir() / SETTINGS_FILE), QSettings.Format.IniFormat)


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

    def load(self, ctx: AppContext) -> QWidget:
        if self.screen is None:
            self.screen = self._create(ctx)
            self._loading.hide()
            self.layout().addWidget(self.screen)
        return self.screen

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
            return module.create_screen(ctx)
        except Exception as exc:  # a broken screen must not take the app down with it
            self.available = False
            traceback.print_exc()
            return _placeholder(f"The {self.spec.title} screen could not be opened.", f"{type(exc).__name__}: {exc}")


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

    def __init__(self, ctx: AppContext, store: QSettings | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.store = store or settings()
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
        self._build_actions()
        self.statusBar().showMessage(ctx.profile.title)
        self.connection_label = watch_connection(ctx, self.statusBar())
        ctx.profileChanged.connect(self._profile_changed)
        ctx.themeChanged.connect(self._theme_changed)
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
        bar.addSeparator()
        # the profile picker: a button opening the Profile menu (cheaper to build than a combo box)
        self.profile_menu = QMenu("&Profile", self)
        self.profile_actions = QActionGroup(self)
        self.profile_by_name: dict[str, QAction] = {}
        for name, prof in PROFILES.items():
            act = QAction(f"{name} — {prof.title}", self, checkable=True)
            act.setChecked(name == self.ctx.profile.name)
            act.triggered.connect(lambda _=False, n=name: self.ctx.set_profile(n))
            self.profile_actions.addAction(act)
            self.profile_menu.addAction(act)
            self.profile_by_name[name] = act
        self.profile_button = QToolButton()
        self.profile_button.setMenu(self.profile_menu)
        self.profile_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.profile_button.setToolTip("Jurisdiction profile: which regulations the trainer follows")
        self.profile_button.setText(f"Profile: {self.ctx.profile.name}")
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

        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        self._shortcuts.append((quit_action, "Ctrl+Q"))
        quit_action.triggered.connect(self.close)
        database_action = QAction("School &database…", self)
        database_action.triggered.connect(lambda: ask_database(self.store, self))
        file_menu.addAction(database_action)
        file_menu.addAction(quit_action)
        self.menuBar().insertMenu(view_menu.menuAction(), file_menu)

        self.menuBar().addMenu(self.profile_menu)
        help_menu = self.menuBar().addMenu("&Help")
        about = QAction("&About", self)
        about.triggered.connect(self._about)
        help_menu.addAction(about)

    # -- screens ----------------------------------------------------------------------------------
    def show_screen(self, key: str) -> QWidget:
        """Show the screen ``key``, importing and building it the first time."""
        host = self.hosts[key]
        screen = host.load(self.ctx)
        self.stack.setCurrentWidget(host)
        self.screen_actions[key].setChecked(True)
        if hasattr(screen, "demoChanged") and not getattr(screen, "_demo_hooked", False):
            screen.demoChanged.connect(self.set_demo)
            screen._demo_hooked = True
        if hasattr(screen, "practiseRequested") and not getattr(screen, "_practise_hooked", False):
            screen.practiseRequested.connect(self.practise)
            screen._practise_hooked = True
        self.current_key = key
        return screen

    def practise(self, skill: str) -> None:
        """Open the Drills screen and start a session of ``skill`` (a screen asked, e.g. Progress)."""
        drills = self.show_screen("drills")
        if hasattr(drills, "start_skill"):
            drills.start_skill(skill)

    def current_screen(self) -> QWidget | None:
        return self.hosts[self.current_key].screen

    # -- choices ----------------------------------------------------------------------------------
    def _profile_changed(self, profile) -> None:
        self.statusBar().showMessage(profile.title)
        self.profile_button.setText(f"Profile: {profile.name}")
        self.profile_by_name[profile.name].setChecked(True)

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
        for w in (self.nav, self.menuBar(), self.statusBar()):
            w.setVisible(not on)
        self.set_full_screen(on or self._was_full)

    def _about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(self, "Pai Gow Dealer Trainer",
                          f"Pai Gow Dealer Trainer {__version__}\nProfile: {self.ctx.profile.title}")

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
        self.current_key = key if key in self.hosts else SCREENS[0].key
        self.stack.setCurrentWidget(self.hosts[self.current_key])
        self.screen_actions[self.current_key].setChecked(True)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self._first_pending:
            # finish just after the window has painted, so the window appears at once
            self._first_pending = True
            QTimer.singleShot(0, self.finish_startup)

    def finish_startup(self) -> None:
        """What can wait until the window is on screen: shortcuts, the icon, the first screen."""
        from trainer.ui.app import icon_path

        icon = icon_path()
        if icon is not None:
            from PySide6.QtGui import QIcon

            QApplication.instance().setWindowIcon(QIcon(str(icon)))
        for action, key in self._shortcuts:
            action.setShortcut(QKeySequence(key))
        if self.hosts[self.current_key].screen is None:
            self.show_screen(self.current_key)

    def save_state(self) -> None:
        self.set_demo(False)  # remember the normal window, never the demonstration chrome
        s = self.store
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("window/screen", self.current_key)
        s.setValue("app/theme", self.ctx.theme)
        s.setValue("app/profile", self.ctx.profile.name)
        s.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        super().closeEvent(event)


def stored_choices(store: QSettings) -> tuple[str | None, str | None]:
    """The theme and profile remembered from the last session (None if unknown)."""
    theme = store.value("app/theme")
    profile = store.value("app/profile")
    return (theme if theme in THEMES else None, profile if profile in PROFILES else None)
