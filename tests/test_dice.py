"""Dice, the shaker's no rolls and the RNG number (621a.6(a), 621a.10(a),(b); spec D3.1; JQ14-JQ16)."""

import random
from collections import Counter
from dataclasses import replace
from itertools import product

import pytest

from trainer.rules.paigow.dice import (BEAT_IT, PLAIN, Colour, Method, NoRoll, Roll, check_method, dice_colours,
                                fault_citation, possible_faults, roll, subsection)
from trainer.rules.errors import NotationError, TrainerError
from trainer.rules.paigow.profiles import profile_named

PA, PA12, MD, NJ = (profile_named(n) for n in ("pa-2019", "pa-2012", "md", "nj"))


def test_parse_three_dice_or_a_total():
    assert Roll.parse("3,2,4") == Roll(9, (3, 2, 4))
    assert Roll.parse(" 6 6 6 ").total == 18
    assert Roll.parse("9") == Roll(9, ())


@pytest.mark.parametrize("text", ["2", "19", "0", "7,1,1", "1,2", "x", ""])
def test_a_number_three_dice_cannot_show_is_refused(text):
    with pytest.raises(TrainerError):
        Roll.parse(text)


def test_dice_must_add_up_to_the_total():
    with pytest.raises(TrainerError):
        Roll(10, (3, 2, 4))


def test_spoken_announcement_names_each_die_then_the_total():
    assert Roll.parse("6,2,1").spoken == "6, 2, 1: total 9"
    assert Roll.parse("12").spoken == "number 12"


def test_the_same_seed_gives_the_same_roll():
    rolls = [roll(random.Random(5), profile=PA) for _ in range(2)]
    assert rolls[0] == rolls[1]
    assert len(rolls[0].dice) == 3 and sum(rolls[0].dice) == rolls[0].total


def test_rolls_follow_the_three_dice_distribution():
    rng = random.Random(0)
    totals = Counter(roll(rng, profile=PA).total for _ in range(4000))
    assert set(totals) <= set(range(3, 19))
    ways = Counter(sum(d) for d in product(range(1, 7), repeat=3))
    assert ways[10] == 27 and ways[3] == 1  # spec D3.3 "ways"
    assert totals[10] > totals[5] > totals[3]


def test_the_rng_shows_a_number_only_drawn_as_three_virtual_dice():
    r = roll(random.Random(3), Method.RNG, profile=MD)
    assert r.dice == () and 3 <= r.total <= 18 and r.by == "rng"
    rng = random.Random(3)
    assert r.total == sum(rng.randint(1, 6) for _ in range(3))


@pytest.mark.parametrize("method, profile, bank_round, message", [
    (Method.RNG, NJ, False, "no random number generator"),
    (Method.RNG, PA, True, "bank shakes"),
    (Method.PLAYER_ACTIVATED, MD, False, "no player-activated shaker"),
    (Method.PLAYER_ACTIVATED, PA12, False, "no player-activated shaker"),
])
def test_methods_a_profile_or_round_does_not_allow(method, profile, bank_round, message):
    with pytest.raises(TrainerError, match=message):
        check_method(method, profile, bank_round)


def test_who_makes_the_number():
    assert roll(random.Random(1), profile=PA).by == "dealer"
    assert roll(random.Random(1), profile=PA, bank_round=True).by == "bank"
    assert roll(random.Random(1), Method.PLAYER_ACTIVATED, profile=PA).by == "player"
    assert roll(random.Random(1), Method.PLAYER_ACTIVATED, profile=PA, bank_round=True).by == "bank"


def test_no_rolls_are_reshaken_and_recorded():
    r = roll(random.Random(11), profile=PA, no_roll_rate=0.6)
    assert r.no_rolls, "seed 11 gives at least one no roll"
    assert all(a.fault in (NoRoll.NOT_FLAT, NoRoll.FELL_OUT) and len(a.dice) == 3 for a in r.no_rolls)
    assert 3 <= r.total <= 18


def test_which_no_rolls_can_happen():
    assert possible_faults(Method.RNG, False) == ()
    assert possible_faults(Method.PLAYER_ACTIVATED, False) == (NoRoll.NOT_FLAT,)  # sealed shaker
    assert NoRoll.LID_LIFTED in possible_faults(Method.MANUAL, True)
    assert NoRoll.LID_LIFTED not in possible_faults(Method.MANUAL, False)


@pytest.mark.parametrize("rate", [1.0, -0.1])
def test_a_no_roll_rate_that_never_ends_is_refused(rate):
    with pytest.raises(TrainerError):
        roll(random.Random(1), profile=PA, no_roll_rate=rate)


def test_beat_it_dice_are_one_red_and_two_blue():
    assert dice_colours(PA) == BEAT_IT == (Colour.RED, Colour.BLUE, Colour.BLUE)
    assert dice_colours(PA, "C") == PLAIN  # Paytable C needs no colours (JQ14)
    assert dice_colours(MD) == dice_colours(NJ) == PLAIN


@pytest.mark.parametrize("profile, expected", [
    (PA, ("621a.10(a)", "621a.10(b)", "621a.9(i)")),
    (MD, ("MD 10.A", "MD 10.B", "MD 9.J(5)")),
    (NJ, ("N.J.A.C. 19:47-10.9(a)", "N.J.A.C. 19:47-10.9(b)", "N.J.A.C. 19:47-10.8(i)")),
])
def test_each_no_roll_cites_its_section(profile, expected):
    assert tuple(fault_citation(profile, f) for f in (NoRoll.NOT_FLAT, NoRoll.FELL_OUT, NoRoll.LID_LIFTED)) == expected


def test_subsection_keeps_the_texts_lettering():
    assert subsection(PA, "count", "a") == "621a.6(a)"
    assert subsection(MD, "count", "a") == "MD 6.A"
    assert subsection(replace(PA, sections={"x": "1.2"}), "x", "a") == "1.2"


def test_a_parse_error_is_a_notation_error():
    with pytest.raises(NotationError):
        Roll.parse("three")
