"""The Learn screen through its real widgets, by keyboard alone: pages, worked examples, flashcards
recorded on the drills' cards; reached from the Drills screen, the welcome and Help."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from trainer.drills.learn import families, flashcards
from trainer.ui import learn_screen
from trainer.ui.learn_widgets import ChartView, TileCardView, WalkthroughView
from trainer.ui.progress_link import shared_store


@pytest.fixture
def screen(shown, trainee_ctx):
    return shown(learn_screen.create_screen(trainee_ctx))


def test_pages_flashcards_and_ratings_by_keyboard_alone(qtbot, screen, trainee_ctx):
    assert screen.family == "Tiles" and screen.findChildren(TileCardView)
    # Alt+P reaches the page list; Down picks the next page
    qtbot.keyClick(screen, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    assert screen.pages.hasFocus()
    qtbot.keyClick(screen.pages, Qt.Key.Key_Down)
    assert screen.family == families(trainee_ctx.profile)[1]
    qtbot.keyClick(screen.pages, Qt.Key.Key_Up)
    assert screen.family == "Tiles"
    # F: the flashcards; Space shows the answer; 1-4 rate it
    qtbot.keyClick(screen.pages, Qt.Key.Key_F)
    card = screen.flashcard
    assert card.isVisible() and card.hasFocus() and not card.back.isVisible()
    first = card.card
    assert first == flashcards("Tiles", trainee_ctx.profile)[0]
    qtbot.keyClick(card, Qt.Key.Key_3)  # no rating before the answer is shown
    assert card.card is first and shared_store(trainee_ctx).answers("Ana") == []
    qtbot.keyClick(card, Qt.Key.Key_Space)
    assert card.back.isVisible() and first.back.split(" — ")[0] in card.back.text()
    assert "rulebook:" in card.back.text()  # its section, a link
    qtbot.keyClick(card, Qt.Key.Key_1)  # Again
    second = card.card
    assert second is not first and not card.back.isVisible()
    qtbot.keyClick(card, Qt.Key.Key_Space)
    qtbot.keyClick(card, Qt.Key.Key_3)  # Good
    records = shared_store(trainee_ctx).answers("Ana")
    assert [(r.skill, r.item, r.correct) for r in records] == [("tile-id", first.item, False),
                                                               ("tile-id", second.item, True)]
    assert set(shared_store(trainee_ctx).cards("Ana")) == {("tile-id", first.item), ("tile-id", second.item)}
    # the missed card comes back after three others (the second card was the first of them)
    for _ in range(2):
        assert card.card.key != first.key
        qtbot.keyClick(card, Qt.Key.Key_Space)
        qtbot.keyClick(card, Qt.Key.Key_4)
    assert card.card.key == first.key
    qtbot.keyClick(card, Qt.Key.Key_Escape)
    assert screen.stack.currentWidget() is screen.scroll


def test_a_worked_example_steps_by_keyboard_to_the_house_way_setting(qtbot, screen):
    screen.show_learn("house-way")
    assert screen.family == "House way"
    view = screen.findChildren(WalkthroughView)[2]
    view.setFocus()
    frames = view.walk.frames
    for _ in range(len(frames) + 2):  # past the end: it stays on the last frame
        qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.index == len(frames) - 1
    assert frames[-1].high and frames[-1].low and "rulebook:" in view.caption.text()
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.index == len(frames) - 2
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.index == 0


def test_the_table_1_chart_marks_the_trainee_s_misses(qtbot, shown, tmp_path):
    from trainer.drills.learn import flashcard_question
    from trainer.ui.context import AppContext
    from trainer.ui.progress_link import close_shared_stores

    ctx = AppContext(profile="pa-631a", data=tmp_path / "bac")
    store = shared_store(ctx)
    store.create_trainee("Bo")
    ctx.set_trainee("Bo")
    card = next(c for c in flashcards("Baccarat hands", "pa-631a") if c.item == "B5-4")
    store.record_flashcard("Bo", flashcard_question(card, "pa-631a"), "Again", 3000)
    try:
        screen = shown(learn_screen.create_screen(ctx))
        assert screen.family == "Baccarat hands"
        # (built a turn after the open when a window is already on screen: issue 42's later parts)
        qtbot.waitUntil(lambda: not screen.later.pending)
        chart = screen.findChildren(ChartView)[0]
        assert [c.accessibleName() for c in chart.weak_cells] == ["Banker 5, 4: D, one you miss"]
    finally:
        close_shared_stores()


def test_the_drills_screen_asks_for_the_selected_skill_s_learn_page(qtbot, shown, trainee_ctx):
    from trainer.ui import drill_screen

    drills = shown(drill_screen.create_screen(trainee_ctx))
    drills.select_skill("house-way")
    asked = []
    drills.learnRequested.connect(asked.append)
    qtbot.keyClick(drills.welcome, Qt.Key.Key_L)
    assert asked == ["house-way"]


def test_the_main_window_opens_learn_from_drills_welcome_and_help(qtbot, tmp_path, trainee_ctx):
    from PySide6.QtCore import QSettings

    from trainer.ui.help import SUGGESTED_PATHS
    from trainer.ui.main_window import MainWindow

    window = MainWindow(trainee_ctx, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    window.finish_startup()
    drills = window.show_screen("drills")
    drills.select_skill("tile-compare")
    drills.learn()
    assert window.current_key == "learn" and window.current_screen().family == "Tiles"
    window.show_welcome()
    dialog = window.welcome_dialog
    dialog.step_buttons[0].click()  # a step teaches before it tests
    assert window.current_key == "learn" and window.current_screen().family == "Tiles"
    assert SUGGESTED_PATHS["paigow"][0].skill == "tile-id"
    window.show_screen("drills")
    help_learn = next(a for a in window.menuBar().actions() if a.text() == "&Help").menu().actions()
    next(a for a in help_learn if "Learn" in a.text()).trigger()
    assert window.current_key == "learn"


@pytest.mark.parametrize("profile", ["pa-2019", "pa-631a"])
def test_every_learn_page_fits_1280x720_at_the_projector_text_size(qtbot, profile, tmp_path):
    """No page scrolls sideways and no wrapped text is cut, at the classroom's largest text (as test_ui_fit)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QLabel

    from tests.test_ui_fit import _cut, _settle
    from trainer.ui.context import AppContext
    from trainer.ui.main_window import MainWindow
    from trainer.ui.scaling import apply_text_size

    app = QApplication.instance()
    apply_text_size(app, "projector")
    try:
        window = MainWindow(AppContext(seed=3, profile=profile, data=tmp_path / "d"),
                            QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        window.finish_startup()
        screen = window.show_screen("learn")
        for family in families(profile):
            screen.show_family(family)
            _settle(window, (1280, 720))
            assert (window.width(), window.height()) == (1280, 720), family
            cut = [(label.text()[:40], _cut(label)) for label in screen.findChildren(QLabel)
                   if label.wordWrap() and label.isVisible() and _cut(label)]
            assert cut == [], family
    finally:
        apply_text_size(app, "normal")


def test_a_switch_of_game_behind_another_screen_waits_until_learn_is_shown(qtbot, trainee_ctx):
    """Learn rebuilt its page on every switch of game even behind another screen (about 40 ms of that
    screen's first open); it now does so when shown, and then shows the new game's pages."""
    from PySide6.QtWidgets import QMainWindow, QStackedWidget, QWidget

    def title() -> str:
        return screen.content_lay.itemAt(0).widget().text()

    window, stack, other = QMainWindow(), QStackedWidget(), QWidget()
    qtbot.addWidget(window)
    screen = learn_screen.create_screen(trainee_ctx)
    stack.addWidget(screen)
    stack.addWidget(other)
    window.setCentralWidget(stack)
    window.show()
    assert title() == "Learn: Tiles"
    stack.setCurrentWidget(other)
    trainee_ctx.set_game("baccarat")
    new_pages = list(families(trainee_ctx.profile))
    assert [screen.pages.itemData(i) for i in range(screen.pages.count())] == new_pages
    assert title() == "Learn: Tiles"  # not rebuilt while hidden
    stack.setCurrentWidget(screen)
    assert screen.family == new_pages[0] and title() == f"Learn: {new_pages[0]}"
