"""A casino way's explicit hands in the compact ``table`` text (docs/casino-rules.md): the same way as the
``[[house_way.exception]]`` tables, a mistake named by its real line in the file, mixed with the tables."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.test_casino_rules_bar import face_sets
from trainer.cli import main
from trainer.rules.paigow.casino_rules import load_casino_rules
from trainer.rules.paigow.hands import settings
from trainer.rules.paigow.tiles import parse_tiles

HEAD = '[casino]\nname = "Table Casino"\njurisdiction = "pa-2019"\n\n[house_way]\nname = "Table way"\n'


def written(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text(HEAD + body)
    return path


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict]:
    """One way chosen at random for every hand, as a compact table (tiles shuffled, comments, blank lines,
    some lines without a rule) and as 8,130 [[house_way.exception]] tables."""
    rng = random.Random(31)
    hands = face_sets()
    choice = {four: rng.randrange(3) for four in hands}
    lines, tables = ["table = '''", "# tiles : high : rule"], []
    for n, four in enumerate(rng.sample(hands, len(hands))):
        tiles = list(four)
        rng.shuffle(tiles)
        high = " ".join(map(str, settings(four)[choice[four]].high.tiles))
        rule = f"Rule {n}" if n % 3 else ""
        lines.append(f"  {' '.join(map(str, tiles))} :  {high}" + (f" : {rule}" if rule else "") + ("\n" if n % 500 == 0 else ""))
        tables.append(f'[[house_way.exception]]\ntiles = "{" ".join(map(str, tiles))}"\nhigh = "{high}"\n'
                      f'rule = "{rule or "Table way"}"\n')
    root = tmp_path_factory.mktemp("table")
    return (written(root, "compact.toml", "\n".join(lines) + "\n'''\n"),
            written(root, "tables.toml", "\n".join(tables)), choice)


def test_the_table_text_is_the_same_way_as_the_exception_tables(both, capsys) -> None:
    compact, tables, choice = both
    a, b = load_casino_rules(str(compact)), load_casino_rules(str(tables))
    assert [(e.row, e.setting, e.rule) for e in a.exceptions] == [(e.row, e.setting, e.rule) for e in b.exceptions]
    assert (a.table[0] == b.table[0]).all() and (a.table[1] == b.table[1]).all()
    first, second = (analysed(path, capsys) for path in (compact, tables))
    assert first["player_house_way"] == second["player_house_way"]
    assert first["player_optimal"] == second["player_optimal"]


def analysed(path: Path, capsys) -> dict:
    assert main(["analyze", "--house-edge", "--house-way", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def by_face(high, low) -> list:
    return sorted([sorted(map(str, high)), sorted(map(str, low))])


def test_a_table_line_without_a_rule_shows_the_way_name(both, capsys) -> None:
    compact, _, choice = both
    text = compact.read_text().splitlines()
    line = next(n for n, t in enumerate(text, start=1) if t.strip() and t.count(":") == 1 and "-" in t)
    tiles = text[line - 1].split(":")[0].strip()
    assert main(["house-way", tiles, "--house-way", str(compact), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rule"] == "Table way" and "Table way" in data["explanation"]
    four = next(f for f in choice if sorted(f) == sorted(parse_tiles(tiles)))
    expected = settings(four)[choice[four]]
    assert by_face(data["high"], data["low"]) == by_face(expected.high.tiles, expected.low.tiles)


def test_check_names_the_real_line_of_each_repeated_hand(both, capsys) -> None:
    compact, _, _ = both
    assert main(["casino-rules", "check", str(compact), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 8130 and data["decided"][0]["hands"] == 8130
    text = compact.read_text().splitlines()
    assert data["repeated_exceptions"]
    for repeated in data["repeated_exceptions"]:
        line = text[repeated["line"] - 1]
        assert line.count(":") in (1, 2) and (repeated["rule"] in line or repeated["rule"] == "Table way"), repeated


# A bad table: the file's line of the mistake, however the text opens and whatever comes before it.
BAD = {
    "tile": ("table = '''\n1-2 2-4 4-6 6-6 : 2-4 6-6\n\n# comment\n1-1 1-3 3-3 7-7 : 1-1 1-3\n'''\n", 11, "'7-7' is not a tile"),
    "three tiles": ("table = '''\n1-2 2-4 4-6 : 2-4 4-6 : r\n'''\n", 8, "four tiles, not 3"),
    "high": ('table = """\n1-2 2-4 4-6 6-6 : 5-5 6-6\n"""\n', 8, "high: 5-5 6-6 is not two of the tiles"),
    "weaker high": ("table = '''\n1-2 2-4 4-6 6-6 : 4-6 6-6\n'''\n", 8, "is the weaker hand"),
    "no colon": ("table = '''\n1-2 2-4 4-6 6-6\n'''\n", 8, "write each hand as 'TILES : HIGH'"),
    "on the opening line": ("table = '''1-2 2-4 4-6 6-6 : 2-4 6-6\n1-2 2-4 4-6 6-6 : 2-4 6-6'''\n", 8,
                            "tiles: 1-2 2-4 4-6 6-6 are already set at line 7"),
    "not a text": ("table = 3\n", 7, "table: write the hands as a multi-line text"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_table_is_one_line_naming_its_line(case, tmp_path, capsys) -> None:
    body, line, problem = BAD[case]
    path = written(tmp_path, "bad.toml", body)
    for argv in (["casino-rules", "check", str(path)], ["house-way", "6-6 4-5 1-3 2-3", "--house-way", str(path)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{path}:{line}: " in err and problem in err, err


def test_the_table_and_the_exception_tables_mix_and_may_not_repeat_a_hand(tmp_path, capsys) -> None:
    mixed = ('table = """\n5-5 5-5 1-6 2-5 : 1-6 5-5 : Split the tens\n"""\n\n[[house_way.exception]]\n'
             'tiles = "1-2 2-4 4-6 6-6"\nhigh = "2-4 6-6"\nrule = "Gee Joon split"\n')
    rules = load_casino_rules(str(written(tmp_path, "mixed.toml", mixed)))
    assert rules.decide(parse_tiles("2-5 5-5 1-6 5-5")).label == "Split the tens"
    assert rules.decide(parse_tiles("6-6 1-2 4-6 2-4")).label == "Gee Joon split"
    repeated = ('table = """\n1-2 2-4 4-6 6-6 : 2-4 6-6\n"""\n[[house_way.exception]]\ntiles = "6-6 4-6 2-4 1-2"\n'
                'high = "2-4 6-6"\nrule = "again"\n')
    path = written(tmp_path, "repeated.toml", repeated)
    assert main(["casino-rules", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:8: tiles: 1-2 2-4 4-6 6-6 are already set at line 10" in err, err


def test_a_table_is_kept_by_the_file_and_the_code_and_rebuilt_when_unreadable(tmp_path) -> None:
    """``kept_table`` builds once per file and engine; a half-written or foreign kept file is built again."""
    import numpy as np

    from trainer.paths import data_dir
    from trainer.rules.casino import kept_table

    builds = []

    def build() -> np.ndarray:
        builds.append(1)
        return np.arange(6).reshape(2, 3)

    digest = "ab" * 32
    first = kept_table(digest, ("trainer.rules.casino",), build)
    again = kept_table(digest, ("trainer.rules.casino",), build)
    assert (first == again).all() and len(builds) == 1
    assert len(kept_table(digest, ("trainer.rules.errors",), build)) == 2 and len(builds) == 2   # other code
    for kept in (data_dir() / "casino-rules").glob(f"{digest}.*.npy"):
        kept.write_bytes(b"\x93NUMPY half")
    assert (kept_table(digest, ("trainer.rules.casino",), build) == first).all() and len(builds) == 3
