"""A screen's first open shows what it shows first and builds the rest in later turns (issue 42); a
screen driven by keyboard at once, before those parts are built, still works, and they are built after.

Real windows on the offscreen platform (pytest-qt): the main window shown as the app shows it.
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QWidget

from trainer.drills.learn import families, learn_page
from trainer.ui import learn_screen
from trainer.ui.later import Later, on_screen
from trainer.ui.learn_widgets import WalkthroughView
from trainer.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot, tmp_path, trainee_ctx):
    w = MainWindow(trainee_ctx, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.finish_startup()
    return w


def _sections(screen) -> list[QWidget]:
    """The page's section widgets shown so far (after the title, before the closing stretch)."""
    lay = screen.content_lay
    return [lay.itemAt(i).widget() for i in range(1, lay.count()) if lay.itemAt(i).widget() is not None]


def test_later_runs_one_part_a_turn_in_order_and_a_new_run_drops_the_old_parts(qtbot):
    shown = QWidget()
    qtbot.addWidget(shown)
    shown.show()
    assert on_screen()
    later, done = Later(shown), []
    later.run([lambda k=k: done.append(("a", k)) for k in range(3)])
    assert done == [] and later.pending == 3
    QApplication.processEvents()  # one turn, one part
    assert done == [("a", 0)] and later.pending == 2
    later.run([lambda k=k: done.append(("b", k)) for k in range(2)])  # the a-parts left are dropped
    qtbot.waitUntil(lambda: later.pending == 0)
    qtbot.wait(20)
    assert done == [("a", 0), ("b", 0), ("b", 1)]
    later.run([lambda: done.append("c")])
    later.finish()  # what needs them all now
    assert done[-1] == "c" and later.pending == 0


def test_later_builds_everything_at_once_when_no_window_is_on_screen(qtbot):
    owner = QWidget()
    qtbot.addWidget(owner)
    assert not owner.isVisible()
    if on_screen():  # (another test's window still open: nothing to learn here)
        pytest.skip("a window is on screen")
    done = []
    Later(owner).run([lambda k=k: done.append(k) for k in range(3)])
    assert done == [0, 1, 2]


def test_learn_opens_with_its_first_section_and_builds_the_others_after(qtbot, window, trainee_ctx):
    page = learn_page(families(trainee_ctx.profile)[0], trainee_ctx.profile)
    assert len(page.sections) > 1
    screen = window.show_screen("learn")
    # the first section; the others later, a part (a section's title, its facts, a chart...) a turn
    assert len(_sections(screen)) == 1 and screen.later.pending >= len(page.sections) - 1
    QApplication.processEvents()
    assert len(_sections(screen)) == 2 and len(_sections(screen)[1].children()) == 2  # its layout and title
    qtbot.waitUntil(lambda: screen.later.pending == 0)
    assert len(_sections(screen)) == len(page.sections)
    titles = [s.findChildren(QWidget)[0].text() for s in _sections(screen)]
    assert titles == [s.title for s in page.sections]  # in the page's order


def test_learn_driven_by_keyboard_before_its_later_sections_are_built(qtbot, window, trainee_ctx):
    names = families(trainee_ctx.profile)
    screen = window.show_screen("learn")
    assert screen.later.pending  # nothing below the first section yet
    # F: the flashcards at once
    qtbot.keyClick(screen.scroll, Qt.Key.Key_F)
    assert screen.stack.currentWidget() is screen.flashcard and screen.flashcard.card is not None
    qtbot.keyClick(screen.flashcard, Qt.Key.Key_Escape)
    assert screen.stack.currentWidget() is screen.scroll
    # Alt+P, Down: the next page, whole (what the first open left is dropped)
    qtbot.keyClick(screen, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    qtbot.keyClick(screen.pages, Qt.Key.Key_Down)
    assert screen.family == names[1] and screen.later.pending == 0
    assert len(_sections(screen)) == len(learn_page(names[1], trainee_ctx.profile).sections)
    qtbot.wait(20)  # the first page's parts left never come back
    assert screen.family == names[1]
    assert len(_sections(screen)) == len(learn_page(names[1], trainee_ctx.profile).sections)


def test_a_learn_page_shown_for_a_skill_is_whole_at_once(qtbot, window):
    window.show_screen("learn")
    screen = window.learn("house-way") or window.current_screen()
    assert screen.family == "House way" and screen.later.pending == 0
    assert len(screen.findChildren(WalkthroughView)) >= 3


def test_a_learn_screen_made_alone_is_whole_at_once(qtbot, trainee_ctx):
    if on_screen():
        pytest.skip("a window is on screen")
    screen = learn_screen.create_screen(trainee_ctx)
    qtbot.addWidget(screen)
    page = learn_page(screen.family, trainee_ctx.profile)
    assert screen.later.pending == 0 and len(_sections(screen)) == len(page.sections)


def test_drills_open_on_their_welcome_and_build_the_question_page_and_review_when_first_needed(qtbot, window):
    screen = window.show_screen("drills")
    assert screen.pages.currentWidget() is screen.welcome
    qtbot.wait(20)
    assert screen._built("question_page") is None and screen._built("summary") is None
    assert screen.summary is screen._built("summary") and screen._built("question_page") is not None
    # in the order the screen built them at once before: welcome, question, review
    assert [screen.pages.widget(i) for i in range(3)] == [screen.welcome, screen.question_page, screen.summary]


def test_drills_driven_by_keyboard_before_the_question_page_is_built(qtbot, window, trainee_ctx):
    from trainer.ui.progress_link import shared_store

    screen = window.show_screen("drills")
    assert screen._built("question_page") is None
    screen.select_skill("tile-compare")
    screen.length.setValue(1)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)  # Enter starts: the question page is built for it
    q = screen.controller.session.current
    assert screen.pages.currentWidget() is screen.question_page and screen.question.prompt.text()
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert [(r.skill, r.correct) for r in shared_store(trainee_ctx).answers("Ana")] == [("tile-compare", True)]
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)  # the last question: the review
    assert screen.pages.currentWidget() is screen.summary and "1 right" in screen.summary.headline.text()
    assert screen.pages.count() == 3  # each page made once


def _counting(screen, name: str) -> list[int]:
    """Calls of ``screen.name`` from now on (the real method still runs)."""
    calls, real = [], getattr(screen, name)
    setattr(screen, name, lambda *a: (calls.append(1), real(*a))[1])
    return calls


def test_progress_first_open_reads_the_store_once(qtbot, window, trainee_ctx):
    from trainer.ui import progress_screen

    made = []
    real = progress_screen.ProgressScreen.refresh
    progress_screen.ProgressScreen.refresh = lambda self: (made.append(1), real(self))[1]
    try:
        window.show_screen("progress")
    finally:
        progress_screen.ProgressScreen.refresh = real
    assert made == [1]  # built and shown in one turn: not again on its show


def test_screens_behind_another_follow_a_switch_of_game_when_shown(qtbot, window, trainee_ctx):
    drills, progress, book = (window.show_screen(k) for k in ("drills", "progress", "rulebook"))
    window.show_screen("exam")
    qtbot.wait(10)
    counts = {s: _counting(s, m) for s, m in ((drills, "reload_skills"), (progress, "refresh"),
                                               (book, "_profile_changed"))}
    trainee_ctx.set_game("baccarat")
    assert all(c == [] for c in counts.values())  # nothing rebuilt behind the Exam screen
    window.show_screen("drills")
    assert counts[drills] == [1] and drills.skill.findData("bac-banker-draws") >= 0
    window.show_screen("progress")
    assert counts[progress] == [1]
    window.show_screen("rulebook")
    assert counts[book] == [1]


def test_an_answer_panel_makes_only_the_choices_until_another_input_is_needed(qtbot):
    from trainer.drills.model import AnswerKind, Question
    from trainer.ui.widgets.answers import AnswerPanel

    panel = AnswerPanel(heights_ignored=("setter",))
    qtbot.addWidget(panel)
    later = ("setter", "typed", "parts", "tray", "caller")
    assert not any(name in panel.__dict__ for name in later) and panel.count() == 1
    given = []
    panel.answered.connect(given.append)
    panel.show_question(Question(skill="tile-id", item="teen", seed=1, profile="nj", house_way="", prompt="Its name?",
                                 kind=AnswerKind.TEXT, answer="Teen", explanation="", citations=()))
    assert panel.currentWidget() is panel.typed and "tray" not in panel.__dict__
    qtbot.keyClicks(panel.typed.edit, "Teen")
    qtbot.keyClick(panel.typed.edit, Qt.Key.Key_Return)
    assert given == ["Teen"]
    # asked for by a caller: made then, in the stack, its height ignored as asked
    assert panel.indexOf(panel.setter) >= 0 and panel.setter.sizePolicy().verticalPolicy().name == "Ignored"
    aside = AnswerPanel(only_shown=True)
    qtbot.addWidget(aside)
    assert aside.indexOf(aside.tray) < 0 and aside.tray.parent() is aside  # (aside: held only when shown)
