"""Issue 28's reproductions (fault-injection pass 2), each answered by one clear line and exit code 2,
or accepted as it should be: files written whole or not at all on a full disk (a real tmpfs, a real
file size limit), a drill when the disk fills up mid-way, a drill while the school's server is down,
and the hostile arguments and answers that gave tracebacks or were quietly accepted.

Real processes and real file systems: a full disk is a tmpfs mounted for the test (root only; else
skipped) and a file size limit (``RLIMIT_FSIZE``, anyone)."""

from __future__ import annotations

import io
import os
import resource
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.progress import ProgressStore

PASSWORD = "hunter2-long"


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "trainer", *args]


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``main(argv)`` in this process; (exit code, stdout, stderr)."""
    out, err, before = io.StringIO(), io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = before
    return code, out.getvalue(), err.getvalue()


def one_line(code: int, out: str, err: str, words: str) -> None:
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err, err


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PAIGOW_TRAINER_DATA_DIR": str(tmp_path / "data"),
            "PAIGOW_TRAINER_CONFIG_DIR": str(tmp_path / "config")}


# --- a full disk -------------------------------------------------------------------------------------------

def _fill(folder: Path, leave: int = 0) -> None:
    """Fill the file system of ``folder`` up to ``leave`` bytes free."""
    free = os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize
    with open(folder / "filler", "wb") as f:
        f.write(b"\0" * max(free - leave, 0))


@pytest.fixture
def small_disk(tmp_path):
    """A real, tiny file system (a 1 MB tmpfs) at ``tmp_path / 'disk'``: mounting needs root."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)], capture_output=True).returncode:
        pytest.skip("mounting a tmpfs needs root")
    yield disk
    subprocess.run(["umount", "-l", str(disk)], check=True)


@pytest.fixture
def school_data(tmp_path):
    """A progress file with a trainee who answered, and a class she is in (its password in a file)."""
    from trainer.drills import check, generate
    from trainer.progress import school

    data = tmp_path / "data"
    with ProgressStore.in_dir(data) as store:
        store.create_trainee("Ana")
        for seed in range(5):
            q = generate("tile-compare", seed=seed)
            store.record("Ana", q, check(q, q.answer), q.answer, ms=1500)
        school.create_class(store, "Morning", "Ms Lee", PASSWORD)
        school.add_trainees(store, "Morning", ["Ana"])
    (tmp_path / "pw").write_text(PASSWORD + "\n")
    return data


def _writers(data: Path, pw: Path) -> dict[str, list[str]]:
    """Every command that writes a file, without its ``--out`` (or ``--csv``, ``--export``) FILE."""
    return {
        "report": ["report", "--data-dir", str(data), "--trainee", "Ana", "--out"],
        "class --csv": ["class", "--data-dir", str(data), "--class", "Morning", "--password-file", str(pw), "--csv"],
        "snapshot": ["snapshot", "--screen", "scene", "--size", "640x360", "--out"],
        "progress --export": ["progress", "--data-dir", str(data), "--trainee", "Ana", "--export"],
    }


SUFFIX = {"report": "r.pdf", "class --csv": "c.csv", "snapshot": "s.png", "progress --export": "e.json"}


@pytest.mark.parametrize("command", sorted(SUFFIX))
def test_a_full_disk_is_one_line_and_leaves_no_file(tmp_path, small_disk, school_data, command):
    """Issue 28, item 6: before, ``report`` left a 4 KB PDF and said "Wrote ... (1 page)" with exit 0;
    ``class --csv`` and ``snapshot`` left 0-byte files."""
    argv = _writers(school_data, tmp_path / "pw")[command]
    kept = small_disk / ("old-" + SUFFIX[command])
    kept.write_bytes(b"the earlier one")
    _fill(small_disk)
    for target in (small_disk / SUFFIX[command], kept):
        result = subprocess.run(cli(*argv, str(target)), capture_output=True, text=True, env=_env(tmp_path),
                                timeout=120)
        one_line(result.returncode, result.stdout, result.stderr, f"cannot write {target}: the disk is full")
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler", kept.name]  # no file, no temporary one
    assert kept.read_bytes() == b"the earlier one"  # an older file stays as it was
    (small_disk / "filler").unlink()  # room again: the same command writes the whole file
    result = subprocess.run(cli(*argv, str(kept)), capture_output=True, text=True, env=_env(tmp_path), timeout=120)
    assert result.returncode == 0 and kept.read_bytes() != b"the earlier one", result.stderr
    starts = {".pdf": b"%PDF-", ".png": b"\x89PNG", ".csv": b"Trainee", ".json": b"{"}[kept.suffix]
    assert kept.read_bytes().startswith(starts)


def _limited(size: int):
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def test_a_file_size_limit_is_one_line_and_leaves_no_file(tmp_path):
    """The same check without root: a process may write files of at most 10 KB (the picture is larger)."""
    out = tmp_path / "out"
    out.mkdir()
    result = subprocess.run(cli("snapshot", "--screen", "scene", "--size", "640x360", "--out", str(out / "s.png")),
                            capture_output=True, text=True, env=_env(tmp_path), timeout=120,
                            preexec_fn=_limited(10_000))
    one_line(result.returncode, result.stdout, result.stderr, f"cannot write {out / 's.png'}: file too large")
    assert list(out.iterdir()) == []


def test_a_device_that_refuses_the_data_is_one_line(tmp_path, school_data):
    """A device is written to directly (it cannot be renamed over): /dev/full says the disk is full."""
    one_line(*run(["progress", "--data-dir", str(school_data), "--trainee", "Ana", "--export", "/dev/full"]),
             "cannot write /dev/full: the disk is full")
    assert Path("/dev/full").is_char_device()


def test_a_disk_that_fills_up_during_a_drill_is_one_line_and_keeps_what_was_saved(tmp_path, small_disk):
    """Before: ``sqlite3.OperationalError: cannot rollback - no transaction is active`` (SQLite had
    already rolled back after the full disk), a traceback over the error that said what happened."""
    for leave in (0, 40_960, 120_000):
        for old in small_disk.iterdir():
            old.unlink()
        with ProgressStore.in_dir(small_disk) as store:
            store.create_trainee("Ana")
        _fill(small_disk, leave)
        result = subprocess.run(cli("drill", "--skill", "tile-compare", "--count", "300", "--seed", "1",
                                    "--trainee", "Ana", "--data-dir", str(small_disk)), input="1\n" * 300, capture_output=True,
                                text=True, env=_env(tmp_path), timeout=300)
        assert result.returncode == 2 and "Traceback" not in result.stderr, (leave, result.stderr)
        assert result.stderr.splitlines()[-1] == (f"paigow-trainer: error: cannot use the progress file "
                                                  f"{small_disk / 'progress.sqlite3'}: the disk is full (free some "
                                                  "space; what was saved before is kept)"), result.stderr
        judged = result.stdout.count("Right.") + result.stdout.count("Wrong.")
        (small_disk / "filler").unlink()
        with ProgressStore.in_dir(small_disk) as store:  # every answer confirmed on screen is kept
            assert len(store.answers("Ana")) == judged


# --- the school's server down: the CLI drill trains from this PC ------------------------------------------

def test_the_drill_starts_while_the_server_is_down_and_sends_later_exactly_once(pg_url, tmp_path,
                                                                              server_reachable, capsys):
    """Issue 28, item 7: before, ``drill --database URL`` refused to start while the server was down."""
    from trainer.progress.server import open_store

    with open_store(pg_url, data=tmp_path) as store:
        store.create_trainee("Ana")
    server_reachable(False)
    code, out, err = run(["drill", "--database", pg_url, "--data-dir", str(tmp_path), "--trainee", "Ana",
                          "--skill", "tile-compare", "--count", "3", "--seed", "4"], stdin="1\n2\n1\n")
    assert code == 0 and out.count("You answered") == 3, err
    assert "unreachable: 0 answers wait on this PC and will be sent" in err
    with open_store(pg_url, data=tmp_path, offline=True) as store:  # they wait on this PC
        assert (store.online, store.waiting()) == (False, 3)
    server_reachable(True)
    with open_store(pg_url, data=tmp_path) as store:  # sent on opening, once
        assert store.waiting() == 0 and len(store.answers("Ana")) == 3
    with open_store(pg_url, data=tmp_path) as store:
        assert len(store.answers("Ana")) == 3


# --- hostile arguments -------------------------------------------------------------------------------------

BAD_ARGUMENTS = [
    # (command line, the words of its one line); "before" is what issue 28 found
    (["baccarat", "draw", "--player", "5 K", "--banker", "3 3", "--player-third=--"],
     "argument --player-third: needs a value, not '--'"),                      # before: AttributeError
    (["deal", "--seed=--"], "argument --seed: needs a value, not '--'"),
    (["progress", "--database", "postgresql://u@[::1/db", "--list"],
     "bad database URL 'postgresql://u@[::1/db': invalid ipv6 url"),           # before: ValueError
    (["class", "--class", "Morning", "--add", "\udcff"], "'\\udcff' is not UTF-8 text"),  # UnicodeEncodeError
    (["class", "--class", "Morning", "--remove", "Ann\u202eLee"], "text-direction"),
    (["class", "--create", "Evening", "--instructor", "Ms Lee", "--ready-answers", "99999999999999999999"],
     "'99999999999999999999' is not a whole number from 0 to 100000"),        # before: OverflowError
    (["class", "--ready-percent", "5000"], "'5000' is not a whole number from 0 to 100"),   # before: ignored
    (["class", "--ready-percent", "50"], "--ready-percent and --ready-answers go with --create"),
    (["class", "--class", "Morning", "--ready-answers", "5"], "go with --create"),
    (["snapshot", "--seed", "2147483648", "--out", "s.png"],
     "'2147483648' is not a whole number from 0 to 999999"),                   # before: a picture of an error
    (["--seed", "2147483648"], "'2147483648' is not a whole number from 0 to 999999"),  # the app's
    (["baccarat", "analyze", "--decks", "٨"], "'٨' is not a whole number from 6 to 8"),  # before: 8 decks
    (["baccarat", "round", "--seed", "१२"], "'१२' is not a whole number from 0 to"),     # before: seed 12
    (["baccarat", "analyze", "--tie-pays", "1_0"], "'1_0' is not a whole number from 1 to 1000"),  # before: 10
    (["baccarat", "shoe", "--seed", str(2**63)], f"'{2**63}' is not a whole number from 0 to {2**63 - 1}"),
    (["baccarat", "round", "--seed", "1", "--players", "+3"], "'+3' is not a whole number from 1 to 14"),
    (["baccarat", "draw", "--profile", "anything", "--player", "5 K", "--banker", "3 3"],
     "unknown Baccarat profile 'anything'"),                                    # before: accepted
    (["exam", "--seed", "1", "--skills", "tile-id", "--count", "1", "--house-way", "anything"],
     "unknown house way 'anything'"),                                           # before: accepted
]


@pytest.mark.parametrize(("argv", "words"), BAD_ARGUMENTS, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_hostile_arguments_are_one_line(tmp_path, monkeypatch, school_data, argv, words):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PAIGOW_TRAINER_DATA_DIR", str(school_data))
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", PASSWORD)
    with ProgressStore.in_dir(school_data) as store:
        before = store.trainees()
    one_line(*run(argv), words)
    assert list(tmp_path.glob("*.png")) == []
    with ProgressStore.in_dir(school_data) as store:
        assert store.trainees() == before


@pytest.mark.parametrize("argv", [
    ["baccarat", "analyze", "--decks", "6"],
    ["baccarat", "analyze", "--decks", " 8 ", "--tie-pays", "9"],
    ["baccarat", "round", "--seed", str(2**63 - 1), "--players", "14"],
    ["baccarat", "shoe", "--seed", "0"],
    ["exam", "--seed", str(2**63 - 1), "--skills", "tile-id", "--count", "1", "--house-way", "regulatory"],
])
def test_the_same_numbers_as_every_command_are_accepted(capsys, argv):
    assert main([*argv, "--json"]) == 0, capsys.readouterr().err


def test_the_class_ready_mark_is_set_on_create(tmp_path, monkeypatch):
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", PASSWORD)
    data = ["--data-dir", str(tmp_path)]
    assert run(["class", *data, "--create", "Evening", "--instructor", "Ms Lee", "--ready-percent", "100",
                "--ready-answers", "0"])[0] == 0
    assert run(["class", *data, "--create", "Late", "--instructor", "Ms Lee"])[0] == 0
    from trainer.progress import school

    with ProgressStore.in_dir(tmp_path) as store:
        marks = {c.name: (c.ready_percent, c.ready_answers) for c in school.classes(store)}
    assert marks == {"Evening": (100, 0), "Late": (90, 20)}


def test_a_bad_database_url_in_the_environment_stops_the_app_with_one_line(tmp_path):
    """Before: a traceback on stderr, and the window stayed open without its progress."""
    env = {**_env(tmp_path), "PAIGOW_TRAINER_DATABASE": "postgresql://u@[::1/db"}
    result = subprocess.run(cli("--screen", "progress"), capture_output=True, text=True, env=env, timeout=120)
    lines = [line for line in result.stderr.splitlines() if line.startswith("paigow-trainer")]
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert len(lines) == 1 and "bad database URL 'postgresql://u@[::1/db': invalid ipv6 url" in lines[0]


# --- hostile answers -----------------------------------------------------------------------------------------

def test_a_five_thousand_digit_answer_to_every_skill_is_unreadable_never_a_crash():
    """``int()`` refuses over 4,300 digits: before, a ValueError from a money answer or a choice's number."""
    from trainer.drills import check, generate
    from trainer.drills.games import all_profile_names
    from trainer.drills.model import AnswerKind, AnswerParseError
    from trainer.drills.registry import all_skills
    from trainer.drills.text import choice_from_key
    from trainer.rules.errors import TrainerError

    huge, asked = "9" * 5000, 0
    for profile in all_profile_names():
        for skill in all_skills():
            try:
                q = generate(skill.id, seed=1, profile=profile)
            except TrainerError:  # not offered by this profile
                continue
            parts = q.parts if q.kind is AnswerKind.MULTI else [q]
            raw = [choice_from_key(huge, p.choices) if p.choices else huge for p in parts]
            with pytest.raises(AnswerParseError) as refused:
                check(q, raw if q.kind is AnswerKind.MULTI else raw[0])
            assert "9" * 100 not in str(refused.value), (skill.id, str(refused.value)[:200])  # shown cut
            asked += 1
    assert asked > 50


def test_a_five_thousand_digit_answer_in_the_terminal_drill_is_asked_again(tmp_path):
    code, out, err = run(["drill", "--skill", "vigorish", "--count", "1", "--seed", "1", "--data-dir",
                          str(tmp_path)], stdin="9" * 5000 + "\n1\n")
    assert code == 0 and "Traceback" not in err
    assert "? '999999999999999999999999999999...' (5,000 characters) is more money than any table holds - try " \
           "again" in out and out.count("You answered") == 1
