"""The app's settings live beside the progress file (issue 40, item 9): a trainee PC's data folder
carries its own welcome, text size and presenter, and a fresh one starts with the welcome and Normal
text; the same OS account's older settings (in its config folder) are kept on the move."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from trainer.ui import main_window as mw
from trainer.ui.context import AppContext
from trainer.ui.scaling import apply_text_size


@pytest.fixture
def no_config_dir(monkeypatch):
    monkeypatch.delenv("PAIGOW_TRAINER_CONFIG_DIR")
    yield
    apply_text_size(QApplication.instance(), "normal")


def used_by(qtbot, data) -> mw.MainWindow:
    """A window on the data folder ``data``: the welcome seen, Projector text, then closed."""
    window = mw.MainWindow(AppContext(data=data))
    qtbot.addWidget(window)
    window.show_welcome()
    window.welcome_dialog.reject()
    window.set_text_size("projector")
    window.close()
    return window


def test_a_fresh_data_folder_gets_the_welcome_and_normal_text(qtbot, tmp_path, monkeypatch, no_config_dir):
    monkeypatch.setenv("PAIGOW_TRAINER_DATA_DIR", str(tmp_path / "pc-a"))
    used_by(qtbot, tmp_path / "pc-a")
    assert (tmp_path / "pc-a" / mw.SETTINGS_FILE).is_file()
    assert mw.stored_text_size(mw.settings()) == "projector" and mw.MainWindow(AppContext()).welcomed()
    monkeypatch.setenv("PAIGOW_TRAINER_DATA_DIR", str(tmp_path / "pc-b"))  # the next trainee PC's folder
    fresh = mw.MainWindow(AppContext(data=tmp_path / "pc-b"))
    qtbot.addWidget(fresh)
    assert not fresh.welcomed() and mw.stored_text_size(mw.settings()) is None
    monkeypatch.setenv("PAIGOW_TRAINER_DATA_DIR", str(tmp_path / "pc-a"))
    assert mw.stored_text_size(mw.settings()) == "projector"


def test_the_accounts_older_settings_move_beside_its_progress(qtbot, tmp_path, monkeypatch, no_config_dir):
    monkeypatch.delenv("PAIGOW_TRAINER_DATA_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    old = tmp_path / "xdg-config" / "paigow-trainer" / mw.SETTINGS_FILE
    old.parent.mkdir(parents=True)
    old.write_text("[app]\nwelcomed=true\ntext_size=large\n")
    store = mw.settings()
    assert store.fileName() == str(tmp_path / "xdg-data" / "paigow-trainer" / mw.SETTINGS_FILE)
    assert mw.stored_text_size(store) == "large" and store.value("app/welcomed") in (True, "true")


def test_a_settings_folder_chosen_by_the_environment_wins(tmp_path):
    assert mw.settings().fileName() == str(tmp_path / "config" / mw.SETTINGS_FILE)
