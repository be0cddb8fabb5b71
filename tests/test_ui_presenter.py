"""The presenter window (issue 29, goal 2): the table being shown, its caption and citation, full screen
on the projector with no control, following the main window's screen; ``--present``; ``snapshot --present``.

Two screens: Qt's offscreen platform reads a laptop-and-projector layout from
``/work/shared/testing/two-screens.json`` (a copy is written here), chosen when the QApplication is
made, so that test runs in a process of its own. One screen: in this process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMenu

from trainer.cli import main
from trainer.ui import main_window as mw
from trainer.ui.context import AppContext
from trainer.ui.presenter import fill_menu
from trainer.ui.theme import theme_named

ROOT = Path(__file__).resolve().parents[1]
#: A laptop beside a 1080p projector, as in /work/shared/testing/two-screens.json.
TWO_SCREENS = {"screens": [
    {"name": "laptop", "x": 0, "y": 0, "width": 1280, "height": 800, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1},
    {"name": "projector", "x": 1280, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96, "logicalBaseDpi": 96,
     "dpr": 1},
]}


def two_screen_env(tmp_path: Path) -> dict[str, str]:
    layout = tmp_path / "two-screens.json"
    layout.write_text(json.dumps(TWO_SCREENS))
    return {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={layout}",
            "PAIGOW_TRAINER_DATA_DIR": str(tmp_path / "data"), "PAIGOW_TRAINER_CONFIG_DIR": str(tmp_path / "config")}


#: Run in a fresh process on two screens: open the presenter from View → Present on, step the table,
#: choose the menu item again; print what was seen as JSON.
TWO_SCREEN_SCRIPT = r"""
import json, sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMenu
app = QApplication([])
from trainer.ui.context import AppContext
from trainer.ui.main_window import MainWindow
from trainer.ui.presenter import fill_menu
from trainer.ui.theme import theme_named

w = MainWindow(AppContext(seed=3), QSettings(sys.argv[1], QSettings.Format.IniFormat))
w.show()
w.finish_startup()
menu = QMenu()
fill_menu(menu, w)
seen = {"menu": [a.text() for a in menu.actions()], "laptop": w.screen().name()}
menu.actions()[0].trigger()
for _ in range(5):
    app.processEvents()
p, table = w.presenter, w.current_screen()
table.presented_pane().player.goto(4)
g = p.geometry()
seen.update(geometry=[g.x(), g.y(), g.width(), g.height()], screen=p.windowHandle().screen().name(),
            full=p.isFullScreen(), mirrors=p.view.scene() is table.presented_pane().scene,
            caption=p.caption.caption.text(), table_caption=table.presented_pane().caption.caption.text(),
            controls=[c.metaObject().className() for c in p.findChildren(object)
                      if c.metaObject().className() in ("QPushButton", "QToolButton", "QComboBox", "QSlider")])
fill_menu(menu, w)
seen["checked"] = [a.isChecked() for a in menu.actions()]
menu.actions()[0].trigger()
seen["closed"] = w.presenter is None
print(json.dumps(seen))
"""


def test_on_two_screens_the_presenter_fills_the_projector_and_mirrors_the_table(tmp_path):
    run = subprocess.run([sys.executable, "-c", TWO_SCREEN_SCRIPT, str(tmp_path / "state.ini")], cwd=ROOT,
                         env=two_screen_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    assert seen["laptop"] == "laptop"
    assert seen["menu"] == ["&2 projector (1920×1080)"]  # the other screen only: the controls stay here
    assert seen["screen"] == "projector" and seen["full"]
    assert seen["geometry"] == [1280, 0, 1920, 1080]
    assert seen["mirrors"]  # the very scene of the Table screen: no second deal
    assert seen["caption"] == seen["table_caption"] and seen["caption"]  # step 4's caption, on both
    assert seen["controls"] == []
    assert seen["checked"] == [True]  # the menu shows where it is; choosing it again closes it
    assert seen["closed"]


def test_present_names_a_screen_that_is_not_there_in_one_line(tmp_path):
    run = subprocess.run([sys.executable, "-m", "trainer", "--present", "wall"], cwd=ROOT,
                         env=two_screen_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    err = run.stderr.strip().splitlines()[-1]
    assert "no screen 'wall' (choose from: 1 laptop (1280×800), 2 projector (1920×1080))" in err


@pytest.fixture
def window(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    w = mw.MainWindow(AppContext(seed=3), QSettings(str(tmp_path / "state.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.finish_startup()
    return w


def open_from_menu(window):
    menu = QMenu()
    fill_menu(menu, window)
    assert [a.text() for a in menu.actions()] == ["&A window on this screen"]  # one screen: no projector
    menu.actions()[0].trigger()
    return window.presenter


def test_on_one_screen_it_is_a_window_that_follows_the_screen_shown_and_esc_closes_it(qtbot, window):
    presenter = open_from_menu(window)
    assert presenter.isVisible() and not presenter.isFullScreen()
    table = window.current_screen().presented_pane()
    assert presenter.view.scene() is table.scene
    table.player.goto(6)
    assert presenter.caption.step == table.caption.step and presenter.caption.step[1]
    assert "621a" in presenter.caption.citation.text()  # the profile's section, as on the table

    window.show_screen("drills")  # no table: the screen's name, not a stale table
    assert presenter.elsewhere.isVisible() and "Drills" in presenter.elsewhere.text()
    assert not presenter.view.isVisible() and not presenter.caption.isVisible()

    dealer = window.show_screen("dealer").presented_pane()
    assert presenter.view.isVisible() and presenter.view.scene() is dealer.scene
    assert presenter.caption.step == dealer.caption.step
    table.player.goto(2)  # the table no longer shown: its steps no longer reach the presenter
    assert presenter.caption.step == dealer.caption.step

    qtbot.keyClick(presenter, Qt.Key.Key_Escape)
    assert window.presenter is None and not presenter.isVisible()
    dealer.player.goto(1)  # (nothing is left connected to the closed window)


def test_it_mirrors_baccarat_and_follows_the_theme(qtbot, window):
    window.ctx.set_game("baccarat")
    window.show_screen("baccarat-table")
    presenter = window.present()
    pane = window.current_screen().presented_pane()
    assert type(presenter.view.scene()).__name__ == "BaccaratScene" and presenter.view.scene() is pane.scene
    pane.player.goto(10)
    assert presenter.caption.step == pane.caption.step and "631a" in presenter.caption.citation.text()
    window.ctx.set_theme("dark")
    assert f"background: {theme_named('dark').caption_bg}" in presenter.caption.styleSheet()


@pytest.mark.parametrize("game", ["paigow", "baccarat"])
def test_snapshot_present_renders_the_presenter_window(qapp, tmp_path, game):
    out, whole = tmp_path / "present.png", tmp_path / "window.png"
    common = ["--game", game, "--size", "1280x720", "--move", "4"]
    assert main(["snapshot", *common, "--present", "--out", str(out)]) == 0
    assert main(["snapshot", *common, "--out", str(whole)]) == 0
    image, window = QImage(str(out)), QImage(str(whole))
    assert (image.width(), image.height()) == (1280, 720)
    # no toolbar, option bar nor transport: the felt takes more of the picture than in the main window
    assert felt_share(image) > felt_share(window) > 0.2


def felt_share(image: QImage) -> float:
    """The share of the picture that is felt green (every 4th pixel of every 4th row)."""
    points = [(x, y) for y in range(0, image.height(), 4) for x in range(0, image.width(), 4)]
    return sum(is_felt(image.pixelColor(x, y)) for x, y in points) / len(points)


def is_felt(colour) -> bool:
    return colour.green() > colour.red() + 40 and colour.green() > colour.blue() + 20


def test_snapshot_present_shows_a_screen_of_the_app(qapp, tmp_path, capsys):
    assert main(["snapshot", "--present", "--screen", "scene", "--out", str(tmp_path / "x.png")]) == 2
    assert "--present shows a screen of the app" in capsys.readouterr().err


def test_the_answer_waits_on_the_projector_until_the_instructor_reveals_it(qtbot, window):
    """View → Hide the answer on the projector: the class sees each step's title, not what the dealer
    did nor its section, until Reveal (Ctrl+Shift+V); turning it off shows the step held."""
    from trainer.ui.presenter import HIDDEN

    dealer = window.show_screen("dealer").presented_pane()
    window.hide_answers_action.trigger()
    presenter = window.present()
    dealer.player.goto(3)
    title, caption, citation = dealer.caption.step
    assert caption and presenter.caption.step == (title, HIDDEN, "")
    assert caption not in presenter.caption.caption.text() and not presenter.caption.citation.text()
    window.reveal_action.trigger()
    assert presenter.caption.step == (title, caption, citation)
    dealer.player.goto(4)  # the next step is held again
    assert presenter.caption.step[1] == HIDDEN
    window.hide_answers_action.trigger()  # off: what was held shows, and the steps after it
    assert presenter.caption.step == dealer.caption.step
    dealer.player.goto(5)
    assert presenter.caption.step == dealer.caption.step


def shown_area(view):
    return view.mapToScene(view.viewport().rect()).boundingRect()


@pytest.mark.parametrize("game, screen", [("paigow", "table"), ("baccarat", "baccarat-table")])
def test_zoom_shows_the_active_area_larger_and_the_whole_table_without_a_highlight(qtbot, window, game, screen):
    window.ctx.set_game(game)
    pane = window.show_screen(screen).presented_pane()
    presenter = window.present()
    presenter.resize(1280, 720)
    window.zoom_action.trigger()
    scene, view = pane.scene, presenter.view
    lit = next(i for i in range(1, len(pane.player) + 1) if pane.player.timeline.frame_at(i).highlight)
    pane.player.goto(lit)
    spots = [scene.glows[k].sceneBoundingRect() for k in scene.frame.highlight if k in scene.glows]
    area, table = shown_area(view), scene.sceneRect()
    assert spots and all(area.adjusted(-1, -1, 1, 1).contains(spot.intersected(table)) for spot in spots), (area, table, spots)
    assert area.width() < 0.8 * table.width()  # larger than on the whole table
    window.zoom_action.trigger()  # off: the whole table again
    area = shown_area(view)
    assert area.adjusted(-2, -2, 2, 2).contains(table)


def test_the_keyboard_alone_opens_the_presenter_reveals_the_answer_and_closes_it(qtbot, window):
    """View (Alt+V) → Present on (P) → A window on this screen (A); Ctrl+Shift+V reveals; Esc closes."""
    from PySide6.QtWidgets import QApplication

    qtbot.waitUntil(lambda: window.reveal_action.shortcut().toString() == "Ctrl+Shift+V")
    window.hide_answers_action.setChecked(True)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)
    for key in (Qt.Key.Key_P, Qt.Key.Key_A):
        qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
        qtbot.keyClick(QApplication.activePopupWidget(), key)
    qtbot.waitUntil(lambda: window.presenter is not None)
    presenter = window.presenter
    table = window.current_screen().presented_pane()
    table.player.goto(2)
    assert presenter.caption.step[1] != table.caption.step[1]  # held
    table.view.setFocus()  # (the table's own V turns its faces up: Ctrl+Shift+V is the window's)
    qtbot.keyClick(table.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert presenter.caption.step == table.caption.step and not window.current_screen().reveal.isChecked()
    qtbot.keyClick(presenter, Qt.Key.Key_Escape)
    assert window.presenter is None


def test_a_drills_animation_of_a_deal_is_mirrored_without_its_caption(qtbot, window):
    """Naming a style from its animation: the class sees the deal, never a caption that would name it;
    a question without an animation names the screen again."""
    drills = window.show_screen("drills")
    presenter = window.present()
    assert presenter.elsewhere.isVisible()
    drills.prepare_snapshot(seed=4, move=3)  # a style-animation question, shown as in a session
    animation = drills.animation.widget
    assert presenter.view.isVisible() and presenter.view.scene() is animation.scene
    assert not presenter.caption.isVisible()
    from trainer.drills import generate

    drills.show_question(generate("tile-id", seed=1, profile=window.ctx.profile))
    assert presenter.elsewhere.isVisible() and not presenter.view.isVisible()
