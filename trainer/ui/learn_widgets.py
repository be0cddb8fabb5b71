"""Widgets of the Learn screen: a section of a Learn page, a tile, a worked example set step by step, a
chart with the trainee's weak cells, a flashcard. They render :mod:`trainer.drills.learn` values and decide
nothing; every citation is a rule-book link (:mod:`trainer.ui.citation_links`).
"""

from __future__ import annotations

import time
from html import escape
from typing import Callable, Sequence

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, QSize, Qt, QTimer, QVariantAnimation, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget,
)

from trainer.drills.learn import Chart, Fact, Flashcard, RATINGS, Section, Walkthrough
from trainer.ui.flow_layout import FlowLayout
from trainer.ui.citation_links import citation_colour, citations_html, link_label, text_html
from trainer.ui.scaling import refresh_fonts, set_font
from trainer.ui.widgets.labels import make_label
from trainer.ui.theme import Theme


def facts_html(facts: Sequence[Fact], profile: object, colour: str) -> str:
    """Each fact with its sections as links, one a line."""
    return "<br>".join(f"{text_html(f.text, profile)} &nbsp;{citations_html(f.citations, profile, colour, lead='')}"
                       for f in facts)


def linked_label(html: str, ctx, scale: float = 1.3, bold: bool = False) -> QLabel:
    label = make_label("", scale, bold=bold, wrap=True)
    link_label(label, ctx)
    label.setText(html)
    return label


class TileFace(QWidget):
    """One tile face, painted with the table's tile art, upright; its height follows the font."""

    def __init__(self, tile: str, theme: Theme, scale: float = 2.6, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from trainer.rules.paigow.tiles import Tile

        self.tile = Tile.parse(tile)
        self.theme = theme
        self.scale = scale
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        set_font(self, 1.3)  # (its size follows the screen's text size and zoom)
        self.setAccessibleName(f"Tile {tile}")

    def sizeHint(self) -> QSize:  # noqa: N802
        h = round(self.fontMetrics().height() * self.scale)
        return QSize(round(h / 2.2) + 4, h + 4)

    def paintEvent(self, event) -> None:  # noqa: N802
        from trainer.ui.paigow.tile_art import draw_tile_face

        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        h = self.height() - 4
        draw_tile_face(p, QRectF(2, 2, h / 2.2, h), self.tile, self.theme)
        p.end()


class TileCardView(QWidget):
    """The reference card of the tiles: art, names, value, rank, pair, Gee Joon values; heads cite."""

    def __init__(self, section: Section, ctx, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setHorizontalSpacing(8)  # (the card fits a 1024 px screen at Projector)
        colour = citation_colour(theme)
        heads = [("Tile", ()), ("Name · traditional name", ()), ("Spots", ())]
        heads += [(c.text, c.citations) for c in section.columns]
        for col, (text, cites) in enumerate(heads, start=1):
            link = f"<br>{citations_html(cites, ctx.profile, colour, lead='')}" if cites else ""
            grid.addWidget(linked_label(f"<b>{escape(text)}</b>{link}", ctx, 1.15), 0, col)
        self._grid, self._theme = grid, theme
        self._pairs = 1 + heads.index(next(h for h in heads if h[0] == section.columns[1].text))
        self._rows = list(enumerate(section.tiles, start=1))
        self._add_rows(self._FIRST_ROWS)
        grid.setColumnStretch(2, 1)
        grid.setColumnStretch(self._pairs, 2)
        if self._rows:
            self._later = QTimer(self, singleShot=True, interval=0, timeout=self._more)
            self._later.start()

    #: The rows built with the card: a page shows about that many before it is scrolled. The other
    #: rows follow in the next turns of the event loop, a few milliseconds' worth a turn (issue 42:
    #: the 21 rows were most of the Learn screen's first open).
    _FIRST_ROWS = 8
    _TURN_SECONDS = 0.006

    def _more(self) -> None:
        start = time.perf_counter()
        while self._rows and time.perf_counter() - start < self._TURN_SECONDS:
            for widget in self._add_rows(1):
                refresh_fonts(widget)  # (made without a parent: the screen's zoom applies now)
        if self._rows:
            self._later.start()

    def _add_rows(self, count: int) -> list[QWidget]:
        added: list[QWidget] = []
        for row, card in self._rows[:count]:
            added.append(TileFace(card.tile, self._theme, 3.2))
            self._grid.addWidget(added[-1], row, 0)
            gee = " or ".join(map(str, card.gee_joon)) or "—"
            copies = "×2" if card.copies == 2 else "×1"
            cells = (f"<b>{card.tile}</b> {copies}", f"{card.name} · {card.chinese_name}", str(card.spots),
                     f"{card.rank} of 17", f"{card.partner}: {escape(card.pair)}, {card.pair_rank} of 20",
                     str(card.counts), gee)
            for col, text in enumerate(cells, start=1):
                label = make_label("", 1.2, wrap=col in (2, self._pairs))  # (the long ones wrap: the card fits a 1280 screen)
                label.setTextFormat(Qt.TextFormat.RichText)
                label.setText(text)
                self._grid.addWidget(label, row, col)
                added.append(label)
        del self._rows[:count]
        return added


class WalkthroughView(QFrame):
    """Four tiles set by the house way, frame by frame: the tiles glide to where each frame puts them.

    Keys (with focus): Right or Space the next step, Left the one before, Home from the start, P plays
    it through. Without ``controls`` (the presenter window's copy) it has no button and follows
    another's ``stepShown`` through :meth:`goto`.
    """

    #: A step is shown (its index from 0): the presenter window's copy shows it too.
    stepShown = Signal(int)

    def __init__(self, walk: Walkthrough, ctx, theme: Theme, parent: QWidget | None = None,
                 controls: bool = True) -> None:
        super().__init__(parent)
        self.walk = walk
        self.theme = theme
        self.index = 0
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(f"Worked example, {walk.title}")
        self.title = make_label(walk.title, 1.35, bold=True, wrap=True)
        self.board = _Board(self)
        self.caption = linked_label("", ctx, 1.25)
        self.counter = make_label("", 1.1)
        row = QHBoxLayout()
        row.addWidget(self.counter, 1)
        if controls:
            self.next_button = QPushButton("Next step  (→)")
            self.play_button = QPushButton("Play  (P)")
            for b in (self.play_button, self.next_button):
                set_font(b, 1.15)
                b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                row.addWidget(b)
            self.next_button.clicked.connect(self.step)
            self.play_button.clicked.connect(self.play)
        else:
            self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        lay = QVBoxLayout(self)
        lay.addWidget(self.title)
        lay.addWidget(self.board)
        lay.addWidget(self.caption)
        lay.addLayout(row)
        self._ctx = ctx
        self._player = QTimer(self)
        self._player.setInterval(1600)
        self._player.timeout.connect(self._auto)
        self._show(0, animate=False)

    @property
    def frame(self):
        return self.walk.frames[self.index]

    def _show(self, index: int, animate: bool = True) -> None:
        before = self.board.places()
        self.index = max(0, min(index, len(self.walk.frames) - 1))
        f = self.frame
        colour = citation_colour(self.theme)
        self.caption.setText(f"{text_html(f.caption, self._ctx.profile)} &nbsp;"
                             f"{citations_html(f.citations, self._ctx.profile, colour, lead='')}")
        self.counter.setText(f"Step {self.index + 1} of {len(self.walk.frames)}")
        self.board.show_frame(f, before if animate else None)
        self.stepShown.emit(self.index)

    def goto(self, index: int) -> None:
        """Show step ``index`` (from 0), gliding there as the original did."""
        if index != self.index:
            self._show(index)

    def step(self) -> None:
        self._show(self.index + 1)

    def back(self) -> None:
        self._show(self.index - 1)

    def play(self) -> None:
        self._show(0)
        self._player.start()

    def _auto(self) -> None:
        if self.index + 1 >= len(self.walk.frames):
            self._player.stop()
        else:
            self.step()

    def keyPressEvent(self, event) -> None:  # noqa: N802
        key = event.key()
        actions = {Qt.Key.Key_Right: self.step, Qt.Key.Key_Space: self.step, Qt.Key.Key_Left: self.back,
                   Qt.Key.Key_Home: lambda: self._show(0, animate=False), Qt.Key.Key_P: self.play}
        if key in actions:
            actions[key]()
        else:
            super().keyPressEvent(event)


class _Board(QWidget):
    """The tiles of a walkthrough frame: still to set on the left, the high and low hands on the right."""

    def __init__(self, view: WalkthroughView) -> None:
        super().__init__(view)
        self.view = view
        self._targets: list[tuple[str, QPointF]] = []
        self._from: list[QPointF] | None = None
        self._t = 1.0
        self._anim = QVariantAnimation(self)
        self._anim.setDuration(450)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(1.0)
        self._anim.setEasingCurve(QEasingCurve.Type.InOutCubic)
        self._anim.valueChanged.connect(self._tick)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        set_font(self, 1.2, bold=True)

    def tile_size(self) -> tuple[float, float]:
        h = self.fontMetrics().height() * 4.0
        return h / 2.2, h

    def sizeHint(self) -> QSize:  # noqa: N802
        w, h = self.tile_size()
        return QSize(round(w * 12.5), round(h + self.fontMetrics().height() * 2.2))

    def places(self) -> list[float]:
        return [p for _, p in self._targets]

    #: Where each area begins, in tile widths (a tile and its gap are 1.25).
    AREAS = (("To set", 0.0), ("High hand", 6.0), ("Low hand", 9.5))

    def show_frame(self, frame, before: list[float] | None) -> None:
        """Put each dealt tile where ``frame`` has it; glide there from ``before`` (same tiles, same order).
        Places are in tile widths from the left, so they follow the font's size."""
        loose = list(frame.loose)
        spots: list[tuple[str, float]] = []
        hands = {"high": list(frame.high), "low": list(frame.low)}
        starts = {"high": self.AREAS[1][1], "low": self.AREAS[2][1]}
        for face in self.view.walk.frames[0].loose:  # each dealt tile, in the order dealt
            for area in ("high", "low"):
                if face in hands[area]:
                    slot = len(getattr(frame, area)) - len(hands[area])
                    hands[area].remove(face)
                    spots.append((face, starts[area] + slot * 1.25))
                    break
            else:
                slot = len(frame.loose) - len(loose)
                loose.remove(face)
                spots.append((face, slot * 1.25))
        self._targets = spots
        self._from = before if before and len(before) == len(spots) else None
        self._t = 0.0 if self._from else 1.0
        if self._from:
            self._anim.stop()
            self._anim.start()
        self.update()

    def _tick(self, value) -> None:
        self._t = float(value)
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802
        from trainer.rules.paigow.tiles import Tile
        from trainer.ui.paigow.tile_art import draw_tile_face

        w, h = self.tile_size()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(self.palette().windowText().color())
        font_h = self.fontMetrics().height()
        for text, x in self.AREAS:
            p.drawText(QPointF(x * w, font_h), text)
        for i, (face, target) in enumerate(self._targets):
            start = self._from[i] if self._from else target
            x = (start + (target - start) * self._t) * w
            draw_tile_face(p, QRectF(x, font_h * 1.6, w, h), Tile.parse(face), self.view.theme)
        p.end()


class ChartView(QWidget):
    """A chart of cells (Table 1): the trainee's weak cells stand out, and the legend says so."""

    def __init__(self, chart: Chart, ctx, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setSpacing(2)
        grid.addWidget(make_label(chart.corner, 1.1, bold=True, wrap=True), 0, 0)
        for col, head in enumerate(chart.columns, start=1):
            grid.addWidget(self._cell(head, bold=True), 0, col)
        weak_style = ("background: #ffd54f; color: #1a1a1a; border: 3px solid #b00020;")
        self.weak_cells: list[QLabel] = []
        for row, head in enumerate(chart.rows, start=1):
            grid.addWidget(make_label(head, 1.2, bold=True), row, 0)
            for col, (text, key) in enumerate(zip(chart.cells[row - 1], chart.keys[row - 1]), start=1):
                weak = key in chart.weak
                cell = self._cell(f"{text} ●" if weak else text, bold=text == "D")
                cell.setStyleSheet(weak_style if weak else f"border: 1px solid {theme.placeholder};")
                cell.setAccessibleName(f"{head}, {chart.columns[col - 1]}: {text}" + (", one you miss" if weak else ""))
                if weak:
                    self.weak_cells.append(cell)
                grid.addWidget(cell, row, col)
        colour = citation_colour(theme)
        legend = ("D: the Banker's Hand draws · S: it stays · ● a cell you have been missing"
                  if chart.weak else "D: the Banker's Hand draws · S: it stays")
        grid.addWidget(linked_label(f"{escape(legend)} &nbsp;{citations_html(chart.citations, ctx.profile, colour, lead='')}",
                                    ctx, 1.15), len(chart.rows) + 1, 0, 1, len(chart.columns) + 1)

    @staticmethod
    def _cell(text: str, bold: bool = False) -> QLabel:
        label = make_label(text, 1.2, bold=bold)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setMinimumWidth(max(label.fontMetrics().horizontalAdvance(t) for t in (text, "D ●")) + 16)
        return label


def section_widget(section: Section, ctx, theme: Theme, controls: bool = True, answers: bool = True) -> QWidget:
    """A section of a Learn page: its title, facts, tiles, worked examples, chart (what it has);
    without ``controls``, worked examples without buttons, without ``answers``, each example's
    question alone (the presenter window's copy, the class answering first)."""
    box, parts = section_parts(section, ctx, theme, controls, answers)
    for make in parts:
        box.layout().addWidget(make())
    return box


def section_parts(section: Section, ctx, theme: Theme, controls: bool = True, answers: bool = True,
                  ) -> tuple[QWidget, list[Callable[[], QWidget]]]:
    """A section's box with its title, and the makers of what follows the title, in order: the Learn
    screen adds them a turn each after its first open (issue 42); see :func:`section_widget`."""
    box = QWidget()
    lay = QVBoxLayout(box)
    lay.setContentsMargins(0, 8, 0, 16)
    lay.addWidget(make_label(section.title, 1.8, bold=True, wrap=True))  # a casino's titles run long
    colour = citation_colour(theme)
    parts: list[Callable[[], QWidget]] = []
    if section.facts:
        parts.append(lambda: linked_label(facts_html(section.facts, ctx.profile, colour), ctx))
    if section.tiles:
        parts.append(lambda: TileCardView(section, ctx, theme))
    parts += [lambda w=walk: WalkthroughView(w, ctx, theme, controls=controls) for walk in section.walkthroughs]
    if section.chart is not None:
        parts.append(lambda: ChartView(section.chart, ctx, theme))
    parts += [lambda e=example: _example_label(e, ctx, colour, answers) for example in section.examples]
    return box, parts


def _example_label(example, ctx, colour: str, answers: bool) -> QLabel:
    html = (f"<b>{escape(example.prompt)}</b><br>Answer: <b>{escape(example.answer)}</b><br>"
            f"{text_html(example.why, ctx.profile)} &nbsp;{citations_html(example.citations, ctx.profile, colour, lead='')}"
            if answers else f"<b>{escape(example.prompt)}</b><br>Answer: ?")
    label = linked_label(html, ctx, 1.2)
    label.setFrameShape(QFrame.Shape.StyledPanel)
    label.setContentsMargins(8, 6, 8, 6)
    return label


class FlashcardView(QWidget):
    """One flashcard at a time: its front; Space shows the back; 1-4 rate it Again, Hard, Good, Easy.

    Emits ``revealed`` when the back is shown and ``rated(rating)``; the screen keeps the deck and records.
    """

    revealed = Signal()
    rated = Signal(str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.card: Flashcard | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.status = make_label("", 1.2, name="flashcard-status")
        self.tile_slot = QHBoxLayout()
        self.front = make_label("", 2.0, bold=True, wrap=True)
        self.front.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.back = linked_label("", ctx, 1.8)
        self.back.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reveal_button = QPushButton("Show the answer  (Space)")
        set_font(self.reveal_button, 1.4, bold=True)
        self.reveal_button.clicked.connect(self.reveal)
        self.rate_buttons: list[QPushButton] = []
        buttons = FlowLayout()  # (they wrap at Projector on a 1024 px screen, never widen the window)
        buttons.addWidget(self.reveal_button)
        for n, rating in enumerate(RATINGS, start=1):
            b = QPushButton(f"{rating}  ({n})")
            set_font(b, 1.4)
            b.clicked.connect(lambda _=False, r=rating: self.rate(r))
            self.rate_buttons.append(b)
            buttons.addWidget(b)
        for b in (self.reveal_button, *self.rate_buttons):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        lay = QVBoxLayout(self)
        lay.addWidget(self.status)
        lay.addStretch(1)
        lay.addLayout(self.tile_slot)
        lay.addWidget(self.front)
        lay.addSpacing(24)
        lay.addWidget(self.back)
        lay.addStretch(1)
        lay.addLayout(buttons)
        self.hint = make_label("Space: show the answer · 1 Again · 2 Hard · 3 Good · 4 Easy · Esc: back to the page", 1.1,
                               wrap=True)  # (at Projector on a 1024 px screen it wraps, never widens the window)
        lay.addWidget(self.hint)

    def show_card(self, card: Flashcard | None, status: str, theme: Theme) -> None:
        self.card = card
        self.status.setText(status)
        while self.tile_slot.count():
            item = self.tile_slot.takeAt(0)
            if item.widget():
                item.widget().hide()
                item.widget().deleteLater()
        if card is not None and card.tile:
            self.tile_slot.addStretch(1)
            self.tile_slot.addWidget(TileFace(card.tile, theme, 7.0))
            self.tile_slot.addStretch(1)
        self.front.setText(card.front if card else "Deck done: every card of this page has been rated.")
        self.back.setText("")
        self._set_revealed(False, done=card is None)
        self.setFocus()

    def _set_revealed(self, shown: bool, done: bool = False) -> None:
        self.back.setVisible(shown)
        self.reveal_button.setVisible(not shown and not done)
        for b in self.rate_buttons:
            b.setVisible(shown and not done)

    def reveal(self) -> None:
        if self.card is None or self.back.isVisible():
            return
        colour = citation_colour(_theme(self.ctx))
        self.back.setText(f"{escape(self.card.back)}<br><span style='font-size: small'>"
                          f"{citations_html(self.card.citations, self.ctx.profile, colour, lead='')}</span>")
        self._set_revealed(True)
        self.revealed.emit()

    def rate(self, rating: str) -> None:
        if self.card is not None and self.back.isVisible():
            self.rated.emit(rating)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        key = event.key()
        if key == Qt.Key.Key_Space:
            self.reveal()
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_4:
            self.rate(RATINGS[key - Qt.Key.Key_1])
        else:
            super().keyPressEvent(event)


def _theme(ctx) -> Theme:
    from trainer.ui.theme import theme_named

    return theme_named(ctx.theme)
