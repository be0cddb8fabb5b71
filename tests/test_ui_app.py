"""Main window, themes, remembered state, tile art and the snapshot command."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from trainer.cli import main
from trainer.paths import config_dir
from trainer.rules.paigow.tiles import FACES, TILE_SET, Tile
from trainer.ui import main_window as mw
from trainer.ui.accessibility import unnamed_controls
from trainer.ui.context import AppContext
from trainer.drills.games import games
from trainer.ui.screens import SCREENS, ScreenSpec, screens_for
from trainer.ui.theme import THEMES, theme_named
from trainer.ui.paigow.tile_art import pip_is_red, pip_spots, tile_pixmap


@pytest.fixture
def window(qtbot):
    w = mw.MainWindow(AppContext())
    qtbot.addWidget(w)
    w.show()
    w.finish_startup()
    return w


def test_the_first_screen_is_shown_as_soon_as_it_is_made(qtbot):
    """On the window already painted: not a turn of the event loop later, which cost a paint more (issue 15)."""
    w = mw.MainWindow(AppContext())
    qtbot.addWidget(w)
    w._first_pending = True  # (this test finishes the start-up itself)
    w.show()
    qtbot.waitExposed(w)
    shown = []
    w.firstScreenShown.connect(shown.append)
    w.finish_startup()
    assert w.current_screen().isVisible()
    assert shown == [w.current_screen().painted_last()]  # the table's view, which the start-up benchmark watches


def test_navigation_is_built_from_screens(qtbot, window):
    assert [a.text() for a in window.screen_actions.values()] == [s.title for s in SCREENS]
    assert window.current_key == SCREENS[0].key
    table = window.current_screen()
    assert hasattr(table, "panes")
    for game in games():
        window.ctx.set_game(game.id)
        for spec in screens_for(game.id):
            screen = window.show_screen(spec.key)
            assert window.stack.currentWidget() is window.hosts[spec.key]
            assert screen is window.hosts[spec.key].screen and window.hosts[spec.key].available


def test_shortcuts_are_bound_once_the_first_screen_is_up(qtbot, window):
    """Start-up builds the Table screen first; the shortcuts follow on the next turn of the event loop."""
    qtbot.waitUntil(lambda: window.screen_actions["drills"].shortcut().toString() == "Ctrl+2")
    assert [a.shortcut().toString() for a in window.screen_actions.values()] == [s.shortcut for s in SCREENS]


def test_start_up_names_controls_and_binds_keys_once_the_table_has_painted(qtbot, qapp):
    """What can wait (shortcuts, the icon, accessible names) follows the table's first paint."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QGraphicsView

    w = mw.MainWindow(AppContext())
    qtbot.addWidget(w)
    at_first_paint = []

    class Spy(QObject):
        def eventFilter(self, obj, event):  # noqa: N802 (Qt name)
            if event.type() == QEvent.Type.Paint and isinstance(obj.parent(), QGraphicsView) and not at_first_paint:
                at_first_paint.append((w.screen_actions["drills"].shortcut().toString(),
                                       bool(unnamed_controls(w.current_screen()))))
            return False

    spy = Spy()
    qapp.installEventFilter(spy)
    try:
        w.show()
        qtbot.waitUntil(lambda: w.screen_actions["drills"].shortcut().toString() == "Ctrl+2")
    finally:
        qapp.removeEventFilter(spy)
    assert at_first_paint == [("", True)]  # the table painted before them
    assert unnamed_controls(w.current_screen()) == []
    assert unnamed_controls(w.show_screen("exam")) == []  # a screen opened later is named at once


def test_missing_screen_module_shows_a_placeholder(qtbot, monkeypatch):
    monkeypatch.setattr(mw, "SCREENS", (SCREENS[0], ScreenSpec("later", "Later", "Ctrl+9", "trainer.ui.no_such_screen")))
    w = mw.MainWindow(AppContext())
    qtbot.addWidget(w)
    w.show_screen("later")
    assert not w.hosts["later"].available
    texts = " ".join(label.text() for label in w.hosts["later"].screen.findChildren(mw.QLabel))
    assert "not available yet" in texts


def test_theme_toggle_and_profile_picker(qtbot, window):
    ctx = window.ctx
    window.theme_action.trigger()
    assert ctx.theme == "dark"
    table = window.current_screen()
    assert table.primary.scene.theme is THEMES["dark"]
    window.theme_action.trigger()
    assert ctx.theme == "light"
    window.profile_by_name["md"].trigger()
    assert ctx.profile.name == "md" and window.profile_button.text() == "Profile: md"
    assert "Maryland" in window.statusBar().currentMessage()


def test_window_state_is_remembered_in_an_ini_file(qtbot):
    ctx = AppContext(theme="dark", profile="nj")
    w = mw.MainWindow(ctx)
    qtbot.addWidget(w)
    w.show()
    w.resize(701, 503)  # inside the offscreen platform's small virtual screen
    w.show_screen("progress")
    size = (w.width(), w.height())
    w.close()
    ini = config_dir() / mw.SETTINGS_FILE
    assert ini.is_file() and "nj" in ini.read_text()
    theme, profile = mw.stored_choices(mw.settings())
    assert (theme, profile) == ("dark", "nj")
    again = mw.MainWindow(AppContext())
    qtbot.addWidget(again)
    assert again.current_key == "progress"
    assert again.height() == size[1]  # (the width is clamped to the offscreen platform's small screen)
    assert "geometry" in ini.read_text()


def test_demo_mode_hides_the_chrome(qtbot, window):
    table = window.current_screen()
    table.set_demo(True)
    assert window.isFullScreen() and not window.nav.isVisible() and not window.menuBar().isVisible()
    table.set_demo(False)
    assert not window.isFullScreen() and window.nav.isVisible()


def test_pip_colours_follow_chinese_dominoes():
    six_six, one_one, four_four = Tile(6, 6), Tile(1, 1), Tile(4, 4)
    assert all(pip_is_red(one_one, 1, i) for i in range(1))
    assert all(pip_is_red(four_four, 4, i) for i in range(4))
    assert [pip_is_red(six_six, 6, i) for i in range(6)].count(True) == 3  # half red, half white
    assert not any(pip_is_red(Tile(5, 6), 6, i) for i in range(6))
    assert not any(pip_is_red(Tile(3, 3), 3, i) for i in range(3))
    assert all(len(pip_spots(v, True)) == v for v in range(1, 7))


def test_tile_pixmaps_are_cached_per_size(qapp):
    theme = theme_named("light")
    a = tile_pixmap(TILE_SET[0], 40, 88, 10, theme)
    assert tile_pixmap(TILE_SET[0], 40, 88, 10, theme) is a
    assert tile_pixmap(TILE_SET[0], 80, 176, 20, theme).width() == 80
    assert {str(f) for f in FACES} >= {"6-6", "1-2"}


def test_snapshot_writes_a_png_of_the_requested_size(qapp, tmp_path: Path, capsys):
    out = tmp_path / "scene.png"
    assert main(["snapshot", "--style", "pin-say-left", "--screen", "scene", "--size", "640x360",
                 "--move", "4", "--theme", "dark", "--out", str(out)]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (640, 360)
    out2 = tmp_path / "window.png"
    assert main(["snapshot", "--style", "chee-yee", "--dice", "3,3,3", "--size", "1280x720", "--out", str(out2)]) == 0
    image = QImage(str(out2))
    assert (image.width(), image.height()) == (1280, 720)
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize("flags, message", [
    (["--size", "big"], "WIDTHxHEIGHT"),
    (["--style", "nope"], "unknown delivery style"),
    (["--dice", "1,2"], "dice"),
    (["--move", "999"], "past the end"),
    (["--bank", "dealer"], "seat1..seat6"),
    (["--profile", "ohio"], "unknown profile 'ohio' (choose from: md, nj, pa-2012, pa-2019, pa-631a, pa-631a-ez)"),
    (["--skill", "tile-id"], "--skill goes with --screen drills, not table"),
    (["--screen", "drills", "--skill", "nope"], "unknown skill 'nope'"),
    (["--screen", "drills", "--skill", "dice-wagers", "--profile", "nj"], "not offered by profile nj"),
    (["--screen", "drills", "--skill", "tile-id", "--move", "2"], "--move goes with a style animation"),
    (["--screen", "drills", "--review", "--move", "2"], "leave out --move"),
])
def test_snapshot_bad_flags_are_one_line_errors(qapp, tmp_path: Path, capsys, flags, message):
    assert main(["snapshot", *flags, "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("paigow-trainer: error:") and message in err and "\n" not in err
    assert not (tmp_path / "x.png").exists()


def test_no_screen_key_takes_a_key_of_the_main_window():
    """A screen's own shortcut equal to a window-wide one (Ctrl+R, the rule book) would make Qt call
    the key ambiguous and do neither: the screens' literal key sequences never reuse the window's."""
    import pathlib
    import re

    from trainer.ui.screens import SCREENS

    window_keys = {s.shortcut for s in SCREENS} | {"F1", "Shift+F1", "F11", "Ctrl+Q"}
    used = {key for path in (pathlib.Path(__file__).parents[1] / "trainer" / "ui").rglob("*.py")
            for key in re.findall(r'QKeySequence\("([^"]+)"\)', path.read_text())}
    assert used and not used & window_keys, used & window_keys


def test_a_dealer_screen_opened_with_the_switch_to_its_game_deals_one_round_the_warm_up_dealt_ahead(qtbot):
    """The game's profile announced after the screen was built on the switch deals no second round, and
    that round is the one the warm-up played ahead (same spec, same tasks), not another."""
    from trainer.ui.baccarat import dealer_screen as bac

    ctx = AppContext(seed=41)
    w = mw.MainWindow(ctx)
    qtbot.addWidget(w)
    w.show()
    w.finish_startup()
    bac.deal_ahead(ctx.profile_of("baccarat").name, ctx.seed)  # as the warm-up does
    ahead = bac.BaccaratController.spec_of(ctx.profile_of("baccarat").name, 41, **bac.BaccaratController.first_options)
    ctx.set_game("baccarat")
    screen = w.show_screen("baccarat-dealer")
    assert screen.controller.rounds == 1
    assert screen.controller.round.spec == ahead
    assert screen.controller.round.drafted is bac._Round.tasks_of(ahead, None)


def test_a_hidden_table_follows_a_profile_chosen_meanwhile_when_shown_again(qtbot, window):
    """A profile chosen while another screen is shown reaches the Table screen before it is seen again."""
    table = window.current_screen()
    window.show_screen("drills")
    window.ctx.set_profile("nj")
    window.show_screen("table")
    styles = [table.style_box.itemData(i) for i in range(table.style_box.count())]
    assert styles == list(window.ctx.profile.styles)
    assert table.primary.player.timeline.plan is not None
    assert table.choice().profile == "nj"


@pytest.mark.parametrize("game", [g.id for g in games()])
def test_the_entry_point_paints_each_games_table_first(tmp_path, game):
    """``paigow-trainer`` opens on the table of the game last played, and the start-up benchmark's
    ``--quit-after-paint=table`` sees that table paint (it waited for ever on Baccarat's)."""
    import os
    import subprocess
    import sys
    import time

    profile = next(g for g in games() if g.id == game).default_profile
    start = time.time()
    proc = subprocess.run([sys.executable, "-m", "trainer", "--profile", profile, "--quit-after-paint=table"],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(Path(__file__).parents[1]),
                               "PAIGOW_TRAINER_CONFIG_DIR": str(tmp_path / "config"),
                               "PAIGOW_TRAINER_DATA_DIR": str(tmp_path / "data")})
    assert proc.returncode == 0, proc.stderr
    painted = float(proc.stdout.split("first-paint", 1)[1].split()[0])
    assert start < painted < time.time()


@pytest.mark.parametrize("spec", [s for s in SCREENS if s.name == "table"], ids=lambda s: s.game)
def test_a_table_painted_in_a_fresh_process_builds_no_python_type_of_a_widget_it_does_not_use(spec):
    """PySide6 builds a class's Python type (and its enums) the first time one reaches Python. A plain
    ``QWidget`` from C++ (Qt's own viewport) made it build every ``QWidget`` subclass, and a search of a
    screen's children the combo boxes' inner views: about 7 ms before the first paint (issue 15)."""
    import os
    import subprocess
    import sys

    script = (
        "import PySide6.QtWidgets as W\n"
        "from trainer.ui.context import AppContext\n"
        "from trainer.ui.theme import apply_theme, theme_named\n"
        f"from {spec.module} import create_screen\n"
        "app = W.QApplication([])\n"
        "apply_theme(app, theme_named('light'))\n"
        f"screen = create_screen(AppContext(seed=1).for_game({spec.game!r}))\n"
        "screen.resize(1280, 720); screen.show(); screen.repaint(); app.processEvents()\n"
        "print(' '.join(sorted(k for k in vars(W) if k.startswith('Q'))))\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen",
                               "PYTHONPATH": str(Path(__file__).parents[1])})
    assert proc.returncode == 0, proc.stderr
    built = set(proc.stdout.split())
    assert {"QGraphicsView", "QComboBox", "QSlider"} <= built  # (what the table is made of)
    assert not built & {"QCalendarWidget", "QFileDialog", "QMdiArea", "QWizard", "QListView", "QLineEdit"}


def test_the_app_collects_no_garbage_until_its_first_screen_has_painted(tmp_path):
    """Start-up runs with the garbage collector off; once the first screen has painted, what it made is
    frozen and collection resumes; the collector is on again however ``run_app`` ends (issue 15). In a
    fresh process: ``run_app``'s event loop, left from inside an animation's tick, stopped Qt's animation
    timer for every later test on the same worker."""
    import os
    import subprocess
    import sys

    script = (
        "import gc, json\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from trainer.ui import main_window as mw\n"
        "from trainer.ui.app import run_app\n"
        "seen = {}\n"
        "def after_first_paint(window):\n"
        "    seen['after'] = [gc.isenabled(), gc.get_freeze_count() > 0, window.current_screen().isVisible()]\n"
        "    window.close(); QApplication.instance().exit(0)\n"
        "def during_start_up():\n"
        "    window = next(w for w in QApplication.instance().topLevelWidgets() if isinstance(w, mw.MainWindow))\n"
        "    seen['during'] = gc.isenabled()\n"
        "    window.firstPainted.connect(lambda: QTimer.singleShot(0, lambda: after_first_paint(window)))\n"
        "QTimer.singleShot(0, during_start_up)\n"
        "code = run_app(['--screen', 'table'])\n"
        "print(json.dumps([code, seen, gc.isenabled()]))\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(Path(__file__).parents[1]),
                               "PAIGOW_TRAINER_DATA_DIR": str(tmp_path / "data"),
                               "PAIGOW_TRAINER_CONFIG_DIR": str(tmp_path / "config")})
    assert proc.returncode == 0, proc.stderr
    import json

    code, seen, enabled = json.loads(proc.stdout.strip().splitlines()[-1])
    assert code == 0 and seen == {"during": False, "after": [True, True, True]} and enabled



#: What the first screen's paint does not need, imported after it (issue 42): the warm-up's work (the rule
#: book, numpy, the drills, the other screens), the progress store with fsrs, the accessible names, pyqtgraph.
AFTER_THE_FIRST_PAINT = ("numpy", "pyqtgraph", "fsrs", "sqlite3", "trainer.rulebook.documents",
                         "trainer.progress.store", "trainer.drills.registry", "trainer.ui.learn_screen",
                         "trainer.ui.drill_screen", "trainer.ui.progress_screen", "trainer.ui.accessibility",
                         "trainer.ui.citation_links", "trainer.ui.casino_rules", "trainer.ui.paigow.dealer_screen",
                         "trainer.ui.baccarat.dealer_screen")


@pytest.mark.parametrize("game", [g.id for g in games()])
def test_what_the_first_paint_does_not_need_is_not_imported_before_it(tmp_path, game):
    """A fresh ``paigow-trainer`` reports the modules it holds when its table first paints (it leaves
    there, as the start-up benchmark's runs do): none of those deferred, and not the other game's table."""
    import json
    import os
    import subprocess
    import sys

    profile = next(g for g in games() if g.id == game).default_profile
    script = ("import json, os, sys\n"
              "leave = os._exit\n"
              "def report(code):\n"
              "    print('MODULES', json.dumps(sorted(sys.modules)), flush=True)\n"
              "    leave(code)\n"
              "os._exit = report\n"
              "from trainer.cli import main\n"
              f"main(['--profile', {profile!r}, '--quit-after-paint=table'])\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(Path(__file__).parents[1]),
                               "PAIGOW_TRAINER_CONFIG_DIR": str(tmp_path / "config"),
                               "PAIGOW_TRAINER_DATA_DIR": str(tmp_path / "data")})
    assert proc.returncode == 0, proc.stderr
    held = set(json.loads(proc.stdout.split("MODULES", 1)[1]))
    own, other = ("trainer.ui.paigow.table_screen", "trainer.ui.baccarat.table_screen")[::1 if game == "paigow" else -1]
    assert own in held and "PySide6.QtWidgets" in held
    assert not held & {*AFTER_THE_FIRST_PAINT, other}
