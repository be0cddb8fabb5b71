"""The classroom: text size (Projector), contrast in both themes, accessible names, help and welcome."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRectF, QSettings, Qt
from PySide6.QtGui import QColor, QFontInfo, QImage, QPainter
from PySide6.QtWidgets import (
    QAbstractButton, QApplication, QComboBox, QLabel, QLineEdit, QMenu, QStyle, QTabBar, QWidget,
)

from trainer.ui import main_window as mw
from trainer.ui.accessibility import CONTROLS, unnamed_controls
from trainer.ui.context import AppContext
from trainer.drills.games import game_named, games
from trainer.ui.help import GLOSSARIES, SUGGESTED_PATHS, HelpDialog
from trainer.ui.scaling import TEXT_SIZES, apply_text_size, current_text_size, min_text_px, text_px
from trainer.ui.screens import SCREENS
from trainer.ui.theme import THEMES, apply_theme, contrast, control_edge, tinted_icon
from trainer.ui.paigow import table_layout as L
from trainer.ui.felt import font as table_font


@pytest.fixture
def window(qtbot, tmp_path):
    w = mw.MainWindow(AppContext(seed=3), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1920, 1080)
    w.show()
    w.finish_startup()
    qtbot.waitUntil(lambda: w.screen_actions["drills"].shortcut().toString() != "")  # (bound once the screen painted)
    yield w
    # back to the defaults, once the window is gone (restyling a live window costs seconds)
    w.close()
    w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if current_text_size().key != "normal":
        apply_text_size(QApplication.instance(), "normal")
    apply_theme(QApplication.instance(), THEMES["light"])


def _texts(root: QWidget):
    """Visible widgets that show text, with their text."""
    for w in root.findChildren(QWidget):
        if not w.isVisibleTo(root):
            continue
        if isinstance(w, (QLabel, QAbstractButton, QLineEdit)) and w.text().strip():
            yield w
        elif isinstance(w, (QComboBox, QTabBar, QMenu)):
            yield w


def test_projector_preset_no_text_under_24px_tiles_60px(qtbot, window):
    window.text_size_actions["projector"].trigger()
    assert current_text_size().key == "projector" and min_text_px() >= 24
    for spec in SCREENS:
        screen = window.show_screen(spec.key)
        if hasattr(screen, "prepare_snapshot"):
            screen.prepare_snapshot(seed=3, move=None)
        QApplication.processEvents()
        small = [(type(w).__name__, getattr(w, "text", lambda: "")()[:30], QFontInfo(w.font()).pixelSize())
                 for w in _texts(window) if QFontInfo(w.font()).pixelSize() < 24]
        assert small == [], spec.key
        window.resize(1920, 1080)
        QApplication.processEvents()
        assert (window.width(), window.height()) == (1920, 1080), spec.key  # bars wrap, lists scroll
    for menu in window.menuBar().findChildren(QMenu):
        assert QFontInfo(menu.font()).pixelSize() >= 24
    # the table: every label at least 24 px on screen, tiles at least 60 px tall
    table = window.show_screen("table")
    QApplication.processEvents()
    scale = table.primary.view.transform().m11()
    assert L.TILE_H * scale >= 60
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    p = QPainter(image)
    p.scale(scale, scale)
    assert all(QFontInfo(table_font(px, p)).pixelSize() * scale >= 23.5 for px in (15, 18, 22))
    p.end()


def test_text_size_is_remembered_and_offered_in_view_menu(qtbot, window):
    assert [a.text() for a in window.text_size_actions.values()] == [s.title for s in TEXT_SIZES.values()]
    window.set_text_size("large")
    assert window.text_size_actions["large"].isChecked()
    assert mw.stored_text_size(window.store) == "large"
    window.store.setValue("app/text_size", "huge")
    assert mw.stored_text_size(window.store) is None


@pytest.mark.parametrize("name", sorted(THEMES))
def test_palette_and_controls_meet_wcag_aa(qtbot, window, name):
    """4.5:1 for text on every background it sits on, 3:1 for control outlines and icons."""
    t = THEMES[name]
    felt_centre = QColor(t.felt).lighter(112).name()  # the felt's lightest point (table_paint)
    for fg, bg in ((t.text, t.window), (t.text, t.base), (t.text, t.button), (t.highlighted_text, t.highlight),
                   (t.placeholder, t.base), (t.highlight, t.base), (t.caption_text, t.caption_bg),
                   (t.citation_text, t.caption_bg), (t.label, t.felt), (t.label, felt_centre), (t.label, t.spot),
                   (t.label, t.rail)):
        assert contrast(fg, bg) >= 4.5, (fg, bg)
    for bg in (t.base, t.window, t.button):
        assert contrast(control_edge(t), bg) >= 3
    assert contrast(t.chalk, felt_centre) >= 3
    # the rendered transport icons of both games' tables, against the button they sit on
    window.ctx.set_theme(name)
    table = window.show_screen("table")
    for game, key in (("paigow", "table"), ("baccarat", "baccarat-table")):
        window.ctx.set_game(game)
        for button in window.show_screen(key).transport_buttons():
            QApplication.processEvents()
            image = button.icon().pixmap(button.iconSize()).toImage()
            inked = [image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height())
                     if image.pixelColor(x, y).alpha() > 200]
            assert inked and all(contrast(c.name(), t.button) >= 3 for c in inked), (key, button.toolTip())
    assert tinted_icon(table.style(), QStyle.StandardPixmap.SP_MediaStop, t.text, 20).availableSizes()


def test_every_screen_fits_1280x720_and_names_every_control(qtbot, window):
    """Option bars wrap and lists scroll (no screen makes the window larger than the display); a
    screen reader can name every control of every screen."""
    for spec in SCREENS:
        screen = window.show_screen(spec.key)
        if hasattr(screen, "prepare_snapshot"):
            screen.prepare_snapshot(seed=3, move=None)
        window.resize(1280, 720)
        QApplication.processEvents()
        assert (window.width(), window.height()) == (1280, 720), spec.key
        assert [(type(w).__name__, w.toolTip()) for w in unnamed_controls(window)] == [], spec.key
        assert [w for w in screen.findChildren(QWidget) if w.toolTip() and not w.accessibleDescription()
                and isinstance(w, CONTROLS)] == [], spec.key
    for game in games():
        help_dialog = HelpDialog(game)
        qtbot.addWidget(help_dialog)
        assert unnamed_controls(help_dialog) == []


def test_help_reachable_from_every_screen_with_f1_and_glossary_filters(qtbot, window):
    keys = {a.shortcut().toString(): a for a in window.findChildren(mw.QAction)}
    assert keys["F1"].text() == "&Getting started" and keys["Shift+F1"].text() == "G&lossary"
    # window-wide shortcuts: they work whichever screen has the focus
    assert {keys[k].shortcutContext() for k in ("F1", "Shift+F1")} == {Qt.ShortcutContext.WindowShortcut}
    keys["Shift+F1"].trigger()
    assert window.help_dialog.isVisible() and window.help_dialog.tabs.currentIndex() == 1
    terms = {t for t, _ in GLOSSARIES["paigow"]}
    assert {"Wong", "Gong", "Gee Joon", "Copy", "Woodpile", "Dead Hand", "Vigorish", "Tile names"} <= terms
    dialog = window.help_dialog
    dialog.filter.setText("woodp")
    shown = [dialog.terms.item(i).text() for i in range(dialog.terms.count()) if not dialog.terms.item(i).isHidden()]
    assert "Woodpile" in shown and "Vigorish" not in shown
    assert "Woodpile" in dialog.meaning.toPlainText() or dialog.meaning.toPlainText()


def test_welcome_creates_the_trainee_sets_the_profile_and_opens_the_first_step(qtbot, window, tmp_path):
    assert not window.welcomed()
    window.ctx.data_dir = tmp_path / "data"
    window.show_welcome()
    dialog = window.welcome_dialog
    assert [b.text().split(" — ")[0] for b in dialog.step_buttons] == [
        f"{i}. {s.title}" for i, s in enumerate(SUGGESTED_PATHS["paigow"], 1)]
    dialog.name.setText("Bea")
    dialog.profile.setCurrentIndex(dialog.profile.findData("nj"))
    dialog.step_buttons[0].click()
    assert window.ctx.trainee == "Bea" and window.ctx.profile.name == "nj"
    assert window.current_key == "learn" and window.welcomed()  # taught first (issue 40)
    window.current_screen().practise()
    assert window.current_key == "drills" and window.current_screen().skill.currentData() == "tile-id"
    from trainer.ui.progress_link import close_shared_stores
    close_shared_stores()


def test_welcome_offers_every_games_profiles_and_opens_with_baccarat_in_play(qtbot, window, tmp_path):
    """A first run with Baccarat's profile (``--profile pa-631a``) showed a traceback: the welcome knew
    only Pai Gow's profiles. It lists every game's, the one in play chosen; picking another plays its game."""
    from trainer.drills.games import all_profile_names

    window.ctx.data_dir = tmp_path / "data"
    window.ctx.set_profile("pa-631a")
    window.show_welcome()
    dialog = window.welcome_dialog
    offered = [dialog.profile.itemData(i) for i in range(dialog.profile.count())]
    assert sorted(offered) == all_profile_names()
    assert dialog.profile.currentData() == "pa-631a" and "Baccarat" in dialog.profile.currentText()
    dialog.name.setText("Cy")
    dialog.profile.setCurrentIndex(dialog.profile.findData("md"))
    dialog.step_buttons[0].click()
    assert window.ctx.profile.name == "md" and window.ctx.game.id == "paigow"
    from trainer.ui.progress_link import close_shared_stores
    close_shared_stores()


def test_every_games_path_opens_its_own_screens_and_skills():
    """Each step of a game's suggested path opens a screen offered while that game is in play, and its
    skill is one of that game's, offered under each of the game's profiles."""
    from trainer.drills.games import game_of_skill
    from trainer.drills.registry import offered_skills
    from trainer.ui.screens import find_screen

    assert set(SUGGESTED_PATHS) == set(GLOSSARIES) == {g.id for g in games()}
    for game in games():
        for step in SUGGESTED_PATHS[game.id]:
            assert find_screen(step.screen, game.id).offered(game.id), (game.id, step)
            if step.skill:
                assert game_of_skill(step.skill) is game, (game.id, step)
                for profile in game.profiles.names():
                    assert step.skill in {s.id for s in offered_skills(profile, advanced=False)}, (profile, step)


def test_welcome_path_is_the_chosen_jurisdictions_games(qtbot, window, tmp_path):
    """With Baccarat's profile the welcome offered Pai Gow's path: its first step opened Pai Gow's tile
    drill. The path now follows the game of the jurisdiction chosen, and each step opens that game's."""
    window.ctx.data_dir = tmp_path / "data"
    window.ctx.set_profile("pa-631a")
    window.show_welcome()
    dialog = window.welcome_dialog

    def titles():
        return [b.text().split(" — ")[0] for b in dialog.step_buttons]

    baccarat = [f"{i}. {s.title}" for i, s in enumerate(SUGGESTED_PATHS["baccarat"], 1)]
    paigow = [f"{i}. {s.title}" for i, s in enumerate(SUGGESTED_PATHS["paigow"], 1)]
    assert titles() == baccarat and baccarat != paigow
    dialog.profile.setCurrentIndex(dialog.profile.findData("nj"))
    assert titles() == paigow
    dialog.profile.setCurrentIndex(dialog.profile.findData("pa-631a-ez"))
    assert titles() == baccarat
    dialog.name.setText("Di")
    dialog.practise_buttons[0].click()
    assert window.ctx.profile.name == "pa-631a-ez" and window.ctx.game.id == "baccarat"
    drills = window.current_screen()
    assert window.current_key == "drills" and drills.skill.currentData() == "bac-point-count"
    assert drills.controller.running
    window.show_welcome()
    shoe = [b for b in window.welcome_dialog.step_buttons if "The shoe" in b.text()]
    shoe[0].click()
    assert window.current_key == "baccarat-table"
    from trainer.ui.progress_link import close_shared_stores
    close_shared_stores()


def test_help_is_the_game_in_plays(qtbot, window):
    """Help showed Pai Gow's path, screens and glossary whatever the game: it follows the game in play,
    also while it is open, keeping the glossary's filter."""
    window.show_help()
    dialog = window.help_dialog
    page = dialog.start.toPlainText()
    assert "dealing Pai Gow tiles" in page and "Player's seat" in page and "Calling the game" not in page
    assert all(step.why in page for step in SUGGESTED_PATHS["paigow"])
    dialog.filter.setText("point")
    window.ctx.set_profile("pa-631a")
    page = dialog.start.toPlainText()
    assert "dealing Baccarat" in page and "Calling the game (Ctrl+5)" in page and "Player's seat" not in page
    assert all(step.why in page for step in SUGGESTED_PATHS["baccarat"])
    assert "switches to Pai Gow tiles" in page
    shown = [dialog.terms.item(i).text() for i in range(dialog.terms.count()) if not dialog.terms.item(i).isHidden()]
    assert dialog.filter.text() == "point" and "Point Count" in shown and "Woodpile" not in shown
    assert dialog.terms.currentItem().text() in shown and dialog.meaning.toPlainText().startswith(shown[0])
    dialog.filter.setText("woodpile")
    assert all(dialog.terms.item(i).isHidden() for i in range(dialog.terms.count()))
    assert dialog.meaning.toPlainText() == ""


# --- starting and documenting ---------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def _shots() -> list[tuple[str, str]]:
    text = (ROOT / "scripts" / "screenshots").read_text()
    block = text.split("<<'SHOTS'\n", 1)[1].split("\nSHOTS", 1)[0]
    return [tuple(line.split(None, 1)) for line in block.splitlines() if line.strip()]


def test_readme_shows_the_exact_commands_of_every_screenshot():
    readme = (ROOT / "README.md").read_text()
    shots = _shots()
    assert len(shots) >= 8
    for name, args in shots:
        row = next((line for line in readme.splitlines() if f"(docs/img/{name}.png)" in line), "")
        assert f"`{' '.join(args.split())}`" in row, name
    referenced = set(re.findall(r"docs/img/([a-z-]+)\.png", readme))
    assert referenced == {name for name, _ in shots}


def test_run_script_installs_only_when_pyproject_changes(tmp_path):
    """``ensure_venv`` (scripts/run, scripts/test) calls pip once per pyproject.toml, then never."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    fake = tmp_path / ".venv" / "bin" / "python"
    fake.parent.mkdir(parents=True)
    fake.write_text(f"#!/bin/sh\necho \"$@\" >> {tmp_path / 'calls'}\n")
    fake.chmod(0o755)
    step = f". {ROOT / 'scripts' / '_venv.sh'} && ensure_venv ''"

    def run() -> int:
        subprocess.run(["bash", "-c", step], cwd=tmp_path, check=True, capture_output=True)
        calls = tmp_path / "calls"
        return len(calls.read_text().splitlines()) if calls.exists() else 0

    assert run() == 1 and run() == 1  # installed once; the second launch installs nothing
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\ndependencies = ['numpy']\n")
    assert run() == 2


# --- the felt shows the game ----------------------------------------------------------------------

def _bank_round():
    import random

    from trainer.rules.paigow.profiles import profile_named
    from trainer.rules.paigow.round import play_round, seat_players

    players = seat_players(random.Random(7), profile_named("pa-2019"), 4)
    bank = players[0].seat
    return play_round(random.Random(7), players, bank=bank, eligible=[bank])


def test_round_frames_put_chips_on_every_wager_and_mark_the_bank():
    from trainer.ui.paigow.round_frames import round_table

    played = _bank_round()
    timeline = round_table(played).timeline
    # the seats' wagers (the dealer's wager against a player bank is the marker on his tiles)
    wagered = {str(p.position): tuple(p.wagers.values()) for p in played.positions
               if p.wagers and str(p.position).startswith("seat")}
    first_deal = next(i for i, s in enumerate(played.steps) if s.action == "deliver")
    before_deal = timeline.frame_at(first_deal)
    assert before_deal.chips == wagered and before_deal.bank == played.bank  # occupied seats before the deal
    losers = [m.source for m in played.chips if m.why.startswith("losing Pai Gow")]
    assert losers and all(seat not in timeline.frame_at(len(timeline)).chips or
                          len(timeline.frame_at(len(timeline)).chips[seat]) < len(wagered[seat]) for seat in losers)


def test_scene_shows_chips_bank_dice_total_and_fans_stacks(qtbot):
    from trainer.ui.paigow.round_frames import round_table
    from trainer.ui.paigow.table_scene import TableScene
    from trainer.ui.paigow.timeline import RoundChoice, build_timeline, plan_for

    played = _bank_round()
    timeline = round_table(played).timeline
    scene = TableScene("dark")
    counting = next(i for i, s in enumerate(played.steps) if s.action == "count") + 1
    scene.show_frame(timeline.frame_at(counting))
    frame = timeline.frame_at(counting)
    assert {k for k, item in scene.wagers.items() if item.isVisible()} == set(frame.chips) | {played.bank}
    assert scene.wagers[played.bank].bank and scene.dice_total.isVisible()
    assert sum(scene.dice_total.dice) == sum(frame.dice)
    # the instructor's view: the four tiles of each woodpile stack drawn one above the other, whole
    pile = build_timeline(plan_for(RoundChoice(style="house-way-right", seed=1)), prelude=True)
    scene.show_frame(pile.frame_at(pile.index_after_move(0)))
    scene.set_reveal(True)
    ys = sorted(item.pos().y() for item in scene.tiles.values() if abs(item.pos().x() - L.row_x(1)) < 1)
    assert len(ys) == 4 and min(b - a for a, b in zip(ys, ys[1:])) >= L.TILE_H


@pytest.mark.parametrize("name", sorted(THEMES))
def test_answer_chips_stand_out_and_fit_their_value(qtbot, name):
    from trainer.ui.widgets.typed_answer import TypedAnswer
    from trainer.ui.theme import CHIPS

    window = THEMES[name].window
    one = next(colour for cents, colour, _ in CHIPS if cents == 100)
    assert contrast(one, "#f3f1ea") >= 3  # the $1 chip is not the colour of the light window
    # every chip stands out from the window by its body or by its dashed edge
    assert all(max(contrast(colour, window), contrast(ink, window)) >= 3 for _, colour, ink in CHIPS)
    answer = TypedAnswer()
    qtbot.addWidget(answer)
    for chip in answer.chips.findChildren(QAbstractButton):
        if chip.text().startswith("$"):
            assert chip.width() >= chip.fontMetrics().horizontalAdvance(chip.text()) + 12, chip.text()


@pytest.mark.parametrize("px", [16, 18, 40, 60])
def test_table_labels_never_overlap_the_tiles_or_each_other(qtbot, px):
    """At any label size (a small table at Projector text grows them): the dealer's edge labels do
    not touch."""
    from PySide6.QtGui import QFont, QFontMetricsF

    from trainer.ui.paigow.table_paint import edge_labels

    f = QFont()
    f.setPixelSize(px)
    f.setBold(True)
    m = QFontMetricsF(f)
    width = L.SCENE_W - 80
    labels = edge_labels(m.horizontalAdvance, width)
    assert len(labels) >= 2
    spans = sorted((0, m.horizontalAdvance(t)) if a == Qt.AlignmentFlag.AlignLeft else
                   (width - m.horizontalAdvance(t), width) if a == Qt.AlignmentFlag.AlignRight else
                   ((width - m.horizontalAdvance(t)) / 2, (width + m.horizontalAdvance(t)) / 2)
                   for t, a in labels)
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:]))
    if px <= 40:  # scale, never drop: the middle label stays, in words or shortened
        assert any(t.startswith("DEALER") for t, _ in labels)


def test_bank_round_collections_are_drawn_in_the_labelled_centre(qtbot):
    """A player-banked round shows the centre of the layout, named, holding exactly the chips
    moved into it and not yet paid out (621a.9(o)); a house-banked round does not show it."""
    from trainer.rules.paigow.settlement import CENTRE
    from trainer.ui.paigow.round_frames import round_table
    from trainer.ui.paigow.table_scene import TableScene
    from trainer.ui.paigow.timeline import RoundChoice, build_timeline, plan_for

    played = _bank_round()
    timeline = round_table(played).timeline
    scene = TableScene("light")
    in_centre, shown = 0, []
    moves = iter(played.chips)
    for i, step in enumerate(played.steps):
        if step.action == "chips":
            move = next(moves)
            in_centre += move.cents if move.target == CENTRE else -move.cents if move.source == CENTRE else 0
        frame = timeline.frame_at(i + 1)
        scene.show_frame(frame)
        assert scene.centre.isVisible()
        assert sum(scene.centre.stacks) == in_centre, step
        shown.append(in_centre)
    assert max(shown) > 0 and shown[-1] == 0
    area = QRectF(*L.CENTRE_AREA)
    assert not any(area.intersects(QRectF(*spot.rect())) for spot in L.SPOTS.values())
    house = build_timeline(plan_for(RoundChoice(style="house-way-right", seed=1)), prelude=True)
    scene.show_frame(house.frame_at(len(house)))
    assert not scene.centre.isVisible()


def test_felt_markings_grow_only_as_far_as_their_box(qtbot):
    """At Projector a small Baccarat table's printed markings would grow past their betting areas:
    each is fitted to its box, and is never larger than the text size asks."""
    from PySide6.QtGui import QFontMetricsF

    from trainer.ui.felt import font, font_to_fit

    apply_text_size(QApplication.instance(), "projector")
    image = QImage(40, 40, QImage.Format.Format_ARGB32)
    p = QPainter(image)
    p.scale(0.4, 0.4)  # a table drawn at 40 %: a 24 px minimum is 60 scene units
    try:
        box = QRectF(0, 0, 90, 40)
        for text in ("TIE", "HOUSE\nMONEY", "TABLE INVENTORY CONTAINER"):
            f = font_to_fit(14, p, box, text)
            size = QFontMetricsF(f).boundingRect(QRectF(0, 0, 1e6, 1e6), int(Qt.AlignmentFlag.AlignCenter), text)
            assert size.width() <= box.width() and size.height() <= box.height(), text
            assert f.pixelSize() <= font(14, p).pixelSize()
        assert font_to_fit(14, p, QRectF(0, 0, 900, 200), "TIE").pixelSize() == font(14, p).pixelSize()
        assert font(14, p).pixelSize() * 0.4 >= 24  # a table at 40 % still grows its labels
        p.scale(0.5, 0.5)  # a thumbnail (20 %): labels keep the table's proportions
        assert font(14, p).pixelSize() == 14
    finally:
        p.end()
        apply_text_size(QApplication.instance(), "normal")
