"""Settlement in cents (621a.8(e)-(i), 621a.9(n)-(r), 621a.11(a); spec S1-S3, JQ22-JQ27)."""

import pytest
from hypothesis import given, strategies as st

from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.paigow.hands import Outcome
from trainer.rules.paigow.profiles import PROFILES, profile_named
from trainer.rules.paigow.settlement import (CENTRE, HOUSE, SEATS, WagerLine, settle_pai_gow, settle_table,
                                      vigorish)

PA = profile_named("pa-2019")


@pytest.mark.parametrize("won, rounding, vig", [
    (3000, "exact", 150), (3000, "quarter", 150), (3700, "exact", 185), (3700, "quarter", 200),
    (100, "quarter", 25), (2001, "exact", 101), (500_000, "quarter", 25_000), (1, "exact", 1),
])
def test_vigorish_spec_s2(won, rounding, vig):
    assert vigorish(won, rounding) == vig


def test_unknown_rounding_lists_the_valid_ones():
    with pytest.raises(UnknownNameError, match="choose from: exact, quarter"):
        vigorish(100, "half")


@pytest.mark.parametrize("outcome, net", [(Outcome.WIN, 1900), (Outcome.PUSH, 0), (Outcome.VOID, 0),
                                          (Outcome.LOSE, -2000), (Outcome.SURRENDER, -2000)])
def test_single_wager(outcome, net):
    assert settle_pai_gow(2000, outcome).net_cents == net


def test_house_banked_table_in_exposure_order():
    lines = [WagerLine("seat4", 2000, Outcome.WIN), WagerLine("seat1", 1000, Outcome.LOSE),
             WagerLine("seat3", 500, Outcome.PUSH), WagerLine("seat6", 700, Outcome.SURRENDER)]
    moves = settle_table(lines, profile=PA).moves
    assert [(m.source, m.target, m.cents, m.citation) for m in moves] == [
        ("seat6", HOUSE, 700, "621a.8(e)"),               # surrenders first
        ("seat1", HOUSE, 1000, "621a.8(g)"),
        (HOUSE, "seat4", 2000, "621a.8(i)"),
        ("seat4", HOUSE, 100, "621a.11(a)"),
    ]


def test_nj_collects_every_loser_before_paying_winners():
    nj = profile_named("nj")
    lines = [WagerLine("seat1", 1000, Outcome.WIN), WagerLine("seat2", 1000, Outcome.LOSE)]
    moves = settle_table(lines, profile=nj).moves
    assert [(m.source, m.target) for m in moves] == [("seat2", HOUSE), (HOUSE, "seat1"), ("seat1", HOUSE)]
    assert moves[0].citation == "N.J.A.C. 19:47-10.7(h)"


def test_player_bank_shortfall_is_covered_by_the_bank():
    lines = [WagerLine("seat1", 1000, Outcome.WIN), WagerLine("seat2", 3000, Outcome.LOSE),
             WagerLine("seat4", 5000, Outcome.WIN)]
    s = settle_table(lines, profile=PA, bank="seat3", dealer_wager=WagerLine("dealer", 2000, Outcome.WIN))
    assert [(m.source, m.target, m.cents) for m in s.moves] == [
        ("seat2", CENTRE, 3000),
        (CENTRE, HOUSE, 2000),          # the dealer's win first (JQ27), back to the inventory (621a.9(p))
        (CENTRE, "seat1", 1000), ("seat1", HOUSE, 50),
        ("seat3", CENTRE, 5000),        # centre exhausted: the bank covers what remains (621a.9(o))
        (CENTRE, "seat4", 5000), ("seat4", HOUSE, 250),
    ]
    assert s.balances["seat3"] == -5000 and s.balances[CENTRE] == 0


def test_player_bank_surplus_pays_vig_and_goes_to_the_bank():
    lines = [WagerLine("seat1", 10000, Outcome.LOSE), WagerLine("seat2", 3000, Outcome.WIN)]
    s = settle_table(lines, profile=PA, bank="seat5", dealer_wager=WagerLine("dealer", 1000, Outcome.LOSE))
    surplus = 10000 + 1000 - 3000
    assert s.moves[-2].cents == 400 and s.moves[-2].target == HOUSE        # 5% of $80
    assert s.moves[-1].target == "seat5" and s.moves[-1].cents == surplus - 400
    assert s.moves[0].source == HOUSE and s.moves[0].citation == "621a.9(n)"


def test_co_bank_halves_with_the_odd_cent_to_the_house():
    lines = [WagerLine("seat1", 1001, Outcome.LOSE)]
    s = settle_table(lines, profile=PA, bank="seat2", co_bank=True)
    assert [(m.target, m.cents) for m in s.moves[1:]] == [(HOUSE, 501), (HOUSE, 25), ("seat2", 475)]
    lines = [WagerLine("seat1", 1001, Outcome.WIN)]
    s = settle_table(lines, profile=PA, bank="seat2", co_bank=True)
    assert [(m.source, m.cents) for m in s.moves[:2]] == [("seat2", 500), (HOUSE, 501)]


@pytest.mark.parametrize("kwargs, message", [
    ({"bank": "seat9"}, "unknown bank position 'seat9'"),
    ({"bank": "seat1"}, "makes no Pai Gow Wager"),
    ({"co_bank": True}, "need a player bank"),
    ({"bank": "seat2", "co_bank": True, "dealer_wager": WagerLine("dealer", 100, Outcome.WIN)}, "co-bank"),
    ({"rounding": "dime"}, "unknown vig rounding"),
])
def test_bad_settlement_requests(kwargs, message):
    with pytest.raises(TrainerError, match=message):
        settle_table([WagerLine("seat1", 100, Outcome.WIN)], profile=PA, **kwargs)


def test_bad_lines():
    with pytest.raises(TrainerError, match="positive whole number of cents"):
        settle_table([WagerLine("seat1", 0, Outcome.WIN)], profile=PA)
    with pytest.raises(TrainerError, match="once"):
        settle_table([WagerLine("seat1", 5, Outcome.WIN), WagerLine("seat1", 5, Outcome.LOSE)], profile=PA)


_outcomes = st.sampled_from([Outcome.WIN, Outcome.LOSE, Outcome.PUSH, Outcome.SURRENDER, Outcome.VOID])


@st.composite
def tables(draw):
    profile = profile_named(draw(st.sampled_from(sorted(PROFILES))))
    bank = draw(st.sampled_from(("dealer",) + SEATS))
    co_bank = bank != "dealer" and draw(st.booleans())
    seats = draw(st.lists(st.sampled_from([s for s in SEATS if s != bank]), unique=True, max_size=6))
    lines = [WagerLine(s, draw(st.integers(1, 500_000)), draw(_outcomes)) for s in seats]
    dealer = None
    if bank != "dealer" and not co_bank and draw(st.booleans()):
        dealer = WagerLine("dealer", draw(st.integers(1, 500_000)), draw(st.sampled_from(
            [Outcome.WIN, Outcome.LOSE, Outcome.PUSH])))
    rounding = draw(st.sampled_from(profile.vig_roundings))
    return profile, bank, co_bank, lines, dealer, rounding


@given(tables())
def test_chips_are_conserved_and_every_player_is_settled_right(case):
    profile, bank, co_bank, lines, dealer, rounding = case
    s = settle_table(lines, profile=profile, rounding=rounding, bank=bank, co_bank=co_bank, dealer_wager=dealer)
    assert sum(s.balances.values()) == 0
    assert s.balances.get(CENTRE, 0) == 0
    assert all(m.cents > 0 for m in s.moves)
    for line in lines:
        assert s.balances.get(line.position, 0) == settle_pai_gow(line.cents, line.outcome, rounding).net_cents
    if bank != "dealer":
        centre_in = sum(m.cents for m in s.moves if m.target == CENTRE)
        centre_out = sum(m.cents for m in s.moves if m.source == CENTRE)
        assert centre_in == centre_out
