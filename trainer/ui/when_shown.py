"""Work for a screen hidden behind another, held until it is shown again (both games' tables, and the
screens every game shares: a switch of game behind them need not rebuild them on another screen's open)."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget


class _WhenShown(QObject):
    """Runs each work given it, once and in the order first given, when its widget is next shown
    (see :func:`when_shown`)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.works: dict[Callable[[], None], None] = {}
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Show and self.works:
            works, self.works = self.works, {}
            for work in works:
                work()
        return False


def when_shown(screen: QWidget, work: Callable[[], None]) -> None:
    """``work`` now, or for a screen hidden behind another in a shown window, just before it is shown
    again: a switch of game announces that game's profile, and its hidden table need not deal anew
    then, on the frame of the screen that is opening. The same work (a bound method) asked for twice
    meanwhile runs once."""
    if screen.isVisible() or not screen.window().isVisible():
        work()
        return
    if getattr(screen, "_when_shown", None) is None:
        screen._when_shown = _WhenShown(screen)
    screen._when_shown.works[work] = None
