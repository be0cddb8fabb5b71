"""A screen's parts built in later turns of the event loop, after what it shows first (issue 42).

A screen opened in a window on screen shows its frame and first view at once; the rest (a Learn
page's later sections, a page not yet turned to) is built one part a turn, each short, so the open
paints sooner and no turn holds the event loop long. Where nothing is on screen yet (a test building
a screen alone, a snapshot before its window shows) every part is built at once, so whoever looks
at the screen next finds it whole. Anything that needs the whole screen calls :meth:`Later.finish`.
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication


def on_screen() -> bool:
    """Whether a window of the app is shown (a part can then wait for a later turn)."""
    return any(w.isVisible() for w in QApplication.topLevelWidgets() if w.isWindow())


class Later(QObject):
    """Parts run one a turn, in order; a new :meth:`run` drops the parts the last one had left."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._parts: deque[Callable[[], None]] = deque()
        self._run = 0

    @property
    def pending(self) -> int:
        """Parts not built yet."""
        return len(self._parts)

    def run(self, parts: Iterable[Callable[[], None]]) -> None:
        """Run ``parts`` one per later turn (at once, all of them, when no window is on screen)."""
        self._parts = deque(parts)
        self._run += 1
        if not on_screen():
            self.finish()
        elif self._parts:
            self._schedule()

    def finish(self) -> None:
        """Run every part left now (what needs the whole screen, e.g. a snapshot)."""
        while self._parts:
            self._parts.popleft()()

    def _schedule(self) -> None:
        run = self._run
        QTimer.singleShot(0, self, lambda: self._next(run))

    def _next(self, run: int) -> None:
        if run != self._run or not self._parts:  # (dropped by a newer run, or finished meanwhile)
            return
        self._parts.popleft()()
        if self._parts:
            self._schedule()
