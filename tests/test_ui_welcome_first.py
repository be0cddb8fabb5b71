"""The welcome teaches before it tests (issue 40, item 3): Enter after typing the name opens the first
step's Learn page, never a drill; that page's Practise (D) then opens the step's own drill; "Practise
now" beside a step skips the page. Driven by keys, on the real window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt

from trainer.ui import main_window as mw
from trainer.ui.context import AppContext
from trainer.ui.help import SUGGESTED_PATHS
from trainer.ui.progress_link import close_shared_stores


@pytest.fixture
def window(qtbot, tmp_path):
    w = mw.MainWindow(AppContext(seed=3, data=tmp_path / "data"),
                      QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1024, 768)
    w.show()
    w.finish_startup()
    yield w
    w.close()
    w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    close_shared_stores()


@pytest.mark.parametrize("profile", ["pa-2019", "pa-631a"])
def test_enter_after_the_name_opens_the_first_steps_learn_page_then_its_drill(qtbot, window, profile):
    window.ctx.set_profile(profile)
    window.show_welcome()
    dialog = window.welcome_dialog
    dialog.name.setFocus()
    qtbot.keyClicks(dialog.name, "Ana")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    first = SUGGESTED_PATHS[window.ctx.game.id][0]
    learn = window.current_screen()
    assert not dialog.isVisible() and window.ctx.trainee == "Ana"
    assert window.current_key == "learn" and learn.skill == first.skill
    drills = window.show_screen("drills")
    assert not drills.controller.running  # nothing was asked before the page
    window.show_screen("learn")
    qtbot.keyClick(learn, Qt.Key.Key_D)
    assert window.current_key == "drills" and drills.skill.currentData() == first.skill
    assert drills.controller.running


def test_every_step_teaches_first_and_practise_now_drills_at_once(qtbot, window):
    for number, step in enumerate(SUGGESTED_PATHS["paigow"]):
        window.show_welcome()
        dialog = window.welcome_dialog
        dialog.name.setText("Ana")
        dialog.step_buttons[number].click()
        if step.skill:
            assert window.current_key == "learn" and window.current_screen().skill == step.skill
        else:
            assert window.current_key == step.screen
    window.show_welcome()
    assert window.welcome_dialog.name.text() == "Ana"
    window.welcome_dialog.practise_buttons[1].click()
    assert window.current_key == "drills" and window.current_screen().skill.currentData() == "house-way"


def test_only_the_first_step_is_the_default_and_the_mnemonics_are_unique(window):
    window.show_welcome()
    dialog = window.welcome_dialog
    from PySide6.QtWidgets import QAbstractButton, QLabel, QPushButton

    buttons = dialog.findChildren(QPushButton)
    assert [b for b in buttons if b.isDefault()] == [dialog.step_buttons[0]]
    assert not any(b.autoDefault() for b in buttons)
    texts = [w.text() for w in dialog.findChildren(QLabel) + dialog.findChildren(QAbstractButton)]
    keys = [t[t.index("&") + 1].lower() for t in texts if "&" in t and not t.startswith("<")]
    assert len(keys) == len(set(keys)) >= 3


def test_the_first_hour_by_keyboard_alone_at_1024x768(qtbot, window):
    """The welcome (name, Enter), the Tiles Learn page and three flashcards (F, Space, 1-4, Esc), then
    its drill (D) and a whole 20-question session answered by number keys, each verdict left with Space
    (three wrong), its review and Practise these (P): every key to the widget that has the focus."""
    from tests.test_ui_keyboard_only import _answer, _key
    from trainer.ui.progress_link import shared_store

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.show_welcome()
    dialog = window.welcome_dialog
    dialog.name.setFocus()
    qtbot.keyClicks(dialog.name, "Ana")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    learn = window.current_screen()
    assert window.current_key == "learn" and learn.family == "Tiles"
    qtbot.waitUntil(lambda: window.isActiveWindow())
    _key(qtbot, learn, Qt.Key.Key_F)
    for rating in (Qt.Key.Key_3, Qt.Key.Key_1, Qt.Key.Key_4):
        _key(qtbot, learn, Qt.Key.Key_Space)
        _key(qtbot, learn, rating)
    _key(qtbot, learn, Qt.Key.Key_Escape)
    _key(qtbot, learn, Qt.Key.Key_D)
    drills = window.current_screen()
    assert window.current_key == "drills" and drills.controller.running and drills.length.value() == 20
    session = drills.controller.session
    for n in range(20):
        q = session.current
        assert q is not None and (drills.progress.value(), drills.progress.maximum()) == (n, 20)
        _answer(qtbot, drills, q, wrong=n % 7 == 3)
        assert drills.feedback.isVisible()
        _key(qtbot, drills, Qt.Key.Key_Space)
    assert not drills.controller.running and "17 right · 3 wrong" in drills.summary.headline.text()
    answers = shared_store(window.ctx).answers("Ana")
    assert [a.mode for a in answers].count("flashcard") == 3 and len(answers) == 23
    _key(qtbot, drills, Qt.Key.Key_P)
    assert drills.controller.running and drills.controller.session.items
