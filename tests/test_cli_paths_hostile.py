"""Paths and text on the command line (issue 39, item 6): a database URL with bytes that are not
UTF-8 (argument or environment), a link loop or a FIFO as an output, ``snapshot --dice '3;2;4'``,
empty values, ``--profile`` beside a casino's file: each one line, exit 2, never a hang or a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from trainer.cli import main
from trainer.progress.database import ENV

HARBOR = os.path.join(os.path.dirname(__file__), "..", "docs", "casino-rules", "harbor.toml")
NOT_UTF8 = os.fsdecode(b"postgresql://ana:pw@db/school\xff")


def _one_line(capsys, argv, *words):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err
    return err


def test_a_database_url_that_is_not_utf8_is_one_line(capsys, monkeypatch):
    err = _one_line(capsys, ["progress", "--database", NOT_UTF8, "--list"], "not UTF-8", "--database")
    assert "pw" not in err
    monkeypatch.setenv(ENV, NOT_UTF8)
    _one_line(capsys, ["progress", "--list"], "not UTF-8", f"${ENV}")


@pytest.fixture
def outputs(tmp_path, capsys):
    assert main(["progress", "--data-dir", str(tmp_path / "d"), "--create", "Ana"]) == 0
    capsys.readouterr()
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    return tmp_path, loop, fifo


@pytest.mark.parametrize("kind, words", [("loop", "a link that leads back to itself"),
                                         ("fifo", "a pipe that no program reads from")])
def test_a_link_loop_or_a_fifo_as_an_output_is_one_line_at_once(outputs, capsys, kind, words):
    tmp_path, loop, fifo = outputs
    path = str(loop if kind == "loop" else fifo)
    started = time.monotonic()
    _one_line(capsys, ["progress", "--data-dir", str(tmp_path / "d"), "--trainee", "Ana", "--export", path], words)
    _one_line(capsys, ["report", "--data-dir", str(tmp_path / "d"), "--trainee", "Ana", "--out", path], words)
    assert time.monotonic() - started < 30


def test_a_fifo_with_a_reader_is_written(outputs):
    tmp_path, _, fifo = outputs
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    time.sleep(0.2)
    assert main(["progress", "--data-dir", str(tmp_path / "d"), "--trainee", "Ana", "--export", str(fifo)]) == 0
    assert b'"paigow-trainer-progress"' in reader.communicate(timeout=30)[0]


def test_snapshot_takes_the_dice_deal_takes(tmp_path):
    out = tmp_path / "x.png"
    done = subprocess.run([sys.executable, "-m", "trainer", "snapshot", "--dice", "3;2;4", "--out", str(out),
                           "--size", "1024x768"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and out.stat().st_size > 0, done.stderr


@pytest.mark.parametrize("argv, option", [
    (["progress", "--import", ""], "--import"),
    (["progress", "--migrate-from", " "], "--migrate-from"),
    (["progress", "--migrate-from="], "--migrate-from"),
    (["class", "--create", ""], "--create"),
    (["class", "--casino-rules", ""], "--casino-rules"),
    (["progress", "--create", ""], "--create: ''"),  # (its own check names it)
])
def test_an_empty_value_never_runs_another_action(tmp_path, capsys, argv, option):
    _one_line(capsys, [*argv, "--data-dir", str(tmp_path / "d")], f"argument {option}")


@pytest.mark.parametrize("command", [["house-way", "6-6 4-5 1-3 2-3"], ["analyze", "6-6 4-5 1-3 2-3"]])
@pytest.mark.parametrize("profile", ["nonsense", "pa-2019"])
def test_a_profile_beside_a_casino_file_that_amends_another_is_refused(capsys, command, profile):
    _one_line(capsys, [*command, "--profile", profile, "--house-way", HARBOR], "the file amends profile nj")
    assert main([*command, "--profile", "nj", "--house-way", HARBOR]) == 0
