"""A casino's Rules Submission file (docs/casino-rules.md): the rule vocabulary, its table over every
hand against the one-hand reference, the choices amending the profile, and what validation lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.rules.casino import CasinoFileError
from trainer.rules.paigow.casino_patterns import hand_threshold, tile_kind
from trainer.rules.paigow.casino_rules import check, load_casino_rules, parse_casino_rules
from trainer.rules.paigow.tiles import parse_tiles

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "casino-rules"
HEAD = b'[casino]\nname = "T"\njurisdiction = "pa-2019"\n'


def rules_of(text: str):
    return parse_casino_rules("t.toml", HEAD + text.encode())


def test_kinds_of_tile_and_hands() -> None:
    assert {str(t) for t in tile_kind("10")} == {"5-5", "4-6"}
    assert {str(t) for t in tile_kind("high 8")} == {"4-4"} and {str(t) for t in tile_kind("low 10")} == {"4-6"}
    assert {str(t) for t in tile_kind("gee joon")} == {"1-2", "2-4"}
    assert hand_threshold("3 over high 6") > hand_threshold("3") and hand_threshold("4") > hand_threshold("3 over high 6")
    with pytest.raises(Exception, match="no kind of tile"):
        tile_kind("13")


@pytest.mark.parametrize(("tiles", "high", "rule"), [
    ("2-2 2-2 5-5 5-5", "5-5 5-5", "Foxwoods pair rule A"),          # never split 4s or 10s
    ("1-2 2-4 5-6 4-6", "1-2 2-4", "Foxwoods pairs"),                # 5-6 and 4-6 are an 11 and a 10, no 6s
    ("1-2 2-4 1-6 3-3", "1-2 2-4", "Foxwoods pairs"),                # a 7 and a 6: pair rule B does not split
    ("6-6 6-6 4-5 5-6", "6-6 4-5", "Foxwoods pair rule C"),          # Teens split with a 9 and an 11
    ("6-6 4-5 4-4 5-6", "6-6 4-5", "Foxwoods Wong/Gong exception A"),  # Wong over Gong with an 11
    ("6-6 1-6 4-4 1-3", "6-6 4-4", "Foxwoods Wong/Gong exception C"),  # Gong over High Nine with a 4
    ("6-6 1-6 4-4 3-3", "6-6 1-6", "Foxwoods Wong, Gong and High Nine"),  # High Nine before Gong
    ("1-1 2-3 4-6 1-5", "1-1 2-3", "Foxwoods other hands"),           # 6/7: the low as high as possible
])
def test_the_foxwoods_example_sets_by_its_rules(tiles: str, high: str, rule: str) -> None:
    decided = load_casino_rules(str(EXAMPLES / "foxwoods.toml")).decide(parse_tiles(tiles))
    assert sorted(map(str, decided.setting.high.tiles)) == sorted(high.split())
    assert decided.label.startswith(rule)


def test_play_patterns_are_tried_in_order_and_choose_picks_among_them() -> None:
    text = ('[[house_way.rule]]\nname = "Low first"\nplay = "any"\nchoose = "low"\n')
    d = rules_of(text).decide(parse_tiles("6-6 4-5 1-6 2-3"))   # the regulation plays the Wong, low 2
    assert str(d.setting) == "6-6 2-3 / 1-6 4-5" and d.label == "Low first"
    text = ('[[house_way.rule]]\nname = "Wong"\nplay = ["wong", "any"]\n')
    assert str(rules_of(text).decide(parse_tiles("6-6 4-5 1-6 2-3")).setting) == "6-6 4-5 / 1-6 2-3"


def test_choices_amend_the_profile_and_the_rest_stay_its_defaults() -> None:
    rules = rules_of('[choices]\npaytables = { sum = "B" }\nvigorish_rounding = "quarter"\nco_banking = false\n')
    assert rules.profile.paytables["sum"] == ("B",) and rules.profile.paytables["beat-it"] == ("A", "B", "C")
    assert rules.profile.vig_roundings == ("quarter",) and not rules.profile.co_bank and rules.profile.player_bank
    with pytest.raises(CasinoFileError, match=r"t.toml:5: choices.paytables: 'Z' is not a sum paytable"):
        rules_of('[choices]\npaytables = { sum = "Z" }\n')
    with pytest.raises(CasinoFileError, match=r"t.toml:5: .*not a side wager this profile allows"):
        parse_casino_rules("t.toml", b'[casino]\nname = "T"\njurisdiction = "nj"\n[choices]\nside_wagers = ["sum"]\n')


@pytest.mark.parametrize(("text", "problem"), [
    ('[[house_way.rule]]\nname = "R"\nplay = "pair together"\n', "need the rule's 'pair'"),
    ('[[house_way.rule]]\nname = "R"\npair = "13"\nplay = "pair together"\n', "'13' is no kind of tile"),
    ('[[house_way.rule]]\nname = "R"\nplay = "wongs"\n', "'wongs' is not a pattern"),
    ('[[house_way.rule]]\nname = "R"\nplay = "any"\nchose = "low"\n', "unknown key 'chose'"),
    ('[[house_way.exception]]\ntiles = "6-6 6-6 6-6 1-1"\nhigh = "6-6 6-6"\nrule = "r"\n', "too many 6-6"),
    ('[[house_way.exception]]\ntiles = "6-6 4-5 1-3 2-3"\nhigh = "1-3 2-3"\nrule = "r"\n', "the weaker hand"),
    ('[[house_way.exception]]\ntiles = "6-6 4-5 1-3 2-3"\nhigh = "6-6 4-5"\nrule = "r"\n'
     '[[house_way.exception]]\ntiles = "2-3 1-3 4-5 6-6"\nhigh = "6-6 4-5"\nrule = "r"\n', "already set at line 4"),
])
def test_a_bad_rule_or_hand_names_its_line(text: str, problem: str) -> None:
    with pytest.raises(CasinoFileError, match=r"^t\.toml:\d+: ") as caught:
        rules_of(text)
    assert problem in str(caught.value)


def test_check_lists_idle_rules_repeated_hands_and_departures() -> None:
    rules = rules_of('[[house_way.exception]]\ntiles = "6-6 4-5 1-3 2-3"\nhigh = "6-6 4-5"\nrule = "Same"\n'
                     '[[house_way.rule]]\nname = "Teens high"\nplay = "12 high"\n'
                     '[[house_way.rule]]\nname = "Never"\nplay = "12 high"\n')
    found = check(rules)
    assert [e.rule for e in found.repeated] == ["Same"] and [r.name for r in found.idle_rules] == ["Never"]
    assert sum(n for _, _, n in found.decided) == 8130
    assert found.departures and all(d.label == "Teens high" for d in found.departures)
    assert rules.line_of(rules.exceptions[0]) == 4


def test_a_baccarat_file_amends_its_profile_and_has_no_house_way(tmp_path) -> None:
    from trainer.rules.casino import load_casino

    path = tmp_path / "baccarat.toml"
    path.write_text('[casino]\nname = "Harbor"\njurisdiction = "pa-631a"\n\n[choices]\ndecks = 6\n'
                    'vigorish_collection = "deferred"\ndragon_bonus = false\nsqueeze = true\n')
    table = load_casino(str(path))
    p = table.profile
    assert (p.decks, p.vig_collection, p.dragon_bonus, p.squeeze, p.tie_pays) == (6, "deferred", None, True, 8)
    with pytest.raises(CasinoFileError, match="a Pai Gow house way amends one of pa-2019"):
        load_casino_rules(str(path))
    path.write_text('[casino]\nname = "H"\njurisdiction = "pa-631a"\n[choices]\ndecks = 9\n')
    with pytest.raises(CasinoFileError, match=r"baccarat.toml:5: choices.decks: 9 is not a number of decks"):
        load_casino(str(path))
    path.write_text('[casino]\nname = "H"\njurisdiction = "pa-631a"\n[house_way]\nname = "x"\n')
    with pytest.raises(CasinoFileError, match=r"baccarat.toml:4: unknown key 'house_way' in the file"):
        load_casino(str(path))


def test_exam_and_drill_take_the_casino_rules(capsys, monkeypatch) -> None:
    import io
    import json

    from trainer.cli import main

    harbor = str(EXAMPLES / "harbor.toml")
    way = load_casino_rules(harbor)
    assert main(["exam", "--seed", "5", "--skills", "house-way", "--count", "4", "--casino-rules", harbor,
                 "--print-questions", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["spec"]["profile"] == "nj" and data["spec"]["house_way"] == way.house_way.name
    for q in data["questions"]:
        assert "Harbor house way" in q["prompt"]
    from trainer.drills.session import DrillSession

    first = DrillSession(["house-way"], profile=way.profile, house_way=way.house_way.name, seed=2).next_question()
    dealt = " ".join(first.data["tiles"])   # the drill's first hand for seed 2
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{way.decide(parse_tiles(dealt)).setting}\n"))
    assert main(["drill", "--skill", "house-way", "--count", "1", "--seed", "2", "--casino-rules", harbor]) == 0
    out = capsys.readouterr().out
    assert f"Set {dealt} by the house way in force, the Harbor house way" in out and "Right." in out
    assert main(["drill", "--skill", "house-way", "--casino-rules", harbor, "--profile", "md"]) == 2
    assert "the file amends profile nj" in capsys.readouterr().err


def test_a_parse_is_kept_by_the_files_hash_and_a_spoilt_one_is_parsed_again(tmp_path, monkeypatch) -> None:
    import hashlib
    import json

    from trainer.rules import casino

    path = tmp_path / "harbor.toml"
    path.write_bytes((EXAMPLES / "harbor.toml").read_bytes() + b"\n# a copy\n")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    first = load_casino_rules(str(path))
    kept = casino.parsed_cache(digest)
    assert json.loads(kept.read_text().partition("\n")[2])["casino"]["name"] == "Harbor Training Casino"
    monkeypatch.setattr(casino, "_LOADED", {})
    kept.write_text("{not json")
    again = load_casino_rules(str(path))
    assert again is not first and (again.table[0] == first.table[0]).all()
    assert json.loads(kept.read_text().partition("\n")[2])["casino"]["jurisdiction"] == "nj"   # written again
