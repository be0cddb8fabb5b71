"""The player's seat practice game: replayable deals, exact EVs, money conserved, clear errors."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from trainer.drills.model import AnswerParseError
from trainer.drills.paigow.player_seat import PracticeGame, hand_verdict, setting_label
from trainer.rules.paigow.analysis import analyze_hand, setting_odds
from trainer.rules.errors import TrainerError
from trainer.rules.paigow.hands import Hand, Outcome, Setting, settings, wager_result
from trainer.rules.paigow.house_way import house_way_named, set_by_house_way
from trainer.rules.paigow.profiles import profile_named
from trainer.rules.paigow.settlement import settle_pai_gow


def play_by(game: PracticeGame, pick: str = "house_way"):
    """Deal and play the hand's ``pick`` setting (``house_way``, ``optimal`` or an index 0-2)."""
    game.deal()
    a = game.analysis()
    index = getattr(a, pick) if isinstance(pick, str) else pick
    return game.play(str(a.settings[index]))


def test_the_same_seed_replays_the_same_hands_whatever_is_played():
    one, two = PracticeGame(seed=5), PracticeGame(seed=5)
    first = [play_by(one, "house_way").hand for _ in range(6)]
    second = [play_by(two, i % 3).hand for i in range(6)]
    assert [(h.tiles, h.dealer_tiles) for h in first] == [(h.tiles, h.dealer_tiles) for h in second]
    assert [h.number for h in first] == [1, 2, 3, 4, 5, 6]
    assert len({h.tiles for h in first}) > 1
    # four plus four distinct physical tiles of the set
    hand = first[0]
    assert len(hand.tiles) == len(hand.dealer_tiles) == 4


def test_chosen_ev_equals_the_analysis_and_the_dealer_sets_by_the_house_way():
    game = PracticeGame("pa-2019", seed=2)
    way = house_way_named("regulatory")
    for pick in (0, 1, 2):
        r = play_by(game, pick)
        a = analyze_hand(r.hand.tiles, way, True)
        assert r.chosen_odds == setting_odds(r.chosen, way, True) == a.odds[pick]
        assert r.best_odds == a.odds[a.optimal] and r.house_way_odds == a.odds[a.house_way]
        assert r.ev_given_up == pytest.approx(a.odds[a.optimal].ev - a.odds[pick].ev)
        assert r.ev_given_up_cents == pytest.approx(r.ev_given_up * r.hand.wager_cents)
        decision = set_by_house_way(r.hand.dealer_tiles, way)
        assert r.dealer.setting == decision.setting and r.dealer_citation == decision.citation
        assert r.dealer_citation.startswith("621a.8(d)(")
        assert r.outcome is wager_result(r.chosen, decision.setting)
        assert r.outcome_citation == {"win": "621a.8(i)", "push": "621a.8(h)", "lose": "621a.8(g)"}[r.outcome.value]
        assert r.vig_citation == "621a.11(a)"


def test_choosing_the_best_setting_gives_up_nothing():
    game = PracticeGame(seed=9)
    for _ in range(5):
        r = play_by(game, "optimal")
        assert r.ev_given_up == 0 and r.ev_given_up_cents == 0 and r.optimal
    totals = game.totals()
    assert totals.optimal_hands == totals.hands == 5 and totals.ev_given_up == 0


def test_money_is_conserved_and_totals_add_up():
    game = PracticeGame(seed=1, wager=5000)
    results = [play_by(game, i % 3) for i in range(12)]
    totals = game.totals()
    assert game.bankroll_cents - 100000 == sum(r.net_cents for r in results) == totals.net_cents
    assert totals.wins + totals.pushes + totals.losses == totals.hands == 12
    for r in results:
        assert r.settlement == settle_pai_gow(5000, r.outcome, "exact")
        assert isinstance(r.net_cents, int)
    assert results[-1].bankroll_cents == game.bankroll_cents
    assert totals.ev_given_up == pytest.approx(sum(r.ev_given_up for r in results))


def test_a_win_pays_even_money_less_five_percent():
    game = PracticeGame(seed=1)
    wins = [r for r in (play_by(game, "optimal") for _ in range(30)) if r.outcome is Outcome.WIN]
    assert wins and all(r.net_cents == 2500 - 125 for r in wins)


def test_a_wager_change_applies_from_the_next_hand():
    game = PracticeGame(seed=4)
    hand = game.deal()
    assert game.set_wager("$50") == 5000
    assert game.deal() is hand and hand.wager_cents == 2500  # the hand dealt keeps its wager
    game.play(str(game.analysis().settings[0]))
    assert game.deal().wager_cents == 5000


@pytest.mark.parametrize("wager, message", [
    ("5", "table minimum is $10.00"), (100000, "table maximum is $500.00"), ("12.34", "$5.00 steps"),
    ("abc", "is not an amount of money"), ("-10", "negative"), (0, "positive"), ("12.345", "two digits of cents"),
])
def test_bad_wagers_are_clear_errors_and_change_nothing(wager, message):
    game = PracticeGame(seed=1)
    with pytest.raises(TrainerError, match=message.replace("$", r"\$").replace(".", r"\.")):
        game.set_wager(wager)
    assert game.wager_cents == 2500


def test_a_wager_the_bankroll_cannot_cover_is_refused():
    game = PracticeGame(seed=1, bankroll_cents=2000, wager=1000)
    with pytest.raises(TrainerError, match="cannot cover"):
        game.set_wager(2500)
    with pytest.raises(TrainerError, match="cannot cover"):
        PracticeGame(seed=1, bankroll_cents=2000)  # the default $25.00 wager


def test_bad_settings_are_parse_errors_and_nothing_is_played():
    game = PracticeGame(seed=3)
    hand = game.deal()
    with pytest.raises(AnswerParseError, match="use exactly the four tiles dealt"):
        game.play("6-6 6-6 / 6-6 6-6" if str(hand.tiles[0]) != "6-6" else "1-1 1-1 / 1-1 1-1")
    with pytest.raises(AnswerParseError, match="write it high / low"):
        game.play(" ".join(map(str, hand.tiles)))
    with pytest.raises(AnswerParseError):
        game.play("7-7 1-1 / 2-2 3-3")
    assert game.current is hand and game.history == [] and game.bankroll_cents == 100000


def test_playing_without_a_hand_is_an_error():
    with pytest.raises(TrainerError, match="no hand is dealt"):
        PracticeGame(seed=1).play("6-6 4-5 / 1-3 2-3")


def test_a_reversed_placement_is_played_as_the_hands_it_makes():
    game = PracticeGame(seed=8)
    hand = game.deal()
    options = settings(hand.tiles)
    pick = next(s for s in options if s.high.score != s.low.score)
    r = game.play((pick.low.tiles, pick.high.tiles))  # stronger hand in the low position
    assert r.reversed and r.chosen == pick  # JQ32: the stronger hand plays high
    assert setting_label(r.placed) == f"{pick.low} / {pick.high}"


def test_unknown_profile_house_way_or_rounding_are_errors():
    with pytest.raises(TrainerError, match="unknown profile"):
        PracticeGame("xx")
    with pytest.raises(TrainerError, match="unknown house way"):
        PracticeGame(house_way="nope")
    with pytest.raises(TrainerError, match="rounding"):
        PracticeGame(rounding="nearest")


def test_nj_compares_zero_zero_by_top_tile():
    nj, pa = profile_named("nj"), profile_named("pa-2019")
    zero, other_zero = Hand.parse("1-3 3-3"), Hand.parse("5-5 4-6")
    assert hand_verdict(zero, other_zero, pa).word == "copy"
    assert hand_verdict(zero, other_zero, nj).word == "win"
    assert hand_verdict(zero, other_zero, nj, low=True).word == "lose"  # a zero low never wins
    game = PracticeGame("nj", seed=6)
    r = play_by(game, "house_way")
    assert r.chosen_odds == analyze_hand(r.hand.tiles, house_way_named("regulatory"), False).odds[r.chosen_index]
    assert r.vig_citation == "N.J.A.C. 19:47-10.7(k)"
    assert r.dealer_citation.startswith("N.J.A.C. 19:47-10.7(d)") and "621a" not in r.dealer_citation


def test_hand_verdicts_agree_with_the_wager_result():
    game = PracticeGame(seed=12)
    for i in range(20):
        r = play_by(game, i % 3)
        wins = [v.word == "win" for v in (r.high, r.low)]
        expected = Outcome.WIN if all(wins) else Outcome.PUSH if any(wins) else Outcome.LOSE
        assert r.outcome is expected


@hsettings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 2))
def test_the_chosen_ev_never_exceeds_the_best(seed, pick):
    game = PracticeGame(seed=seed)
    r = play_by(game, pick)
    assert r.chosen_odds.exact_ev <= r.best_odds.exact_ev
    assert r.ev_given_up >= 0
    assert r.optimal == (r.chosen_odds.exact_ev == max(o.exact_ev for o in r.analysis.odds))
    assert isinstance(r.chosen, Setting)


@pytest.mark.parametrize("name", ["pa-2019", "nj"])
def test_hand_verdicts_win_exactly_when_the_rules_say(name):
    import random

    from trainer.rules.paigow.hands import outranks
    from trainer.rules.paigow.tiles import TILE_SET

    profile, rng = profile_named(name), random.Random(0)
    for _ in range(3000):
        a, b, c, d = rng.sample(TILE_SET, 4)
        mine, theirs, low = Hand.of(a, b), Hand.of(c, d), rng.random() < 0.5
        v = hand_verdict(mine, theirs, profile, low=low)
        wins = outranks(mine, theirs, zero_zero_to_banker=profile.zero_zero_to_banker) and not (low and mine.is_zero)
        assert (v.word == "win") == wins
        assert v.word != "copy" or mine.score == theirs.score or (mine.is_zero and theirs.is_zero)
