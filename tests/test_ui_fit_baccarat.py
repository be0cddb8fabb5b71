"""Baccarat's felt in the classroom: every text scaled to its room, never left out, on the table
screen and on calling the game at 1920x1080, and no chips over an area's name, at Normal and Projector."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QApplication

from tests.test_ui_fit import FLOOR_PX, _settle, _table_texts, _views, sized_window  # noqa: F401 - a fixture
from trainer.rules.baccarat.profiles import profile_named
from trainer.ui.baccarat.table_paint import cell_path, printed_labels
from trainer.ui.baccarat.table_scene import BaccaratScene, Frame
from trainer.ui.baccarat.timeline import layout_for, odds_lines
from trainer.ui.scaling import apply_text_size

SIZE = (1920, 1080)


def _check_views(window, monkeypatch, what: str) -> list[str]:
    """Every text each visible table view draws is at least FLOOR_PX tall on screen; the texts drawn."""
    _settle(window, SIZE)
    views = _views(window)
    assert views, what
    texts = []
    for view in views:
        view.grab()  # the cards' pictures (their corner indices are the card's print) drawn and kept
        drawn = _table_texts(monkeypatch, view)
        assert [(t, round(px, 1)) for t, px in drawn if px < FLOOR_PX and not t.startswith("$")] == [], what
        texts += [t for t, _ in drawn]
    return texts


@pytest.mark.parametrize("profile", ["pa-631a", "pa-631a-ez"])  # five and six rows of areas
def test_projector_1920x1080_baccarat_labels_scaled_never_left_out(qtbot, sized_window, monkeypatch, profile):
    """The table screen through a shoe's preparation and its first round, and calling the game (with a
    call to the table on its banner): every marking, badge and banner drawn, none under FLOOR_PX (issue
    29: scaled to its room, never left out); the seat numbers, the main wagers (short), the hands and
    the main odds are there."""
    window = sized_window("projector", SIZE, profile=profile)
    table = window.show_screen("baccarat-table")
    steps = len(table.player)
    seen: set[str] = set()
    for index in sorted({0, steps // 4, steps // 2, 3 * steps // 4, steps}):
        table.player.goto(index)
        seen |= set(_check_views(window, monkeypatch, f"table, step {index}"))
    dealer = window.show_screen("baccarat-dealer")
    dealer.prepare_snapshot(seed=5, move=None)
    seen |= set(_check_views(window, monkeypatch, "calling the game"))
    dealer.pane.scene.banner.set_text("LAST HAND")  # the dealer's call to the table (631a.10(d))
    seen |= set(_check_views(window, monkeypatch, "calling the game, its banner"))
    assert {*map(str, range(1, 13)), "TIE", "P", "B", "PLAYER", "BANKER", "LAST HAND"} <= seen, seen
    # the odds on the placards beside the felt, a phrase a line (issue 29)
    assert {"PLAYER 1 TO 1", "TIE 8 TO 1"} <= {" ".join(line.split()) for text in seen for line in text.split("\n")}, seen


# --- chips never cover an area's name -------------------------------------------------------------

TABLES = [("pa-631a", {}), ("pa-631a", {"seats": 14}), ("pa-631a", {"seats": 10, "vig_collection": "deferred"}),
          ("pa-631a-ez", {})]
AMOUNTS = [25, 500, 2500, 49500, 123475, 99999975]


@pytest.mark.parametrize("scale", [0.38, 0.49, 0.53, 0.74, 0.83, 0.93])  # both screens' tables, 1280x720 to 1920x1080
@pytest.mark.parametrize("text_size", ["normal", "projector"])
def test_chips_cover_no_area_name_and_stay_in_their_area(qtbot, text_size, scale):
    """Every wager area of several tables, with stacks of one chip to many columns: the chips stand
    inside their own area (so never on another's chips) and cover no name, number or odds printed;
    every seat keeps its number."""
    app = QApplication.instance()
    apply_text_size(app, text_size)
    try:
        for name, options in TABLES:
            profile = profile_named(name).with_options(**options)
            layout, odds = layout_for(profile), odds_lines(profile)
            scene = BaccaratScene("light", layout, odds)
            printed = []
            for label in printed_labels(layout, odds, scale):
                path = QPainterPath()
                path.addPolygon(label.polygon())
                printed.append((label.text, path))
            # every seat numbered (over its side wagers' row where a larger text size leaves it no name),
            # but on the smallest table, the 1280x720 table screen at Projector, with six rows of areas
            if scale > 0.4 or len(layout.rings) < 6:
                assert {str(seat) for seat in range(1, layout.seats + 1)} <= {t for t, _ in printed}, (name, options)
            for key, cell in layout.cells.items():
                if cell.wager is None:
                    continue
                area = cell_path(cell)
                for cents in AMOUNTS:
                    scene.show_frame(Frame(chips={key: cents}))
                    for polygon in scene.stacks[key].drawn_polygons():
                        chips = QPainterPath()
                        chips.addPolygon(polygon)
                        assert area.contains(chips), (name, options, key, cents)
                        assert [t for t, path in printed if path.intersects(chips)] == [], (name, key, cents)
    finally:
        apply_text_size(app, "normal")



@pytest.mark.parametrize("scale", [0.49, 0.53])  # the dealer's and the table screen's felt at 1280x720
def test_large_text_keeps_the_main_wagers_named_on_a_small_felt(qtbot, scale):
    """At Large on a 1280x720 window, every seat's Banker, Player and Tie areas still carry a name
    (whole or as the scorecard letter): a label is left out only under Normal's text size."""
    app = QApplication.instance()
    apply_text_size(app, "large")
    try:
        layout, odds = layout_for(profile_named("pa-631a")), odds_lines(profile_named("pa-631a"))
        printed = {label.text for label in printed_labels(layout, odds, scale)}
        assert {"TIE"} <= printed and printed & {"BANKER", "B"} and printed & {"PLAYER", "P"}, sorted(printed)
    finally:
        apply_text_size(app, "normal")
