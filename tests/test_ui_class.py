"""The Class screen: instructor sign-in, the table, sort and filter, ready mark, CSV and PDF; the
status bar on a school's server."""

from __future__ import annotations

import csv

import pytest
from PySide6.QtCore import Qt

from trainer.drills import check, generate
from trainer.progress import school
from trainer.ui.class_screen import ClassScreen, demo_report, pdf_report
from trainer.ui.progress_link import close_shared_stores, shared_store
from trainer.ui.report import pdf_page_count


def _answer(store, trainee, n, right):
    for seed in range(n):
        q = generate("tile-compare", seed=seed)
        given = q.answer if seed < right else ("Same rank" if q.answer != "Same rank" else q.choices[0])
        store.record(trainee, q, check(q, given), given, 2000 + 100 * seed)


@pytest.fixture
def screen(trainee_ctx, shown):
    store = shared_store(trainee_ctx)
    for name in ("Bo", "Cy"):
        store.create_trainee(name)
    school.create_class(store, "Morning", "Ms Lee", "hunter2", ready_percent=80, ready_answers=5)
    school.add_trainees(store, "Morning", ["Ana", "Bo", "Cy"])
    _answer(store, "Ana", 10, 9)
    _answer(store, "Bo", 6, 3)
    return shown(ClassScreen(trainee_ctx))


def _column(view, c):
    model = view.table.model()
    return [model.index(r, c).data() for r in range(model.rowCount())]


def test_nothing_is_shown_before_the_instructor_signs_in(screen):
    assert screen.class_box.currentText() == "Morning" and screen.table.model().rowCount() == 0
    assert not screen.controls.isEnabled() and "Sign in" in screen.summary.text()
    assert not screen.sign_in("Morning", "guess")
    assert screen.message.text() == "⚠ wrong password for the instructor of 'Morning'"
    assert screen.table.model().rowCount() == 0 and screen.report is None


def test_the_table_sorts_filters_and_marks_who_is_ready(screen):
    assert screen.sign_in("Morning", "hunter2")
    assert screen.summary.text() == "Morning: 1 of 3 trainees ready for the exam"
    assert _column(screen, 0) == ["Ana", "Bo", "Cy"] and _column(screen, 1) == ["ready", "not yet", "not yet"]
    assert _column(screen, 3) == ["90%", "50%", ""]
    screen.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)  # by accuracy, not as text
    assert _column(screen, 0) == ["Ana", "Bo", "Cy"]
    screen.table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
    assert _column(screen, 0) == ["Cy", "Bo", "Ana"]
    screen.filter.setText("b")
    assert _column(screen, 0) == ["Bo"]
    screen.filter.setText("")
    screen.not_ready.setChecked(True)
    assert sorted(_column(screen, 0)) == ["Bo", "Cy"]
    screen.percent.setValue(95)
    screen.apply_threshold()
    assert screen.summary.text() == "Morning: 0 of 3 trainees ready for the exam"
    assert school.school_class(screen.store, "Morning").ready_percent == 95


def test_csv_and_pdf(screen, tmp_path):
    screen.sign_in("Morning", "hunter2")
    screen.write_csv(str(tmp_path / "morning.csv"))
    rows = list(csv.reader(open(tmp_path / "morning.csv", encoding="utf-8")))
    assert [r[0] for r in rows] == ["Trainee", "Ana", "Bo", "Cy"] and rows[1][1] == "ready"
    screen.write_pdf(str(tmp_path / "morning.pdf"))
    assert pdf_page_count(tmp_path / "morning.pdf") == 1
    assert screen.message.text().startswith("Saved the class report (1 page)")
    screen.write_csv(str(tmp_path / "missing" / "x.csv"))
    assert screen.message.text().startswith("⚠ cannot write")


def test_the_class_report_pdf_names_the_class_and_its_ready_mark():
    report = pdf_report(demo_report(1))
    assert (report.who, report.trainee) == ("Class", "Morning class (instructor Ms Lee)")
    assert report.summary[0].endswith("of 14 trainees ready for the exam")
    assert "at least 85% right in every skill" in report.summary[1]
    assert [t for t, _, _ in report.extra_tables] == ["Still needed for the exam", "Exams", "Per skill"]
    assert report.table_title == "Trainees" and report.date == "2026-11-23 " + report.date[11:]


def test_the_status_bar_shows_the_school_server(pg_url, tmp_path, qtbot, server_reachable):
    from PySide6.QtCore import QTimer

    from trainer.ui.context import AppContext
    from trainer.ui.main_window import MainWindow

    ctx = AppContext(data=tmp_path / "data")
    ctx.database = pg_url
    try:
        window = MainWindow(ctx)
        qtbot.addWidget(window)
        with qtbot.waitSignal(window.firstPainted):  # the store opens once the first screen has painted
            window.show()
        label = window.connection_label
        assert label.text().endswith(": connected") and "postgres" in label.text()
        store = shared_store(ctx)
        store.create_trainee("Ana")
        store._conn.retry_s = 0
        server_reachable(False)
        _answer(store, "Ana", 2, 2)
        tick = label.findChild(QTimer).timeout
        tick.emit()
        assert label.text().endswith("unreachable: 2 answers wait on this PC and will be sent")
        server_reachable(True)
        tick.emit()  # the status bar's timer sends them
        assert label.text().endswith(": connected") and len(store.answers("Ana")) == 2
    finally:
        close_shared_stores()


def test_a_pc_without_a_school_server_shows_no_connection_state(trainee_ctx, qtbot):
    from trainer.ui.main_window import MainWindow

    window = MainWindow(trainee_ctx)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    assert window.connection_label is None and "connectionState" not in {
        w.objectName() for w in window.statusBar().children()}


def test_on_a_school_server_only_an_instructor_deletes_a_trainee(pg_url, tmp_path, qtbot, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from trainer.ui.context import AppContext
    from trainer.ui.progress_screen import ProgressScreen

    ctx = AppContext(data=tmp_path / "data")
    ctx.database = pg_url
    try:
        store = shared_store(ctx)
        for name in ("Ana", "Bo"):
            store.create_trainee(name)
        school.create_class(store, "Morning", "Ms Lee", "hunter2")
        ctx.set_trainee("Bo")
        screen = ProgressScreen(ctx)
        qtbot.addWidget(screen)
        monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
        monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: None)
        monkeypatch.setattr("trainer.ui.progress_link.QInputDialog.getText", lambda *a, **k: ("guess", True))
        screen.delete_trainee()
        assert [t.name for t in store.trainees()] == ["Ana", "Bo"]
        monkeypatch.setattr("trainer.ui.progress_link.QInputDialog.getText", lambda *a, **k: ("hunter2", True))
        screen.delete_trainee()
        assert [t.name for t in store.trainees()] == ["Ana"]
    finally:
        close_shared_stores()


def test_the_app_starts_while_the_school_server_is_down(tmp_path, qtbot):
    from trainer.ui.context import AppContext
    from trainer.ui.main_window import MainWindow

    ctx = AppContext(data=tmp_path / "data")
    ctx.database = "postgresql://coach:secret@/school?host=/nonexistent"
    try:
        window = MainWindow(ctx)
        qtbot.addWidget(window)
        with qtbot.waitSignal(window.firstPainted):
            window.show()
        text = window.connection_label.text()
        assert text.endswith("unreachable: 0 answers wait on this PC and will be sent") and "secret" not in text
        store = shared_store(ctx)
        store.ensure_trainee("Ana")
        _answer(store, "Ana", 2, 2)
        assert store.waiting() == 2 and len(store.answers("Ana")) == 2
    finally:
        close_shared_stores()


def test_the_school_database_setting_is_checked_and_kept(tmp_path, qtbot, monkeypatch):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox, QWidget

    from trainer.ui.progress_link import ask_database

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    parent = QWidget()
    qtbot.addWidget(parent)
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warned.append(a[2]))
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    monkeypatch.setattr("trainer.ui.progress_link.QInputDialog.getText", lambda *a, **k: ("mysql://x/y", True))
    assert ask_database(settings, parent) is None and settings.value("database") is None
    assert warned and warned[0].startswith("bad database URL 'mysql://x/y'")
    monkeypatch.setattr("trainer.ui.progress_link.QInputDialog.getText",
                        lambda *a, **k: ("postgresql://coach@school/trainer", True))
    assert ask_database(settings, parent) == "postgresql://coach@school/trainer"
    assert settings.value("database") == "postgresql://coach@school/trainer"


def test_an_instructor_adds_a_class_and_its_trainees(trainee_ctx, shown):
    store = shared_store(trainee_ctx)
    store.create_trainee("Bo")
    view = shown(ClassScreen(trainee_ctx))
    assert view.class_box.count() == 0 and view.message.text().startswith("No classes yet")
    assert "New class…" in view.message.text() and "--create" not in view.message.text()  # the button, issue 29
    assert not view.create_class("Evening", "Mr Kim", "pw1", "pw2")
    assert view.message.text() == "⚠ the two passwords differ: the class was not added"
    assert view.create_class("Evening", "Mr Kim", "pw1", "pw1")
    assert view.class_box.currentText() == "Evening" and view.instructor.text() == "Instructor: Mr Kim"
    view.set_members(["Bo"])
    assert _column(view, 0) == ["Bo"] and view.summary.text() == "Evening: 0 of 1 trainees ready for the exam"
    view.set_members(["Ana", "Bo"])
    assert _column(view, 0) == ["Ana", "Bo"]
    view.set_members(["Ana"])  # Bo unticked: out of the class, his records kept
    assert _column(view, 0) == ["Ana"] and "Bo" in [t.name for t in store.trainees()]
    assert not view.create_class("Evening", "Mr Kim", "x", "x")
    assert view.message.text() == "⚠ a class called 'Evening' already exists"
    view.sign_out()  # signed out: a new class is not even asked for
    view.new_class()
    assert view.message.text() == "⚠ only an instructor adds a class: sign in first (Ctrl+L)"
