"""The Drills screen through its real widgets: keys and clicks in, answers in the progress store out."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent

from trainer.ui.citation_links import text_html
from trainer.rules.paigow.tiles import Tile
from trainer.ui import drill_screen
from trainer.ui.context import AppContext
from trainer.ui.progress_link import close_shared_stores, shared_store


CTX_SEED = 11


@pytest.fixture
def ctx(trainee_ctx):
    return trainee_ctx


@pytest.fixture
def screen(shown, ctx):
    return shown(drill_screen.create_screen(ctx))


def start(qtbot, screen, skill: str, *, timed: bool = False, length: int = 0):
    screen.select_skill(skill)
    if timed:
        qtbot.mouseClick(screen.timed, Qt.MouseButton.LeftButton)
    screen.length.setValue(length)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    assert screen.controller.running
    return screen.controller.session.current


def log(ctx):
    return shared_store(ctx).answers("Ana")


def test_choices_by_number_key_and_by_mouse_are_recorded(qtbot, screen, ctx):
    q = start(qtbot, screen, "tile-compare")
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert [(r.skill, r.correct, r.answer) for r in log(ctx)] == [("tile-compare", True, q.answer)]
    assert screen.feedback.isVisible() and "Correct" in screen.feedback.verdict.text()

    qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)  # next question
    q2 = screen.controller.session.current
    assert q2 is not None and q2 != q
    wrong = next(i for i, c in enumerate(q2.choices) if c != q2.answer)
    qtbot.mouseClick(screen.answers.choices.buttons[wrong], Qt.MouseButton.LeftButton)
    records = log(ctx)
    assert [r.correct for r in records] == [True, False]
    assert records[1].answer == q2.choices[wrong]


def test_wrong_answer_shows_correct_answer_explanation_and_citation(qtbot, screen, ctx):
    q = start(qtbot, screen, "hand-compare")
    wrong = next(i for i, c in enumerate(q.choices) if c != q.answer)
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + wrong)
    fb = screen.feedback
    assert fb.isVisible() and "Wrong" in fb.verdict.text()
    assert q.answer in fb.expected.text()
    assert q.citations[0] in fb.citation.text()
    # the citation once (issue 26): one link under a short why that no longer ends with the citations
    assert "rulebook:" not in fb.explanation.text() and q.citations[0] not in fb.explanation.text()
    assert fb.explanation.text().startswith(text_html(q.explanation.split(" (")[0], ctx.profile)[:40])
    assert "spec " not in fb.explanation.text() and fb.citation.text().count("rulebook:") == 1
    # Enter also moves on
    qtbot.keyClick(fb, Qt.Key.Key_Return)
    assert screen.controller.session.current is not None and not fb.isVisible()


def test_money_parse_error_is_shown_inline_and_not_recorded(qtbot, screen, ctx):
    q = start(qtbot, screen, "vigorish")
    edit = screen.answers.typed.edit
    assert edit.hasFocus() or screen.answers.currentWidget() is screen.answers.typed
    qtbot.keyClicks(edit, "12.345")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert "more than two digits" in screen.answers.typed.error.text()
    assert log(ctx) == [] and not screen.feedback.isVisible()
    edit.clear()
    qtbot.keyClicks(edit, f"{q.answer / 100:.2f}")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert [(r.skill, r.correct) for r in log(ctx)] == [("vigorish", True)]


def _placement_keys(q):
    """Tile numbers (1-4) of the expected high hand, from the question's tiles as dealt."""
    dealt = [Tile.parse(t) for t in q.data["tiles"]]
    high = [Tile.parse(t) for t in q.answer.split("/")[0].split()]
    indexes = []
    for tile in high:
        i = next(i for i, t in enumerate(dealt) if t == tile and i not in indexes)
        indexes.append(i)
    return indexes


def test_setting_a_hand_by_keyboard_with_undo(qtbot, screen, ctx):
    q = start(qtbot, screen, "house-way")
    setter = screen.answers.setter
    assert screen.answers.currentWidget() is setter
    high = _placement_keys(q)
    low = [i for i in range(4) if i not in high]
    # a slip, undone with Backspace
    qtbot.keyClick(setter, Qt.Key.Key_1 + low[0])
    qtbot.keyClick(setter, Qt.Key.Key_H)
    assert len(setter.placement()[0]) == 1
    qtbot.keyClick(setter, Qt.Key.Key_Backspace)
    assert setter.placement() == ((), ())
    qtbot.keyClick(setter, Qt.Key.Key_Return)  # incomplete: a message, nothing recorded
    assert "Place all four" in setter.message.text() and log(ctx) == []
    for i in high:
        qtbot.keyClick(setter, Qt.Key.Key_1 + i)
        qtbot.keyClick(setter, Qt.Key.Key_H)
    assert len(setter.placement()[1]) == 2  # the other two went low by themselves
    qtbot.keyClick(setter, Qt.Key.Key_Return)
    assert [(r.skill, r.correct) for r in log(ctx)] == [("house-way", True)]


def test_setting_a_hand_by_mouse_click_and_drop(qtbot, screen, ctx):
    q = start(qtbot, screen, "house-way")
    setter = screen.answers.setter
    high = _placement_keys(q)
    low = [i for i in range(4) if i not in high]
    views = list(setter._views)
    # click a tile, then the LOW zone: a wrong hand low
    qtbot.mouseClick(views[high[0]], Qt.MouseButton.LeftButton)
    assert setter.selected == high[0]
    qtbot.mouseClick(setter.low, Qt.MouseButton.LeftButton)
    assert setter.placement()[1] == (views[high[0]].tile,)
    # clicking a placed tile takes it back
    qtbot.mouseClick(views[high[0]], Qt.MouseButton.LeftButton)
    assert setter.placement() == ((), ())
    # drop the low tiles on the LOW zone (as a drag would)
    for i in low:
        mime = QMimeData()
        mime.setData("application/x-paigow-tile-index", str(i).encode())
        event = QDropEvent(QPointF(10, 10), Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                           Qt.KeyboardModifier.NoModifier)
        setter.low.dropEvent(event)  # Qt delivers drops only while a real drag runs
    assert sorted(map(str, setter.placement()[0])) == sorted(str(views[i].tile) for i in high)
    qtbot.mouseClick(setter.submit_button, Qt.MouseButton.LeftButton)
    assert [(r.skill, r.correct) for r in log(ctx)] == [("house-way", True)]


def test_multi_part_answer_and_part_error(qtbot, screen, ctx):
    q = start(qtbot, screen, "pai-gow-payout")
    form = screen.answers.parts
    qtbot.keyClick(form.inputs[0], Qt.Key.Key_1 + q.parts[0].choices.index(q.parts[0].answer))
    form.inputs[1].setText("abc")
    form.inputs[2].setText("0")
    qtbot.keyClick(form.inputs[2], Qt.Key.Key_Return)
    assert "part 2" in form.error.text() and log(ctx) == []
    form.inputs[1].setText(f"{q.parts[1].answer / 100:.2f}")
    form.inputs[2].setText(f"{q.parts[2].answer / 100:.2f}")
    qtbot.keyClick(form.inputs[2], Qt.Key.Key_Return)
    assert [(r.skill, r.correct) for r in log(ctx)] == [("pai-gow-payout", True)]


def test_hint_in_practice_is_recorded_as_hinted(qtbot, screen, ctx):
    q = start(qtbot, screen, "tile-compare")
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_Question)
    assert screen.hint_label.isVisible() and q.hint in screen.hint_label.text()
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert [(r.correct, r.hinted) for r in log(ctx)] == [(True, True)]


def test_timed_session_ends_with_a_summary(qtbot, screen, ctx):
    start(qtbot, screen, "tile-compare", timed=True, length=2)
    assert not screen.hint_button.isVisible()
    for n in range(2):
        q = screen.controller.session.current
        wrong = next(i for i, c in enumerate(q.choices) if c != q.answer)
        qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + (q.choices.index(q.answer) if n == 0 else wrong))
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)
    assert screen.pages.currentWidget() is screen.summary
    assert "50%" in screen.summary.headline.text() and "median time" in screen.summary.headline.text()
    assert "Rank two tiles" in screen.summary.weakest.text()
    assert [r.mode for r in log(ctx)] == ["timed", "timed"]


def test_escape_ends_an_open_ended_session(qtbot, screen, ctx):
    q = start(qtbot, screen, "tile-compare")
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Escape)
    assert not screen.controller.running and screen.pages.currentWidget() is screen.summary
    assert len(log(ctx)) == 1


def test_what_to_practise_next_uses_the_schedule(qtbot, screen, ctx):
    q = start(qtbot, screen, drill_screen.NEXT_UP)
    first_new = shared_store(ctx).next_up("Ana", limit=1)[0].skill
    assert q.skill == first_new


def test_no_trainee_asks_for_one(qtbot, tmp_path, monkeypatch):
    context = AppContext(seed=3, data=tmp_path / "other")
    widget = drill_screen.create_screen(context)
    qtbot.addWidget(widget)
    monkeypatch.setattr("trainer.ui.progress_link.QInputDialog.getText", lambda *a, **k: ("Bo", True))
    widget.select_skill("tile-compare")
    widget.start()
    assert context.trainee == "Bo" and widget.controller.running
    close_shared_stores()


def test_opens_from_the_main_window(qtbot, ctx):
    main_window = pytest.importorskip("trainer.ui.main_window")
    window = main_window.MainWindow(ctx)
    qtbot.addWidget(window)
    shown = window.show_screen("drills")
    assert isinstance(shown, drill_screen.DrillScreen)


def test_an_answer_that_cannot_be_saved_says_so(qtbot, screen, ctx):
    q = start(qtbot, screen, "tile-compare")
    shared_store(ctx).delete_trainee("Ana", confirm=True)
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert "Not saved" in screen.answers.choices.error.text() and "unknown trainee" in screen.answers.choices.error.text()
    assert not screen.feedback.isVisible()


def test_a_trainee_renamed_mid_drill_trains_on_under_the_new_name(qtbot, screen, ctx):
    """Issue 28: renaming (on the Progress screen, which switches to the new name) keeps the drill
    going; the next answers are saved to the same trainee, under the new name."""
    from trainer.ui.progress_link import switch_to

    q = start(qtbot, screen, "tile-compare")
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    switch_to(ctx, shared_store(ctx).rename_trainee("Ana", "Anna").name)
    assert screen.controller.running and screen.trainee_label.text() == "Trainee: Anna"
    q = screen.controller.session.current
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert screen.feedback.isVisible() and not screen.answers.choices.error.text()
    assert len(shared_store(ctx).answers("Anna")) == 2


# --- Naming the style from the animation -------------------------------------------------------------

def test_ui_rebuilds_exactly_the_drills_plan():
    from hypothesis import given, settings as hsettings, strategies as st

    from trainer.drills import generate
    from trainer.drills.paigow.dealing_drills import animation_plan
    from trainer.ui.paigow.drill_animation import round_choice
    from trainer.ui.paigow.timeline import plan_for

    @hsettings(max_examples=60, deadline=None)
    @given(seed=st.integers(min_value=0, max_value=2**48), profile=st.sampled_from(("pa-2019", "md", "nj")))
    def check(seed, profile):
        q = generate("style-animation", seed=seed, profile=profile)
        d = q.data
        drills_plan = animation_plan(d["style"], d["woodpile_seed"], d["dice"], d["bank"], q.profile)
        ui_plan = plan_for(round_choice(q))
        assert ui_plan == drills_plan and ui_plan.moves == drills_plan.moves
        assert ui_plan.style == d["style"] and list(ui_plan.roll.dice) == d["dice"]

    check()


def test_loop_lasts_about_ten_seconds_for_every_style():
    from trainer.drills import generate
    from trainer.ui.paigow.drill_animation import loop_speed, question_timeline
    from trainer.ui.paigow.player import GAP

    seen = set()
    for seed in range(60):
        q = generate("style-animation", seed=seed)
        timeline = question_timeline(q)
        seen.add(q.data["style"])
        ms = (sum(s.duration for s in timeline.steps) + GAP * (len(timeline) - 1)) / loop_speed(timeline)
        assert 7000 <= ms <= 15000, (q.data["style"], ms)
        # no mixing first, no dealer's hand turned up last: the plan's moves only
        assert all(step.from_plan for step in timeline.steps) and len(timeline) == len(timeline.plan.moves)
    assert len(seen) >= 6


def test_animation_question_plays_on_the_table_and_is_answered_by_number(qtbot, screen, ctx):
    assert screen.animation.widget is None  # nothing built before an animated question
    q = start(qtbot, screen, "style-animation")
    anim = screen.animation.widget
    assert anim is not None and anim.isVisible() and anim.view.isVisible()
    assert anim.player.playing or anim.player.index > 0
    qtbot.waitUntil(lambda: anim.player.index > 0, timeout=3000)
    assert not hasattr(anim, "caption") and anim.findChildren(type(screen.question.strip)) == []
    assert not screen.question.strip.isVisible()  # the dice are rolled on the table instead
    assert anim.view.focusPolicy() == Qt.FocusPolicy.NoFocus
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert [(r.skill, r.correct) for r in log(ctx)] == [("style-animation", True)]
    assert "Correct" in screen.feedback.verdict.text()

    qtbot.keyClick(screen.feedback, Qt.Key.Key_Space)
    assert screen.animation.widget is anim  # reused, not rebuilt
    assert anim.player.timeline.plan.style == screen.controller.session.current.data["style"]


def test_r_replays_and_other_questions_hide_the_animation(qtbot, screen, ctx):
    from trainer.ui.paigow import drill_animation

    start(qtbot, screen, "style-animation")
    anim = screen.animation.widget
    # the choices keep their natural height, the table takes the rest
    assert screen.answers.maximumHeight() == screen.answers.choices.sizeHint().height()
    assert anim.height() > screen.answers.height()
    anim.player.to_end()
    assert anim.player.at_end
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_R)
    assert anim.player.playing and anim.player.index <= 1  # back at the start (a spoken step takes no time)
    screen.controller.end()
    start(qtbot, screen, "tile-compare")
    assert screen.animation.widget is anim and not anim.isVisible() and not anim.player.playing
    assert not screen.animation.replay_key.isEnabled()
    assert screen.answers.maximumHeight() == drill_animation.NO_MAX  # the answers get their full height back


def test_loop_starts_again_after_the_last_delivery(qtbot, screen, ctx):
    from trainer.ui.paigow import drill_animation

    start(qtbot, screen, "style-animation")
    anim = screen.animation.widget
    passes = []
    anim.player.finished.connect(lambda: passes.append(anim.player.index))
    anim._hold.setInterval(10)
    anim.player.set_speed(float("inf"))  # instant: straight to the end, the hold, then again
    qtbot.waitUntil(lambda: len(passes) >= 3, timeout=3000)
    assert set(passes) == {len(anim.player)} and drill_animation.HOLD_MS >= 1000


def test_time_limit_in_minutes_ends_the_session_with_a_summary(qtbot, screen, ctx):
    now = [1000.0]
    screen.controller.clock = lambda: now[0]
    screen.select_skill("tile-compare")
    qtbot.mouseClick(screen.timed, Qt.MouseButton.LeftButton)
    assert screen.minutes.isEnabled()
    screen.minutes.setValue(2)
    screen.length.setValue(0)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    q = screen.controller.session.current
    now[0] += 30
    screen._update_clock()
    assert "Time left 1:30" in screen.clock_label.text()
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)
    now[0] += 91  # past the two minutes: the ticker ends the session
    qtbot.waitUntil(lambda: screen.pages.currentWidget() is screen.summary, timeout=2000)
    assert not screen.controller.running and "Time is up" in screen.status.text()
    assert "(1 of 1)" in screen.summary.headline.text() and len(log(ctx)) == 1


def test_minutes_only_in_timed_mode(qtbot, screen):
    assert not screen.minutes.isEnabled()
    qtbot.mouseClick(screen.timed, Qt.MouseButton.LeftButton)
    assert screen.minutes.isEnabled()
    screen.minutes.setValue(5)
    qtbot.mouseClick(screen.practice, Qt.MouseButton.LeftButton)
    qtbot.keyClick(screen.welcome, Qt.Key.Key_Return)
    assert screen.controller.session.time_limit_s is None


def test_start_skill_ends_a_running_session_and_starts_that_skill(qtbot, screen, ctx):
    start(qtbot, screen, "tile-compare")
    screen.start_skill("vigorish")
    assert screen.controller.session.skills == ["vigorish"] and screen.skill.currentData() == "vigorish"
    assert screen.pages.currentWidget() is screen.question_page


def test_snapshot_hook_shows_the_start_page_unless_a_move_is_asked(qtbot, screen, ctx):
    screen.prepare_snapshot(seed=1, move=None)
    assert screen.pages.currentWidget() is screen.welcome and screen.animation.widget is None
    screen.prepare_snapshot(seed=1, move=3)
    anim = screen.animation.widget
    assert screen.pages.currentWidget() is screen.question_page and not anim.player.playing
    assert anim.player.index == anim.player.timeline.index_after_move(3)
    assert log(ctx) == []


def test_snapshot_hook_shows_a_skills_question_or_a_sample_sessions_review(qtbot, screen, ctx):
    """``snapshot --screen drills --skill S`` / ``--review``: nothing recorded; a skill of the other game
    under that game's default profile."""
    screen.prepare_snapshot(seed=2, move=None, skill="bac-call-aloud")
    assert screen.pages.currentWidget() is screen.question_page
    assert screen.answers.currentWidget() is screen.answers.caller and "Calling the game" in screen.question.prompt.text()
    screen.prepare_snapshot(seed=2, move=None, skill="pay-chips", review=True)
    assert screen.pages.currentWidget() is screen.summary
    assert "of 8)" in screen.summary.headline.text() and "Pay with chips" in screen.summary.weakest.text() + \
        " ".join(label.text() for label in screen.summary.findChildren(type(screen.summary.title)))
    assert log(ctx) == []


def test_baccarat_skills_are_offered_and_answered_under_their_own_profile(qtbot, screen, ctx):
    """The Drills screen lists every game's skills; a Baccarat skill runs under the Baccarat profile."""
    labels = [screen.skill.itemText(i) for i in range(screen.skill.count())]
    assert "Baccarat hands: Does the Banker draw? (Table 1)   (0 of 88 known)" in labels  # with its mastery
    q = start(qtbot, screen, "bac-banker-draws")
    assert q.profile == "pa-631a" and q.skill == "bac-banker-draws"
    qtbot.keyClick(screen.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert [(r.skill, r.correct) for r in log(ctx)] == [("bac-banker-draws", True)]
    assert "631a.11" in screen.feedback.citation.text() + screen.feedback.explanation.text()
