"""The live quiz's board (issue 41): what the class sees on the projector while the instructor runs it.

Open: the code to join, large, and how many have joined. A question: the question as the drills
draw it (its prompt and the tiles, dice or cards), its choices numbered, and a live count of the
answers. Reveal: a bar chart (pyqtgraph) of the answers given, the right one marked, with the
explanation and its section. End: the class's results, per trainee (names hidden if the instructor
chose so) and per question. The board only shows: every figure comes from ``trainer.progress.live``.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QSizePolicy, QVBoxLayout, QWidget

from trainer.progress.live import Result, Tally
from trainer.ui.citation_links import words
from trainer.ui.scaling import set_font
from trainer.ui.theme import Theme, theme_named
from trainer.ui.widgets.labels import make_label
from trainer.ui.widgets.question import QuestionView

pg.setConfigOptions(antialias=False, useOpenGL=False)

#: The right answer's bar and the others' (the drill screens' colours of right and wrong are for a
#: verdict; here the others are not "wrong people", so they are neutral).
RIGHT_BAR, OTHER_BAR = "#2e9d5b", "#8a8f98"
#: The longest answer text under a bar before it is cut (a typed answer can be anything).
LABEL_CHARS = 18


def short(text: str, limit: int = LABEL_CHARS) -> str:
    """``text`` cut to ``limit`` characters for a bar's label.

    >>> short("Same rank"), short("a very long typed answer indeed")
    ('Same rank', 'a very long typed…')
    """
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def chart_bars(counted: Tally, choices: tuple[str, ...], right: str) -> list[tuple[str, int, bool]]:
    """The chart's bars: each choice (none given: 0) then any other answer given, most first; each
    with its count and whether it is the right one.

    >>> chart_bars(Tally(1, 3, 2, {"5-6": 2, "1-5": 1}), ("5-6", "1-5", "Same rank"), "5-6")
    [('5-6', 2, True), ('1-5', 1, False), ('Same rank', 0, False)]
    >>> chart_bars(Tally(1, 3, 1, {"$10.75": 1, "$10.70": 2}), (), "$10.75")
    [('$10.70', 2, False), ('$10.75', 1, True)]
    """
    others = sorted((a for a in counted.counts if a not in choices), key=lambda a: (-counted.counts[a], a))
    if right not in choices and right not in others:
        others.append(right)  # nobody gave it: its bar is there, empty, and marked
    return [(a, counted.counts.get(a, 0), a == right) for a in (*choices, *others)]


def tick_label(index: int, answer: str, numbered: int) -> str:
    """What is written under bar ``index``: a choice's number, else the answer itself, cut short.

    >>> tick_label(1, "Dealer's hand is higher: dealer wins", 4), tick_label(4, "$10.70", 4)
    ('2', '$10.70')
    """
    return str(index + 1) if index < numbered else short(answer, 12)


class AnswerChart(pg.PlotWidget):
    """The answers given, one bar each, the right one in green and named so."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.setMinimumHeight(160)
        self.bars: list[tuple[str, int, bool]] = []
        self.numbered = 0

    def show_bars(self, bars: list[tuple[str, int, bool]], theme: Theme, numbered: int = 0) -> None:
        """One bar per answer; the first ``numbered`` are the question's choices, named by their number
        under the bar (the numbered choices are written under the chart: whole, never cut)."""
        self.bars, self.numbered = bars, numbered
        self.clear()
        self.setBackground(theme.base)
        xs = list(range(len(bars)))
        heights = [n for _, n, _ in bars]
        brushes = [pg.mkBrush(RIGHT_BAR if right else OTHER_BAR) for _, _, right in bars]
        self.addItem(pg.BarGraphItem(x=xs, height=heights, width=0.6, brushes=brushes, pens=[None] * len(bars)))
        for x, (_, n, right) in zip(xs, bars):
            label = pg.TextItem(f"{n}" + ("  ✓ right" if right else ""), color=theme.text, anchor=(0.5, 1.0))
            label.setFont(self.font())
            label.setPos(x, n)
            self.addItem(label)
        axis = self.getAxis("bottom")
        axis.setTicks([[(x, tick_label(x, text, numbered)) for x, (text, _, _) in zip(xs, bars)]])
        axis.setHeight(QFontMetrics(self.font()).height() * 1.5 + 8)  # (its default cuts a large font)
        for side in ("bottom", "left"):
            self.getAxis(side).setTextPen(theme.text)
            self.getAxis(side).setTickFont(self.font())
        top = max(heights + [1])
        step = max(1, -(-top // 5))  # whole answers: 1, 2, 3... (never 0.5 of a trainee)
        self.getAxis("left").setTickSpacing(step, step)
        self.setYRange(0, top * 1.25)
        self.setXRange(-0.6, len(bars) - 0.4)


def listed(question) -> str:
    """The question's choices, numbered on one line; a multi-part question's parts, one a line."""
    if question.parts:
        return "<br>".join(f"{i}. {words(p.prompt)}" + (f" ({' / '.join(p.choices)})" if p.choices else "")
                           for i, p in enumerate(question.parts, 1))
    return "   ".join(f"{i}. {words(c)}" for i, c in enumerate(question.choices, 1))


class LiveBoard(QWidget):
    """The code, the question, the live count, the chart and the results: one state shown at a time."""

    def __init__(self, theme: str = "light", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("live-board")
        self.theme = theme_named(theme)
        self.hide_names = False
        self.heading = make_label("", 1.5, bold=True, name="live-heading", wrap=True)
        self.code = make_label("", 5.0, bold=True, name="live-code")
        self.join_text = make_label("", 1.6, wrap=True)
        self.question = QuestionView()
        self.question.set_theme(self.theme)
        self.choices = make_label("", 1.7, wrap=True, name="live-choices")
        self.count = make_label("", 2.0, bold=True, name="live-count")
        self.chart = AnswerChart()
        set_font(self.chart, 1.3)
        self.why = make_label("", 1.4, wrap=True, name="live-why")
        self.results = make_label("", 1.5, wrap=True, name="live-results")
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.join_text.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.results.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.setSpacing(10)
        for part, stretch in ((self.heading, 0), (self.code, 2), (self.join_text, 1), (self.question, 1),
                              (self.chart, 2), (self.choices, 0), (self.why, 0), (self.count, 0),
                              (self.results, 1)):
            layout.addWidget(part, stretch)
        layout.addStretch(0)  # (a question without faces: the room left goes under it, not between its lines)
        self._only()

    def _only(self, *shown: QWidget) -> None:
        if self.question not in shown:
            self.layout().setStretch(self.layout().count() - 1, 0)
        for part in (self.code, self.join_text, self.question, self.choices, self.count, self.chart, self.why,
                     self.results):
            part.setVisible(part in shown)

    def set_theme(self, name: str) -> None:
        self.theme = theme_named(name)
        self.question.set_theme(self.theme)
        if self.chart.bars:
            self.chart.show_bars(self.chart.bars, self.theme, self.chart.numbered)

    def show_open(self, code: str, class_name: str, joined: int) -> None:
        self.heading.setText(f"Live quiz · class {class_name}")
        self.code.setText(code)
        self.join_text.setText(f"Join on your PC: Live quiz in {class_name} — Join (J), code {code}   ·   "
                               f"{joined} joined")
        self._only(self.code, self.join_text)

    def show_question(self, question, number: int, count: int, code: str) -> None:
        self.heading.setText(f"Question {number} of {count}   ·   code {code}")
        self.question.show_question(question)
        faces = self.question.sizePolicy().verticalPolicy() == QSizePolicy.Policy.Expanding
        self.layout().setStretch(self.layout().count() - 1, 0 if faces else 1)
        self.choices.setText(listed(question))
        self._only(self.question, self.count, *((self.choices,) if self.choices.text() else ()))

    def show_count(self, answered: int, joined: int) -> None:
        self.count.setText(f"{answered} of {joined} answered")

    def show_reveal(self, question, counted: Tally, right: str) -> None:
        """The chart of the answers given, the right one marked; the explanation and its section."""
        self.chart.show_bars(chart_bars(counted, tuple(question.choices), right), self.theme, len(question.choices))
        self.why.setText(f"Answer: {words(right)}.  {words(question.explanation)}")
        self.count.setText(f"{counted.correct} of {counted.answered} right")
        self._only(self.chart, self.why, self.count, *((self.choices,) if question.choices else ()))

    def show_results(self, results: list[Result], tallies: list[Tally]) -> None:
        """Per trainee (most right first; ``hide_names``: numbered) and per question."""
        self.heading.setText("Results")
        people = [f"{i}. {'Trainee ' + str(i) if self.hide_names else r.trainee}: {r.correct} of {r.answered} right"
                  for i, r in enumerate(results, 1)]
        asked = [f"Q{t.number}: {t.correct}/{t.answered}" for t in tallies]
        self.results.setText("<br>".join(people or ["Nobody joined."]) + "<br><br>" + "   ·   ".join(asked))
        self._only(self.results)
