"""The Exam screen: the instructor sets an exam up, the trainee takes it against the clock, the result
is saved and can be printed as a PDF report.

The exam is :mod:`trainer.drills.exam`'s: the same seed, profile, skills and length always give the
same questions. Answers are checked for readability as they are entered (an unreadable one is shown
inline, never marked wrong) but the verdicts stay hidden until the end. When the time runs out the
exam is graded as it stands. The graded result goes to the progress store at once.

Keys: Ctrl+Enter starts or finishes the exam; Page Up / Page Down move between questions (answers
can be given in any order); the answer keys are the Drills screen's (R replays an animated
question); Ctrl+S saves the PDF report, Ctrl+N sets up a new exam.
"""

from __future__ import annotations

import html
import random
import time
from typing import Any, Callable

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QFileDialog, QFormLayout, QFrame, QHBoxLayout, QHeaderView, QLabel, QListWidget,
    QListWidgetItem, QMessageBox, QPushButton, QScrollArea, QSizePolicy, QSpinBox, QStackedWidget, QTableWidget,
    QTableWidgetItem, QTextBrowser, QVBoxLayout, QWidget,
)

from trainer.drills import AnswerParseError, POSITIONS, by_game, skill_named, skills_for
from trainer.drills.exam import MAX_QUESTIONS, ExamResult, ExamSession, ExamSpec, build_exam
from trainer.drills.clock import elapsed_text
from trainer.drills.session import clock_text
from trainer.rules.errors import TrainerError
from trainer.drills.games import game_of_profile, games
from trainer.ui.paigow.drill_animation import AnimationSlot
from trainer.ui.citation_links import citation_colour, citations_html, link_browser, text_html
from trainer.ui.scaling import set_font
from trainer.ui.widgets.answers import AnswerPanel
from trainer.ui.widgets.labels import error_label, heading_item, make_label
from trainer.ui.widgets.question import QuestionView
from trainer.ui.widgets.screen import Screen, add_page
from trainer.ui.progress_link import adopt_saved_trainee, ask_new_trainee, current_trainee, shared_store
from trainer.ui.report import exam_report, write_pdf
from trainer.ui.theme import Theme


class SkillList(QListWidget):
    """The skills in as many columns as the width holds, tall enough to show every one of them (no
    scrolling, no clipping)."""

    def __init__(self) -> None:
        super().__init__()
        # in rows across, as many columns as fit: a short window scrolls down, never sideways
        self.setFlow(QListWidget.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setSpacing(3)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._hint = 0

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        grid = self.gridSize()
        if grid.width() <= 0:
            return 4 * max(1, self.sizeHintForRow(0))
        columns = max(1, (width - 2 * self.frameWidth() - 4) // grid.width())
        return -(-self.count() // columns) * grid.height() + 2 * self.frameWidth() + 4

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """Every skill at the width the list has now (the columns follow the width)."""
        self._hint = self.heightForWidth(max(self.width(), 560))
        return QSize(super().sizeHint().width(), self._hint)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """A few rows: a short window scrolls the list rather than grow past the screen."""
        return QSize(super().minimumSizeHint().width(), 4 * max(1, self.sizeHintForRow(0)))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.heightForWidth(self.width()) != self._hint:
            self.updateGeometry()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.fit_grid()

    def fit_grid(self) -> None:
        """Even columns as wide as the widest skill at the current font."""
        # room for the style sheet's tick box, larger than the one the items' size hints count
        self.setStyleSheet(f"QListWidget::item {{ padding-right: {round(self.fontMetrics().height() * 1.2)}px; }}")
        self.setGridSize(QSize(0, 0))
        self.doItemsLayout()
        widest = max((self.sizeHintForIndex(self.model().index(i, 0)).width() for i in range(self.count())),
                     default=100)
        self.setGridSize(QSize(widest + 24, self.sizeHintForRow(0) + 2 * self.spacing()))
        self.updateGeometry()


class _LeastHeight(QVBoxLayout):
    """A column its scroll area scrolls only below its least height (not below the height its
    skills list would take whole): the list scrolls first, then the form."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return False


class ExamSetup(QWidget):
    """The instructor's form: profile, skills, length, time limit, seed and pass mark."""

    def __init__(self, profile: str, seed: int | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profile = QComboBox()
        for game in games():  # each game's profiles under its title (a heading, not a choice)
            self.profile.addItem(game.title)
            self.profile.model().item(self.profile.count() - 1).setEnabled(False)
            for name, p in game.profiles.items.items():
                self.profile.addItem(f"    {name} — {p.title}", name)
        self.profile.setCurrentIndex(self.profile.findData(profile))
        self.skills = SkillList()
        self.skills.setAccessibleName("Skills in the exam")
        self.skills_game = QLabel()  # the game's title over its skills, across every column
        self.all_button = QPushButton("All")
        self.none_button = QPushButton("None")
        self.length = QSpinBox()
        self.length.setRange(1, MAX_QUESTIONS)
        self.length.setValue(20)
        self.length.setSuffix(" questions")
        self.minutes = QSpinBox()
        self.minutes.setRange(0, 600)
        self.minutes.setValue(15)
        self.minutes.setSpecialValueText("no time limit")
        self.minutes.setSuffix(" min")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(seed if seed is not None else random.randrange(1, 1_000_000))
        self.new_seed = QPushButton("New seed")
        self.pass_mark = QSpinBox()
        self.pass_mark.setRange(1, 100)
        self.pass_mark.setValue(80)
        self.pass_mark.setSuffix(" %")
        self.trainee = QLabel()
        self.error = error_label()
        self.start_button = QPushButton("Start the exam  (Ctrl+Enter)")

        skill_buttons = QHBoxLayout()
        skill_buttons.addWidget(self.all_button)
        skill_buttons.addWidget(self.none_button)
        skill_buttons.addStretch(1)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed)
        seed_row.addWidget(self.new_seed)
        seed_row.addStretch(1)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)  # the skills list
        # a narrow window (1024 px at Projector text) puts a row's label above its field, never scrolls sideways
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.skills.setMinimumWidth(420)
        # a long profile's name shrinks with a narrow window (its list shows it whole), never widens it
        self.profile.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.profile.setMinimumContentsLength(24)
        for spin in (self.length, self.minutes, self.seed, self.pass_mark):
            spin.setMinimumWidth(220)
        seed_label = QLabel("S&eed:")
        seed_label.setBuddy(self.seed)
        form.addRow("&Profile:", self.profile)
        skills_label = QLabel("&Skills:")
        skills_label.setBuddy(self.skills)
        form.addRow(skills_label, self.skills_game)
        form.addRow("", self.skills)
        form.addRow("", skill_buttons)
        form.addRow("&Length:", self.length)
        form.addRow("&Time limit:", self.minutes)
        form.addRow(seed_label, seed_row)
        form.addRow("P&ass mark:", self.pass_mark)
        form.addRow("Trainee:", self.trainee)
        title = make_label("Set up an exam", 2.2, bold=True)
        note = QLabel("The same seed, profile, skills and length always give the same questions.")
        note.setWordWrap(True)
        form_page = QWidget()
        layout = _LeastHeight(form_page)
        layout.addWidget(title)
        layout.addWidget(note)
        layout.addLayout(form, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.start_button)
        # a short window (Projector text) scrolls the form rather than grow past the screen; Start stays in view
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(form_page)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll, 1)
        outer.addWidget(self.error)
        outer.addLayout(row)
        for w in (self.profile, self.skills, self.length, self.minutes, self.seed, self.pass_mark, self.trainee,
                  note, self.all_button, self.none_button, self.new_seed):
            set_font(w, 1.3)
        set_font(self.skills_game, 1.3, bold=True)
        for i in range(form.rowCount()):
            label = form.itemAt(i, QFormLayout.ItemRole.LabelRole)
            if label and label.widget():
                set_font(label.widget(), 1.3, bold=True)
        set_font(self.start_button, 1.5, bold=True)

        self.profile.currentIndexChanged.connect(lambda _: self.fill_skills())
        self.all_button.clicked.connect(lambda: self._check_all(True))
        self.none_button.clicked.connect(lambda: self._check_all(False))
        self.new_seed.clicked.connect(lambda: self.seed.setValue(random.randrange(1, 1_000_000)))
        self.fill_skills()

    def fill_skills(self) -> None:
        """The skills the chosen profile offers, under its game's title; all but the advanced ones checked."""
        self.skills.clear()
        self.skills_game.setText(game_of_profile(self.profile.currentData()).title)
        for s in skills_for(self.profile.currentData()):
            item = QListWidgetItem(f"{s.group}: {s.title}" + ("  (advanced)" if s.advanced else ""))
            item.setData(Qt.ItemDataRole.UserRole, s.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked if s.advanced else Qt.CheckState.Checked)
            self.skills.addItem(item)
        self.skills.fit_grid()

    def _check_all(self, on: bool) -> None:
        state = Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        for item in self.skill_items():
            item.setCheckState(state)

    def skill_items(self) -> list[QListWidgetItem]:
        return [self.skills.item(i) for i in range(self.skills.count())]

    def chosen_skills(self) -> tuple[str, ...]:
        return tuple(item.data(Qt.ItemDataRole.UserRole) for item in self.skill_items()
                     if item.checkState() == Qt.CheckState.Checked)

    def set_skills(self, skills: tuple[str, ...]) -> None:
        for item in self.skill_items():
            on = item.data(Qt.ItemDataRole.UserRole) in skills
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def spec(self, casino: Any = None) -> ExamSpec:
        """The exam as set up, on ``casino``'s rules (the casino's rules in force) when it amends the chosen
        profile; ``TrainerError`` for a set-up the exam engine refuses."""
        name = self.profile.currentData()
        on_casino = casino is not None and casino.profile.name == name
        return ExamSpec(seed=self.seed.value(), skills=self.chosen_skills(), count=self.length.value(),
                        profile=name, time_limit_s=self.minutes.value() * 60 or None,
                        pass_percent=self.pass_mark.value(), casino=casino.digest if on_casino else None)


class ResultView(QWidget):
    """The graded exam: score, pass or not, score per skill, every wrong answer with its citation."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = make_label("", 2.4, bold=True, name="exam-headline")
        self.details = make_label("", 1.4, wrap=True)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(("Skill", "Correct", "Questions", "Score"))
        self.table.setAccessibleName("Score per skill")
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        set_font(self.table, 1.3)
        self.wrong = QTextBrowser()
        self.wrong.setAccessibleName("Wrong answers")
        set_font(self.wrong, 1.3)
        self.message = make_label("", 1.2, wrap=True)
        self.save_button = QPushButton("Save PDF report…  (Ctrl+S)")
        self.new_button = QPushButton("New exam  (Ctrl+N)")
        #: shown while the graded exam is not in the trainee's record (the store failed): try again
        self.retry_button = QPushButton("Save the result again  (Ctrl+Shift+S)")
        self.retry_button.hide()
        for b in (self.save_button, self.new_button, self.retry_button):
            set_font(b, 1.4, bold=b is self.save_button)
        left = QVBoxLayout()
        left.addWidget(self.headline)
        left.addWidget(self.details)
        left.addWidget(self.table, 1)
        wrong_title = make_label("Wrong answers", 1.6, bold=True)
        right = QVBoxLayout()
        right.addWidget(wrong_title)
        right.addWidget(self.wrong, 1)
        columns = QHBoxLayout()
        columns.addLayout(left, 2)
        columns.addLayout(right, 3)
        buttons = QHBoxLayout()
        buttons.addWidget(self.message, 1)
        buttons.addWidget(self.retry_button)
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addLayout(buttons)

    def show_result(self, result: ExamResult, colours: Theme) -> None:
        verdict = "PASSED" if result.passed else "NOT PASSED"
        self.headline.setText(f"{result.score} of {result.total}  ({result.percent:.0f}%)  —  {verdict}")
        colour = "#2e9d5b" if result.passed else "#d93a3a"
        self.headline.setStyleSheet(f"color: {colour};")
        used = elapsed_text(result.elapsed_s or 0)  # (as the printed report: whole seconds elapsed)
        limit = result.spec.time_limit_s
        self.details.setText(
            f"Pass mark {result.spec.pass_percent}% · time used {used}" + (f" of {clock_text(limit)}" if limit else "")
            + (" · the time ran out" if result.timed_out else "") + f" · seed {result.spec.seed}")
        groups = by_game(result.by_skill)
        self.table.clearSpans()
        self.table.setRowCount(len(result.by_skill) + len(groups))
        r = 0
        for game, skills in groups:  # each game's skills under its title
            self.table.setItem(r, 0, heading_item(game))
            self.table.setSpan(r, 0, 1, self.table.columnCount())
            for r, skill in enumerate(skills, r + 1):
                correct, total = result.by_skill[skill]
                for c, text in enumerate((skill_named(skill).title, str(correct), str(total),
                                          f"{100 * correct / total:.0f}%")):
                    item = QTableWidgetItem(text)
                    if c:
                        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    self.table.setItem(r, c, item)
            r += 1
        self.wrong.setHtml(wrong_answers_html(result, colours))
        self.message.clear()


def wrong_answers_html(result: ExamResult, theme: Theme) -> str:
    """The wrong answers as HTML: the question, the answer given, the right one and its citation."""
    if not result.wrong:
        return "<p>None: every answer was right.</p>"
    dark = theme.name == "dark"
    red, green = ("#ff8080", "#7ddc97") if dark else ("#b00020", "#1b6e2f")
    cite = citation_colour(theme)
    profile = result.spec.profile
    parts = []
    for g in result.wrong:
        given = html.escape(g.given or "(no answer)") + (f" — {html.escape(g.mistake)}" if g.mistake and
                                                         g.mistake != "unanswered" else "")
        parts.append(
            f"<p><b>Question {g.index + 1} · {html.escape(skill_named(g.question.skill).title)}</b><br>"
            f"{html.escape(g.question.prompt)}<br>"
            f"<span style='color:{red}'>Answered: {given}</span><br>"
            f"<span style='color:{green}'><b>Correct answer: {html.escape(g.expected)}</b></span><br>"
            f"<span style='color:{cite}'><b>{citations_html(g.citations, profile, cite)}</b></span><br>"
            f"<i>{text_html(g.explanation, profile)}</i></p>")
    return "".join(parts)


class ExamScreen(Screen):
    """Set-up, the running exam, and the result (see the module docstring)."""

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setObjectName("exam-screen")
        adopt_saved_trainee(ctx)
        #: Seconds since some fixed point; tests replace it before starting an exam.
        self.clock: Callable[[], float] = time.monotonic
        self.session: ExamSession | None = None
        self.result: ExamResult | None = None
        self._unsaved: ExamResult | None = None  # graded, not yet in the store (it failed): to retry
        self.trainee = ""
        self.index = 0
        self._build()
        self._wire()
        self.restyle()
        self.show_setup()

    # -- building ------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.setup = ExamSetup(self.ctx.profile.name, self.ctx.seed)
        #: the running exam's and the result's pages, built when first shown (``run_page``, ``result_page``):
        #: the screen's first open waits only for the set-up (issue 15)
        self.run: QWidget | None = None
        self.result_view: ResultView | None = None
        self.pages = QStackedWidget()
        self.pages.addWidget(self.setup)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        self._timer = QTimer(self)
        self._timer.setInterval(250)

    def run_page(self) -> QWidget:
        """The running exam's page: position and clock, the question, the answers, the overview."""
        if self.run is not None:
            return self.run
        self.position = make_label("", 1.5, bold=True)
        self.answered_label = make_label("", 1.4)
        self.countdown = make_label("", 2.4, bold=True, name="countdown")
        top = QHBoxLayout()
        top.addWidget(self.position)
        top.addSpacing(24)
        top.addWidget(self.answered_label, 1)
        top.addWidget(self.countdown)
        self.question = QuestionView()
        self.answers = AnswerPanel()
        self.given = make_label("", 1.4, bold=True, name="exam-given")
        self.overview = QListWidget()
        self.overview.setAccessibleName("Questions")
        self.overview.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.overview.setMaximumWidth(330)
        self.overview.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.overview.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        set_font(self.overview, 1.2)
        self.prev_button = QPushButton("◀ Previous  (PgUp)")
        self.next_button = QPushButton("Next ▶  (PgDn)")
        self.finish_button = QPushButton("Finish the exam  (Ctrl+Enter)")
        for b in (self.prev_button, self.next_button, self.finish_button):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            set_font(b, 1.3, bold=b is self.finish_button)
        nav = QHBoxLayout()
        nav.addWidget(self.prev_button)
        nav.addWidget(self.next_button)
        nav.addStretch(1)
        nav.addWidget(self.finish_button)
        centre = QVBoxLayout()
        centre.addWidget(self.question, 2)
        centre.addWidget(self.given)
        centre.addWidget(self.answers, 3)
        centre.addLayout(nav)
        self.animation = AnimationSlot(self, centre, 1, self.answers)  # built on the first animated question only
        body = QHBoxLayout()
        body.addLayout(centre, 1)
        body.addWidget(self.overview)
        self.run = QWidget()
        run_layout = QVBoxLayout(self.run)
        run_layout.setContentsMargins(0, 0, 0, 0)
        run_layout.addLayout(top)
        run_layout.addLayout(body, 1)
        self.answers.answered.connect(self.enter_answer)
        self.prev_button.clicked.connect(lambda: self.go(self.index - 1))
        self.next_button.clicked.connect(lambda: self.go(self.index + 1))
        self.finish_button.clicked.connect(lambda: self.finish())
        self.overview.itemClicked.connect(lambda item: self.go(self.overview.row(item)))
        self._theme_run(self.theme)
        return add_page(self.pages, self.run)

    def result_page(self) -> ResultView:
        """The result's page: the headline, the table per skill, the wrong answers, saving."""
        if self.result_view is None:
            self.result_view = ResultView()
            link_browser(self.result_view.wrong, self.ctx)
            self.result_view.save_button.clicked.connect(self.save_report)
            self.result_view.new_button.clicked.connect(self.show_setup)
            self.result_view.retry_button.clicked.connect(self.save_result)
            add_page(self.pages, self.result_view)
        return self.result_view

    def _wire(self) -> None:
        self.setup.start_button.clicked.connect(self.start)
        self._timer.timeout.connect(self.tick)
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for key in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(key), self, self._ctrl_enter, context=context)
        QShortcut(QKeySequence("PgUp"), self, lambda: self.go(self.index - 1), context=context)
        QShortcut(QKeySequence("PgDown"), self, lambda: self.go(self.index + 1), context=context)
        QShortcut(QKeySequence("Ctrl+S"), self, self.save_report, context=context)
        QShortcut(QKeySequence("Ctrl+Shift+S"), self, self.save_result, context=context)  # Ctrl+R: the rule book
        QShortcut(QKeySequence("Ctrl+N"), self, self._new_exam, context=context)
        self.ctx.traineeChanged.connect(lambda _: self._trainee_changed())
        self.ctx.profileChanged.connect(lambda p: self._profile_changed(p.name))

    def theme_changed(self, theme: Theme) -> None:
        if self.run is not None:
            self._theme_run(theme)
        if self.result is not None:
            self.result_view.wrong.setHtml(wrong_answers_html(self.result, theme))

    def _theme_run(self, theme: Theme) -> None:
        self.answers.set_theme(theme)
        self.question.set_theme(theme)
        self.animation.set_theme(theme)

    def _profile_changed(self, name: str) -> None:
        if self.session is None:
            self.setup.profile.setCurrentIndex(self.setup.profile.findData(name))

    def _trainee_changed(self) -> None:
        if self.session is None and self.pages.currentWidget() is self.setup:
            self.show_setup()

    # -- set-up ---------------------------------------------------------------------------------------
    def show_setup(self) -> None:
        self._timer.stop()
        name = current_trainee(self.ctx)
        self.setup.trainee.setText(name or "none yet: you will be asked for a name")
        self.setup.error.clear()
        self.pages.setCurrentWidget(self.setup)
        self.setup.start_button.setFocus()

    def _new_exam(self) -> None:
        if self.pages.currentWidget() is self.result_view:
            self.show_setup()

    def _ctrl_enter(self) -> None:
        page = self.pages.currentWidget()
        if page is self.setup:
            self.start()
        elif page is self.run:
            self.finish()

    def start(self) -> None:
        try:
            spec = self.setup.spec(self.ctx.casino)
        except TrainerError as exc:
            self.setup.error.setText(str(exc))
            return
        name = current_trainee(self.ctx) or ask_new_trainee(self.ctx, self)
        if not name:
            self.setup.error.setText("An exam needs a trainee: create or choose one first.")
            return
        self.trainee = name
        self.result = None
        self.session = ExamSession(build_exam(spec), clock=self.clock)
        self.run_page()
        self.overview.clear()
        for i, q in enumerate(self.session.exam.questions):
            self.overview.addItem(f"{i + 1}. {skill_named(q.skill).title}")
        self.pages.setCurrentWidget(self.run)
        self.go(0)
        self.tick()
        self._timer.start()

    # -- the running exam ------------------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show question ``index`` (clamped to the exam)."""
        if self.session is None:
            return
        questions = self.session.exam.questions
        self.index = max(0, min(index, len(questions) - 1))
        q = questions[self.index]
        self.position.setText(f"Question {self.index + 1} of {len(questions)}")
        self.question.show_question(q)
        self.answers.show_question(q, POSITIONS)
        self.animation.show_question(q, self.question)  # after the answers: it fits their height
        given = self.session.answers[self.index]
        self.given.setText("" if given is None else f"Your answer: {display_answer(given)}  (answer again to change it)")
        self.given.setVisible(given is not None)
        self.overview.setCurrentRow(self.index)
        self.prev_button.setEnabled(self.index > 0)
        self.next_button.setEnabled(self.index < len(questions) - 1)
        self._update_counts()

    def enter_answer(self, raw: Any) -> None:
        if self.session is None:
            return
        try:
            self.session.answer(self.index, raw)
        except AnswerParseError as exc:
            self.answers.show_error(str(exc), exc.part)
            return
        except TrainerError:
            self.finish(forced=True)  # the time limit has passed
            return
        item = self.overview.item(self.index)
        if not item.text().startswith("✔"):
            item.setText(f"✔ {item.text()}")
        following = [i for i in range(self.index + 1, len(self.session.answers)) if self.session.answers[i] is None]
        earlier = [i for i in range(self.index) if self.session.answers[i] is None]
        self.go((following or earlier or [self.index])[0])

    def _update_counts(self) -> None:
        if self.session is None:
            return
        done = sum(a is not None for a in self.session.answers)
        total = len(self.session.answers)
        note = "  —  all answered: Ctrl+Enter to finish" if done == total else ""
        self.answered_label.setText(f"Answered {done} of {total}{note}")

    def tick(self) -> None:
        if self.session is None:
            return
        remaining = self.session.remaining_s
        if remaining is None:
            self.countdown.setText(f"Time used {elapsed_text(self.session.elapsed_s)}")
            return
        self.countdown.setText(f"Time left {clock_text(remaining)}")
        self.countdown.setStyleSheet("color: #d93a3a;" if remaining < 60 else "")
        if self.session.expired:
            self.finish(forced=True)

    def finish(self, forced: bool = False) -> None:
        """Grade the exam (asking first if questions are unanswered), save it, show the result."""
        if self.session is None:
            return
        missing = sum(a is None for a in self.session.answers)
        if missing and not forced:
            answer = QMessageBox.question(
                self, "Finish the exam", f"{missing} question(s) are not answered and will count as wrong. "
                "Finish now?", QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No)
            if answer != QMessageBox.StandardButton.Yes:
                return
        self._timer.stop()
        result = self.session.finish()
        self.session = None
        self.result = result
        self.result_page().show_result(result, self.theme)
        self.result_view.message.setText("")
        self._unsaved = result
        self.save_result()
        self.pages.setCurrentWidget(self.result_view)
        self.result_view.save_button.setFocus()

    def save_result(self) -> None:
        """Put the graded exam in the trainee's record; if the store cannot (a full disk, the trainee
        deleted meanwhile) the result stays on screen, to save again or print."""
        if self._unsaved is None:
            return
        retry = self.result_view.retry_button
        try:
            shared_store(self.ctx).record_exam(self.trainee, self._unsaved)
        except TrainerError as exc:
            self.result_view.message.setText(f"⚠ The result is not saved yet: {exc}. Fix that and press “Save the "
                                             "result again”, or save the PDF report.")
            retry.show()
            return
        self._unsaved = None
        if retry.isVisible():
            self.result_view.message.setText("Saved the result in the trainee's record.")
        retry.hide()

    # -- the report --------------------------------------------------------------------------------
    def save_report(self) -> None:
        if self.result is None or self.pages.currentWidget() is not self.result_view:
            return
        suggested = f"{self.trainee}-exam-{self.result.spec.seed}.pdf"
        path, _ = QFileDialog.getSaveFileName(self, "Save the exam report", suggested, "PDF (*.pdf)")
        if not path:
            return
        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        report = exam_report(self.trainee, self.result.to_dict(), practice=shared_store(self.ctx).skill_stats(
            self.trainee))
        try:
            pages = write_pdf(report, path)
        except TrainerError as exc:
            self.result_view.message.setText(f"⚠ {exc}")
            return
        self.result_view.message.setText(f"Saved the report ({pages} page{'s' if pages > 1 else ''}) to {path}.")


def display_answer(raw: Any) -> str:
    """An entered answer as text (a multi-part answer joined with ``;``)."""
    if isinstance(raw, (list, tuple)):
        return "; ".join("—" if part is None else str(part) for part in raw)
    return str(raw)


def create_screen(ctx) -> QWidget:
    """The Exam screen (see ``trainer.ui.screens``)."""
    return ExamScreen(ctx)
