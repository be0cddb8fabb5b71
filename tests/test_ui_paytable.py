"""Baccarat's paytable and chips beside the felt at Large and Projector (issue 40 item 2): the odds the
felt's placards carry (631a.2(b)(3)) in the dealer screen's answer column, and the amounts the stacks' tags
read (the table screen: in its caption; the dealer screen: in the answer column), as labels at the text
size, in sight (the answer column scrolled to them); the felt alone at Normal."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontInfo

from tests.dealer_fit import in_sight
from tests.test_ui_fit import _settle, sized_window  # noqa: F401 - a fixture
from trainer.rules.baccarat.profiles import profile_named
from trainer.ui.baccarat import table_layout as L
from trainer.ui.baccarat.paytable import chips_text, paytable_text
from trainer.ui.baccarat.timeline import odds_lines

SCREENS = ("baccarat-table", "baccarat-dealer")


def _shown(window, key: str, size):
    """The screen with chips on the felt: the round called up to its first payment, the shoe's last step."""
    screen = window.show_screen(key)
    if key == "baccarat-dealer":
        screen.prepare_snapshot(seed=5, move=None)
    else:
        screen.player.goto(len(screen.player) - 1)
    _settle(window, size)
    return screen


def _read(window, screen, label, size) -> bool:
    """Whether ``label`` is in sight, the answer column (if any) scrolled to it."""
    if hasattr(screen, "side_scroll"):
        _settle(window, size)
        screen.side_scroll.ensureWidgetVisible(label, 0, 0)
    return in_sight(label)


def test_the_paytable_is_read_at_projector(qtbot, sized_window):
    size = (1280, 720)
    window = sized_window("projector", size, "pa-631a")
    screen = _shown(window, "baccarat-dealer", size)
    odds = odds_lines(profile_named("pa-631a"))
    assert screen.pane.scene.odds == odds  # the felt's placards draw the same odds
    paytable = screen.paytable
    assert _read(window, screen, paytable, size) and QFontInfo(paytable.font()).pixelSize() >= 24
    text = paytable.text().replace("\u00a0", " ")
    for line in odds:  # every phrase of the profile's paytable, in full
        for phrase in line.split("·"):
            assert phrase.strip() in text
    assert "LESS 5% VIGORISH" in text and "TIE 8 TO 1" in text
    assert (window.width(), window.height()) == size


@pytest.mark.parametrize("key", SCREENS)
def test_the_placards_alone_at_normal(qtbot, sized_window, key):
    window = sized_window("normal", (1920, 1080), "pa-631a")
    screen = _shown(window, key, (1920, 1080))
    assert screen.pane.scene.odds and not getattr(screen, "paytable", screen.chip_amounts).isVisible()
    assert any(screen.pane.scene.frame.chips.values()) and not screen.chip_amounts.isVisible()


def test_the_paytable_follows_the_table(qtbot, sized_window):
    """An EZ table's odds (no vigorish, the Dragon 7 and Panda 8) replace the profile's."""
    window = sized_window("large", (1280, 720), "pa-631a")
    screen = _shown(window, "baccarat-dealer", (1280, 720))
    ez = odds_lines(profile_named("pa-631a-ez"))
    screen.pane.scene.set_table(screen.pane.scene.layout, ez)
    _settle(window, (1280, 720))
    assert screen.paytable.isVisible() and screen.paytable.text() == paytable_text(ez)
    assert "NO VIGORISH" in screen.paytable.text() and "LESS 5%" not in screen.paytable.text()


@pytest.mark.parametrize("key", SCREENS)
def test_the_chips_amounts_are_read_at_projector(qtbot, sized_window, key):
    """Every stack on a wager area, its seat, its area's name and the amount its tag reads, at 24 px."""
    size = (1280, 720)
    window = sized_window("projector", size, "pa-631a")
    screen = _shown(window, key, size)
    label, stacks = screen.chip_amounts, screen.pane.scene.stacks
    shown = {area: item for area, item in stacks.items() if item.isVisible()}
    assert shown and _read(window, screen, label, size) and QFontInfo(label.font()).pixelSize() >= 24
    text = label.text().replace("\u00a0", " ")
    for area, item in shown.items():
        seat, wager = area.split(".")
        assert f"{L.TITLES[wager]} {item.amount()}" in text and f"Seat {seat[4:]} " in text
    assert text.count("$") == len(shown)


def test_the_chips_follow_the_round(qtbot, sized_window):
    """Action by action of a round called, the label says the chips of the frame the felt shows."""
    size = (1280, 720)
    window = sized_window("projector", size, "pa-631a")
    screen = window.show_screen("baccarat-dealer")
    screen.prepare_snapshot(seed=5, move=0)
    seen = set()
    while screen.controller.current is not None:
        screen.controller.answer(screen.controller.current.question.answer)
        assert screen.chip_amounts.text() == chips_text(screen.pane.scene.frame.chips)
        seen.add(screen.chip_amounts.text())
    assert len(seen) >= 3  # wagers placed, collected, paid


def test_chips_text():
    assert chips_text({"seat10.banker": 69000, "seat5.tie": 500, "seat5.banker": 42050, "seat2.player": 0}) == (
        "Seat\u00a05 BANKER\u00a0$420.50, TIE\u00a0$5  ·  Seat\u00a010 BANKER\u00a0$690")
