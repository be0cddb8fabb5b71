"""Payments in chips at the dealer's seat and calling the game (issue 31), in the engine: each payment (chips
paid to a player) is asked as a chip payout whose key is the fewest-chips breakdown of the typed total's
amount, judged like the pay-with-chips drills; collections stay typed totals; the round switches mid-way."""

from __future__ import annotations

import pytest

from trainer.drills.answers import check
from trainer.drills.baccarat.dealer_round import RoundSpec as BaccaratSpec
from trainer.drills.dealer_round import DealerRound
from trainer.drills.model import AnswerKind
from trainer.drills.paigow.dealer_round import RoundSpec, playable
from trainer.rules.baccarat.profiles import profile_named as baccarat_profile
from trainer.rules.chips import Breakdown, fewest_chips, parse_breakdown
from trainer.rules.paigow.profiles import profile_named

SPECS = [playable(spec) for spec in (
    RoundSpec(seed=2, players=3), RoundSpec(seed=7, players=3), RoundSpec(seed=9, players=5, profile="nj"),
    RoundSpec(seed=8, players=6, profile="md"), RoundSpec(seed=8, players=6, bank="seat2"),
    RoundSpec(seed=9, players=4, bank="seat1", co_bank=True),
)] + [BaccaratSpec(seed=1, players=5), BaccaratSpec(seed=5, players=7), BaccaratSpec(seed=3, players=6,
                                                                                       profile="pa-631a-ez")]


def table_chips(spec) -> tuple[int, ...]:
    named = profile_named if isinstance(spec, RoundSpec) else baccarat_profile
    return named(spec.profile).chips


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{type(s).__module__.split('.')[2]}-{s.seed}-{s.profile}")
def test_every_payment_is_asked_in_the_tables_chips_and_every_collection_as_a_total(spec):
    typed, chips = DealerRound(spec).tasks, DealerRound(spec, chips=True).tasks
    assert [t.step for t in typed] == [t.step for t in chips] and [t.skill for t in typed] == [t.skill for t in chips]
    for total, paid in zip(typed, chips):
        q, p = total.question, paid.question
        if "chips" not in q.data:
            assert p == q  # not a payment: asked as it is
            continue
        assert q.kind is AnswerKind.MONEY and q.data["chips"] == list(table_chips(spec))
        assert "Pay" in q.prompt or "how much do you pay" in q.prompt  # a payment, never a collection
        assert p.kind is AnswerKind.CHIPS and p.data["amount_cents"] == q.answer
        assert p.answer == str(fewest_chips(q.answer, q.data["chips"]))
        assert p.citations == q.citations and p.explanation.endswith(q.explanation[1:])
        assert check(p, p.answer).correct and check(q, q.answer).correct
    assert any(t.question.kind is AnswerKind.CHIPS for t in chips) or not any("chips" in t.question.data for t in typed)


def test_a_breakdown_is_judged_by_its_total_then_its_count_of_chips():
    round_ = DealerRound(BaccaratSpec(seed=1, players=5), chips=True)
    q = next(t.question for t in round_.tasks if t.question.kind is AnswerKind.CHIPS)
    key = parse_breakdown(q.answer)
    small = {10000: 2500, 2500: 500, 500: 100}[key.stacks[0][0]]
    counts = dict(key.stacks)
    counts[key.stacks[0][0]] -= 1
    counts[small] = counts.get(small, 0) + key.stacks[0][0] // small
    many = check(q, str(Breakdown.of(counts)))
    assert not many.correct and many.mistake.startswith("right total, too many chips")
    short = check(q, str(Breakdown.of(dict(key.stacks) | {key.stacks[0][0]: key.stacks[0][1] - 1})))
    assert not short.correct and short.mistake.startswith("these chips make")
    assert many.expected == short.expected == q.answer  # the key: count × denomination


def test_a_round_switched_to_typed_totals_mid_way_asks_the_rest_as_totals():
    round_ = DealerRound(RoundSpec(seed=7, players=3), chips=True)
    first = next(i for i, t in enumerate(round_.tasks) if t.question.kind is AnswerKind.CHIPS)
    while round_.index <= first:
        round_.answer(round_.current.question.answer)
    assert round_.history[-1].task.question.kind is AnswerKind.CHIPS and round_.history[-1].feedback.correct
    round_.pay_in_chips(False)
    assert all(t.question.kind is not AnswerKind.CHIPS for t in round_.tasks[round_.index:])
    while not round_.finished:
        round_.answer(round_.current.question.answer)
    assert round_.summary().score == 1.0
