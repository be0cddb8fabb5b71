"""Names and cells (issue 39, item 7): the 263 invisible code points (variation selectors, U+034F,
Khmer and Mongolian marks) and a lone combining mark are refused as a trainee's name, on every path
(``--migrate-from`` included); a class's CSV never holds a live formula (OWASP)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3

import pytest

from trainer.cli import main
from trainer.progress import ProgressStore, school
from trainer.progress.names import name_key, normal_name
from trainer.rules.errors import TrainerError

INVISIBLE = [0x034F, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]


def test_there_are_263_of_them_and_each_is_refused_anywhere_in_a_name():
    assert len(INVISIBLE) == 263
    for c in map(chr, INVISIBLE):
        for name in (f"Ana{c}", f"{c}Ana", f"An{c}a", c):
            with pytest.raises(TrainerError, match="not a trainee name"):
                normal_name(name)


@pytest.mark.parametrize("name", ["\u0301", "\u0301Ana", "Ana \u0301", "\u20dd", "\u0903"])
def test_a_combining_mark_on_nothing_is_refused(name):
    with pytest.raises(TrainerError, match="not a trainee name"):
        normal_name(name)


@pytest.mark.parametrize("name, kept", [("Jose\u0301", "Jos\u00e9"), ("\u0915\u093f", "\u0915\u093f"),
                                        ("Zo\u00eb", "Zo\u00eb"), ("\U0001f469\u200d\U0001f4bb", None)])
def test_marks_on_a_letter_and_joiners_inside_are_names(name, kept):
    assert normal_name(name) == (kept or name)


def test_migrate_from_applies_the_name_rules(tmp_path, capsys):
    pc_file = tmp_path / "pc.sqlite3"
    with ProgressStore(pc_file) as pc:
        pc.create_trainee("Ana")
        pc.create_trainee("Bo")
    bad = "Bo\ufe0f"
    with sqlite3.connect(pc_file) as conn:  # as an edited file may have it
        conn.execute("UPDATE trainees SET name = ?, name_key = ? WHERE name = 'Bo'", (bad, name_key(bad)))
    school_file = tmp_path / "school.sqlite3"
    assert main(["progress", "--database", f"sqlite:///{school_file}", "--migrate-from", f"sqlite:///{pc_file}",
                 "--json"]) == 0
    copied = {c["trainee"]: c for c in json.loads(capsys.readouterr().out)["copied"]}
    assert copied[bad]["refused"] == 1 and "not a trainee name" in copied[bad]["why_refused"]
    with ProgressStore(school_file) as store:
        assert [t.name for t in store.trainees()] == ["Ana"]


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x","y")', "+1+cmd", "-2+3", "@SUM(A1)"])
def test_a_class_csv_never_holds_a_live_formula(tmp_path, name):
    with ProgressStore(tmp_path / "p.sqlite3") as store:
        store.create_trainee(name)
        school.create_class(store, "Morning", "Ms Lee", "hunter2")
        group = school.sign_in(store, "Morning", "hunter2")
        school.add_trainees(store, "Morning", [name])
        rows = list(csv.reader(io.StringIO(school.report_csv(school.class_report(store, group)))))
    assert rows[1][0] == f"'{name}"
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)
