"""The CLI contract for house-way and sidebets: JSON shape, text, and one-line errors with exit 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_house_way_json_contract(capsys):
    code, out, _ = run(capsys, "house-way", "6-6 4-5 1-3 2-3", "--json")
    data = json.loads(out)
    assert code == 0
    assert {k: data[k] for k in ("high", "low", "step", "citation")} == {
        "high": ["6-6", "4-5"], "low": ["1-3", "2-3"], "step": 2, "citation": "621a.8(d)(2)"}
    assert "Wong" in data["explanation"]


def test_house_way_text_and_other_way(capsys):
    harbor = str(Path(__file__).resolve().parents[1] / "docs" / "casino-rules" / "harbor.toml")
    code, out, _ = run(capsys, "house-way", "5-5 5-5 1-6 2-5", "--house-way", harbor)
    assert code == 0 and "Harbor pair rule A: Never split a pair of 4s, 5s, 6s, 10s or 11s" in out
    assert "High: 5-5 5-5" in out


@pytest.mark.parametrize("argv, message", [
    (["house-way", "6-6 4-5 1-3"], "expected 4 tiles, got 3"),
    (["house-way", "6-6 4-5 1-3 7-7"], "'7-7' is not a tile"),
    (["house-way", "6-6 6-6 6-6 1-1"], "too many 6-6"),
    (["house-way", "6-6 4-5 1-3 2-3", "--profile", "xx"], "unknown profile 'xx'"),
    (["house-way", "6-6 4-5 1-3 2-3", "--house-way", "vegas"], "unknown house way 'vegas'"),
    (["sidebets", "--profile", "ohio"], "unknown profile 'ohio'"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_sidebets_json(capsys):
    code, out, _ = run(capsys, "sidebets", "--profile", "pa-2019", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 9
    assert {(r["wager"], r["paytable"]): round(r["house_edge"], 4) for r in rows}[("beat-it", "A")] == 0.0741
    assert rows[0]["lines"][0] == {"key": "gee-joon-heaven", "wording": "Gee Joon Pair and Heaven Pair",
                                   "odds": "300 to 1"}


def test_sidebets_text_for_a_profile_without_side_wagers(capsys):
    assert run(capsys, "sidebets", "--profile", "nj")[1].strip().endswith("no side wagers.")


def test_console_script_module_form():
    result = subprocess.run([sys.executable, "-m", "trainer", "house-way", "66 45 13 23", "--json"],
                            capture_output=True, text=True, check=True)
    assert json.loads(result.stdout)["step"] == 2


def test_the_apps_own_options_reach_the_app(capsys):
    """``paigow-trainer --theme X`` is the app's option (``run_app``), checked by the app's parser."""
    assert main(["--theme", "purple"]) == 2
    err = capsys.readouterr().err
    assert "--theme: invalid choice: 'purple'" in err and len(err.strip().splitlines()) == 1
    assert main(["--profile", "ohio"]) == 2  # a profile no game has: the app's own check, one line too
    err = capsys.readouterr().err
    assert "unknown profile 'ohio' (choose from: md, nj," in err and len(err.strip().splitlines()) == 1


def test_the_command_map_names_each_commands_module():
    """``COMMANDS`` (what a command line naming a command imports) is what scanning the package finds."""
    import argparse

    from trainer.cli import COMMANDS, command_modules

    found = {}
    for module in command_modules():
        sub = argparse.ArgumentParser().add_subparsers()
        module.register(sub)
        found |= dict.fromkeys(sub.choices, module.__name__.rpartition(".")[2])
    assert found == COMMANDS


@pytest.mark.parametrize("command", ["analyze", "baccarat", "class", "drill", "house-way", "progress", "snapshot"])
def test_a_command_alone_reads_its_line_as_the_whole_parser(capsys, command):
    """Help and mistakes of a command read by its module alone are those of the whole command line."""
    from trainer.cli import build_parser
    from trainer.cli.args import UsageError

    with pytest.raises(SystemExit):
        build_parser().parse_args([command, "--help"])
    whole = capsys.readouterr()
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert capsys.readouterr() == whole and whole.out.startswith(f"usage: paigow-trainer {command} ")
    for wrong in (["--no-such-option"], ["--json", "--theme", "dark"], ["-x"]):
        with pytest.raises(UsageError) as exc:
            build_parser().parse_args([command, *wrong])
        assert run(capsys, command, *wrong) == (2, "", f"{exc.value.prog}: error: {exc.value}\n")


def _modules_after(argv: list[str]) -> tuple[set[str], int, int]:
    """The modules a fresh process has imported after running ``argv``, and the rule-book documents
    parsed then and once the readings are asked for."""
    code = ("import sys; from trainer.cli import main; main(sys.argv[1:]); modules = sorted(sys.modules); "
            "from trainer.rulebook.documents import load_document as load; parsed = load.cache_info().currsize; "
            "load('readings'); print(parsed, load.cache_info().currsize, *modules)")
    last = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          check=True).stdout.splitlines()[-1].split()
    return set(last[2:]), int(last[0]), int(last[1])


def test_analyze_imports_its_command_and_the_engine_only():
    """``analyze`` (issue 15): no other command's module, no drills, no app, no rule book for text
    citing no reading; with the house edge's explanation (it cites readings) the readings alone."""
    modules, parsed, _ = _modules_after(["analyze", "6-6 4-5 1-3 2-3"])
    ours = {m for m in modules if m.startswith("trainer.")}
    assert {m for m in ours if m.startswith("trainer.cli.")} == {"trainer.cli.analyze", "trainer.cli.args",
                                                                "trainer.cli.common"}
    assert not {m for m in ours if m.startswith(("trainer.ui", "trainer.drills.", "trainer.progress"))} - {
        "trainer.drills.text"}
    assert "PySide6" not in modules and "trainer.rulebook.documents" not in modules and parsed == 0
    modules, parsed, with_readings = _modules_after(["analyze", "--house-edge"])
    assert "trainer.rulebook.citations" in modules and parsed == with_readings == 1
