"""Questions and exams carry the casino's rules (issue 30): a question made on a casino's Rules Submission
names it by SHA-256, the progress keeps its text once (schema 9, SQLite and PostgreSQL), and the question
is made again on the casino's way and choices when the file is not loaded; a class's rules read from the
school's server are kept on the PC and drilled while the server is down."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import trainer.rules.casino as casino_module
import trainer.rules.paigow.house_way as house_way_module
from trainer.cli import main
from trainer.drills import check, generate
from trainer.drills.exam import ExamSpec, build_exam
from trainer.drills.model import Question
from trainer.drills.session import DrillSession
from trainer.progress import ProgressStore
from trainer.rules.casino import load_casino
from trainer.rules.errors import TrainerError

HARBOR = str(Path(__file__).resolve().parents[1] / "docs" / "casino-rules" / "harbor.toml")


def forget_loaded_files(monkeypatch) -> None:
    """As in a new process: no Rules Submission file parsed, no casino way registered."""
    for loaded in (casino_module._LOADED, casino_module._SOURCES, house_way_module.LOADED_WAYS):
        for key in list(loaded):
            monkeypatch.delitem(loaded, key)


def harbor_questions() -> list[Question]:
    harbor = load_casino(HARBOR)
    # Harbor amends nj with a quarter vigorish rounding, and deals by its own way
    return [generate(skill, seed=seed, profile=harbor.profile) for skill in ("house-way", "vigorish")
            for seed in range(3)]


def test_a_question_names_the_casino_and_is_made_again_from_the_kept_text(any_store, monkeypatch) -> None:
    questions = harbor_questions()
    digest = load_casino(HARBOR).digest
    assert {q.casino for q in questions} == {digest} and {q.profile for q in questions} == {"nj"}
    any_store.create_trainee("Ana")
    for q in questions:
        any_store.record("Ana", q, check(q, q.answer), q.answer, 900)
    assert any_store._conn.execute("SELECT COUNT(*), MIN(casino) FROM casino_rules").fetchone()[:] == (
        1, "Harbor Training Casino")  # the text once, however many questions
    forget_loaded_files(monkeypatch)
    for record, q in zip(any_store.answers("Ana"), questions):
        logged = Question.from_dict(record.question)
        assert logged.casino == digest
        again = generate(logged.skill, seed=logged.seed, profile=logged.profile, house_way=logged.house_way,
                         casino=logged.casino)
        assert again == q   # the casino's way and its quarter rounding, not the regulation's
    spec = ExamSpec(seed=3, skills=("house-way",), count=4, profile="nj", casino=digest)
    assert all("Harbor house way" in q.prompt for q in build_exam(ExamSpec.from_dict(spec.to_dict())).questions)


def test_without_the_text_a_replay_is_a_clear_message(tmp_path, monkeypatch, capsys) -> None:
    q = harbor_questions()[0]
    forget_loaded_files(monkeypatch)
    with ProgressStore(tmp_path / "other.sqlite3"):   # a store that never saw the file
        with pytest.raises(TrainerError, match="casino's rules that are not on this PC"):
            generate(q.skill, seed=q.seed, profile=q.profile, house_way=q.house_way, casino=q.casino)
        with pytest.raises(TrainerError, match="casino's rules that are not on this PC"):
            ExamSpec(seed=1, skills=("house-way",), count=2, casino=q.casino)
        # a question logged before questions named their file: its way is named, not an unknown name
        with pytest.raises(TrainerError, match="casino's house way whose rules are not loaded"):
            generate(q.skill, seed=q.seed, profile=q.profile, house_way=q.house_way)
    with pytest.raises(TrainerError, match="amend profile nj, not pa-2019"):
        load_casino(HARBOR)
        generate(q.skill, seed=q.seed, profile="pa-2019", casino=q.casino)


def test_an_export_carries_the_text_and_an_import_regrades_on_it(tmp_path, monkeypatch) -> None:
    questions = harbor_questions()
    with ProgressStore(tmp_path / "a.sqlite3") as first:
        first.create_trainee("Ana")
        for q in questions:
            first.record("Ana", q, check(q, q.answer), q.answer, 900)
        exported = first.export_trainee("Ana", tmp_path / "ana.json")
    doc = json.loads(exported.read_text())
    assert [t["file_name"] for t in doc["casino_rules"]] == ["harbor.toml"]
    forget_loaded_files(monkeypatch)
    with ProgressStore(tmp_path / "b.sqlite3") as second:
        second.import_trainee(exported)
        assert [a.correct for a in second.answers("Ana")] == [True] * len(questions)   # re-graded on Harbor's rules
        assert second._conn.execute("SELECT file_name FROM casino_rules").fetchall()[0][0] == "harbor.toml"
    doc["casino_rules"][0]["content"] += "\n# edited"
    exported.write_text(json.dumps(doc))
    forget_loaded_files(monkeypatch)
    with ProgressStore(tmp_path / "c.sqlite3") as third:
        with pytest.raises(TrainerError, match=r"casino_rules\[0\].content: not the text of its SHA-256"):
            third.import_trainee(exported)


def test_an_old_database_keeps_its_classes_files_once(tmp_path) -> None:
    """Schema 9 copies the classes' published files into ``casino_rules``, one row per file."""
    import sqlite3

    from trainer.progress.schema import migrate

    conn = sqlite3.connect(tmp_path / "old.sqlite3", isolation_level=None)
    migrate(conn, 8)
    text = Path(HARBOR).read_text()
    for n in (1, 2):
        conn.execute("INSERT INTO class_casino_rules VALUES (?, 'harbor.toml', ?, 'abc', 'Harbor', '2026-01-01')",
                     (n, text))
    migrate(conn)
    assert conn.execute("SELECT sha256, file_name, casino FROM casino_rules").fetchall() == [
        ("abc", "harbor.toml", "Harbor")]
    conn.close()


def _drill(url: str, who: str, answer: str, seed: int, monkeypatch, capsys) -> str:
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{answer}\n"))
    assert main(["drill", "--database", url, "--trainee", who, "--skill", "house-way", "--count", "1",
                 "--seed", str(seed)]) == 0
    captured = capsys.readouterr()
    return captured.out + captured.err


def test_a_drill_while_the_school_server_is_down_is_on_the_class_s_last_known_rules(
        pg_url, server_reachable, monkeypatch, capsys) -> None:
    from tests.test_school_casino_rules import _casino_differs

    for name in ("Ana", "Bo"):
        assert main(["progress", "--database", pg_url, "--create", name]) == 0
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", "hunter2")
    assert main(["class", "--database", pg_url, "--create", "Morning", "--instructor", "Ms Lee"]) == 0
    assert main(["class", "--database", pg_url, "--class", "Morning", "--add", "Ana", "Bo"]) == 0
    assert main(["class", "--database", pg_url, "--class", "Morning", "--casino-rules", HARBOR]) == 0
    seed, ours, _ = _casino_differs()
    out = _drill(pg_url, "Ana", ours, seed, monkeypatch, capsys)   # online: the class's rules, kept on this PC
    assert "Casino rules of class Morning: Harbor Training Casino" in out and "Right." in out
    server_reachable(False)
    out = _drill(pg_url, "Ana", ours, seed, monkeypatch, capsys)
    assert "unreachable" in out and "Casino rules of class Morning: Harbor Training Casino" in out
    assert "Right." in out   # judged by Harbor's way, not the regulation's
    default = DrillSession(["house-way"], seed=seed).next_question().answer   # the regulation's, pa-2019
    out = _drill(pg_url, "Bo", default, seed, monkeypatch, capsys)   # never read online on this PC
    assert "Casino rules" not in out and "Right." in out
    server_reachable(True)
    assert main(["class", "--database", pg_url, "--class", "Morning", "--casino-rules", "none"]) == 0
    from trainer.progress import school
    from trainer.progress.server import open_store

    with open_store(pg_url, offline=True) as store:   # read again: none now, and that is kept too
        assert store.online and school.trainee_rules(store, "Ana") is None
    server_reachable(False)
    with open_store(pg_url, offline=True) as store:
        assert not store.online and school.trainee_rules(store, "Ana") is None
