"""Fuzzing every subcommand's options (issue 13): whatever is typed, the answer is the command's output
(exit 0) or one line on stderr with exit 2, never a traceback; plus real processes for what only a
process shows: bytes that are not UTF-8, Ctrl+C, and the progress bar on a terminal.

Each command fuzzes from a cheap base command line (a snapshot whose --out is not a .png never starts
Qt; a simulation of 2 rounds), so the whole file stays within a few seconds.
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.cli import main

#: Values a hostile but fair tester types: empty, other digits, signs, huge numbers, control and
#: text-direction characters, bytes that were not UTF-8 (lone surrogates, PEP 383), option-like words.
HOSTILE = ["", " ", "\t", "²", "①", "٣", "-3", "-1", "+1", "1e3", "0x10", "1_000", str(10**12), "9" * 5000,
           "nan", "\n", "a\nb", "\x1b[2J", "\x00", "\u202e", "Ann\u202eLee", "\udcff", "-", "--json", "S²-S5 right",
           "--"]
#: Always invalid where a number is wanted (random text could be a valid, slow request: --rounds 999999).
NUMBERS = st.sampled_from(HOSTILE[:14] + ["0", "-0", "1.5", "٣٣"])
VALUES = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=12))

#: Each command: a cheap base command line, its text options (any value; TILES: the positional
#: tiles), its number options.
COMMANDS = {
    "house-way": (["house-way", "6-6 4-5 1-3 2-3"], ["TILES", "--profile", "--house-way"], []),
    "analyze": (["analyze", "6-6 4-5 1-3 2-3", "--profile", "md"], ["TILES", "--house-way"], []),
    "sidebets": (["sidebets", "--profile", "nowhere"], ["--profile"], []),
    "deal": (["deal", "--seed", "1"], ["--woodpile", "--dice", "--bank", "--cut", "--style", "--method",
                                       "--profile"], ["--seed"]),
    "round": (["round", "--seed", "1"], ["--profile", "--bank", "--style", "--method", "--irregularity"],
              ["--seed", "--players"]),
    "simulate": (["simulate", "--rounds", "2", "--seed", "1"], ["--policy", "--profile"], ["--rounds", "--seed"]),
    "snapshot": (["snapshot", "--out", "x.txt"], ["--style", "--style2", "--dice", "--bank", "--size", "--theme",
                                                   "--screen", "--profile"], ["--seed", "--move"]),
    "progress": (["progress"], ["--trainee", "--data-dir", "--create", "--switch", "--rename", "--delete",
                                "--export", "--import", "--as"], []),
    "drill": (["drill", "--skill", "tile-id", "--count", "1"], ["--skill", "--profile", "--mode", "--trainee",
                                                                 "--data-dir"], ["--count", "--seed"]),
    "exam": (["exam", "--seed", "1", "--skills", "tile-id", "--count", "1"], ["--skills", "--profile",
                                                                              "--house-way"],
             ["--seed", "--count", "--time-limit"]),
    "report": (["report", "--out", "r.pdf", "--data-dir", "no-such-folder"], ["--trainee", "--out"], ["--exam"]),
    "baccarat": (["baccarat", "draw", "--player", "5 K", "--banker", "3 3"],
                 ["--player", "--banker", "--player-third", "--profile"], []),
}
#: Values no number or seed option takes, in any command: other digits, signs, separators, sizes past
#: every bound (2**63 is one past the largest seed), "--" (argparse's end of options), bytes that were not
#: UTF-8. Issue 28: Baccarat took ``٨``, ``१२``, ``1_0`` and 2**63 when the other commands refused them.
BAD_NUMBERS = ["", " ", "²", "①", "٣", "٨", "१२", "-1", "+1", "1e3", "0x10", "1_0", "1.5", "nan", "9" * 5000,
               "99999999999999999999", str(2**63), "--", "\n", "\x00", "\udcff", "1 2", "٣٣", "１"]
#: Every number option of every command that has one: a base command line that would run, and its options.
NUMBER_OPTIONS = {
    "deal": (["deal", "--seed", "1"], ["--seed"]),
    "round": (["round", "--seed", "1"], ["--seed", "--players"]),
    "simulate": (["simulate", "--rounds", "2", "--seed", "1"], ["--rounds", "--seed"]),
    "snapshot": (["snapshot", "--out", "x.txt"], ["--seed", "--move"]),
    "drill": (["drill", "--skill", "tile-id", "--count", "1"], ["--count", "--seed"]),
    "exam": (["exam", "--seed", "1", "--skills", "tile-id", "--count", "1"], ["--seed", "--count", "--time-limit"]),
    "report": (["report", "--out", "r.pdf", "--data-dir", "no-such-folder"], ["--exam"]),
    "class": (["class", "--create", "X", "--instructor", "Y", "--data-dir", "fuzz-data"],
              ["--ready-percent", "--ready-answers"]),
    "baccarat analyze": (["baccarat", "analyze"], ["--decks", "--tie-pays"]),
    "baccarat round": (["baccarat", "round", "--seed", "1"], ["--seed", "--players", "--decks"]),
    "baccarat shoe": (["baccarat", "shoe", "--seed", "1"], ["--seed", "--players", "--decks"]),
    "the app": (["--screen", "nowhere"], ["--seed"]),
}
FUZZ = settings(max_examples=12, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def call(argv: list[str]) -> tuple[int, str, str]:
    """``main(argv)`` in this process with empty stdin; (exit code, stdout, stderr)."""
    out, err, stdin = io.StringIO(), io.StringIO(), sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # --help reached through a fuzzed value such as "-h"
                code = exc.code
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue()


def assert_clean(argv: list[str], code: int, out: str, err: str) -> None:
    assert "Traceback" not in err, (argv, err)
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert out == "" and err.count("\n") == 1 and err.startswith("paigow-trainer"), (argv, err)


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """Run in an empty folder: a fuzzed --export or --data-dir writes there, never into the checkout."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_fuzzed_options_give_output_or_one_line(scratch, command):
    base, texts, numbers = COMMANDS[command]
    choices = [(o, VALUES) for o in texts] + [(o, NUMBERS) for o in numbers]

    @FUZZ
    @given(data=st.data())
    def check(data):
        option, values = data.draw(st.sampled_from(choices))
        argv = [*base, option, data.draw(values)]
        if option == "TILES":
            argv = [base[0], argv[-1], *base[2:]]
        elif option == "--rename":
            argv.append(data.draw(values))
        elif option == "--out" and command == "report":
            argv = ["report", "--data-dir", "no-such-folder", "--out", argv[-1]]
        elif data.draw(st.booleans()):  # --opt=VALUE: "--opt=--" gave argparse's [] (issue 28)
            argv[-2:] = [f"{option}={argv[-1]}"]
        assert_clean(argv, *call(argv))

    check()


@pytest.mark.parametrize("command", sorted(NUMBER_OPTIONS))
def test_every_number_option_refuses_what_is_not_its_number_in_one_line(scratch, command):
    """One parser for every number and seed (``trainer.cli.args``): a value that is not one is exit
    code 2 and one line, whichever command, and whether written ``--opt V`` or
    ``--opt=V``; nothing is written."""
    base, options = NUMBER_OPTIONS[command]

    @settings(FUZZ, max_examples=30)
    @given(option=st.sampled_from(options), value=st.sampled_from(BAD_NUMBERS), joined=st.booleans())
    def check(option, value, joined):
        argv = [*base, f"{option}={value}"] if joined else [*base, option, value]
        code, out, err = call(argv)
        assert (code, out, err.count("\n")) == (2, "", 1), (argv, err)
        assert "Traceback" not in err and err.startswith("paigow-trainer"), (argv, err)

    check()
    assert sorted(os.listdir(scratch)) in ([], ["fuzz-data"])


@FUZZ
@given(argv=st.lists(st.one_of(st.sampled_from(["--json", "--profile", "--seed", "--yes", "--as", "--list",
                                                 "--replace", "-x", "--"]), st.sampled_from(HOSTILE)),
                     max_size=5))
def test_fuzzed_command_lines_of_cheap_commands(scratch, argv):
    for command in ("house-way", "progress"):
        line = [command, *argv, "--data-dir", "fuzz-data"] if command == "progress" else [command, *argv]
        assert_clean(line, *call(line))


def test_fuzzed_app_options_never_open_the_app(scratch):
    # An invalid --screen after the fuzzed option: argparse refuses it before anything opens.
    for option in ("--theme", "--profile", "--screen", "--seed"):
        for value in HOSTILE[:12]:
            argv = [option, value, "--screen", "nowhere"]
            assert_clean(argv, *call(argv))


# -- real processes ----------------------------------------------------------------------------------------------

def cli(*args: str | bytes) -> list[str | bytes]:
    return [sys.executable, "-m", "trainer", *args]


@pytest.mark.parametrize("args", [
    [b"house-way", b"6-6 4-5 1-3 \xff\xfe"],
    [b"progress", b"--create", b"Ann\xffLee"],
    [b"deal", b"--seed", b"1", b"--dice", "３,2,4".encode()],
    [b"drill", b"--skill", b"tile-id", b"--trainee", "Ann\u202eLee".encode()],
])
def test_real_processes_with_raw_bytes_answer_in_one_line(tmp_path, args):
    result = subprocess.run(cli(*args, b"--data-dir", os.fsencode(tmp_path)) if args[0] != b"house-way"
                            else cli(*args), capture_output=True, timeout=60, cwd=tmp_path)
    err = result.stderr.decode("utf-8")
    assert (result.returncode, result.stdout) == (2, b"")
    assert err.count("\n") == 1 and "Traceback" not in err and err.startswith("paigow-trainer")


def _interrupt(proc: subprocess.Popen, ready) -> tuple[int, bytes, float]:
    """Wait until ``ready()``, press Ctrl+C; the exit code, stderr (stdout when stderr is not a pipe)
    and the seconds it took to stop."""
    deadline = time.monotonic() + 60
    while not ready() and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    pressed = time.monotonic()
    out, err = proc.communicate(timeout=30)
    return proc.returncode, out if proc.stderr is None else err, time.monotonic() - pressed


def _shows(pipe, text: bytes, seen: bytearray):
    """A ``ready`` test: ``text`` has appeared on ``pipe`` (read as it comes into ``seen``)."""
    def ready() -> bool:
        if select.select([pipe], [], [], 0.05)[0]:
            seen.extend(os.read(pipe.fileno(), 65536))
        return text in seen
    return ready


def _loaded(proc: subprocess.Popen, library: str):
    return lambda: library in Path(f"/proc/{proc.pid}/maps").read_text(errors="replace")


def test_ctrl_c_in_a_drill_exits_quietly_and_keeps_the_answers_given(tmp_path):
    from trainer.progress import ProgressStore

    with ProgressStore.in_dir(tmp_path) as store:
        store.create_trainee("Ana")
        store.switch_trainee("Ana")
    proc = subprocess.Popen(cli("drill", "--skill", "tile-compare", "--count", "5", "--seed", "3", "--data-dir",
                                str(tmp_path)), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdin.write(b"1\n")
    proc.stdin.flush()
    # once the second question shows, the first answer has been judged and recorded
    code, err, _ = _interrupt(proc, _shows(proc.stdout, b"2/5.", bytearray()))
    assert (code, err) == (130, b"paigow-trainer: interrupted\n")
    with ProgressStore.in_dir(tmp_path) as store:
        assert len(store.answers("Ana")) == 1


def test_ctrl_c_in_a_simulation_exits_quietly(tmp_path):
    proc = subprocess.Popen(cli("simulate", "--rounds", "1000000", "--seed", "1", "--progress"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    bar = bytearray()
    code, err, took = _interrupt(proc, _shows(proc.stderr, b"rounds/s", bar))
    assert code == 130 and took < 5
    assert err.endswith(b"paigow-trainer: interrupted\n") and b"Traceback" not in bar + err


def test_ctrl_c_while_a_snapshot_renders_stops_it_at_once(tmp_path):
    proc = subprocess.Popen(cli("snapshot", "--screen", "player", "--move", "50", "--out", str(tmp_path / "p.png")),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    code, err, took = _interrupt(proc, _loaded(proc, "libQt6Widgets"))
    assert (code, err.decode().splitlines()[-1]) == (130, "paigow-trainer: interrupted") and took < 5
    assert not (tmp_path / "p.png").exists()


def test_progress_bar_on_a_terminal_never_in_the_output(tmp_path):
    main_fd, term = pty.openpty()
    fcntl.ioctl(term, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # a new pty is 0 columns wide
    proc = subprocess.Popen(cli("simulate", "--rounds", "1000000", "--seed", "2", "--json"),
                            stdout=subprocess.PIPE, stderr=term)
    os.close(term)
    terminal = bytearray()

    def bar_shown() -> bool:
        if select.select([main_fd], [], [], 0.05)[0]:
            terminal.extend(os.read(main_fd, 65536))
        return b"rounds/s" in terminal

    code, out, _ = _interrupt(proc, bar_shown)
    os.close(main_fd)
    assert code == 130 and out == b""  # stdout holds the result only: nothing came before Ctrl+C
    assert b"%|" in terminal and b"/1000000 [" in terminal


def test_no_progress_bar_when_stderr_is_not_a_terminal(tmp_path):
    # 3,000 rounds take over a second (the bar's delay) at 2,000 rounds a second or fewer
    result = subprocess.run(cli("simulate", "--rounds", "3000", "--seed", "2", "--json"), capture_output=True,
                            timeout=120)
    assert (result.returncode, result.stderr) == (0, b"") and json.loads(result.stdout)["rounds"] == 3000


@pytest.mark.parametrize(("argv", "delays"), [
    (["analyze", "--house-edge"], (0.0, 0.002, 0.01, 0.03, 0.06)),   # the command's modules, then numpy
    (["--screen", "rulebook", "--quit-after-paint"], (0.0, 0.02, 0.06)),  # the app's modules, then PySide6
])
def test_ctrl_c_while_modules_import_is_one_line_and_130(tmp_path, argv, delays):
    """Ctrl+C from the moment ``main`` starts (only Python's own start-up and the few lines of
    ``trainer.cli`` come before), while the modules import, is the same one line as later: never a
    traceback, never a crash."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1", "QT_QPA_PLATFORM": "offscreen",
           "PAIGOW_TRAINER_CONFIG_DIR": str(tmp_path / "config"), "PAIGOW_TRAINER_DATA_DIR": str(tmp_path / "data")}
    for delay in delays:
        proc = subprocess.Popen(cli(*argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        err = bytearray()
        while b" trainer.cli.args\n" not in err:  # each import's line as it ends: main's first import
            err += os.read(proc.stderr.fileno(), 65536) or pytest.fail(err.decode())
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        err += proc.communicate(timeout=30)[1]
        lines = [line for line in err.decode().splitlines() if not line.startswith("import time:")]
        assert (proc.returncode, lines) == (130, ["paigow-trainer: interrupted"]), (delay, "\n".join(lines))


def test_ctrl_c_in_the_running_app_closes_its_window_saving_it(tmp_path):
    """The app at work (its background warm-up has imported numpy): Ctrl+C closes the window as its
    close button does, the screen it showed remembered, with the one line and exit code 130."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PAIGOW_TRAINER_CONFIG_DIR": str(tmp_path / "config"),
           "PAIGOW_TRAINER_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen(cli("--screen", "rulebook"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    code, err, took = _interrupt(proc, _loaded(proc, "_multiarray_umath"))
    assert (code, err.decode().splitlines()[-1]) == (130, "paigow-trainer: interrupted") and took < 5
    assert "screen=rulebook" in (tmp_path / "config" / "paigow-trainer.ini").read_text()
