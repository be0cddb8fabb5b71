"""The app's screens, as data: the main window builds its navigation from this list.

Each screen module exposes ``create_screen(ctx: AppContext) -> QWidget`` and is imported only when
the screen is first shown, so start-up stays fast. A screen of one game (``game``: its id in
``trainer.drills.games``) is offered while that game is in play and gets the context as that game
sees it (``AppContext.for_game``); a screen without a game (drills, progress, exam) serves every game.
Two games' screens may share a ``name`` (``table``), a shortcut and a title.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.rules.errors import TrainerError


@dataclass(frozen=True)
class ScreenSpec:
    key: str
    title: str
    shortcut: str
    module: str
    game: str | None = None
    #: What the screen is for, in Help → Getting started.
    summary: str = ""
    #: Its title on the screens' bar where the full titles do not fit the window (1024x768 at Projector)
    short: str = ""

    @property
    def name(self) -> str:
        """The screen's name within its game (``table`` for both games' tables)."""
        return self.key.removeprefix(f"{self.game}-") if self.game else self.key

    def offered(self, game: str) -> bool:
        return self.game in (None, game)


SCREENS: tuple[ScreenSpec, ...] = (
    ScreenSpec("table", "Table", "Ctrl+1", "trainer.ui.paigow.table_screen", "paigow",
               "watch any delivery style, move by move, with its section."),
    ScreenSpec("baccarat-table", "Table", "Ctrl+1", "trainer.ui.baccarat.table_screen", "baccarat",
               "watch a shoe prepared and its rounds dealt, step by step, with each step's section."),
    ScreenSpec("drills", "Drills", "Ctrl+2", "trainer.ui.drill_screen",
               summary="questions of one skill, or what to practise next."),
    ScreenSpec("learn", "Learn", "Ctrl+8", "trainer.ui.learn_screen",
               summary="each family's facts with their sections, worked examples and flashcards: learn before you drill."),
    ScreenSpec("progress", "Progress", "Ctrl+3", "trainer.ui.progress_screen",
               summary="accuracy and speed per skill; what is due."),
    ScreenSpec("exam", "Exam", "Ctrl+4", "trainer.ui.exam_screen",
               summary="a fixed exam, its result and a printable report."),
    ScreenSpec("dealer", "Dealer's seat", "Ctrl+5", "trainer.ui.paigow.dealer_screen", "paigow",
               "run a whole round as the dealer.", short="Dealer"),
    ScreenSpec("baccarat-dealer", "Calling the game", "Ctrl+5", "trainer.ui.baccarat.dealer_screen", "baccarat",
               "call a whole round as the dealer calling the game, at a table of players.",
               short="Calling"),
    ScreenSpec("player", "Player's seat", "Ctrl+6", "trainer.ui.paigow.player_screen", "paigow",
               "play hands and see what each setting is worth.", short="Player"),
    ScreenSpec("rulebook", "Rule book", "Ctrl+R", "trainer.ui.rulebook_screen",
               summary="the regulation in play, section by section, and the readings the trainer follows."),
    ScreenSpec("class", "Class", "Ctrl+7", "trainer.ui.class_screen",
               summary="for instructors: who in a class is ready for the exam."),
)


def screens_for(game: str) -> tuple[ScreenSpec, ...]:
    """The screens offered while ``game`` is in play, in menu order."""
    return tuple(s for s in SCREENS if s.offered(game))


def find_screen(name: str, game: str) -> ScreenSpec:
    """``game``'s screen called ``name`` (``table``, ``dealer``, ``drills``...); else an error listing them."""
    offered = screens_for(game)
    for spec in offered:
        if name in (spec.key, spec.name):
            return spec
    raise TrainerError(f"{game} has no '{name}' screen (choose from: {', '.join(s.name for s in offered)})")
