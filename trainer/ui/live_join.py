"""A trainee's live quiz (issue 41): "Live quiz in <class> — Join (J)" and the window that answers it.

On a school's server the main window's status bar offers **Join (J)** while the PC's trainee is in a
class with a quiz open (looked for every few seconds). The window follows the class (the push, read
ten times a second: a question shows within a second of Next), shows each question as the drills do
and takes the answer with the drills' inputs; Reveal shows right or wrong with the section. An
answer after Reveal is refused with a message. While the school's server is away it says "waiting
for the school server" and goes on where the class is when it is back.
"""

from __future__ import annotations

from time import monotonic

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from trainer.drills.model import AnswerParseError
from trainer.progress import live
from trainer.progress.database import ServerUnavailable
from trainer.rules.errors import TrainerError
from trainer.ui.citation_links import words
from trainer.ui.scaling import set_font
from trainer.ui.widgets.answers import AnswerPanel
from trainer.ui.widgets.labels import make_label
from trainer.ui.widgets.question import QuestionView

#: How often the window reads the push (milliseconds).
FOLLOW_MS = 100
#: How often the main window looks for a quiz open in the trainee's classes (milliseconds).
OFFER_MS = 4000
#: How often the school's server is tried again while it is away (seconds): trying blocks the window
#: up to the connection's timeout when nothing answers, so not at every look.
RETRY_S = 2.0
WAITING = "Waiting for the school server…"


class LiveJoinWindow(QWidget):
    """One trainee in one quiz: the question, the drills' answer inputs, the verdict at Reveal."""

    def __init__(self, store, quiz: live.LiveQuiz, trainee: str, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("live-join")
        self.setWindowTitle(f"Live quiz — class {quiz.class_name}")
        self.store, self.trainee = store, trainee
        self.follower = live.Follower(store, quiz, trainee)
        self.number = 0
        self.shown_at = 0.0
        #: the server was away: not tried again before this (``time.monotonic``)
        self._away_until = 0.0
        self.heading = make_label(f"Live quiz · class {quiz.class_name} · {trainee}", 1.4, bold=True, wrap=True)
        self.question = QuestionView()
        self.answers = AnswerPanel(only_shown=True)
        self.answers.answered.connect(self.answer)
        self.verdict = make_label("Joined: the question shows here when the instructor asks it.", 1.5, wrap=True,
                                  name="live-verdict")
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.question, 1)
        layout.addWidget(self.answers)
        layout.addWidget(self.verdict)
        self.answers.hide()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.follow)
        self._timer.start(FOLLOW_MS)
        self.follow()

    def follow(self) -> None:
        """Show what the class has come to since the last look."""
        if self._away_until > monotonic():
            return
        try:
            events = self.follower.events(0)
        except ServerUnavailable:
            self.verdict.setText(WAITING)
            self._away_until = monotonic() + RETRY_S
            self.store.retry_now()
            return
        for event in events:
            getattr(self, f"_{event['event']}")(event)

    def _question(self, event: dict) -> None:
        self.number, self.shown_at = event["number"], monotonic()
        question = self.follower.quiz.question(self.number)
        self.question.show_question(question)
        if "answered" in event:
            self.answers.hide()
            self.verdict.setText(f"Your answer: {event['answered']}. Wait for the reveal.")
            return
        self.answers.show_question(question)
        self.answers.show()
        self.verdict.setText(f"Question {self.number}: answer it.")

    def answer(self, raw) -> None:
        ms = int((monotonic() - self.shown_at) * 1000)
        try:
            live.answer(self.store, self.follower.quiz, self.trainee, self.number, raw, ms)
        except AnswerParseError as exc:
            self.answers.show_error(str(exc), exc.part)
            return
        except live.LateAnswer as exc:
            self.verdict.setText(f"⚠ {str(exc)[:1].upper()}{str(exc)[1:]}.")
        except ServerUnavailable:
            self.verdict.setText(f"{WAITING} Answer again when it is back.")
            return
        except TrainerError as exc:
            self.verdict.setText(f"⚠ Not saved: {exc}")
            return
        else:
            self.verdict.setText("Answer sent. Wait for the reveal.")
        self.answers.hide()

    def _reveal(self, event: dict) -> None:
        self.answers.hide()
        said = {True: "✓ Right.", False: "✗ Wrong.", None: "No answer given."}[event["correct"]]
        self.verdict.setText(f"{said} The answer: {words(event['answer'])}. {words(event['explanation'])}")

    def _end(self, event: dict) -> None:
        self._timer.stop()
        self.answers.hide()
        self.verdict.setText("The live quiz has ended. Your answers are in your progress.")

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self._timer.stop()
        self.follower.close()
        super().closeEvent(event)


class JoinOffer(QPushButton):
    """The status bar's "Live quiz in <class> — Join (J)", shown while the trainee's class has a quiz open."""

    def __init__(self, store, trainee, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("live-offer")
        set_font(self, 1.1, bold=True)
        self.store, self.trainee = store, trainee  # ``trainee()``: the PC's trainee now
        self.quiz: live.LiveQuiz | None = None
        #: told whether a quiz is offered (the window's key J follows it)
        self.offered = lambda on: None
        self.window_open: LiveJoinWindow | None = None
        self.clicked.connect(self.join)
        self.hide()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.look)
        self._timer.start(OFFER_MS)

    def look(self) -> None:
        name = self.trainee()
        try:
            found = live.open_quizzes(self.store, name) if name and self.store.online else []
        except TrainerError:
            found = []
        self.quiz = found[0] if found else None
        if self.quiz is not None:
            self.setText(f"Live quiz in {self.quiz.class_name} — Join (J)")
        self.setVisible(self.quiz is not None)
        self.offered(self.quiz is not None)

    def join(self) -> LiveJoinWindow | None:
        if self.quiz is None:
            return None
        try:
            who = live.join(self.store, self.quiz, self.trainee())
            self.window_open = LiveJoinWindow(self.store, self.quiz, who.name)
        except TrainerError as exc:
            self.setToolTip(str(exc))
            return None
        self.window_open.resize(1280, 720)
        self.window_open.show()
        return self.window_open


def offer(window) -> JoinOffer:
    """The Join offer in ``window``'s status bar, and its key J (only while it is offered)."""
    from PySide6.QtGui import QKeySequence, QShortcut

    from trainer.ui.progress_link import current_trainee, shared_store

    button = JoinOffer(shared_store(window.ctx), lambda: current_trainee(window.ctx))
    window.statusBar().addPermanentWidget(button)
    key = QShortcut(QKeySequence("J"), window, button.join, context=Qt.ShortcutContext.WindowShortcut)
    key.setEnabled(False)
    button.offered = key.setEnabled
    return button
