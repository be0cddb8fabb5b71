"""The live quiz in the app (issue 41): the instructor's window run by key, the board on the presenter
window, the trainee's Join offer and window; real widgets (pytest-qt) on a real PostgreSQL (pgserver).
The board's pictures are written at 1280x720 and 1920x1080, Normal and Projector text sizes."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from trainer.drills.answers import expected_text
from trainer.progress import live, school
from trainer.progress.live import Tally
from trainer.progress.server import open_store
from trainer.ui.live_board import LiveBoard, chart_bars
from trainer.ui.live_host import LiveHostWindow, skill_choices
from trainer.ui.live_join import JoinOffer, LiveJoinWindow
from trainer.ui.scaling import apply_text_size

SKILLS = ("tile-compare", "hand-compare")


@pytest.fixture
def school_db(pg_url, tmp_path):
    store = open_store(pg_url, data=tmp_path / "host")
    for name in ("Ana", "Ben", "Dee"):
        store.create_trainee(name)
    group = school.create_class(store, "Morning", "Ms Lee", "s3cret")
    school.add_trainees(store, "Morning", ["Ana", "Ben"])
    yield store, group, pg_url
    store.close()


def _wrong(question) -> str:
    return next(c for c in question.choices if c != question.answer)


def test_the_instructor_runs_the_quiz_by_key_and_the_projector_follows(school_db, qtbot, tmp_path):
    from trainer.ui.context import AppContext
    from trainer.ui.presenter import PresenterWindow

    store, group, url = school_db
    presenter = PresenterWindow(AppContext(data=tmp_path / "data"))
    qtbot.addWidget(presenter)
    presenter.show()
    quiz = live.open_quiz(store, group, SKILLS, 2, 7)
    host = LiveHostWindow(store, quiz, presenter=presenter)
    qtbot.addWidget(host)
    host.resize(1280, 720)
    host.show()
    qtbot.waitExposed(host)
    assert presenter.live is host.projected and host.projected.isVisible()
    assert host.board.code.text() == quiz.code and host.board.code.isVisible()
    with open_store(url, data=tmp_path / "ana") as ana_pc:
        live.join(ana_pc, quiz, "Ana")
        live.join(ana_pc, quiz, "Ben")
        host.poll()
        assert "2 joined" in host.board.join_text.text()
        assert not host.buttons["R"].isEnabled()  # nothing asked yet to reveal
        qtbot.keyClick(host, Qt.Key.Key_N)
        question = quiz.question(1)
        assert host.quiz.state == "question" and host.board.question.prompt.text()
        assert host.projected.question.prompt.text() == host.board.question.prompt.text()
        live.answer(ana_pc, host.quiz, "Ana", 1, question.answer, 900)
        live.answer(ana_pc, host.quiz, "Ben", 1, _wrong(question), 900)
        host.poll()
        assert host.board.count.text() == "2 of 2 answered"
        qtbot.keyClick(host, Qt.Key.Key_R)
    assert host.board.chart.isVisible() and host.projected.chart.isVisible()
    bars = host.board.chart.bars
    assert [b for b in bars if b[2]] == [(question.answer, 1, True)] and sum(n for _, n, _ in bars) == 2
    assert expected_text(question) in host.board.why.text() and question.citations[0] in host.board.why.text()
    qtbot.keyClick(host, Qt.Key.Key_H)  # the names hidden on the projector before the results
    qtbot.keyClick(host, Qt.Key.Key_E)
    assert host.quiz.state == "ended" and host.board.results.isVisible()
    assert "Ana" not in host.board.results.text() and "Trainee 1: 1 of 1 right" in host.board.results.text()
    qtbot.keyClick(host, Qt.Key.Key_H)
    assert "Ana: 1 of 1 right" in host.projected.results.text()
    host.close()
    assert presenter.live is None


def test_the_presenter_closed_during_the_quiz_leaves_the_board_in_the_window(school_db, qtbot, tmp_path):
    from trainer.ui.context import AppContext
    from trainer.ui.presenter import PresenterWindow

    store, group, url = school_db
    presenter = PresenterWindow(AppContext(data=tmp_path / "data"))
    presenter.show()
    host = LiveHostWindow(store, live.open_quiz(store, group, SKILLS, 2, 7), presenter=presenter)
    qtbot.addWidget(host)
    host.show()
    presenter.close()
    assert host.projected is None
    qtbot.keyClick(host, Qt.Key.Key_N)
    assert host.quiz.number == 1 and host.board.question.prompt.text()
    host.close()


def test_a_trainee_joins_answers_and_sees_the_reveal(school_db, qtbot, tmp_path):
    store, group, url = school_db
    pc = open_store(url, data=tmp_path / "pc")
    offer = JoinOffer(pc, lambda: "Ana")
    qtbot.addWidget(offer)
    offer.look()
    assert offer.isHidden()  # no quiz open
    quiz = live.open_quiz(store, group, SKILLS, 2, 7)
    offer.look()
    assert not offer.isHidden() and offer.text() == "Live quiz in Morning — Join (J)"
    outsider = JoinOffer(pc, lambda: "Dee")
    qtbot.addWidget(outsider)
    outsider.look()
    assert outsider.isHidden()
    window = offer.join()
    qtbot.addWidget(window)
    assert window.answers.isHidden()
    quiz = live.ask_next(store, quiz)
    question = quiz.question()
    qtbot.waitUntil(lambda: window.number == 1, timeout=1000)  # within a second of Next
    assert window.question.prompt.text() and window.answers.isVisible()
    window.answers.answered.emit(_wrong(question))
    assert window.verdict.text() == "Answer sent. Wait for the reveal." and window.answers.isHidden()
    live.reveal(store, quiz)
    qtbot.waitUntil(lambda: window.verdict.text().startswith("✗ Wrong."), timeout=3000)
    assert question.citations[0] in window.verdict.text()
    assert [(a.mode, a.correct) for a in pc.answers("Ana")] == [("live", False)]
    live.end(store, live.ask_next(store, live.find_quiz(store, quiz.code)))
    qtbot.waitUntil(lambda: "ended" in window.verdict.text(), timeout=3000)
    window.close()
    pc.close()


def test_a_late_answer_is_refused_in_the_window(school_db, qtbot, tmp_path):
    store, group, url = school_db
    pc = open_store(url, data=tmp_path / "pc")
    quiz = live.ask_next(store, live.open_quiz(store, group, SKILLS, 2, 7))
    live.join(pc, quiz, "Ben")
    window = LiveJoinWindow(pc, quiz, "Ben")
    qtbot.addWidget(window)
    assert window.number == 1
    live.reveal(store, quiz)  # before the window has heard of it
    window.answers.answered.emit(quiz.question().answer)
    assert window.verdict.text() == "⚠ Too late: the answers to question 1 are closed."
    assert pc.answers("Ben") == []
    window.close()
    pc.close()


def test_the_chart_bars():
    counted = Tally(1, 4, 1, {"5-6": 1, "1-5": 3})
    assert chart_bars(counted, ("5-6", "1-5", "Same rank"), "5-6") == [("5-6", 1, True), ("1-5", 3, False),
                                                                       ("Same rank", 0, False)]


def test_animated_skills_are_not_offered():
    from trainer.drills.registry import profile_for, skill_named

    offered = [s for s, _ in skill_choices(profile_for("tile-compare", None))]
    assert "tile-compare" in offered and not any(skill_named(s).needs_screen for s in offered)


@pytest.mark.parametrize("text,size,theme", [("normal", (1280, 720), "light"), ("projector", (1280, 720), "light"),
                                              ("normal", (1920, 1080), "light"), ("projector", (1920, 1080), "light"),
                                              ("projector", (1280, 720), "dark")])
def test_the_boards_pictures(qtbot, tmp_path, size, text, theme):
    """Every state of the board, grabbed to PNG (LIVE_PICTURES=folder keeps them to look at): at
    1280x720 Projector, what classrooms project, nothing is cut."""
    from trainer.drills.exam import ExamSpec, exam_question
    from trainer.progress.live import Result
    from trainer.ui.theme import apply_theme, theme_named

    apply_text_size(QApplication.instance(), text)
    apply_theme(QApplication.instance(), theme_named(theme))
    try:
        board = LiveBoard(theme)
        qtbot.addWidget(board)
        board.resize(*size)
        board.show()
        question = exam_question(ExamSpec(seed=7, skills=SKILLS, count=2), 2)
        folder = os.environ.get("LIVE_PICTURES") or str(tmp_path)
        states = (("open", lambda: board.show_open("CJ7XKM", "Morning", 14)),
                  ("question", lambda: (board.show_question(question, 2, 10, "CJ7XKM"), board.show_count(9, 14))),
                  ("reveal", lambda: board.show_reveal(question, Tally(2, 12, 8, {question.answer: 8,
                                                                                 _wrong(question): 4}),
                                                       question.answer)),
                  ("results", lambda: board.show_results([Result(f"Trainee name {i}", 10, 10 - i) for i in range(8)],
                                                         [Tally(k, 14, 10, {}) for k in range(1, 11)])))
        for name, show in states:
            show()
            qtbot.wait(50)
            picture = board.grab()
            assert picture.save(f"{folder}/live-{name}-{size[0]}x{size[1]}-{text}-{theme}.png")
            for label in (board.heading, board.count, board.why, board.code, board.choices):
                if label.isVisible():
                    assert label.geometry().bottom() <= board.height() and label.height() > 0, (name, label.text())
    finally:
        apply_text_size(QApplication.instance(), "normal")
        apply_theme(QApplication.instance(), theme_named("light"))


def test_without_a_school_database_live_quiz_says_it_needs_one(trainee_ctx, shown):
    from trainer.ui.class_screen import ClassScreen
    from trainer.ui.progress_link import shared_store

    school.create_class(shared_store(trainee_ctx), "Morning", "Ms Lee", "s3cret")
    screen = shown(ClassScreen(trainee_ctx))
    assert not screen.live_button.isEnabled()  # signed out
    assert screen.sign_in("Morning", "s3cret") and screen.live_button.isEnabled()
    screen.live_quiz()
    assert screen.message.text().startswith("⚠ a live quiz needs a school database (PostgreSQL)")
    assert screen.live_window is None


def test_a_multi_part_question_lists_its_parts_on_the_board(qtbot):
    from trainer.drills import generate

    question = generate("pai-gow-payout", seed=3)
    assert question.parts
    board = LiveBoard()
    qtbot.addWidget(board)
    board.show_question(question, 1, 1, "CJ7XKM")
    assert board.choices.isVisibleTo(board)
    assert all(f"{i}. " in board.choices.text() for i in range(1, len(question.parts) + 1))


def test_the_class_screen_opens_a_live_quiz(school_db, qtbot, tmp_path):
    """Class screen → Live quiz… (signed in): the form ticks skills, sets the count and seed; the
    quiz opens on the server and its window shows the code."""
    from PySide6.QtCore import QTimer

    from trainer.ui.class_screen import ClassScreen
    from trainer.ui.context import AppContext
    from trainer.ui.progress_link import close_shared_stores

    store, group, url = school_db
    ctx = AppContext(data=tmp_path / "data")
    ctx.database = url
    try:
        screen = ClassScreen(ctx)
        qtbot.addWidget(screen)
        screen.show()
        assert screen.sign_in("Morning", "s3cret")

        def fill() -> None:
            form = QApplication.activeModalWidget()
            for i in range(form.skills.count()):
                if form.skills.item(i).data(Qt.ItemDataRole.UserRole) in SKILLS:
                    form.skills.item(i).setCheckState(Qt.CheckState.Checked)
            form.count.setValue(3)
            form.seed.setValue(7)
            qtbot.keyClick(form, Qt.Key.Key_Return)

        QTimer.singleShot(100, fill)
        screen.live_quiz()
        host = screen.live_window
        qtbot.addWidget(host)
        quiz = live.find_quiz(store, host.quiz.code)
        assert (quiz.skills, quiz.count, quiz.seed, quiz.state) == (SKILLS, 3, 7, "open")
        assert host.board.code.text() == quiz.code
        host.close()
    finally:
        close_shared_stores()


def test_a_presenter_opened_after_the_quiz_started_shows_the_live_board(school_db, qtbot, tmp_path):
    """View → Present on… during a live quiz showed the screen behind it (issue 40, item 8): the board
    as it is now (the question and its live count, the names hidden), and what comes next."""
    from PySide6.QtCore import QSettings

    from trainer.ui.context import AppContext
    from trainer.ui.main_window import MainWindow

    store, group, url = school_db
    window = MainWindow(AppContext(data=tmp_path / "data"), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    window.finish_startup()
    quiz = live.open_quiz(store, group, SKILLS, 2, 7)
    host = LiveHostWindow(store, quiz, parent=window)  # (the Class screen's window, as it opens it)
    host.show()
    qtbot.keyClick(host, Qt.Key.Key_H)
    with open_store(url, data=tmp_path / "ana") as ana_pc:
        live.join(ana_pc, quiz, "Ana")
        qtbot.keyClick(host, Qt.Key.Key_N)
        live.answer(ana_pc, host.quiz, "Ana", 1, quiz.question(1).answer, 900)
        host.poll()
    assert host.board.count.text() == "1 of 1 answered"
    presenter = window.present(None)
    board = host.projected
    assert presenter.live is board and board.isVisible() and not presenter.asked.isVisible()
    assert board.question.prompt.text() == host.board.question.prompt.text()
    assert board.count.text() == "1 of 1 answered" and board.hide_names
    qtbot.keyClick(host, Qt.Key.Key_R)
    assert board.chart.isVisible()
    host.close()
    assert presenter.live is None
