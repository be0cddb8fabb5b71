"""The time a trainee spends thinking about a question: a clock that pauses for anything else.

An answer's time runs only while its question is on screen and the window is active: a screen pauses
the clock for a demonstration, while the rule book or Help is open, after following a citation link
and while the window is minimised or in the background, each under its own reason; the clock runs
again once no reason is left. Pure Python with an injectable time source, so tests drive it exactly.

>>> t = [0.0]
>>> clock = ThinkingClock(lambda: t[0])
>>> clock.start(); t[0] = 2.0
>>> clock.pause("demonstration"); t[0] = 140.0
>>> clock.pause("window"); clock.resume("demonstration"); t[0] = 150.0
>>> clock.elapsed_ms(), clock.paused
(2000, True)
>>> clock.resume("window"); t[0] = 151.5
>>> clock.stop(), clock.running
(3500, False)

A time already used is shown in whole seconds elapsed (a stopwatch), wherever it is shown: the exam's
screen and its printed report, the dealer's round clock and its summary (:func:`elapsed_seconds`).

>>> elapsed_text(37.9), elapsed_text(3725.0), elapsed_seconds(37.9)
('0:37', '1:02:05', 37)
"""

from __future__ import annotations

import time
from typing import Callable


class ThinkingClock:
    """Milliseconds of thinking since :meth:`start`, paused while any pause reason holds."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        #: Seconds since a fixed point (``time.monotonic``; a test's own list or counter).
        self.now = now
        self._total = 0.0
        self._since: float | None = None
        self._reasons: set[str] = set()
        self.running = False

    @property
    def paused(self) -> bool:
        return bool(self._reasons)

    @property
    def reasons(self) -> frozenset[str]:
        return frozenset(self._reasons)

    def start(self) -> None:
        """A new question: zero, running unless a pause reason still holds (e.g. the window is in the background)."""
        self._total = 0.0
        self.running = True
        self._since = None if self._reasons else self.now()

    def pause(self, reason: str) -> None:
        """Stop counting for ``reason`` (several reasons may hold at once)."""
        if not self._reasons and self._since is not None:
            self._total += self.now() - self._since
            self._since = None
        self._reasons.add(reason)

    def resume(self, reason: str) -> None:
        """``reason`` no longer holds; counting goes on once no reason is left."""
        self._reasons.discard(reason)
        if not self._reasons and self.running and self._since is None:
            self._since = self.now()

    def elapsed_ms(self) -> int:
        """Thinking time so far, in whole milliseconds."""
        total = self._total + (self.now() - self._since if self._since is not None else 0.0)
        return round(total * 1000)

    def stop(self) -> int:
        """The question is answered: the time stops and is returned (``elapsed_ms`` keeps it)."""
        ms = self.elapsed_ms()
        self._total = ms / 1000
        self._since = None
        self.running = False
        return ms


def elapsed_seconds(seconds: float) -> int:
    """Whole seconds of a time used (rounded down: a stopwatch shows 0:37 until 38 s have passed)."""
    return int(seconds // 1) if seconds > 0 else 0


def elapsed_text(seconds: float) -> str:
    """``m:ss`` (or ``h:mm:ss``) of a time used, in whole seconds elapsed."""
    h, rest = divmod(elapsed_seconds(seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
