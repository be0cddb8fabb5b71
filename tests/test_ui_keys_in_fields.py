"""Keys never type into answers (issue 40, item 5): in a number or money field "?" asks for the hint and
D starts the dealer's demonstration (a shortcut works there, or the key types nothing); a text field
keeps its letters; Alt+P reaches the Learn page's list, not the Profile menu, and no screen shares a
mnemonic with another of its controls or with the menu bar."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QTabWidget

from tests.test_ui_dealer_chips import IDS, SCREENS, open_screen, to_payment
from trainer.ui import drill_screen
from trainer.ui.widgets.number_keys import number_field


def active(qtbot, widget):
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)
    return widget


@pytest.mark.parametrize("skill", ["vigorish", "pai-gow-payout"])
def test_a_question_mark_in_an_amount_asks_for_the_hint_and_types_nothing(qtbot, shown, trainee_ctx, skill):
    screen = active(qtbot, shown(drill_screen.create_screen(trainee_ctx)))
    screen.select_skill(skill)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    q = screen.controller.session.current
    if q.kind.value == "multi":  # the Pai Gow Wager's parts: the first typed one
        edit = next(f for f, part in zip(screen.answers.parts.inputs, q.parts) if part.kind.value in ("money", "number"))
        edit.setFocus()
    else:
        edit = screen.answers.typed.edit
    assert edit.hasFocus()
    qtbot.keyClicks(edit, "12")
    qtbot.keyClick(edit, Qt.Key.Key_Question)
    assert edit.text() == "12" and screen.hint_label.isVisible() and screen.hint_label.text().startswith("Hint:")
    qtbot.keyClicks(edit, "x.50")  # a key no shortcut takes types nothing either
    assert edit.text() == "12.50"


@pytest.mark.parametrize("make, seed, skill", SCREENS, ids=IDS)
def test_d_in_the_dealer_s_amount_box_starts_the_demonstration(qtbot, shown, trainee_ctx, make, seed, skill, tmp_path):
    trainee_ctx.settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    screen = active(qtbot, open_screen(qtbot, shown, trainee_ctx, make, seed))
    to_payment(screen, skill)
    qtbot.keyClick(screen.answers.tray, Qt.Key.Key_F2)  # this payment typed as a total
    edit = screen.answers.typed.edit
    assert screen.window().focusWidget() is edit
    qtbot.keyClicks(edit, "15")
    qtbot.keyClick(edit, Qt.Key.Key_D)
    assert screen.demo and edit.text() == "15"


def test_a_text_field_keeps_its_letters(qtbot):
    from PySide6.QtWidgets import QLineEdit

    edit = QLineEdit()
    qtbot.addWidget(edit)
    number_field(edit, True)
    number_field(edit, False)  # the next question is typed as text: a position, a call
    qtbot.keyClicks(edit, "dead hand?")
    assert edit.text() == "dead hand?"


def mnemonics(widgets) -> list[str]:
    """The Alt keys of the visible labels (with a buddy), buttons, group boxes and tabs among ``widgets``."""
    texts = []
    for w in widgets:
        if not w.isVisibleTo(w.window()):
            continue
        if isinstance(w, QLabel) and w.buddy() is not None or isinstance(w, QAbstractButton):
            texts.append(w.text())
        elif isinstance(w, QGroupBox):
            texts.append(w.title())
        elif isinstance(w, QTabWidget):
            texts += [w.tabText(i) for i in range(w.count())]
    return [m.lower() for t in texts for m in re.findall(r"(?<!&)&([^&\s])", t)]


def test_every_screen_s_mnemonics_are_unique_and_alt_p_reaches_the_learn_page_list(qtbot, tmp_path, trainee_ctx):
    from trainer.ui.main_window import MainWindow
    from trainer.ui.screens import SCREENS as ALL

    window = MainWindow(trainee_ctx, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    window.finish_startup()
    qtbot.waitUntil(lambda: window.screen_actions["drills"].shortcut().toString() != "")
    menus = [m.lower() for a in window.menuBar().actions() for m in re.findall(r"&(\w)", a.text())]
    assert len(menus) == len(set(menus))
    for game in ("pa-2019", "pa-631a"):
        trainee_ctx.set_profile(game)
        for spec in ALL:
            if not spec.offered(trainee_ctx.game.id):
                continue
            screen = window.show_screen(spec.key)
            keys = menus + mnemonics(screen.findChildren(QLabel) + screen.findChildren(QAbstractButton)
                                     + screen.findChildren(QGroupBox) + screen.findChildren(QTabWidget))
            assert len(keys) == len(set(keys)), (spec.key, sorted(keys))
    learn = window.show_screen("learn")
    active(qtbot, window)
    qtbot.keyClick(learn, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    assert learn.pages.hasFocus() and not window.profile_menu.isVisible()
