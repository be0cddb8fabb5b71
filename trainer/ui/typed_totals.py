"""The dealer screens' payment setting (issue 31): each payment is paid on the chip tray, or its total is
typed (a speed drill). A check box on the options bar, F2 anywhere in the screen (as in the Drills screen),
remembered in the app's settings (``AppContext.settings``) for the next round and the next session.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QCheckBox, QWidget

#: The setting's key in the app's settings (both dealer screens: a trainee drills for speed, or not).
SETTING = "dealer/typed_totals"


def typed_totals_box(ctx, screen: QWidget, changed: Callable[[bool], None]) -> QCheckBox:
    """The check box, as remembered; ``changed(typed)`` when it (or F2 in ``screen``) turns it."""
    box = QCheckBox("Type totals  (F2)")
    box.setToolTip("Type each payment's total (and each call) instead of building it on the chip tray: a speed "
                   "drill. F2 switches.")
    store = ctx.settings
    if store is not None:
        box.setChecked(store.value(SETTING) in (True, "true"))
        box.toggled.connect(lambda typed: store.setValue(SETTING, typed))
    box.toggled.connect(changed)
    QShortcut(QKeySequence(Qt.Key.Key_F2), screen, box.toggle, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
    return box
