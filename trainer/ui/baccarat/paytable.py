"""Under the felt at a larger text size: the paytable and the chips on the wagers, as text at the text size.

At Normal the placards and the stacks' tags on the felt are read at the desk. At Large and Projector they
are too small to read from the back of a room (the placards about 9 px at 1280x720 Projector: the corners
give them no more room; a tag no wider than its stack's strip, issue 40), so the same odds (631a.2(b)(3);
the EZ inscription, (6)(ii)) and the same amounts are written under the table as ordinary labels at the
application's text size (24 px at least at Projector).
"""

from __future__ import annotations

import re
from itertools import groupby

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from trainer.rules.money import format_cents
from trainer.ui.baccarat import table_layout as L
from trainer.ui.baccarat.table_scene import BaccaratScene
from trainer.ui.scaling import current_text_size


def paytable_text(odds: tuple[str, ...]) -> str:
    """The odds' lines as one paragraph, the placards' phrases in their order; an odds such as "15 TO 1"
    is never cut at the end of a line (its spaces do not break)."""
    return "  ·  ".join(re.sub(r"(\d+) TO (\d+)", "\\1\u00a0TO\u00a0\\2", line) for line in odds)


def chips_text(chips: dict[str, int]) -> str:
    """The chips on each wager area (``seat3.banker``), seat by seat, as the stacks' tags read them:
    "Seat 3 BANKER $210, TIE $5  ·  Seat 9 PLAYER $55"."""
    placed = sorted((int(key[4:key.index(".")]), key.split(".")[1], cents)
                    for key, cents in chips.items() if cents > 0 and key.startswith("seat") and "." in key)
    return "  ·  ".join(f"Seat\u00a0{seat} " + ", ".join(f"{L.TITLES[w]}\u00a0{_tag(c)}" for _, w, c in wagers)
                        for seat, wagers in ((s, list(g)) for s, g in groupby(placed, key=lambda t: t[0])))


def _tag(cents: int) -> str:
    """An amount as a stack's tag reads it (``ChipStackItem.amount``): "$25", "$2.50"."""
    return format_cents(cents).replace(".00", "")


class LargeTextLabel(QLabel):
    """A line of text under the table, shown only at a text size larger than Normal and when it says something."""

    def __init__(self, name: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName(name.lower().replace(" ", "-"))
        self.setAccessibleName(name)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)

    def say(self, text: str) -> None:
        if text != self.text():
            self.setText(text)
        self.text_size_changed()

    def text_size_changed(self) -> None:
        """The hook ``trainer.ui.scaling`` calls on a change of text size."""
        self.setVisible(bool(self.text()) and current_text_size().factor > 1)


class Paytable(LargeTextLabel):
    """The odds of ``scene``'s table, following its table."""

    def __init__(self, scene: BaccaratScene, parent: QWidget) -> None:
        super().__init__("Paytable", parent)
        scene.oddsChanged.connect(self.follow)  # a bound slot: disconnected when this label is deleted
        self.say(paytable_text(scene.odds))

    def follow(self, odds) -> None:
        self.say(paytable_text(odds))


class ChipAmounts(LargeTextLabel):
    """The chips on ``scene``'s wager areas, following its frames."""

    def __init__(self, scene: BaccaratScene, parent: QWidget) -> None:
        super().__init__("Chips on the table", parent)
        scene.frameShown.connect(self.follow)  # a bound slot: disconnected when this label is deleted
        self.say(chips_text(scene.frame.chips) if scene.frame else "")

    def follow(self, frame) -> None:
        self.say(chips_text(frame.chips))

