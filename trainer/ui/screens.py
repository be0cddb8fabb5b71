"""The app's screens, as data: the main window builds its navigation from this list.

Each screen module exposes ``create_screen(ctx: AppContext) -> QWidget`` and is imported only when
the screen is first shown, so start-up stays fast.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScreenSpec:
    key: str
    title: str
    shortcut: str
    module: str


SCREENS: tuple[ScreenSpec, ...] = (
    ScreenSpec("table", "Table", "Ctrl+1", "trainer.ui.paigow.table_screen"),
    ScreenSpec("drills", "Drills", "Ctrl+2", "trainer.ui.drill_screen"),
    ScreenSpec("progress", "Progress", "Ctrl+3", "trainer.ui.progress_screen"),
    ScreenSpec("exam", "Exam", "Ctrl+4", "trainer.ui.exam_screen"),
    ScreenSpec("dealer", "Dealer's seat", "Ctrl+5", "trainer.ui.paigow.dealer_screen"),
    ScreenSpec("player", "Player's seat", "Ctrl+6", "trainer.ui.paigow.player_screen"),
    ScreenSpec("class", "Class", "Ctrl+7", "trainer.ui.class_screen"),
)
