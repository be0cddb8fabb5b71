"""The Drills screen: pick a skill (or "what to practise next"), practise or race the clock.

The screen shows the question large, collects the answer (mouse or keyboard) and shows the
verdict; :class:`DrillController` hands everything to a :class:`trainer.drills.session.DrillSession`,
which checks each answer and records it in the progress store as it is given. The widgets decide
nothing: an unreadable answer comes back from the drill as a parse error and is shown inline.

Keys: Enter starts; L (before or after a session) opens the Learn page of the skill's family; 1-9 choose;
typed answers end with Enter; hands: 1-4, H, L, Backspace, Enter;
``?`` or F1 shows the hint (practice); R replays an animated question; Enter or Space goes on after
the verdict; Page Down / Page Up scroll a question taller than the window; Esc ends the session; O shows
the options where they fold (Projector on a small window, while a question or the review shows).

A session has a length (20 questions unless chosen; 0: no limit); "Until all due are done" ends it sooner,
when no due review, re-ask or allowed new item is left (the day's session, as Anki's): its review then says
"Done for today: N reviews, M new — practise more?" with **Practise more** (key M), a session of the set
length filled with practice. A progress bar shows how far it has gone. It ends with its review
(:class:`SummaryView`): right and wrong, the median time against the fluent time, the missed items with
their right answers, and **Practise these (N)** (key P), a session of just those. The skill list shows each
skill's mastery.

A timed session may have a time limit in minutes: the session (:class:`DrillSession`) says when it
has passed, and the screen then shows the summary; the widget only displays the countdown.
"""

from __future__ import annotations

import time
from functools import cached_property
from html import escape
from typing import Any, Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup, QCheckBox, QComboBox, QFrame, QGridLayout, QHBoxLayout, QLabel, QProgressBar, QPushButton,
    QRadioButton, QScrollArea, QSizePolicy, QSpinBox, QStackedWidget, QVBoxLayout, QWidget,
)

from trainer.drills import POSITIONS, generate, skill_named, skills_for
from trainer.drills.clock import ThinkingClock
from trainer.drills.mastery import trainee_mastery
from trainer.drills.registry import item_title, offered_skills, profile_in_game
from trainer.drills.text import plain_words
from trainer.drills.session import (
    DEFAULT_LENGTH, DrillSession, SessionSummary, clock_text, done_for_today_text, missed_heading, missed_times,
)
from trainer.progress.store import utc_now
from trainer.rules.errors import TrainerError
from trainer.ui.answering import judge
from trainer.ui.flow_layout import FlowLayout, group
from trainer.ui.option_fold import OptionFold
from trainer.ui.paigow.drill_animation import AnimationSlot
from trainer.ui.scaling import refresh_fonts, set_font
from trainer.ui.widgets.answers import AnswerPanel
from trainer.ui.widgets.labels import PageScroll, make_label
from trainer.ui.widgets.question import QuestionView
from trainer.ui.widgets.screen import Screen, add_page
from trainer.ui.feedback_view import SteadyFeedbackPanel, keep_place, reserve_marks, reset_setter, settle_setter
from trainer.ui.progress_link import adopt_saved_trainee, ask_new_trainee, current_trainee, shared_store
from trainer.ui.theme import Theme
from trainer.ui.thinking import watch_thinking
from trainer.ui.when_shown import when_shown
from trainer.ui.new_items import new_per_day

NEXT_UP = ""
"""Skill choice meaning "what to practise next" (the spaced-repetition list over every skill)."""


class DrillController(QObject):
    """One drill session for the screen: starts it, passes answers on, reports through signals."""

    questionReady = Signal(object)
    judged = Signal(object)
    parseError = Signal(str, object)
    hintReady = Signal(str)
    finished = Signal(object)

    def __init__(self, ctx, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.session: DrillSession | None = None
        #: The session that ended last (for "Practise these").
        self.last: DrillSession | None = None
        self.length = 0
        #: Seconds since some fixed point, for the time limit; tests replace it before starting.
        self.clock: Callable[[], float] = time.monotonic
        #: The current question's thinking time (paused by the screen while the question is out of sight).
        self.thinking = ThinkingClock(lambda: self.clock())

    @property
    def running(self) -> bool:
        return self.session is not None

    def start(self, skill: str, mode: str, trainee: str, length: int = 0, minutes: int = 0,
              until_due: bool = False) -> None:
        """A new session of ``skill`` (``NEXT_UP``: every skill, by the schedule); ``length`` 0 = open-ended,
        ``until_due``: ending sooner when all due items are done; ``minutes`` 0 = no time limit."""
        # the profile itself, not its name: a casino's Rules Submission amends it (its house way, choices)
        profile = profile_in_game(skill, self.ctx.profile) if skill else self.ctx.profile
        self.run(DrillSession([skill] if skill else None, profile=profile, mode=mode,
                              seed=self.ctx.seed, store=shared_store(self.ctx), trainee=trainee,
                              time_limit_s=minutes * 60 or None, clock=self.clock,
                              length=length or None, until_due=until_due,
                              new_per_day=new_per_day(self.ctx.settings)))

    def practise_missed(self) -> None:
        """A session of just the items the last session missed (none missed: nothing happens)."""
        if self.last is not None and not self.running and self.last.summary().missed:
            self.run(self.last.practise_these())

    def run(self, session: DrillSession) -> None:
        self.session = session
        self.length = session.length or 0
        self.next()

    def progress(self) -> tuple[int, int]:
        """(answered, questions in all so far as known) of the running session; (0, 0) open-ended."""
        s = self.session
        if s is None or (s.length is None and s.queue.length is not None):
            return 0, 0
        done = len(s.history)
        # of chosen items (Practise these), the question on screen has left the queue but is still to
        # answer: "0 of 5" while the first of five is open, never "0 of 4"
        return done, done + s.queue.remaining + (s.current is not None and s.queue.length is None)

    @property
    def over(self) -> bool:
        """The session has reached its length, has nothing left to ask, or its time limit has passed."""
        s = self.session
        return s is not None and (s.done or s.expired)

    def next(self) -> None:
        if self.session is None:
            return
        if self.over:
            self.end()
            return
        question = self.session.next_question()
        self.thinking.start()
        self.questionReady.emit(question)

    def check_time(self) -> None:
        """End the session once its time limit has passed (the screen's ticker asks)."""
        if self.session is not None and self.session.expired:
            self.end()

    def answer(self, raw: Any) -> None:
        if self.session is None or self.session.current is None:
            return
        if self.session.expired:  # answered after the time ran out: not counted
            self.end()
            return
        feedback = judge(lambda: self.session.answer(raw, ms=self.thinking.elapsed_ms()), self.parseError)
        if feedback is not None:  # (an unreadable answer: the question's time goes on)
            self.thinking.stop()
            self.judged.emit(feedback)

    def hint(self) -> None:
        if self.session is None or self.session.current is None:
            return
        try:
            self.hintReady.emit(self.session.hint() or "No hint for this question.")
        except TrainerError as exc:
            self.hintReady.emit(str(exc))

    def end(self) -> None:
        if self.session is None:
            return
        summary = self.session.summary()
        self.last, self.session = self.session, None
        self.finished.emit(summary)


def sample_summary(skill: str | None, profile, seed: int, length: int = 8) -> SessionSummary:
    """The review of a session of ``length`` questions of ``skill`` (None: what to practise next) from
    ``seed``, every other choice answered wrong, recorded nowhere (``snapshot --review``)."""
    session = DrillSession([skill] if skill else None, profile=profile_in_game(skill, profile) if skill else profile,
                           seed=seed, length=length)
    while not session.done:
        q = session.next_question()
        wrong = next((c for c in q.choices if c != q.answer), None) if len(session.history) % 2 == 0 else None
        session.answer(wrong or q.answer, ms=4000 + 1500 * len(session.history))
    return session.summary()


def prompt_scale(prompt: str) -> float:
    """The question's font (a multiple of the text size): a long prompt (a delivery told move by move, a
    table's every wager) smaller, so that it and its answers fit a small window more often.

    >>> prompt_scale("Which tile is this?"), prompt_scale("x" * 200), prompt_scale("x" * 700)
    (2.3, 1.8, 1.5)
    """
    return 2.3 if len(prompt) <= 140 else 1.8 if len(prompt) <= 320 else 1.5


def _seconds(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.1f} s"


def _percent(fraction: float | None) -> str:
    return "—" if fraction is None else f"{fraction:.0%}"


def _missed_html(summary: SessionSummary) -> str:
    """The missed items, one a line: the item in bold, the question, its right answer."""
    if not summary.missed:
        return "Nothing missed in this session." if summary.answered else ""
    rows = "".join(f"<li><b>{escape(m.name)}</b>{missed_times(m)} — "
                   f"{escape(_short(m.prompt))} — right answer: <b>{escape(m.answer)}</b></li>" for m in summary.missed)
    return f"{escape(missed_heading(summary))}:<ul>{rows}</ul>"


def _short(text: str, limit: int = 110) -> str:
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


_AGAIN = "Enter: practise again · P: practise the missed items · W: practise the weakest skill"


class SummaryView(QWidget):
    """The session's review: right and wrong, median time against the fluent time, hints, per-skill
    lines, the weakest skills, the missed items with their right answers, and Practise these (N)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = make_label("Session review", 2.4, bold=True)
        self.headline = make_label("", 2.0, bold=True, name="summary-headline", wrap=True)
        self.table = QGridLayout()
        self.table.setHorizontalSpacing(28)
        self.weakest = make_label("", 1.6, name="summary-weakest", wrap=True)
        self.missed = make_label("", 1.4, name="summary-missed", wrap=True)
        self.missed.setTextFormat(Qt.TextFormat.RichText)
        self.missed.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        missed = QScrollArea()  # twenty missed items must not push the window past the screen
        missed.setWidget(self.missed)
        missed.setWidgetResizable(True)
        missed.setFrameShape(QFrame.Shape.NoFrame)
        self.practise = QPushButton("Practise these")
        self.practise.setObjectName("practise-these")
        set_font(self.practise, 1.3, bold=True)
        self.day = make_label("", 1.6, name="done-for-today", wrap=True)
        self.more = QPushButton("Practise more  (M)")
        self.more.setObjectName("practise-more")
        self.more.setToolTip("A session of the set length, filled with practice when nothing is due")
        set_font(self.more, 1.3, bold=True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.again = make_label(_AGAIN, 1.3, wrap=True)
        self.scroll = PageScroll()  # six skills' lines and the missed items at Projector: the review scrolls
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll)
        layout = QVBoxLayout(self.scroll.page)
        layout.addWidget(self.title)
        layout.addWidget(self.day)
        layout.addWidget(self.more, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.headline)
        layout.addSpacing(12)
        layout.addLayout(self.table)
        layout.addSpacing(12)
        layout.addWidget(self.weakest)
        layout.addWidget(missed, 1)
        layout.addWidget(self.practise, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.again)

    def show_summary(self, summary: SessionSummary) -> None:
        day = summary.done_for_today
        self.title.setText("Session review" if day is None else "Done for today")
        self.day.setText("" if day is None else done_for_today_text(day, heading=False))
        self.day.setVisible(day is not None)
        self.more.setVisible(day is not None)
        self.again.setText(_AGAIN if day is None else f"M: practise more · {_AGAIN}")
        self.headline.setVisible(bool(summary.answered))
        fluent = f" (fluent: {_seconds(summary.fluent_ms)})" if summary.fluent_ms else ""
        self.headline.setText(
            f"{summary.correct} right · {summary.wrong} wrong   ·   Accuracy {_percent(summary.accuracy)}  "
            f"({summary.correct} of {summary.answered})   ·   median time {_seconds(summary.median_ms)}{fluent}"
            + (f"   ·   hints {summary.hints}" if summary.hints else ""))
        self.missed.setText(_missed_html(summary))
        self.practise.setText(f"Practise these ({len(summary.missed)})  (P)")
        self.practise.setVisible(bool(summary.missed))
        while self.table.count():
            item = self.table.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        self.weakest.setVisible(bool(summary.answered))  # nothing was due: no table, no weakest skill
        for col, head in enumerate(("Skill", "Answered", "Accuracy", "Median time") if summary.answered else ()):
            label = make_label(head, 1.35, bold=True)
            self.table.addWidget(label, 0, col)
        for row, s in enumerate(summary.per_skill, start=1):
            for col, text in enumerate((s.title, str(s.answered), _percent(s.accuracy), _seconds(s.median_ms))):
                label = make_label(text, 1.35)
                self.table.addWidget(label, row, col)
        self.table.setColumnStretch(4, 1)
        refresh_fonts(self)
        weak = [f"{s.title} ({_percent(s.accuracy)})" for s in summary.weakest if (s.accuracy or 0) < 1]
        self.weakest.setText("Weakest: " + ", ".join(weak) if weak else "No weak skill in this session.")


#: The question page's parts, built with it (see ``DrillScreen.question_page``).
_QUESTION_PARTS = frozenset({"question", "answers", "hint_label", "feedback", "animation"})


class DrillScreen(Screen):
    """Set-up bar, then the question / verdict / summary pages (see the module docstring)."""

    #: Open the Learn page of a skill's family (the main window shows the Learn screen).
    learnRequested = Signal(str)
    #: The animation of a deal came or went (a new question): the presenter window follows.
    presentedChanged = Signal()

    def presented_pane(self):
        """The animation of the deal asked about, while one shows (``trainer.ui.presenter``), else None."""
        return self.animation.widget if self._built("question_page") and self.animation.showing else None

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setObjectName("drill-screen")
        adopt_saved_trainee(ctx)
        self.controller = DrillController(ctx, self)
        watch_thinking(self, self.controller.thinking)
        self.weakest_skill = ""
        self._target_ms = 0
        #: the right answer of the question on screen once it is answered, for the presenter window
        self._answered = ""
        self._asked = None  # the question on screen (the presenter window shows it)
        self._build()
        self._wire()
        self.reload_skills()
        self.restyle()
        self.show_welcome()

    # -- building ----------------------------------------------------------------------------------
    def _build(self) -> None:
        self.skill = QComboBox()
        self.skill.setAccessibleName("Skill")
        set_font(self.skill, 1.3)
        self.skill.setMinimumContentsLength(22)
        self.practice = QRadioButton("&Practice")
        self.timed = QRadioButton("&Timed")
        self.practice.setChecked(True)
        self.modes = QButtonGroup(self)
        for button in (self.practice, self.timed):
            set_font(button, 1.3)
            self.modes.addButton(button)
        self.length = QSpinBox()
        self.length.setRange(0, 200)
        self.length.setSingleStep(10)  # 10, 20, 40 ... by the arrow keys
        self.length.setValue(DEFAULT_LENGTH)
        self.length.setSpecialValueText("no limit")
        self.length.setSuffix(" questions")
        self.length.setAccessibleName("Questions in the session")
        set_font(self.length, 1.3)
        self.until_due = QCheckBox("Until all &due are done")
        self.until_due.setAccessibleName("End the session sooner, once every due item is done")
        set_font(self.until_due, 1.3)
        self.minutes = QSpinBox()
        self.minutes.setRange(0, 240)
        self.minutes.setValue(0)
        self.minutes.setSpecialValueText("no time limit")
        self.minutes.setSuffix(" min")
        self.minutes.setAccessibleName("Time limit in minutes (timed mode)")
        self.minutes.setEnabled(False)
        set_font(self.minutes, 1.3)
        self.start_button = QPushButton("Start  (Enter)")
        set_font(self.start_button, 1.3, bold=True)
        self.end_button = QPushButton("End  (Esc)")
        set_font(self.end_button, 1.3)
        self.learn_button = QPushButton("Learn  (L)")
        self.learn_button.setToolTip("The Learn page of the selected skill's family: learn before you practise")
        set_font(self.learn_button, 1.3)
        self.trainee_label = make_label("", 1.3, bold=True)
        skill_label = QLabel("&Skill:")
        skill_label.setBuddy(self.skill)
        set_font(skill_label, 1.3)
        self.options = QWidget()
        bar = FlowLayout(self.options)  # wraps rather than widen the window at a large text size
        for w in (group(skill_label, self.skill), self.practice, self.timed, self.length, self.until_due,
                  self.minutes, self.start_button, self.end_button, self.learn_button, self.trainee_label):
            bar.addWidget(w)

        self.status = make_label("", 1.3, name="drill-status", wrap=True)  # (wraps beside the progress bar)
        self.clock_label = make_label("", 1.3, bold=True)
        self.hint_button = QPushButton("Hint  (?)")
        set_font(self.hint_button, 1.2)
        self.hint_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hint_button.hide()
        self.progress = QProgressBar()
        self.progress.setObjectName("session-progress")
        self.progress.setAccessibleName("Questions answered in this session")
        self.progress.setFormat("%v of %m")
        set_font(self.progress, 1.2)
        self.progress.setMinimumWidth(self.progress.fontMetrics().horizontalAdvance("000 of 000") * 2)
        self.progress.hide()
        status_row = QHBoxLayout()
        status_row.addWidget(self.status, 1)
        status_row.addWidget(self.progress)
        status_row.addWidget(self.hint_button)
        status_row.addWidget(self.clock_label)

        self.welcome = QLabel()
        self.welcome.setObjectName("drill-welcome")
        self.welcome.setWordWrap(True)
        self.welcome.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        set_font(self.welcome, 1.6)
        self.welcome.setTextFormat(Qt.TextFormat.RichText)
        self.welcome.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self.pages = QStackedWidget()
        self.pages.addWidget(self.welcome)

        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        # at Projector on a small window the options (three rows) fold behind "Options" (O) while a
        # question or the review shows: they have the options' height (issue 29)
        self.fold = OptionFold(self, self.options, lambda: self.pages.currentWidget() is not self.welcome)
        set_font(self.fold.button, 1.2)
        status_row.insertWidget(0, self.fold.button)
        self.pages.currentChanged.connect(self.fold.refresh)

        layout = QVBoxLayout(self)
        layout.addWidget(self.options)
        layout.addWidget(line)
        layout.addLayout(status_row)
        layout.addWidget(self.pages, 1)

        self._tick = QTimer(self)
        self._tick.setInterval(100)

    # the question page and the review are not what the screen shows first: built when first asked for
    # (the first question, the first review; issue 42: not on the screen's first open, and not in one
    # turn of the idle event loop either, which held it up ≈ 25 ms)
    @cached_property
    def question_page(self) -> PageScroll:
        """The question, the hint, the answers (an animated deal above them) and the verdict beside."""
        self.question = QuestionView()
        self.answers = AnswerPanel(only_shown=True)
        self.hint_label = make_label("", 1.4, name="hint", wrap=True)
        self.hint_label.hide()
        self.feedback = SteadyFeedbackPanel(self.ctx)
        keep_place(self.feedback, width_by_stretch=True)  # the question, tiles and table stay put at the verdict
        # "Next question" under the verdict, not under a long explanation: in sight when the page scrolls
        feedback_rows = self.feedback.layout()
        feedback_rows.insertItem(1, feedback_rows.takeAt(feedback_rows.count() - 1))
        left = QVBoxLayout()
        left.addWidget(self.question, 2)
        left.addWidget(self.hint_label)
        left.addWidget(self.answers, 3)
        # built on the first animated question only: most sessions never need a table scene
        self.animation = AnimationSlot(self, left, 1, self.answers)
        # a long question, a chip tray or a call builder at Projector on a small window: the page scrolls
        # (its least width fits the window: choices and buttons wrap), the window keeps its size
        page = PageScroll()
        row = QHBoxLayout(page.page)
        row.setContentsMargins(0, 0, 0, 0)
        row.addLayout(left, 2)  # the question two thirds (it wraps less, and scrolls less at Projector)
        row.addWidget(self.feedback, 1)
        c = self.controller
        c.parseError.connect(self.answers.show_error)
        self.answers.answered.connect(c.answer)
        self.feedback.nextRequested.connect(c.next)
        self._theme_parts(self.theme)
        return add_page(self.pages, page)

    @cached_property
    def summary(self) -> SummaryView:
        """The session's review (after the question page in the pages and the Tab order)."""
        self.question_page  # noqa: B018
        summary = SummaryView()
        summary.practise.clicked.connect(self.practise_missed)
        summary.more.clicked.connect(self.practise_more)
        return add_page(self.pages, summary)

    def __getattr__(self, name: str):
        # a part of the question page asked for before the page is built builds it (see question_page)
        if name in _QUESTION_PARTS and "question_page" not in self.__dict__:
            self.question_page  # noqa: B018
            return self.__dict__[name]
        raise AttributeError(name)

    def _built(self, name: str) -> QWidget | None:
        """The part ``name`` (``question_page``, ``summary``) if it is built yet."""
        return self.__dict__.get(name)

    def _wire(self) -> None:
        c = self.controller
        c.questionReady.connect(self.show_question)
        c.judged.connect(self.show_feedback)
        c.hintReady.connect(self.show_hint)
        c.finished.connect(self.show_summary)
        self.hint_button.clicked.connect(c.hint)
        self.start_button.clicked.connect(self.start)
        self.end_button.clicked.connect(c.end)
        self.learn_button.clicked.connect(self.learn)
        self.timed.toggled.connect(self._mode_changed)
        self._tick.timeout.connect(self._update_clock)
        for key in ("?", "F1"):
            QShortcut(QKeySequence(key), self, c.hint, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        QShortcut(QKeySequence("Esc"), self, self._escape, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        # a switch of game behind another screen waits until this one is shown (issue 42: not on that open)
        self.ctx.profileChanged.connect(lambda _: when_shown(self, self.reload_skills))
        self.ctx.traineeChanged.connect(lambda _: self._trainee_changed())

    # -- set-up --------------------------------------------------------------------------------------
    def reload_skills(self) -> None:
        """Fill the skill list for the current profile, keeping the choice when it still exists."""
        keep = self.skill.currentData()
        self.skill.clear()
        self.skill.addItem("What to practise next", NEXT_UP)
        skills = offered_skills(self.ctx.profile)
        name = self.trainee()
        known = trainee_mastery(shared_store(self.ctx), name, [s.id for s in skills], self.ctx.profile,
                                utc_now()) if name else {}
        for s in skills:
            mastery = f"   ({known[s.id].text})" if s.id in known else ""
            self.skill.addItem(f"{s.group}: {s.title}{mastery}", s.id)
        index = self.skill.findData(keep)
        self.skill.setCurrentIndex(max(0, index))

    def theme_changed(self, theme: Theme) -> None:
        if self._built("question_page"):
            self._theme_parts(theme)

    def _theme_parts(self, theme: Theme) -> None:
        self.answers.set_theme(theme)
        self.question.set_theme(theme)
        self.animation.set_theme(theme)

    def select_skill(self, skill: str) -> None:
        self.skill.setCurrentIndex(max(0, self.skill.findData(skill)))

    def start_skill(self, skill: str) -> None:
        """Practise ``skill`` now (e.g. chosen on the Progress screen); a running session ends first."""
        if self.controller.running:
            self.controller.end()
        self.select_skill(skill)
        self.start()

    def prepare_snapshot(self, seed: int, move: int | None, skill: str | None = None, review: bool = False) -> None:
        """For ``paigow-trainer snapshot --screen drills`` (no session: nothing is recorded): with ``review``,
        the review of a sample session (``skill``'s, else what to practise next); with ``skill``, a question of
        that skill from ``seed``; with ``--move K``, a style-animation question from ``seed``, its table after K
        moves; else the start page."""
        if review:
            self.show_summary(sample_summary(skill, self.ctx.profile, seed))
            return
        if skill is None and move is None:
            return
        skill = skill or "style-animation"
        self.show_question(generate(skill, seed=seed, profile=profile_in_game(skill, self.ctx.profile)))
        widget = self.animation.widget
        if move is not None and widget is not None and widget.player.timeline is not None:
            widget.pause_at(widget.player.timeline.index_after_move(move))

    def _mode_changed(self, timed: bool) -> None:
        self.minutes.setEnabled(timed)

    def _set_running(self, running: bool) -> None:
        for w in (self.skill, self.practice, self.timed, self.until_due, self.start_button, self.learn_button):
            w.setEnabled(not running)
        self.length.setEnabled(not running)
        self.minutes.setEnabled(not running and self.timed.isChecked())
        self.progress.setVisible(running)
        self.end_button.setEnabled(running)
        if not running:
            self.hint_button.hide()

    def _trainee_changed(self) -> None:
        session = self.controller.session
        if session is not None and session.who is not None and self._same_trainee(session.who):
            session.trainee = self.trainee()  # renamed: the drill goes on under the new name
            self.trainee_label.setText(f"Trainee: {session.trainee}")
            return
        if self.controller.running:
            self.controller.end()
        self.reload_skills()
        self.show_welcome()

    def _same_trainee(self, who: tuple[str, int]) -> bool:
        name = self.trainee()
        try:
            return bool(name) and shared_store(self.ctx).identity(name) == who
        except TrainerError:
            return False

    def trainee(self) -> str:
        return current_trainee(self.ctx)

    def show_welcome(self) -> None:
        """The start page: who is training, and what the schedule says to practise next."""
        self._set_running(False)
        self._tick.stop()
        self.clock_label.clear()
        self.status.clear()
        name = self.trainee()
        self.trainee_label.setText(f"Trainee: {name}" if name else "No trainee")
        if not name:
            text = ("<h2>Drills</h2><p>No trainee is selected. Press <b>Enter</b> to create one, or choose "
                    "one on the Progress screen. Every answer is saved to the trainee's record.</p>")
        else:
            due = shared_store(self.ctx).next_up(name, [s.id for s in skills_for(self.ctx.profile)], limit=5)
            items = "".join(f"<li>{skill_named(d.skill).title}"
                            f"{' — ' + item_title(d.item) if d.item else ''} <i>({d.reason})</i></li>" for d in due)
            text = (f"<h2>Drills for {name}</h2><p>Choose a skill and a mode, then press <b>Enter</b>; "
                    "<b>L</b> opens its Learn page first.</p>"
                    f"<p>What to practise next:</p><ul>{items}</ul>")
        self.welcome.setText(text)
        self.pages.setCurrentWidget(self.welcome)
        self.start_button.setFocus()

    # -- the session --------------------------------------------------------------------------------
    def start(self, skill: str | None = None, *, more: bool = False) -> None:
        """A session of the chosen skill (or ``skill``); ``more``: after "Done for today", of the set length
        (at least the default one) filled with practice, whatever "Until all due are done" says."""
        name = self.trainee() or ask_new_trainee(self.ctx, self)
        if not name:
            return
        self.trainee_label.setText(f"Trainee: {name}")
        mode = "timed" if self.timed.isChecked() else "practice"
        self._set_running(True)
        minutes = self.minutes.value() if self.timed.isChecked() else 0
        length = max(self.length.value(), DEFAULT_LENGTH) if more else self.length.value()
        self.controller.start(self.skill.currentData() if skill is None else skill, mode, name, length,
                              minutes, self.until_due.isChecked() and not more)

    def show_question(self, question) -> None:
        session = self.controller.session
        number = len(session.history) + 1 if session else 1
        self._show_progress()
        # the progress bar shows how many of how many; without one (open-ended) the status counts
        count = "" if self.controller.progress()[1] else f"question {number}   ·   "
        right = sum(a.correct for a in session.history) if session else 0
        self.status.setText(f"{skill_named(question.skill).title}   ·   {count}"
                            f"{right} right so far   ·   {session.mode if session else ''}")
        self._answered = ""
        self._asked = question
        self.question.show_question(question)
        set_font(self.question.prompt, prompt_scale(question.prompt), bold=True)
        self.hint_label.clear()
        self.hint_label.hide()
        practice = session is not None and session.mode == "practice"
        self.hint_button.setVisible(practice and bool(question.hint))
        self.hint_button.setEnabled(True)
        self.feedback.hide()
        self.pages.setCurrentWidget(self.question_page)
        reset_setter(self.answers.setter)
        self.answers.show_question(question, POSITIONS)
        reserve_marks(self.answers.choices)
        if self.animation.show_question(question, self.question):  # after the answers: it fits their height
            # the table takes the room left, preferring none: a page that scrolls gives each part its
            # preferred height, and the table's would scroll the choices out of sight on a small window
            self.animation.widget.view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.question_page.verticalScrollBar().setValue(0)  # the question read from its start
        self.presentedChanged.emit()
        self._target_ms = skill_named(question.skill).target_ms
        self._tick.start()
        self._update_clock()

    def _show_progress(self) -> None:
        """The progress bar: answered of the session's length (until due: of the answers now foreseen)."""
        done, total = self.controller.progress()
        self.progress.setVisible(total > 0)
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)

    def show_hint(self, text: str) -> None:
        self.hint_label.setText(f"Hint: {text}")
        self.hint_label.show()

    def show_feedback(self, feedback) -> None:
        self._update_clock()  # the question's time has stopped; a time limit keeps ticking
        self.answers.show_verdict(feedback)
        self._show_progress()
        if self.answers.currentWidget() is self.answers.setter:
            settle_setter(self.answers.setter)
        self.hint_button.setEnabled(False)  # (not hidden: the question under it would move up)
        self.feedback.show_feedback(feedback, "See the summary" if self.controller.over else "Next question")
        self.question_page.ensureWidgetVisible(self.feedback.next_button, 0, 10)
        self._answered = plain_words(feedback.expected)
        self.presentedChanged.emit()

    def presented_question(self) -> tuple[Any, tuple[str, ...], str] | None:
        """What the presenter window shows the class: the question on screen, the choices offered as
        the trainee's list reads them (none where the answer is typed, set or built), and its right
        answer once the trainee has answered ("" before); None where no question is on screen."""
        if (not self._built("question_page") or self.pages.currentWidget() is not self.question_page
                or not self.question.prompt.text()):
            return None
        listed = self.answers.currentWidget() is self.answers.choices
        return (self._asked, tuple(b.text() for b in self.answers.choices.buttons) if listed else (),
                self._answered)

    def show_summary(self, summary: SessionSummary) -> None:
        self._set_running(False)
        self._tick.stop()
        self.clock_label.clear()
        over = "Time is up" if summary.timed_out else "Session over"
        self.status.setText(f"{over}: {summary.answered} answered, all saved." if summary.done_for_today is None
                            else done_for_today_text(summary.done_for_today))
        self.weakest_skill = summary.weakest[0].skill if summary.weakest else ""
        self.reload_skills()  # the masteries have changed
        self.summary.show_summary(summary)
        self.pages.setCurrentWidget(self.summary)
        self.summary.scroll.verticalScrollBar().setValue(0)
        self.summary.setFocus()

    def _update_clock(self) -> None:
        session = self.controller.session
        if session is None:
            return
        if session.expired:
            self.controller.check_time()  # ends the session: the summary replaces this page
            return
        ms = self.controller.thinking.elapsed_ms()
        left = session.time_left()
        countdown = "" if left is None else f"Time left {clock_text(left)}   ·   "
        if session.mode == "timed":
            self.clock_label.setText(f"{countdown}{ms / 1000:.1f} s  (fluent: {self._target_ms / 1000:.0f} s)")
        else:
            self.clock_label.setText("untimed practice")

    def practise_more(self) -> None:
        """Practise more (M), after "Done for today": the same skill, the set length, filled with practice."""
        if self.controller.last is not None and self.controller.last.summary().done_for_today is not None:
            self.start(more=True)

    def practise_missed(self) -> None:
        """Practise these (N): a session of just the items the last session missed."""
        if self.controller.last is not None and self.controller.last.summary().missed:
            self._set_running(True)
            self.controller.practise_missed()

    def learn(self) -> None:
        """The Learn page of the selected skill's family ("what to practise next": the first family's)."""
        self.learnRequested.emit(self.skill.currentData() or "")

    def _escape(self) -> None:
        if self.controller.running:
            self.controller.end()

    def keyPressEvent(self, event) -> None:  # noqa: N802
        key = event.key()
        page = self.pages.currentWidget()
        summary = self._built("summary")  # (not built: not shown)
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if page is self.welcome and enter:
            self.start()
        elif page is summary and enter:
            self.start()
        elif page is summary and key == Qt.Key.Key_P:
            self.practise_missed()
        elif page is summary and key == Qt.Key.Key_M:
            self.practise_more()
        elif page in (self.welcome, summary) and key == Qt.Key.Key_L:
            self.learn()
        elif page is summary and key == Qt.Key.Key_W and self.weakest_skill:
            self.select_skill(self.weakest_skill)
            self.start()
        elif key == Qt.Key.Key_O:  # (left over by the answer inputs: the call builder's O is its own)
            self.fold.toggle()
        elif page is self._built("question_page") and key in (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp):
            bar = self.question_page.verticalScrollBar()  # a question taller than the window, read on
            bar.setValue(bar.value() + (1 if key == Qt.Key.Key_PageDown else -1) * bar.pageStep())
        else:
            super().keyPressEvent(event)


def create_screen(ctx) -> QWidget:
    """The Drills screen (see ``trainer.ui.screens``)."""
    return DrillScreen(ctx)
