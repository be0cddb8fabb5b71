"""The ``baccarat`` commands' contract: JSON shapes, and one-line errors with exit 2."""

import json

import pytest

from trainer.cli import main


def run(capsys, *argv):
    code = main(["baccarat", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_contract(capsys):
    code, out, _ = run(capsys, "analyze", "--decks", "6", "--tie-pays", "9", "--json")
    data = json.loads(out)
    assert code == 0 and data["decks"] == 6
    names = [w["name"] for w in data["wagers"]]
    assert names == ["banker", "player", "tie", "ez-banker", "dragon-7", "panda-8",
                     *[f"dragon-bonus-{h}-{t}" for h in ("player", "banker") for t in "ABC"], "house-money"]
    assert all(set(w) == {"name", "house_edge", "citation"} and "631a" in w["citation"] for w in data["wagers"])
    assert round(data["wagers"][0]["house_edge"], 4) == 0.0106


@pytest.mark.parametrize("argv, expected", [
    (["--player", "5 K", "--banker", "3 3"],
     {"player_points": 5, "banker_points": 6, "natural": False, "player_draws": True, "banker_draws": None}),
    (["--player", "5 K", "--banker", "3 3", "--player-third", "7h"],
     {"player_draws": True, "banker_draws": True, "citation": "631a.11(b)(1); 631a.11(c)(2)(iii), Table 1"}),
    (["--player", "Qh 7", "--banker", "4 A"],
     {"player_draws": False, "banker_draws": True, "citation": "631a.11(b)(2); 631a.11(c)(1)"}),
    (["--player", "4 4", "--banker", "2 K"],
     {"natural": True, "player_draws": False, "banker_draws": False, "citation": "631a.11(a)"}),
])
def test_draw_contract(capsys, argv, expected):
    code, out, _ = run(capsys, "draw", *argv, "--json")
    data = json.loads(out)
    assert code == 0 and {k: data[k] for k in expected} == expected


def test_round_contract(capsys):
    code, out, _ = run(capsys, "round", "--seed", "8", "--players", "4", "--ez", "--vig", "deferred", "--json")
    data = json.loads(out)
    assert code == 0 and data["seed"] == 8 and 2 <= len(data["player"]) <= 3
    assert set(data["steps"][0]) == {"actor", "action", "citation", "say"}
    assert all(set(c) == {"from", "to", "cents", "why", "citation"} for c in data["chips"])
    assert sum(data["balances"].values()) == 0 and len(data["balances"]) == 5


def test_round_with_an_irregularity(capsys):
    code, out, _ = run(capsys, "round", "--seed", "4", "--irregularity", "third-disclosed", "--json")
    data = json.loads(out)
    assert code == 0 and data["irregularity"] == "third-disclosed"
    assert any(s["citation"].startswith("631a.15(c)") for s in data["steps"])


def test_shoe_runs_to_the_last_hand(capsys):
    code, out, _ = run(capsys, "shoe", "--seed", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["rounds"][-1]["last_hand"] and data["rounds"][-2]["cover_card"]
    assert len(data["burn"]) >= 2 and data["cut"]["at"] >= 10 and sum(data["balances"].values()) == 0


def test_text_outputs(capsys):
    assert "Banker stands" in run(capsys, "draw", "--player", "5 K", "--banker", "3 3", "--player-third", "8")[1]
    assert "Balances:" in run(capsys, "round", "--seed", "2")[1]
    assert "banker" in run(capsys, "analyze")[1]


@pytest.mark.parametrize("argv, message", [
    (["draw", "--player", "5 X", "--banker", "3 3"], "'X' is not a card"),
    (["draw", "--player", "5 K 2", "--banker", "3 3"], "takes two cards"),
    (["draw", "--player", "6 K", "--banker", "3 3", "--player-third", "8"], "stands on 6"),
    (["draw", "--player", "4 4", "--banker", "3 3", "--player-third", "8"], "stands on 8"),
    (["analyze", "--decks", "9"], "'9' is not a whole number from 6 to 8"),
    (["round", "--seed", "1", "--decks", "5"], "'5' is not a whole number from 6 to 8"),
    (["analyze", "--tie-pays", "7"], "at least 8 to 1"),
    (["analyze", "--decks", "eight"], "'eight' is not a whole number from 6 to 8"),
    (["round", "--seed", "x"], "'x' is not a whole number from 0 to"),
    (["round", "--seed", "1", "--players", "15"], "'15' is not a whole number from 1 to 14"),
    (["round", "--seed", "1", "--vig", "later"], "unknown vig collection 'later'"),
    (["shoe", "--seed", "1", "--profile", "ohio"], "unknown Baccarat profile 'ohio'"),
    (["round", "--seed", "1", "--irregularity", "fire"], "unknown irregularity 'fire'"),
    ([], "choose a baccarat command"),
    (["draw", "--banker", "3 3"], "give the Player's first two cards with --player"),
    (["shoe"], "give a seed with --seed N"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
