"""The presenter window's copy of a drill question (issue 40, item 8): the question as the trainee reads
it (its prompt and the tiles or cards it is about), the choices offered, numbered as on the trainee's
list, then its answer once the trainee has answered, or, with the answers hidden, once the instructor
reveals it. The screen asking says what it asks (``presented_question()``)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from trainer.ui.citation_links import words
from trainer.ui.live_board import listed
from trainer.ui.theme import theme_named
from trainer.ui.widgets.labels import make_label
from trainer.ui.widgets.question import QuestionView, face_art

#: What the projector shows of an answer while the answers are hidden (``PresenterWindow.hide_answers``).
HIDDEN = "? — the instructor reveals the answer"


def offered(question, choices: tuple[str, ...]) -> str:
    """The choices as the class reads them: the trainee's buttons ("1   Seat 3"), one a line; else the
    question's parts or phrases (:func:`trainer.ui.live_board.listed`); "" for an answer typed or set."""
    if choices:
        return "<br>".join(escape(words(c)).replace("  ", "&nbsp; ") for c in choices)  # ("1   4-5" as typed)
    return listed(question)


class QuestionMirror(QWidget):
    """A drill's question, large, its choices and (once answered or revealed) its answer; no control."""

    def __init__(self, theme: str = "light", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presenter-question")
        self.question = QuestionView()
        self.question.set_theme(theme_named(theme))
        self.choices = make_label("", 1.9, wrap=True, name="presented-choices")
        self.answer = make_label("", 1.9, bold=True, wrap=True, name="presented-answer")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(24, 16, 24, 16)
        lay.setSpacing(18)
        lay.addWidget(self.question, 1)
        lay.addWidget(self.choices)
        lay.addWidget(self.answer)
        lay.addStretch(1)
        self.asked = None

    def show_question(self, question, choices: tuple[str, ...], answer: str) -> None:
        """``question`` with ``choices`` (as the trainee's list reads them) and ``answer`` ("": none yet)."""
        if question is not self.asked:
            self.asked = question
            self.question.show_question(question)
            if question.kind.value == "setting":  # (the trainee's setter shows these tiles; the class sees them here)
                art = face_art(question)
                self.question.strip.set_content([("", [art.parse(t) for t in question.data["tiles"]])], (), art)
                self.question.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
            faces = self.question.sizePolicy().verticalPolicy() == QSizePolicy.Policy.Expanding
            self.layout().setStretch(self.layout().count() - 1, 0 if faces else 1)  # (the faces take the room)
        self.choices.setText(offered(question, choices))
        self.choices.setVisible(bool(self.choices.text()))
        self.answer.setText(f"Answer: {escape(words(answer))}" if answer else "")
        self.answer.setVisible(bool(answer))

    def set_theme(self, name: str) -> None:
        self.question.set_theme(theme_named(name))
