"""Issue 30, "shared by a school": an instructor publishes a casino's Rules Submission to a class (with
the instructor's password), and the class's trainees drill on it; on SQLite and on PostgreSQL."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.drills.session import DrillSession
from trainer.progress import school
from trainer.progress.schema import LATEST, migrate
from trainer.rules.casino import load_casino
from trainer.rules.errors import TrainerError
from trainer.rules.paigow.house_way import set_by_house_way
from trainer.rules.paigow.tiles import parse_tiles

HARBOR = str(Path(__file__).resolve().parents[1] / "docs" / "casino-rules" / "harbor.toml")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path, monkeypatch):
    """A database URL with class Morning (instructor's password hunter2), trainees Ana, Cy, Di, Ed in it, Bo not."""
    url = (f"sqlite:///{tmp_path / 'school.sqlite3'}" if request.param == "sqlite"
           else request.getfixturevalue("pg_url"))
    for name in ("Ana", "Bo", "Cy", "Di", "Ed"):
        assert main(["progress", "--database", url, "--create", name]) == 0
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", "hunter2")
    assert main(["class", "--database", url, "--create", "Morning", "--instructor", "Ms Lee"]) == 0
    assert main(["class", "--database", url, "--class", "Morning", "--add", "Ana", "Cy", "Di", "Ed"]) == 0
    return url


def _class_view(url: str, capsys) -> dict:
    capsys.readouterr()
    assert main(["class", "--database", url, "--class", "Morning", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _casino_differs() -> tuple[int, str, str]:
    """A seed whose first two house-way questions under Harbor's rules end in a hand Harbor sets otherwise than
    the regulation's steps (N.J.A.C. 19:47-10.7(d)), with the answers of both (one a line): the first question
    is Harbor's first rule (pair rule A, which plays pairs as the regulation does), the second its pair rule B."""
    harbor = load_casino(HARBOR)
    for seed in range(500):
        session = DrillSession(["house-way"], profile=harbor.profile, house_way=harbor.house_way.name, seed=seed)
        first = session.next_question()
        session.answer(first.answer)
        tiles = parse_tiles(" ".join(session.next_question().data["tiles"]))
        ours, regulation = str(harbor.decide(tiles).setting), str(set_by_house_way(tiles).setting)
        if ours != regulation:
            return seed, f"{first.answer}\n{ours}", f"{first.answer}\n{regulation}"
    raise AssertionError("Harbor sets every second hand as the regulation does")


def _drill(url: str, who: str, seed: int, answer: str, monkeypatch, capsys, *more: str) -> tuple[int, str]:
    """A house-way drill of a trainee with no answers yet, a question an answer line (the seed alone picks
    the hands)."""
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{answer}\n"))
    code = main(["drill", "--database", url, "--trainee", who, "--skill", "house-way", "--count",
                 str(answer.count("\n") + 1), "--seed", str(seed), *more])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_only_the_instructor_publishes_and_a_bad_file_is_refused(database, tmp_path, capsys, monkeypatch):
    url = database
    for password in (None, "Hunter2"):
        if password is None:
            monkeypatch.delenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD")
            monkeypatch.setattr("sys.stdin", io.StringIO(""))
        else:
            monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", password)
        capsys.readouterr()
        assert main(["class", "--database", url, "--class", "Morning", "--casino-rules", HARBOR]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert err == ["paigow-trainer: error: wrong password for the instructor of 'Morning'"]
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", "hunter2")
    assert _class_view(url, capsys)["casino"] is None  # nothing stored by the refused ones
    bad = tmp_path / "bad.toml"
    bad.write_text('[casino]\nname = "Bad"\njurisdiction = "nj"\n[[house_way.exception]]\ntiles = "1-2 2-4 4-6"\n'
                   'high = "1-2 2-4"\n')
    capsys.readouterr()
    assert main(["class", "--database", url, "--class", "Morning", "--casino-rules", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"{bad}:4:" in err[0]
    assert _class_view(url, capsys)["casino"] is None
    assert main(["class", "--database", url, "--class", "Morning", "--casino-rules", HARBOR, "--json"]) == 0
    published = json.loads(capsys.readouterr().out)
    assert published["casino"] == "Harbor Training Casino" and len(published["sha256"]) == 64
    assert _class_view(url, capsys)["casino"] == "Harbor Training Casino"
    from trainer.progress.server import open_store

    with open_store(url, data=tmp_path / "pc") as store:
        kept = school.published_rules(store, school.school_class(store, "Morning"))
        assert kept.content == Path(HARBOR).read_bytes() and kept.file_name == "harbor.toml"
        assert school.trainee_rules(store, "Bo") is None and school.trainee_rules(store, "Ana") == kept
    # a bad file later leaves the published one in force
    assert main(["class", "--database", url, "--class", "Morning", "--casino-rules", str(bad)]) == 2
    assert _class_view(url, capsys)["casino"] == "Harbor Training Casino"


def test_a_class_member_drills_on_the_published_way_until_it_is_cleared(database, capsys, monkeypatch):
    url = database
    seed, ours, regulation = _casino_differs()
    assert main(["class", "--database", url, "--class", "Morning", "--casino-rules", HARBOR]) == 0
    code, out = _drill(url, "Ana", seed, ours, monkeypatch, capsys)
    assert code == 0 and "Casino rules of class Morning: Harbor Training Casino (Harbor house way)" in out
    assert "Harbor house way" in out and "Right." in out
    code, out = _drill(url, "Cy", seed, regulation, monkeypatch, capsys)
    assert code == 0 and "Wrong." in out  # the key is the casino's setting, not the regulation's
    # the trainee's own choice wins
    code, out = _drill(url, "Bo", seed, ours, monkeypatch, capsys, "--profile", "pa-2019")
    assert code == 0 and "Harbor" not in out and "Casino rules" not in out  # not in the class
    code, out = _drill(url, "Di", seed, ours, monkeypatch, capsys, "--profile", "pa-2019")
    assert code == 0 and "Harbor" not in out and "Casino rules" not in out
    assert main(["class", "--database", url, "--class", "Morning", "--casino-rules", "none"]) == 0
    assert _class_view(url, capsys)["casino"] is None
    first = DrillSession(["house-way"], seed=seed).next_question()  # the regulation's way, the default profile
    code, out = _drill(url, "Ed", seed, first.answer, monkeypatch, capsys)
    assert code == 0 and "Harbor" not in out and "Casino rules" not in out and "Right." in out


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_an_old_database_gains_the_table_and_keeps_its_classes(kind, tmp_path, request):
    """A database at schema version 7 (before classes kept casino rules) is migrated on opening."""
    from trainer.progress.server import open_store

    if kind == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
        conn = sqlite3.connect(tmp_path / "old.sqlite3", isolation_level=None)
        migrate(conn, 7)
    else:
        from trainer.progress.database import PgConnection
        from trainer.progress.server import POSTGRESQL

        url = request.getfixturevalue("pg_url")
        conn = PgConnection(url)
        migrate(conn, 7, dialect=POSTGRESQL)
    conn.execute("INSERT INTO classes (id, name, instructor, password, created_utc) VALUES (1, 'Morning', 'Ms Lee', "
                 "?, '2024-01-01T00:00:00Z')", (school.hash_password("hunter2", n=2 ** 4),))
    conn.close()
    with open_store(url, data=tmp_path / "pc") as store:
        assert store.schema_version == LATEST
        group = school.sign_in(store, "Morning", "hunter2")
        assert school.published_rules(store, group) is None
        school.publish_rules(store, group, HARBOR, Path(HARBOR).read_bytes())
        assert school.published_rules(store, group).casino == "Harbor Training Casino"
        assert len(school.published_rules(store, group).sha256) == 64
        with pytest.raises(TrainerError, match="larger than 4 MB"):
            school.publish_rules(store, group, "big.toml", b"#" * (school.MAX_RULES_BYTES + 1))
        school.clear_rules(store, group)
        assert school.published_rules(store, group) is None


def test_a_class_members_exam_is_on_the_published_rules(database, capsys):
    url = database
    exam = ["exam", "--database", url, "--seed", "5", "--skills", "house-way", "--count", "3", "--print-questions",
            "--json"]
    assert main(["class", "--database", url, "--class", "Morning", "--casino-rules", HARBOR]) == 0
    capsys.readouterr()
    assert main([*exam, "--trainee", "Ana"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert data["spec"]["profile"] == "nj" and data["spec"]["house_way"] == load_casino(HARBOR).house_way.name
    assert all("Harbor house way" in q["prompt"] for q in data["questions"])
    assert "Casino rules of class Morning: Harbor Training Casino" in out.err
    for other in (["--trainee", "Bo"], ["--trainee", "Ana", "--profile", "pa-2019"], []):
        assert main([*exam, *other]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["spec"]["house_way"] is None and not any("Harbor" in q["prompt"] for q in data["questions"])
