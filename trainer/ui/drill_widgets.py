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
from trainer.ui.widgets.screen import Screen, add_page, screen_style
from trainer.ui.widgets.tiles import HandSetter, TileView, TileZone, _MIME, fit_tile, tile_pixmap
from trainer.ui.widgets.typed_answer import (
    ChipButton, MoneyEdit, TYPED_HELP, TypedAnswer, _CHIP_MIME, _cents_in, line_edit,
)

