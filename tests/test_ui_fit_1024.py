"""The first-hour bar (issue 40, item 1): on a 1024x768 screen, at Normal and at Projector text, the
window keeps 1024x768 after every screen of both games (its least size fits too: nothing makes it wider
after a screen is left), and the Welcome fits with every step, its "Practise now" and "Later" in sight."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from tests.test_ui_fit import _cut, _settle, sized_window  # noqa: F401 - a fixture
from trainer.ui.screens import SCREENS

SIZE = (1024, 768)


@pytest.mark.parametrize("text_size", ["normal", "projector"])
@pytest.mark.parametrize("profile", ["pa-2019", "pa-631a"])
def test_every_screen_keeps_the_window_at_1024x768(qtbot, sized_window, text_size, profile):
    window = sized_window(text_size, SIZE, profile)
    too_big = []
    for spec in SCREENS:
        if not spec.offered(window.ctx.game.id):
            continue
        screen = window.show_screen(spec.key)
        if hasattr(screen, "prepare_snapshot"):
            screen.prepare_snapshot(seed=3, move=None)
        _settle(window, SIZE)
        least = window.minimumSizeHint().expandedTo(window.minimumSize())
        if (window.width(), window.height()) != SIZE or least.width() > SIZE[0] or least.height() > SIZE[1]:
            too_big.append((spec.key, window.width(), window.height(), least.width(), least.height()))
        too_big += [(spec.key, label.text()[:40], _cut(label)) for label in screen.findChildren(QLabel)
                    if label.wordWrap() and label.isVisible() and _cut(label)]
    assert too_big == []


@pytest.mark.parametrize("text_size", ["normal", "projector"])
@pytest.mark.parametrize("profile", ["pa-2019", "pa-631a"])
def test_the_welcome_fits_1024x768(qtbot, sized_window, text_size, profile):
    window = sized_window(text_size, SIZE, profile)
    window.show_welcome()
    dialog = window.welcome_dialog
    qtbot.waitExposed(dialog)
    least = dialog.minimumSizeHint().expandedTo(dialog.minimumSize())
    assert least.width() <= SIZE[0], least.width()
    dialog.fit_to(QRect(0, 0, *SIZE))  # as on a 1024x768 screen
    QApplication.processEvents()
    assert dialog.width() <= SIZE[0] and dialog.height() <= SIZE[1] - 40, (dialog.width(), dialog.height())
    scroll = dialog.path_scroll
    assert scroll.widget().width() <= scroll.viewport().width()  # the steps wrap, never scroll sideways
    for button in dialog.findChildren(QPushButton):  # each in sight, the steps once scrolled to
        scroll.ensureWidgetVisible(button, 0, 0)
        box = button.rect().translated(button.mapTo(dialog, button.rect().topLeft()))
        assert button.isVisible() and dialog.rect().contains(box), button.text()
    dialog.reject()
