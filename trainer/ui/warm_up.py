"""Work that the first use of a screen would otherwise wait for, done in the background at start-up.

Importing numpy and pyqtgraph, loading the drills and setting every hand by the house way for the
exact analysis (``analysis.prepare``, the optimal players' table) take a few tenths of a second
once; the Drills, Progress, Dealer's seat and Player's seat screens need them the first time they
open. A daemon thread does them just after the Table screen has painted: this is Python work the
UI thread interleaves with (the interpreter hands over every few milliseconds), and whatever a
screen asks for before it is done simply waits for the rest of that one step.
"""

from __future__ import annotations

import threading

from trainer.ui.context import AppContext


def warm_up(ctx: AppContext) -> None:
    """Import and build, in order of likely need, what the other screens use (no Qt objects)."""
    from trainer.drills.games import games
    from trainer.drills.registry import all_skills

    all_skills()
    for game in games():
        if game.warm_up is not None:
            game.warm_up(ctx.profile_of(game.id))
    import pyqtgraph  # noqa: F401  (the Progress screen's charts)


_started: list[threading.Thread] = []


def start(ctx: AppContext) -> threading.Thread:
    thread = threading.Thread(target=warm_up, args=(ctx,), name="warm-up", daemon=True)
    thread.start()
    _started.append(thread)
    return thread


def finish() -> None:
    """Wait for the warm-up: a daemon thread still importing when the interpreter exits can crash it."""
    while _started:
        _started.pop().join()
