"""Unusable folders and paths (issue 13, item 1): every case is one line on stderr, exit 2, and
nothing lost or left behind. Real files, real permissions; the read-only cases run the CLI in a
child process without the capabilities that let root ignore permissions."""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.progress import FILENAME, ProgressStore

ROOT = Path(__file__).resolve().parents[1]
#: Root ignores file permissions; without these capabilities it obeys them like any user.
_UNPRIVILEGED = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"]


def one_line_error(code: int, err: str, *words: str) -> None:
    assert code == 2 and "Traceback" not in err, err
    assert err.startswith("paigow-trainer: error: ") and err.count("\n") == 1, err
    for word in words:
        assert word in err, err


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def cli_unprivileged(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """The CLI in a child process that file permissions apply to (even when the tests run as root)."""
    prefix = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: permissions cannot be tested")
        prefix = _UNPRIVILEGED
    proc = subprocess.run([*prefix, sys.executable, "-m", "trainer", *argv], input=stdin, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return proc.returncode, proc.stdout, proc.stderr


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


@pytest.fixture
def with_ana(tmp_path, capsys) -> Path:
    data = tmp_path / "data"
    assert cli(capsys, "progress", "--data-dir", str(data), "--create", "Ana")[0] == 0
    return data


# --- the data folder ------------------------------------------------------------------------------

@pytest.mark.parametrize("where,words", [
    ("file", ("is a file, not a folder",)),
    ("file/below", ("cannot be created", "is a file, not a folder")),
])
def test_data_dir_on_or_under_a_file(capsys, tmp_path, where, words):
    (tmp_path / "file").write_text("keep me")
    one_line_error(*cli(capsys, "progress", "--data-dir", str(tmp_path / where), "--list")[::2], *words)
    assert (tmp_path / "file").read_text() == "keep me"


def test_data_dir_is_a_dangling_link(capsys, tmp_path):
    (tmp_path / "data").symlink_to(tmp_path / "gone")
    one_line_error(*cli(capsys, "progress", "--data-dir", str(tmp_path / "data"), "--list")[::2],
                   "which does not exist")
    assert not (tmp_path / "gone").exists()


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs /proc")
@pytest.mark.parametrize("where", ["/proc", "/proc/trainer"])
def test_data_dir_in_proc(capsys, where):
    one_line_error(*cli(capsys, "progress", "--data-dir", where, "--create", "Ana")[::2], "/proc")


def test_empty_data_dir_is_an_error_not_the_current_folder(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    one_line_error(*cli(capsys, "progress", "--data-dir", "", "--create", "Ana")[::2], "data folder is empty")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("variable", ["PAIGOW_TRAINER_DATA_DIR", "XDG_DATA_HOME"])
def test_data_folder_from_the_environment_on_a_file(capsys, tmp_path, monkeypatch, variable):
    if variable == "XDG_DATA_HOME" and not sys.platform.startswith("linux"):
        pytest.skip("XDG_DATA_HOME is read on Linux")
    (tmp_path / "file").write_text("keep me")
    monkeypatch.delenv("PAIGOW_TRAINER_DATA_DIR")
    monkeypatch.setenv(variable, str(tmp_path / "file"))
    one_line_error(*cli(capsys, "progress", "--list")[::2], str(tmp_path / "file"))
    assert (tmp_path / "file").read_text() == "keep me"


def test_read_only_data_folder(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o555)
    try:
        one_line_error(*cli_unprivileged("progress", "--data-dir", str(data), "--create", "Ana")[::2], "read-only")
        assert list(data.iterdir()) == []
    finally:
        data.chmod(0o755)


def test_app_on_an_unusable_data_folder_says_why_and_exits_2(capsys, tmp_path, monkeypatch, qapp):
    from trainer.ui.app import run_app

    (tmp_path / "file").write_text("keep me")
    monkeypatch.setenv("PAIGOW_TRAINER_DATA_DIR", str(tmp_path / "file"))
    code = run_app([])
    one_line_error(code, capsys.readouterr().err, "is a file, not a folder")
    assert gc.isenabled() and gc.get_freeze_count() == 0  # off during start-up only (issue 15)


@pytest.mark.parametrize("screen", ["table", "drills"])
def test_app_on_an_unusable_progress_file_paints_then_says_why_and_exits_2(tmp_path, screen):
    """The store opens once the first screen has painted (start-up speed, issue 15): an unusable
    progress file then stops the app with its reason; a screen that needs the store says why, with no
    traceback. (A real process: the app's window outlives ``run_app`` in the tests' process.)"""
    (tmp_path / FILENAME).mkdir()
    proc = subprocess.run([sys.executable, "-m", "trainer", "--screen", screen], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen",
                                           "PAIGOW_TRAINER_DATA_DIR": str(tmp_path)})
    err = "".join(line + "\n" for line in proc.stderr.splitlines() if "propagateSizeHints" not in line)
    one_line_error(proc.returncode, err, "cannot open the progress file", "is a folder")
    assert (tmp_path / FILENAME).is_dir() and not any((tmp_path / FILENAME).iterdir())
    assert not list(tmp_path.glob(f"{FILENAME}?*"))  # nothing set aside or created beside it


# --- the progress file ----------------------------------------------------------------------------

def test_dangling_link_as_the_progress_file(capsys, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / FILENAME).symlink_to(tmp_path / "gone" / FILENAME)
    one_line_error(*cli(capsys, "progress", "--data-dir", str(data), "--list")[::2], "which does not exist")
    assert (data / FILENAME).is_symlink() and not (tmp_path / "gone").exists()
    assert [p.name for p in data.iterdir()] == [FILENAME]


def test_progress_file_is_a_folder(capsys, tmp_path):
    (tmp_path / FILENAME).mkdir()
    one_line_error(*cli(capsys, "progress", "--data-dir", str(tmp_path), "--list")[::2], "is a folder")


@pytest.mark.parametrize("argv,stdin", [
    (("progress", "--create", "Bo"), ""),
    (("drill", "--skill", "tile-compare", "--count", "1", "--seed", "3", "--trainee", "Ana"), "a\n"),
])
def test_read_only_progress_file(with_ana, argv, stdin):
    before = listing(with_ana)
    (with_ana / FILENAME).chmod(0o444)
    try:
        code, _, err = cli_unprivileged(*argv, "--data-dir", str(with_ana), stdin=stdin)
        one_line_error(code, err, "read-only")
        assert listing(with_ana) == before
    finally:
        (with_ana / FILENAME).chmod(0o644)
    with ProgressStore.in_dir(with_ana) as store:
        assert [t.name for t in store.trainees()] == ["Ana"] and store.notice is None


# --- exports --------------------------------------------------------------------------------------

@pytest.mark.parametrize("target,words", [
    ("/nonexistent/x.json", ("/nonexistent does not exist",)),
    ("", ("no export file given",)),
    ("{folder}", ("is a folder",)),
])
def test_export_to_an_unusable_path(capsys, tmp_path, with_ana, target, words):
    folder = tmp_path / "out"
    folder.mkdir()
    code, _, err = cli(capsys, "progress", "--data-dir", str(with_ana), "--trainee", "Ana", "--export",
                       target.format(folder=folder))
    one_line_error(code, err, *words)
    assert list(folder.iterdir()) == [] and not (tmp_path / "out.tmp").exists()


def test_export_to_a_read_only_folder_leaves_nothing(tmp_path, with_ana):
    folder = tmp_path / "out"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        code, _, err = cli_unprivileged("progress", "--data-dir", str(with_ana), "--trainee", "Ana", "--export",
                                        str(folder / "ana.json"))
        one_line_error(code, err, "permission denied")
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_export_still_works_and_replaces_atomically(capsys, tmp_path, with_ana):
    out = tmp_path / "ana.json"
    out.write_text("old")
    assert cli(capsys, "progress", "--data-dir", str(with_ana), "--trainee", "Ana", "--export", str(out))[0] == 0
    assert json.loads(out.read_text())["trainee"]["name"] == "Ana"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ana.json", "data"]
