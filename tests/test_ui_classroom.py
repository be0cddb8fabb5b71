"""The classroom: text size (Projector), contrast in both themes, accessible names, help and welcome."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QFontInfo, QImage, QPainter
from PySide6.QtWidgets import (
    QAbstractButton, QApplication, QComboBox, QLabel, QLineEdit, QMenu, QStyle, QTabBar, QWidget,
)

from trainer.ui import main_window as mw
from trainer.ui.accessibility import unnamed_controls
from trainer.ui.context import AppContext
from trainer.ui.help import GLOSSARY, SUGGESTED_PATH, HelpDialog
from trainer.ui.scaling import TEXT_SIZES, apply_text_size, current_text_size, min_text_px, text_px
from trainer.ui.screens import SCREENS
from trainer.ui.theme import THEMES, apply_theme, contrast, control_edge, tinted_icon
from trainer.ui.paigow import table_layout as L
from trainer.ui.paigow.table_items import font as table_font


@pytest.fixture
def window(qtbot, tmp_path):
    w = mw.MainWindow(AppContext(seed=3), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1920, 1080)
    w.show()
    w.finish_startup()
    yield w
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


@pytest.mark.parametrize("size, text", [((1280, 720), "normal"), ((1920, 1080), "projector")])
def test_every_screen_fits_the_screen_at_its_text_size(qtbot, window, size, text):
    """Option bars wrap and lists scroll: no screen makes the window larger than the display."""
    window.set_text_size(text)
    window.resize(*size)
    for spec in SCREENS:
        screen = window.show_screen(spec.key)
        if hasattr(screen, "prepare_snapshot"):
            screen.prepare_snapshot(seed=3, move=None)
        window.resize(*size)
        QApplication.processEvents()
        assert (window.width(), window.height()) <= size and window.height() <= size[1], spec.key


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
    # the rendered transport icons, against the button they sit on
    window.ctx.set_theme(name)
    table = window.show_screen("table")
    QApplication.processEvents()
    image = table.b_play.icon().pixmap(table.b_play.iconSize()).toImage()
    inked = [image.pixelColor(x, y) for x in range(image.width()) for y in range(image.height())
             if image.pixelColor(x, y).alpha() > 200]
    assert inked and all(contrast(c.name(), t.button) >= 3 for c in inked)
    assert tinted_icon(table.style(), QStyle.StandardPixmap.SP_MediaStop, t.text, 20).availableSizes()


def test_every_control_of_every_screen_has_an_accessible_name(qtbot, window):
    for spec in SCREENS:
        screen = window.show_screen(spec.key)
        if hasattr(screen, "prepare_snapshot"):
            screen.prepare_snapshot(seed=3, move=None)
        QApplication.processEvents()
        assert [(type(w).__name__, w.toolTip()) for w in unnamed_controls(window)] == [], spec.key
        described = [w for w in screen.findChildren(QWidget) if w.toolTip() and not w.accessibleDescription()
                     and w in unnamed_controls(window)]
        assert described == []
    help_dialog = HelpDialog()
    qtbot.addWidget(help_dialog)
    assert unnamed_controls(help_dialog) == []


def test_help_reachable_from_every_screen_with_f1_and_glossary_filters(qtbot, window):
    keys = {a.shortcut().toString(): a.text() for a in window.findChildren(mw.QAction)}
    assert keys["F1"] == "&Getting started" and keys["Shift+F1"] == "G&lossary"
    for spec in SCREENS:
        window.show_screen(spec.key)
        window.show_help("glossary")
        assert window.help_dialog.isVisible() and window.help_dialog.tabs.currentIndex() == 1
        window.help_dialog.hide()
    terms = {t for t, _ in GLOSSARY}
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
        f"{i}. {s.title}" for i, s in enumerate(SUGGESTED_PATH, 1)]
    dialog.name.setText("Bea")
    dialog.profile.setCurrentIndex(dialog.profile.findData("nj"))
    dialog.step_buttons[0].click()
    assert window.ctx.trainee == "Bea" and window.ctx.profile.name == "nj"
    assert window.current_key == "drills" and window.welcomed()
    from trainer.ui.progress_link import close_shared_stores
    close_shared_stores()


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
