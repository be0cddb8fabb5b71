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


@pytest.fixture
def trainee_ctx(tmp_path, request):
    """An app context on a fresh data folder with trainee "Ana"; a test module may set CTX_SEED."""
    from trainer.ui.context import AppContext
    from trainer.ui.progress_link import close_shared_stores, shared_store

    context = AppContext(seed=getattr(request.module, "CTX_SEED", 11), data=tmp_path / "data")
    shared_store(context).create_trainee("Ana")
    context.set_trainee("Ana")
    yield context
    close_shared_stores()


@pytest.fixture
def shown(qtbot):
    """``shown(widget, size=(1280, 720))``: the widget, owned by qtbot, resized and shown."""
    def show(widget, size=(1280, 720)):
        qtbot.addWidget(widget)
        widget.resize(*size)
        widget.show()
        return widget
    return show


def pytest_collection_modifyitems(items):
    """The long statistical tests (marked ``slow``) first: on several workers (``-n auto``) they then
    run beside the rest instead of ending the run alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
