"""Counts that add up (issue 40, item 6): a review counts every wrong answer, and the items they were on
when fewer (five house-way hands set wrong by two of its steps: "Missed 5, on 2 items", never "Missed
(2)"); "Practise these (N)" counts "0 of N" while the first of N is open and "N-1 of N" at the last."""

from __future__ import annotations

from PySide6.QtCore import Qt

from trainer.drills.session import DrillSession
from trainer.ui import drill_screen


def wrong_setting(q) -> str:
    """A placement of the question's tiles that is not the house way's (the answer's hands swapped)."""
    high, low = q.answer.split(" / ")
    return f"{low} / {high}"


def test_the_house_way_review_counts_every_wrong_answer():
    s = DrillSession(["house-way"], seed=3, length=12)
    while not s.done:
        q = s.next_question()
        s.answer(wrong_setting(q) if wrong_setting(q) != q.answer else q.answer)
    summary = s.summary()
    assert summary.wrong == sum(m.times for m in summary.missed) > len(summary.missed)
    lines = summary.review_lines()
    assert f"Missed {summary.wrong}, on {len(summary.missed)} items:" in lines
    assert any("(missed " in line for line in lines)


def test_practise_these_counts_the_open_question(qtbot, shown, trainee_ctx):
    screen = shown(drill_screen.create_screen(trainee_ctx))
    screen.select_skill("style-name")
    screen.length.setValue(10)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    while screen.controller.running:
        q = screen.controller.session.current
        qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + next(i for i, c in enumerate(q.choices) if c != q.answer))
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    summary = screen.controller.last.summary()
    n = len(summary.missed)
    assert screen.summary.practise.text().startswith(f"Practise these ({n})")
    assert f"Missed {summary.wrong}" in screen.summary.missed.text() or f"Missed ({n})" in screen.summary.missed.text()
    qtbot.keyClick(screen.summary, Qt.Key.Key_P)
    for k in range(n):
        assert (screen.progress.value(), screen.progress.maximum()) == (k, n)
        q = screen.controller.session.current
        qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
        assert (screen.progress.value(), screen.progress.maximum()) == (k + 1, n)
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    assert not screen.controller.running


def test_a_stack_keeps_its_number_key_as_the_stacks_are_delivered(qtbot, shown, trainee_ctx):
    """The delivery question's keys re-mapped after each delivery (S2 became key 1 once S1 was gone)."""
    from tests.test_ui_dealer_chips import open_screen
    from trainer.ui.paigow.dealer_screen import DealerScreen

    screen = open_screen(qtbot, shown, trainee_ctx, DealerScreen, 2)
    c, choices, seen = screen.controller, screen.answers.choices, []
    while c.current is not None and len(seen) < 4:
        q = c.current.question
        if q.skill == "dealer-deliver":
            assert choices.keys == [int(s[1:]) for s in q.choices]
            assert [b.text().split()[0] for b in choices.buttons] == [s[1:] for s in q.choices]
            qtbot.keyClick(choices, Qt.Key.Key_0 + int(q.answer[1:]))  # the stack's own number
            assert c.round.history[-1].feedback.correct
            seen.append(q.choices)
        else:
            c.answer(q.answer)
    assert len(seen) == 4 and len(seen[-1]) < len(seen[0])


def test_every_chip_row_runs_largest_first(qtbot):
    from trainer.ui.widgets.chip_tray import ChipTray
    from trainer.ui.widgets.typed_answer import ChipButton, TypedAnswer

    typed, tray = TypedAnswer(), ChipTray()
    qtbot.addWidget(typed)
    qtbot.addWidget(tray)
    tray.set_chips([25, 500, 100, 2500])
    row = [b.cents for b in typed.chips.findChildren(ChipButton)]
    assert row == sorted(row, reverse=True) and list(tray.chips) == sorted(tray.chips, reverse=True)
