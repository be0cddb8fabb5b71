"""Issue 38: spacing that works on real memory. Due reviews before new items, new items capped a day and
held back after badly answered reviews, one re-ask of a miss, confused items side by side, a guess counted
as a guess, and the flashcard rating the first-hour work records."""

from __future__ import annotations

import doctest
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest
from fsrs import Rating
from hypothesis import given, strategies as st

import trainer.progress.scheduling
from trainer.drills.queue import HOLD_AFTER, NEW_PER_DAY, REVIEWS_PER_NEW, LearningQueue
from trainer.drills.session import DrillSession, Today, day_start, session_queue
from trainer.progress import ProgressStore
from trainer.progress.scheduling import flashcard_rating, new_card, rating_for, review
from trainer.progress.store import utc_now

T = datetime(2024, 5, 1, 12, tzinfo=timezone.utc)


def test_doctests():
    assert doctest.testmod(trainer.progress.scheduling).failed == 0


# -- ratings ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("choices,rating", [(0, Rating.Good), (2, Rating.Hard), (3, Rating.Hard), (4, Rating.Good)])
def test_a_right_answer_among_two_or_three_choices_counts_less_than_recall(choices, rating):
    assert rating_for(True, 5000, 8000, choices=choices) is rating
    assert rating_for(False, 5000, 8000, choices=choices) is Rating.Again


def test_a_guess_is_asked_again_sooner_than_a_recall():
    guessed = review(new_card("bac-banker-draws", "B3-4", T), True, 5000, 8000, T, choices=2)
    recalled = review(new_card("bac-banker-draws", "B3-4", T), True, 5000, 8000, T)
    assert guessed.due < recalled.due and guessed.due - T <= timedelta(days=1)


@given(st.integers(1, 4), st.integers(0, 60_000))
def test_a_flashcard_rated_known_in_under_a_second_counts_as_hard(rating, ms):
    got = flashcard_rating(rating, ms)
    if rating == 1:
        assert got is Rating.Again
    elif ms < 1000:
        assert got is Rating.Hard
    else:
        assert got is Rating(rating)


def test_a_store_replays_a_guess_as_a_guess(tmp_path):
    with ProgressStore.in_dir(tmp_path) as store:
        store.create_trainee("Ana")
        s = DrillSession(["bac-banker-draws"], seed=3, length=4, store=store, trainee="Ana")
        while not s.done:
            s.answer(s.next_question().answer, ms=2000)
        before = store.cards("Ana")
        store.rebuild_cards("Ana")
        assert store.cards("Ana") == before
        assert all(c.due - c.last_review <= timedelta(days=1) for c in before.values())


# -- the day ---------------------------------------------------------------------------------------------

@dataclass
class Rec:
    skill: str
    item: str
    correct: bool
    ts_utc: str
    question: dict


def rec(item: str, correct: bool, when: datetime, choices: int = 0) -> Rec:
    return Rec("tile-id", item, correct, when.isoformat(timespec="milliseconds"), {"choices": ["x"] * choices})


def test_today_counts_the_days_new_items_and_reviews():
    start = day_start(T)
    assert start <= T < start + timedelta(days=1)
    log = [rec("a", False, T - timedelta(days=2)), rec("a", True, T), rec("b", False, T), rec("c", True, T),
           rec("d", True, T, choices=2), rec("b", True, T + timedelta(minutes=1))]
    today = Today.of(log, T + timedelta(minutes=2))
    # c was known at first sight (typed, right): no load; d right among 2 choices may be a guess
    assert today.introduced == {("tile-id", "b"), ("tile-id", "d")} and today.reviewed == (1, 1)
    assert Today.of(log, T + timedelta(days=1)).introduced == frozenset()


def test_new_items_are_capped_a_day():
    log = [rec(item, False, T) for item in ("6-6", "1-1", "4-4")]
    cards = {("tile-id", r.item): review(new_card("tile-id", r.item, T), False, 9000, 4000, T) for r in log}
    queue = session_queue(["tile-id"], None, None, cards, T + timedelta(hours=1), length=20, until_due=True,
                          today=Today.of(log, T + timedelta(hours=1)), new_per_day=5)
    assert queue.new_limit == 2


# -- the queue -------------------------------------------------------------------------------------------

def keys(s: str) -> list[tuple[str, str]]:
    return [("s", x) for x in s]


def run(q: LearningQueue, wrong: str = "") -> str:
    order = ""
    while (k := q.next()) is not None:
        order += k[1]
        q.answered(k, k[1] not in wrong)
    return order


def test_due_reviews_come_first_with_a_new_item_after_every_two():
    order = run(LearningQueue(new=keys("abc"), due=keys("WXYZ"), length=None))
    assert order[:REVIEWS_PER_NEW] == "WX" and order == "WXaYZbc"


def test_badly_answered_reviews_hold_new_items_back():
    q = LearningQueue(new=keys("abc"), due=keys("VWXYZ"), length=None)
    order = run(q, wrong="VWXYZ")
    # a after two reviews, b after four; then five reviews missed: c waits
    assert HOLD_AFTER == 5 and q.holding_new and order.index("b") < order.index("Z") and "c" not in order
    assert not LearningQueue(new=keys("a"), reviewed=(4, 5)).holding_new
    assert LearningQueue(new=keys("a"), reviewed=(3, 5)).holding_new


def test_a_miss_is_asked_once_more_then_left_for_tomorrow():
    order = run(LearningQueue(new=keys("abcdefgh"), length=None), wrong="a")
    assert order.count("a") == 2 and order.index("a", 1) >= 4


def test_until_due_stops_at_the_days_new_items():
    assert len(run(LearningQueue(new=keys("abcdefghijklmnop"), length=None), wrong="abcdefghijklmnop")) \
        == 2 * NEW_PER_DAY  # each missed, asked once more
    assert len(run(LearningQueue(new=keys("abcdefghijklmnop"), length=None))) == 16  # known at first sight


def test_an_item_taken_for_another_comes_right_after_the_miss():
    q = LearningQueue(new=keys("abcdefgh"), length=12)
    order = ""
    while (k := q.next()) is not None:
        order += k[1]
        # "c" answered with "a"'s answer the first time
        q.answered(k, not (k[1] == "c" and order.count("c") == 1), taken_for=("s", "a") if k[1] == "c" else None)
    again = order.index("c", order.index("c") + 1)
    assert order[again + 1] == "a"


def test_what_to_practise_next_reviews_practised_skills_before_new_skills(tmp_path):
    with ProgressStore.in_dir(tmp_path) as store:
        store.create_trainee("Ana")
        first = DrillSession(["tile-id"], seed=1, length=10, store=store, trainee="Ana")
        while not first.done:
            first.answer(first.next_question().answer, ms=1500)
        cards = store.cards("Ana")
        skills = ["tile-id", "hand-compare", "style-name"]
        queue = session_queue(skills, None, None, cards, utc_now() + timedelta(days=400), length=20,
                              practised_only=True)
        asked = [queue.next() for _ in range(20)]
        overdue = sorted(cards, key=lambda k: cards[k].due)
        assert {s for s, _ in asked} == {"tile-id"} and asked[:2] == overdue[:2] and asked[2] not in cards
        assert set(overdue) <= set(asked)


# -- FSRS fitted to a school's answers ------------------------------------------------------------------

def test_the_school_fit_rates_answers_as_the_store_does_and_needs_enough_of_them(tmp_path):
    import trainer.progress.fitting as fitting

    assert doctest.testmod(fitting).failed == 0
    with ProgressStore.in_dir(tmp_path) as store:
        store.create_trainee("Ana")
        s = DrillSession(["bac-banker-draws"], seed=3, length=6, store=store, trainee="Ana")
        while not s.done:
            q = s.next_question()
            s.answer(q.answer if len(s.history) % 2 else next(c for c in q.choices if c != q.answer), ms=2000)
        logs = fitting.school_logs(store, ["Ana"])
        assert [g.rating for g in logs] == [Rating.Again, Rating.Hard] * 3  # two choices: a right one is Hard
        assert len({g.card_id for g in logs}) == len({a.item for a in s.history})
        with pytest.raises(Exception, match="at least 1,000 answers; there are 6: nothing changed"):
            fitting.fit(logs)


def test_fitting_lowers_the_log_loss_of_a_learner_unlike_fsrs_default():
    pytest.importorskip("torch")
    import random

    from fsrs import ReviewLog

    import trainer.progress.fitting as fitting

    rng, logs = random.Random(1), []
    for card in range(120):  # a trainee who forgets much faster than FSRS's default expects
        for day in (0, 1, 3, 6, 10, 15, 21, 28, 36, 45):
            recalled = day == 0 or rng.random() < 0.5 ** (1.0 / 1.5)
            logs.append(ReviewLog(card, Rating.Good if recalled else Rating.Again, T + timedelta(days=day), 3000))
    found = fitting.fit(logs)
    assert found.reviews == 1200 and found.after < found.before


# -- the setting in the app ------------------------------------------------------------------------------

def test_new_items_a_day_is_a_remembered_setting_the_drills_screen_reads(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication, QInputDialog, QWidget

    from trainer.ui import new_items

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert new_items.new_per_day(None) == new_items.new_per_day(settings) == NEW_PER_DAY
    parent = QWidget()
    qtbot.addWidget(parent)

    def type_three():
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QInputDialog) and w.isVisible())
        dialog.setIntValue(3)
        dialog.accept()
    QTimer.singleShot(200, type_three)
    new_items.ask(parent, settings)
    assert new_items.new_per_day(settings) == 3
    settings.setValue(new_items.KEY, "lots")  # a hand-edited file
    assert new_items.new_per_day(settings) == NEW_PER_DAY


def test_an_item_that_may_be_guessed_is_never_trusted_for_more_than_a_week():
    from trainer.progress.scheduling import GUESS_MAX_DAYS

    card = new_card("bac-banker-draws", "B3-4", T)
    for day in range(0, 200, 7):
        card = review(card, True, 2000, 5000, T + timedelta(days=day), choices=2)
        assert card.due - (T + timedelta(days=day)) <= timedelta(days=GUESS_MAX_DAYS)
    typed = new_card("tile-id", "6-6", T)
    for day in range(0, 200, 7):
        typed = review(typed, True, 2000, 5000, T + timedelta(days=day))
    assert typed.due - (T + timedelta(days=196)) > timedelta(days=GUESS_MAX_DAYS)


def test_class_fit_fsrs_on_a_school_server_says_what_it_needs(pg_url, monkeypatch, capsys):
    from trainer.cli import main

    assert main(["progress", "--database", pg_url, "--create", "Fitz"]) == 0
    monkeypatch.setenv("PAIGOW_TRAINER_INSTRUCTOR_PASSWORD", "hunter2")
    assert main(["class", "--database", pg_url, "--create", "Evening", "--instructor", "Ms Lee"]) == 0
    assert main(["class", "--database", pg_url, "--class", "Evening", "--add", "Fitz"]) == 0
    capsys.readouterr()
    assert main(["class", "--database", pg_url, "--class", "Evening", "--fit-fsrs"]) == 2
    err = capsys.readouterr().err
    assert "at least 1,000 answers; there are 0 in Evening: nothing changed" in err and "Traceback" not in err


def test_the_days_figures_come_from_todays_answers_alone(any_store):
    """A session reads today's rows and which of their items were met before today, not the whole log, and
    counts the day as the whole log does (SQLite and a school's PostgreSQL)."""
    from trainer.drills.answers import check
    from trainer.drills.items import ItemQuestions

    any_store.create_trainee("Ana")
    source, now = ItemQuestions("tile-id", None, None, seed=1), T + timedelta(hours=3)
    for when, item, right in [(T - timedelta(days=3), "6-6", True), (T - timedelta(days=1), "1-1", False),
                              (T, "6-6", False), (T, "2-2", False), (T + timedelta(hours=1), "1-1", True),
                              (T + timedelta(hours=2), "2-2", True)]:
        q = source.question(item)
        any_store.record("Ana", q, check(q, q.answer if right else q.answer + 1), "x", 3000, when=when)
    records, met_before = any_store.day_answers("Ana", day_start(now))
    assert [r.ts_utc >= day_start(now).isoformat() for r in records] == [True] * 4
    assert met_before == {("tile-id", "6-6"), ("tile-id", "1-1")}
    today = Today.of(records, now, met_before)
    assert today == Today.of(any_store.answers("Ana"), now)
    assert today.introduced == {("tile-id", "2-2")} and today.reviewed == (1, 2)


@given(st.integers(0, 8), st.integers(0, 8), st.integers(1, 25), st.lists(st.booleans(), max_size=40))
def test_a_days_session_asks_at_most_its_length_and_ends_when_nothing_is_due(n_new, n_due, length, rights):
    """Until due with a length: the day's session of the Drills screen; it never asks a card not due, new or
    missed (no practice filling), never the same card twice in a row, and reports what it asked."""
    new, due = keys("abcdefgh"[:n_new]), keys("RSTUVWXY"[:n_due])
    q = LearningQueue(new=new, due=due, extra=keys("z"), length=length, until_due=True)
    asked, answers = [], iter(rights)
    while (k := q.next()) is not None:
        asked.append(k)
        q.answered(k, next(answers, True))
    assert len(asked) <= length and all(k in new or k in due for k in asked) and back_to_back_keys(asked) == 0
    assert q.done and (len(asked) == length or q.done_for_today)
    assert q.day_counts(asked) == (len(set(asked) & set(due)), len(set(asked) & set(new)))


def back_to_back_keys(asked: list) -> int:
    return sum(a == b for a, b in zip(asked, asked[1:]))
