"""The Player's seat screen: the trainee plays a practice game as a player against the house-way dealer.

The game is :class:`trainer.drills.paigow.player_seat.PracticeGame`'s: the same seed deals the same hands.
The trainee sets four tiles (the Drills screen's hand setter); the dealer's tiles are then shown,
set by the house way (621a.8(d)), with the outcome (621a.8(g)-(i)), the money after the 5%
vigorish (621a.11(a)) and the exact EV of the setting chosen against the best one and the house
way's (spec W4); under them, the house edge over all hands for a house-way player and an optimal one, and
(Why?, Alt+Y) why an optimal player beats the house way. :class:`PlayerSeatController` holds the game; the
widgets decide nothing.

Keys: 1-4 select a tile, H / L place it, Backspace undoes, Enter plays the hand; then N, Space or
Enter deals the next hand. Alt+W edits the wager (Enter applies it from the next hand); Ctrl+N
starts a new game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from PySide6.QtCore import QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QBoxLayout, QFrame, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout,
    QWidget,
)

from trainer.drills.paigow.player_seat import HandResult, HandVerdict, PlayerHand, PracticeGame, SessionTotals, warm_up
from trainer.rules.errors import TrainerError
from trainer.rules.paigow.hands import Hand, Outcome, Setting
from trainer.rules.money import format_cents
from trainer.rules.paigow.tiles import Tile
from trainer.ui.flow_layout import FlowLayout, group
from trainer.ui.scaling import refresh_fonts, set_font
from trainer.ui.widgets.feedback import NextPanel
from trainer.ui.widgets.labels import FitScroll, error_label, make_label
from trainer.ui.widgets.question import TileStrip
from trainer.ui.widgets.screen import Screen
from trainer.ui.widgets.tiles import HandSetter
from trainer.ui.citation_links import set_linked
from trainer.ui.theme import Theme
from trainer.ui.paigow.tile_art import TILE_RATIO
from trainer.ui.scaling import text_factor

if TYPE_CHECKING:
    from trainer.rules.paigow.analysis import Odds

#: Verdict colours, as the drill feedback's (readable on both themes).
_COLOURS = {Outcome.WIN: "#2e9d5b", Outcome.PUSH: "#c98a00", Outcome.LOSE: "#d93a3a"}


def signed_cents(cents: int | float) -> str:
    """``+$23.75``, ``-$25.00``, ``$0.00`` (a float is rounded to the cent, for display)."""
    whole = round(cents)
    return ("+" if whole > 0 else "") + format_cents(whole)


def ev_number(ev: float, places: int = 3) -> str:
    """An EV with its sign and a true minus sign: ``+0.118``, ``−0.042``."""
    return f"{ev:+.{places}f}".replace("-", "−")


def ev_line(result: HandResult) -> str:
    """The one-line verdict on the setting: its EV, the best one's, and what was given up."""
    mine = f"Your setting: EV {ev_number(result.chosen_odds.ev)}"
    if result.optimal:
        return f"{mine} · the best setting: you gave up nothing"
    wager = result.hand.wager_cents
    return (f"{mine} · best {result.best}: EV {ev_number(result.best_odds.ev)} · you gave up "
            f"{result.ev_given_up:.3f} per unit ({format_cents(round(result.ev_given_up_cents))} on "
            f"{format_cents(wager)})")


def totals_text(t: SessionTotals) -> str:
    """The game so far, on one line."""
    if not t.hands:
        return "No hand played yet"
    return (f"Hands {t.hands}  ({t.wins} won · {t.pushes} pushed · {t.losses} lost)   ·   Net {signed_cents(t.net_cents)}"
            f"   ·   EV given up {t.ev_given_up:.3f} ({format_cents(round(t.ev_given_up_cents))})"
            f"   ·   best setting chosen {t.optimal_hands} of {t.hands}")


def outcome_text(result: HandResult) -> tuple[str, str]:
    """The headline (``WIN  +$23.75``) and how the wager was settled, with the sections."""
    money, cite = result.settlement, result.outcome_citation
    headline = f"{result.outcome.value.upper()}   {signed_cents(money.net_cents)}"
    if result.outcome is Outcome.WIN:
        return headline, (f"Both hands won ({cite}): {format_cents(money.payout_cents)} paid 1 to 1, less "
                          f"{format_cents(money.vig_cents)} vigorish (5%, {result.vig_citation}).")
    if result.outcome is Outcome.PUSH:
        return headline, f"One hand won, one did not: a push, the wager is returned ({cite})."
    return headline, f"Neither hand won: the wager of {format_cents(result.hand.wager_cents)} is collected ({cite})."


def hand_words(hand: Hand) -> str:
    """``pair of Eights (4-4)``, ``Wong (6-6 with a Nine)`` or ``6`` (a value hand's value)."""
    return hand.info.label if hand.kind.is_pair else str(hand.value)


def verdict_text(name: str, v: HandVerdict) -> str:
    """One hand against the dealer's: ``High:  6-6 4-5 (Wong ...) vs 5-5 3-3 (8): win · 621a.3(c)``."""
    word = f"{v.word}: {v.why}" if v.why else v.word
    return f"{name}:  {v.player} ({hand_words(v.player)}) vs {v.dealer} ({hand_words(v.dealer)}): {word} · {v.citation}"


def tile_indices(tiles: Sequence[Tile], wanted: Sequence[Tile]) -> list[int]:
    """Positions in ``tiles`` of the faces ``wanted`` (duplicates take distinct positions)."""
    free = list(range(len(tiles)))
    found = []
    for tile in wanted:
        i = next(i for i in free if tiles[i] == tile)
        free.remove(i)
        found.append(i)
    return found


class PlayerSeatController(QObject):
    """One practice game for the screen: deals, plays the trainee's setting, changes the wager."""

    dealt = Signal(object)
    judged = Signal(object)
    settingError = Signal(str)
    wagerChanged = Signal(int)
    wagerError = Signal(str)
    cannotDeal = Signal(str)
    gameStarted = Signal()

    def __init__(self, ctx, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.game = PracticeGame(ctx.profile, seed=ctx.seed)
        self.last: HandResult | None = None

    def new_game(self, seed: int | None = None) -> None:
        """A new game under the current profile (``seed`` None: the app's seed), keeping the wager."""
        wager = self.game.wager_cents
        self.game = PracticeGame(self.ctx.profile, seed=self.ctx.seed if seed is None else seed)
        try:
            self.game.set_wager(wager)
        except TrainerError:
            pass  # the new game's default wager stands
        self.last = None
        self.gameStarted.emit()
        self.deal()

    def deal(self) -> None:
        try:
            hand = self.game.deal()
        except TrainerError as exc:
            self.cannotDeal.emit(f"No hand dealt: {exc}. Lower the wager, or start a new game (Ctrl+N).")
            return
        self.dealt.emit(hand)

    def next_hand(self) -> None:
        """Deal the next hand once the current one is played (else nothing)."""
        if self.game.current is None:
            self.deal()

    def submit(self, high: tuple[Tile, ...], low: tuple[Tile, ...]) -> None:
        if self.game.current is None:
            return
        try:
            self.last = self.game.play((high, low))
        except TrainerError as exc:  # AnswerParseError included: shown inline, nothing played
            self.settingError.emit(str(exc))
            return
        self.judged.emit(self.last)

    def set_wager(self, text: str) -> None:
        try:
            cents = self.game.set_wager(text)
        except TrainerError as exc:
            self.wagerError.emit(str(exc))
            return
        self.wagerChanged.emit(cents)


class ResultPanel(NextPanel):
    """The dealer's hand and the outcome, once the trainee has set; N, Space or Enter asks for the next."""

    NEXT_KEYS = (Qt.Key.Key_N, *NextPanel.NEXT_KEYS)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.title = make_label("Dealer's hand", 1.5, bold=True)
        self.waiting = make_label("Shown when you play your hand: set your four tiles, then press Enter.",
                                  1.4, wrap=True)
        self.strip = TileStrip()
        self.dealer_step = make_label("", 1.2, wrap=True)
        self.dealer_step.setObjectName("citation")
        self.outcome = make_label("", 2.2, bold=True, name="verdict")
        self.settled = make_label("", 1.25, wrap=True)
        self.high_line = make_label("", 1.2, wrap=True)
        self.low_line = make_label("", 1.2, wrap=True)
        self.note = make_label("", 1.2, wrap=True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.strip)
        layout.addWidget(self.waiting)
        for w in (self.dealer_step, self.outcome, self.settled, self.high_line, self.low_line, self.note):
            layout.addWidget(w)
        layout.addStretch(1)

    def clear(self) -> None:
        self.waiting.show()
        # four tile backs (paint_tile_face draws the back for None): the dealer's tiles, face down
        self.strip.set_content([("Face down", [None] * 4)])  # type: ignore[list-item]
        self._fit_strip()
        for w in (self.dealer_step, self.outcome, self.settled, self.high_line, self.low_line, self.note):
            w.clear()
            w.hide()

    def show_result(self, result: HandResult) -> None:
        dealer = result.dealer
        self.waiting.hide()
        self.strip.set_content([("High", dealer.setting.high.tiles), ("Low", dealer.setting.low.tiles)])
        self._fit_strip()
        set_linked(self.dealer_step, f"Set by the house way ({result.dealer_citation}): {result.dealer_why}.", self.ctx)
        headline, settled = outcome_text(result)
        self.outcome.setText(headline)
        set_linked(self.settled, settled, self.ctx)
        self.outcome.setStyleSheet(f"color: {_COLOURS[result.outcome]};")
        set_linked(self.high_line, verdict_text("High", result.high), self.ctx)
        set_linked(self.low_line, verdict_text("Low", result.low), self.ctx)
        note = ""
        if result.reversed:
            note = ("You placed the stronger hand low: it is played as your high hand "
                    "(spec JQ32), but a dealer must never do so (spec H4).")
        self.note.setText(note)
        for w in (self.dealer_step, self.outcome, self.settled, self.high_line, self.low_line):
            w.show()
        self.note.setVisible(bool(note))
        self.setFocus()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._fit_strip()

    def _fit_strip(self) -> None:
        """Tiles as large as the panel's width allows (two hands of two and the strip's gaps make
        5.2 tile widths), but no taller than 9 lines of text at the Normal text size: the outcome must
        stay in view, at a larger text size (View → Text size) too."""
        label_h = self.strip.fontMetrics().height() * 1.6 + 8
        by_width = (self.contentsRect().width() - 24) / 5.2 * TILE_RATIO
        tile_h = max(60.0, min(by_width, self.settled.fontMetrics().height() * 9 / text_factor()))
        self.strip.setFixedHeight(int(label_h + tile_h))



class EvPanel(QFrame):
    """The exact odds of the setting chosen, the best one and the house way's, and the EV verdict."""

    ROWS = ("Your setting", "Best setting", "House way")
    COLUMNS = ("", "Setting", "Win", "Push", "Lose", "EV")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(28)
        self.grid.setVerticalSpacing(2)
        self.cells: list[list[QLabel]] = []
        for col, head in enumerate(self.COLUMNS):
            label = make_label(head, 1.2, bold=True)
            self.grid.addWidget(label, 0, col, alignment=self._align(col))
        for row, name in enumerate(self.ROWS, start=1):
            cells = [make_label(name, 1.25, bold=row == 1)]
            cells += [make_label("", 1.25, bold=row == 1) for _ in self.COLUMNS[1:]]
            for col, label in enumerate(cells):
                self.grid.addWidget(label, row, col, alignment=self._align(col))
            self.cells.append(cells)
        self.grid.setColumnStretch(len(self.COLUMNS), 1)
        self.line = make_label("", 1.45, bold=True, name="ev-line", wrap=True)
        self.next_button = QPushButton("Next hand  (N / Space / Enter)")
        set_font(self.next_button, 1.3, bold=True)
        self.next_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        bottom = QHBoxLayout()
        bottom.addWidget(self.line, 1)
        bottom.addWidget(self.next_button, 0, Qt.AlignmentFlag.AlignBottom)
        #: Why an optimal player beats this dealer: one line of figures; "Why?" (Alt+Y) shows the reasons.
        self.edge = make_label("", 1.15, name="edge-note", wrap=True)
        self.why_button = QPushButton("Wh&y?")
        self.why_button.setCheckable(True)
        self.why_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        set_font(self.why_button, 1.15)
        self.why_button.toggled.connect(lambda _on: self._show_edge())
        edge_row = QHBoxLayout()
        edge_row.addWidget(self.edge, 1)
        edge_row.addWidget(self.why_button, 0, Qt.AlignmentFlag.AlignTop)
        self._edge: tuple[str, tuple[str, ...]] = ("", ())
        self.odds = QWidget()  # the grid, hidden while the reasons are shown: they take its room
        self.odds.setLayout(self.grid)
        self.grid.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.odds)
        layout.addLayout(bottom)
        layout.addLayout(edge_row)

    @staticmethod
    def _align(col: int) -> Qt.AlignmentFlag:
        return Qt.AlignmentFlag.AlignRight if col >= 2 else Qt.AlignmentFlag.AlignLeft

    def show_result(self, result: HandResult) -> None:
        rows: list[tuple[Setting, Odds]] = [(result.chosen, result.chosen_odds), (result.best, result.best_odds),
                                            (result.house_way, result.house_way_odds)]
        for cells, (setting, odds) in zip(self.cells, rows):
            texts = (str(setting), f"{odds.win:.1%}", f"{odds.push:.1%}", f"{odds.lose:.1%}", ev_number(odds.ev, 4))
            for label, text in zip(cells[1:], texts):
                label.setText(text)
        self.line.setText(ev_line(result))
        self.line.setStyleSheet(f"color: {_COLOURS[Outcome.WIN if result.optimal else Outcome.LOSE]};")

    def show_edge(self, edge: tuple[str, tuple[str, ...]]) -> None:
        """The house edge against this dealer: ``(summary, reasons)`` (``PracticeGame.edge``)."""
        self._edge = edge
        self._show_edge()

    def _show_edge(self) -> None:
        summary, reasons = self._edge
        why = self.why_button.isChecked()
        self.edge.setText("\n".join(reasons) if why else summary)
        self.odds.setVisible(not why)


class _WholeWidth(FitScroll):
    """A vertical scroll area at least as wide as its content's least width: it scrolls down, never across."""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(self.widget().minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width(),
                     super().minimumSizeHint().height())


class PlayerScreen(Screen):
    """Status bar, your tiles and the dealer's, then the odds (see the module docstring)."""

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setObjectName("player-screen")
        self.controller = PlayerSeatController(ctx, self)
        self._warmed = False
        self._build()
        self._wire()
        self.restyle()
        self.controller.deal()

    # -- building ----------------------------------------------------------------------------------
    def _build(self) -> None:
        self.bankroll = make_label("", 1.6, bold=True, name="bankroll")
        self.hand_wager = make_label("", 1.3)
        self.wager = QLineEdit()
        self.wager.setAccessibleName("Wager for the next hand")
        self.wager.setMaximumWidth(180)
        set_font(self.wager, 1.4, bold=True)
        wager_label = QLabel("&Wager:")
        wager_label.setBuddy(self.wager)
        set_font(wager_label, 1.3, bold=True)
        self.wager_error = error_label()
        self.wager_note = make_label("", 1.2)
        self.new_button = QPushButton("New game  (Ctrl+N)")
        set_font(self.new_button, 1.2)
        self.new_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        top = FlowLayout(spacing=24)  # wraps at Projector on a 1024 px screen rather than widen the window
        for w in (self.bankroll, self.hand_wager, group(wager_label, self.wager), self.wager_note, self.wager_error,
                  self.new_button):
            top.addWidget(w)
        self.totals = make_label("", 1.25, name="totals", wrap=True)  # wraps rather than widen the window

        self.setter = HandSetter()
        self.result = ResultPanel(self.ctx)
        middle = self.middle = QHBoxLayout()
        # the tiles and their keys scroll rather than be squeezed where the window is short (1024x768 at Projector)
        middle.addWidget(_WholeWidth(self.setter), 3)
        # the result scrolls rather than overlap itself when its text is large (View → Text size)
        result_area = QScrollArea()
        result_area.setWidget(self.result)
        result_area.setWidgetResizable(True)
        result_area.setFrameShape(QFrame.Shape.NoFrame)
        result_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        middle.addWidget(result_area, 2)
        self.ev = EvPanel()
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.totals)
        layout.addWidget(line)
        layout.addLayout(middle, 1)
        # the odds scroll rather than overlap when the window is short for them (Projector on 1280x720)
        self.ev_area = FitScroll(self.ev)
        self.ev_area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        layout.addWidget(self.ev_area)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        """The result under the tiles where the width has no room for both side by side (1024 px at
        Projector), beside them where it has."""
        super().resizeEvent(event)
        self._fit_middle()

    def _fit_middle(self) -> None:
        needed = self.middle.itemAt(0).widget().minimumSizeHint().width() + self.result.minimumSizeHint().width() + 40
        across = QBoxLayout.Direction.LeftToRight
        wanted = across if self.width() >= needed else QBoxLayout.Direction.TopToBottom
        if self.middle.direction() != wanted:
            self.middle.setDirection(wanted)

    def _wire(self) -> None:
        c = self.controller
        c.dealt.connect(self.show_hand)
        c.judged.connect(self.show_result)
        c.settingError.connect(self.setter.show_error)
        c.wagerChanged.connect(self._wager_changed)
        c.wagerError.connect(self._wager_refused)
        c.cannotDeal.connect(self._cannot_deal)
        c.gameStarted.connect(self._game_started)
        self.setter.submitted.connect(c.submit)
        self.result.nextRequested.connect(c.next_hand)
        self.ev.next_button.clicked.connect(c.next_hand)
        self.new_button.clicked.connect(lambda: c.new_game())
        self.wager.returnPressed.connect(lambda: c.set_wager(self.wager.text()))
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        QShortcut(QKeySequence("Ctrl+N"), self, lambda: c.new_game(), context=context)
        QShortcut(QKeySequence("N"), self, c.next_hand, context=context)
        QShortcut(QKeySequence("Esc"), self, self._escape, context=context)
        self.ctx.profileChanged.connect(self._profile_changed)  # a bound slot: dropped with the screen

    # -- the game ----------------------------------------------------------------------------------
    def show_hand(self, hand: PlayerHand) -> None:
        self.setter.setEnabled(True)
        self.setter.pool.show()
        self.setter.set_tiles(hand.tiles)
        self.result.clear()
        self.ev_area.hide()
        self._update_status()
        self.setter.setFocus()

    def show_result(self, result: HandResult) -> None:
        self.setter.pool.hide()  # the tiles are all placed: give the dealer's hand and the odds the room
        self.setter.setEnabled(False)
        self.result.show_result(result)
        self._fit_middle()  # (its text sets its least width)
        self.ev.show_result(result)
        self.ev.show_edge(self.controller.game.edge())
        self.ev_area.show()
        refresh_fonts(self)
        self._update_status()
        self.result.setFocus()

    def _update_status(self) -> None:
        game = self.controller.game
        self.bankroll.setText(f"Bankroll {format_cents(game.bankroll_cents)}")
        hand = game.current or (self.controller.last.hand if self.controller.last else None)
        self.hand_wager.setText(f"Hand {hand.number}: {format_cents(hand.wager_cents)} wagered" if hand else "")
        if not self.wager.hasFocus():
            self.wager.setText(format_cents(game.wager_cents))
        way = f"{game.profile.name} · {game.house_way.heading(game.profile)}"
        set_linked(self.totals, f"{way}   ·   {totals_text(game.totals())}", self.ctx)

    def _wager_changed(self, cents: int) -> None:
        self.wager_error.clear()
        self.wager.setText(format_cents(cents))
        self.wager_note.setText("from the next hand" if self.controller.game.current else "")
        self._update_status()
        self._focus_play()

    def _wager_refused(self, message: str) -> None:
        self.wager_note.clear()
        self.wager_error.setText(message)
        self.wager.selectAll()

    def _cannot_deal(self, message: str) -> None:
        self.wager_error.setText(message)
        self.setter.setEnabled(False)
        self._update_status()
        self.wager.setFocus()

    def _game_started(self) -> None:
        self.wager_error.clear()
        self.wager_note.clear()

    def _escape(self) -> None:
        """Esc leaves the wager field unchanged (the typed text is dropped) and goes back to the game."""
        if self.wager.hasFocus():
            self.wager.setText(format_cents(self.controller.game.wager_cents))
            self.wager_error.clear()
        self._focus_play()

    def _focus_play(self) -> None:
        """Back from the wager field to the hand (or to the result, once it is played)."""
        (self.setter if self.controller.game.current else self.result).setFocus()

    def _profile_changed(self, _profile: object = None) -> None:
        self._warmed = False
        if self.isVisible():
            self._schedule_warm_up()
        self.controller.new_game()

    # -- Qt ---------------------------------------------------------------------------------------------
    def theme_changed(self, theme: Theme) -> None:
        self.setter.set_theme(theme)
        self.result.strip.theme = theme
        self.result.strip.update()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self._schedule_warm_up()

    def _schedule_warm_up(self) -> None:
        """Build the analysis tables just after the screen appears (not at import, not before paint)."""
        if not self._warmed:
            self._warmed = True
            QTimer.singleShot(0, self, self._warm_up)  # the screen as context: dropped if it is gone

    def _warm_up(self) -> None:
        warm_up(self.controller.game.profile, self.controller.game.house_way)

    def prepare_snapshot(self, seed: int, move: int | None, tick: Callable[[], object] = lambda: None) -> None:
        """For ``paigow-trainer snapshot``: ``move`` 0 = a fresh hand; else that many hands played
        (None = one), the last set to its lowest-EV setting so the odds show what a poor setting costs.
        ``tick`` after each hand (the command's progress bar)."""
        self.controller.new_game(seed)
        hands = 1 if move is None else move
        for number in range(1, hands + 1):
            game = self.controller.game
            analysis = game.analysis()
            if number < hands:
                pick = analysis.settings[analysis.house_way]
            else:
                pick = min(zip(analysis.settings, analysis.odds), key=lambda so: so[1].exact_ev)[0]
            self.play_setting(pick)
            tick()
            if number < hands:
                self.controller.next_hand()

    def play_setting(self, setting: Setting) -> None:
        """Place ``setting`` on the hand setter and play it, as the trainee would."""
        tiles = self.controller.game.current.tiles if self.controller.game.current else ()
        if not tiles:
            return
        for i in tile_indices(tiles, setting.high.tiles):
            self.setter.place(i, "high")
        self.setter.submit()


def create_screen(ctx) -> QWidget:
    """The Player's seat screen (see ``trainer.ui.screens``)."""
    return PlayerScreen(ctx)
