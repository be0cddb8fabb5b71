"""The Dealer's seat screen: a whole round through the real widgets, mistakes, parse errors, the
progress store, demonstration mode, irregularities, and the round's table frames."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QLabel

from tests.test_ui_dealer_chips import pay_with_keys
from trainer.rulebook.citations import refs
from trainer.rules.chips import parse_breakdown
from trainer.drills.text import plain_words
from trainer.drills.paigow.dealer_round import RoundSpec, play_spec, playable
from trainer.rules.paigow.delivery import InPile
from trainer.rules.paigow.irregularities import Irregularity
from trainer.rules.money import format_cents
from trainer.rules.paigow.tiles import TILE_SET
from trainer.ui.paigow import table_layout as L
from trainer.ui.paigow.dealer_screen import DealerScreen
from trainer.ui.paigow.player import INSTANT
from trainer.ui.progress_link import shared_store
from trainer.ui.paigow.round_frames import round_table

CTX_SEED = 5


@pytest.fixture
def screen(qtbot, shown, trainee_ctx):
    widget = shown(DealerScreen(trainee_ctx), (1600, 900))
    qtbot.waitExposed(widget)
    widget.speed.setCurrentIndex(widget.speed.findData(INSTANT))
    widget.new_round()
    # a round with something to pay: a round the dealer wins outright now asks no amount (its losing
    # wagers collected whole are shown, not asked: issue 40), so the drawn round may have none
    while "dealer-pay" not in {t.skill for t in widget.controller.round.tasks}:
        widget.new_round()
    return widget


def click_scene(qtbot, screen: DealerScreen, x: float, y: float) -> None:
    view = screen.pane.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(QPointF(x, y)))


def click_stack(qtbot, screen: DealerScreen, stack: str) -> None:
    """Click the top tile of ``stack`` as the table shows it."""
    c = screen.controller
    state = c.table.states[c.done_steps(c.round.index)]
    ids = [i for i, p in enumerate(state.places) if isinstance(p, InPile) and p.stack == stack]
    top = max(ids, key=lambda i: screen.pane.scene.tiles[i].zValue())
    pos = screen.pane.scene.tiles[top].pos()
    click_scene(qtbot, screen, pos.x(), pos.y())


def set_by_keys(qtbot, screen: DealerScreen, tiles: list[str], answer: str) -> None:
    """Place the high hand's two tiles with 1-4 and H (the rest fill the low hand), then Enter."""
    setter = screen.answers.setter
    free = list(range(len(tiles)))
    for face in answer.split(" / ")[0].split():
        index = next(i for i in free if tiles[i] == face)
        free.remove(index)
        qtbot.keyClick(setter, Qt.Key.Key_1 + index)
        qtbot.keyClick(setter, Qt.Key.Key_H)
    qtbot.keyClick(setter, Qt.Key.Key_Return)


def answer_by_widgets(qtbot, screen: DealerScreen, clicked: set[str], wrong_pay: bool = False) -> None:
    """Answer the current task through the widgets (the first deliver and position by the table)."""
    q = screen.controller.current.question
    kind = q.kind.value
    if q.skill == "dealer-deliver" and "deliver" not in clicked:
        clicked.add("deliver")
        click_stack(qtbot, screen, q.answer)
    elif kind == "position" and "position" not in clicked:
        clicked.add("position")
        spot = L.SPOTS[q.answer]
        click_scene(qtbot, screen, spot.x, spot.y)
    elif kind in ("choice", "position"):
        qtbot.keyClick(screen.answers.choices, Qt.Key.Key_0 + screen.answers.choices.keys[list(q.choices).index(q.answer)])
    elif kind == "money":
        edit = screen.answers.typed.edit
        qtbot.keyClicks(edit, format_cents(q.answer + 100 if wrong_pay else q.answer))
        qtbot.keyClick(edit, Qt.Key.Key_Return)
    elif kind == "chips":  # a payment paid on the chip tray with the chips' number keys
        assert not wrong_pay, "a wrong payment is asked as a typed total"
        pay_with_keys(qtbot, screen.answers.tray, q, parse_breakdown(q.answer))
    elif kind == "setting":
        set_by_keys(qtbot, screen, q.data["tiles"], q.answer)
    else:
        raise AssertionError(f"unexpected answer kind {kind}")


def labels_text(widget) -> str:
    return "\n".join(label.text() for label in widget.findChildren(QLabel))


def test_a_round_played_through_the_widgets_scores_100_percent(qtbot, screen, trainee_ctx):
    clicked: set[str] = set()
    skills = set()
    r = screen.controller.round
    while not r.finished:
        task = screen.controller.current
        assert screen.question.prompt.text() == plain_words(task.question.prompt)
        skills.add(task.skill)
        answer_by_widgets(qtbot, screen, clicked)
        assert r.history[-1].feedback.correct, r.history[-1].feedback
    assert clicked == {"deliver", "position"}
    assert {"dealer-count", "dealer-deliver", "dealer-set", "dealer-pay"} <= skills
    assert screen.pages.currentWidget() is screen.summary
    assert "Score 100%" in screen.summary.headline.text()
    assert screen.pane.player.index == len(r.round.steps)  # the whole round was shown
    # every action is in the progress store as its dealer-* skill, timed
    records = shared_store(trainee_ctx).answers("Ana")
    assert len(records) == len(r.tasks)
    assert {a.skill for a in records} == skills and all(a.correct and a.mode == "timed" for a in records)
    # Enter on the summary deals the next round
    qtbot.keyClick(screen.summary, Qt.Key.Key_Return)
    assert screen.controller.round is not r and screen.pages.currentWidget() is screen.play_page


def test_a_wrong_payout_is_stopped_with_its_citation_and_the_round_goes_on(qtbot, screen, trainee_ctx):
    c = screen.controller
    while c.current.skill != "dealer-pay":
        c.answer(c.current.question.answer)
    task = c.current
    answer_by_widgets(qtbot, screen, {"deliver", "position"}, wrong_pay=True)
    assert screen.action.currentWidget() is screen.feedback
    expected = format_cents(task.question.answer)
    assert f"Correct: {expected}" in screen.feedback.expected.text()
    assert format_cents(task.question.answer + 100) in screen.feedback.expected.text()
    assert task.question.citations[0] in screen.feedback.citation.text()
    assert screen.pane.player.index == task.step + 1  # the table shows the right action
    assert c.round.index == 1 + c.round.tasks.index(task)
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)  # go on
    assert screen.action.currentWidget() is screen.answer_page
    assert screen.question.prompt.text() == plain_words(c.current.question.prompt)
    while not c.round.finished:
        c.answer(c.current.question.answer)
    summary = c.round.summary()
    assert summary.correct == summary.answered - 1
    text = labels_text(screen.summary)
    assert f"Correct: {expected}" in text and task.question.citations[0] in text
    records = shared_store(trainee_ctx).answers("Ana", skill="dealer-pay")
    assert [a.correct for a in records].count(False) == 1


def test_an_unreadable_amount_is_shown_inline_and_counts_nothing(qtbot, screen, trainee_ctx):
    c = screen.controller
    while c.current.skill != "dealer-pay":
        c.answer(c.current.question.answer)
    before = c.round.index
    edit = screen.answers.typed.edit
    qtbot.keyClicks(edit, "12.345")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert screen.answers.typed.error.text()
    assert c.round.index == before and screen.action.currentWidget() is screen.answer_page
    assert len(shared_store(trainee_ctx).answers("Ana")) == before


def test_demonstration_mode_steps_through_every_round_step(qtbot, screen, trainee_ctx):
    c = screen.controller
    c.answer(c.current.question.answer)
    resume = screen.pane.player.index
    steps = c.round.round.steps
    qtbot.keyClick(screen, Qt.Key.Key_D)
    assert screen.demo and not screen.side.isVisible()
    view = screen.pane.view
    for k in range(1, len(steps) + 1):
        qtbot.keyClick(view, Qt.Key.Key_Right)
        assert screen.pane.player.index == k
        caption = screen.pane.caption.caption.text()
        assert caption == plain_words(steps[k - 1].say)
        assert not re.search(r"\bseat\d|table_inventory|pai_gow|\bdead\b(?! [Hh]and)", caption), caption  # issue 12
        links = refs([steps[k - 1].citation], trainee_ctx.profile)
        assert links and all(r.href in screen.pane.caption.citation.text() for r in links)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert screen.pane.player.index == len(steps) - 1
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert not screen.demo and screen.pane.player.index == resume
    assert len(shared_store(trainee_ctx).answers("Ana")) == 1  # nothing recorded in the demonstration


def test_an_injected_irregularity_is_asked(qtbot, screen):
    screen.irregularity.setCurrentIndex(screen.irregularity.findData(Irregularity.NO_ROLL.value))
    qtbot.keyClick(screen, Qt.Key.Key_N)
    c = screen.controller
    assert c.round.spec.irregularity is Irregularity.NO_ROLL
    while c.current.skill != "dealer-irregularity":
        c.answer(c.current.question.answer)
    q = c.current.question
    assert screen.question.prompt.text() == plain_words(q.prompt)
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_0 + screen.answers.choices.keys[list(q.choices).index(q.answer)])
    assert c.round.history[-1].feedback.correct


def test_the_narration_animates_then_asks(qtbot, screen):
    screen.speed.setCurrentIndex(0)  # fast
    c = screen.controller
    task = c.current
    c.answer(task.question.answer)
    assert not screen.answers.isEnabled()  # the table is playing the action
    qtbot.waitUntil(lambda: screen.question.prompt.text() == plain_words(c.current.question.prompt)
                    and screen.answers.isEnabled(), timeout=15000)
    assert screen.pane.player.index == c.done_steps(c.round.index)


def test_snapshot_stops_at_a_payment_with_hands_exposed(qtbot, trainee_ctx):
    widget = DealerScreen(trainee_ctx)
    qtbot.addWidget(widget)
    widget.prepare_snapshot(seed=5, move=None)
    c = widget.controller
    assert c.current.skill == "dealer-pay"
    assert any(t.skill == "dealer-call" for t in c.round.tasks[:c.round.index])
    assert any(p.face_up for p in widget.pane.scene.frame.tiles.values())
    assert shared_store(trainee_ctx).answers("Ana") == []  # a picture records nothing


@pytest.mark.parametrize("spec", [
    RoundSpec(seed=3, players=3), RoundSpec(seed=8, players=6, bank="seat2"),
    RoundSpec(seed=9, players=4, bank="seat1", co_bank=True), RoundSpec(seed=4, profile="nj", players=5),
    *(RoundSpec(seed=12, players=4, irregularity=kind) for kind in Irregularity),
])
def test_every_frame_of_a_round_places_all_32_tiles(spec):
    played = play_spec(playable(spec))
    table = round_table(played)
    timeline = table.timeline
    assert len(timeline) == len(played.steps) and len(table.states) == len(played.steps) + 1
    for k in range(len(timeline) + 1):
        tiles = timeline.frame_at(k).tiles
        assert sorted(tiles) == list(range(len(TILE_SET)))
        assert len({(round(p.x), round(p.y), p.level) for p in tiles.values()}) == len(TILE_SET)
    end = timeline.frame_at(len(timeline))
    assert not any(p.face_up for p in end.tiles.values())  # all face down for the next mix


def test_space_skips_the_narration(qtbot, screen):
    screen.speed.setCurrentIndex(screen.speed.findData(0.5))  # slow
    c = screen.controller
    c.answer(c.current.question.answer)
    assert not screen.answers.isEnabled()
    qtbot.keyClick(screen, Qt.Key.Key_Space)
    assert screen.answers.isEnabled() and screen.question.prompt.text() == plain_words(c.current.question.prompt)
    assert screen.pane.player.index == c.done_steps(c.round.index)


def test_a_profile_change_deals_a_round_of_that_profile(qtbot, screen, trainee_ctx):
    trainee_ctx.set_profile("nj")
    assert screen.controller.round.spec.profile == "nj"
    banks = [screen.bank.itemData(i) for i in range(screen.bank.count())]
    assert banks[0] == "dealer" and (len(banks) == 7) == trainee_ctx.profile.player_bank
    if trainee_ctx.profile.player_bank:
        screen.bank.setCurrentIndex(2)
        assert screen.co_bank.isEnabled() == bool(trainee_ctx.profile.co_bank)
        screen.new_round()
        assert screen.controller.round.spec.bank == "seat2"
