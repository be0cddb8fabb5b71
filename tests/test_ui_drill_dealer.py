"""Dealing like a dealer in the Drills screen (issue 31), by keyboard alone through the real widgets:
payouts paid on the chip tray, a Baccarat round called aloud on the call builder, and F2's typed field."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from trainer.rules.chips import parse_breakdown
from trainer.ui import drill_screen
from trainer.ui.progress_link import shared_store
from trainer.ui.widgets.call_builder import KEYS


@pytest.fixture
def screen(shown, trainee_ctx):
    return shown(drill_screen.create_screen(trainee_ctx))


def start(qtbot, screen, skill: str):
    screen.select_skill(skill)
    screen.length.setValue(0)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    assert screen.controller.running
    return screen.controller.session.current


def log(ctx):
    return [(r.skill, r.correct, r.answer) for r in shared_store(ctx).answers("Ana")]


def pay(qtbot, tray, answer: str) -> None:
    """Key in the chips of ``answer``, one too many taken off again with Backspace, then Enter."""
    for cents, count in parse_breakdown(answer).stacks:
        for _ in range(count):
            qtbot.keyClick(tray, Qt.Key.Key_1 + tray.chips.index(cents))
    qtbot.keyClick(tray, Qt.Key.Key_1)
    qtbot.keyClick(tray, Qt.Key.Key_Backspace)
    assert tray.stacks.breakdown == parse_breakdown(answer)  # shown as stacks before it is paid
    qtbot.keyClick(tray, Qt.Key.Key_Return)


def call(qtbot, caller, phrases) -> None:
    for phrase in phrases:
        qtbot.keyClicks(caller, KEYS[caller.phrases.index(phrase)].lower())


@pytest.mark.parametrize("skill, profile", [("pay-chips", "pa-2019"), ("bac-pay-chips", "pa-631a")])
def test_a_winner_is_paid_with_chips_on_the_tray(qtbot, screen, trainee_ctx, skill, profile):
    q = start(qtbot, screen, skill)
    assert q.profile == profile and screen.answers.currentWidget() is screen.answers.tray
    assert screen.answers.tray.hasFocus()
    assert screen.answers.tray.chips == tuple(sorted(q.data["chips"], reverse=True))  # the table's chips only
    pay(qtbot, screen.answers.tray, q.answer)
    assert log(trainee_ctx) == [(skill, True, q.answer)]
    assert "Correct" in screen.feedback.verdict.text()


def test_more_chips_than_the_fewest_is_wrong_and_says_why(qtbot, screen, trainee_ctx):
    q = start(qtbot, screen, "bac-pay-chips")
    tray = screen.answers.tray
    small = min(tray.chips)
    for _ in range(q.data["amount_cents"] // small):  # the whole payout in the smallest chip
        tray.add(small)
    qtbot.keyClick(tray, Qt.Key.Key_Return)
    assert [c for _, c, _ in log(trainee_ctx)] == [False]
    assert "right total, too many chips" in screen.feedback.given.text()


def test_a_payout_cut_and_paid_on_the_tray_is_right_and_named(qtbot, screen, trainee_ctx):
    """Reading B28: the wager's chips are shown; its stacks matched on the tray are right, and the
    verdict says the payout was cut and paid."""
    from trainer.rules.chips import Breakdown, cut_and_pay

    for _ in range(30):
        q = screen.controller.session.current if screen.controller.running else start(qtbot, screen, "bac-pay-chips")
        stacks = q.data.get("wager_chips")
        wager = Breakdown.of(dict(map(tuple, stacks))) if stacks else None
        cut = cut_and_pay(q.data["amount_cents"], wager, q.data["chips"]) if wager else None
        if cut is not None and str(cut) != q.answer:
            break
        pay(qtbot, screen.answers.tray, q.answer)
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)  # the next question
    else:
        raise AssertionError("no payout to cut and pay in 30 questions")
    assert f"The wager's chips: {wager}." in q.prompt
    pay(qtbot, screen.answers.tray, str(cut))
    assert log(trainee_ctx)[-1] == ("bac-pay-chips", True, str(cut))
    assert screen.feedback.given.isVisible() and "cut and pay" in screen.feedback.given.text()


def test_an_empty_tray_is_not_an_answer(qtbot, screen, trainee_ctx):
    start(qtbot, screen, "pay-chips")
    qtbot.keyClick(screen.answers.tray, Qt.Key.Key_Return)
    assert log(trainee_ctx) == [] and screen.answers.tray.error.text() == "no answer given"


def test_a_whole_baccarat_round_is_called_aloud(qtbot, screen, trainee_ctx):
    q = start(qtbot, screen, "bac-call-aloud")
    caller = screen.answers.caller
    assert screen.answers.currentWidget() is caller and caller.hasFocus()
    assert caller.phrases == q.choices  # the question's phrase bank, in its order
    call(qtbot, caller, q.answer[:2])
    call(qtbot, caller, [next(p for p in q.choices if p not in q.answer)])  # a slip ...
    qtbot.keyClick(caller, Qt.Key.Key_Backspace)  # ... taken back
    call(qtbot, caller, q.answer[2:])
    assert caller.so_far.text() == "Call: " + ", ".join(q.answer)
    qtbot.keyClick(caller, Qt.Key.Key_Return)
    assert log(trainee_ctx) == [("bac-call-aloud", True, ", ".join(q.answer))]
    assert "Correct" in screen.feedback.verdict.text()


def test_a_wrong_phrase_is_stopped_with_its_section(qtbot, screen, trainee_ctx):
    q = start(qtbot, screen, "bac-call-aloud")
    caller = screen.answers.caller
    wrong = next(p for p in q.choices if p != q.answer[1] and p not in q.data["accepted"][1])
    call(qtbot, caller, [q.answer[0], wrong, *q.answer[2:]])
    qtbot.keyClick(caller, Qt.Key.Key_Return)
    shown = screen.feedback.given.text()  # what was called, with the first wrong phrase and its section
    assert f'phrase 2: "{wrong}"' in shown.replace("&quot;", '"') and q.data["sections"][1] in shown


def test_f2_types_the_call_instead_and_the_choice_holds(qtbot, screen, trainee_ctx):
    q = start(qtbot, screen, "bac-call-aloud")
    qtbot.keyClick(screen.answers.caller, Qt.Key.Key_F2)
    typed = screen.answers.typed
    assert screen.answers.currentWidget() is typed and typed.edit.hasFocus()
    qtbot.keyClicks(typed.edit, ", ".join(q.answer))
    qtbot.keyClick(typed.edit, Qt.Key.Key_Return)
    assert log(trainee_ctx) == [("bac-call-aloud", True, ", ".join(q.answer))]
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)
    assert screen.answers.currentWidget() is typed  # a speed drill stays typed ...
    qtbot.keyClick(typed.edit, Qt.Key.Key_F2)
    assert screen.answers.currentWidget() is screen.answers.caller  # ... until F2 again


def test_escape_clears_the_tray_and_ends_the_session_only_when_it_is_empty(qtbot, screen, trainee_ctx):
    start(qtbot, screen, "pay-chips")
    tray = screen.answers.tray
    qtbot.keyClick(tray, Qt.Key.Key_1)
    qtbot.keyClick(tray, Qt.Key.Key_Escape)
    assert tray.breakdown().chips == 0 and screen.controller.running
    qtbot.keyClick(tray, Qt.Key.Key_Escape)
    assert not screen.controller.running
