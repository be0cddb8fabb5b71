"""The table screen's controls and its demonstration-mode keyboard."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from trainer.drills.text import plain_words
from trainer.rules.paigow.profiles import ALL_STYLES
from trainer.ui.context import AppContext
from trainer.ui.paigow.player import INSTANT
from trainer.ui.paigow.table_screen import TableScreen


@pytest.fixture
def screen(qtbot):
    w = TableScreen(AppContext(seed=3))
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    return w


def key(qtbot, screen, k, mods=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(screen.primary.view, k, mods)


def test_number_keys_pick_styles(qtbot, screen):
    key(qtbot, screen, Qt.Key.Key_5)
    assert screen.style_box.currentData() == ALL_STYLES[4]
    assert screen.primary.player.timeline.plan.style == "jung-quat"
    key(qtbot, screen, Qt.Key.Key_0)
    assert screen.primary.player.timeline.plan.style == ALL_STYLES[9]
    key(qtbot, screen, Qt.Key.Key_1)
    assert screen.primary.player.timeline.plan.style == "house-way-right"


def test_space_and_arrows_step(qtbot, screen):
    screen.set_speed(INSTANT)
    player = screen.primary.player
    assert player.index == 0
    key(qtbot, screen, Qt.Key.Key_Space)
    key(qtbot, screen, Qt.Key.Key_Right)
    assert player.index == 2
    key(qtbot, screen, Qt.Key.Key_Left)
    assert player.index == 1
    assert screen.primary.caption.caption.text() == plain_words(player.timeline.steps[0].caption)
    key(qtbot, screen, Qt.Key.Key_End)
    assert player.at_end
    key(qtbot, screen, Qt.Key.Key_Home)
    assert player.index == 0


def test_plus_minus_change_speed(qtbot, screen):
    player = screen.primary.player
    assert player.speed == 1.0
    key(qtbot, screen, Qt.Key.Key_Plus)
    assert player.speed == 2.0
    key(qtbot, screen, Qt.Key.Key_Minus)
    key(qtbot, screen, Qt.Key.Key_Minus)
    assert player.speed == 0.5
    assert screen.speed_box.currentData() == 0.5
    for _ in range(6):
        key(qtbot, screen, Qt.Key.Key_Up)
    assert player.speed == INSTANT


def test_enter_plays_to_the_end(qtbot, screen):
    screen.set_speed(INSTANT)
    with qtbot.waitSignal(screen.primary.player.finished, timeout=5000):
        key(qtbot, screen, Qt.Key.Key_Return)
    assert screen.primary.player.at_end
    key(qtbot, screen, Qt.Key.Key_R)  # replay, instantly to the end again
    assert screen.primary.player.at_end


def test_enter_toggles_animated_play(qtbot, screen):
    key(qtbot, screen, Qt.Key.Key_P)
    assert screen.primary.player.playing
    key(qtbot, screen, Qt.Key.Key_P)
    assert not screen.primary.player.playing


def test_side_by_side_same_woodpile(qtbot, screen):
    key(qtbot, screen, Qt.Key.Key_S)
    assert screen.side_by_side and len(screen.active_panes()) == 2
    key(qtbot, screen, Qt.Key.Key_6, Qt.KeyboardModifier.AltModifier)  # right-hand style: chee yee
    left, right = (p.player.timeline.plan for p in screen.active_panes())
    assert right.style == "chee-yee"
    assert left.stacked == right.stacked and left.roll == right.roll
    screen.set_speed(INSTANT)
    key(qtbot, screen, Qt.Key.Key_Space)
    assert [p.player.index for p in screen.active_panes()] == [1, 1]
    key(qtbot, screen, Qt.Key.Key_S)
    assert not screen.side_by_side and len(screen.active_panes()) == 1


def test_demo_mode_and_full_screen(qtbot, screen):
    key(qtbot, screen, Qt.Key.Key_M)
    assert screen.demo and screen.window().isFullScreen()
    assert not screen.seed_box.isVisible() and screen.style_box.isVisible()
    assert screen.primary.caption.caption.font().pointSizeF() > 25
    key(qtbot, screen, Qt.Key.Key_Escape)
    assert not screen.demo and not screen.window().isFullScreen()
    key(qtbot, screen, Qt.Key.Key_F)
    assert screen.window().isFullScreen()
    key(qtbot, screen, Qt.Key.Key_F)
    assert not screen.window().isFullScreen()


def test_dice_woodpile_and_faces_keys(qtbot, screen):
    before = screen.primary.player.timeline.plan
    key(qtbot, screen, Qt.Key.Key_N)
    after = screen.primary.player.timeline.plan
    assert after.stacked != before.stacked
    key(qtbot, screen, Qt.Key.Key_V)
    assert screen.primary.scene.reveal
    screen.configure(dice="2,2,2")
    assert screen.primary.player.timeline.plan.roll.dice == (2, 2, 2)
    key(qtbot, screen, Qt.Key.Key_D)  # back to random dice
    assert screen.dice.value() is None


def test_profile_limits_styles_and_errors_are_shown(qtbot, screen):
    screen.ctx.set_profile("nj")
    key(qtbot, screen, Qt.Key.Key_3)  # nj: only a bank chooses a style
    assert screen.error.isVisibleTo(screen) and "bank" in screen.error.text()
    screen.configure(bank="seat2")
    assert not screen.error.isVisibleTo(screen)
    assert screen.primary.player.timeline.plan.bank == "seat2"


def test_a_click_on_any_button_box_or_slider_leaves_the_keys_to_the_table(qtbot, screen):
    """Every button, check box and the slider are named to take no focus from a click (the transport
    takes Tab focus): none is left out of the list that replaced a search of the screen's children."""
    from PySide6.QtWidgets import QAbstractButton, QSlider

    controls = screen.findChildren(QAbstractButton) + screen.findChildren(QSlider)
    assert len(controls) >= 14
    transport = set(screen.transport_buttons())
    assert {c.focusPolicy() for c in controls if c not in transport} == {Qt.FocusPolicy.NoFocus}
    assert {c.focusPolicy() for c in transport} == {Qt.FocusPolicy.TabFocus}


def test_transport_buttons_take_tab_focus_and_keys_still_work(qtbot, screen):
    """Tab reaches every transport button (a click does not take the focus); Space presses the
    focused one; the arrows still step the table."""
    screen.set_speed(INSTANT)
    player = screen.primary.player
    buttons = screen.transport_buttons()
    assert all(b.focusPolicy() == Qt.FocusPolicy.TabFocus for b in buttons)
    screen.b_start.setFocus(Qt.FocusReason.TabFocusReason)
    seen = []
    for _ in range(len(buttons) * 3):
        seen.append(screen.focusWidget())
        screen.focusNextChild()
    assert set(buttons) <= set(seen)
    screen.b_fwd.setFocus(Qt.FocusReason.TabFocusReason)
    player.goto(0)
    qtbot.keyClick(screen.b_fwd, Qt.Key.Key_Space)
    assert player.index == 1
    qtbot.keyClick(screen.b_fwd, Qt.Key.Key_Right)
    assert player.index == 2


def test_the_keys_menu_and_the_style_lists_are_made_when_first_opened(qtbot, screen):
    """Start-up does not wait for the Keys menu or the style lists' measured widths (issue 15); they
    are there, whole, when opened."""
    from trainer.ui.paigow.table_screen import KEYS

    menu = screen.help.menu()
    assert menu.actions() == []
    menu.aboutToShow.emit()
    menu.aboutToShow.emit()  # (a second opening adds nothing)
    assert [a.text() for a in menu.actions()] == [f"{k}\t{v}" for k, v in KEYS]
    assert not any(a.isEnabled() for a in menu.actions())
    box = screen.style_box
    box.showPopup()
    try:
        assert box.view().minimumWidth() >= box.view().sizeHintForColumn(0) + 40
    finally:
        box.hidePopup()
