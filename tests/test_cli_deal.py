"""``paigow-trainer deal``: JSON shape, text output, replay by seed, one-line errors."""

import json

import pytest

from trainer.cli import main
from trainer.rules.paigow.woodpile import OPENING_ORDER as OPENING


def run_json(capsys, *args):
    assert main(["deal", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_shape_for_a_given_woodpile_and_dice(capsys):
    data = run_json(capsys, "--woodpile", OPENING, "--dice", "3,2,4", "--style", "cup-say-right")
    assert (data["dice"], data["total"], data["start"], data["style"]) == ([3, 2, 4], 9, "dealer", "cup-say-right")
    assert data["seed"] is None  # nothing was left to chance
    assert [d["position"] for d in data["deliveries"]] == ["dealer", "seat1", "seat2", "seat3", "seat4", "seat5",
                                                           "seat6", "dead"]
    assert data["deliveries"][0]["tiles"] == ["2-4", "1-2", "1-1", "1-1"]  # S1/1-2 + S2/1-2
    assert all(len(d["tiles"]) == 4 for d in data["deliveries"])
    kinds = [m["kind"] for m in data["moves"]]
    assert kinds[:4] == ["say", "push", "roll", "count"] and kinds.count("deliver") == 8
    assert all(m["caption"] and m["citation"] for m in data["moves"])
    assert data["style_name"] == "Cup Say (pick four) From the Right" and data["style_section"] == "621a.7(2)"


def test_worked_deal_of_spec_d8_through_the_cli(capsys):
    data = run_json(capsys, "--woodpile", OPENING, "--dice", "12", "--style", "chee-yee")
    assert data["dice"] == [] and data["start"] == "seat3"
    assert sorted(data["deliveries"][1]["tiles"]) == ["1-4", "2-3", "6-6", "6-6"]


def test_bank_and_cut(capsys):
    data = run_json(capsys, "--seed", "3", "--bank", "seat4", "--dice", "5", "--cut", "S4-S5 right",
                    "--style", "dragon-phoenix-left", "--profile", "nj")
    assert (data["origin"], data["start"], data["bank"], data["cut"]) == ("seat4", "dealer", "seat4", "S4-S5 right")
    assert data["moves"][0]["kind"] == "cut"
    assert [m["kind"] for m in data["moves"][1:4]] == ["say", "say", "say"]  # no more bets, repeat, signal


def test_the_same_seed_replays_the_same_deal(capsys):
    first = run_json(capsys, "--seed", "77", "--style", "jung-quat")
    again = run_json(capsys, "--seed", "77", "--style", "jung-quat")
    assert first == again and first["seed"] == 77


def test_without_a_seed_a_random_one_is_printed_and_replays(capsys):
    data = run_json(capsys, "--style", "pin-say-right")
    assert isinstance(data["seed"], int)
    assert run_json(capsys, "--seed", str(data["seed"]), "--style", "pin-say-right") == data


def test_text_output_has_the_woodpile_picture_and_the_table(capsys):
    assert main(["deal", "--seed", "5", "--dice", "6,6,3", "--style", "house-way-left"]) == 0
    out = capsys.readouterr().out
    assert "Seed 5 (replay with --seed 5)" in out
    assert "S8  S7  S6  S5  S4  S3  S2  S1" in out
    assert "dice 6, 6, 3 = 15; counted from dealer: start Seat 6" in out
    assert " 1  Seat 6    " in out and "S8" in out
    assert "seat6" not in out and "spec " not in out and "[621a.7(1), reading: house way from the left]" in out
    assert "Indicate the style: push the first stack on the dealer's left (S8) slightly forward" in out


def test_rng_method(capsys):
    data = run_json(capsys, "--seed", "9", "--method", "rng", "--profile", "md")
    assert data["dice"] == [] and data["method"] == "rng" and 3 <= data["total"] <= 18


@pytest.mark.parametrize("args, message", [
    (["--woodpile", OPENING.replace("1-2", "6-6")], "missing 1-2; extra 6-6"),
    (["--woodpile", "6-6 1-1"], "missing"),
    (["--dice", "19"], "3 to 18"),
    (["--dice", "2"], "3 to 18"),
    (["--dice", "7,1,1"], "three dice"),
    (["--style", "cup-sai-right"], "unknown delivery style 'cup-sai-right'"),
    (["--style", "chee-yee", "--profile", "nj"], "only a bank chooses a style"),
    (["--bank", "dead"], "seat1..seat6"),
    (["--bank", "seat9"], "unknown position 'seat9'"),
    (["--cut", "S2 left"], "only a player bank may cut"),
    (["--bank", "seat2", "--cut", "S1-S2 right"], "leaves every stack"),
    (["--method", "rng", "--profile", "nj"], "no random number generator"),
    (["--profile", "xx"], "unknown profile"),
])
def test_mistakes_exit_2_with_one_line(capsys, args, message):
    assert main(["deal", "--seed", "1", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("paigow-trainer: error: ") and message in lines[0]
