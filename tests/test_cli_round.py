"""``paigow-trainer round`` and ``simulate``: JSON shape, transcript and one-line errors (exit 2)."""

from __future__ import annotations

import json

import pytest

from trainer.cli import main
from trainer.rules.paigow.irregularities import Irregularity
from trainer.rules.paigow.positions import ORDER


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_round_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "round", "--seed", "7", "--players", "4", "--json")
    assert {"seed", "profile", "bank", "co_bank", "style", "dice", "total", "start", "positions", "steps", "chips",
            "balances"} <= set(data)
    assert (data["seed"], data["profile"], data["bank"], data["co_bank"]) == (7, "pa-2019", "dealer", False)
    assert [p["position"] for p in data["positions"]] == [str(p) for p in ORDER]
    assert sum(len(p["tiles"]) for p in data["positions"]) == 32
    played = [p for p in data["positions"] if p["high"]]
    assert len(played) == 5 and all(len(p["high"]) == len(p["low"]) == 2 for p in played)
    for p in data["positions"]:
        for result in p["results"].values():
            assert set(result) == {"outcome", "net", "vig"}
            assert result["outcome"] in ("win", "push", "lose", "surrender", "void")
    assert all(set(s) == {"actor", "action", "citation", "say"} for s in data["steps"])
    assert all(set(c) == {"from", "to", "cents", "why", "citation"} for c in data["chips"])
    assert sum(data["balances"].values()) == 0 and {"bank", "table_inventory"} <= set(data["balances"])
    assert len(data["dice"]) == 3 and sum(data["dice"]) == data["total"]


def test_round_with_a_bank(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(20):
        if main(["round", "--seed", str(seed), "--bank", "seat2", "--co-bank", "--style", "jung-quat", "--json"]):
            capsys.readouterr()
            continue
        data = json.loads(capsys.readouterr().out)
        assert (data["bank"], data["co_bank"], data["style"]) == ("seat2", True, "jung-quat")
        assert sum(data["balances"].values()) == 0
        return
    pytest.fail("no seed let seat2 bank")


def test_round_transcript_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["round", "--seed", "3", "--irregularity", "no-roll"]) == 0
    out = capsys.readouterr().out
    assert "No roll" in out and "Balances:" in out
    with pytest.raises(SystemExit):
        main(["round", "--help"])
    help_text = "".join(capsys.readouterr().out.split())  # argparse wraps at hyphens
    assert all(i.value in help_text for i in Irregularity)


@pytest.mark.parametrize("argv, message", [
    (["--profile", "xx"], "unknown profile 'xx'"),
    (["--style", "sideways"], "unknown delivery style 'sideways'"),
    (["--irregularity", "spill"], "unknown irregularity 'spill'"),
    (["--bank", "seat9"], "unknown position 'seat9'"),
    (["--bank", "dead"], "only a player at seat1..seat6 can bank"),
    (["--profile", "nj", "--style", "jung-quat"], "only a bank chooses a style"),
    (["--co-bank"], "co-banking needs a player bank"),
    (["--players", "9"], "argument --players: '9' is not a whole number from 1 to 6"),
    (["--method", "pigeon"], "unknown method 'pigeon'"),
    (["--profile", "nj", "--method", "rng"], "no random number generator"),
    (["--method", "rng", "--irregularity", "no-roll"], "a no roll needs dice in a shaker"),
])
def test_round_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(["round", "--seed", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_bank_that_cannot_cover_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    codes = [main(["round", "--seed", str(seed), "--players", "6", "--bank", "seat1"]) for seed in range(40)]
    err = capsys.readouterr().err
    assert 2 in codes and "not enough to cover the other players' Pai Gow Wagers" in err


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "simulate", "--rounds", "50", "--seed", "1", "--json")
    assert set(data) == {"rounds", "hands", "player_ev", "stderr"} and data["hands"] == 300
    assert main(["simulate", "--rounds", "50", "--seed", "1", "--policy", "beginner"]) == 2
    assert "unknown policy 'beginner'" in capsys.readouterr().err


HARBOR = str(__import__("pathlib").Path(__file__).resolve().parents[1] / "docs" / "casino-rules" / "harbor.toml")


def test_round_at_a_casinos_table(capsys: pytest.CaptureFixture[str]) -> None:
    """``round --casino-rules FILE`` deals at the casino's table (issue 40's leftovers), as ``drill`` and
    ``exam`` do: Harbor amends nj and rounds the vigorish up to the next 25 cents."""
    from trainer.drills.paigow.dealer_round import RoundSpec, play_spec
    from trainer.rules.casino import load_casino

    seen = []
    for seed in range(30):
        data = _json(capsys, "round", "--seed", str(seed), "--casino-rules", HARBOR, "--json")
        assert data["profile"] == "nj"
        casino = load_casino(HARBOR).profile.casino_sha256
        assert data == json.loads(json.dumps(play_spec(RoundSpec(seed=seed, profile="nj", style="house-way-right",
                                                                 casino=casino)).to_dict()))
        seen += [r["vig"] for p in data["positions"] for r in p["results"].values() if r["vig"]]
    assert seen and all(v % 25 == 0 for v in seen)  # the casino's quarter rounding, not nj's to the cent


@pytest.mark.parametrize("argv, says", [
    (["--casino-rules", "/no/such.toml"], "/no/such.toml: no such file"),
    (["--casino-rules", "README.md"], "README.md:"),
    (["--casino-rules", "/dev/zero"], "not a regular file"),
    (["--casino-rules", HARBOR, "--profile", "md"], "the file amends profile nj; give one or the other"),
    (["--casino-rules", HARBOR.replace("harbor", "riverside-baccarat")], "amends the Baccarat profile pa-631a"),
])
def test_round_with_a_bad_casino_file_is_one_line(capsys: pytest.CaptureFixture[str], argv, says) -> None:
    assert main(["round", "--seed", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
