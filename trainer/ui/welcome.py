"""The first run's welcome: create the trainee, choose the jurisdiction, and where to begin.

Shown once (the main window remembers it was seen); Help → Welcome shows it again. The suggested path
is that of the game of the jurisdiction chosen (``trainer.ui.help.SUGGESTED_PATHS``); choosing a step
closes the dialog and emits ``stepChosen``: a step that drills a skill teaches before it tests (the main
window opens its Learn page, whose Practise leads to the drill), and "Practise now" beside it emits
``practiseChosen`` (the drill at once, for a trainee who has learnt it). Enter anywhere is the first
step, never a drill. A step that drills a skill shows the trainee's mastery of it ("3 of 21 known", a
tick when every item is known; ``trainer.drills.mastery``). The steps' texts wrap, so the dialog fits
a 1024x768 screen at the Projector text size.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox, QDialog, QFormLayout, QFrame, QGroupBox, QScrollArea, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout,
    QWidget,
)

from trainer.drills.games import game_of_profile, games
from trainer.rules.errors import TrainerError
from trainer.ui.help import SUGGESTED_PATHS, Step
from trainer.ui.widgets.wrap_button import WrapButton


class WelcomeDialog(QDialog):
    """Name, jurisdiction, and the suggested path as buttons; Escape or "Later" just closes it."""

    stepChosen = Signal(object)
    #: "Practise now" beside a step that drills a skill: its drill, without the Learn page first.
    practiseChosen = Signal(object)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setWindowTitle("Welcome to the Pai Gow Dealer Trainer")
        title = QLabel("Welcome")
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        title.setFont(font)
        intro = QLabel(f"This trainer teaches dealing {' and '.join(g.title for g in games())} to the letter "
                       "of your jurisdiction's "
                       "regulations. Tell it who is training and where, then pick where to begin. "
                       "Help → Getting started (F1) explains the rest.")
        intro.setWordWrap(True)
        self.name = QLineEdit(ctx.trainee)
        self.name.setPlaceholderText("e.g. Ana")
        self.name.setAccessibleName("Trainee's name")
        self.name.setAccessibleDescription("Progress is saved under this name on this computer")
        self.profile = QComboBox()
        self.profile.setAccessibleName("Jurisdiction")
        self.profile.setAccessibleDescription("Whose regulations the trainer follows")
        for game in games():  # every game's, as in the Profile menu: the one in play may be any
            for key, prof in game.profiles.items.items():
                self.profile.addItem(f"{game.title}: {prof.title}", key)
        self.profile.setCurrentIndex(self.profile.findData(ctx.profile.name))
        self.profile.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # (no name elided)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.hide()
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # (a 1024 px screen at Projector)
        form.addRow("&Trainee's name:", self.name)
        form.addRow("&Jurisdiction:", self.profile)
        path = QGroupBox("Where to begin — a suggested path")
        self.path_lay = QVBoxLayout(path)
        self.step_buttons: list[QPushButton] = []
        #: "Practise now" beside each step that drills a skill
        self.practise_buttons: list[QPushButton] = []
        self._path_game = ""
        self._show_path()
        self.profile.currentIndexChanged.connect(self._show_path)
        later = QPushButton("&Later")
        later.setAutoDefault(False)
        later.setAccessibleName("Close the welcome")
        later.clicked.connect(self._later)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(later)
        lay = QVBoxLayout(self)
        lay.addWidget(title)
        lay.addWidget(intro)
        lay.addLayout(form)
        lay.addWidget(self.error)
        # the steps scroll where a short screen has no room for them all (1024x768 at Projector), the
        # name, the jurisdiction and Later always in sight; Tab scrolls to the step it reaches
        self.path_scroll = QScrollArea()
        self.path_scroll.setWidget(path)
        self.path_scroll.setWidgetResizable(True)
        self.path_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.path_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lay.addWidget(self.path_scroll, 1)
        lay.addLayout(row)
        self.fit_to(self.screen().availableGeometry())

    def fit_to(self, room: QRect) -> None:
        """At least 760 px wide where it can be, the height its wrapped steps need at that width, never
        wider or taller than ``room`` (the screen's free area; less a title bar's height)."""
        width = min(max(760, self.sizeHint().width()), room.width() - 16)
        path, margins = self.path_scroll.widget(), self.layout().contentsMargins()
        inner = width - margins.left() - margins.right() - self.path_scroll.verticalScrollBar().sizeHint().width()
        steps = path.heightForWidth(inner) if path.hasHeightForWidth() else path.sizeHint().height()
        others = self.layout().totalHeightForWidth(width) - self.path_scroll.sizeHint().height()
        self.setMaximumSize(room.width(), room.height())
        self.resize(width, min(others + steps, room.height() - 40))

    def _show_path(self) -> None:
        """The suggested path of the chosen jurisdiction's game, a button a step."""
        game = game_of_profile(self.profile.currentData())
        if game.id == self._path_game:
            return
        self._path_game = game.id
        for button in self.step_buttons + self.practise_buttons:
            button.hide()
            button.deleteLater()
        while self.path_lay.count():  # (the rows the buttons sat in)
            self.path_lay.takeAt(0).layout().deleteLater()
        self.step_buttons, self.practise_buttons = [], []
        known = self._mastery(game.id)
        for number, step in enumerate(SUGGESTED_PATHS[game.id], 1):
            mastery = f"   ({known[step.skill].text})" if step.skill in known else ""
            button = WrapButton(f"{number}. {step.title} — {step.why}{mastery}")
            button.setAccessibleName(f"Begin with step {number}: {step.title}")
            button.setAccessibleDescription(("Learn it, then practise it. " if step.skill else "") + step.why)
            button.setStyleSheet("text-align: left; padding: 6px 10px;")
            button.setAutoDefault(False)
            button.setDefault(number == 1)  # Enter: the first step, which teaches first
            button.clicked.connect(lambda _=False, s=step: self.choose(s))
            row = QHBoxLayout()
            row.addWidget(button, 1)
            self.path_lay.addLayout(row)
            self.step_buttons.append(button)
            if step.skill:  # the drill at once, for a trainee who has learnt it
                practise = QPushButton("Practise now")
                practise.setAccessibleName(f"Practise step {number} now: {step.title}")
                practise.setAutoDefault(False)
                practise.clicked.connect(lambda _=False, s=step: self.choose(s, practise=True))
                row.addWidget(practise)
                self.practise_buttons.append(practise)

    def _mastery(self, game: str) -> dict:
        """The current trainee's mastery of the path's skills (none before a trainee is saved)."""
        from trainer.drills.mastery import trainee_mastery
        from trainer.progress.store import utc_now
        from trainer.ui.progress_link import shared_store

        name = self.ctx.trainee
        store = shared_store(self.ctx) if name else None
        if store is None or name.lower() not in {t.name.lower() for t in store.trainees()}:
            return {}
        skills = [s.skill for s in SUGGESTED_PATHS[game] if s.skill]
        return trainee_mastery(store, name, skills, self.profile.currentData(), utc_now())

    def _apply(self) -> bool:
        """Save the choices: the profile, and the trainee (created if new). False if the name is refused."""
        from trainer.progress.store import normal_name
        from trainer.ui.progress_link import shared_store, switch_to

        self.ctx.set_profile(self.profile.currentData())
        name = self.name.text().strip()
        if not name:
            return True
        store = shared_store(self.ctx)
        try:
            name = normal_name(name)
            if name.lower() not in {t.name.lower() for t in store.trainees()}:
                store.create_trainee(name)
            switch_to(self.ctx, name)
        except TrainerError as exc:
            self.error.setText(str(exc))
            self.error.show()
            self.name.setFocus()
            return False
        return True

    def choose(self, step: Step, practise: bool = False) -> None:
        if self._apply():
            self.accept()
            (self.practiseChosen if practise else self.stepChosen).emit(step)

    def _later(self) -> None:
        if self._apply():
            self.reject()
