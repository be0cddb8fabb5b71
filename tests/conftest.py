"""Test set-up: Qt runs offscreen (CI has no display) and user data goes to a temporary folder."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PAIGOW_TRAINER_TEST", "1")

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path, monkeypatch):
    """Never touch the real user data or config folders."""
    monkeypatch.setenv("PAIGOW_TRAINER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PAIGOW_TRAINER_CONFIG_DIR", str(tmp_path / "config"))
