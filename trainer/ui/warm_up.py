"""Work that the first use of a screen would otherwise wait for, done in the background.

Reading the rule book (a caption's citation links), importing numpy, loading the drills and setting
every hand by the house way for the exact analysis (``analysis.prepare``, the optimal players'
table) take a few tenths of a second once; the table's first step and the Drills, Progress,
Dealer's seat and Player's seat screens need them the first time, the Learn screen its modules and
the game's first page, and each game's dealer screen its
first round (dealt ahead, see ``deal_ahead`` in ``trainer.ui.paigow.dealer_screen``). A daemon thread does them just
after the Table screen has painted: this is Python work the UI thread interleaves with (the
interpreter hands over every few milliseconds), and whatever a screen asks for before it is done
simply waits for the rest of that one step. pyqtgraph (the Progress screen's charts, a sixth of
the app's memory) is not imported then, but only once a chart is about to be shown
(:func:`in_background` from the Progress screen).
"""

from __future__ import annotations

import importlib
import threading
from typing import Callable

from trainer.ui.context import AppContext
from trainer.ui.screens import SCREENS


def warm_up(ctx: AppContext) -> None:
    """Import and build, in order of likely need, what the other screens use (no Qt objects)."""
    import trainer.ui.citation_links  # noqa: F401  (a caption's rule-book links: the table's first step)
    from trainer.drills.games import games
    from trainer.drills.registry import all_skills
    from trainer.rulebook.documents import load_book

    load_book()
    all_skills()
    # the Learn screen (the welcome's path opens it first): its modules and the game's first page
    import trainer.ui.learn_screen  # noqa: F401
    from trainer.drills.learn import families, learn_page

    learn_page(families(ctx.profile)[0], ctx.profile)
    for game in games():
        if game.warm_up is not None:
            game.warm_up(ctx.profile_of(game.id))
    # the widgets of the Drills, Progress, Exam and Dealer's seat screens
    import trainer.ui.widgets.answers  # noqa: F401
    import trainer.ui.widgets.feedback  # noqa: F401
    import trainer.ui.widgets.question  # noqa: F401
    import trainer.ui.widgets.screen  # noqa: F401
    for spec in SCREENS:
        if spec.name == "dealer":  # each game's dealer screen: its first round (Python only, no Qt object)
            importlib.import_module(spec.module).deal_ahead(ctx.profile_of(spec.game).name, ctx.seed)
    for spec in SCREENS:  # every screen's module: a screen's first open does not wait for its imports (issue 42)
        importlib.import_module(spec.module)


_started: list[threading.Thread] = []


def in_background(work: Callable[[], object], name: str = "warm-up") -> threading.Thread:
    """Run ``work`` (imports and pure Python, no Qt objects) on a daemon thread."""
    thread = threading.Thread(target=work, name=name, daemon=True)
    thread.start()
    _started.append(thread)
    return thread


def start(ctx: AppContext) -> threading.Thread:
    return in_background(lambda: warm_up(ctx))


def finish() -> None:
    """Wait for the warm-up: a daemon thread still importing when the interpreter exits can crash it."""
    while _started:
        _started.pop().join()
