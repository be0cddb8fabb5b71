"""Paying with chips at the table (issue 31): the Dealer's seat and Calling the game pay every winner on
the chip tray, built with the keys or dragged from the rack (real widgets, QTest mouse events), judged by
the engine (the fewest chips; a right total in too many chips told apart from a wrong total); the "Type
totals" setting (F2) asks each payment as a typed total instead, and the app's settings remember it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt

from tests.test_ui_fit import _settle, sized_window  # noqa: F401 - a fixture
from trainer.drills.text import plain_words
from trainer.rules.chips import Breakdown, fewest_chips, parse_breakdown
from trainer.rules.money import format_cents
from trainer.ui.baccarat.dealer_screen import BaccaratDealerScreen
from trainer.ui.paigow.dealer_screen import DealerScreen
from trainer.ui.paigow.player import INSTANT
from trainer.ui.progress_link import shared_store
from trainer.ui.typed_totals import SETTING
from trainer.ui.widgets.chip_tray import ChipTray

#: Each screen, a round of it with at least two payments, and the skill of a payment.
SCREENS = [(DealerScreen, 2, "dealer-pay"), (BaccaratDealerScreen, 1, "bac-dealer-pay")]
IDS = ["dealers-seat", "calling-the-game"]


def chip_keys(question, paid: Breakdown) -> list[Qt.Key]:
    """The number keys that put ``paid`` on the chip tray of ``question`` (1 for the table's largest chip)."""
    table = sorted(question.data["chips"], reverse=True)
    return [Qt.Key.Key_1 + table.index(cents) for cents, count in paid.stacks for _ in range(count)]


def pay_with_keys(qtbot, tray: ChipTray, question, chips: Breakdown) -> None:
    """``chips`` put on the tray with their number keys, then Enter pays."""
    for key in chip_keys(question, chips):
        qtbot.keyClick(tray, key)
    qtbot.keyClick(tray, Qt.Key.Key_Return)


def drag(qtbot, source, start: QPoint, target, end: QPoint) -> None:
    """A left-button drag with QTest mouse events: pressed on ``source``, moved and released over ``target``
    (the events go to the pressed widget, as Qt's implicit grab delivers them)."""
    over = source.mapFromGlobal(target.mapToGlobal(end))
    qtbot.mousePress(source, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(source, start + QPoint(12, 12))
    qtbot.mouseMove(source, over)
    qtbot.mouseRelease(source, Qt.MouseButton.LeftButton, pos=over)


def pay_by_dragging(qtbot, tray: ChipTray, chips: Breakdown) -> None:
    """Each chip of ``chips`` dragged from the rack onto the stacks (one more, dragged back off), then Enter."""
    centre = tray.stacks.rect().center()
    extra = chips.stacks[0][0]
    for cents in [extra] + [c for c, n in chips.stacks for _ in range(n)]:
        drag(qtbot, tray._rack[cents], QPoint(10, 10), tray.stacks, centre)
    assert tray.breakdown().total == chips.total + extra
    stack = QPoint(8 + tray.stacks.stack_width() // 2, tray.stacks.height() // 2)  # the first stack: the largest chip
    drag(qtbot, tray.stacks, stack, tray._rack[extra], QPoint(10, 10))
    assert tray.breakdown() == chips
    qtbot.keyClick(tray, Qt.Key.Key_Return)


def to_payment(screen, skill: str) -> None:
    """Answer right up to the round's next payment (chips paid to a player: its data names the table's chips)."""
    c = screen.controller
    while not (c.current.skill == skill and "chips" in c.current.question.data):
        c.answer(c.current.question.answer)


@pytest.fixture
def settings(tmp_path, trainee_ctx):
    trainee_ctx.settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    return trainee_ctx.settings


def open_screen(qtbot, shown, ctx, make, seed: int):
    screen = shown(make(ctx), (1280, 720))
    qtbot.waitExposed(screen)
    screen.speed.setCurrentIndex(screen.speed.findData(INSTANT))
    screen.new_round(seed)
    return screen


@pytest.mark.parametrize("make, seed, skill", SCREENS, ids=IDS)
def test_a_round_pays_its_winners_on_the_chip_tray_by_keys_and_by_dragging(qtbot, shown, trainee_ctx, settings,
                                                                         make, seed, skill):
    screen = open_screen(qtbot, shown, trainee_ctx, make, seed)
    c, tray = screen.controller, screen.answers.tray
    payments = [t for t in c.round.tasks if t.question.kind.value == "chips"]
    assert len(payments) >= 2 and {t.skill for t in payments} == {skill}
    to_payment(screen, skill)
    q = c.current.question
    amount = q.data["amount_cents"]
    assert screen.answers.currentWidget() is tray and screen.window().focusWidget() is tray  # the keys go to it
    assert screen.question.prompt.text() == plain_words(q.prompt) and "fewest chips" in q.prompt
    assert tray.chips == tuple(sorted(trainee_ctx.profile.chips, reverse=True))  # the table's chips
    assert q.answer == str(fewest_chips(amount, tray.chips))  # the key: count × denomination
    pay_with_keys(qtbot, tray, q, parse_breakdown(q.answer))
    assert c.round.history[-1].feedback.correct and c.round.history[-1].answer == q.answer
    to_payment(screen, skill)
    q = c.current.question
    assert screen.answers.currentWidget() is tray
    pay_by_dragging(qtbot, tray, parse_breakdown(q.answer))
    assert c.round.history[-1].feedback.correct
    while not c.round.finished:
        c.answer(c.current.question.answer)
    assert "Score 100%" in screen.summary.headline.text()
    records = shared_store(trainee_ctx).answers("Ana", skill=skill)
    assert sum(1 for a in records if a.correct and "×" in a.answer) >= 2  # recorded as the chips paid


@pytest.mark.parametrize("make, seed, skill", SCREENS, ids=IDS)
def test_a_right_total_in_too_many_chips_is_told_apart_from_a_wrong_total(qtbot, shown, trainee_ctx, settings,
                                                                        make, seed, skill):
    screen = open_screen(qtbot, shown, trainee_ctx, make, seed)
    c, tray = screen.controller, screen.answers.tray
    to_payment(screen, skill)
    q = c.current.question
    key = parse_breakdown(q.answer)
    big = key.stacks[0][0]
    smaller = next(chip for chip in tray.chips if chip < big)
    counts = dict(key.stacks)
    counts[big] -= 1
    counts[smaller] = counts.get(smaller, 0) + big // smaller  # the right amount: a chip paid in smaller ones
    many = Breakdown.of(counts)
    pay_with_keys(qtbot, tray, q, many)
    assert screen.action.currentWidget() is screen.feedback
    told = screen.feedback.given.text()
    assert f"too many chips: {many.chips} chips, where {key.chips} pay it" in told
    assert f"Correct: {q.answer}" in screen.feedback.expected.text()  # the key as count × denomination
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)
    to_payment(screen, skill)
    q = c.current.question
    counts = dict(parse_breakdown(q.answer).stacks)
    smallest = min(tray.chips)
    counts[smallest] = counts.get(smallest, 0) + 1  # one chip too many: a wrong total
    wrong = Breakdown.of(counts)
    pay_with_keys(qtbot, tray, q, wrong)
    assert f"these chips make {format_cents(wrong.total)}, not" in screen.feedback.given.text()
    assert [a.feedback.correct for a in c.round.history if a.task.question.kind.value == "chips"] == [False, False]


@pytest.mark.parametrize("make, seed, skill", SCREENS, ids=IDS)
def test_the_typed_totals_setting_asks_each_payment_as_a_total_and_is_remembered(qtbot, shown, trainee_ctx, settings,
                                                                               make, seed, skill):
    screen = open_screen(qtbot, shown, trainee_ctx, make, seed)
    c = screen.controller
    to_payment(screen, skill)
    amount = c.current.question.data["amount_cents"]
    qtbot.keyClick(screen.answers.tray, Qt.Key.Key_F2)  # F2: this payment typed
    assert screen.typed_totals.isChecked() and settings.value(SETTING) in (True, "true")
    q = c.current.question
    assert q.kind.value == "money" and q.answer == amount
    edit = screen.answers.typed.edit
    assert screen.answers.currentWidget() is screen.answers.typed and screen.window().focusWidget() is edit
    assert screen.question.prompt.text() == plain_words(q.prompt) and "fewest chips" not in q.prompt
    qtbot.keyClicks(edit, format_cents(amount))
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert c.round.history[-1].feedback.correct and c.round.history[-1].answer == format_cents(amount)
    assert all(t.question.kind.value != "chips" for t in c.round.tasks)
    # the next screen opened (the next session) types its totals too; F2 on it pays in chips again
    again = open_screen(qtbot, shown, trainee_ctx, make, seed)
    assert again.typed_totals.isChecked()
    assert all(t.question.kind.value != "chips" for t in again.controller.round.tasks)
    to_payment(again, skill)
    qtbot.keyClick(again.answers.typed.edit, Qt.Key.Key_F2)
    assert not again.typed_totals.isChecked() and settings.value(SETTING) in (False, "false")
    assert again.answers.currentWidget() is again.answers.tray
    assert again.controller.current.question.kind.value == "chips"


@pytest.mark.parametrize("game, key", [("paigow", "dealer"), ("baccarat", "baccarat-dealer")])
def test_the_tray_fits_the_dealers_column_at_projector_1280x720(qtbot, sized_window, game, key):
    """Five stacks (every chip but the two largest) and their total stay inside the column: nothing is cut
    off on the right, and the window is not made wider."""
    window = sized_window("projector", profile="pa-2019" if game == "paigow" else "pa-631a")
    window.ctx.set_game(game)
    screen = window.show_screen(key)
    screen.prepare_snapshot(seed=1, move=None)
    tray = screen.answers.tray
    assert screen.answers.currentWidget() is tray
    for cents in tray.chips[2:]:
        tray.add(cents)
    _settle(window, (1280, 720))
    assert (window.width(), window.height()) == (1280, 720)
    column = screen.side_scroll.viewport()
    right = tray.stacks.mapTo(column, QPoint(tray.stacks.width(), 0)).x()
    assert right <= column.width()
    stacks = tray.stacks
    drawn = 8 + len(stacks.breakdown.stacks) * (stacks.stack_width() + 12) - 12  # as paintEvent lays them out
    assert len(stacks.breakdown.stacks) == 5 and drawn <= stacks.width()
    assert stacks.stack_at(QPoint(drawn - 2, 10)) == tray.chips[-1]  # the last stack, where it is drawn
    assert tray.total.wordWrap() and tray.total.mapTo(column, QPoint(tray.total.width(), 0)).x() <= column.width()
