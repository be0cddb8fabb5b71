"""The Baccarat table screen: a new shoe prepared and its first rounds dealt, step by step.

Pick the shoe's seed, the rounds to play, the table's options (vigorish at payout or marked, EZ
Baccarat, the squeeze of 631a.9(d), 10 to 14 seats) and watch the dealer wash, shuffle, offer the
cut, place the cover cards, load and burn, the shoe offered, then each round: the curator's deal,
the cards turned, the counts, House Money, the third cards, the result, the losing wagers
collected, the winners paid with their vigorish, the cards cleared and the shoe passed. Every step
has its caption and section; speed 0.25x-16x or instant, pause, step, replay; demonstration mode
(for instructors) goes full screen with large captions and puts everything on the keyboard.

"Whole shoe" (W) deals the shoe to its end instead (``whole_shoe.deal_whole_shoe``): the rounds to
the cover card, "last hand", one more hand and the change of decks (631a.10(d)), the seated players
at their seats, leaving now and then, and with the vigorish marker the commission box filling and
collected when a player leaves and before the new shoe (631a.13(d)(2)).

Every step comes from the engine (``trainer.rules.baccarat.round``); this screen only picks its inputs.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QHBoxLayout, QLabel, QPushButton, QSlider, QSpinBox, QStyle, QToolButton, QVBoxLayout,
    QWidget,
)

from trainer.rules.baccarat.profiles import DECK_OPTIONS
from trainer.rules.money import format_cents
from trainer.rules.rng import MAX_SCREEN_SEED
from trainer.ui.baccarat import baccarat_profile
from trainer.ui.baccarat.paytable import ChipAmounts
from trainer.ui.baccarat.table_scene import BaccaratScene
from trainer.ui.baccarat.timeline import layout_for, odds_lines, shoe_timeline, whole_shoe_timeline
from trainer.ui.context import AppContext
from trainer.ui.flow_layout import FlowLayout, group
from trainer.ui.option_fold import OptionFold
from trainer.ui.paigow.player import SPEEDS, speed_label
from trainer.ui.paigow.table_view import TablePane
from trainer.ui.theme import theme_named
from trainer.ui.transport import paint_transport, set_symbol, transport_button
from trainer.ui.when_shown import when_shown

#: The keyboard map, shown in the Keys button's tooltip.
KEYS = (("Space / →", "step forward"), ("←", "step back"), ("Enter / P", "play / pause"), ("+ / −", "speed"),
        ("Home / End", "start / end"), ("R", "replay"), ("N", "new shoe"), ("V", "show faces"),
        ("W", "whole shoe"), ("M", "demonstration mode"), ("Esc", "leave demonstration mode"), ("O", "show the folded options"))

#: The table variants offered: (label, profile options).
VARIANTS = (("profile's table", {}), ("vig at payout", {"vig_collection": "at-payout"}),
            ("vig marker", {"vig_collection": "deferred"}), ("EZ Baccarat", {"ez": True}))


def create_screen(ctx: AppContext) -> QWidget:
    return BaccaratTableScreen(ctx)


class BaccaratTableScreen(QWidget):
    """Options bar, the table with its caption, and the transport bar."""

    demoChanged = Signal(bool)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.demo = False
        self._base_point = self.font().pointSizeF()
        theme = theme_named(ctx.theme)
        self.pane = TablePane(theme, self, scene=BaccaratScene(theme))
        self.pane.caption.link_to(ctx)  # the section opens the rule book, as on Pai Gow's table
        self.pane.view.keyPressed.connect(lambda e: e.setAccepted(self.handle_key(e.key(), e.modifiers())))
        self.player = self.pane.player
        self.pane.status = self.box_words
        self._build()
        self.player.stepChanged.connect(self._sync)
        self.player.captionChanged.connect(self._sync)  # a step started: its number, as the caption's
        self.player.playingChanged.connect(self._sync)
        self.player.speedChanged.connect(self._sync)
        ctx.themeChanged.connect(self._set_theme)
        ctx.profileChanged.connect(lambda _p: when_shown(self, self.rebuild))
        self.rebuild()

    def presented_pane(self) -> TablePane:
        """The table and caption the presenter window mirrors (``trainer.ui.presenter``)."""
        return self.pane

    def painted_last(self) -> QWidget:
        """The table: what can wait for the screen to be on screen waits for it (main window)."""
        return self.pane.view.viewport()

    # -- construction --------------------------------------------------------------------------------
    def _build(self) -> None:
        self.seed = QSpinBox()
        self.seed.setRange(0, MAX_SCREEN_SEED)
        self.seed.setValue(self.ctx.seed if self.ctx.seed is not None else 1)
        self.seed.setToolTip("The shoe's seed: the same seed, the same shuffle and the same players")
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 5)
        self.rounds.setToolTip("Rounds dealt after the shoe is prepared")
        self.whole = QCheckBox("Whole shoe")
        self.whole.setToolTip("Deal the shoe to the cover card, the last hand and the change of decks (W)")
        self.seats = QSpinBox()
        self.seats.setRange(10, 14)
        self.seats.setValue(baccarat_profile(self.ctx).seats)
        self.seats.setToolTip("Numbered positions at the table (631a.2(a))")
        self.decks = QSpinBox()
        self.decks.setRange(min(DECK_OPTIONS), max(DECK_OPTIONS))
        self.decks.setValue(baccarat_profile(self.ctx).decks)
        self.decks.setToolTip("Decks in the shoe: six to eight (631a.3(a))")
        self.variant = QComboBox()
        for label, options in VARIANTS:
            self.variant.addItem(label, options)
        self.squeeze = QCheckBox("Squeeze")
        self.squeeze.setToolTip("The players with the highest wagers turn the cards (631a.9(d))")
        self.faces = QCheckBox("Faces")
        self.faces.setToolTip("Instructor's view: every card's face (V)")
        self.demo_button = QPushButton("Demonstration")
        self.demo_button.setCheckable(True)
        self.demo_button.setToolTip("Full screen, large captions, keyboard control (M; Esc leaves)")
        self.options = QWidget()
        bar = FlowLayout(self.options)  # wraps rather than widen the window at a large text size
        bar.setContentsMargins(0, 0, 0, 0)
        for label, widget in (("Shoe", self.seed), ("Rounds", self.rounds), ("", self.whole), ("Seats", self.seats), ("Decks", self.decks),
                              ("", self.variant), ("", self.squeeze), ("", self.faces), ("", self.demo_button)):
            bar.addWidget(group(QLabel(label), widget) if label else widget)
        self.fold = OptionFold(self, self.options)

        SP = QStyle.StandardPixmap
        p = self.player
        buttons = ((SP.SP_MediaSkipBackward, "Back to the start (Home)", lambda: p.goto(0)),
                   (SP.SP_MediaSeekBackward, "Step back (←)", p.step_back),
                   (SP.SP_MediaPlay, "Play / pause (Enter)", p.toggle),
                   (SP.SP_MediaSeekForward, "Step forward (Space, →)", p.step_forward),
                   (SP.SP_MediaSkipForward, "Jump to the end (End)", p.to_end),
                   (SP.SP_BrowserReload, "Replay (R)", p.replay))
        transport = QHBoxLayout()
        self.tools = [transport_button(icon, tip, slot) for icon, tip, slot in buttons]
        for b in self.tools:
            transport.addWidget(b)
        self._paint_icons()
        self.speed = QComboBox()
        for s in SPEEDS:
            self.speed.addItem(speed_label(s), s)
        self.speed.setCurrentIndex(SPEEDS.index(1.0))
        self.speed.currentIndexChanged.connect(lambda i: p.set_speed(SPEEDS[i]))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setToolTip("Drag to any step")
        self.slider.sliderMoved.connect(p.goto)
        self.position = QLabel()
        keys = QLabel("Keys")
        keys.setToolTip("\n".join(f"{k}: {v}" for k, v in KEYS))
        transport.addWidget(QLabel("Speed"))
        transport.addWidget(self.speed)
        transport.addWidget(self.slider, 1)
        transport.addWidget(self.position)
        transport.addWidget(self.fold.button)
        transport.addWidget(keys)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        lay.addWidget(self.options)
        lay.addWidget(self.pane, 1)
        # the chips' amounts after the caption's words (beside the felt at 1280x720 Projector: under it they
        # would take the height that keeps the felt its share of the window)
        self.chip_amounts = ChipAmounts(self.pane.scene, self.pane.caption)
        self.pane.caption.layout().insertWidget(3, self.chip_amounts)
        lay.addLayout(transport)
        # a click leaves the keys to the screen; named, not found (see the Pai Gow table, issue 15)
        for w in (self.whole, self.squeeze, self.faces, self.demo_button, self.slider, self.fold.button, *self.tools):
            w.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._restore_choices()  # (before the choices rebuild the shoe: the screen builds it once, below)
        for box in (self.seed, self.rounds, self.seats, self.decks):
            box.valueChanged.connect(lambda _: self.rebuild())
        self.variant.currentIndexChanged.connect(lambda _: self.rebuild())
        self.squeeze.toggled.connect(lambda _: self.rebuild())
        self.whole.toggled.connect(lambda _: self.rebuild())
        self.faces.toggled.connect(self.pane.scene.set_reveal)
        self.demo_button.toggled.connect(self.set_demo)

    #: Where the app's settings keep this screen's choices (``AppContext.settings``).
    STORE_KEYS = {"whole": "baccarat-table/whole_shoe", "speed": "baccarat-table/speed"}

    def _restore_choices(self) -> None:
        """Whole shoe and the speed as last chosen (kept in the app's settings), and kept from now on."""
        store = self.ctx.settings
        if store is None:
            return
        self.whole.setChecked(store.value(self.STORE_KEYS["whole"]) in (True, "true"))
        try:
            speed = float(store.value(self.STORE_KEYS["speed"], 1.0))
        except (TypeError, ValueError):  # a hand-edited settings file: the default speed
            speed = 1.0
        self.player.set_speed(speed if speed in SPEEDS else 1.0)
        self.whole.toggled.connect(lambda on: store.setValue(self.STORE_KEYS["whole"], on))
        self.player.speedChanged.connect(lambda speed: store.setValue(self.STORE_KEYS["speed"], speed))

    # -- the shoe ---------------------------------------------------------------------------------------
    def profile(self):
        """The Baccarat profile in force with the options picked here."""
        return baccarat_profile(self.ctx).with_options(seats=self.seats.value(), decks=self.decks.value(),
                                                        squeeze=self.squeeze.isChecked(), **self.variant.currentData())

    def rebuild(self) -> None:
        """Ask the engine for the shoe of the current choices and show it from the start."""
        profile = self.profile()
        self.pane.scene.set_table(layout_for(profile), odds_lines(profile))
        seed = self.seed.value()
        whole = self.whole.isChecked()
        self.rounds.setEnabled(not whole)
        heading = f"Shoe {seed} · {profile.decks} decks · {self.variant.currentText()}"
        timeline = whole_shoe_timeline(seed, profile) if whole else shoe_timeline(seed, profile, self.rounds.value())
        self.pane.set_timeline(timeline, heading + (" · whole shoe" if whole else ""))
        self._sync()

    def box_words(self, index: int) -> str:
        """The commission box after step ``index``, for the caption's title: each seat's marker
        (631a.13(d)(2)(ii)); nothing at a table that collects at payout."""
        if not self.pane.scene.layout.vig_boxes or self.player.timeline is None:
            return ""
        owed = self.player.timeline.frame_at(index).markers
        return "  ·  commission box: " + (", ".join(f"seat {s} {format_cents(c)}" for s, c in sorted(owed.items()))
                                          or "empty")

    def _set_theme(self, name: str) -> None:
        self.pane.set_theme(theme_named(name))
        self._paint_icons()

    def transport_buttons(self) -> tuple[QToolButton, ...]:
        return tuple(self.tools)

    def _paint_icons(self) -> None:
        paint_transport(self.tools, self.style(), self.ctx.theme, 2.0 if self.demo else 1.0)

    def text_size_changed(self) -> None:
        self._paint_icons()

    def goto_move(self, move: int | None) -> None:
        """Show the table after ``move`` steps (None: the end)."""
        self.player.goto(self.player.timeline.index_after_move(move))

    def prepare_snapshot(self, seed: int, move: int | None, whole_shoe: bool = False, vig_marker: bool = False) -> None:
        """For ``snapshot --game baccarat --screen table``: shoe ``seed`` (dealt to its end with
        ``whole_shoe``; the vigorish marked with ``vig_marker``) after ``move`` steps."""
        self.whole.setChecked(whole_shoe)
        if vig_marker:
            self.variant.setCurrentIndex(self.variant.findText("vig marker"))
        self.seed.setValue(seed)
        self.goto_move(move)

    def _sync(self, *_) -> None:
        p = self.player
        icon = QStyle.StandardPixmap.SP_MediaPause if p.playing else QStyle.StandardPixmap.SP_MediaPlay
        if set_symbol(self.tools[2], icon):
            self._paint_icons()
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(p))
        self.slider.setValue(p.index)
        self.slider.blockSignals(False)
        self.position.setText(f"{p.shown} / {len(p)}   {speed_label(p.speed)}")  # the caption's step (issue 29)
        self.speed.blockSignals(True)
        self.speed.setCurrentIndex(SPEEDS.index(p.speed) if p.speed in SPEEDS else SPEEDS.index(1.0))
        self.speed.blockSignals(False)

    # -- demonstration mode and keys ---------------------------------------------------------------------
    def set_demo(self, on: bool) -> None:
        """Demonstration mode: full screen, large captions, only the table and its caption."""
        if on == self.demo:
            return
        self.demo = on
        self.demo_button.blockSignals(True)
        self.demo_button.setChecked(on)
        self.demo_button.blockSignals(False)
        self.fold.set_hidden(on)
        self.pane.caption.set_scale(1.9 if on else 1.0)
        for w in (self.speed, self.position):  # the transport, readable from the back of the room
            font = w.font()
            font.setPointSizeF(self._base_point * (1.5 if on else 1.0))
            w.setFont(font)
        self._paint_icons()
        self.demoChanged.emit(on)
        if not getattr(self.window(), "handles_demo", False) and self.window() is not self:
            self.window().showFullScreen() if on else self.window().showNormal()
        self.pane.view.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if not self.handle_key(event.key(), event.modifiers()):
            super().keyPressEvent(event)

    def handle_key(self, key: int, mods=Qt.KeyboardModifier.NoModifier) -> bool:
        """Everything on the keyboard (see :data:`KEYS`); True if the key was used."""
        if mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            return False
        K, p = Qt.Key, self.player
        action = {
            K.Key_Space: p.step_forward, K.Key_Right: p.step_forward, K.Key_Left: p.step_back,
            K.Key_Return: p.toggle, K.Key_Enter: p.toggle, K.Key_P: p.toggle,
            K.Key_Plus: p.faster, K.Key_Equal: p.faster, K.Key_Minus: p.slower,
            K.Key_Home: lambda: p.goto(0), K.Key_End: p.to_end, K.Key_R: p.replay,
            K.Key_N: lambda: self.seed.setValue((self.seed.value() * 7919 + 104_729) % 1_000_000),
            K.Key_V: self.faces.toggle, K.Key_W: self.whole.toggle, K.Key_M: lambda: self.set_demo(not self.demo),
            K.Key_Escape: lambda: self.set_demo(False), K.Key_O: self.fold.toggle,
        }.get(key)
        if action is None:
            return False
        action()
        return True
