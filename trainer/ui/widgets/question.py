"""The question, large: its prompt, and the faces it is about (Pai Gow's tiles and dice, Baccarat's
cards) drawn with each game's face art.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from trainer.drills.games import game_of_profile
from trainer.rules.paigow.tiles import Tile
from trainer.ui.baccarat.card_art import CARD_RATIO, draw_card
from trainer.ui.citation_links import words
from trainer.ui.paigow.tile_art import TILE_RATIO, draw_tile_face, paint_die
from trainer.ui.scaling import scaled_font
from trainer.ui.theme import Theme, theme_named
from trainer.ui.widgets.labels import WholeLabel, make_label


@dataclass(frozen=True)
class FaceArt:
    """How a game's question shows what it is about: the ``Question.data`` keys holding faces (with
    the label over them), how a face is read and painted, and its height over its width."""

    keys: tuple[tuple[str, str], ...]
    parse: Callable[[str], Any]
    paint: Callable[[QPainter, QRectF, Any, Theme], None]
    ratio: float


#: Each game's face art, by game id (``trainer.drills.games``): Pai Gow's tiles, Baccarat's cards.
FACE_ART = {
    "paigow": FaceArt((("tiles", ""), ("player", "Player"), ("dealer", "Dealer"), ("player_high", "Player high"),
                       ("player_low", "Player low"), ("dealer_high", "Dealer high"), ("dealer_low", "Dealer low")),
                      Tile.parse, draw_tile_face, TILE_RATIO),
    "baccarat": FaceArt((("hand_cards", ""), ("player_cards", "Player"), ("banker_cards", "Banker")), str, lambda p, rect, card, theme: draw_card(p, rect, card),
                        CARD_RATIO),
}


class TileStrip(QWidget):
    """Labelled groups of tiles (e.g. Player / Dealer) drawn with the table's tile art, or another
    game's faces (``set_content(..., art=...)``: Baccarat's cards)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.groups: list[tuple[str, list[Tile]]] = []
        self.dice: list[int] = []
        self.art = FACE_ART["paigow"]
        self.theme = theme_named("light")
        self.setMinimumHeight(0)

    def set_content(self, groups: Sequence[tuple[str, Sequence[Tile]]], dice: Sequence[int] = (),
                    art: FaceArt | None = None) -> None:
        self.groups = [(label, list(tiles)) for label, tiles in groups]
        self.dice = list(dice)
        self.art = art or FACE_ART["paigow"]
        visible = bool(self.groups or self.dice)
        self.setVisible(visible)
        self.setMinimumHeight(150 if visible else 0)
        self.update()

    def sizeHint(self) -> QSize:
        """No taller than its least (150 px): in a page that scrolls, the strip takes what room is left, and
        never makes the page scroll (a scrolled page is given its parts' preferred heights)."""
        return QSize(600, self.minimumHeight())

    def paintEvent(self, event) -> None:  # noqa: N802
        if not (self.groups or self.dice):
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        label_h = self.fontMetrics().height() * 1.6
        # as tall as the strip allows, and no wider than it (a wide window of four tiles cut them at the sides)
        units = [len(t) + 0.15 * (len(t) - 1) for _, t in self.groups]
        units += [len(self.dice) * 1.1 + 0.15 * (len(self.dice) - 1)] if self.dice else []
        across = sum(units) + 0.9 * (len(units) - 1)
        tile_w = min(max(40.0, self.height() - label_h - 8) / self.art.ratio, 0.96 * self.width() / across)
        tile_h = tile_w * self.art.ratio
        gap, group_gap = tile_w * 0.15, tile_w * 0.9
        widths = [len(t) * tile_w + (len(t) - 1) * gap for _, t in self.groups]
        if self.dice:
            widths.append(len(self.dice) * (tile_w * 1.1) + gap * (len(self.dice) - 1))
        x = (self.width() - sum(widths) - group_gap * (len(widths) - 1)) / 2
        painter.setFont(scaled_font(self, 1.3, bold=True))
        text_pen = QPen(self.palette().color(QPalette.ColorRole.WindowText))
        for (label, tiles), width in zip(self.groups, widths):
            painter.setPen(text_pen)
            painter.drawText(QRectF(x - group_gap / 2, 0, width + group_gap, label_h),
                             Qt.AlignmentFlag.AlignCenter, label)
            for i, tile in enumerate(tiles):
                self.art.paint(painter, QRectF(x + i * (tile_w + gap), label_h, tile_w, tile_h), tile, self.theme)
            x += width + group_gap
        if self.dice:
            painter.setPen(text_pen)
            painter.drawText(QRectF(x, 0, widths[-1], label_h), Qt.AlignmentFlag.AlignCenter, "Dice")
            size = tile_w * 1.1
            for i, value in enumerate(self.dice):
                paint_die(painter, QRectF(x + i * (size + gap), label_h + (tile_h - size) / 2, size, size),
                          value, self.theme)
        painter.end()


def face_art(question) -> FaceArt:
    """The face art of the question's game."""
    return FACE_ART[game_of_profile(question.profile).id]


def tile_groups(question) -> list[tuple[str, list[Tile]]]:
    """The tiles (or cards) a question's data names, as labelled groups (none for a setting: the
    setter shows them)."""
    if question.kind.value == "setting":
        return []
    art = face_art(question)
    groups = []
    for key, label in art.keys:
        faces = question.data.get(key)
        if faces and not isinstance(faces, (int, float)):
            groups.append((label, [art.parse(f) for f in faces]))
    return groups


class QuestionView(QWidget):
    """The question, large: its prompt and the tiles or dice it is about."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prompt = make_label("", 2.3, bold=True, name="question-prompt", wrap=True, kind=WholeLabel)
        self.prompt.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.prompt.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.strip = TileStrip()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.prompt)
        layout.addWidget(self.strip, 1)

    def show_question(self, question) -> None:
        self.prompt.setText(words(question.prompt))
        groups, dice = tile_groups(question), question.data.get("dice") or ()
        self.strip.set_content(groups, dice, face_art(question))
        grow = QSizePolicy.Policy.Expanding if groups or dice else QSizePolicy.Policy.Maximum
        self.setSizePolicy(QSizePolicy.Policy.Preferred, grow)

    def clear(self) -> None:
        """No question (a new round, before its first): the last round's is not left standing."""
        self.prompt.clear()
        self.strip.set_content([])

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """As tall as the question at its width (Qt measures it at the hint's width: a short prompt
        would take two lines there, and leave a gap under it)."""
        hint = super().sizeHint()
        return QSize(hint.width(), self.heightForWidth(self.width())) if self.width() > 1 else hint

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()

    def set_theme(self, theme: Theme) -> None:
        self.strip.theme = theme
        self.strip.update()
