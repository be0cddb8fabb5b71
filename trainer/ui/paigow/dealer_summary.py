"""The Dealer's seat's round summary: score, times, each skill, and every mistake with its citation."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QScrollArea, QVBoxLayout, QWidget

from trainer.drills import skill_named
from trainer.drills.clock import elapsed_text
from trainer.drills.dealer_round import RoundSummary
from trainer.ui.citation_links import citation_colour, set_citations, words
from trainer.ui.scaling import refresh_fonts
from trainer.ui.theme import theme_named
from trainer.ui.widgets.labels import make_label


def clock(ms: float) -> str:
    """``1:05`` for 65,000 ms."""
    return elapsed_text(ms / 1000)


def seconds(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.1f} s"

class SummaryPage(QWidget):
    """The end of the round: score, times, each skill, and every mistake with its citation.

    Enter asks for a new round (only here: the Enter that answered the last action must not)."""

    newRoundRequested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.newRoundRequested.emit()
        else:
            super().keyPressEvent(event)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.title = make_label("Round summary", 2.2, bold=True)
        self.headline = make_label("", 1.8, bold=True, name="summary-headline", wrap=True)
        self.skills = QGridLayout()
        self.skills.setHorizontalSpacing(28)
        self.mistakes = QVBoxLayout()
        self.mistakes.setSpacing(10)
        holder = QWidget()
        inner = QVBoxLayout(holder)
        inner.addLayout(self.skills)
        inner.addSpacing(14)
        inner.addLayout(self.mistakes)
        inner.addStretch(1)
        scroll = scrolling(holder)
        self.footer = make_label("Enter: new round  ·  D: demonstrate this round", 1.3)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.headline)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.footer)

    def show_summary(self, summary: RoundSummary) -> None:
        self.headline.setText(f"Score {summary.score:.0%}  ({summary.correct} of {summary.answered})   ·   "
                              f"total {clock(summary.total_ms)}   ·   median {seconds(summary.median_ms)} per action")
        _clear(self.skills)
        _clear(self.mistakes)
        for col, head in enumerate(("Skill", "Actions", "Right")):
            self.skills.addWidget(make_label(head, 1.35, bold=True), 0, col)
        for row, (skill, answered, right) in enumerate(summary.per_skill, start=1):
            for col, text in enumerate((skill_named(skill).title, str(answered), str(right))):
                self.skills.addWidget(make_label(text, 1.35), row, col)
        self.skills.setColumnStretch(3, 1)
        heading = f"Mistakes ({len(summary.mistakes)})" if summary.mistakes else "No mistakes in this round."
        self.mistakes.addWidget(make_label(heading, 1.6, bold=True))
        for a in summary.mistakes:
            self.mistakes.addWidget(_mistake_box(a, self.ctx))
        refresh_fonts(self)


def scrolling(widget: QWidget, scroll: QScrollArea | None = None) -> QScrollArea:
    """``widget`` in a frameless vertical scroll area (``scroll``, else a new one): at a larger text
    size on a small window nothing is cut off, it scrolls."""
    scroll = scroll or QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(widget)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return scroll


def _clear(layout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        if item.widget():
            item.widget().deleteLater()


def _mistake_box(a, ctx) -> QFrame:
    """One mistake: the action asked, what was given, the right action and its citation."""
    box = QFrame()
    box.setObjectName("mistake")
    lay = QVBoxLayout(box)
    f = a.feedback
    lay.addWidget(make_label(words(f"{skill_named(a.task.skill).title}: {a.task.question.prompt}"), 1.25, wrap=True))
    lay.addWidget(make_label(words(f"You: {f.given}   ·   Correct: {f.expected}"), 1.45, bold=True, wrap=True))
    cite = make_label("", 1.3, bold=True, name="citation", wrap=True)
    set_citations(cite, f.citations, ctx, citation_colour(theme_named(ctx.theme)))
    lay.addWidget(cite)
    return box
