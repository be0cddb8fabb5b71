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
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMenu

from tests.test_ui_fit import sized_window  # noqa: F401 - a fixture
from trainer.cli import main
from trainer.ui import main_window as mw
from trainer.ui.context import AppContext
from trainer.ui.presenter import fill_menu, panes_of
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
from trainer.ui.presenter import fill_menu, panes_of
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
panes_of(table)[0].player.goto(4)
g = p.geometry()
seen.update(geometry=[g.x(), g.y(), g.width(), g.height()], screen=p.windowHandle().screen().name(),
            full=p.isFullScreen(), mirrors=p.view.scene() is panes_of(table)[0].scene,
            caption=p.caption.caption.text(), table_caption=panes_of(table)[0].caption.caption.text(),
            controls=[c.metaObject().className() for c in p.findChildren(object)
                      if c.metaObject().className() in ("QPushButton", "QToolButton", "QComboBox", "QSlider")])
fill_menu(menu, w)
seen["checked"] = [a.isChecked() for a in menu.actions()]
table.configure(style2="house-way-left")  # two styles: both on the projector
seen["mirrored"] = [m.view.scene() is pane.scene for m, pane in zip(p.mirrors, table.active_panes())]
learn = w.show_screen("learn")
seen.update(learn=p.learn.title, page=f"Learn: {learn.page.title}", learn_shown=p.learn.isVisibleTo(p))
w.show_screen("table")
w.close()  # the app closes with the presenter open: the next start opens it on the projector again
again = MainWindow(AppContext(seed=3), QSettings(sys.argv[1], QSettings.Format.IniFormat))
again.show()
again.finish_startup()
p = again.present_remembered()
seen.update(restarted=p.windowHandle().screen().name(), restarted_full=p.isFullScreen())
fill_menu(menu, again)
menu.actions()[0].trigger()
seen["closed"] = again.presenter is None
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
    assert seen["mirrored"] == [True, True]
    assert seen["learn"] == seen["page"] and seen["learn_shown"]
    assert seen["restarted"] == "projector" and seen["restarted_full"]  # remembered for the next start
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
    table = panes_of(window.current_screen())[0]
    assert presenter.view.scene() is table.scene
    table.player.goto(6)
    assert presenter.caption.step == table.caption.step and presenter.caption.step[1]
    assert "621a" in presenter.caption.citation.text()  # the profile's section, as on the table

    window.show_screen("drills")  # no table: the screen's name, not a stale table
    assert presenter.elsewhere.isVisible() and "Drills" in presenter.elsewhere.text()
    assert not presenter.view.isVisible() and not presenter.caption.isVisible()

    dealer = panes_of(window.show_screen("dealer"))[0]
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
    pane = panes_of(window.current_screen())[0]
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

    dealer = panes_of(window.show_screen("dealer"))[0]
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


def changed_items(scene, before, after):
    """The items of ``scene`` that the step from frame ``before`` to ``after`` moves, turns, deals or pays."""
    if hasattr(after, "tiles"):  # Pai Gow
        items = [scene.tiles[t] for t, pl in after.tiles.items() if before.tiles.get(t) != pl]
        items += [scene.shaker] if (before.dice, before.shaker) != (after.dice, after.shaker) else []
        return items + [scene.wagers[k] for k in scene.wagers if sum(before.chips.get(k, ())) != sum(after.chips.get(k, ()))]
    items = [scene.card_items.get(k) for k, spot in after.cards.items() if before.cards.get(k) != spot]
    return items + [scene.stacks.get(to) for _frm, to, _c in after.chip_moves]  # (None: not made yet)


@pytest.mark.parametrize("game, screen, kinds", [("paigow", "dealer", ("roll", "expose", "collect")),
                                                 ("baccarat", "baccarat-table", ("deal", "turn", "chips"))])
def test_zoom_glides_to_what_each_step_moves_and_never_jumps(qtbot, window, game, screen, kinds):
    """The dice as they leave the shaker, the hands being exposed, the seat being paid: each step's
    active area comes from its frames; the view glides there over many frames (its time driven here
    frame by frame, 15 ms apart), each frame a small part of the whole way."""
    from trainer.ui.paigow.player import INSTANT
    from trainer.ui.presenter import GLIDE_MS

    window.ctx.set_game(game)
    pane = panes_of(window.show_screen(screen))[0]
    presenter = window.present()
    presenter.resize(1280, 720)
    window.zoom_action.trigger()
    mirror, scene, timeline = presenter.mirrors[0], pane.scene, pane.player.timeline
    table = scene.sceneRect()
    pane.player.set_speed(INSTANT)  # (the dealer screen's narration of the round ends at once)
    for kind in kinds:
        index = next(i for i in range(1, len(timeline) + 1) if timeline.steps[i - 1].kind == kind
                     and len(changed_items(scene, timeline.frame_at(i - 1), timeline.frame_at(i))) <= 4)  # (one seat)
        pane.player.goto(index - 1)
        if mirror._glide.state() != mirror._glide.State.Stopped:
            mirror._glide.setCurrentTime(GLIDE_MS)  # (settled on the step before)
        start = shown_area(mirror.view)
        pane.player.goto(index)
        assert mirror._glide.state() == mirror._glide.State.Running, kind  # a glide, not a jump
        mirror._glide.pause()
        seen = []
        for t in range(0, GLIDE_MS + 15, 15):
            mirror._glide.setCurrentTime(min(t, GLIDE_MS))
            area = shown_area(mirror.view)
            seen.append((area.center().x(), area.center().y(), area.width()))
        end = shown_area(mirror.view)
        way = [abs(b - a) for a, b in zip(seen[0], seen[-1])]
        assert abs(seen[0][2] - start.width()) < 1 and max(way) > 20, kind  # from where it was, somewhere else
        for a, b in zip(seen, seen[1:]):
            assert all(abs(y - x) <= 0.1 * w + 0.5 for x, y, w in zip(a, b, way)), (kind, a, b, way)
        assert sum(a != b for a, b in zip(seen, seen[1:])) > 15, kind  # over many frames
        moved = changed_items(scene, timeline.frame_at(index - 1), timeline.frame_at(index))
        assert moved and None not in moved, kind
        for item in moved:
            assert end.adjusted(-2, -2, 2, 2).contains(item.sceneBoundingRect().intersected(table)), (kind, item, end)
        assert end.width() < 0.9 * table.width() or end.height() < 0.9 * table.height(), kind  # larger than the table
    window.zoom_action.trigger()  # off: it glides back to the whole table
    qtbot.waitUntil(lambda: shown_area(mirror.view).adjusted(-2, -2, 2, 2).contains(table), timeout=5000)


def table_picture(mirror) -> QImage:
    """What the class sees of the table: the live view, or the picture kept in its place."""
    if not mirror.is_frozen:
        return mirror.view.grab().toImage()
    label, size = mirror.frozen, mirror.frozen.pixmap().size()
    corner = QPoint((label.width() - size.width()) // 2, (label.height() - size.height()) // 2)
    return label.grab(QRect(corner, size)).toImage()  # (as drawn, centred in the table's place)


def test_a_hidden_answer_keeps_the_table_as_it_was_before_the_step_until_reveal(qtbot, window):
    """The hands being exposed: while the answer is hidden, the projector shows the table before the
    step (its rendered picture the very same, the tiles still face down) until Reveal; a step is held
    while it plays too; going back hides nothing; a new start is not held."""
    pane = panes_of(window.show_screen("table"))[0]
    timeline = pane.player.timeline
    expose = 1 + next(i for i, step in enumerate(timeline.steps) if step.kind == "expose")
    presenter = window.present()
    presenter.resize(1280, 720)
    mirror = presenter.mirrors[0]
    window.hide_answers_action.trigger()
    pane.player.goto(expose - 1)
    assert mirror.is_frozen and not mirror.view.isVisible()
    window.reveal_action.trigger()
    assert not mirror.is_frozen and mirror.view.isVisible()
    qtbot.wait(50)  # (the longer caption revealed takes its place)
    before = table_picture(mirror)
    pane.player.goto(expose)
    assert mirror.is_frozen and table_picture(mirror) == before
    qtbot.wait(50)  # (the shorter caption held leaves the table more room: the picture stays the same)
    assert table_picture(mirror) == before
    window.reveal_action.trigger()
    qtbot.wait(50)
    assert table_picture(mirror) != before  # the tiles face up now

    pane.player.goto(expose - 2)  # back: the class has seen it
    assert not mirror.is_frozen
    qtbot.wait(50)
    earlier = table_picture(mirror)
    pane.player.set_speed(0.25)
    pane.player.step_forward()  # playing the next step: the picture stays the one before it
    qtbot.wait(50)
    assert pane.player.animating and mirror.is_frozen and table_picture(mirror) == earlier
    pane.player.step_forward()  # (ended)
    qtbot.wait(50)
    assert table_picture(mirror) == earlier
    pane.player.goto(0)  # a new start: nothing to hide
    assert not mirror.is_frozen


def test_two_styles_side_by_side_are_both_mirrored(qtbot, window):
    table = window.show_screen("table")
    presenter = window.present()
    presenter.resize(1600, 600)
    second = window.ctx.profile.styles[1]
    table.configure(style2=second)
    panes = table.active_panes()
    shown = [m for m in presenter.mirrors if m.isVisible()]
    assert len(panes) == 2 and [m.view.scene() for m in shown] == [p.scene for p in panes]
    assert shown[0].view.geometry().right() < shown[1].mapTo(presenter, shown[1].view.geometry().topLeft()).x() + 1 \
        or shown[0].x() < shown[1].x()  # side by side
    panes[1].player.goto(9)
    assert shown[1].caption.step == panes[1].caption.step != shown[0].caption.step
    table.side.setChecked(False)  # one style again: one table on the projector
    assert [m for m in presenter.mirrors if m.isVisible()] == shown[:1]


def test_the_learn_page_taught_is_shown_large_and_follows_the_instructor(qtbot, window):
    """The presenter shows the Learn page's title and sections without a control, larger than on
    the instructor's screen; the next page replaces it; a worked example steps with the instructor's."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    from trainer.drills.learn import families
    from trainer.ui.learn_widgets import WalkthroughView
    from trainer.ui.presenter_learn import walkthroughs_of

    learn = window.show_screen("learn")
    presenter = window.present()
    presenter.resize(1920, 1080)
    mirror = presenter.learn
    assert mirror.isVisible() and not presenter.elsewhere.isVisible()
    titles = [lab.text() for lab in mirror.findChildren(QLabel)]
    assert f"Learn: {learn.page.title}" in titles and learn.page.sections[0].title in titles
    assert not presenter.findChildren(QAbstractButton)  # no control
    heading = next(lab for lab in learn.findChildren(QLabel) if lab.text() == f"Learn: {learn.page.title}" and lab.isVisible())
    theirs = next(lab for lab in mirror.findChildren(QLabel) if lab.text() == heading.text())
    assert theirs.font().pointSizeF() > 1.2 * heading.font().pointSizeF()  # demonstration size
    with_example = next(f for f in families(window.ctx.profile)
                        if any(s.walkthroughs for s in learn_page_of(window, f).sections))
    learn.show_family(with_example)
    assert mirror.title == f"Learn: {learn.page.title}"
    original = walkthroughs_of(learn)[0]
    copy = mirror.findChildren(WalkthroughView)[0]
    original.step()
    original.step()
    assert original.index == copy.index == 2
    window.show_screen("drills")
    assert not mirror.isVisible() and presenter.elsewhere.isVisible()


def test_a_learn_pages_answers_wait_for_reveal_on_the_projector(qtbot, window):
    """Hide the answer: the projector shows each worked question of the page without its answer
    until Reveal; the next page is held again."""
    from html import escape

    from PySide6.QtWidgets import QLabel

    from trainer.drills.learn import families

    window.ctx.set_game("baccarat")
    learn = window.show_screen("learn")
    with_examples = [f for f in families(window.ctx.profile)
                     if any(s.examples for s in learn_page_of(window, f).sections)]
    learn.show_family(with_examples[0])
    presenter = window.present()
    window.hide_answers_action.trigger()
    example = next(e for s in learn.page.sections for e in s.examples)

    def shown() -> str:  # (the labels' text as written: HTML)
        return " ".join(lab.text() for lab in presenter.learn.findChildren(QLabel) if lab.isVisibleTo(presenter))

    def answered(e) -> str:
        return f"Answer: <b>{escape(e.answer)}</b>"

    assert escape(example.prompt) in shown() and answered(example) not in shown() and "Answer: ?" in shown()
    window.reveal_action.trigger()
    assert answered(example) in shown() and "Answer: ?" not in shown()
    learn.show_family(with_examples[-1])
    other = next(e for s in learn.page.sections for e in s.examples)
    assert escape(other.prompt) in shown() and answered(other) not in shown()
    window.hide_answers_action.trigger()  # off: every answer shows
    assert answered(other) in shown()


def learn_page_of(window, family):
    from trainer.drills.learn import learn_page

    return learn_page(family, window.ctx.profile, frozenset())


def test_the_screen_presented_on_is_used_again_next_start(qtbot, tmp_path):
    """One screen: the presenter open as a window when the app closed opens again as a window; one
    remembered on a projector that is not there now opens none (issue 40: a laptop taken home), and
    is still remembered for when it is there; closed by the instructor, none opens."""
    from PySide6.QtCore import QSettings

    path = str(tmp_path / "state.ini")

    def start():
        w = mw.MainWindow(AppContext(seed=3), QSettings(path, QSettings.Format.IniFormat))
        qtbot.addWidget(w)
        w.show()
        w.finish_startup()
        return w

    first = start()
    first.present()
    first.close()
    again = start()
    presenter = again.present_remembered()
    assert presenter is again.presenter and presenter.isVisible() and presenter.shown_on is None
    again.stop_presenting()  # the instructor closed it
    again.close()
    assert start().present_remembered() is None
    store = QSettings(path, QSettings.Format.IniFormat)
    store.setValue("presenter/screen", "projector")
    store.sync()
    last = start()
    assert last.present_remembered() is None and last.presenter is None
    last.close()
    assert QSettings(path, QSettings.Format.IniFormat).value("presenter/screen") == "projector"


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
    table = panes_of(window.current_screen())[0]
    table.player.goto(2)
    assert presenter.caption.step[1] != table.caption.step[1]  # held
    table.view.setFocus()  # (the table's own V turns its faces up: Ctrl+Shift+V is the window's)
    qtbot.keyClick(table.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert presenter.caption.step == table.caption.step and not window.current_screen().reveal.isChecked()
    qtbot.keyClick(presenter, Qt.Key.Key_Escape)
    assert window.presenter is None


def test_a_drills_animation_of_a_deal_is_mirrored_without_its_caption(qtbot, window):
    """Naming a style from its animation: the class sees the deal, never a caption that would name it;
    a question without an animation is shown with its choices (issue 40, item 8)."""
    drills = window.show_screen("drills")
    presenter = window.present()
    assert presenter.elsewhere.isVisible()
    window.hide_answers_action.trigger()  # (the deal is the question: it plays on, never held)
    drills.prepare_snapshot(seed=4, move=3)  # a style-animation question, shown as in a session
    animation = drills.animation.widget
    assert presenter.view.isVisible() and presenter.view.scene() is animation.scene
    assert not presenter.caption.isVisible()
    animation.player.goto(len(animation.player))
    assert not presenter.mirrors[0].is_frozen and presenter.view.isVisible()
    from trainer.drills import generate

    drills.show_question(generate("tile-id", seed=1, profile=window.ctx.profile))
    assert presenter.asked.isVisible() and not presenter.view.isVisible() and not presenter.elsewhere.isVisible()


def test_at_device_pixel_ratio_2_the_presenter_loses_nothing(tmp_path):
    """A HiDPI laptop or projector (QT_SCALE_FACTOR=2): the presenter at 1280x720 Projector draws
    the same picture, twice as sharp: the felt takes the same share and the caption is all there."""
    shots = {}
    for ratio in ("1", "2"):
        out = tmp_path / f"present-{ratio}.png"
        run = subprocess.run([sys.executable, "-m", "trainer", "snapshot", "--present", "--size", "1280x720",
                              "--text-size", "projector", "--move", "6", "--out", str(out)], cwd=ROOT,
                             env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": ratio},
                             capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        shots[ratio] = QImage(str(out))
    assert shots["2"].size() == shots["1"].size()
    assert abs(felt_share(shots["2"]) - felt_share(shots["1"])) < 0.02
    bottom = [shots[r].copy(0, 600, 1280, 120) for r in ("1", "2")]  # the caption bar: as much text drawn
    assert abs(ink(bottom[0]) - ink(bottom[1])) < 0.25 * ink(bottom[0])


def ink(image: QImage) -> int:
    """How many pixels of ``image`` are light (the caption's text on its dark bar), every 2nd of every 2nd row."""
    return sum(image.pixelColor(x, y).lightness() > 160 for y in range(0, image.height(), 2)
               for x in range(0, image.width(), 2))


def test_a_wide_learn_page_fits_the_projector_at_1280x720(qtbot, sized_window):
    """The tiles' table at the demonstration size ran past the presenter's right edge at 1280x720
    Projector (the view never scrolls across): the page's text is made as much smaller as it needs."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication, QLabel

    window = sized_window("projector")
    window.show_screen("learn")
    presenter = window.present()
    presenter.resize(1280, 720)
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    mirror = presenter.learn
    content = mirror.widget()
    assert content.width() <= mirror.viewport().width()
    title = next(lab for lab in content.findChildren(QLabel) if lab.text().startswith("Learn: "))
    assert title.fontInfo().pixelSize() >= 24  # still projector-sized
