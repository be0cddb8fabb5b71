"""CLI: ``progress``, ``exam`` and ``drill`` subcommands."""

from __future__ import annotations

import io
import json

from trainer.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_progress_trainee_management_and_stats(capsys, tmp_path, monkeypatch):
    d = str(tmp_path)
    assert run(capsys, "progress", "--data-dir", d, "--create", "Ana")[0] == 0
    assert run(capsys, "progress", "--data-dir", d, "--switch", "Ana")[0] == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("a\nb\n"))
    assert run(capsys, "drill", "--skill", "tile-compare", "--count", "2", "--seed", "5", "--trainee", "Ana",
               "--data-dir", d)[0] == 0
    code, out, _ = run(capsys, "progress", "--data-dir", d, "--json")
    data = json.loads(out)
    assert code == 0 and data["trainee"] == "Ana"
    [skill] = data["skills"]
    assert skill["skill"] == "tile-compare" and skill["answered"] == 2
    assert set(skill) >= {"accuracy", "median_ms", "next_due_utc"}
    code, out, _ = run(capsys, "progress", "--data-dir", d, "--list", "--json")
    assert json.loads(out) == [{"name": "Ana", "created_utc": json.loads(out)[0]["created_utc"], "current": True}]
    assert run(capsys, "progress", "--data-dir", d, "--next", "--json")[0] == 0


def test_progress_text_groups_skills_by_game(capsys, tmp_path, monkeypatch):
    """Issue 17: the text statistics and what to practise next list each game's skills under its title."""
    d = str(tmp_path)
    run(capsys, "progress", "--data-dir", d, "--create", "Ana")
    for skill, answer in (("bac-burn", "3"), ("tile-compare", "a")):
        monkeypatch.setattr("sys.stdin", io.StringIO(f"{answer}\n"))
        assert run(capsys, "drill", "--skill", skill, "--count", "1", "--seed", "5", "--trainee", "Ana",
                   "--data-dir", d)[0] == 0
    lines = run(capsys, "progress", "--data-dir", d)[1].splitlines()
    assert lines.index("Pai Gow tiles:") < lines.index("Baccarat:")
    assert lines[lines.index("Pai Gow tiles:") + 1].startswith("Rank two tiles")
    assert lines[lines.index("Baccarat:") + 1].startswith("The burn")
    nexts = run(capsys, "progress", "--data-dir", d, "--next")[1].splitlines()
    assert nexts[0] == "Pai Gow tiles:" and all(n.startswith("  ") for n in nexts[1:] if n != "Baccarat:")


def test_progress_errors_are_one_line_exit_2(capsys, tmp_path):
    d = str(tmp_path)
    code, _, err = run(capsys, "progress", "--data-dir", d, "--json")
    assert code == 2 and "no trainee chosen" in err and err.count("\n") == 1
    run(capsys, "progress", "--data-dir", d, "--create", "Ana")
    code, _, err = run(capsys, "progress", "--data-dir", d, "--delete", "Ana")
    assert code == 2 and "confirm" in err
    assert run(capsys, "progress", "--data-dir", d, "--delete", "Ana", "--yes")[0] == 0


def test_progress_export_import(capsys, tmp_path):
    d, f = str(tmp_path / "data"), str(tmp_path / "ana.json")
    run(capsys, "progress", "--data-dir", d, "--create", "Ana")
    assert run(capsys, "progress", "--data-dir", d, "--trainee", "Ana", "--export", f)[0] == 0
    assert run(capsys, "progress", "--data-dir", d, "--import", f, "--as", "Ana 2")[0] == 0
    code, out, _ = run(capsys, "progress", "--data-dir", d, "--list", "--json")
    assert [t["name"] for t in json.loads(out)] == ["Ana", "Ana 2"]


def test_exam_print_questions_is_deterministic(capsys):
    argv = ("exam", "--seed", "11", "--skills", "vigorish,house-way,dice-start", "--count", "5", "--print-questions",
            "--json")
    code, out, _ = run(capsys, *argv)
    again = run(capsys, *argv)[1]
    data = json.loads(out)
    assert code == 0 and out == again and len(data["questions"]) == 5
    q = data["questions"][0]
    assert {"number", "prompt", "kind", "answer", "expected", "explanation", "citations", "seed"} <= set(q)
    code, text, _ = run(capsys, *argv[:-1])
    assert code == 0 and "Answer key" in text


def test_exam_unknown_skill_is_one_line_listing_valid_ones(capsys):
    code, _, err = run(capsys, "exam", "--seed", "1", "--skills", "vigorish,bogus", "--count", "3")
    assert code == 2 and err.count("\n") == 1 and "unknown skill 'bogus'" in err and "house-way" in err
