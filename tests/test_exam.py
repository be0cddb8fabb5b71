"""Exams: deterministic question sets, grading, time limits, results with citations."""

from __future__ import annotations

import pytest

from trainer.drills import AnswerParseError
from trainer.drills.exam import ExamSession, ExamSpec, build_exam, grade
from trainer.progress import ProgressStore
from trainer.rules.errors import TrainerError

SKILLS = ("tile-compare", "vigorish", "house-way", "table-settlement", "dice-start")


def test_same_spec_same_questions_and_even_share_of_skills():
    spec = ExamSpec(seed=2024, skills=SKILLS, count=12, profile="md")
    a, b = build_exam(spec), build_exam(ExamSpec.from_dict(spec.to_dict()))
    assert a.questions == b.questions and len(a.questions) == 12
    counts = [sum(q.skill == s for q in a.questions) for s in SKILLS]
    assert max(counts) - min(counts) <= 1 and all(q.profile == "md" for q in a.questions)
    assert build_exam(ExamSpec(seed=2025, skills=SKILLS, count=12, profile="md")).questions != a.questions


def test_grading_scores_per_skill_and_lists_wrong_answers_with_citations():
    exam = build_exam(ExamSpec(seed=1, skills=("vigorish", "tile-compare"), count=6))
    answers = [q.answer for q in exam.questions]
    answers[0] = None
    wrong_index = next(i for i, q in enumerate(exam.questions) if i and q.skill == "vigorish")
    answers[wrong_index] = "$9,999.99"
    result = grade(exam, answers)
    assert (result.score, result.total, result.passed) == (4, 6, False)
    assert sum(t for _, t in result.by_skill.values()) == 6
    wrong = {g.index: g for g in result.wrong}
    assert set(wrong) == {0, wrong_index} and wrong[0].mistake == "unanswered"
    w = wrong[wrong_index]
    assert w.given == "$9,999.99" and w.expected.startswith("$") and w.citations and "spec S2" in w.explanation
    d = result.to_dict()
    assert d["score"] == 4 and d["questions"][wrong_index]["expected"] == w.expected


def test_exam_session_checks_readability_and_enforces_the_time_limit():
    t = [0.0]
    exam = build_exam(ExamSpec(seed=3, skills=("vigorish",), count=3, time_limit_s=60))
    session = ExamSession(exam, clock=lambda: t[0])
    with pytest.raises(AnswerParseError):
        session.answer(0, "12.345")
    t[0] = 10
    session.answer(0, exam.questions[0].answer)
    t[0] = 61
    with pytest.raises(TrainerError, match="time limit"):
        session.answer(1, exam.questions[1].answer)
    result = session.finish()
    assert result.timed_out and result.score == 1 and result.graded[0].ms == 10000
    assert [g.mistake for g in result.wrong] == ["unanswered", "unanswered"]


def test_bad_specs_are_clear_errors():
    with pytest.raises(TrainerError, match="unknown skill 'nope'"):
        ExamSpec(seed=1, skills=("nope",), count=3)
    with pytest.raises(TrainerError, match="not offered by profile nj"):
        ExamSpec(seed=1, skills=("pair-fortunes",), count=3, profile="nj")
    with pytest.raises(TrainerError, match="1 to 200"):
        ExamSpec(seed=1, skills=("vigorish",), count=0)


def test_exam_results_are_stored_with_their_answers(tmp_path):
    exam = build_exam(ExamSpec(seed=4, skills=("tile-compare", "dice-start"), count=4))
    result = grade(exam, [q.answer for q in exam.questions[:3]] + [None], [1000, 2000, 3000, None])
    with ProgressStore(tmp_path / "p.sqlite3") as store:
        store.create_trainee("Ana")
        store.record_exam("Ana", result)
        log = store.answers("Ana")
        assert len(log) == 3 and {r.mode for r in log} == {"exam"}
        saved = store.exams("Ana")
        assert saved[0]["score"] == 3 and saved[0]["spec"]["seed"] == 4


# --- Skills that need the screen --------------------------------------------------------------------

def test_printed_exam_refuses_animated_questions_but_the_app_exam_asks_them():
    spec = ExamSpec(seed=3, skills=("style-animation", "vigorish"), count=4)
    with pytest.raises(TrainerError, match="printed exam cannot ask style-animation"):
        build_exam(spec, printed=True)
    exam = build_exam(spec)  # on screen: the same spec, the same questions as ever
    assert {q.skill for q in exam.questions} == {"style-animation", "vigorish"}
    assert exam.questions == build_exam(ExamSpec.from_dict(spec.to_dict())).questions


def test_cli_print_all_leaves_animated_skills_out_and_refuses_them_by_name(capsys):
    import json

    from trainer.cli import main

    assert main(["exam", "--seed", "5", "--skills", "all", "--count", "40", "--print-questions", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "style-animation" not in data["spec"]["skills"] and "style-name" in data["spec"]["skills"]
    assert all(q["skill"] != "style-animation" for q in data["questions"])
    assert main(["exam", "--seed", "5", "--skills", "style-animation", "--count", "2", "--print-questions"]) == 2
    assert "cannot ask style-animation" in capsys.readouterr().err


def test_terminal_drill_refuses_an_animated_skill_with_a_pointer(capsys, monkeypatch):
    import io

    from trainer.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("a\n"))
    assert main(["drill", "--skill", "style-animation", "--count", "1"]) == 2
    err = capsys.readouterr().err
    assert "animation" in err and "style-name" in err
