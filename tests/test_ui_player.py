"""The Player's seat screen through its real widgets: keys in, the pure engine's results out."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from trainer.drills.paigow.player_seat import PracticeGame
from trainer.rules.money import format_cents
from trainer.ui.paigow import player_screen
from trainer.ui.paigow.player_screen import tile_indices

CTX_SEED = 11


@pytest.fixture
def screen(shown, trainee_ctx):
    return shown(player_screen.create_screen(trainee_ctx))


def engine(ctx) -> PracticeGame:
    return PracticeGame(ctx.profile, seed=ctx.seed)


def set_by_keys(qtbot, screen, setting) -> None:
    """Select the high hand's two tiles with keys 1-4 and H (the low hand fills itself), then Enter."""
    tiles = screen.controller.game.current.tiles
    for i in tile_indices(tiles, setting.high.tiles):
        qtbot.keyClick(screen.setter, Qt.Key.Key_1 + i)
        qtbot.keyClick(screen.setter, Qt.Key.Key_H)
    qtbot.keyClick(screen.setter, Qt.Key.Key_Return)


def shown_ev(screen) -> float:
    match = re.match(r"Your setting: EV ([+−]\d\.\d{3})", screen.ev.line.text())
    assert match, screen.ev.line.text()
    return float(match.group(1).replace("−", "-"))


def test_a_hand_played_by_keys_shows_the_engines_result(qtbot, screen, trainee_ctx):
    pure = engine(trainee_ctx)
    hand = pure.deal()
    assert screen.controller.game.current.tiles == hand.tiles  # same seed, same deal
    analysis = pure.analysis()
    pick = analysis.settings[(analysis.optimal + 1) % 3]  # not the best one: something is given up
    expected = pure.play(str(pick))

    set_by_keys(qtbot, screen, pick)
    result = screen.controller.last
    assert result is not None and result.chosen == expected.chosen
    assert (result.outcome, result.net_cents, result.dealer.setting) == (
        expected.outcome, expected.net_cents, expected.dealer.setting)
    assert screen.result.outcome.text().startswith(expected.outcome.value.upper())
    assert format_cents(abs(expected.net_cents)) in screen.result.outcome.text()
    assert expected.dealer_citation in screen.result.dealer_step.text()
    assert expected.outcome_citation in screen.result.settled.text()
    assert f"Bankroll {format_cents(pure.bankroll_cents)}" == screen.bankroll.text()
    assert shown_ev(screen) == pytest.approx(expected.chosen_odds.ev, abs=5e-4)
    assert shown_ev(screen) == pytest.approx(analysis.odds[expected.chosen_index].ev, abs=5e-4)
    if not expected.optimal:
        gave_up = re.search(r"you gave up (\d\.\d{3}) per unit", screen.ev.line.text())
        assert gave_up and float(gave_up.group(1)) == pytest.approx(expected.ev_given_up, abs=5e-4)
    assert screen.ev.cells[0][1].text() == str(expected.chosen)
    assert screen.ev.cells[1][1].text() == str(expected.best)
    assert "Hands 1" in screen.totals.text()


def test_next_hand_by_n_space_and_enter(qtbot, screen, trainee_ctx):
    pure = engine(trainee_ctx)
    for number, key in zip((1, 2, 3), (Qt.Key.Key_N, Qt.Key.Key_Space, Qt.Key.Key_Return)):
        hand = pure.deal()
        assert screen.controller.game.current.number == number
        assert screen.controller.game.current.tiles == hand.tiles
        best = pure.analysis().settings[pure.analysis().optimal]
        pure.play(str(best))
        set_by_keys(qtbot, screen, best)
        assert screen.controller.game.current is None
        assert "the best setting: you gave up nothing" in screen.ev.line.text()
        assert screen.ev.isVisible()
        qtbot.keyClick(screen.result, key)
        assert not screen.ev.isVisible()
    assert screen.controller.game.bankroll_cents == pure.bankroll_cents
    assert "best setting chosen 3 of 3" in screen.totals.text()


def test_a_bad_wager_shows_an_inline_message_and_changes_nothing(qtbot, screen):
    game = screen.controller.game
    for typed, message in (("abc", "not an amount of money"), ("$10,000", "table maximum"), ("7", "table minimum")):
        screen.wager.clear()
        qtbot.keyClicks(screen.wager, typed)
        qtbot.keyClick(screen.wager, Qt.Key.Key_Return)
        assert message in screen.wager_error.text()
        assert screen.wager_error.isVisible()
        assert game.wager_cents == 2500 and game.bankroll_cents == 100000 and game.current.wager_cents == 2500
    screen.wager.clear()
    qtbot.keyClicks(screen.wager, "50")
    qtbot.keyClick(screen.wager, Qt.Key.Key_Return)
    assert screen.wager_error.text() == "" and game.wager_cents == 5000
    assert "next hand" in screen.wager_note.text()
    best = game.analysis().settings[game.analysis().optimal]
    set_by_keys(qtbot, screen, best)
    qtbot.keyClick(screen.result, Qt.Key.Key_N)
    assert game.current.wager_cents == 5000


def test_an_incomplete_setting_is_refused_inline(qtbot, screen):
    qtbot.keyClick(screen.setter, Qt.Key.Key_1)
    qtbot.keyClick(screen.setter, Qt.Key.Key_H)
    qtbot.keyClick(screen.setter, Qt.Key.Key_Return)
    assert "Place all four tiles" in screen.setter.message.text()
    assert screen.controller.game.history == [] and screen.controller.game.current is not None


def test_n_does_nothing_while_the_hand_is_unplayed(qtbot, screen):
    hand = screen.controller.game.current
    qtbot.keyClick(screen.result, Qt.Key.Key_N)
    assert screen.controller.game.current is hand


def test_profile_change_starts_a_new_game_and_theme_follows(qtbot, screen, trainee_ctx):
    game = screen.controller.game
    best = game.analysis().settings[game.analysis().optimal]
    set_by_keys(qtbot, screen, best)
    trainee_ctx.set_profile("nj")
    new = screen.controller.game
    assert new is not game and new.profile.name == "nj" and new.history == [] and new.current.number == 1
    assert "nj" in screen.totals.text() and screen.setter.isEnabled()
    nj_best = new.analysis().settings[new.analysis().optimal]
    set_by_keys(qtbot, screen, nj_best)
    assert "N.J.A.C. 19:47-10.7" in screen.result.settled.text()
    trainee_ctx.set_theme("dark")
    assert screen.setter.theme.name == "dark" and screen.result.strip.theme.name == "dark"


def test_new_game_by_ctrl_n_replays_the_seed(qtbot, screen):
    first = screen.controller.game.current
    best = screen.controller.game.analysis().settings[0]
    set_by_keys(qtbot, screen, best)
    qtbot.keyClick(screen, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    game = screen.controller.game
    assert game.history == [] and game.bankroll_cents == 100000 and game.current.tiles == first.tiles


def test_prepare_snapshot_shows_a_judged_or_a_fresh_hand(qtbot, screen):
    screen.prepare_snapshot(seed=3, move=None)
    assert len(screen.controller.game.history) == 1 and screen.ev.isVisible()
    assert not screen.controller.last.optimal or screen.controller.last.ev_given_up == 0
    screen.prepare_snapshot(seed=3, move=0)
    assert screen.controller.game.history == [] and screen.controller.game.current is not None
    screen.prepare_snapshot(seed=3, move=3)
    assert len(screen.controller.game.history) == 3


def test_a_bankroll_that_cannot_cover_the_wager_deals_nothing_and_says_why(qtbot, screen):
    game = screen.controller.game
    set_by_keys(qtbot, screen, game.analysis().settings[0])
    game.bankroll_cents = 2000  # as after a run of losses
    qtbot.keyClick(screen.result, Qt.Key.Key_N)
    assert game.current is None and "cannot cover" in screen.wager_error.text()
    assert "new game" in screen.wager_error.text()
    screen.wager.clear()
    qtbot.keyClicks(screen.wager, "20")
    qtbot.keyClick(screen.wager, Qt.Key.Key_Return)
    assert screen.wager_error.text() == ""
    qtbot.keyClick(screen.result, Qt.Key.Key_N)
    assert game.current is not None and game.current.wager_cents == 2000 and screen.setter.isEnabled()


def test_esc_in_the_wager_field_drops_what_was_typed(qtbot, screen):
    screen.wager.setFocus()
    screen.wager.clear()
    qtbot.keyClicks(screen.wager, "abc")
    qtbot.keyClick(screen.wager, Qt.Key.Key_Return)
    assert screen.wager_error.text()
    qtbot.keyClick(screen.wager, Qt.Key.Key_Escape)
    assert screen.wager.text() == "$25.00" and screen.wager_error.text() == ""
    assert screen.controller.game.wager_cents == 2500


def test_the_analysis_is_warmed_when_the_screen_is_shown(qtbot, trainee_ctx, monkeypatch):
    calls = []
    monkeypatch.setattr(player_screen, "warm_up", lambda profile, way: calls.append(profile.name))
    widget = player_screen.create_screen(trainee_ctx)
    qtbot.addWidget(widget)
    qtbot.wait(10)
    assert calls == []  # not at creation
    widget.show()
    qtbot.waitUntil(lambda: calls == ["pa-2019"])


def test_the_house_edge_is_explained_with_its_figures(qtbot, screen, trainee_ctx):
    """Under the odds: the EV over all hands of a house-way player and an optimal one, the published
    casino figure, and (Why?) the reasons, each figure from the exact analysis."""
    from trainer.rules.paigow.analysis import house_edge

    set_by_keys(qtbot, screen, screen.controller.game.analysis().settings[0])
    game = screen.controller.game
    edge = house_edge(game.house_way, game.profile.zero_zero_to_banker)
    summary = screen.ev.edge.text()
    assert f"{edge.house_way_player.ev:+.2%}" in summary and f"{edge.optimal_player.ev:+.2%}" in summary
    assert edge.optimal_player.ev > 0 > edge.house_way_player.ev  # an optimal player beats the four steps
    assert "1.7%" in summary
    qtbot.mouseClick(screen.ev.why_button, Qt.MouseButton.LeftButton)
    reasons = screen.ev.edge.text()
    assert "4-step rule" in reasons and "Foxwoods" in reasons and "Wizard of Odds" in reasons
    assert f"{edge.optimal_player.push:.1%}" in reasons and f"{edge.house_way_player.lose:.1%}" in reasons
    assert not screen.ev.odds.isVisible()  # the reasons take the odds' room
    qtbot.mouseClick(screen.ev.why_button, Qt.MouseButton.LeftButton)
    assert screen.ev.edge.text() == summary and screen.ev.odds.isVisible()
