"""The Table screen: the animated deal of any delivery style, with a demonstration mode.

Pick a style, the dice and the woodpile seed, and watch the dealer mix, stack, indicate, shake,
count and deliver, one move at a time with its caption and regulation section. Speed 0.25x-4x or
instant, pause, step forward and back, replay; side by side shows two styles dealing the same
woodpile with the same dice. Demonstration mode (for instructors, on a projector) goes full screen
with large captions and puts everything on the keyboard (see :data:`KEYS`).

Every plan comes from the engine (``trainer.rules.paigow.delivery``); this screen only picks its inputs.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QHBoxLayout, QLabel, QMenu, QPushButton, QSlider, QSpinBox, QStyle, QStyleOptionComboBox,
    QStylePainter, QToolButton, QVBoxLayout, QWidget,
)

from trainer.rules.rng import MAX_SCREEN_SEED
from trainer.rules.paigow.delivery import style_name
from trainer.rules.errors import TrainerError
from trainer.rules.paigow.positions import SEATS
from trainer.ui.context import AppContext
from trainer.ui.flow_layout import FlowLayout, group
from trainer.ui.paigow.player import SPEEDS, speed_label
from trainer.ui.option_fold import OptionFold
from trainer.ui.paigow.table_view import TablePane
from trainer.ui.scaling import base_pt
from trainer.ui.theme import theme_named
from trainer.ui.transport import paint_transport, set_symbol, transport_button
from trainer.ui.when_shown import when_shown
from trainer.ui.paigow.timeline import RoundChoice, build_timeline, plan_for

#: The keyboard map of the table screen, shown in its help line and tooltip.
KEYS = (
    ("Space / →", "step forward"), ("←", "step back"), ("Enter / P", "play / pause"),
    ("+ / −  (↑ / ↓)", "speed"), ("1–9, 0", "style"), ("Alt+1–0", "right-hand style"),
    ("S", "side by side"), ("D", "new dice"), ("N", "new woodpile"), ("V", "show faces"),
    ("R", "replay"), ("Home / End", "start / end"), ("F", "full screen"), ("M", "demonstration mode"),
    ("Esc", "leave full screen"), ("O", "show the folded options"),
)


def _digits() -> dict:
    """Digit key -> style index; built on the first key press, since the first use of ``Qt.Key``
    builds its 600-member enum (~30 ms) and start-up should not wait for it (issue 15)."""
    return {getattr(Qt.Key, f"Key_{d}"): (d - 1) % 10 for d in range(10)}


def _fill_keys(menu: QMenu) -> None:
    """The Keys menu: the keyboard map, one disabled line a key."""
    if not menu.actions():
        for k, v in KEYS:
            menu.addAction(f"{k}\t{v}").setEnabled(False)


def create_screen(ctx: AppContext) -> QWidget:
    return TableScreen(ctx)


class DicePicker(QWidget):
    """Three dice, or "random" (rolled by the engine from the seed)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.random = QCheckBox("random")
        self.random.setChecked(True)
        self.spins = []
        for value in (3, 2, 4):
            spin = QSpinBox()
            spin.setRange(1, 6)
            spin.setValue(value)
            spin.setToolTip("One die of the shaker (1-6)")
            spin.valueChanged.connect(self._changed)
            self.spins.append(spin)
            lay.addWidget(spin)
        lay.addWidget(self.random)
        self.random.toggled.connect(self._changed)
        self._changed_silent = False
        self._sync()

    def _sync(self) -> None:
        for spin in self.spins:
            spin.setEnabled(not self.random.isChecked())

    def _changed(self, *_) -> None:
        self._sync()
        if not self._changed_silent:
            self.changed.emit()

    def value(self) -> str | None:
        """``"a,b,c"`` for picked dice, None for random ones."""
        if self.random.isChecked():
            return None
        return ",".join(str(s.value()) for s in self.spins)

    def set_value(self, dice: tuple[int, ...] | None, random: bool | None = None) -> None:
        """Show ``dice`` (e.g. what the engine rolled) without emitting ``changed``."""
        self._changed_silent = True
        if random is not None:
            self.random.setChecked(random)
        for spin, v in zip(self.spins, dice or ()):
            spin.setValue(v)
        self._changed_silent = False
        self._sync()


class StyleCombo(QComboBox):
    """A style picker that cuts a long name in the middle, never its end: "From the Left" and "From
    the Right" tell two styles apart (the list itself shows whole names)."""

    def showPopup(self) -> None:  # noqa: N802 - Qt API
        # the list as wide as its longest name, measured when first opened: the view is made then
        self.view().setMinimumWidth(self.view().sizeHintForColumn(0) + 40)
        super().showPopup()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        painter = QStylePainter(self)
        opt = QStyleOptionComboBox()
        self.initStyleOption(opt)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, opt)
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        opt.currentText = self.fontMetrics().elidedText(opt.currentText, Qt.TextElideMode.ElideMiddle, field.width())
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, opt)


class TableScreen(QWidget):
    """Options bar, one or two table panes, and the transport bar."""

    demoChanged = Signal(bool)
    #: The panes shown changed (two styles side by side, or one): the presenter window follows.
    presentedChanged = Signal()

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.demo = False
        self._picked_total: str | None = None
        self.seed = ctx.seed if ctx.seed is not None else 1
        theme = theme_named(ctx.theme)
        self.panes = [self._new_pane(theme)]  # the right-hand pane is made when first needed
        self._build()
        self._paint_icons()
        self.primary.player.stepChanged.connect(self._sync_transport)
        self.primary.player.captionChanged.connect(self._sync_transport)  # a step started: its number, as the caption's
        self.primary.player.playingChanged.connect(self._sync_transport)
        self.primary.player.speedChanged.connect(self._sync_transport)
        ctx.themeChanged.connect(self.set_theme)
        ctx.profileChanged.connect(lambda _p: when_shown(self, self._fill_styles))
        self._fill_styles()

    # -- construction --------------------------------------------------------------------------------
    def _new_pane(self, theme) -> TablePane:
        pane = TablePane(theme, self)
        pane.caption.link_to(self.ctx)
        pane.view.keyPressed.connect(self._view_key)
        pane.scene.set_reveal(getattr(self, "reveal", None) is not None and self.reveal.isChecked())
        pane.caption.set_scale(1.9 if self.demo else 1.0)
        return pane

    @property
    def primary(self) -> TablePane:
        return self.panes[0]

    def presented_panes(self) -> list[TablePane]:
        """The tables and captions the presenter window mirrors (``trainer.ui.presenter``): both
        styles side by side, or the one."""
        return self.active_panes()

    def painted_last(self) -> QWidget:
        """The table: what can wait for the screen to be on screen waits for it (main window)."""
        return self.primary.view.viewport()

    @property
    def side_by_side(self) -> bool:
        return self.side.isChecked()

    def _build(self) -> None:
        self.style_box = StyleCombo()
        self.style_box.setToolTip("Delivery style (keys 1-9, 0)")
        self.style2_box = StyleCombo()
        self.style2_box.setToolTip("Right-hand delivery style in side-by-side mode (Alt+1-9, 0)")
        for box in (self.style_box, self.style2_box):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(24)
        self.dice = DicePicker()
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, MAX_SCREEN_SEED)
        self.seed_box.setValue(self.seed)
        self.seed_box.setToolTip("Woodpile seed: the same seed gives the same woodpile (and random dice)")
        self.new_pile = QPushButton("New")
        self.new_pile.setToolTip("A new woodpile (N)")
        self.bank_box = QComboBox()
        self.prelude = QCheckBox("Mix && stack")
        self.prelude.setChecked(True)
        self.prelude.setToolTip("Start with mixing the tiles and forming the woodpile (621a.4(c),(d))")
        self.reveal = QCheckBox("Faces")
        self.reveal.setToolTip("Instructor's view: show every tile face up (V)")
        self.side = QCheckBox("Side by side")
        self.side.setToolTip("Deal the same woodpile with the same dice in two styles (S)")
        self.demo_button = QPushButton("Demonstration")
        self.demo_button.setCheckable(True)
        self.demo_button.setToolTip("Full screen, large captions, keyboard control (M; Esc leaves full screen)")
        self.error = QLabel()
        self.error.setStyleSheet("color: #d33; font-weight: bold;")
        self.error.setWordWrap(True)
        self.error.hide()

        self.options = QWidget()
        bar = FlowLayout(self.options)  # wraps onto a second line rather than widen the window (large text sizes)
        bar.setContentsMargins(0, 0, 0, 0)
        self._secondary = []
        for label, widget, secondary in (
            ("Style", self.style_box, False), ("", self.style2_box, False), ("Dice", self.dice, False),
            ("Woodpile", self.seed_box, True), ("", self.new_pile, True), ("Bank", self.bank_box, True),
            ("", self.prelude, True), ("", self.reveal, False), ("", self.side, False), ("", self.demo_button, False),
        ):
            item = group(QLabel(label), widget) if label else widget
            bar.addWidget(item)
            if secondary:
                self._secondary.append(item)
        self.style2_box.hide()

        SP = QStyle.StandardPixmap
        self.b_start = transport_button(SP.SP_MediaSkipBackward, "Back to the start (Home)",
                                  lambda: self._each(lambda p: p.goto(0)))
        self.b_back = transport_button(SP.SP_MediaSeekBackward, "Step back one move (←)",
                                 lambda: self._each(lambda p: p.step_back()))
        self.b_play = transport_button(SP.SP_MediaPlay, "Play / pause (Enter)", self.toggle_play)
        self.b_fwd = transport_button(SP.SP_MediaSeekForward, "Step forward one move (Space, →)",
                                lambda: self._each(lambda p: p.step_forward()))
        self.b_end = transport_button(SP.SP_MediaSkipForward, "Jump to the end (End)", lambda: self._each(lambda p: p.to_end()))
        self.b_replay = transport_button(SP.SP_BrowserReload, "Replay from the start (R)",
                                   lambda: self._each(lambda p: p.replay()))
        self.speed_box = QComboBox()
        for s in SPEEDS:
            self.speed_box.addItem(speed_label(s), s)
        self.speed_box.setCurrentIndex(SPEEDS.index(1.0))
        self.speed_box.setToolTip("Speed (+ / -)")
        self.speed_box.currentIndexChanged.connect(lambda i: self.set_speed(SPEEDS[i]))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setToolTip("Drag to any step")
        self.slider.sliderMoved.connect(lambda v: self._each(lambda p: p.goto(v)))
        self.slider.valueChanged.connect(self._slider_changed)
        self.position = QLabel()
        self.help = QToolButton()
        self.help.setText("Keys")
        self.help.setToolTip("\n".join(f"{k}: {v}" for k, v in KEYS))
        self.help.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.help)
        menu.aboutToShow.connect(lambda: _fill_keys(menu))  # (15 actions: made when first opened)
        self.help.setMenu(menu)
        transport = QHBoxLayout()
        for w in self.transport_buttons():
            transport.addWidget(w)
        transport.addWidget(QLabel("Speed"))
        transport.addWidget(self.speed_box)
        transport.addWidget(self.slider, 1)
        transport.addWidget(self.position)
        self.fold = OptionFold(self, self.options)
        transport.addWidget(self.fold.button)
        transport.addWidget(self.help)

        panes = QHBoxLayout()
        panes.setSpacing(10)
        panes.addWidget(self.primary, 1)
        self._pane_row = panes
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)
        lay.addWidget(self.options)
        lay.addWidget(self.error)
        lay.addLayout(panes, 1)
        lay.addLayout(transport)
        # a click leaves the keys to the screen. Named, not found: findChildren would bring the boxes'
        # inner views into Python, and PySide6 would build their types before the first paint (issue 15)
        for w in (self.new_pile, self.prelude, self.reveal, self.side, self.demo_button, self.dice.random,
                  self.slider, self.help, self.fold.button):
            w.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # the transport is reachable with Tab (Space presses the focused one; the other keys still
        # reach the screen), never focused by a click, so a click leaves the keys to the screen
        for w in self.transport_buttons():
            w.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            w.installEventFilter(self)
        # a box chosen with the mouse gives the keys back to the table: Space steps it, never reopens
        # the box (issue 29)
        for box in (self.style_box, self.style2_box, self.bank_box, self.speed_box):
            box.activated.connect(lambda _: self.primary.view.setFocus())
            box.installEventFilter(self)

        self.style_box.currentIndexChanged.connect(lambda _: self.rebuild())
        self.style2_box.currentIndexChanged.connect(lambda _: self.rebuild())
        self.dice.changed.connect(self._dice_changed)
        self.seed_box.valueChanged.connect(self._seed_changed)
        self.new_pile.clicked.connect(self.new_woodpile)
        self.bank_box.currentIndexChanged.connect(lambda _: self.rebuild())
        self.prelude.toggled.connect(lambda _: self.rebuild())
        self.reveal.toggled.connect(lambda on: self._each(lambda p: p.scene.set_reveal(on)))
        self.side.toggled.connect(self._side_toggled)
        self.demo_button.toggled.connect(self.set_demo)

    def transport_buttons(self) -> tuple[QToolButton, ...]:
        return self.b_start, self.b_back, self.b_play, self.b_fwd, self.b_end, self.b_replay

    def _paint_icons(self) -> None:
        paint_transport(self.transport_buttons(), self.style(), self.ctx.theme)

    def text_size_changed(self) -> None:
        self._paint_icons()

    def _fill_styles(self) -> None:
        """The styles the profile offers (621a.7; nj 10.8(k)), in the regulations' names."""
        profile = self.ctx.profile
        for box in (self.style_box, self.style2_box):
            current = box.currentData()
            box.blockSignals(True)
            box.clear()
            for n, slug in enumerate(profile.styles, start=1):
                box.addItem(f"{n % 10}. {style_name(slug, profile)}", slug)
            i = box.findData(current)
            box.setCurrentIndex(i if i >= 0 else (1 if box is self.style2_box and box.count() > 1 else 0))
            box.blockSignals(False)
        self.bank_box.blockSignals(True)
        current = self.bank_box.currentData()
        self.bank_box.clear()
        self.bank_box.addItem("House", None)
        if profile.player_bank:
            for seat in SEATS:
                self.bank_box.addItem(f"Player at {seat}", str(seat))
        i = self.bank_box.findData(current)
        self.bank_box.setCurrentIndex(max(0, i))
        self.bank_box.blockSignals(False)
        self.rebuild()

    # -- the round --------------------------------------------------------------------------------------
    def choice(self) -> RoundChoice:
        dice = self.dice.value()
        if dice is None and self._picked_total:
            dice = self._picked_total  # a total alone (an RNG number), set by configure()
        return RoundChoice(style=self.style_box.currentData() or "house-way-right", seed=self.seed_box.value(),
                           dice=dice, bank=self.bank_box.currentData(), profile=self.ctx.profile.name)

    def rebuild(self) -> None:
        """Ask the engine for the plan(s) of the current choice and show them from the start."""
        choice = self.choice()
        try:
            plans = [plan_for(choice)]
            if self.side_by_side:
                plans.append(plan_for(choice, self.style2_box.currentData()))
        except TrainerError as exc:
            self.error.setText(str(exc))
            self.error.show()
            return
        self.error.hide()
        profile = self.ctx.profile
        self.dice.set_value(plans[0].roll.dice or None)
        for pane, plan in zip(self.panes, plans):
            heading = style_name(plan.style, profile)
            pane.set_timeline(build_timeline(plan, prelude=self.prelude.isChecked(), profile=profile), heading)
            pane.scene.set_reveal(self.reveal.isChecked())
        self.set_speed(self.primary.player.speed)
        self._sync_transport()

    def configure(self, *, style: str | None = None, seed: int | None = None, dice: str | None = None,
                  bank: str | None = None, prelude: bool | None = None, reveal: bool | None = None,
                  style2: str | None = None) -> None:
        """Set several choices at once (snapshots, tests) and rebuild once; an unknown value is an error."""
        boxes = [(self.style_box, style), (self.style2_box, style2), (self.bank_box, bank)]
        for box, value in boxes:
            if value is not None and box.findData(value) < 0:
                raise TrainerError(f"'{value}' is not offered here (choose from: "
                                   f"{', '.join(str(box.itemData(i)) for i in range(box.count()))})")
        widgets = [self.style_box, self.style2_box, self.bank_box, self.seed_box, self.prelude, self.reveal,
                   self.side, self.dice]
        for w in widgets:
            w.blockSignals(True)
        try:
            for box, value in boxes:
                if value is not None:
                    box.setCurrentIndex(box.findData(value))
            if seed is not None:
                self.seed_box.setValue(seed)
            if prelude is not None:
                self.prelude.setChecked(prelude)
            if dice is not None:
                values = [int(v) for v in dice.replace(",", " ").split()]
                self.dice.set_value(tuple(values) if len(values) == 3 else None, random=len(values) != 3)
                self._picked_total = dice if len(values) != 3 else None
            if style2 is not None and not self.side.isChecked():
                self.side.setChecked(True)
        finally:
            for w in widgets:
                w.blockSignals(False)
        if style2 is not None:
            self._side_toggled(True)
        if reveal is not None:
            self.reveal.setChecked(reveal)
        self.rebuild()

    def goto_move(self, move: int | None) -> None:
        """Show every pane after ``move`` moves of its plan (0 = before the first; None = the end)."""
        for pane in self.active_panes():
            timeline = pane.player.timeline
            if timeline is not None:
                pane.player.goto(timeline.index_after_move(move))

    def _dice_changed(self) -> None:
        self._picked_total = None
        self.rebuild()

    def _seed_changed(self, value: int) -> None:
        self.seed = value
        self.rebuild()

    def new_woodpile(self) -> None:
        self.seed_box.setValue((self.seed_box.value() * 7919 + 104_729) % 1_000_000)

    def new_dice(self) -> None:
        """Random dice from a new seed of the shaker: keeps the woodpile, re-rolls (via the engine)."""
        if self.dice.value() is None:
            self.new_woodpile()
        else:
            self.dice.set_value(None, random=True)
            self.rebuild()

    def pick_style(self, index: int, right: bool = False) -> None:
        box = self.style2_box if right else self.style_box
        if 0 <= index < box.count():
            box.setCurrentIndex(index)

    # -- transport ---------------------------------------------------------------------------------------
    def _each(self, action) -> None:
        for pane in self.active_panes():
            action(pane.player)

    def active_panes(self) -> list[TablePane]:
        """The pane, or both in side-by-side mode."""
        return self.panes[:2] if self.side_by_side else self.panes[:1]

    def toggle_play(self) -> None:
        if self.primary.player.playing:
            self._each(lambda p: p.pause())
        else:
            self._each(lambda p: p.play())

    def set_speed(self, speed: float) -> None:
        self._each(lambda p: p.set_speed(speed) if p.speed != speed else None)
        self.speed_box.blockSignals(True)
        self.speed_box.setCurrentIndex(SPEEDS.index(speed) if speed in SPEEDS else SPEEDS.index(1.0))
        self.speed_box.blockSignals(False)

    def change_speed(self, direction: int) -> None:
        p = self.primary.player
        p.faster() if direction > 0 else p.slower()
        self.set_speed(p.speed)

    def _sync_transport(self, *_) -> None:
        p = self.primary.player
        pix = QStyle.StandardPixmap.SP_MediaPause if p.playing else QStyle.StandardPixmap.SP_MediaPlay
        if set_symbol(self.b_play, pix):
            self._paint_icons()
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(p))
        self.slider.setValue(p.index)
        self.slider.blockSignals(False)
        self.position.setText(f"{p.shown} / {len(p)}   {speed_label(p.speed)}")  # the caption's step (issue 29)

    def _slider_changed(self, value: int) -> None:
        if not self.slider.isSliderDown():
            self._each(lambda p: p.goto(value))

    def _side_toggled(self, on: bool) -> None:
        self.style2_box.setVisible(on)
        if on and len(self.panes) == 1:
            pane = self._new_pane(theme_named(self.ctx.theme))
            pane.player.set_speed(self.primary.player.speed)
            self.panes.append(pane)
            self._pane_row.addWidget(pane, 1)
        if len(self.panes) > 1:
            self.panes[1].setVisible(on)
        self.rebuild()
        self.presentedChanged.emit()

    # -- appearance ----------------------------------------------------------------------------------------
    def set_theme(self, name: str) -> None:
        theme = theme_named(name)
        for pane in self.panes:
            pane.set_theme(theme)
        self._paint_icons()

    def set_demo(self, on: bool) -> None:
        """Demonstration mode: full screen, large captions, only the pickers that matter."""
        if on == self.demo:
            return
        self.demo = on
        self.demo_button.blockSignals(True)
        self.demo_button.setChecked(on)
        self.demo_button.blockSignals(False)
        for w in self._secondary:
            w.setVisible(not on)
        self.help.setVisible(not on)
        for pane in self.panes:
            pane.caption.set_scale(1.9 if on else 1.0)
        font = QFont()  # the application's, at View → Text size
        if on:
            font.setPointSizeF(base_pt() * 1.5)
        for w in (self.style_box, self.style2_box, self.dice, self.speed_box, self.position, self.reveal,
                  self.side, self.demo_button, *self.dice.findChildren(QWidget)):
            w.setFont(font)
        self.demoChanged.emit(on)
        if not getattr(self.window(), "handles_demo", False):  # no main window: go full screen ourselves
            self.set_full_screen(on)
        self.primary.view.setFocus()

    def set_full_screen(self, on: bool) -> None:
        win = self.window()
        if win is not self and hasattr(win, "set_full_screen"):  # the main window keeps its menu in step
            win.set_full_screen(on)
        elif on:
            win.showFullScreen()
        else:
            win.showNormal()

    def toggle_full_screen(self) -> None:
        self.set_full_screen(not self.window().isFullScreen())

    # -- keyboard ----------------------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.handle_key(event.key(), event.modifiers()):
            super().keyPressEvent(event)

    def eventFilter(self, watched, event) -> bool:
        """A focused transport button keeps Space and Tab; every other key is the screen's (an
        arrow would otherwise move the focus instead of stepping). A focused box keeps its keys but
        Space, which steps the table (it never opens the box's list)."""
        if event.type() != QEvent.Type.KeyPress:
            return super().eventFilter(watched, event)
        if isinstance(watched, QComboBox):
            return event.key() == Qt.Key.Key_Space and self.handle_key(event.key(), event.modifiers())
        if event.key() not in (Qt.Key.Key_Space, Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            return self.handle_key(event.key(), event.modifiers())
        return super().eventFilter(watched, event)

    def _view_key(self, event: QKeyEvent) -> None:
        event.setAccepted(self.handle_key(event.key(), event.modifiers()))

    def handle_key(self, key: int, mods=Qt.KeyboardModifier.NoModifier) -> bool:
        """Everything on the keyboard (see :data:`KEYS`); True if the key was used."""
        K = Qt.Key
        alt = bool(mods & Qt.KeyboardModifier.AltModifier)
        if mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.MetaModifier):
            return False  # Ctrl+digit etc. belong to the main window
        if key in _digits():
            self.pick_style(_digits()[key], right=alt)
            return True
        actions = {
            K.Key_Space: lambda: self._each(lambda p: p.step_forward()),
            K.Key_Right: lambda: self._each(lambda p: p.step_forward()),
            K.Key_Left: lambda: self._each(lambda p: p.step_back()),
            K.Key_Return: self.toggle_play, K.Key_Enter: self.toggle_play, K.Key_P: self.toggle_play,
            K.Key_Plus: lambda: self.change_speed(+1), K.Key_Equal: lambda: self.change_speed(+1),
            K.Key_Up: lambda: self.change_speed(+1),
            K.Key_Minus: lambda: self.change_speed(-1), K.Key_Down: lambda: self.change_speed(-1),
            K.Key_Underscore: lambda: self.change_speed(-1),
            K.Key_S: lambda: self.side.toggle(), K.Key_D: self.new_dice, K.Key_N: self.new_woodpile,
            K.Key_V: lambda: self.reveal.toggle(), K.Key_R: lambda: self._each(lambda p: p.replay()),
            K.Key_Home: lambda: self._each(lambda p: p.goto(0)),
            K.Key_End: lambda: self._each(lambda p: p.to_end()),
            K.Key_F: self.toggle_full_screen, K.Key_F11: self.toggle_full_screen,
            K.Key_M: lambda: self.set_demo(not self.demo),
            K.Key_Escape: self._escape, K.Key_O: self.fold.toggle,
        }
        action = actions.get(key)
        if action is None:
            return False
        action()
        return True

    def _escape(self) -> None:
        if self.demo:
            self.set_demo(False)
        elif self.window().isFullScreen():
            self.set_full_screen(False)
