"""The verdict after an answer: correct or wrong, the correct answer, the explanation and the citation;
Enter or Space asks for what comes next.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout, QWidget

from trainer.ui.citation_links import citation_colour, set_citations, set_linked, words
from trainer.ui.scaling import set_font
from trainer.ui.theme import theme_named
from trainer.ui.widgets.labels import make_label
from trainer.ui.widgets.wrap_button import WrapButton


def ev_text(difference: float) -> str:
    """Words for the EV difference (house way's setting minus the trainee's, per unit wagered)."""
    if difference > 0:
        return f"Your setting gives up {difference:.4f} of each unit wagered against the house way's."
    return (f"Your setting would earn {-difference:.4f} more per unit wagered, but the dealer must set "
            "by the house way.")


class NextPanel(QFrame):
    """A framed panel shown after an answer; one of ``NEXT_KEYS`` asks for what comes next."""

    nextRequested = Signal()
    NEXT_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("feedback")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if event.key() in self.NEXT_KEYS:
            self.nextRequested.emit()
        else:
            super().keyPressEvent(event)


class FeedbackPanel(NextPanel):
    """The verdict on an answer: correct or wrong, the correct answer, the explanation, the citation.

    Enter or Space (or the button) asks for the next question through ``nextRequested``.
    """

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.verdict = make_label("", 2.4, bold=True, name="verdict")
        self.expected = make_label("", 1.9, bold=True, wrap=True)
        self.given = make_label("", 1.4, wrap=True)
        self.explanation = make_label("", 1.45, wrap=True)
        self.citation = make_label("", 1.6, bold=True, name="citation", wrap=True)
        self.next_button = WrapButton("Next question  (Enter / Space)")  # (at Projector, on a narrow panel: two lines)
        set_font(self.next_button, 1.4, bold=True)
        self.next_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.next_button.clicked.connect(self.nextRequested.emit)
        layout = QVBoxLayout(self)
        for label in (self.verdict, self.expected, self.given, self.explanation, self.citation):
            layout.addWidget(label)
        layout.addStretch(1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.next_button)
        layout.addLayout(row)

    def show_feedback(self, feedback, next_text: str = "Next question") -> None:
        self.setProperty("correct", bool(feedback.correct))
        self.verdict.setText("✔ Correct" if feedback.correct else "✘ Wrong")
        self.verdict.setStyleSheet(f"color: {'#2e9d5b' if feedback.correct else '#d93a3a'};")
        self.expected.setText(words(f"Correct answer: {feedback.expected}"))
        given = f"You answered: {feedback.given}"
        if feedback.mistake or feedback.note:  # a right answer's form named (a payout cut and paid)
            given += f" — {feedback.mistake or feedback.note}"
        if feedback.ev_difference:
            given += "\n" + ev_text(feedback.ev_difference)
        set_linked(self.given, given, self.ctx)
        self.given.setVisible(not feedback.correct or bool(feedback.note))
        colour = citation_colour(theme_named(self.ctx.theme))
        set_linked(self.explanation, feedback.explanation, self.ctx)
        set_citations(self.citation, feedback.citations, self.ctx, colour)
        self.next_button.setText(f"{next_text}  (Enter / Space)")
        self.show()
        self.setFocus()
