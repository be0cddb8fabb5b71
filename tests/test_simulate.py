"""Simulated rounds agree with the exact analysis of the Pai Gow Wager (spec W4; 621a.11(a) unrounded)."""

from __future__ import annotations

import pytest

from trainer.rules.paigow import analysis
from trainer.rules.errors import TrainerError
from trainer.rules.paigow.players import Policy
from trainer.rules.paigow.round import simulate


def _exact(policy: Policy) -> float:
    edge = analysis.house_edge()
    return (edge.house_way_player if policy is Policy.HOUSE_WAY else edge.optimal_player).ev


def test_simulate_agrees_with_the_analysis_fast() -> None:
    result = simulate(1500, seed=1)
    assert (result.rounds, result.hands) == (1500, 9000)
    assert 0 < result.stderr < 0.05
    assert abs(result.player_ev - _exact(Policy.HOUSE_WAY)) < 4 * result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("policy", [Policy.HOUSE_WAY, Policy.OPTIMAL])
def test_simulate_agrees_with_the_analysis(policy: Policy) -> None:
    result = simulate(20_000, seed=2026, policy=policy)
    assert result.stderr < 0.005
    assert abs(result.player_ev - _exact(policy)) < 4 * result.stderr


def test_simulate_is_seeded() -> None:
    assert simulate(20, seed=5) == simulate(20, seed=5)
    with pytest.raises(TrainerError):
        simulate(1, seed=5)
