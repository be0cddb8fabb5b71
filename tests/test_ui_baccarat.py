"""Baccarat at the table: the layout, the frames built from the engine's move plans, the table screen,
and calling the game through the real widgets (a whole round right, a wrong draw decision and a
wrong vigorish each stopped with the section)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QLabel

from tests.test_ui_dealer_chips import pay_with_keys
from trainer.drills.text import plain_words
from trainer.drills.baccarat.dealer_round import RoundSpec, play_spec
from trainer.rules.baccarat.cards import card_of, points
from trainer.rules.baccarat.profiles import profile_named
from trainer.rules.chips import Breakdown, parse_breakdown
from trainer.rules.money import format_cents
from trainer.ui.baccarat import table_layout as L
from trainer.ui.baccarat.dealer_screen import BaccaratDealerScreen, BaccaratTable
from trainer.ui.baccarat.table_scene import BaccaratScene
from trainer.ui.baccarat.table_screen import BaccaratTableScreen
from trainer.ui.baccarat.timeline import chip_places, layout_for, odds_lines
from trainer.ui.paigow.player import INSTANT
from trainer.ui.progress_link import shared_store
from trainer.ui.widgets.call_builder import KEYS

CTX_SEED = 21


# --- the layout --------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", range(10, 15))
def test_every_seat_has_its_areas_inside_the_felt_and_numbered_boxes(seats):
    layout = L.TableLayout(seats, ("dragon-bonus-player", "dragon-bonus-banker", "house-money"), vig_boxes=True)
    for seat in range(1, seats + 1):
        for wager in ("banker", "player", "tie", "dragon-bonus-player", "house-money"):
            x, y = layout.cells[f"seat{seat}.{wager}"].centre()
            assert 0 < x < L.SCENE_W and 0 < y < L.DEALER_EDGE
        bx, by, bw, bh = layout.vig_box(seat)
        assert L.CX - 320 < bx and bx + bw < L.CX + 320 and by + bh < L.DEALER_EDGE  # in front of the dealer
    # seat 1 at the dealer's right (screen right), numbers rising counterclockwise (631a.7(b))
    xs = [layout.cells[f"seat{k}"].centre()[0] for k in range(1, seats + 1)]
    assert xs == sorted(xs, reverse=True)


def test_a_table_has_10_to_14_positions():
    for bad in (9, 15):
        with pytest.raises(ValueError, match="631a.2"):
            L.TableLayout(bad)


def test_the_layout_shows_what_the_table_offers():
    ez = profile_named("pa-631a-ez")
    plain = replace(profile_named("pa-631a"), dragon_bonus=None, house_money=False)
    assert "seat3.dragon-7" in layout_for(ez, 12).cells and "seat3.panda-8" in layout_for(ez, 12).cells
    assert not layout_for(ez, 12).vig_boxes  # no vigorish on an EZ table (631a.2(b)(8))
    assert {k.split(".")[1] for k in layout_for(plain, 12).cells if "." in k} == {"banker", "player", "tie"}
    assert layout_for(profile_named("pa-631a").with_options(vig_collection="deferred"), 12).vig_boxes
    assert any("DRAGON 7 INSURANCE 40 TO 1" in line for line in odds_lines(ez))
    assert "TIE 9 TO 1" in " ".join(odds_lines(profile_named("pa-631a").with_options(tie_pays=9)))


# --- frames from the engine's moves --------------------------------------------------------------------

@pytest.mark.parametrize("spec", [RoundSpec(seed=s, moment=m, squeeze=q, vig_collection=v)
                                  for s, m, q, v in ((1, "new-shoe", False, "deferred"), (2, "in-play", True, None),
                                                     (3, "last-hand", False, "at-payout"))])
def test_one_table_step_per_round_step_and_the_cards_where_the_engine_puts_them(spec):
    played = play_spec(spec)
    timeline = BaccaratTable(played).timeline
    assert len(timeline) == len(played.steps)
    end = timeline.frame_at(len(timeline))
    assert not any(int(key) >= 0 and spot.y < L.DEALER_EDGE
                   for key, spot in end.cards.items())  # every card of the round went to the discard bucket
    shown = {}
    for step in timeline.steps:  # each hand's cards lie in its own area, at most three (631a.10(c))
        for key, spot in step.frame.cards.items():
            for hand, (x, y) in L.HANDS.items():
                if int(key) >= 0 and abs(spot.x - x) < L.HAND_W / 2 and abs(spot.y - y) < L.HAND_H / 2:
                    shown.setdefault(hand, set()).add(key)
    assert len(shown["player-hand"]) == len(played.round.player) and len(shown["banker-hand"]) == len(played.round.banker)


def test_chips_fly_between_the_wager_areas_and_the_tray():
    played = play_spec(RoundSpec(seed=8, players=7))
    for chip in played.round.chips:
        frm, to = chip_places(chip)
        assert "tray" in (frm, to)
        other = to if frm == "tray" else frm
        assert other.startswith("seat")
        if "vigorish" not in chip.why:
            assert "." in other  # a wager's own area


def test_counts_show_only_once_announced():
    played = play_spec(RoundSpec(seed=4))
    timeline = BaccaratTable(played).timeline
    announce = next(i for i, s in enumerate(played.steps) if s.action == "announce")
    assert all(not timeline.frame_at(i).counts for i in range(announce + 1))
    first_two = {hand: str(points(card_of(c) for c in getattr(played.round, hand)[:2])) for hand in ("player", "banker")}
    assert timeline.frame_at(announce + 1).counts == {"player-hand": first_two["player"],
                                                      "banker-hand": first_two["banker"]}


@pytest.mark.parametrize("seed", range(12))
def test_a_count_badge_never_shows_a_two_card_total_beside_three_cards(seed):
    """After a third card the hand's badge is blank until the result is announced, then it shows the
    three-card total (631a.11; issue 29 goal 6: "the count badge shows three-card totals")."""
    played = play_spec(RoundSpec(seed=seed))
    timeline = BaccaratTable(played).timeline
    for i in range(len(timeline.steps) + 1):
        frame = timeline.frame_at(i)
        for hand, count in frame.counts.items():
            slots = {L.card_slot(hand, k)[:2] for k in range(3)}
            up = [card_of(int(key)) for key, spot in frame.cards.items() if spot.face_up and (spot.x, spot.y) in slots]
            assert count == str(points(up)), (seed, i, hand, count)
    result = next(i for i, s in enumerate(played.steps) if s.action == "result")
    assert timeline.frame_at(result + 1).counts == {
        f"{hand}-hand": str(points(card_of(c) for c in getattr(played.round, hand))) for hand in ("player", "banker")}


# --- calling the game through the widgets -------------------------------------------------------------

@pytest.fixture
def screen(qtbot, shown, trainee_ctx):
    widget = shown(BaccaratDealerScreen(trainee_ctx), (1600, 900))
    qtbot.waitExposed(widget)
    widget.speed.setCurrentIndex(widget.speed.findData(INSTANT))
    widget.variant.setCurrentIndex(widget.variant.findText("vig marker"))
    widget.new_round()
    return widget


def click_seat(qtbot, screen, seat: int) -> None:
    cell = screen.controller.table.layout.cells[f"seat{seat}"]
    view = screen.pane.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(QPointF(*cell.centre())))


def answer_by_widgets(qtbot, screen, clicked: set[str], wrong: bool = False) -> None:
    """Answer the current task through the widgets (the first seat question by clicking the table)."""
    q = screen.controller.current.question
    if q.kind.value == "choice":
        index = list(q.choices).index(q.answer)
        if wrong:
            index = (index + 1) % len(q.choices)
        if q.answer.startswith("Seat ") and not wrong and "seat" not in clicked:
            clicked.add("seat")
            click_seat(qtbot, screen, int(q.answer.split()[1]))
        else:
            qtbot.keyClick(screen.answers.choices, Qt.Key.Key_0 + screen.answers.choices.keys[index])
    elif q.kind.value == "call":  # called on the call builder by its phrase keys (wrong: the last phrase)
        caller = screen.answers.caller
        assert screen.answers.currentWidget() is caller
        last = next(c for c in q.choices if c != q.answer[-1]) if wrong else q.answer[-1]
        for phrase in (*q.answer[:-1], last):
            qtbot.keyClicks(caller, KEYS[caller.phrases.index(phrase)])
        qtbot.keyClick(caller, Qt.Key.Key_Return)
    elif q.kind.value == "chips":  # a payout paid on the chip tray with the chips' number keys (wrong: one chip more)
        tray = screen.answers.tray
        assert screen.answers.currentWidget() is tray
        counts = dict(parse_breakdown(q.answer).stacks)
        smallest = min(tray.chips)
        counts[smallest] = counts.get(smallest, 0) + wrong
        pay_with_keys(qtbot, tray, q, Breakdown.of(counts))
    else:
        edit = screen.answers.typed.edit
        value = q.answer + (1 if wrong else 0)
        qtbot.keyClicks(edit, format_cents(value) if q.kind.value == "money" else str(value))
        qtbot.keyClick(edit, Qt.Key.Key_Return)


def labels_text(widget) -> str:
    return "\n".join(label.text() for label in widget.findChildren(QLabel))


def test_a_round_called_through_the_widgets_with_every_action_right_scores_100_percent(qtbot, screen, trainee_ctx):
    r = screen.controller.round
    clicked: set[str] = set()
    skills = set()
    while not r.finished:
        task = screen.controller.current
        assert screen.question.prompt.text() == plain_words(task.question.prompt)
        assert screen.pane.player.index == task.step  # the table shows the round up to this action
        skills.add(task.skill)
        answer_by_widgets(qtbot, screen, clicked)
        assert r.history[-1].feedback.correct, r.history[-1].feedback
    assert clicked == {"seat"}
    assert {"bac-dealer-cut", "bac-dealer-burn", "bac-dealer-shoe", "bac-dealer-count", "bac-dealer-player-draw",
            "bac-dealer-result", "bac-dealer-pay"} <= skills
    assert screen.pages.currentWidget() is screen.summary
    assert "Score 100%" in screen.summary.headline.text()
    assert screen.pane.player.index == len(r.round.steps)
    records = shared_store(trainee_ctx).answers("Ana")
    assert len(records) == len(r.tasks) and all(a.correct and a.mode == "timed" for a in records)
    assert {a.skill for a in records} == skills


def _until(screen, skill: str, accept=lambda task: True) -> None:
    """Answer right until a task of ``skill`` is asked (new rounds as needed)."""
    c = screen.controller
    for _ in range(40):
        while not c.round.finished:
            if c.current.skill == skill and accept(c.current):
                return
            c.answer(c.current.question.answer)
        screen.new_round()
    raise AssertionError(f"no {skill} task in 40 rounds")


def test_the_highlight_follows_the_question_and_never_lights_the_answer(qtbot, screen):
    """While a task is asked only what its question names is lit: the seat being paid, the hand being
    counted; never the losers just collected, the last seat paid, or a seat that is the answer (issue 29)."""
    import re

    c = screen.controller
    seen = set()
    for _ in range(6):
        while not c.round.finished:
            task = c.current
            q = task.question
            lit = set(screen.pane.scene.frame.highlight)
            glowing = {key for key, item in screen.pane.scene.glows.items() if item.glow > 0}
            assert glowing == lit
            named = {f"seat{n}" for n in re.findall(r"\bSeat (\d+)", q.prompt)}
            assert {key.split(".")[0] for key in lit if key.startswith("seat")} <= named, (q.prompt, lit)
            if q.answer in {f"Seat {n}" for n in range(1, 15)}:
                assert f"seat{q.answer.split()[1]}" not in {key.split(".")[0] for key in lit}, (q.prompt, lit)
            if task.skill == "bac-dealer-pay":
                paid = re.search(r"Seat (\d+)", q.prompt).group(1)
                assert any(key.startswith(f"seat{paid}.") for key in lit), (q.prompt, lit)  # the wager paid
                seen.add("pay")
            if task.skill == "bac-dealer-count":  # both hands when both counts are called
                hands = {key for key, title in (("player-hand", "Player's Hand"), ("banker-hand", "Banker's Hand"))
                         if title in q.prompt}
                assert hands and lit == hands, (q.prompt, lit)
                seen.add("count")
            c.answer(q.answer)
        screen.new_round()
    assert seen == {"pay", "count"}


@pytest.mark.parametrize("skill, section", [("bac-dealer-banker-draw", "631a.11(c)"),
                                            ("bac-dealer-vig", "631a.13")])
def test_a_wrong_action_is_stopped_with_its_section_and_the_round_goes_on(qtbot, screen, trainee_ctx, skill, section):
    _until(screen, skill)
    c = screen.controller
    task = c.current
    answer_by_widgets(qtbot, screen, {"seat"}, wrong=True)
    assert screen.action.currentWidget() is screen.feedback
    assert f"Correct: {c.round.history[-1].feedback.expected}" in screen.feedback.expected.text()
    assert any(section in cite for cite in task.question.citations)
    assert section in screen.feedback.citation.text()
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)  # go on
    while not c.round.finished:
        c.answer(c.current.question.answer)
    summary = c.round.summary()
    assert summary.correct == summary.answered - 1
    assert section in labels_text(screen.summary)
    assert [a.correct for a in shared_store(trainee_ctx).answers("Ana", skill=skill)].count(False) == 1


def test_an_injected_irregularity_is_asked_with_its_remedy(qtbot, screen):
    screen.irregularity.setCurrentIndex(screen.irregularity.findData("third-disclosed"))
    screen.new_round()
    _until(screen, "bac-dealer-irregularity")
    q = screen.controller.current.question
    assert q.citations[0].startswith("631a.15(c)") and q.answer in q.choices


def test_too_few_cards_is_a_chosen_irregularity_and_voids_the_round(qtbot, screen):
    """Issue 17: 631a.15(e) offered on the screen; the round is void, every wager returned."""
    from trainer.rules.baccarat.irregularities import VOID

    screen.irregularity.setCurrentIndex(screen.irregularity.findText("too few"))
    assert screen.irregularity.currentData() == "too-few"
    screen.new_round()
    r = screen.controller.round
    clicked: set[str] = set()
    asked = []
    while not r.finished:
        task = screen.controller.current
        if task.skill == "bac-dealer-irregularity":
            asked.append(task.question)
        answer_by_widgets(qtbot, screen, clicked)
    [q] = asked
    assert q.answer == VOID and q.citations[0].startswith("631a.15(e)")
    assert r.round.round.void and "Score 100%" in screen.summary.headline.text()
    assert screen.pane.player.index == len(r.round.steps)


def test_demonstration_mode_steps_through_every_round_step(qtbot, screen):
    screen.set_demo(True)
    player = screen.pane.player
    assert player.index == 0 and not screen.options.isVisible()
    for _ in range(5):
        qtbot.keyClick(screen.pane.view, Qt.Key.Key_Space)
    assert player.index == 5
    qtbot.keyClick(screen.pane.view, Qt.Key.Key_Escape)
    assert not screen.demo


# --- the table screen ---------------------------------------------------------------------------------

def test_the_table_screen_plays_a_new_shoe_with_captions_and_sections(qtbot, shown, trainee_ctx):
    widget = shown(BaccaratTableScreen(trainee_ctx))
    player = widget.player
    widget.rounds.setValue(2)
    captions = []
    player.captionChanged.connect(lambda caption, citation: captions.append((caption, citation)))
    player.set_speed(INSTANT)
    player.play()
    assert player.at_end
    assert any(c.startswith("631a.5(f)") for _, c in captions)  # the burn
    assert all(citation for _, citation in captions)
    assert any(caption == "No more bets." for caption, _ in captions)
    qtbot.keyClick(widget, Qt.Key.Key_Home)
    assert player.index == 0
    widget.seats.setValue(11)
    assert widget.pane.scene.layout.seats == 11


def test_the_table_screen_opens_with_the_profiles_fourteen_seats(shown, trainee_ctx):
    """The profile and docs/baccarat.md B11 say 14 numbered positions (631a.2(a)); the screen agrees."""
    from trainer.ui.baccarat.table_layout import DEFAULT_SEATS

    widget = shown(BaccaratTableScreen(trainee_ctx))
    assert widget.seats.value() == widget.profile().seats == DEFAULT_SEATS == 14
    assert widget.pane.scene.layout.seats == 14
    assert {"seat1", "seat14"} <= set(widget.pane.scene.layout.cells)


def test_a_click_on_the_table_screens_buttons_and_slider_leaves_the_keys_to_the_table(qtbot, shown, trainee_ctx):
    from PySide6.QtWidgets import QAbstractButton, QSlider

    widget = shown(BaccaratTableScreen(trainee_ctx))
    controls = widget.findChildren(QAbstractButton) + widget.findChildren(QSlider)
    assert len(controls) >= 10
    assert {c.focusPolicy() for c in controls} == {Qt.FocusPolicy.NoFocus}


def test_a_frame_of_the_scene_renders_the_cards_face_up_only_when_shown(qtbot):
    scene = BaccaratScene("dark", layout_for(profile_named("pa-631a"), 12))
    played = play_spec(RoundSpec(seed=6))
    timeline = BaccaratTable(played).timeline
    scene.show_frame(timeline.frame_at(len(timeline) // 2))
    faces = {key: item.shows_face() for key, item in scene.card_items.items() if item.isVisible()}
    frame = timeline.frame_at(len(timeline) // 2)
    assert faces == {key: spot.face_up for key, spot in frame.cards.items()}
    scene.set_reveal(True)
    assert all(item.shows_face() for item in scene.card_items.values() if item.isVisible())


# --- the game switched from the main window -------------------------------------------------------------

def test_the_game_is_switched_from_the_main_window(qtbot, trainee_ctx):
    from trainer.ui import main_window as mw

    window = mw.MainWindow(trainee_ctx)
    qtbot.addWidget(window)
    window.show()
    window.finish_startup()
    paigow_table = window.show_screen("table")
    window.profile_by_name["md"].trigger()
    window.game_actions["baccarat"].trigger()
    assert trainee_ctx.game.id == "baccarat" and trainee_ctx.profile.name == "pa-631a"
    assert window.game_button.text() == "Game: Baccarat"
    assert window.current_key == "baccarat-table"  # the table of the game in play
    assert isinstance(window.current_screen(), BaccaratTableScreen)
    visible = {k for k, a in window.screen_actions.items() if a.isVisible()}
    assert visible == {"baccarat-table", "drills", "learn", "progress", "exam", "baccarat-dealer", "rulebook", "class"}
    dealer = window.show_screen("dealer")  # a name: this game's screen of that name
    assert isinstance(dealer, BaccaratDealerScreen)
    window.profile_by_name["pa-631a-ez"].trigger()  # a Baccarat profile: the screens follow it
    assert dealer.controller.round.round.profile.ez
    assert paigow_table.ctx.profile.name == "md"  # the hidden Pai Gow screen kept its own profile
    drills = window.show_screen("drills")
    assert drills is window.hosts["drills"].screen
    window.game_actions["paigow"].trigger()
    assert trainee_ctx.profile.name == "md" and window.current_key == "drills"
    assert window.show_screen("table") is paigow_table


def test_snapshot_renders_baccarat_screens_and_refuses_what_the_game_has_not(qapp, tmp_path, capsys):
    from PySide6.QtGui import QImage

    from trainer.cli import main

    for screen, size in (("scene", "640x360"), ("dealer", "1280x720"), ("table", "1280x720")):
        out = tmp_path / f"{screen}.png"
        assert main(["snapshot", "--game", "baccarat", "--screen", screen, "--size", size, "--move", "9",
                     "--out", str(out)]) == 0
        image = QImage(str(out))
        assert f"{image.width()}x{image.height()}" == size
    assert "baccarat dealer, pa-631a" in capsys.readouterr().out
    for flags, message in ((["--game", "baccarat", "--screen", "player"], "no 'player' screen"),
                           (["--game", "baccarat", "--profile", "md"], "not a Baccarat profile"),
                           (["--game", "chess"], "unknown game"),
                           (["--game", "baccarat", "--screen", "scene", "--move", "999"], "past the end")):
        assert main(["snapshot", *flags, "--out", str(tmp_path / "x.png")]) == 2
        assert message in capsys.readouterr().err


def test_an_unauthorised_third_card_lies_on_the_layout_when_its_remedy_is_asked():
    from trainer.drills.baccarat.dealer_round import playable, round_tasks

    spec = playable(RoundSpec(seed=2, irregularity="third-disclosed"))
    played = play_spec(spec)
    task = next(t for t in round_tasks(spec, played) if t.skill == "bac-dealer-irregularity")
    frame = BaccaratTable(played).timeline.frame_at(task.step)  # what the table shows while it is asked
    x, y = L.HANDS["player-hand"]
    third = [s for k, s in frame.cards.items() if int(k) >= 0 and s.rotation == 90.0 and abs(s.x - x) < L.HAND_W]
    assert len(third) == 1 and third[0].face_up  # disclosed: dealt face up (631a.15(c))


def test_the_table_caption_cites_631a_as_a_rule_book_link(qtbot, trainee_ctx):
    """The caption's section is a link, as on Pai Gow's table (the rule book opens at it)."""
    from trainer.ui.baccarat.table_screen import BaccaratTableScreen

    trainee_ctx.set_profile("pa-631a")
    screen = BaccaratTableScreen(trainee_ctx.for_game("baccarat"))
    qtbot.addWidget(screen)
    screen.player.goto(len(screen.player.timeline.steps))
    text = screen.pane.caption.citation.text()
    assert "<a " in text and "631a." in text


@pytest.mark.parametrize("seats", range(10, 15))
def test_a_marker_button_leaves_its_boxs_number_readable(qtbot, seats):
    """A marker button (631a.13(d)(2)(ii)) lies on its numbered box (631a.2(b)(8)) and covers none of the
    number printed in it (issue 29 goal 6)."""
    from trainer.ui.baccarat.table_paint import printed_labels

    layout = L.TableLayout(seats, ())
    scene = BaccaratScene("dark", layout)
    numbers = {label.text: label.rect for label in printed_labels(layout, (), 1.0)
               if label.rect.top() >= L.VIG_Y - 1 and label.text.isdigit()}
    for seat in range(1, seats + 1):
        box = QRectF(*layout.vig_box(seat))
        marker = scene._marker(seat)
        marker.set_cents(125)
        drawn = marker.sceneBoundingRect()
        assert drawn.intersects(box) and abs(drawn.center().x() - box.center().x()) < 0.5  # on its own box
        assert box.contains(numbers[str(seat)]) and drawn.bottom() - 2 <= numbers[str(seat)].top(), seat
        assert numbers[str(seat)].height() >= 12  # room for the number at a readable size


def test_a_whole_round_called_aloud_at_every_point_with_one_wrong_phrase_shown_with_its_section(qtbot, screen,
                                                                                                trainee_ctx):
    """Reading B30 through the real call builder: the counts, "Player draws", the Player's new count,
    "Banker draws" (called wrong: stopped with 631a.11(c)), the Banker's new count and the result."""
    c = screen.controller
    for seed in range(200):
        screen.new_round(seed=seed)
        items = {t.question.item for t in c.round.tasks if t.question.kind.value == "call"}
        if {"counts", "player-third", "banker-third"} <= items:
            break
    else:
        raise AssertionError("no round in which both hands draw")
    points = []
    while not c.round.finished:
        task = c.current
        q = task.question
        wrong = q.skill == "bac-dealer-banker-draw"
        answer_by_widgets(qtbot, screen, {"seat"}, wrong=wrong)
        if q.kind.value == "call":
            points.append(q.item if q.skill == "bac-dealer-count" else q.skill)
        if wrong:
            feedback = c.round.history[-1].feedback
            section = q.data["sections"][0]
            assert not feedback.correct and section.startswith("631a.11(c)")
            assert feedback.mistake == f'phrase 1: "Banker stands", the call is "Banker draws" ({section})'
            assert screen.action.currentWidget() is screen.feedback
            assert section in screen.feedback.given.text() and "Banker draws" in screen.feedback.expected.text()
            qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)  # Enter goes on
        else:
            assert c.round.history[-1].feedback.correct, c.round.history[-1].feedback
    assert points == ["counts", "bac-dealer-player-draw", "player-third", "bac-dealer-banker-draw", "banker-third",
                      "bac-dealer-result"]
    assert screen.pages.currentWidget() is screen.summary
    assert c.round.summary().correct == c.round.summary().answered - 1
