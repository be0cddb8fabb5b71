"""The casino-rules bar (issue 30): a hidden casino way given as a complete table of 8,130 explicit
hands is analysed exactly (checked against an enumeration written here, not the analysis module),
``house-way`` follows it and names its rule, bad files are one line and exit 2, the examples load."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path

import numpy as np
import pytest

from trainer.cli import main
from trainer.rules.paigow.hands import rank_key, settings
from trainer.rules.paigow.house_way import set_by_house_way
from trainer.rules.paigow.tiles import FACES, Tile

ROOT = Path(__file__).resolve().parents[1]


def face_sets() -> list[tuple[Tile, ...]]:
    """Every multiset of four faces the 32 tiles can hold (no face more often than its copies)."""
    return [four for four in combinations_with_replacement(FACES, 4)
            if all(n <= face.copies for face, n in Counter(four).items())]


@pytest.fixture(scope="module")
def hidden(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[tuple[Tile, ...], int]]:
    """A casino way chosen at random for every hand, written as explicit hands in a shuffled order."""
    rng = random.Random(30)
    hands = face_sets()
    assert len(hands) == 8130
    choice = {four: rng.randrange(3) for four in hands}
    number = {four: n for n, four in enumerate(hands)}  # (issue 42: hands.index per hand took seconds)
    lines = ['[casino]\nname = "Hidden Casino"\njurisdiction = "pa-2019"\n\n[house_way]\nname = "Hidden way"\n']
    for four in rng.sample(hands, len(hands)):
        tiles = list(four)
        rng.shuffle(tiles)
        high = settings(four)[choice[four]].high
        lines.append(f'[[house_way.exception]]\ntiles = "{" ".join(map(str, tiles))}"\n'
                     f'high = "{" ".join(map(str, reversed(high.tiles)))}"\nrule = "Hidden rule {number[four]}"\n')
    path = tmp_path_factory.mktemp("casino") / "hidden.toml"
    path.write_text("\n".join(lines))
    return path, choice


def enumerate_odds(choice: dict[tuple[Tile, ...], int], zero_zero_to_banker: bool) -> tuple[Fraction, Fraction]:
    """EV of a player setting by the hidden way and of one taking the best setting of each hand, against a
    dealer setting by it, over every physical deal (621a.8(g)-(i), copies and zero-zero per the profile,
    a zero low never wins, a win pays 0.95): an enumeration by faces, each weighted by its physical deals."""
    hands = list(choice)
    index = {f: i for i, f in enumerate(FACES)}
    copies = np.array([f.copies for f in FACES])
    held = np.zeros((len(hands), len(FACES)), dtype=np.int64)
    for r, four in enumerate(hands):
        for face in four:
            held[r, index[face]] += 1
    binom = np.array([[comb(n, k) for k in range(5)] for n in range(3)], dtype=np.int64)
    base = binom[copies[None, :], held].prod(axis=1)          # physical hands of each face set
    zz = zero_zero_to_banker

    def keys(s):
        return (rank_key(s.high, zero_zero_to_banker=zz), rank_key(s.low, zero_zero_to_banker=zz), s.low.is_zero)

    options = [[keys(s) for s in settings(four)] for four in hands]
    dealer_high = np.array([options[r][choice[f]][0] for r, f in enumerate(hands)])
    dealer_low = np.array([options[r][choice[f]][1] for r, f in enumerate(hands)])
    way_total, best_total = Fraction(0), Fraction(0)
    for r, four in enumerate(hands):
        deals = base.copy()
        for f in set(index[t] for t in four):           # the dealer draws from the 28 tiles left
            deals = deals // binom[copies[f], held[:, f]] * binom[copies[f] - held[r, f], held[:, f]]
        assert deals.sum() == comb(28, 4)
        evs = []
        for high, low, low_zero in options[r]:
            win_high, win_low = high > dealer_high, (low > dealer_low) & (not low_zero)
            wins, losses = int(deals[win_high & win_low].sum()), int(deals[~win_high & ~win_low].sum())
            evs.append(Fraction(19, 20) * wins - losses)
        way_total += base[r] * evs[choice[four]]
        best_total += base[r] * max(evs)
    total = comb(32, 4) * comb(28, 4)
    return way_total / total, best_total / total


@pytest.mark.xdist_group("hidden-casino-table")  # the module's table built on one worker, once
def test_house_edge_of_a_hidden_complete_table_equals_an_enumeration(hidden, capsys) -> None:
    path, choice = hidden
    assert main(["analyze", "--house-edge", "--house-way", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    way, best = enumerate_odds(choice, zero_zero_to_banker=True)
    assert data["player_house_way"]["ev"] == pytest.approx(float(way), abs=1e-9)
    assert data["player_optimal"]["ev"] == pytest.approx(float(best), abs=1e-9)
    assert best > way
    banker = data["banker_house_way"]   # the same deals seen from a bank: wins and losses swap
    assert (banker["win"], banker["lose"], banker["push"]) == (
        data["player_house_way"]["lose"], data["player_house_way"]["win"], data["player_house_way"]["push"])
    assert data["profile"] == "pa-2019"


@pytest.mark.xdist_group("hidden-casino-table")  # the module's table built on one worker, once
def test_house_way_follows_the_table_and_names_its_rule(hidden, capsys) -> None:
    path, choice = hidden
    order = list(choice)
    for four in random.Random(1).sample(order, 25):
        tiles = " ".join(map(str, reversed(four)))
        assert main(["house-way", tiles, "--house-way", str(path), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        expected = settings(four)[choice[four]]
        hands = sorted([sorted(data["high"]), sorted(data["low"])])   # two hands of equal rank stand either way
        assert hands == sorted([sorted(map(str, expected.high.tiles)), sorted(map(str, expected.low.tiles))])
        assert data["rule"] == f"Hidden rule {order.index(four)}"
        assert data["rule"] in data["explanation"] and data["step"] == 1


@pytest.mark.xdist_group("hidden-casino-table")  # the module's table built on one worker, once
def test_check_of_a_complete_table(hidden, capsys) -> None:
    path, choice = hidden
    assert main(["casino-rules", "check", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 8130
    assert data["decided"][0]["hands"] == 8130 and data["decided"][-1]["hands"] == 0
    assert data["idle_rules"] == []
    # with no rules, an explicit hand repeats the regulation's steps where it sets the hand as they do
    order = list(choice)

    def by_face(s) -> list:
        return sorted([sorted(s.high.tiles), sorted(s.low.tiles)])

    same = {f"Hidden rule {n}" for n, four in enumerate(order)
            if by_face(settings(four)[choice[four]]) == by_face(set_by_house_way(four).setting)}
    assert {e["rule"] for e in data["repeated_exceptions"]} == same
    assert len(same) < len(data["departures"]) < 8130 - len(same)


BAD = {
    "syntax": ('[casino\nname = "X"\n', 1, "TOML syntax"),
    "tile": ('[casino]\nname = "X"\njurisdiction = "nj"\n[[house_way.exception]]\ntiles = "1-2 2-4 4-6 7-7"\n'
             'high = "2-4 6-6"\nrule = "r"\n', 5, "7-7"),
    "three tiles": ('[casino]\nname = "X"\njurisdiction = "nj"\n\n[[house_way.exception]]\ntiles = "1-2 2-4 4-6"\n'
                    'high = "2-4 4-6"\nrule = "r"\n', 6, "four tiles, not 3"),
    "high": ('[casino]\nname = "X"\njurisdiction = "nj"\n[[house_way.exception]]\ntiles = "1-2 2-4 4-6 6-6"\n'
             'rule = "r"\nhigh = "5-5 6-6"\n', 7, "not two of the tiles"),
    "choice": ('[casino]\nname = "X"\njurisdiction = "nj"\n\n[choices]\nco_banking = false\nsquezze = true\n',
               7, "unknown key 'squezze'"),
    "choice not allowed": ('[casino]\nname = "X"\njurisdiction = "pa-2012"\n[choices]\nvigorish_rounding = "dime"\n',
                           5, "'dime' is not a vigorish rounding"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_file_is_one_line_naming_file_line_and_problem(case, tmp_path, capsys) -> None:
    text, line, problem = BAD[case]
    path = tmp_path / f"{case.replace(' ', '-')}.toml"
    path.write_text(text)
    for argv in (["casino-rules", "check", str(path)], ["house-way", "6-6 4-5 1-3 2-3", "--house-way", str(path)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{path}:{line}: " in err and problem in err, err


def test_a_bad_file_in_a_real_process(tmp_path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BAD["high"][0])
    done = subprocess.run([sys.executable, "-m", "trainer", "casino-rules", "check", str(path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"paigow-trainer: error: {path}:7: high: 5-5 6-6 is not two of the tiles 1-2 2-4 4-6 6-6\n"


@pytest.mark.parametrize("name", ["foxwoods", "harbor"])
def test_the_examples_load_and_check(name, capsys) -> None:
    path = ROOT / "docs" / "casino-rules" / f"{name}.toml"
    assert main(["casino-rules", "check", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sum(r["hands"] for r in data["decided"]) == 8130 and data["idle_rules"] == []
    if name == "foxwoods":
        assert "MISSING: exception K" in path.read_text()
        assert data["decided"][-1]["hands"] == 0   # "Other hands" decides whatever the pair rules leave
