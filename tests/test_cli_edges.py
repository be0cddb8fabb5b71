"""The command line's edge cases (issue 13 items 5-6, issue 12's terminal drill): every mistake is one
line on stderr with exit 2, nothing typed is lost, and no command can be asked to run for hours."""

from __future__ import annotations

import doctest
import io
import json

import pytest

import trainer.cli.args
from trainer.cli import main
from trainer.progress import ProgressStore


def run(capsys, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def fails(capsys, argv: list[str], *words: str) -> str:
    """Run ``argv``: exit 2, nothing on stdout, one line on stderr holding every word; the line."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("paigow-trainer") and "Traceback" not in err, err
    assert all(w in err for w in words), err
    return err


def test_args_doctests():
    assert doctest.testmod(trainer.cli.args).failed == 0


# -- 13.5: numbers written with other digits, signs, empty values ------------------------------------------

@pytest.mark.parametrize("dice", ["²", "①", "²,1,1", "٣,2,4", "-3", "+9", "3,-2,4"])
def test_dice_in_other_digits_or_with_a_sign_are_refused(capsys, dice):
    fails(capsys, ["deal", "--seed", "1", "--dice", dice], "is not a dice roll")


def test_snapshot_refuses_the_same_dice_before_qt_starts(capsys, tmp_path):
    fails(capsys, ["snapshot", "--dice", "①", "--out", str(tmp_path / "x.png")], "is not a dice roll")


@pytest.mark.parametrize("argv", [
    ["deal", "--seed", "²"], ["round", "--seed", "-1"], ["drill", "--skill", "tile-id", "--count", "٣"],
    ["exam", "--seed", "1", "--skills", "all", "--count", "1e3"], ["simulate", "--rounds", "0x10", "--seed", "1"],
    ["snapshot", "--move", "-3", "--out", "x.png"], ["round", "--seed", "1", "--players", " "],
])
def test_whole_numbers_are_ascii_digits_in_range(capsys, argv):
    fails(capsys, argv, "is not a whole number")


@pytest.mark.parametrize("argv, option", [
    (["house-way", "6-6 4-5 1-3 2-3", "--house-way", ""], "--house-way"),
    (["analyze", "6-6 4-5 1-3 2-3", "--profile", " "], "--profile"),
    (["snapshot", "--style2", "", "--out", "x.png"], "--style2"),
    (["deal", "--seed", "1", "--bank", "seat2", "--cut", ""], "--cut"),
    (["deal", "--seed", "1", "--woodpile", ""], "--woodpile"),
    (["deal", "--seed", "1", "--dice", ""], "--dice"),
    (["progress", "--import", "x.json", "--as", ""], "--as"),
    (["drill", "--skill", ""], "--skill"),
    (["drill", "--skill", "tile-id", "--trainee", "  "], "--trainee"),
    (["round", "--seed", "1", "--bank", ""], "--bank"),
])
def test_empty_values_are_mistakes_not_defaults(capsys, argv, option):
    fails(capsys, argv, f"argument {option}")


@pytest.mark.parametrize("argv, words", [
    (["progress", "--data-dir", ""], "the data folder is empty"),
    (["report", "--out", ""], "is a folder: give the PDF file's name"),
])
def test_an_empty_path_is_never_the_current_folder(capsys, argv, words):
    fails(capsys, argv, words)


@pytest.mark.parametrize("argv, words", [
    (["progress", "--yes"], ["--yes goes with --delete"]),
    (["progress", "--as", "Bo"], ["--as goes with --import"]),
    (["progress", "--replace", "--list"], ["--replace goes with --import", "not with --list"]),
    (["progress", "--yes", "--create", "Bo"], ["--yes goes with --delete", "not with --create"]),
    (["progress", "--trainee", "Bo", "--switch", "Bo"], ["--trainee goes with", "not with --switch"]),
])
def test_options_without_their_action_name_the_action(capsys, argv, words):
    fails(capsys, argv, *words)


def test_errors_escape_newlines_and_control_characters(capsys):
    err = fails(capsys, ["house-way", "6-6 4-5 1-3 7-7\x1b[2J"], "'7-7\\x1b[2J' is not a tile")
    assert "\x1b" not in err
    fails(capsys, ["house-way", "6-6 4-5 1-3 2-3", "--profile", "pa\n2019"], "unknown profile 'pa\\n2019'")


# -- 13.5: trainee names ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["Ann\u202eeL", "\u2067Ann", "Ann\u200fLee", "A\x07B", "x" * 61])
def test_names_with_direction_or_control_characters_are_refused(capsys, tmp_path, bad):
    d = str(tmp_path)
    for argv in (["progress", "--create", bad], ["progress", "--rename", "Ann", bad],
                 ["drill", "--skill", "tile-id", "--trainee", bad]):
        fails(capsys, [*argv, "--data-dir", d], "is not a trainee name")
    assert ProgressStore.in_dir(tmp_path).trainees() == []


def test_a_name_with_bytes_that_are_not_utf8_is_refused(capsys, tmp_path):
    # Python hands undecodable argv bytes over as lone surrogates (PEP 383).
    fails(capsys, ["progress", "--data-dir", str(tmp_path), "--create", "Ann\udcffLee"], "not UTF-8", "\\udcff")


def test_two_spaces_in_a_name_find_the_same_trainee_and_keep_the_answer(capsys, tmp_path, monkeypatch):
    d = str(tmp_path)
    code, out, _ = run(capsys, "drill", "--skill", "tile-compare", "--count", "1", "--seed", "3",
                       "--trainee", "Ann  Lee", "--data-dir", d, stdin="1\n", monkeypatch=monkeypatch)
    assert code == 0 and ("Right" in out or "Wrong" in out)
    with ProgressStore.in_dir(tmp_path) as store:
        assert [t.name for t in store.trainees()] == ["Ann Lee"] and store.current_trainee.name == "Ann Lee"
        assert len(store.answers("Ann Lee")) == 1
    assert run(capsys, "progress", "--data-dir", d, "--trainee", " Ann   Lee ", "--json")[0] == 0


def test_drill_records_for_the_current_trainee(capsys, tmp_path, monkeypatch):
    d = str(tmp_path)
    assert run(capsys, "progress", "--data-dir", d, "--create", "Ana")[0] == 0
    code, _, err = run(capsys, "drill", "--skill", "tile-compare", "--count", "2", "--seed", "3", "--data-dir", d,
                       stdin="1\n2\n", monkeypatch=monkeypatch)
    assert code == 0 and err == ""
    with ProgressStore.in_dir(tmp_path) as store:
        assert len(store.answers("Ana")) == 2


def test_drill_without_any_trainee_says_nothing_is_recorded(capsys, tmp_path, monkeypatch):
    code, out, err = run(capsys, "drill", "--skill", "tile-compare", "--count", "1", "--data-dir", str(tmp_path),
                         stdin="1\n", monkeypatch=monkeypatch)
    assert code == 0 and "not recorded" in err and "--trainee NAME" in err and "1/1." in out


def test_drill_count_zero_is_an_error(capsys):
    fails(capsys, ["drill", "--skill", "tile-id", "--count", "0"], "from 1 to 1000")


def test_drill_reads_an_answer_that_is_not_utf8_as_unreadable(capsys, tmp_path):
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "trainer", "drill", "--skill", "tile-compare", "--count", "1",
                             "--seed", "3", "--data-dir", str(tmp_path)],
                            input=b"\xff\xfe\n1\n", capture_output=True, timeout=60)
    out = result.stdout.decode()
    assert result.returncode == 0 and "try again" in out and "You answered" in out
    assert "Traceback" not in result.stderr.decode()


def test_a_file_name_the_system_refuses_is_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    err = fails(capsys, ["progress", "--data-dir", "9" * 300, "--list"])
    assert "file name too long" in err.lower() and "Errno" not in err


# -- 13.6: upper bounds -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, limit", [
    (["simulate", "--rounds", str(10**12), "--seed", "1"], "from 2 to 1000000"),
    (["snapshot", "--screen", "player", "--move", str(10**9), "--out", "x.png"], "from 0 to 5000"),
    (["snapshot", "--screen", "player", "--move", "51", "--out", "x.png"], "0 to 50"),
    (["drill", "--skill", "tile-id", "--count", str(10**9)], "from 1 to 1000"),
    (["exam", "--seed", "1", "--skills", "all", "--count", str(10**9)], "1 to 200"),
    (["exam", "--seed", "1", "--skills", "all", "--count", "3", "--time-limit", str(10**9)], "from 1 to 86400"),
    (["deal", "--seed", str(2**63)], "from 0 to 9223372036854775807"),
    (["report", "--out", "r.pdf", "--exam", "9" * 5000], "'999999999999999999999999999999...' (5,000 characters)"),
])
def test_every_request_is_bounded_and_the_limit_named(capsys, tmp_path, monkeypatch, argv, limit):
    monkeypatch.chdir(tmp_path)
    fails(capsys, argv, limit)


def test_move_on_a_screen_without_moves_is_an_error(capsys, tmp_path):
    fails(capsys, ["snapshot", "--screen", "progress", "--move", "3", "--out", str(tmp_path / "x.png")],
          "--move goes with --screen")


# -- issue 12: the terminal drill and the CLI ------------------------------------------------------------------

def test_drill_shows_both_answers_and_takes_the_apps_numbers(capsys, tmp_path, monkeypatch):
    # tile-compare seed 1: "Which tile ranks higher: 3-6 or 5-5?" with choices 1) 3-6  2) 5-5  3) Same rank.
    code, out, _ = run(capsys, "drill", "--skill", "tile-compare", "--count", "2", "--seed", "1",
                       "--data-dir", str(tmp_path), stdin="2\nb\n", monkeypatch=monkeypatch)
    assert code == 0
    assert "  1) 3-6\n  2) 5-5\n  3) Same rank" in out
    assert "Right. You answered 5-5." in out
    assert "Wrong. You answered 3-4 · correct: 3-6." in out


def test_typed_house_way_drill_and_printed_exam_do_not_say_drag(capsys, tmp_path, monkeypatch):
    code, out, _ = run(capsys, "drill", "--skill", "house-way", "--count", "1", "--seed", "4",
                       "--data-dir", str(tmp_path), stdin="", monkeypatch=monkeypatch)
    assert code == 0 and ": a high hand and a low hand." in out and "type the high hand" in out
    assert "drag" not in out.lower() and "click" not in out.lower()
    code, out, _ = run(capsys, "exam", "--seed", "4", "--skills", "house-way", "--count", "2", "--print-questions")
    assert code == 0 and "drag" not in out.lower() and ": a high hand and a low hand." in out


def test_the_first_trainee_created_becomes_current(capsys, tmp_path):
    d = str(tmp_path)
    run(capsys, "progress", "--data-dir", d, "--create", "Ana")
    run(capsys, "progress", "--data-dir", d, "--create", "Bo")
    code, out, _ = run(capsys, "progress", "--data-dir", d, "--list")
    assert code == 0 and out.splitlines() == ["* Ana", "  Bo"]


def test_errors_name_the_flag_to_use(capsys, tmp_path):
    d = str(tmp_path)
    run(capsys, "progress", "--data-dir", d, "--create", "Ana")
    fails(capsys, ["progress", "--data-dir", d, "--delete", "Ana"], "add --yes to confirm")
    export = str(tmp_path / "ana.json")
    assert run(capsys, "progress", "--data-dir", d, "--export", export)[0] == 0
    fails(capsys, ["progress", "--data-dir", d, "--import", export], "already exists", "--as NEW_NAME", "--replace")
    assert run(capsys, "progress", "--data-dir", d, "--import", export, "--as", "Ana  Two", "--json")[1] \
        == json.dumps({"imported": "Ana Two"}, indent=2) + "\n"


def test_simulate_help_shows_a_plain_percent(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "5% commission" in out and "%%" not in out


def test_app_options_before_a_command_are_an_error(capsys):
    fails(capsys, ["--theme", "dark", "drill", "--skill", "tile-id"], "option of the app", "give the command first")
    fails(capsys, ["--screen", "nowhere"], "argument --screen", "invalid choice")


def test_the_apps_options_open_the_app_on_that_screen_and_theme(qapp, qtbot):
    from PySide6.QtCore import QTimer

    from trainer.ui.main_window import MainWindow

    seen = {}

    def look() -> None:
        window = next(w for w in qapp.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
        seen.update(screen=window.current_key, theme=window.ctx.theme, profile=window.ctx.profile.name)
        window.close()  # the app quits with its last window (quitting again would leave this process's
        # event loops stopped for the next tests: every QEventLoop.exec() would return at once)

    QTimer.singleShot(0, look)
    assert main(["--screen", "progress", "--theme", "dark", "--profile", "md"]) == 0
    assert seen == {"screen": "progress", "theme": "dark", "profile": "md"}
