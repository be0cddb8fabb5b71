"""Baccarat's cards, Point Count and third-card rules (631a.6, 631a.11 and Table 1), exhaustively."""

import itertools

import pytest

from trainer.rules.baccarat.cards import Card, burn_count, card_of, parse_card, parse_hand, points
from trainer.rules.baccarat.draw import BANKER_DRAWS, TABLE_1, banker_rule, is_natural, player_rule
from trainer.rules.errors import NotationError

# Table 1 as printed in 631a.11(c)(2)(iii): columns are the Player's third card 0..9.
PRINTED_TABLE_1 = """
3 D D D D D D D D S D
4 S S D D D D D D S S
5 S S S S D D D D S S
6 S S S S S S D D S S
"""


def test_table_1_is_the_printed_table():
    rows = {int(r.split()[0]): "".join(r.split()[1:]) for r in PRINTED_TABLE_1.strip().splitlines()}
    assert rows == TABLE_1


def _expected_banker(b, third):
    """631a.11(c) restated as the ranges dealers learn, independently of TABLE_1."""
    if third is None:
        return b <= 5                                   # (c)(1)
    return {0: True, 1: True, 2: True, 7: False,        # (c)(2)(i),(ii)
            3: third != 8, 4: 2 <= third <= 7, 5: 4 <= third <= 7, 6: third in (6, 7)}[b]


@pytest.mark.parametrize("p, b", list(itertools.product(range(10), range(10))))
def test_every_count_pair_and_third_card(p, b):
    natural = p >= 8 or b >= 8
    pr = player_rule(p, b)
    assert pr.draws == (not natural and p <= 5)
    assert pr.citation == ("631a.11(a)" if natural else "631a.11(b)(1)" if p <= 5 else "631a.11(b)(2)")
    for third in (None, *range(10)):
        br = banker_rule(p, b, third)
        if natural:
            assert br == banker_rule(p, b, None) and not br.draws and br.citation == "631a.11(a)"
            continue
        assert br.draws == _expected_banker(b, third), (p, b, third)
        if third is not None and 3 <= b <= 6:
            assert br.citation == "631a.11(c)(2)(iii), Table 1"
        if b <= 7:
            assert BANKER_DRAWS[b][10 if third is None else third] == br.draws


def test_table_1_worked_example():
    # 631a.11(g): Banker 5, Player's third card 4: the Banker draws.
    assert banker_rule(2, 5, 4).draws


@pytest.mark.parametrize("bad", [-1, 10])
def test_counts_outside_0_to_9_are_refused(bad):
    with pytest.raises(ValueError):
        player_rule(bad, 0)
    with pytest.raises(ValueError):
        banker_rule(0, 3, bad)


def test_point_count_examples_of_631a_6():
    assert points(parse_hand("A 2 4")) == 7 and points(parse_hand("A 2 9")) == 2
    assert [Card(r).value for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]
    assert [is_natural(c) for c in (7, 8, 9)] == [False, True, True]


def test_card_notation():
    assert [str(parse_card(t)) for t in ("qh", "10", "T", "As", "k")] == ["Qh", "T", "T", "As", "K"]
    assert parse_hand("Ah,9d  K") == (Card(1, "h"), Card(9, "d"), Card(13))
    for bad in ("1", "11", "Qx", "", "Q h"):
        with pytest.raises(NotationError):
            parse_hand(bad) if bad == "Q h" else parse_card(bad)


def test_physical_cards_and_burn_counts():
    faces = [card_of(i) for i in range(52 * 8)]
    assert len(set(faces[:52])) == 52 and faces[52] == faces[0]
    assert [burn_count(Card(r)) for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
