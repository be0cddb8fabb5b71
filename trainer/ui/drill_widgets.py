"""Answer widgets for drills and exams: tile faces, a hand setter, numbered choices, a money field.

The widgets collect what the trainee does and emit it; they never judge it. The hand setter emits
the two hands the trainee built, the choice list the chosen index, a typed field the text typed:
reading and judging it is ``trainer.drills.check``'s job, whose parse errors are shown inline.

Tile faces come from the table's tile art (``trainer.ui.paigow.tile_art``), in the current theme.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from PySide6.QtCore import QEvent, QMimeData, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QKeyEvent, QMouseEvent, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import (
    QFrame, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QScrollArea, QSizePolicy, QStackedWidget,
    QTableWidgetItem, QVBoxLayout, QWidget,
)

from trainer.drills.games import game_of_profile
from trainer.rules.errors import NotationError
from trainer.rules.money import format_cents, parse_money
from trainer.rules.paigow.tiles import Tile
from trainer.ui.baccarat.card_art import CARD_RATIO, draw_card
from trainer.ui.citation_links import citation_colour, set_citations, set_linked, words
from trainer.ui.flow_layout import FlowLayout
from trainer.ui.paigow.tile_art import TILE_RATIO, draw_tile_face, paint_die, paint_tile_face
from trainer.ui.scaling import base_pt, refresh_fonts, rescale_fonts, scaled_font, set_font, text_px, zoom_of
from trainer.ui.theme import CHIPS, Theme, theme_named
from trainer.ui.widgets.answers import AnswerPanel, PartsForm, position_label, setting_text
from trainer.ui.widgets.choices import ChoiceList, ChoiceRow, _CHOICE_STYLE, set_style
from trainer.ui.widgets.drag import ClickOrDrag
from trainer.ui.widgets.feedback import FeedbackPanel, NextPanel, ev_text
from trainer.ui.widgets.labels import FitScroll, WholeLabel, error_label, heading_item, make_label
from trainer.ui.widgets.question import FACE_ART, FaceArt, QuestionView, TileStrip, face_art, tile_groups
from trainer.ui.widgets.tiles import HandSetter, TileView, TileZone, _MIME, fit_tile, tile_pixmap
from trainer.ui.widgets.typed_answer import (
    ChipButton, MoneyEdit, TYPED_HELP, TypedAnswer, _CHIP_MIME, _cents_in, line_edit,
)

def screen_style(theme: Theme, zoom: float = 1.0) -> str:
    """Style sheet of the drill, progress and exam screens: inline errors, citations, the feedback
    box, and sizes Qt styles take from style sheets only (tab and table header text)."""
    dark = theme.name == "dark"
    red = "#ff8080" if dark else "#b00020"
    cite = citation_colour(theme)
    base = base_pt()
    box = max(14, text_px() * 0.95) * zoom  # the tick boxes grow with the text
    return (f"QLabel#inline-error {{ color: {red}; }}"
            f"QLabel#citation {{ color: {cite}; }}"
            f"QFrame#feedback {{ border: 2px solid {theme.highlight}; border-radius: 8px; }}"
            f"QWidget#choices QPushButton:disabled {{ color: {theme.text}; }}"
            f"QTabBar::tab {{ font-size: {base * 1.4 * zoom:.1f}pt; padding: 6px 18px; }}"
            f"QHeaderView::section {{ font-size: {base * 1.2 * zoom:.1f}pt; font-weight: bold; padding: 4px; }}"
            f"QListWidget::indicator {{ width: {box:.0f}px; height: {box:.0f}px; "
            f"border: 2px solid {theme.text}; border-radius: 3px; background: {theme.base}; }}"
            f"QListWidget::indicator:checked {{ background: {theme.highlight}; }}")


def add_page(stack: QStackedWidget, page: QWidget) -> QWidget:
    """``page`` added to ``stack``, styled, named for screen readers and in the Tab order as if built
    with the screen (right after the page before it): a page built when first shown (a screen's first
    open waits only for what it shows)."""
    from trainer.ui.accessibility import name_controls

    before = stack.widget(stack.count() - 1)
    stack.addWidget(page)
    last, walk = before, before.nextInFocusChain()
    while before.isAncestorOf(walk):  # (Tab goes only to widgets that take focus by Tab: after the last of them)
        if walk.focusPolicy() & Qt.FocusPolicy.TabFocus:
            last = walk
        walk = walk.nextInFocusChain()
    QWidget.setTabOrder(last, page)
    refresh_fonts(page)
    name_controls(page)
    return page


class Screen(QWidget):
    """Base of the drill, progress and exam screens: follows the theme and zooms with its size."""

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        ctx.themeChanged.connect(lambda _: self.restyle())

    @property
    def theme(self) -> Theme:
        return theme_named(self.ctx.theme)

    def restyle(self) -> None:
        """Apply the theme's style sheet at the current zoom, then ``theme_changed``."""
        self.setStyleSheet(screen_style(self.theme, zoom_of(self)))
        self.theme_changed(self.theme)

    def text_size_changed(self) -> None:
        """View → Text size changed (``trainer.ui.scaling``): zoom and style sheet follow."""
        rescale_fonts(self)
        self.restyle()

    def theme_changed(self, theme: Theme) -> None:
        """Subclasses recolour what style sheets cannot reach (plots, painted tiles)."""

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if rescale_fonts(self):
            self.setStyleSheet(screen_style(self.theme, zoom_of(self)))
