"""The dealer screens' payment setting (issue 31): each payment is paid on the chip tray, or its total is
typed (a speed drill). A check box on the options bar, F2 anywhere in the screen (as in the Drills screen),
remembered in the app's settings (``AppContext.settings``) for the next round and the next session.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QCheckBox, QWidget

#: The setting's key in the app's settings (both dealer screens: a trainee drills for speed, or not).
SETTING = "dealer/typed_totals"


def typed_totals_box(ctx, changed: Callable[[bool], None]) -> QCheckBox:
    """The check box, as remembered; ``changed(typed)`` when it turns."""
    box = QCheckBox("Type totals  (F2)")
    box.setToolTip("Type each payment's total (and each call) instead of building it on the chip tray: a speed "
                   "drill. F2 switches.")
    store = ctx.settings
    if store is not None:
        box.setChecked(store.value(SETTING) in (True, "true"))
        box.toggled.connect(lambda typed: store.setValue(SETTING, typed))
    box.toggled.connect(changed)
    return box


class _F2(QObject):
    """F2 pressed in a watched widget or passed on to it by a child (the chip tray, the typed field)."""

    def __init__(self, box: QCheckBox) -> None:
        super().__init__(box)
        self.box = box

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_F2:  # type: ignore[attr-defined]
            self.box.toggle()
            return True
        return False


def switch_with_f2(box: QCheckBox, *widgets: QWidget) -> None:
    """F2 turns ``box`` in ``widgets`` and their children, before the answer panel's own F2 (which types a
    chip payout as a breakdown, in the Drills screen). A key filter, not a shortcut: it needs no active window."""
    keys = _F2(box)
    for widget in widgets:
        widget.installEventFilter(keys)
