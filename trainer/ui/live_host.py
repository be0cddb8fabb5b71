"""The instructor's live quiz (issue 41): Class screen → Live quiz… (signed in with the class's password).

A form chooses the skills, the number of questions and the seed (on the casino's rules the app has in
force, File → casino rules, if any: the casino file of the CLI's ``--casino-rules``); the quiz opens and its window runs it
by key: **N** Next, **R** Reveal, **E** End, **H** hide the names in the results. The board
(:class:`trainer.ui.live_board.LiveBoard`) is shown in the window and, while the presenter window is
open (View → Present on…), on the projector in place of the screen it mirrors. The live count of
answers is read twice a second. While the school's server is unreachable the window says so; the
quiz keeps its place on the server, and the same key again does the step once the server is back.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QListWidget, QListWidgetItem,
                               QPushButton, QSpinBox, QVBoxLayout, QWidget)

from trainer.progress import live
from trainer.progress.database import ServerUnavailable
from trainer.rules.errors import TrainerError
from trainer.ui.live_board import LiveBoard
from trainer.ui.report import skill_title
from trainer.ui.scaling import set_font
from trainer.ui.widgets.labels import make_label

#: How often the instructor's window reads the count of answers (milliseconds).
COUNT_MS = 500
#: ... and while the school's server is away, how often it is tried again.
AWAY_MS = 3000


class QuizForm(QDialog):
    """Skills (ticked), number of questions, seed: the quiz's questions, as an exam's."""

    def __init__(self, skills: list[tuple[str, str]], seed: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Live quiz")
        self.skills = QListWidget()
        self.skills.setAccessibleName("Skills asked")
        for skill_id, title in skills:
            item = QListWidgetItem(title)
            item.setData(Qt.ItemDataRole.UserRole, skill_id)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.skills.addItem(item)
        self.count = QSpinBox()
        self.count.setRange(1, 200)
        self.count.setValue(10)
        self.count.setAccessibleName("Number of questions")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2 ** 31 - 1)
        self.seed.setValue(seed)
        self.seed.setAccessibleName("Seed: the same seed asks the same questions")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Open the quiz")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("&Skills:", self.skills)
        form.addRow("&Questions:", self.count)
        form.addRow("S&eed:", self.seed)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def chosen(self) -> tuple[str, ...]:
        return tuple(self.skills.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.skills.count())
                     if self.skills.item(i).checkState() == Qt.CheckState.Checked)


class LiveHostWindow(QWidget):
    """One quiz, run by key; its board here and on the presenter window."""

    #: The quiz ended (or the window closed): the presenter shows its screen again.
    finished = Signal()

    def __init__(self, store, quiz: live.LiveQuiz, theme: str = "light", presenter=None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(f"Live quiz {quiz.code} — class {quiz.class_name}")
        self.setObjectName("live-host")
        self.store, self.quiz = store, quiz
        self.theme = theme
        self.board = LiveBoard(theme)
        #: the projector's copy of the board, while the presenter window is open
        self.projected: LiveBoard | None = None
        self.presenter = None
        #: what the board shows now (its state, then the live count), for a board made later
        self._shown: list[tuple[str, tuple]] = []
        self.status = make_label("", 1.2, wrap=True, name="live-status")
        self.buttons = {}
        row = QHBoxLayout()
        for key, text, slot in (("N", "Next (N)", self.next), ("R", "Reveal (R)", self.reveal),
                                ("E", "End (E)", self.end), ("H", "Hide names (H)", self.toggle_names)):
            button = QPushButton(text)
            set_font(button, 1.2)
            button.clicked.connect(slot)
            row.addWidget(button)
            self.buttons[key] = button
        self.buttons["H"].setCheckable(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.status)
        layout.addLayout(row)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.poll)
        self._timer.start(COUNT_MS)
        self._boards("show_open", quiz.code, quiz.class_name, 0)
        self._keys()
        if presenter is not None:
            self.project_on(presenter)

    def project_on(self, presenter) -> None:
        """Show the board on ``presenter`` too, as it is now: a presenter opened after the quiz
        started shows the quiz, not the screen behind it (issue 40, item 8)."""
        if self.presenter is presenter:
            return
        self.presenter, self.projected = presenter, LiveBoard(self.theme)
        self.projected.hide_names = self.board.hide_names
        for method, args in self._shown:
            getattr(self.projected, method)(*args)
        presenter.show_live(self.projected)
        presenter.closed.connect(self._presenter_closed)

    def _boards(self, method: str, *args) -> None:
        # (the latest live count goes with the state it counts; a new state starts again)
        kept = [shown for shown in self._shown if shown[0] != "show_count"] if method == "show_count" else []
        self._shown = [*kept, (method, args)]
        for board in (self.board, self.projected):
            if board is not None:
                getattr(board, method)(*args)

    def _keys(self) -> None:
        """Only the steps the quiz allows now are offered (the others would be refused)."""
        state = self.quiz.state
        self.buttons["N"].setEnabled(state in ("open", "revealed") and self.quiz.number < self.quiz.count)
        self.buttons["R"].setEnabled(state == "question")
        self.buttons["E"].setEnabled(state != "ended")
        self.status.setText(f"Code {self.quiz.code}   ·   question {self.quiz.number} of {self.quiz.count}   ·   "
                            "N next · R reveal · E end · H hide names")

    def _step(self, step) -> bool:
        """Do ``step`` (a move of the quiz); the server away or a refused move: said, nothing lost."""
        try:
            self.quiz = step(self.store, self.quiz)
        except ServerUnavailable:
            self.status.setText("The school server is unreachable: the quiz keeps its place on it. Press the "
                                "key again when it is back.")
            self.store.retry_now()
            return False
        except TrainerError as exc:
            self.status.setText(f"⚠ {exc}")
            return False
        self._keys()
        return True

    def next(self) -> None:
        if self._step(live.ask_next):
            self._boards("show_question", self.quiz.question(), self.quiz.number, self.quiz.count, self.quiz.code)
            self.poll()

    def reveal(self) -> None:
        if self._step(live.reveal):
            question = self.quiz.question()
            from trainer.drills.answers import expected_text

            self._boards("show_reveal", question, live.tally(self.store, self.quiz), expected_text(question))

    def end(self) -> None:
        if self._step(live.end):
            self._timer.stop()
            self._show_results()
            self.finished.emit()

    def toggle_names(self) -> None:
        for board in (self.board, self.projected):
            if board is not None:
                board.hide_names = not board.hide_names
        self.buttons["H"].setChecked(self.board.hide_names)
        if self.quiz.state == "ended":
            self._show_results()

    def _show_results(self) -> None:
        self._boards("show_results", live.results(self.store, self.quiz), live.tallies(self.store, self.quiz))

    def poll(self) -> None:
        """The joined count (open) or the answers' count (a question asked), read from the server."""
        try:
            joined = live.joined(self.store, self.quiz)
            if self.quiz.state == "open":
                self._boards("show_open", self.quiz.code, self.quiz.class_name, joined)
            elif self.quiz.state == "question":
                self._boards("show_count", live.tally(self.store, self.quiz).answered, joined)
        except ServerUnavailable:
            self.status.setText("The school server is unreachable: the quiz keeps its place on it.")
            self._timer.setInterval(AWAY_MS)  # (trying again blocks the window up to the connection's timeout)
            self.store.retry_now()
            return
        self._timer.setInterval(COUNT_MS)

    def _presenter_closed(self) -> None:
        """The presenter window closed during the quiz: the board stays in this window alone."""
        self.presenter = self.projected = None

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        """N, R, E, H: the buttons' keys, from anywhere in the window (a key no button takes comes here)."""
        button = self.buttons.get(event.text().upper())
        if button is not None and button.isEnabled() and not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier:
            button.click()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self._timer.stop()
        if self.presenter is not None:
            self.presenter.show_live(None)
        self.finished.emit()
        super().closeEvent(event)


def skill_choices(profile) -> list[tuple[str, str]]:
    """The skills a live quiz can ask under ``profile``: its game's, but not those shown as animations
    (the board draws a question's faces, not a deal)."""
    from trainer.drills.registry import skills_for

    return [(s.id, skill_title(s.id)) for s in skills_for(profile) if not s.needs_screen]


def open_live_quiz(parent: QWidget, store, group, profile, seed: int, presenter=None,
                   theme: str = "light") -> LiveHostWindow | None:
    """Ask for the quiz (skills, count, seed), open it and its window; a problem is raised as a
    one-line ``TrainerError`` (no school database, no skill ticked, the server away)."""
    live.need_school(store)
    form = QuizForm(skill_choices(profile), seed, parent)
    if not form.exec():
        return None
    if not form.chosen():
        raise TrainerError("tick at least one skill for the live quiz")
    # the casino's rules in force in the app (File → casino rules), if any: every PC asks on them too
    quiz = live.open_quiz(store, group, form.chosen(), form.count.value(), form.seed.value(), profile=profile.name,
                          casino=getattr(profile, "casino_sha256", "") or None)
    window = LiveHostWindow(store, quiz, theme, presenter=presenter, parent=parent)
    window.resize(1280, 720)
    window.show()
    return window
