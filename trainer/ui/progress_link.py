"""The drill, progress and exam screens' link to the progress store and the current trainee.

One :class:`~trainer.progress.ProgressStore` per data folder (or school database) is shared by the
screens (every answer committed as it is given). The database is ``ctx.database`` (into which the
app resolves ``--database``, ``$PAIGOW_TRAINER_DATABASE`` and File > School database); without one,
``$PAIGOW_TRAINER_DATABASE``, else the progress file in the data folder. If the application context
ever carries a ``store`` attribute, that one is used instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import (
    QApplication, QInputDialog, QLabel, QLineEdit, QMainWindow, QMessageBox, QStatusBar, QWidget,
)

from trainer.progress import ProgressStore
from trainer.progress.database import chosen_url
from trainer.progress.server import open_store
from trainer.rules.errors import TrainerError

_STORES: dict[Path | str, ProgressStore] = {}

#: How often the status bar re-checks a school's server and sends answers waiting on this PC.
FLUSH_MS = 15_000


def shared_store(ctx) -> ProgressStore:
    """The progress store of the context's database (opened once, then shared)."""
    store = getattr(ctx, "store", None)
    if store is not None:
        return store
    data = Path(ctx.data_dir).resolve()
    key = chosen_url(getattr(ctx, "database", None)) or data
    if key not in _STORES:
        _STORES[key] = open_store(getattr(ctx, "database", None), data=data, offline=True, note=show_note)
    return _STORES[key]


def show_note(message: str) -> None:
    """A store's note (waiting for another program's lock, a damaged entry skipped) in the main
    window's status bar, painted at once (the wait blocks the event loop); stderr too, for logs."""
    print(f"note: {message}", file=sys.stderr, flush=True)
    for window in QApplication.topLevelWidgets():
        if isinstance(window, QMainWindow) and window.isVisible():
            window.statusBar().showMessage(message, 15_000)
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)


def watch_connection(ctx, bar: QStatusBar) -> QLabel | None:
    """On a school's server: a permanent status-bar label saying whether it is reachable and how
    many answers wait on this PC, refreshed (and the waiting answers sent) every ``FLUSH_MS``. Opens the
    store: raises :class:`TrainerError` if it cannot be used."""
    store = shared_store(ctx)
    if store.connection_state() is None:
        return None
    label = QLabel(store.connection_state())
    label.setObjectName("connectionState")
    bar.addPermanentWidget(label)

    def refresh() -> None:
        if store not in _STORES.values():  # closed (application exit, tests)
            timer.stop()
            return
        try:
            store.flush()
        except TrainerError:
            pass  # still unreachable: the answers keep waiting, the label says so
        label.setText(store.connection_state())

    timer = QTimer(label)
    timer.timeout.connect(refresh)
    timer.start(FLUSH_MS)
    return label


def ask_database(settings, parent: QWidget) -> str | None:
    """Ask for the school's database URL (empty: this PC's progress file) and keep it in the app's
    settings; it is used from the next start. Returns the URL kept, or None if cancelled or refused."""
    from trainer.progress.database import parse_url, redact

    current = str(settings.value("database", "") or "")
    shown = redact(current)  # a password in the kept URL is never shown; left as shown, it is kept
    url, ok = QInputDialog.getText(parent, "School database",
                                   "Progress database (postgresql://user@host/db, or empty for this PC's file):",
                                   text=shown)
    if not ok:
        return None
    if url.strip() == shown.strip():
        url = current
    try:
        if url.strip():
            parse_url(url)
    except TrainerError as exc:
        QMessageBox.warning(parent, "School database", str(exc))
        return None
    settings.setValue("database", url.strip())
    QMessageBox.information(parent, "School database", "The trainer uses this database from its next start.")
    return url.strip()


def instructor_allows(ctx, parent: QWidget, what: str, trainee: str) -> bool:
    """On a school's server, changing trainees (rename, delete, replace) is the instructors' job, and
    so is changing a trainee in a class anywhere (``school.needs_instructor``, the CLI's rule too):
    ask for an instructor's password; else anyone at the PC may."""
    from trainer.progress import school

    store = shared_store(ctx)
    if not school.needs_instructor(store, (trainee,)):
        return True
    password, ok = QInputDialog.getText(parent, "Instructor's password", f"To {what}, an instructor's password:",
                                        QLineEdit.EchoMode.Password)
    if ok and school.instructor_with(store, password) is not None:
        return True
    if ok:
        QMessageBox.warning(parent, "Instructor's password",
                            "That is not an instructor's password: nothing was changed.")
    return False


def close_shared_stores() -> None:
    """Close every shared store (tests, application exit)."""
    while _STORES:
        _STORES.popitem()[1].close()


def current_trainee(ctx) -> str:
    """The context's trainee if the store knows them, else the store's last current trainee, else ""."""
    store = shared_store(ctx)
    if ctx.trainee:
        try:
            return store.trainee(ctx.trainee).name
        except TrainerError:
            pass
    saved = store.current_trainee
    return saved.name if saved else ""


def adopt_saved_trainee(ctx) -> None:
    """If the context has no trainee yet, take the one the store remembers from the last run."""
    if not ctx.trainee:
        saved = shared_store(ctx).current_trainee
        if saved is not None:
            ctx.set_trainee(saved.name)


def switch_to(ctx, name: str) -> None:
    """Make ``name`` the current trainee, in the store (kept across runs) and in the context."""
    trainee = shared_store(ctx).switch_trainee(name)
    if ctx.trainee != trainee.name:
        ctx.set_trainee(trainee.name)


def ask_new_trainee(ctx, parent: QWidget) -> str:
    """Ask for a name, create the trainee and switch to them; "" if cancelled or refused."""
    name, ok = QInputDialog.getText(parent, "New trainee", "Trainee's name:")
    if not ok or not name.strip():
        return ""
    try:
        trainee = shared_store(ctx).create_trainee(name)
    except TrainerError as exc:
        QMessageBox.warning(parent, "New trainee", str(exc))
        return ""
    switch_to(ctx, trainee.name)
    return trainee.name
