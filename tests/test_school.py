"""Classes and the instructor's class view (on SQLite and PostgreSQL), and the ``class`` command."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta, timezone

import pytest

from trainer.cli import main
from trainer.drills import check, generate
from trainer.progress import school
from trainer.rules.errors import TrainerError

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=timezone.utc)


def _answers(store, trainee, skill, right, wrong, ms=2000):
    for n in range(right + wrong):
        q = generate(skill, seed=n)
        given = q.answer if n < right else ("Same rank" if q.answer != "Same rank" else q.choices[0])
        if skill != "tile-compare" and n >= right:
            given = 999999
        store.record(trainee, q, check(q, given), given, ms, when=T0 + timedelta(minutes=n))


@pytest.fixture
def morning(any_store):
    store = any_store
    for name in ("Ana", "Bo", "Cy", "Outsider"):
        store.create_trainee(name)
    group = school.create_class(store, "Morning", "Ms Lee", "hunter2", ready_percent=80, ready_answers=5)
    school.add_trainees(store, "Morning", ["Ana", "Bo", "Cy"])
    school.add_trainees(store, "Morning", ["Ana"])  # twice: once
    _answers(store, "Ana", "tile-compare", 9, 1, ms=3000)
    _answers(store, "Ana", "vigorish", 5, 0, ms=5000)
    _answers(store, "Bo", "tile-compare", 3, 2)
    _answers(store, "Outsider", "tile-compare", 10, 0)
    return store, group


def test_the_password_is_kept_only_as_a_scrypt_hash(morning):
    store, group = morning
    stored = store._conn.execute("SELECT password FROM classes").fetchone()[0]
    assert "hunter2" not in stored and stored.startswith(f"scrypt${2 ** 14}$8$1$")
    assert school.sign_in(store, "Morning", "hunter2") == group
    with pytest.raises(TrainerError, match="wrong password for the instructor of 'Morning'"):
        school.sign_in(store, "Morning", "Hunter2")
    with pytest.raises(TrainerError, match="already exists"):
        school.create_class(store, "Morning", "Mr Kim", "x", signed_in=group)
    with pytest.raises(TrainerError, match="only an instructor adds a class once there is one"):
        school.create_class(store, "Evening", "Mr Kim", "x")  # else anyone could make themselves one


def test_the_class_view_figures_and_the_ready_mark(morning):
    store, group = morning
    report = school.class_report(store, group, now=T0 + timedelta(days=400))
    assert [t.name for t in report.trainees] == ["Ana", "Bo", "Cy"]  # not the outsider
    assert report.skills == ("tile-compare", "vigorish")
    ana, bo, cy = report.trainees
    assert (ana.answered, ana.accuracy) == (15, 14 / 15)
    assert [(f.skill, f.answered, f.accuracy) for f in ana.skills] == [("tile-compare", 10, 0.9), ("vigorish", 5, 1.0)]
    assert ana.ready and ana.why_not == "" and ana.due > 0
    assert not bo.ready and bo.why_not == "vigorish: 0 of 5 answers; tile-compare: 60% right, 80% needed"
    assert bo.missing == (("vigorish", "answers", 0.0), ("tile-compare", "accuracy", 0.6))
    assert not cy.ready and cy.answered == 0 and cy.accuracy is None
    stricter = school.set_threshold(store, group, 95, 5)
    assert not school.class_report(store, stricter).trainees[0].ready
    with pytest.raises(TrainerError, match="0 to 100%"):
        school.set_threshold(store, group, 101, 5)


def test_the_class_view_shows_median_times_in_the_menus_order(morning):
    store, group = morning
    for ms in (1000, 2000, 9000, 4000):
        q = generate("tile-id", seed=ms)
        store.record("Cy", q, check(q, q.answer), q.answer, ms)
    q = generate("hand-compare", seed=1)
    store.record("Cy", q, check(q, q.answer), q.answer, 6000)
    report = school.class_report(store, group)
    assert report.skills == ("tile-id", "tile-compare", "hand-compare", "vigorish")  # Tiles, Hands, Payouts
    cy = report.trainees[2]
    assert [(f.skill, f.median_ms) for f in cy.skills] == [("tile-id", 3000), ("hand-compare", 6000)]


def test_csv_export_has_one_row_per_trainee(morning):
    store, group = morning
    rows = list(csv.reader(io.StringIO(school.report_csv(school.class_report(store, group)))))
    assert rows[0][:5] == ["Trainee", "Ready", "Answers", "Accuracy", "Due"]
    assert rows[0][8:] == ["Live quiz", "tile-compare accuracy", "tile-compare median time (s)", "vigorish accuracy",
                           "vigorish median time (s)"]
    assert rows[1][:4] == ["Ana", "ready", "15", "93%"] and rows[1][8:] == ["", "90%", "3.0", "100%", "5.0"]
    assert rows[3][:3] == ["Cy", "not yet", "0"]


def test_deleting_a_trainee_takes_them_out_of_the_class(morning):
    store, group = morning
    store.delete_trainee("Bo", confirm=True)
    assert [t.name for t in school.class_report(store, group).trainees] == ["Ana", "Cy"]


def test_the_class_command_gives_the_same_figures(tmp_path, capsys, monkeypatch):
    data = str(tmp_path / "d")
    for name in ("Ana", "Bo"):
        assert main(["progress", "--data-dir", data, "--create", name]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("hunter2\n"))
    assert main(["class", "--data-dir", data, "--create", "Morning", "--instructor", "Ms Lee"]) == 0
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", "hunter2")
    assert main(["class", "--data-dir", data, "--class", "Morning", "--add", "Ana", "Bo"]) == 0
    capsys.readouterr()
    assert main(["class", "--data-dir", data, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in shown["trainees"]] == ["Ana", "Bo"] and shown["ready_percent"] == 90
    assert main(["class", "--data-dir", data, "--class", "Evening"]) == 2
    assert "unknown class 'Evening' (choose from: Morning)" in capsys.readouterr().err
    assert main(["class", "--data-dir", data, "--csv", str(tmp_path / "no" / "such" / "c.csv")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_class_command_needs_the_instructors_password(tmp_path, capsys, monkeypatch):
    data = str(tmp_path / "d")
    for name in ("Ana", "Bo"):
        assert main(["progress", "--data-dir", data, "--create", name]) == 0
    secret = tmp_path / "pw"
    secret.write_text("hunter2\n", encoding="utf-8")
    key = ["--password-file", str(secret)]
    assert main(["class", "--data-dir", data, "--create", "Morning", "--instructor", "Ms Lee", *key]) == 0
    assert main(["class", "--data-dir", data, "--add", "Ana", "Bo", *key]) == 0
    capsys.readouterr()
    for wrong in (["--password-file", str(tmp_path / "missing")], []):
        monkeypatch.setattr("sys.stdin", io.StringIO("Hunter2\n"))
        assert main(["class", "--data-dir", data, "--json", *wrong]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "Hunter2" not in err and "hunter2" not in err
        assert ("cannot read the password file" if wrong else "wrong password for the instructor of 'Morning'") in err
    assert main(["class", "--data-dir", data, "--remove", "Bo", "--password-file", str(tmp_path / "missing")]) == 2
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", "hunter2")
    assert main(["class", "--data-dir", data, "--remove", "Bo"]) == 0
    assert main(["class", "--data-dir", data, "--remove", "Cy"]) == 2  # unknown: one line, nothing changed
    capsys.readouterr()
    assert main(["class", "--data-dir", data, "--json"]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["trainees"]] == ["Ana"]
    assert main(["progress", "--data-dir", data, "--list"]) == 0 and "Bo" in capsys.readouterr().out  # records stay
