"""The paytable beside the felt: the payout odds the felt's placards carry, as text at the text size.

At Normal the placards on the felt are read at the desk. At Large and Projector they are too small to
read from the back of a room (about 9 px at 1280x720 Projector: the corners give them no more room, issue
40), so the same odds (631a.2(b)(3); the EZ inscription, (6)(ii)) are written under the table as an
ordinary label at the application's text size (24 px at least at Projector).
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from trainer.ui.baccarat.table_scene import BaccaratScene
from trainer.ui.scaling import current_text_size


def paytable_text(odds: tuple[str, ...]) -> str:
    """The odds' lines as one paragraph, the placards' phrases in their order; an odds such as "15 TO 1"
    is never cut at the end of a line (its spaces do not break)."""
    return "  ·  ".join(re.sub(r"(\d+) TO (\d+)", "\\1\u00a0TO\u00a0\\2", line) for line in odds)


class Paytable(QLabel):
    """The odds of ``scene``'s table, following its table; shown only at a text size larger than Normal."""

    def __init__(self, scene: BaccaratScene, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("paytable")
        self.setAccessibleName("Paytable")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        scene.oddsChanged.connect(self.set_odds)
        self.set_odds(scene.odds)

    def set_odds(self, odds: tuple[str, ...]) -> None:
        self.setText(paytable_text(odds))
        self.text_size_changed()

    def text_size_changed(self) -> None:
        """Shown at Large and Projector (the hook ``trainer.ui.scaling`` calls on a change of text size)."""
        self.setVisible(bool(self.text()) and current_text_size().factor > 1)
