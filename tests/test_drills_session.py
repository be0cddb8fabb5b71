"""Drill sessions: practice with hints, timed mode, recording, the summary."""

from __future__ import annotations

import pytest

from trainer.drills import AnswerParseError
from trainer.drills.session import DrillSession
from trainer.progress import ProgressStore
from trainer.rules.errors import TrainerError


def fake_clock(step: float = 1.5):
    t = [0.0]

    def clock() -> float:
        t[0] += step
        return t[0]
    return clock


def test_practice_session_hints_times_and_summary():
    s = DrillSession(["tile-compare", "vigorish"], seed=3, clock=fake_clock())
    q1 = s.next_question()
    assert s.hint() == q1.hint
    assert s.answer(q1.answer).correct
    q2 = s.next_question()
    with pytest.raises(AnswerParseError):
        s.answer("not an answer at all $$")
    assert s.current == q2  # still open after an unreadable answer
    wrong = 12345678 if q2.skill == "vigorish" else next(c for c in q2.choices if c != q2.answer)
    assert not s.answer(wrong).correct
    summary = s.summary()
    assert (summary.answered, summary.correct, summary.hints, summary.accuracy) == (2, 1, 1, 0.5)
    assert summary.median_ms is not None and summary.weakest[0].skill == q2.skill
    assert {h.question.skill for h in s.history} == {"tile-compare", "vigorish"}


def test_timed_mode_has_no_hints_and_records_time():
    s = DrillSession(["dice-start"], mode="timed", seed=1, clock=fake_clock(2.0))
    q = s.next_question()
    with pytest.raises(TrainerError, match="no hints"):
        s.hint()
    s.answer(q.answer)
    assert s.history[0].ms == 2000


def test_answer_without_question_is_an_error():
    with pytest.raises(TrainerError, match="no question"):
        DrillSession(["tile-id"]).answer("x")


def test_session_records_and_follows_the_schedule(tmp_path):
    with ProgressStore(tmp_path / "p.sqlite3") as store:
        store.create_trainee("Ana")
        s = DrillSession(["tile-id", "vigorish"], seed=5, store=store, trainee="Ana", clock=fake_clock())
        for _ in range(4):
            q = s.next_question()
            s.answer(q.answer)
        log = store.answers("Ana")
        assert len(log) == 4 and all(r.correct and r.mode == "practice" for r in log)
        assert {r.skill for r in log} == {"tile-id", "vigorish"}  # a new skill comes before "weak" items
        assert store.next_up("Ana", ["tile-id", "vigorish"])


def settable_clock():
    t = [0.0]
    return t, (lambda: t[0])


def test_time_limit_counts_from_the_first_question_and_ends_the_session():
    t, clock = settable_clock()
    s = DrillSession(["vigorish"], mode="timed", seed=2, time_limit_s=120, clock=clock)
    t[0] = 50.0  # before the first question nothing counts down
    assert s.time_left() == 120.0 and not s.expired
    q = s.next_question()
    t[0] = 80.0
    assert s.answer(q.answer).correct and s.time_left() == 90.0
    q = s.next_question()
    t[0] = 170.0
    assert s.time_left() == 0.0 and s.expired
    with pytest.raises(TrainerError, match="time is up"):
        s.answer(q.answer)  # too late: not counted
    with pytest.raises(TrainerError, match="time is up"):
        s.next_question()
    summary = s.summary()
    assert (summary.answered, summary.timed_out) == (1, True) and summary.to_dict()["timed_out"] is True


def test_no_time_limit_never_expires_and_bad_limits_are_refused():
    s = DrillSession(["vigorish"], clock=fake_clock(1000.0))
    s.next_question()
    assert s.time_left() is None and not s.expired and not s.summary().timed_out
    with pytest.raises(TrainerError, match="positive"):
        DrillSession(["vigorish"], time_limit_s=0)


@pytest.mark.parametrize("seconds,text", [(0, "0:00"), (0.2, "0:01"), (59.5, "1:00"), (61, "1:01"),
                                          (3600, "1:00:00"), (3725, "1:02:05")])
def test_clock_text_rounds_up(seconds, text):
    from trainer.drills.session import clock_text

    assert clock_text(seconds) == text
