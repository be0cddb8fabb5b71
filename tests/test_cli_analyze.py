"""``paigow-trainer analyze``: exact odds of one hand or the house edge, as JSON or a table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.rules.paigow.analysis import analyze_hand, house_edge
from trainer.rules.paigow.casino_rules import load_casino_rules
from trainer.rules.paigow.tiles import parse_tiles


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["analyze", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "6-6 4-5 1-3 2-3")
    expected = analyze_hand(parse_tiles("6-6 4-5 1-3 2-3"))
    assert [(s["high"], s["low"]) for s in data["settings"]] == [
        (["6-6", "4-5"], ["1-3", "2-3"]), (["6-6", "1-3"], ["4-5", "2-3"]), (["6-6", "2-3"], ["1-3", "4-5"])]
    assert [{k: s[k] for k in ("win", "push", "lose", "ev")} for s in data["settings"]] == [
        o.as_dict() for o in expected.odds]
    assert (data["optimal"], data["house_way"]) == (0, 0)


def test_hand_json_follows_profile_and_house_way(capsys: pytest.CaptureFixture[str]) -> None:
    harbor = str(Path(__file__).resolve().parents[1] / "docs" / "casino-rules" / "harbor.toml")
    data = run_json(capsys, "13 55 46 15", "--house-way", harbor)   # the file amends nj
    way = load_casino_rules(harbor).house_way
    expected = analyze_hand(parse_tiles("1-3 5-5 4-6 1-5"), way, zero_zero_to_banker=False)
    assert [s["ev"] for s in data["settings"]] == [o.ev for o in expected.odds]
    assert (data["profile"], data["house_way_name"]) == ("nj", way.name)


def test_house_edge_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--house-edge")
    edge = house_edge()
    assert data["player_house_way"] == edge.house_way_player.as_dict()
    assert data["player_optimal"] == edge.optimal_player.as_dict()
    assert set(data["player_optimal"]) == {"win", "push", "lose", "ev"}


def test_hand_table_marks_optimal_and_house_way(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "1-2 6-6 3-4 4-5"]) == 0
    out = capsys.readouterr().out
    lines = {line.split("%")[0].rsplit(None, 1)[0].strip(): line for line in out.splitlines() if "%" in line}
    assert lines["6-6 3-4 / 4-5 1-2"].endswith("optimal")
    assert lines["6-6 4-5 / 3-4 1-2"].endswith("house way")
    assert "+0." in out and "-0." in out


def test_house_edge_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "--house-edge", "--profile", "nj"]) == 0
    out = capsys.readouterr().out
    assert "sets by the house way" in out and "sets optimally" in out and "House edge" in out


@pytest.mark.parametrize("argv", [
    ["6-6 4-5 1-3"],                               # three tiles
    ["6-6 6-6 6-6 4-5"],                           # three copies of 6-6
    ["6-6 4-5 1-3 7-7"],                           # no such tile
    ["6-6 4-5 1-3 2-3", "--house-edge"],           # both
    [],                                            # neither
    ["6-6 4-5 1-3 2-3", "--profile", "xx"],
    ["--house-edge", "--house-way", "nowhere"],
])
def test_bad_input_is_a_one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(["analyze", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("paigow-trainer: error: ") and captured.err.count("\n") == 1


@pytest.mark.parametrize("profile", ["pa-2019", "nj"])
def test_house_edge_explains_why_an_optimal_player_wins(capsys: pytest.CaptureFixture[str], profile: str) -> None:
    """The figures and the reasons: a four-step rule a player can beat, and a published casino house way."""
    assert main(["analyze", "--house-edge", "--json", "--profile", profile]) == 0
    data = json.loads(capsys.readouterr().out)
    edge = house_edge()
    why = " ".join(data["explanation"])
    assert f"{-edge.house_way_player.ev:.2%}" in why and f"{edge.optimal_player.ev:.2%}" in why
    assert "4-step rule" in why and "Foxwoods" in why and "about 1.7%" in why
    assert data["published"] == {"optimal_player_house_edge": 0.017,
                                 "source": "Wizard of Odds, against the Foxwoods house way"}
    assert ("621a" in why) == (profile == "pa-2019") and ("N.J.A.C." in why) == (profile == "nj")
    assert main(["analyze", "--house-edge", "--profile", profile]) == 0
    text = capsys.readouterr().out
    assert "edge of 0.97%" in text.replace("\n", " ") and "Foxwoods" in text
