"""PDF reports: content from the exam result, pages written by QPdfWriter, and the ``report`` command."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("PySide6")

from trainer.cli import main
from trainer.drills import check, generate
from trainer.drills.exam import ExamSpec, build_exam, grade
from trainer.progress import ProgressStore
from trainer.rules.errors import TrainerError
from trainer.rulebook.citations import refs
from trainer.ui.report import exam_report, pdf_page_count, render_pages, trainee_report, write_pdf

SKILLS = ("tile-compare", "vigorish", "house-way")


@pytest.fixture(autouse=True)
def _app(qapp):
    """Drawing text needs an application; pytest-qt's, shared with the widget tests."""
    return qapp


def result(count: int, right_every: int = 1):
    """An exam of ``count`` questions; every ``right_every``-th answered right, the rest unanswered."""
    exam = build_exam(ExamSpec(seed=5, skills=SKILLS, count=count))
    answers = [q.answer if i % right_every == 0 else None for i, q in enumerate(exam.questions)]
    return grade(exam, answers, elapsed_s=95.0)


def test_exam_report_content():
    r = result(6, right_every=2)
    report = exam_report("Ana", r.to_dict(), when="2024-05-01T12:00:00+00:00")
    assert report.trainee == "Ana" and report.date.startswith("2024-05-0")
    assert "pa-2019" in report.profile
    assert report.summary[0].startswith("Score: 3 of 6 (50%) — not passed")
    assert report.skill_rows[0] == ("Pai Gow tiles",)  # the game's title over its skills
    assert {row[0] for row in report.skill_rows[1:]} == {"Rank two tiles", "Vigorish", "Set by the house way"}
    assert [w.number for w in report.wrong] == [2, 4, 6]
    for w, graded in zip(report.wrong, r.wrong):
        assert w.expected == graded.expected and w.given == "(no answer)"
        # each section with its title, each reading in words: no internal id
        assert w.citations == tuple(r.words for r in refs(graded.citations, "pa-2019"))
        assert any("(Pai Gow tiles; ranking of hands" in c or "Reading: " in c for c in w.citations)
        assert not any("spec " in c for c in w.citations) and "spec " not in w.explanation


def test_pdf_is_written_with_the_expected_pages(tmp_path):
    short = exam_report("Ana", result(3).to_dict())
    long = exam_report("Ana", result(40, right_every=40).to_dict())
    one, many = tmp_path / "one.pdf", tmp_path / "many.pdf"
    assert write_pdf(short, one) == 1
    pages = write_pdf(long, many)
    assert pages >= 3
    for path, expected in ((one, 1), (many, pages)):
        data = path.read_bytes()
        assert data.startswith(b"%PDF") and len(data) > 1000
        assert pdf_page_count(path) == expected
    # the images for the screen break at the same places
    assert len(render_pages(long, dpi=30)) == pages
    assert not list(tmp_path.glob("*.part"))


def test_a_page_image_has_ink_on_white():
    image = render_pages(exam_report("Ana", result(4, right_every=2).to_dict()), dpi=40)[0]
    colours = {image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)}
    assert len(colours) > 10  # text, not a blank page


def test_unwritable_path_is_a_trainer_error(tmp_path):
    with pytest.raises(TrainerError, match="does not exist"):
        write_pdf(exam_report("Ana", result(2).to_dict()), tmp_path / "missing" / "r.pdf")


@pytest.fixture
def store_dir(tmp_path):
    folder = tmp_path / "data"
    with ProgressStore.in_dir(folder) as store:
        store.create_trainee("Ana")
        for n in range(4):
            q = generate("tile-compare", seed=n)
            answer = q.answer if n % 2 else next(c for c in q.choices if c != q.answer)
            store.record("Ana", q, check(q, answer), answer, ms=1500)
    return folder


def test_trainee_report_without_and_with_an_exam(store_dir):
    with ProgressStore.in_dir(store_dir) as store:
        practice = trainee_report(store, "ana")
        assert practice.title == "Practice report" and practice.trainee == "Ana" and len(practice.wrong) == 2
        store.record_exam("Ana", result(3, right_every=3))
        store.record_exam("Ana", result(3))
        latest = trainee_report(store, "Ana")
        assert latest.title == "Exam report" and latest.wrong == ()
        first = trainee_report(store, "Ana", exam_id=store.exams("Ana")[0]["id"])
        assert len(first.wrong) == 2
        assert latest.extra_tables[0][0] == "Practice record"


def test_report_command(store_dir, tmp_path, capsys):
    out = tmp_path / "r.pdf"
    assert main(["report", "--trainee", "Ana", "--data-dir", str(store_dir), "--out", str(out)]) == 0
    assert pdf_page_count(out) >= 1 and "Wrote" in capsys.readouterr().out


@pytest.mark.parametrize("args, message", [
    (["--trainee", "Zed"], "unknown trainee 'Zed'"),
    (["--trainee", "Ana", "--exam", "9"], "no exam 9"),
])
def test_report_command_bad_trainee_or_exam(store_dir, tmp_path, capsys, args, message):
    code = main(["report", *args, "--data-dir", str(store_dir), "--out", str(tmp_path / "r.pdf")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1


def test_report_command_bad_paths(store_dir, tmp_path, capsys):
    assert main(["report", "--trainee", "Ana", "--data-dir", str(tmp_path / "nowhere"),
                 "--out", str(tmp_path / "r.pdf")]) == 2
    assert "no progress file" in capsys.readouterr().err
    assert main(["report", "--trainee", "Ana", "--data-dir", str(store_dir),
                 "--out", str(tmp_path / "no" / "r.pdf")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("profile", ["pa-2019", "md", "nj"])
def test_report_text_has_no_internal_ids(profile):
    """Every wrong answer of an exam over all printable skills reads in words: no reading id, no
    internal name (issue 12: section titles, not internal ids)."""
    from trainer.cli.exam import skill_list

    exam = build_exam(ExamSpec(seed=21, skills=skill_list("all", profile), count=60, profile=profile))
    report = exam_report("Ana", grade(exam, [None] * 60).to_dict())
    text = "\n".join(f"{w.prompt} {w.expected} {w.explanation} {' '.join(w.citations)}" for w in report.wrong)
    assert len(report.wrong) == 60
    assert not re.search(r"\bspec\b|pai_gow|table_inventory|\bseat\d|\.md\b|§D|\bJ[A-Z]\d+\b", text)
    assert all(c.startswith("Reading: ") or " (" in c for w in report.wrong for c in w.citations)


def test_both_games_skills_and_profiles_are_grouped_by_game(store_dir, tmp_path):
    """Issue 17: a trainee of both games gets each game's skills under its title, and the profiles
    of both games named."""
    with ProgressStore.in_dir(store_dir) as store:
        for n in range(2):
            q = generate("bac-burn", seed=n, profile="pa-631a")
            store.record("Ana", q, check(q, q.answer), q.answer, ms=900)
        practice = trainee_report(store, "Ana")
        assert [row[0] for row in practice.skill_rows] == ["Pai Gow tiles", "Rank two tiles", "Baccarat", "The burn"]
        assert practice.profile.startswith("pa-2019 — ") and "; pa-631a — " in practice.profile
        store.record_exam("Ana", result(3))
        record = trainee_report(store, "Ana").extra_tables[0][2]
        assert [row[0] for row in record if len(row) == 1] == ["Pai Gow tiles", "Baccarat"]
        assert record[-1][0] == "The burn"
        assert write_pdf(practice, tmp_path / "both.pdf") == 1
