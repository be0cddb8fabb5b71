"""The version: written once (``trainer.__version__``), installed as the package's version, shown in
Help → About and by ``--version``; the package describes both games (issue 32)."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

import trainer
from trainer.cli import main
from trainer.ui import main_window as mw
from trainer.ui.context import AppContext

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_written_once_and_installed_as_the_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "trainer.__version__"}
    assert re.fullmatch(r"[1-9]\d*\.\d+\.\d+", trainer.__version__)  # a release, not the 0.1.0 placeholder
    assert importlib.metadata.version("paigow-trainer") == trainer.__version__


def test_the_package_describes_both_games():
    description = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["description"]
    assert "Pai Gow" in description and "Baccarat" in description


def test_version_flag_prints_it(capsys):
    try:
        main(["--version"])
    except SystemExit as stop:
        assert stop.code == 0
    assert capsys.readouterr().out.split() == ["paigow-trainer", trainer.__version__]


def test_help_about_shows_the_version_and_both_games(qtbot):
    window = mw.MainWindow(AppContext())
    qtbot.addWidget(window)
    window.show()
    window.finish_startup()
    seen: list[str] = []

    def read_and_close() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, read_and_close)
            return
        seen.append(box.text())
        qtbot.keyClick(box, Qt.Key.Key_Escape)

    QTimer.singleShot(20, read_and_close)
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    about = next(a for a in help_menu.actions() if a.text() == "&About")
    about.trigger()
    qtbot.waitUntil(lambda: bool(seen))
    assert f"Pai Gow Dealer Trainer {trainer.__version__}" in seen[0]
    assert "Pai Gow tiles and Baccarat" in seen[0]
    assert f"Profile: {window.ctx.profile.title}" in seen[0]
