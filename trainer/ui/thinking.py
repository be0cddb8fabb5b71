"""Pause a screen's :class:`~trainer.drills.clock.ThinkingClock` while the trainee cannot be thinking
about its question: the screen is not the one shown (the rule book opened by a citation link, another
screen), its window is in the background (Help or another program has the focus) or minimised; and
until the screen is first shown: a screen built out of sight (ahead of use, or behind a dialog) that
asks its first question at once starts that question's clock when it is shown (issue 40: a dealer round's
first action read 9.5 s as it appeared).

The screen adds its own reasons (a demonstration: ``clock.pause("demonstration")``).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from trainer.drills.clock import ThinkingClock

#: The pause reasons this watcher sets.
AWAY, BACKGROUND, MINIMISED = "another screen", "window in the background", "window minimised"


class ThinkingWatch(QObject):
    """Watches ``screen`` (shown or hidden) and its window (active, minimised) for ``clock``."""

    def __init__(self, screen: QWidget, clock: ThinkingClock) -> None:
        super().__init__(screen)
        self.screen = screen
        self.clock = clock
        self._window: QWidget | None = None
        screen.installEventFilter(self)
        self._watch_window()
        if not screen.isVisible():  # (a Show event ends it)
            self._set(AWAY, True)

    def _watch_window(self) -> None:
        """Follow the screen's top-level window (it changes when the screen is put into the main window)."""
        window = self.screen.window()
        if window is self._window:
            return
        if self._window is not None and self._window is not self.screen:  # (the screen's own filter stays)
            self._window.removeEventFilter(self)
        self._window = window
        if window is not self.screen:
            window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        kind = event.type()
        if watched is self.screen and kind in (QEvent.Type.Show, QEvent.Type.Hide, QEvent.Type.ParentChange):
            self._watch_window()
            if kind != QEvent.Type.ParentChange:
                self._set(AWAY, kind == QEvent.Type.Hide)
        if watched is self._window or watched is self.screen and self._window is self.screen:
            if kind == QEvent.Type.ActivationChange:
                self._set(BACKGROUND, not self._window.isActiveWindow())
            elif kind == QEvent.Type.WindowStateChange:
                self._set(MINIMISED, self._window.isMinimized())
        return False

    def _set(self, reason: str, on: bool) -> None:
        (self.clock.pause if on else self.clock.resume)(reason)


def watch_thinking(screen: QWidget, clock: ThinkingClock) -> ThinkingWatch:
    """Pause ``clock`` whenever ``screen`` or its window is out of the trainee's sight (see the module)."""
    return ThinkingWatch(screen, clock)
