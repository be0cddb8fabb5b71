"""Issue 26 in the app, by keyboard: a session's length and progress bar, the review page with the
missed items, Practise these (P), "until all due are done", and mastery in the skill list and the
welcome path."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from trainer.drills.items import item_name
from trainer.progress.store import utc_now
from trainer.ui import drill_screen
from trainer.ui.progress_link import shared_store


@pytest.fixture
def screen(shown, trainee_ctx):
    return shown(drill_screen.create_screen(trainee_ctx))


def answer_by_key(qtbot, screen, right: bool) -> str:
    """Answer the question on screen with its number key; the item asked."""
    q = screen.controller.session.current
    index = q.choices.index(q.answer) if right else next(i for i, c in enumerate(q.choices) if c != q.answer)
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + index)
    return q.item


def test_a_session_by_keyboard_shows_progress_then_a_review_and_practises_the_missed(qtbot, screen):
    screen.select_skill("style-name")
    assert screen.length.value() == 20  # the default length
    screen.length.setFocus()
    qtbot.keyClick(screen.length, Qt.Key.Key_Down)  # 10, 20, 40 by the arrow keys
    assert screen.length.value() == 10
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    assert screen.progress.isVisible() and (screen.progress.value(), screen.progress.maximum()) == (0, 10)
    asked = []
    for n in range(10):
        asked.append(answer_by_key(qtbot, screen, right=n % 2 == 1))
        assert screen.progress.value() == n + 1
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    assert all(a != b for a, b in zip(asked, asked[1:]))
    assert screen.pages.currentWidget() is screen.summary and not screen.progress.isVisible()
    review = screen.summary
    assert "5 right · 5 wrong" in review.headline.text() and "fluent: 15.0 s" in review.headline.text()
    missed = screen.controller.last.summary().missed
    assert missed and all(f"<b>{item_name(m.item)}</b>" in review.missed.text() for m in missed)
    assert all(m.answer in review.missed.text() for m in missed)
    assert review.practise.isVisible() and review.practise.text().startswith(f"Practise these ({len(missed)})")

    qtbot.keyClick(review, Qt.Key.Key_P)
    session = screen.controller.session
    assert session.items == tuple((m.skill, m.item) for m in missed)
    assert screen.pages.currentWidget() is screen.question_page
    seen = []
    while screen.controller.running:
        seen.append(answer_by_key(qtbot, screen, right=True))
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    assert sorted(seen) == sorted(m.item for m in missed)
    assert "Nothing missed" in screen.summary.missed.text() and not screen.summary.practise.isVisible()
    assert len(shared_store(screen.ctx).answers("Ana")) == 10 + len(missed)


def test_until_all_due_are_done_runs_to_its_end_and_the_skill_list_shows_mastery(qtbot, screen):
    screen.select_skill("bac-banker-draws")
    label = screen.skill.currentText()
    assert label.endswith("(0 of 88 known)")
    screen.until_due.setFocus()
    qtbot.keyClick(screen.until_due, Qt.Key.Key_Space)
    assert screen.until_due.isChecked() and screen.length.isEnabled()  # at most the set length
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    answered = 0
    while screen.controller.running:
        answer_by_key(qtbot, screen, right=True)
        answered += 1
        assert screen.progress.value() == answered and screen.progress.maximum() >= answered
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    assert answered == 10  # NEW_PER_DAY new items, each answered right (two choices: maybe guessed)
    # right on one day only: not known yet (issue 38: right on two different days, 90% predicted a day later)
    assert screen.skill.currentText().endswith("(0 of 88 known)")


def test_the_welcome_path_shows_each_drill_steps_mastery(qtbot, trainee_ctx):
    from trainer.drills.session import DrillSession
    from trainer.ui.welcome import WelcomeDialog

    store = shared_store(trainee_ctx)
    s = DrillSession(["tile-id"], seed=1, length=3, store=store, trainee="Ana")
    for _ in range(3):
        q = s.next_question()
        s.answer(q.answer, ms=500)
    for a in s.history:  # the same answers a day earlier: right on two days, known
        store.record("Ana", a.question, a.feedback, a.answer, 2000, when=utc_now() - timedelta(days=1))
    dialog = WelcomeDialog(trainee_ctx)
    qtbot.addWidget(dialog)
    texts = [b.text() for b in dialog.step_buttons]
    assert texts[0].startswith("1. Tiles") and texts[0].endswith("(3 of 21 known)")
    assert texts[1].endswith("(0 of 4 known)")  # the house way's steps
    assert "known" not in texts[2]  # the table screen: no drill, no mastery


def test_a_days_session_ends_when_nothing_is_due_and_offers_more_practice_by_keyboard(qtbot, screen):
    """Issue 38: "Until all due are done" is the day's session, as Anki's: it ends when nothing is due, says
    so, and M starts a session of the set length filled with practice."""
    screen.select_skill("bac-banker-draws")
    screen.until_due.setFocus()
    qtbot.keyClick(screen.until_due, Qt.Key.Key_Space)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    answered = 0
    while screen.controller.running:
        answer_by_key(qtbot, screen, right=True)
        answered += 1
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    review = screen.summary
    assert answered == 10 and screen.pages.currentWidget() is review
    assert review.title.text() == "Done for today"
    assert review.day.text() == "0 reviews, 10 new — practise more?"
    assert screen.status.text() == "Done for today: 0 reviews, 10 new — practise more?"
    assert review.more.isVisible() and "M: practise more" in review.again.text()

    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)  # again, the same day: nothing is due, no new item left
    assert not screen.controller.running and screen.pages.currentWidget() is review
    assert review.day.text() == "Nothing is due — practise more?" and not review.headline.isVisible()

    qtbot.keyClick(review, Qt.Key.Key_M)
    session = screen.controller.session
    assert session is not None and session.length == 20 and not session.queue.until_due
    for _ in range(20):
        answer_by_key(qtbot, screen, right=True)
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    assert not screen.controller.running and review.title.text() == "Session review" and not review.more.isVisible()
    assert len(shared_store(screen.ctx).answers("Ana")) == 30


def test_what_to_practise_next_puts_due_reviews_first_most_overdue_first(qtbot, screen):
    """Issue 38: the Drills screen's "What to practise next" lists the due reviews first and its session asks
    them first, the most overdue first, before any new item."""
    from trainer.drills.answers import check
    from trainer.drills.items import ItemQuestions

    store, now = shared_store(screen.ctx), utc_now()
    for days, skill, item in [(2, "tile-id", "1-1"), (4, "tile-compare", None), (3, "tile-id", "6-6")]:
        q = ItemQuestions(skill, None, None, seed=days).question(item)
        wrong = next((c for c in q.choices if c != q.answer), 99)  # (99: no point count nor tile is 99)
        store.record("Ana", q, check(q, wrong), str(wrong), 4000, when=now - timedelta(days=days))
    due = [(r.skill, r.item) for r in store.answers("Ana")]
    screen.show_welcome()
    listed = re.findall(r"<i>\((due|new|weak)\)</i>", screen.welcome.text())
    assert listed[:3] == ["due"] * 3 and "due" not in listed[3:]
    screen.select_skill(drill_screen.NEXT_UP)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    asked = []
    for _ in range(3):
        session = screen.controller.session
        asked.append((session.current.skill, session.current.item))
        screen.controller.answer(session.current.answer)
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    assert asked[:2] == [due[1], due[2]]  # 4 days overdue, then 6-6 (3 days); then a new item (after two reviews)
    assert asked[2] not in due
