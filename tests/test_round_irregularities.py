"""Each injected irregularity is remedied as its section says (621a.4(e), 621a.10(a)-(f); JQ15, JQ28)."""

from __future__ import annotations

import random

import pytest

from trainer.rules.paigow.dice import Method
from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.paigow.hands import Outcome
from trainer.rules.paigow.irregularities import Irregularity, irregularity_named
from trainer.rules.paigow.players import DICE_WAGERS, Policy, seat_players
from trainer.rules.paigow.positions import Position, start_position
from trainer.rules.paigow.profiles import PROFILES, profile_named
from trainer.rules.paigow.round import Round, play_round
from trainer.rules.paigow.settlement import SEATS

from tests.test_round import check_round, dealer_follows_house_way


def _play(irregularity: Irregularity, seed: int, profile: str = "pa-2019", **kw) -> Round:
    rng = random.Random(seed)
    players = seat_players(rng, profile_named(profile), kw.pop("count", 5), **kw.pop("seating", {}))
    r = play_round(rng, players, profile=profile, irregularity=irregularity, **kw)
    check_round(r)
    assert r.irregularity is irregularity
    return r


def _actions(r: Round) -> list[str]:
    return [s.action for s in r.steps]


def _all_void_except_dice(r: Round) -> None:
    for p in r.positions:
        for key, res in p.results.items():
            if key not in DICE_WAGERS:
                assert (res.outcome, res.net) == (Outcome.VOID, 0), (p.position, key)
    assert all(m.why.split()[1] in ("Sum", "Match", "Beat") for m in r.chips)  # only dice wagers moved


@pytest.mark.parametrize("seed", range(5))
def test_no_roll_is_reshaken(seed: int) -> None:
    r = _play(Irregularity.NO_ROLL, seed)
    assert len(r.plan.roll.no_rolls) == 1
    rolls = [s for s in r.steps if s.action == "roll"]
    assert len(rolls) == 2 and rolls[0].say.startswith("No roll")
    assert rolls[0].citation in ("621a.10(a)", "621a.10(b)")


def test_no_roll_needs_a_shaker() -> None:
    with pytest.raises(TrainerError, match="random number generator"):
        _play(Irregularity.NO_ROLL, 1, method=Method.RNG)


@pytest.mark.parametrize("seed", range(8))
def test_wrong_count_voids_every_hand_but_dice_wagers_stand(seed: int) -> None:
    r = _play(Irregularity.WRONG_COUNT, seed, count=6)
    assert r.plan.start != start_position(r.plan.roll.total)
    _all_void_except_dice(r)
    assert "621a.10(c)" in [s.citation for s in r.steps if s.action == "irregularity"]
    assert "set" not in _actions(r) and "expose" not in _actions(r)


def test_wrong_count_in_nj_returns_the_wagers_too() -> None:  # JQ28
    r = _play(Irregularity.WRONG_COUNT, 3, profile="nj")
    _all_void_except_dice(r)
    assert not r.chips


@pytest.mark.parametrize("seed", range(8))
def test_dealer_tile_exposed_voids_all(seed: int) -> None:
    r = _play(Irregularity.DEALER_TILE_EXPOSED, seed)
    _all_void_except_dice(r)
    assert [s.citation for s in r.steps if s.action == "irregularity"] == ["621a.10(e)"]


def test_player_tile_exposed_the_player_chooses() -> None:
    choices = set()
    for seed in range(20):
        r = _play(Irregularity.PLAYER_TILE_EXPOSED, seed)
        step = next(s for s in r.steps if s.action in ("void", "play on"))
        assert step.citation == "621a.10(d)"
        choices.add(step.action)
        if step.action == "void":
            seat = r.position(step.actor)
            assert seat.setting is None
            assert all(res.outcome is Outcome.VOID and res.net == 0
                       for key, res in seat.results.items() if key not in DICE_WAGERS)
            assert not any(step.actor in (m.source, m.target) and "Pai Gow" in m.why for m in r.chips)
    assert choices == {"void", "play on"}


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_house_way_violation_is_reset(profile: str) -> None:
    r = _play(Irregularity.HOUSE_WAY_VIOLATION, 5, profile)
    resets = [s for s in r.steps if s.action == "reset"]
    assert len(resets) == 1
    expected = {"pa-2019": "621a.10(f)", "pa-2012": "621a.10(f)", "md": "MD 10.F", "nj": "N.J.A.C. 19:47-10.9(f)"}
    assert resets[0].citation == expected[profile]
    assert dealer_follows_house_way(r)


def test_bank_not_setting_by_the_house_way_is_reset_in_pa_and_md_only() -> None:  # 621a.10(f), MD 10.F
    for profile, resets in (("pa-2019", True), ("md", True), ("nj", False)):
        found = False
        for seed in range(40):
            rng = random.Random(seed)
            players = seat_players(rng, profile_named(profile), 3, policies=(Policy.BEGINNER,))
            try:
                r = play_round(rng, players, profile=profile, bank=players[0].seat)
            except TrainerError:
                continue
            found |= any(s.action == "reset" for s in r.steps)
        assert found is resets, profile


def test_tile_exposed_while_stacking_remixes() -> None:
    r = _play(Irregularity.TILE_EXPOSED_STACKING, 2)
    assert _actions(r)[:3] == ["mix", "irregularity", "mix"]
    assert r.steps[1].citation == "621a.4(e)"


def test_names() -> None:
    assert irregularity_named("no-roll") is Irregularity.NO_ROLL
    with pytest.raises(UnknownNameError, match="choose from: no-roll, wrong-count"):
        irregularity_named("spilled-drink")
    assert all(i.remedy for i in Irregularity)
    assert set(SEATS) >= {p.value for p in Position if p.is_seat}
