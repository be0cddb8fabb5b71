"""The house-way vocabulary of issue 36 (docs/casino-rules.md), each item on hands worked out by hand,
and what ``casino-rules check`` / ``table`` say of a file: conflicts, settings beaten on both hands, the
hands left to the regulation, ``--strict``, every hand's setting and rule, the printable chart."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.cli import main
from trainer.rules.casino import CasinoFileError
from trainer.rules.paigow.casino_patterns import tile_kind
from trainer.rules.paigow.casino_rules import check, parse_casino_rules
from trainer.rules.paigow.face_combos import combos
from trainer.rules.paigow.tiles import parse_tiles

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "casino-rules"
HEAD = '[casino]\nname = "T"\njurisdiction = "nj"\n'


def way(rules: str, head: str = HEAD):
    return parse_casino_rules("t.toml", (head + rules).encode())


def one_rule(**keys: str) -> str:
    body = "".join(f"{k} = {v}\n" for k, v in keys.items())
    return f'[[house_way.rule]]\nname = "R"\n{body}'


def setting(rules, tiles: str) -> tuple[str, str | None]:
    d = rules.decide(parse_tiles(tiles))
    return " ".join(sorted(map(str, d.setting.high.tiles))), d.rule


def test_kinds_unite_and_name_faces() -> None:
    assert {str(t) for t in tile_kind("Teen or Day")} == {"6-6", "1-1"}
    assert {str(t) for t in tile_kind("any 6, 7 or low 8")} == {"3-3", "1-5", "2-4", "1-6", "2-5", "3-4", "2-6", "3-5"}
    assert {str(t) for t in tile_kind("yun")} == {"4-4"} and {str(t) for t in tile_kind("gee")} == {"1-2", "2-4"}


def test_a_threshold_inside_a_play_pattern() -> None:
    # 6-6 4-5 / 1-6 2-3: a Wong over a 2; 6-6 1-6 / 4-5 2-3: a High Nine over a 4 (top 4-5, a high 9);
    # 6-6 2-3 / 4-5 1-6: a 7 over a 6 (top 4-5)
    assert setting(way(one_rule(play='"4 over high 9/any or better"')), "6-6 4-5 1-6 2-3") == ("1-6 6-6", "R")
    assert setting(way(one_rule(play='"6 over high 9/any or better"')), "6-6 4-5 1-6 2-3") == ("2-3 6-6", "R")
    # "6 over 4-4": no low 6 here has a top tile as high as the Yun, so the rule never decides
    assert setting(way(one_rule(play='"6 over 4-4/any or better"')), "6-6 4-5 1-6 2-3")[1] is None
    assert setting(way(one_rule(play='"2/5 over high 5 or better"')), "1-1 2-3 3-4 1-2")[1] == "R"


def test_two_pairs_and_the_union_of_kinds_in_a_pair() -> None:
    rules = way(one_rule(play='"two pairs"') + '[[house_way.rule]]\nname = "S"\npair = "teen or day"\nplay = "pair split"\n')
    assert setting(rules, "6-6 6-6 1-1 1-1") == ("6-6 6-6", "R")
    assert setting(rules, "1-1 1-1 4-5 3-6") == ("1-1 1-1", "R")   # a pair of Days and the mixed nines
    assert setting(rules, "1-1 1-1 4-5 5-6")[1] == "S"


def test_dominance() -> None:
    # 6-6 6-6 4-4 4-4: two Gongs are beaten on both hands by the Teens and the Yuns
    rules = way(one_rule(pair='"12"', play='"pair split and not dominated"') +
                '[[house_way.rule]]\nname = "D"\npair = "12"\nplay = "pair together and dominating"\n')
    assert setting(rules, "6-6 6-6 4-4 4-4") == ("6-6 6-6", "D")
    assert setting(rules, "6-6 6-6 4-5 1-6") == ("4-5 6-6", "R")    # Wong / High Nine: split


def test_most_points_and_tile_placement() -> None:
    # 5-6 4-6 1-6 2-3: 5-6 4-6 / 1-6 2-3 is 1/2 (3 points), 5-6 1-6 / 4-6 2-3 8/5 (13), 4-6 1-6 / 5-6 2-3
    # 7/6 (13): of the most points, the low hand as high as possible is 7/6
    assert setting(way(one_rule(play='"most points"', choose='"low"')), "5-6 4-6 1-6 2-3") == ("1-6 4-6", "R")
    assert setting(way(one_rule(play='"most points"', choose='"high"')), "5-6 4-6 1-6 2-3") == ("1-6 5-6", "R")
    # the highest-ranking tile (5-6) in the low hand: 4-6 1-6 / 5-6 2-3 (7/6) before 4-6 2-3 / 5-6 1-6 (5/7)
    assert setting(way(one_rule(play='"highest tile low"')), "5-6 4-6 1-6 2-3") == ("1-6 4-6", "R")
    assert setting(way(one_rule(play='"two highest together"')), "5-6 4-6 1-6 2-3") == ("1-6 2-3", "R")
    assert setting(way(one_rule(play='"two highest apart"')), "5-6 4-6 1-6 2-3") == ("1-6 5-6", "R")


def test_the_weakest_qualifying_high_hand_and_negation() -> None:
    # 6-6 4-5 1-3 2-3: a Wong over a 9, 6-6 1-3 (6) over a 4, 6-6 2-3 (7) over a 3: the weakest high hand
    # of those whose low is at least 4 is the 6; without the Wong, the strongest high is the 7
    rules = way(one_rule(play='"any/4 or better"', choose='"lowest high"'))
    assert setting(rules, "6-6 4-5 1-3 2-3") == ("1-3 6-6", "R")
    assert setting(way(one_rule(play='"not wong"')), "6-6 4-5 1-3 2-3") == ("2-3 6-6", "R")
    assert setting(way(one_rule(cannot_make='"pair"', play='"any"')), "6-6 6-6 1-3 2-3")[1] is None
    assert setting(way(one_rule(play='"4 with 5"')), "1-2 1-3 2-3 1-6") == ("1-3 2-3", "R")


def test_others_as_alternatives_are_spot_totals() -> None:
    rules = way(one_rule(pair='"gee joon"', others='["6 and 4", "6 and 5", "6 and 6"]', play='"pair split"'))
    assert setting(rules, "1-2 2-4 3-3 2-2")[1] == "R"            # a 6 (3-3) and a 4 (2-2)
    assert setting(rules, "1-2 2-4 6-6 6-6")[1] is None             # two 12s are no 6s
    assert setting(rules, "1-2 2-4 4-6 5-6")[1] is None             # the faces 6-4 and 6-5 are a 10 and an 11


def test_the_zero_zero_rule_is_a_choice_where_the_text_leaves_it() -> None:
    nj = way("", HEAD + "[choices]\nzero_zero_to_banker = true\n")
    assert nj.profile.zero_zero_to_banker is True and way("").profile.zero_zero_to_banker is False
    with pytest.raises(CasinoFileError, match=r"^t\.toml:5: choices\.zero_zero_to_banker: .*true"):
        way("", '[casino]\nname = "T"\njurisdiction = "md"\n[choices]\nzero_zero_to_banker = false\n')


@pytest.mark.parametrize(("rule", "problem"), [
    ('play = "pair and  and gong"', "play: 'pair and  and gong' has an empty part"),
    ('play = "and wong"', "has an empty part"),
    ('play = "7 over 13/any or better"', "play: '13' is no kind of tile"),
    ('play = "x/8 or better"', "play: 'x' is no hand"),
    ('play = "any"\nchoose = "lowest"', "choose: 'lowest' is none of 'high', 'low', 'lowest high'"),
    ('pair = "9"\nothers = ["9 and 11 and 12"]\nplay = "pair split"', "others: name the two other tiles"),
    ('play = "any"\nbalanced = "pair split"', "balanced: 'pair together' and 'pair split' need the rule's 'pair'"),
    ('play = "any"\ncannot_make = "wongs"', "cannot_make: 'wongs' is not a pattern"),
    ('play = "² high"', "play: '²' is no kind of tile"),
    ('play = "3 over ²/any or better"', "play: '²' is no kind of tile"),
    ('play = "①/8 or better"', "play: '①' is no hand"),
    ('best_low_below = "３"\nplay = "any"', "best_low_below: '３' is no hand"),
    ('best_low_below = ["3", "4"]\nplay = "any"', "best_low_below: give one hand"),
])
def test_a_bad_pattern_is_one_line_naming_file_line_and_key(rule: str, problem: str, tmp_path, capsys) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(HEAD + f'[[house_way.rule]]\nname = "R"\n{rule}\n')
    assert main(["casino-rules", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}:" in err and problem in err, err
    line = int(err.split(f"{path}:")[1].split(":")[0])
    key = problem.split(":")[0] if ":" in problem else "play"
    assert path.read_text().splitlines()[line - 1].startswith(key.split()[0]), (line, err)


def test_check_names_what_takes_an_idle_rules_hands_and_strict_fails(capsys) -> None:
    path = str(EXAMPLES / "casino-canberra.toml")
    assert main(["casino-rules", "check", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (conflict,) = data["conflicts"]
    assert conflict["rule"].startswith("Pair rule 2") and conflict["hands_alone"] == sum(t["hands"] for t in conflict["taken_by"])
    assert {t["rule"].split(":")[0] for t in conflict["taken_by"]} >= {"Pairs", "Pair rule A"}
    assert data["dominated"][0]["label"].startswith("Pair rule B") and data["dominated"][0]["tiles"] == "6-6 6-6 4-4 4-4"
    assert data["warnings"] == 2 and data["regulation_steps"] == []
    assert main(["casino-rules", "check", path, "--strict"]) == 1
    out = capsys.readouterr().out
    assert "warning: line 122: Pair rule 2" in out and "earlier rules take" in out and "beaten on both hands" in out


def test_check_summarises_the_hands_left_to_the_regulation(tmp_path, capsys) -> None:
    path = tmp_path / "short.toml"
    path.write_text(HEAD + '[[house_way.rule]]\nname = "Small pairs"\npair = "4, 5, 6, 10 or 11"\nplay = "pair together"\n')
    assert main(["casino-rules", "check", str(path), "--strict", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    steps = {s["step"]: s for s in data["regulation_steps"]}
    assert sum(s["hands"] for s in steps.values()) == data["decided"][-1]["hands"] > 0
    assert steps[2]["citation"] == "N.J.A.C. 19:47-10.7(d)2" and len(steps[2]["examples"]) == 3
    assert data["warnings"] == 0


def test_table_lists_every_hand_with_its_setting_and_rule(capsys) -> None:
    assert main(["casino-rules", "table", str(EXAMPLES / "foxwoods.toml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    hands = {h["tiles"]: h for h in data["hands"]}
    assert len(data["hands"]) == len(hands) == 8130
    # the Supreme Pair with two Teens: pair rule C splits the Teens into 8/8 (the text taken literally)
    assert hands["6-6 6-6 2-4 1-2"] == {"tiles": "6-6 6-6 2-4 1-2", "high": "6-6 2-4", "low": "6-6 1-2",
                                        "rule": "Foxwoods pair rule C", "regulation": None}
    rules = parse_casino_rules("f.toml", (EXAMPLES / "foxwoods.toml").read_bytes())
    for name, rows in rules.hands_by_rule().items():
        assert {data["hands"][r]["rule"] for r in rows.tolist()} == {name}
    assert sum(len(r) for r in rules.hands_by_rule().values()) == len(combos().faces)


def test_table_names_the_regulations_step_for_a_hand_the_file_leaves(tmp_path, capsys) -> None:
    path = tmp_path / "short.toml"
    path.write_text(HEAD + '[[house_way.rule]]\nname = "Teens high"\nplay = "12 high and 6/6 or better"\n')
    assert main(["casino-rules", "table", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 8130 and any(line.endswith("N.J.A.C. 19:47-10.7(d)1") for line in lines)
    assert any(line.endswith("Teens high") for line in lines)


def test_the_chart_is_a_pdf_with_every_deciding_rule_and_two_examples(tmp_path) -> None:
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    out = tmp_path / "chart.pdf"
    done = subprocess.run([sys.executable, "-m", "trainer", "casino-rules", "table",
                           str(EXAMPLES / "order-of-operations.toml"), "--pdf", str(out)],
                          capture_output=True, text=True, cwd=ROOT, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF") and "Wrote" in done.stderr and "pages" in done.stderr
    from trainer.rules.paigow.casino_chart import chart
    from trainer.ui.casino_chart import chart_report

    rules = parse_casino_rules("o.toml", (EXAMPLES / "order-of-operations.toml").read_bytes())
    entries = chart(rules)
    assert [e.name for e in entries][:3] == ["Pair rule 1.1", "Pair rule 1.2", "Pair rule 1.3"]
    assert all(len(e.examples) == 2 for e in entries) and sum(e.hands for e in entries) == 8130
    report = chart_report(rules)
    assert sum(len(r) == 1 for r in report.skill_rows) == len(entries)
    assert not any("line" in cell or ".toml" in cell for row in report.skill_rows for cell in row)


@pytest.mark.parametrize("name", ["foxwoods.toml", "harbor.toml", "casino-canberra.toml", "taj-mahal.toml",
                                  "new-zealand.toml", "order-of-operations.toml"])
def test_the_chart_shows_each_rule_once_with_its_explicit_hands(name) -> None:
    """Rules sharing a name are one rule (explicit hands join the rule their text names): one chart entry,
    one place a citation opens, the hands counted together."""
    from trainer.rules.paigow.casino_chart import chart

    rules = parse_casino_rules(name, (EXAMPLES / name).read_bytes())
    entries = chart(rules)
    names = [e.name for e in entries]
    assert len(names) == len(set(names)) and sum(e.hands for e in entries) == 8130
    ruled = {r.name for r in rules.rules}
    for rule in ruled:  # Harbor's "Harbor pair rule B: split ..." hands join rule B (not New Zealand's "Pairs: Nines")
        assert sum(n == rule or (n.startswith(f"{rule}:") and n not in ruled) for n in names) <= 1


def test_a_pdf_into_a_missing_folder_is_one_line(tmp_path, capsys) -> None:
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    argv = ["casino-rules", "table", str(EXAMPLES / "harbor.toml"), "--pdf", str(tmp_path / "no" / "c.pdf")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not exist" in err


def test_analyze_says_what_the_casinos_way_does(capsys) -> None:
    assert main(["analyze", "--house-edge", "--house-way", str(EXAMPLES / "order-of-operations.toml")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "the casino's 19 rules tried in order" in out and "'Balancing rule 3.1' (3,218)" in out
    assert "plays a pair, Wong or Gong, or a 9, 8 or 7" not in out and "casino-" not in out
    assert main(["analyze", "6-6 4-5 1-3 2-3", "--house-way", str(EXAMPLES / "order-of-operations.toml")]) == 0
    out = capsys.readouterr().out
    assert "house way (Teen or Day with a 7, 8 or 9)" in out and "'House Way Order of Operations'" in out


WORDS = ["and", "not", "or", "with", "worth", "over", "/", ",", "any", "pair", "together", "split", "two", "pairs",
         "highest", "tile", "high", "low", "most", "points", "dominated", "dominating", "wong", "gong", "nine",
         "better", "teen", "day", "gee", "joon", "4-6", "7-7", "0", "3", "8", "9", "10", "12", "13", "²", ""]


@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=9))
@settings(max_examples=300, deadline=None)
def test_any_pattern_is_read_or_refused_in_one_line(words: list[str]) -> None:
    """Whatever a file writes as a pattern, it is a pattern or a NotationError naming it, never a crash;
    a pattern read is a mask over every setting of every hand."""
    from trainer.rules.errors import NotationError
    from trainer.rules.paigow.casino_patterns import Pattern, grid

    text = " ".join(words)
    try:
        pattern = Pattern.parse(text)
    except NotationError as exc:
        assert "\n" not in str(exc)
        return
    if pattern.speaks_of_pair:
        return  # needs the rule's pair: refused when the file is read (test above)
    assert pattern.mask(grid()).shape == (8130, 3)


def test_a_kept_table_is_named_by_the_vocabularys_code_too() -> None:
    """A table of 8,130 settings kept on disk is rebuilt when the code that reads the patterns changes."""
    from trainer.rules.paigow import casino_rules

    assert "trainer.rules.paigow.casino_patterns" in casino_rules._ENGINE


PATTERNS = ["any", "pair", "wong", "gong", "high nine", "two pairs", "6/8 or better", "7/9", "3/gong", "any/8",
            "3 over high 6/any or better", "12 high", "teen or day low", "highest tile high", "highest tile low",
            "two highest together", "two highest apart", "most points", "not dominated", "dominating",
            "4 with 5", "any 2, 3 or 4 with 10 or 11 worth 2, 3 or 4"]


@given(st.lists(st.tuples(st.lists(st.sampled_from(PATTERNS), min_size=1, max_size=2),
                          st.sampled_from(["high", "low", "lowest high"]),
                          st.sampled_from(["", 'cannot_make = "pair"\n', 'can_make = "wong"\n', 'balanced = "not 7/9"\n',
                                           'includes = "teen or day"\n', 'pair = "9, 8 or 7"\n'])),
                min_size=1, max_size=4))
@settings(max_examples=25, deadline=None)
def test_each_hand_a_rule_decides_is_set_as_its_words_say(rules: list) -> None:
    """Over every hand of a file made of random rules: the deciding rule is the first whose conditions
    hold and some setting meets a pattern of, and its setting meets the first such pattern and is the one
    ``choose`` ranks first among those meeting it."""
    import numpy as np

    from trainer.rules.paigow.casino_patterns import grid

    text = "".join(f'[[house_way.rule]]\nname = "R{n}"\n{extra}play = {json.dumps([" and ".join(p)])}\nchoose = "{c}"\n'
                   for n, (p, c, extra) in enumerate(rules))
    way_ = way(text)
    g = grid()
    choice, decider = way_.rule_choices
    undecided = np.ones(len(choice), dtype=bool)
    for n, rule in enumerate(way_.rules):
        holds, pair_grid = rule.applies(g)
        met = rule.play[0].mask(pair_grid) & holds[:, None]
        mine = undecided & met.any(axis=1)
        assert ((decider == n) == mine).all()
        strength = np.where(met, pair_grid.strength(rule.choose), -1)
        rows = np.nonzero(mine)[0]
        assert (strength[rows, choice[rows]] == strength[rows].max(axis=1)).all()
        undecided &= ~mine
    assert (decider[undecided] == -1).all()
