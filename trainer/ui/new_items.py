"""File → New items a day: the daily cap on new items (Anki's "new cards per day", issue 38), a setting
the Drills screen's sessions read."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QInputDialog, QWidget

from trainer.drills.queue import NEW_PER_DAY

#: The QSettings key of the cap.
KEY = "drills/new_per_day"
#: The largest cap offered.
MOST = 200


def new_per_day(settings: Any) -> int:
    """The cap chosen (``settings``: the app's QSettings, or None), else :data:`NEW_PER_DAY`."""
    if settings is None:
        return NEW_PER_DAY
    try:
        return min(MOST, max(0, int(settings.value(KEY, NEW_PER_DAY))))
    except (TypeError, ValueError):  # a hand-edited settings file
        return NEW_PER_DAY


def ask(parent: QWidget, settings: Any) -> None:
    """Ask for the cap and remember it."""
    value, ok = QInputDialog.getInt(parent, "New items a day",
                                    "New items a drill session brings in a day at most\n"
                                    "(missed reviews and a low score hold them back):",
                                    new_per_day(settings), 0, MOST)
    if ok:
        settings.setValue(KEY, value)
