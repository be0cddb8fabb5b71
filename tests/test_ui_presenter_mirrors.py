"""The presenter window mirrors the laptop (issue 40, item 8): the shoe as the laptop shows it, a drill
question with its choices, the Learn page at 1280x720 Projector, a live quiz already running when it
opens. Real windows (pytest-qt), offscreen."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor

from trainer.ui import main_window as mw
from trainer.ui.context import AppContext
from trainer.ui.presenter import panes_of

#: The shoe's gauge: the cards still in it (``ShoeItem.paint``).
GAUGE = QColor("#a3122a")


def gauge_share(view, item) -> float:
    """The gauge's red drawn for ``item`` in ``view`` (as on screen), per unit of scene area."""
    rect = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
    image = view.viewport().grab(rect).toImage()
    red = sum(image.pixelColor(x, y) == GAUGE for y in range(image.height()) for x in range(image.width()))
    return red / view.transform().m11() ** 2


def test_the_projectors_shoe_holds_the_cards_the_laptops_does_step_by_step(qtbot, tmp_path):
    """Qt keeps one drawing of a table item per view but one "changed" mark per item: the laptop's
    view drew first and cleared it, so the projector showed the shoe empty (0 cards) while the laptop
    showed it loaded (416), and after Reveal too."""
    window = mw.MainWindow(AppContext(seed=3), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    window.finish_startup()
    window.ctx.set_game("baccarat")
    pane = panes_of(window.show_screen("baccarat-table"))[0]
    presenter = window.present(None)
    presenter.resize(1280, 720)
    qtbot.wait(50)
    mirror = presenter.mirrors[0]
    load = next(i for i, step in enumerate(pane.player.timeline.steps, 1) if step.kind == "load")
    window.hide_answers_action.setChecked(True)
    pane.player.goto(load - 1)
    qtbot.wait(50)
    pane.player.step_forward()  # the shoe is loaded: held back on the projector, revealed as it plays
    qtbot.wait(100)
    assert mirror.is_frozen
    window.reveal_action.trigger()
    qtbot.waitUntil(lambda: not pane.player.animating, timeout=10000)
    qtbot.wait(100)
    assert pane.scene.shoe.left >= 416
    laptop, shown = gauge_share(pane.view, pane.scene.shoe), gauge_share(mirror.view, pane.scene.shoe)
    assert laptop > 1000 and abs(laptop - shown) <= 0.15 * laptop, (laptop, shown)
