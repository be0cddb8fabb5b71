"""The drill, progress and exam screens' link to the progress store and the current trainee.

One :class:`~trainer.progress.ProgressStore` per data folder is shared by the screens (SQLite in WAL
mode, every answer committed as it is given). If the application context ever carries a ``store``
attribute, that one is used instead.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

from trainer.progress import ProgressStore
from trainer.rules.errors import TrainerError

_STORES: dict[Path, ProgressStore] = {}


def shared_store(ctx) -> ProgressStore:
    """The progress store of ``ctx.data_dir`` (opened once, then shared)."""
    store = getattr(ctx, "store", None)
    if store is not None:
        return store
    key = Path(ctx.data_dir).resolve()
    if key not in _STORES:
        _STORES[key] = ProgressStore.in_dir(key)
    return _STORES[key]


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
