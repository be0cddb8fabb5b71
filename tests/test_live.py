"""A live class quiz (issue 41): the quiz's rows and moves, answers kept once and logged as drill
answers, the push, on a real PostgreSQL server (pgserver)."""

from __future__ import annotations

import threading
import time

import pytest

from trainer.drills.answers import check
from trainer.drills.exam import ExamSpec, build_exam
from trainer.progress import ProgressStore, live, school
from trainer.progress.server import open_store
from trainer.rules.errors import TrainerError

SKILLS = ("tile-compare", "vigorish")


@pytest.fixture
def classroom(pg_url, tmp_path):
    """A school's server with class Morning (Ana, Ben, Cy) and Dee outside it; the instructor's store."""
    store = open_store(pg_url, data=tmp_path / "host")
    for name in ("Ana", "Ben", "Cy", "Dee"):
        store.create_trainee(name)
    group = school.create_class(store, "Morning", "Ms Lee", "s3cret")
    school.add_trainees(store, "Morning", ["Ana", "Ben", "Cy"])
    yield store, group
    store.close()


def test_a_quiz_opens_with_a_code_and_no_question_asked(classroom):
    store, group = classroom
    quiz = live.open_quiz(store, group, SKILLS, 4, 7)
    assert len(quiz.code) == live.CODE_LENGTH and set(quiz.code) <= set(live.CODE_LETTERS)
    assert (quiz.number, quiz.state, quiz.class_name, quiz.skills) == (0, "open", "Morning", SKILLS)
    assert live.find_quiz(store, quiz.code.lower()) == quiz
    with pytest.raises(TrainerError, match="no live quiz has the code"):
        live.find_quiz(store, "ZZZZZZ")


def test_the_questions_are_the_exams_of_the_same_seed(classroom):
    """Every PC makes question k itself from the seed: the same as the exam of that spec (spec R1)."""
    store, group = classroom
    quiz = live.open_quiz(store, group, SKILLS, 4, 7)
    exam = build_exam(ExamSpec(seed=7, skills=SKILLS, count=4))
    assert [quiz.question(k) for k in range(1, 5)] == list(exam.questions)


def test_the_moves_go_in_order_and_again_is_nothing(classroom):
    store, group = classroom
    quiz = live.open_quiz(store, group, SKILLS, 2, 7)
    with pytest.raises(TrainerError, match="no question is being answered"):
        live.reveal(store, quiz)
    quiz = live.ask_next(store, quiz)
    assert (quiz.number, quiz.state) == (1, "question")
    assert live.move(store, quiz, 1, "question") == quiz  # sent again after a lost connection: no change
    with pytest.raises(TrainerError, match="reveal question 1 first"):
        live.ask_next(store, quiz)
    quiz = live.ask_next(store, live.reveal(store, quiz))
    quiz = live.reveal(store, quiz)
    with pytest.raises(TrainerError, match="last question"):
        live.ask_next(store, quiz)
    quiz = live.end(store, quiz)
    assert quiz.state == "ended"
    with pytest.raises(TrainerError, match="has ended"):
        live.ask_next(store, quiz)


def test_only_the_classs_trainees_join(classroom):
    store, group = classroom
    quiz = live.open_quiz(store, group, SKILLS, 2, 7)
    assert live.join(store, quiz, "ana").name == "Ana"
    with pytest.raises(TrainerError, match="Dee is not in class Morning"):
        live.join(store, quiz, "Dee")
    assert live.joined(store, quiz) == 1
    assert [q.code for q in live.open_quizzes(store, "Ben")] == [quiz.code]
    assert live.open_quizzes(store, "Dee") == []


def test_answers_are_kept_once_counted_and_logged_as_live_drill_answers(classroom):
    store, group = classroom
    quiz = live.ask_next(store, live.open_quiz(store, group, SKILLS, 2, 7))
    question = quiz.question()
    wrong = next(c for c in question.choices if c != question.answer) if question.choices else "$0.01"
    for name in ("Ana", "Ben", "Cy"):
        live.join(store, quiz, name)
    assert live.answer(store, quiz, "Ana", 1, question.answer, 1500).correct
    assert not live.answer(store, quiz, "Ben", 1, wrong, 2500).correct
    # a second answer (a PC that restarted, or a second click) changes nothing: the first counts
    assert live.answer(store, quiz, "Ana", 1, wrong, 900).correct
    counted = live.tally(store, quiz)
    assert (counted.answered, counted.correct) == (2, 1)
    assert sum(counted.counts.values()) == 2 and counted.counts[check(question, question.answer).given] == 1
    logged = store.answers("Ana")
    assert [(a.mode, a.correct, a.ms) for a in logged] == [("live", True, 1500)]
    assert logged[0].uid == live.answer_uid(quiz, 1, store.trainee("Ana"))
    assert store.cards("Ana")  # the FSRS card was reviewed
    quiz = live.reveal(store, quiz)
    with pytest.raises(live.LateAnswer, match="too late"):
        live.answer(store, quiz, "Cy", 1, question.answer, 4000)
    assert store.answers("Cy") == [] and live.mine(store, quiz, "Cy", 1) is None
    assert live.mine(store, quiz, "Ben", 1) == live.Mine(check(question, wrong).given, False)
    assert [(r.trainee, r.answered, r.correct) for r in live.results(store, quiz)] == [
        ("Ana", 1, 1), ("Ben", 1, 0), ("Cy", 0, 0)]


def test_an_answer_its_pc_did_not_log_is_logged_once_on_rejoining(classroom):
    """The PC stopped between keeping the live answer and logging it: joining again logs it, once."""
    store, group = classroom
    quiz = live.ask_next(store, live.open_quiz(store, group, SKILLS, 2, 7))
    live.join(store, quiz, "Ana")
    question = quiz.question()
    live.answer(store, quiz, "Ana", 1, question.answer, 1200)
    before = store.answers("Ana")
    live.join(store, quiz, "Ana")
    live.join(store, quiz, "Ana")
    assert store.answers("Ana") == before  # nothing twice
    bob_uid = live.answer_uid(quiz, 1, store.trainee("Ben"))
    with store._write() as conn:  # Ben's answer kept, its log entry never written
        conn.execute("INSERT INTO live_joins (quiz_id, trainee_id, joined_utc) VALUES (?, ?, 'x')",
                     (quiz.id, store.trainee("Ben").id))
        conn.execute("INSERT INTO live_answers (quiz_id, number, trainee_id, answer, given, correct, ms, uid, "
                      "answered_utc) VALUES (?, 1, ?, ?, ?, 1, 800, ?, 'x')",
                      (quiz.id, store.trainee("Ben").id, question.answer, question.answer, bob_uid))
    live.join(store, quiz, "Ben")
    live.join(store, quiz, "Ben")
    assert [(a.uid, a.mode, a.correct) for a in store.answers("Ben")] == [(bob_uid, "live", True)]


def test_a_pcs_file_is_not_a_school_database(tmp_path):
    with ProgressStore(tmp_path / "p.sqlite3") as store:
        with pytest.raises(TrainerError, match="a live quiz needs a school database"):
            live.find_quiz(store, "ABCDEF")


def test_the_push_reaches_a_follower_at_once(classroom, pg_url, tmp_path):
    store, group = classroom
    quiz = live.open_quiz(store, group, SKILLS, 2, 7)
    pc = open_store(pg_url, data=tmp_path / "pc")
    live.join(pc, quiz, "Ana")
    follower = live.Follower(pc, quiz, "Ana")
    assert follower.events(0) == []
    def instructor() -> None:
        with open_store(pg_url, data=tmp_path / "host2") as other:
            live.ask_next(other, quiz)

    threading.Timer(0.3, instructor).start()
    start = time.monotonic()
    shown = follower.events(5.0)
    took = time.monotonic() - start
    assert [e["event"] for e in shown] == ["question"] and took < 2.0
    assert shown[0]["number"] == 1 and "answer" not in shown[0]  # never the key before Reveal
    follower.close()
    pc.close()


def test_live_answers_are_marked_in_the_class_view_and_its_pdf(classroom):
    from trainer.ui.class_screen import pdf_report

    store, group = classroom
    quiz = live.ask_next(store, live.open_quiz(store, group, SKILLS, 2, 7))
    question = quiz.question()
    for name in ("Ana", "Ben"):
        live.join(store, quiz, name)
    live.answer(store, quiz, "Ana", 1, question.answer, 1500)
    live.answer(store, quiz, "Ben", 1, "$0.01" if not question.choices else
                next(c for c in question.choices if c != question.answer), 1500)
    report = school.class_report(store, group)
    marks = {t.name: (t.answered, t.live_answered, t.live_correct) for t in report.trainees}
    assert marks == {"Ana": (1, 1, 1), "Ben": (1, 1, 0), "Cy": (0, 0, 0)}
    table = school.report_rows(report)
    column = table[0].index("Live quiz")
    assert [row[column] for row in table[1:]] == ["1/1", "0/1", ""]
    pdf = pdf_report(report)
    assert pdf.skill_header[-1] == "Live quiz" and [r[-1] for r in pdf.skill_rows] == ["1/1", "0/1", "—"]


def test_a_quiz_left_unchanged_for_hours_is_not_offered(classroom):
    store, group = classroom
    quiz = live.open_quiz(store, group, SKILLS, 2, 7)
    with store._write() as conn:  # its instructor's PC died yesterday, nobody ended it
        conn.execute("UPDATE live_quizzes SET changed_utc = '2000-01-01T00:00:00.000+00:00' WHERE id = ?", (quiz.id,))
    assert live.open_quizzes(store, "Ana") == []


def test_a_hand_set_on_the_setter_is_kept_and_judged_again_alike(classroom):
    """The app's hand setter answers with tiles, not text: kept as the answer log keeps it, and the
    verdict read back from it (a PC that rejoins) is the same."""
    from trainer.drills.answers import parse_answer

    store, group = classroom
    quiz = live.ask_next(store, live.open_quiz(store, group, ("house-way",), 1, 7))
    question = quiz.question()
    placed = parse_answer(question, question.answer)  # (high, low) tiles, as the setter gives them
    live.join(store, quiz, "Ana")
    assert live.answer(store, quiz, "Ana", 1, placed, 3000).correct
    assert live.mine(store, quiz, "Ana", 1).correct
    assert live._feedback_of(store, quiz, store.trainee("Ana"), 1).correct
    assert [a.correct for a in store.answers("Ana")] == [True]
