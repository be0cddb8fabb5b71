"""The Class screen: the instructor's view of a class — who is ready for the exam.

After the instructor signs in with the class's password (checked against its scrypt hash,
``trainer.progress.school``), a table shows every trainee: ready mark, answers, accuracy and mean
time overall and per skill, items due, exams taken and scores. Sort by any column (click its
header), filter by name, show only those not ready yet; the instructor sets the ready mark
(accuracy and answers per skill). Export the table as CSV or print the class report as PDF (the
same machinery as the exam report, ``trainer.ui.report``). The screen only shows: it records and
changes no trainee's answers.

An instructor adds a class (New class…: name, instructor, password) and, signed in, ticks its
trainees (Trainees…: tick to put in, untick to take out). Under the summary, the school's FSRS fit:
log-loss before and after, and Fit to this class… (Alt+T, ``trainer.ui.class_fit``).

Keys: Ctrl+L sign in, Ctrl+N new class, F5 refresh, Ctrl+F filter, Ctrl+E export CSV, Ctrl+P print PDF.
"""

from __future__ import annotations

import random
from datetime import datetime, timezone

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QKeySequence, QShortcut, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QFileDialog, QHeaderView, QInputDialog, QLabel, QLineEdit,
    QPushButton, QSpinBox, QTableView, QVBoxLayout, QWidget,
)

from trainer.paths import write_file
from trainer.progress import fits, school
from trainer.rules.errors import TrainerError
from trainer.ui.scaling import set_font
from trainer.ui.widgets.labels import make_label
from trainer.ui.widgets.screen import Screen
from trainer.ui.class_fit import FitPanel
from trainer.ui.flow_layout import FlowLayout, group
from trainer.ui.progress_link import shared_store
from trainer.ui.report import Report, _date, skill_title, write_pdf

NOT_READY = "not yet"
#: The drill screens' colours of a right and a wrong answer, readable on both themes.
VERDICT_COLOURS = {True: "#2e9d5b", False: "#d93a3a"}


def pdf_report(report: school.ClassReport) -> Report:
    """The class report's pages: the class table, exams, then every trainee's skills."""
    people = report.trainees
    summary = (f"{report.ready_count} of {len(people)} trainees ready for the exam",
               f"Ready: at least {report.ready_percent}% right in every skill practised by the class, with at "
               f"least {report.ready_answers} answers each.")
    rows = tuple((t.name, "ready" if t.ready else "not yet", str(t.answered), _pct(t.accuracy),
                  str(t.due), f"{t.live_correct}/{t.live_answered}" if t.live_answered else "—") for t in people)
    exams = tuple((t.name, str(t.exams), t.last_exam or "—", _pct(t.best_exam)) for t in people if t.exams)
    skills = tuple((f"{t.name} · {skill_title(f.skill)}", str(f.answered), _pct(f.accuracy), _secs(f.median_ms))
                   for t in people for f in t.skills)
    missing = tuple((f"{t.name}: {why_not(t, report)}",) for t in people if not t.ready)
    return Report("Class report", f"{report.name} (instructor {report.instructor})", _date(report.generated_utc),
                  "", summary, ("Trainee", "Ready", "Answers", "Accuracy", "Due", "Live quiz"), rows, (),
                  extra_tables=(("Still needed for the exam", ("Trainee: what is missing",), missing),
                                ("Exams", ("Trainee", "Exams", "Last", "Best"), exams),
                                ("Per skill", ("Trainee · skill", "Answers", "Accuracy", "Mean s"), skills)),
                  who="Class", table_title="Trainees")


def why_not(trainee: school.TraineeRow, report: school.ClassReport) -> str:
    """What the trainee still needs for the ready mark, with the skills' titles."""
    return school.describe_missing(trainee.missing, report.ready_percent, report.ready_answers,
                                   skill_title) or trainee.why_not


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _secs(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.1f}"


def _proxy(source, column: int, parent: QWidget) -> QSortFilterProxyModel:
    """A filter on ``column``'s text (case-insensitive) over ``source``, sorting by the cells' keys."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(source)
    proxy.setFilterKeyColumn(column)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    proxy.setSortRole(Qt.ItemDataRole.UserRole)
    return proxy


class ClassScreen(Screen):
    """Class chooser and sign-in; the ready mark; filter; the class table; CSV and PDF."""

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setObjectName("class-screen")
        self.store = shared_store(ctx)
        self.group: school.SchoolClass | None = None
        self.report: school.ClassReport | None = None
        self._build()
        self._wire()
        self.restyle()
        self.load_classes()

    def _build(self) -> None:
        self.class_box = QComboBox()
        self.class_box.setAccessibleName("Class")
        self.class_box.setMinimumContentsLength(14)
        class_label = QLabel("&Class:")
        class_label.setBuddy(self.class_box)
        self.sign_in_button = QPushButton("Sign in…  (Ctrl+L)")
        self.instructor = QLabel()
        self.new_button = QPushButton("New class…  (Ctrl+N)")
        self.add_button = QPushButton("Trainees…")
        self.live_button = QPushButton("L&ive quiz…")
        self.live_button.setToolTip("Ask the class questions live: every trainee's PC answers, the projector "
                                    "shows the class's answers")
        #: the live quiz's window, while open
        self.live_window = None
        top = FlowLayout()  # the bars wrap rather than widen the window at a large text size
        for w in (class_label, self.class_box, self.sign_in_button, self.instructor):
            set_font(w, 1.3, bold=w is self.class_box)
            top.addWidget(w)
        for w in (self.add_button, self.live_button, self.new_button):
            set_font(w, 1.2)
            top.addWidget(w)

        self.percent = QSpinBox()
        self.percent.setRange(0, 100)
        self.percent.setSuffix(" %")
        self.percent.setAccessibleName("Accuracy needed in every skill")
        self.answers = QSpinBox()
        self.answers.setRange(0, 100000)
        self.answers.setAccessibleName("Answers needed in every skill")
        self.apply_button = QPushButton("Set ready mark")
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter (Ctrl+F)")
        self.filter.setAccessibleName("Filter trainees by name")
        self.not_ready = QCheckBox("Only not ready")
        self.csv_button = QPushButton("Export CSV…  (Ctrl+E)")
        self.pdf_button = QPushButton("Print PDF…  (Ctrl+P)")
        mark = (QLabel("Ready at"), self.percent, QLabel("with"), self.answers, QLabel("answers per skill"))
        others = (self.apply_button, self.filter, self.not_ready, self.csv_button, self.pdf_button)
        for w in mark + others:
            set_font(w, 1.2)
        self.controls = QWidget()
        bar = FlowLayout(self.controls)
        for w in (group(*mark), *others):
            bar.addWidget(w)

        self.summary = make_label("", 1.4, bold=True)
        self.message = make_label("", 1.2, name="progress-message", wrap=True)
        self.message.hide()
        self.fit = FitPanel(self.store)
        self.model = QStandardItemModel(0, 0, self)
        self.ready_filter = _proxy(self.model, 1, self)  # "Only not ready": the Ready column says "not yet"
        self.name_filter = _proxy(self.ready_filter, 0, self)
        self.table = QTableView()
        self.table.setModel(self.name_filter)
        self.table.setSortingEnabled(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.setAccessibleName("Trainees of the class")
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        set_font(self.table, 1.2)
        set_font(self.table.horizontalHeader(), 1.1, bold=True)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.controls)
        layout.addWidget(self.message)
        layout.addWidget(self.summary)
        layout.addWidget(self.fit)
        layout.addWidget(self.table, 1)

    def _wire(self) -> None:
        self.class_box.activated.connect(lambda _: self.sign_out())
        self.sign_in_button.clicked.connect(self.ask_password)
        self.new_button.clicked.connect(self.new_class)
        self.add_button.clicked.connect(self.ask_trainees)
        self.live_button.clicked.connect(self.live_quiz)
        self.apply_button.clicked.connect(self.apply_threshold)
        self.filter.textChanged.connect(self.name_filter.setFilterFixedString)
        self.not_ready.toggled.connect(lambda on: self.ready_filter.setFilterFixedString(NOT_READY if on else ""))
        self.csv_button.clicked.connect(self.export_csv)
        self.pdf_button.clicked.connect(self.print_pdf)
        for key, slot in (("Ctrl+L", self.ask_password), ("Ctrl+N", self.new_class), ("F5", self.refresh),
                          ("Ctrl+F", self.filter.setFocus),
                          ("Ctrl+E", self.export_csv), ("Ctrl+P", self.print_pdf)):
            QShortcut(QKeySequence(key), self, slot, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)

    # -- signing in ------------------------------------------------------------------------------------
    def load_classes(self) -> None:
        try:
            names = [c.name for c in school.classes(self.store)]
        except TrainerError as exc:
            names = []
            self.say(f"⚠ {exc}")
        self.class_box.clear()
        self.class_box.addItems(names)
        if not names:
            self.say("No classes yet. An instructor adds one with New class… (Ctrl+N).")  # the button beside it
        self.sign_out()

    def sign_out(self) -> None:
        """Hide the class until its instructor signs in."""
        self.group = self.report = None
        self.model.clear()
        self.controls.setEnabled(False)
        self.add_button.setEnabled(False)
        self.live_button.setEnabled(False)
        self.fit.hide()
        self.instructor.setText("")
        self.summary.setText("Sign in as the class's instructor to see it." if self.class_box.count() else "")

    def ask_password(self) -> None:
        name = self.class_box.currentText()
        if not name:
            return
        password, ok = QInputDialog.getText(self, "Instructor sign-in", f"Password of the instructor of {name}:",
                                            QLineEdit.EchoMode.Password)
        if ok:
            self.sign_in(name, password)

    def sign_in(self, name: str, password: str) -> bool:
        try:
            self.group = school.sign_in(self.store, name, password)
        except TrainerError as exc:
            self.sign_out()
            self.say(f"⚠ {exc}")
            return False
        self.say("")
        self.controls.setEnabled(True)
        self.add_button.setEnabled(True)
        self.live_button.setEnabled(True)
        self.instructor.setText(f"Instructor: {self.group.instructor}")
        self.fit.show_class(self.group.name)
        self.fit.show()
        self.refresh()
        return True

    # -- showing ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.group is None:
            return
        try:
            self.group = school.school_class(self.store, self.group.name)
            self.show_report(school.class_report(self.store, self.group))
        except TrainerError as exc:
            self.say(f"⚠ {exc}")

    def show_report(self, report: school.ClassReport) -> None:
        """Lay out ``report`` (the figures are all decided in ``trainer.progress.school``)."""
        self.report = report
        self.percent.setValue(report.ready_percent)
        self.answers.setValue(report.ready_answers)
        self.summary.setText(f"{report.name}: {report.ready_count} of {len(report.trainees)} trainees ready "
                             f"for the exam")
        header, rows = school.report_table(report, combined=True)
        header = header[:-len(report.skills)] + [skill_title(s) for s in report.skills] if report.skills else header
        self.model.clear()
        self.model.setHorizontalHeaderLabels(header)
        for trainee, row in zip(report.trainees, rows):
            items = []
            for c, (text, key) in enumerate(row):
                item = QStandardItem(text)
                item.setData(key, Qt.ItemDataRole.UserRole)
                if c:
                    item.setTextAlignment((Qt.AlignmentFlag.AlignHCenter if c == 1 else Qt.AlignmentFlag.AlignRight)
                                          | Qt.AlignmentFlag.AlignVCenter)
                items.append(item)
            items[1].setForeground(self._ready_colour(trainee.ready))
            items[1].setToolTip(why_not(trainee, report) if not trainee.ready else "ready for the exam")
            self.model.appendRow(items)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)

    @staticmethod
    def _ready_colour(ready: bool):
        from PySide6.QtGui import QBrush, QColor

        return QBrush(QColor(VERDICT_COLOURS[ready]))

    def say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    # -- the instructor's actions -------------------------------------------------------------------------
    def new_class(self) -> None:
        """Ask for the class's name, its instructor and their password (twice), then add it. Once there
        is a class, only a signed-in instructor adds one (``school.create_class``): asked nothing until then."""
        if self.group is None and school.classes(self.store):
            self.say("⚠ only an instructor adds a class: sign in first (Ctrl+L)")
            return
        asked = []
        for title, prompt, echo in (("New class", "Name of the class:", QLineEdit.EchoMode.Normal),
                                    ("New class", "Instructor's name:", QLineEdit.EchoMode.Normal),
                                    ("New class", "Instructor's password:", QLineEdit.EchoMode.Password),
                                    ("New class", "The password again:", QLineEdit.EchoMode.Password)):
            text, ok = QInputDialog.getText(self, title, prompt, echo)
            if not ok:
                return
            asked.append(text)
        self.create_class(*asked)

    def create_class(self, name: str, instructor: str, password: str, again: str) -> bool:
        if password != again:
            self.say("⚠ the two passwords differ: the class was not added")
            return False
        try:
            group = school.create_class(self.store, name, instructor, password, signed_in=self.group)
        except TrainerError as exc:
            self.say(f"⚠ {exc}")
            return False
        self.load_classes()
        self.class_box.setCurrentText(group.name)
        self.sign_in(group.name, password)
        self.say(f"Added the class {group.name}. Tick its trainees under “Trainees…”.")
        return True

    def ask_trainees(self) -> None:
        """Tick the trainees of the signed-in class (untick to take one out)."""
        from PySide6.QtWidgets import QDialog, QDialogButtonBox, QListWidget, QListWidgetItem

        if self.group is None:
            return
        members = {t.name for t in self.report.trainees} if self.report else set()
        dialog = QDialog(self)
        dialog.setWindowTitle(f"Trainees of {self.group.name}")
        names = QListWidget()
        for trainee in self.store.trainees():
            item = QListWidgetItem(trainee.name)
            item.setCheckState(Qt.CheckState.Checked if trainee.name in members else Qt.CheckState.Unchecked)
            names.addItem(item)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        layout.addWidget(names)
        layout.addWidget(buttons)
        if dialog.exec():
            self.set_members([names.item(i).text() for i in range(names.count())
                              if names.item(i).checkState() == Qt.CheckState.Checked])

    def live_quiz(self) -> None:
        """Live quiz… (the instructor, signed in): choose its questions, open it, run it in its window."""
        from trainer.ui.live_host import open_live_quiz

        if self.group is None:
            return
        try:
            window = open_live_quiz(self, self.store, self.group, self.ctx.profile, random.randrange(2 ** 31),
                                    presenter=getattr(self.window(), "presenter", None), theme=self.ctx.theme)
        except TrainerError as exc:
            self.say(f"⚠ {exc}")
            return
        if window is not None:
            self.live_window = window
            window.finished.connect(self.refresh)  # the class view counts the live answers

    def set_members(self, names: list[str]) -> None:
        """Make ``names`` the class: the others are taken out (their records stay)."""
        members = {t.name for t in self.report.trainees} if self.report else set()
        try:
            school.add_trainees(self.store, self.group.name, [n for n in names if n not in members])
            school.remove_trainees(self.store, self.group, sorted(members - set(names)))
        except TrainerError as exc:
            self.say(f"⚠ {exc}")
            return
        self.refresh()

    def apply_threshold(self) -> None:
        if self.group is None:
            return
        try:
            self.group = school.set_threshold(self.store, self.group, self.percent.value(), self.answers.value())
        except TrainerError as exc:
            self.say(f"⚠ {exc}")
            return
        self.refresh()

    def export_csv(self) -> None:
        if self.report is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export the class", f"{self.report.name}.csv", "CSV (*.csv)")
        if path:
            self.write_csv(path)

    def write_csv(self, path: str) -> None:
        try:
            write_file(path, school.report_csv(self.report))
        except TrainerError as exc:
            self.say(f"⚠ {exc}")
            return
        self.say(f"Exported {len(self.report.trainees)} trainees to {path}.")

    def print_pdf(self) -> None:
        if self.report is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Print the class report", f"{self.report.name}.pdf",
                                              "PDF (*.pdf)")
        if path:
            self.write_pdf(path if path.lower().endswith(".pdf") else path + ".pdf")

    def write_pdf(self, path: str) -> None:
        try:
            pages = write_pdf(pdf_report(self.report), path)
        except TrainerError as exc:
            self.say(f"⚠ {exc}")
            return
        self.say(f"Saved the class report ({pages} page{'s' if pages > 1 else ''}) to {path}.")

    def prepare_snapshot(self, seed: int | None = None, move: int | None = None) -> None:
        """For ``paigow-trainer snapshot --screen class``: a made-up class of 14, signed in."""
        self.class_box.clear()
        self.class_box.addItem("Morning class")
        self.controls.setEnabled(True)
        self.add_button.setEnabled(True)
        self.instructor.setText("Instructor: Ms Lee")
        self.say("")
        self.show_report(demo_report(seed or 1))
        self.fit.show_fit(fits.StoredFit("2026-11-23T09:00:00.000+00:00", "Morning class", 2431, 0.4123, 0.3771,
                                         61.0, ()), kept=True)
        self.fit.show()


def demo_report(seed: int) -> school.ClassReport:
    """A made-up class (the snapshot's), decided by ``seed``."""
    rng = random.Random(seed)
    skills = ("tile-compare", "hand-compare", "house-way", "vigorish")
    names = ("Ana Ruiz", "Bo Chen", "Cy Park", "Dee Okafor", "Eli Stone", "Fay Lin", "Gus Moreau", "Hana Sato",
             "Ivo Petrov", "Jo Adams", "Kai Nguyen", "Lea Rossi", "Mo Haddad", "Nia Brown")
    group = school.SchoolClass(0, "Morning class", "Ms Lee", 85, 20)
    rows = []
    for name in names:
        figures = tuple(school.SkillFigure(s, n, c, c / n, rng.uniform(2500, 9000))
                        for s in skills if (n := rng.randint(0, 60)) for c in [round(n * rng.uniform(0.8, 1.0))])
        exams = [(rng.randint(14, 20), 20, "") for _ in range(rng.randint(0, 3))]
        rows.append(school.trainee_row(name, list(figures), skills, rng.randint(0, 12), exams, group))
    return school.ClassReport(group.name, group.instructor, 85, 20,
                              datetime(2026, 11, 23, 9, tzinfo=timezone.utc).isoformat(), skills, tuple(rows))


def create_screen(ctx) -> QWidget:
    """The Class screen (see ``trainer.ui.screens``)."""
    return ClassScreen(ctx)
