"""File → Casino rules…: train on a casino's Rules Submission file (docs/casino-rules.md).

The file's amended profile becomes its game's profile (its house way, paytables, styles, banking);
the choice is remembered in the app's settings and the status bar names the casino. A file that
cannot be used shows the engine's one-line message (file, line, problem) in a dialog, and the rules
in force stay as they were. Choosing a profile of the casino's game, or File → Regulation's rules,
goes back to the regulation's.

A trainee in a class whose instructor published a casino's rules to it (``class --casino-rules``,
issue 30 "shared by a school") trains on them at start-up and whenever the app switches to that
trainee (:func:`follow_class`), unless a file of this PC's own choice is in force.
"""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox

from trainer.rules.errors import TrainerError

#: The file in force, in the app's settings (``main_window.settings``).
SETTING = "app/casino_rules"


def ask(window: QMainWindow) -> QFileDialog:
    """Open the file dialog (Qt's own, so that it works alike everywhere and from the keyboard)."""
    last = window.store.value(SETTING)
    dialog = QFileDialog(window, "Casino rules", os.path.dirname(last) if isinstance(last, str) else "",
                         "Rules Submission (*.toml);;All files (*)")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    dialog.fileSelected.connect(lambda path: open_file(window, path))
    dialog.open()
    window.casino_dialog = dialog
    return dialog


def open_file(window: QMainWindow, path: str) -> bool:
    """Use the rules of the file at ``path``; on a bad file show why and keep the rules in force."""
    from trainer.rules.casino import load_casino

    try:
        casino = load_casino(path)
    except TrainerError as exc:
        box = QMessageBox(QMessageBox.Icon.Warning, "Casino rules", str(exc), QMessageBox.StandardButton.Ok, window)
        box.setObjectName("casinoRulesError")
        box.open()
        window.casino_error = box
        return False
    window.ctx.set_casino(casino)
    window.store.setValue(SETTING, path)
    return True


def drop(window: QMainWindow) -> None:
    """Back to the regulation's rules: the casino's game's own profile."""
    casino = window.ctx.casino
    window.store.remove(SETTING)
    if casino is not None:
        window.ctx.set_profile(casino.profile.name)


def restore(window: QMainWindow) -> None:
    """The file remembered from the last session; one that no longer loads is named in the status bar."""
    from trainer.rules.casino import load_casino

    path = window.store.value(SETTING)
    if not isinstance(path, str) or not path:
        return
    try:
        window.ctx.set_casino(load_casino(path))
    except TrainerError as exc:
        window.statusBar().showMessage(f"Casino rules not loaded: {exc}")


#: The screens whose opening checks that the class's rules are still those in force (issue 30).
CHECKED_SCREENS = ("drills", "exam")


def watch(window: QMainWindow) -> None:
    """Follow the class's casino rules: at once, when the trainee changes, and with a cheap check of their
    SHA-256 when the Drills or Exam screen is opened or the app is back in focus, so rules an instructor
    publishes meanwhile reach the trainee without a restart."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication
    from shiboken6 import isValid

    follow_class(window)
    window.ctx.traineeChanged.connect(lambda _: follow_class(window))
    window.screenShown.connect(lambda *_: follow_class(window, cheap=True)
                               if window.current_key in CHECKED_SCREENS else None)

    def back_in_focus(state: Qt.ApplicationState) -> None:
        # (a window closed but not yet deleted asks nothing: its store's server may be gone)
        if state == Qt.ApplicationState.ApplicationActive and isValid(window) and window.isVisible():
            follow_class(window, cheap=True)

    app = QApplication.instance()
    app.applicationStateChanged.connect(back_in_focus)
    # the application outlives the window: its signal must not reach a closed window
    window.destroyed.connect(lambda *_: app.applicationStateChanged.disconnect(back_in_focus))


def follow_class(window: QMainWindow, *, cheap: bool = False) -> None:
    """The current trainee's class's casino rules, if an instructor published some and no file of this PC's
    choice is in force; switching to a trainee without them drops the class's rules again. ``cheap``: only
    when their SHA-256 differs from that of the class's rules in force (one small query)."""
    from trainer.progress.school import trainee_rules, trainee_rules_digest
    from trainer.ui.progress_link import shared_store

    if window.store.value(SETTING):
        return
    name, shared = window.ctx.trainee, getattr(window, "class_casino", None)
    try:
        store = shared_store(window.ctx)
        if cheap and (trainee_rules_digest(store, name) if name else None) == (shared.digest if shared else None):
            return
        published = trainee_rules(store, name) if name else None
        casino = published.load() if published is not None else None
    except TrainerError as exc:
        window.statusBar().showMessage(f"The class's casino rules are not loaded: {exc}")
        return
    if casino is not None:
        window.class_casino = casino
        window.ctx.set_casino(casino)
    elif shared is not None and window.ctx.casino is shared:
        window.class_casino = None
        window.ctx.set_profile(shared.profile.name)


def status_text(ctx: Any, profile: Any) -> str:
    """The status bar's line: the profile's title, after the casino whose rules amend it."""
    casino = ctx.casino
    if casino is None or casino.profile is not profile:
        return profile.title
    way = getattr(casino, "way_name", None)
    return f"Casino rules: {casino.casino}" + (f" ({way})" if way else "") + f" · {profile.title}"
