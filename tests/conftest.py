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


@pytest.fixture(scope="session")
def pg_server():
    """A real PostgreSQL server for the session (``pgserver``: binaries from pip, data in a tmp dir).

    Not under pytest's basetemp: another pytest session on the machine prunes old basetemps, which
    would delete a running server's files."""
    import shutil
    import tempfile

    pgserver = pytest.importorskip("pgserver", reason="pgserver is not installed: pip install -e '.[test]'")
    pytest.importorskip("psycopg", reason="psycopg is not installed: pip install -e '.[test]'")
    folder = tempfile.mkdtemp(prefix="paigow-pg-")
    try:
        server = pgserver.get_server(os.path.join(folder, "data"), cleanup_mode="stop")
    except Exception as exc:  # e.g. a platform pgserver ships no binaries for
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"pgserver cannot start a PostgreSQL server on this platform: {exc}")
    yield server
    server.cleanup()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server):
    """The URL of a new, empty database on the session's server."""
    import uuid

    import psycopg

    name = "t" + uuid.uuid4().hex[:16]
    admin = pg_server.get_uri()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield admin.replace("/postgres?", f"/{name}?", 1)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request, tmp_path):
    """A new store on each backend: this PC's SQLite file, and a school's PostgreSQL server."""
    from trainer.progress import ProgressStore
    from trainer.progress.server import open_store

    if request.param == "sqlite":
        store = ProgressStore(tmp_path / "progress.sqlite3")
    else:
        store = open_store(request.getfixturevalue("pg_url"), data=tmp_path / "pc")
    yield store
    store.close()


@pytest.fixture
def server_reachable(pg_url):
    """``server_reachable(False)``: the database of ``pg_url`` refuses connections and drops those it
    has, as a restarted server or a cut cable does to every PC; ``server_reachable(True)``: back."""
    from urllib.parse import urlsplit

    import psycopg

    name = urlsplit(pg_url).path.strip("/")

    def switch(on: bool) -> None:
        with psycopg.connect(pg_url.replace(f"/{name}?", "/postgres?", 1), autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE {name} WITH ALLOW_CONNECTIONS {str(on).lower()}")
            if not on:
                conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
    yield switch
    switch(True)
