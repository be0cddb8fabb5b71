"""Baccarat rounds and shoes: chips conserved, the cover card and "last hand", the curator, the
vigorish at payout or on markers, House Money before third cards, the squeeze, the move plans."""

import random
from collections import Counter

import pytest

from trainer.rules.baccarat.analysis import probabilities, shoe_counts
from trainer.rules.baccarat.cards import card_of, parse_hand
from trainer.rules.baccarat.curator import cut_offer_order, shoe_offer_order, squeezer
from trainer.rules.baccarat.profiles import profile_named
from trainer.rules.baccarat.round import Bettor, TableState, play_one, play_round, play_shoe, seat_bettors
from trainer.rules.baccarat.shoe import Shoe, cut_error, prepare_shoe
from trainer.rules.baccarat.table import LAST_COVER, MoveKind, Zone
from trainer.rules.errors import TrainerError
from trainer.rules.record import HOUSE

P = profile_named("pa-631a")


def test_chips_conserve_over_ten_thousand_rounds():
    """And the rounds' results agree with the exact analysis (within four standard errors)."""
    rounds = 0
    wins = Counter()
    for seed in range(200):
        profile = P.with_options(ez=seed % 3 == 0, vig_rounding="quarter" if seed % 2 else "exact",
                                 vig_collection="deferred" if seed % 5 == 0 else "at-payout", decks=6 + 2 * (seed % 2))
        shoe = play_shoe(random.Random(seed), profile, players=1 + seed % 7, record=False)
        for r in shoe.rounds:
            assert sum(r.balances.values()) == 0
            assert all(m.cents > 0 for m in r.chips)
            wins[r.coup.winner] += 1
        assert sum(shoe.balances.values()) == 0
        rounds += len(shoe.rounds)
    assert rounds >= 10_000
    exact = probabilities(shoe_counts(8))
    for result, p in exact.items():
        assert abs(wins[result] / rounds - float(p)) < 4 * (float(p) * (1 - float(p)) / rounds) ** 0.5, result


@pytest.mark.parametrize("seed", [1, 2])
def test_the_fast_path_plays_the_same_rounds(seed):
    full, fast = (play_shoe(random.Random(seed), P, players=5, record=r) for r in (True, False))
    assert [r.chips for r in full.rounds] == [r.chips for r in fast.rounds]
    assert [(r.player, r.banker, r.next_curator) for r in full.rounds] == [
        (r.player, r.banker, r.next_curator) for r in fast.rounds]
    assert fast.rounds[0].steps == () and full.rounds[0].steps


@pytest.mark.parametrize("seed", range(40))
def test_a_shoe_never_deals_past_the_cover_card_and_one_more_hand(seed):
    shoe = play_shoe(random.Random(seed), P.with_options(decks=6 + 2 * (seed % 2)), players=3)
    appeared = [i for i, r in enumerate(shoe.rounds) if r.cover_card]
    assert len(appeared) == 1 and appeared[0] == len(shoe.rounds) - 2      # then exactly one more hand
    assert shoe.rounds[-1].last_hand and not any(r.last_hand for r in shoe.rounds[:-1])
    said = [s.say for s in shoe.rounds[-2].steps]
    assert said.count("Last hand.") == 1 and not any(r.void for r in shoe.rounds)
    prep = shoe.opening.prep
    last_cover = prep.shoe.last_cover
    dealt = sum(len(r.player) + len(r.banker) for r in shoe.rounds) + len(prep.burn)
    before_cover = sum(len(r.player) + len(r.banker) for r in shoe.rounds[:-2]) + len(prep.burn)
    assert before_cover <= last_cover < dealt <= last_cover + 11


def test_the_cover_card_as_the_first_card_of_a_round_is_put_aside_and_the_hand_completed():
    shoe = Shoe(8, tuple(range(30)), last_cover=4, next=4)
    bettors = (Bettor(3, {"banker": 1000}),)
    rnd, after = play_round(random.Random(1), TableState(shoe, 3), bettors, P)
    aside = [m for m in rnd.moves if m.kind is MoveKind.ASIDE]
    assert rnd.cover_card and aside and aside[0].cards[0].card == LAST_COVER
    assert rnd.steps[aside[0].step].citation == "631a.10(d)" and len(rnd.player) >= 2
    assert after.last_hand and not after.done
    last, final = play_round(random.Random(2), after, bettors, P)
    assert last.last_hand and final.done
    with pytest.raises(ValueError):
        play_round(random.Random(3), final, bettors, P)


def test_too_few_cards_void_the_round_and_return_every_wager():
    # Ids 0..5 are A..6 of clubs: Player A 3 (4), Banker 2 4 (6); the Player draws the 6, so the
    # Banker draws too (Table 1: 6 against a 6), but the shoe is empty.
    shoe = Shoe(8, (0, 1, 2, 3, 5), last_cover=99)
    bettors = (Bettor(2, {"player": 1000, "house-money": 500}),)
    rnd, after = play_round(random.Random(1), TableState(shoe, None), bettors, P)
    assert rnd.void and after.done and rnd.balances == {"seat2": 0, HOUSE: 0}
    assert [m.why for m in rnd.chips] == ["losing House Money Wager collected", "void round: House Money settlement returned"]
    assert any(s.action == "void" and s.citation == "631a.15(e)" for s in rnd.steps)


def _table(cards, curator=1):
    """A shoe whose first cards are ``cards`` (P B P B P3 B3 order), then anything."""
    ids = []
    used = set()
    for c in parse_hand(cards):
        i = next(i for i in range(416) if i not in used and card_of(i).rank == c.rank)
        used.add(i)
        ids.append(i)
    return TableState(Shoe(8, tuple(ids) + tuple(i for i in range(416) if i not in used), last_cover=400), curator)


def test_losers_first_then_winners_from_the_highest_seat_with_vigorish_after_each():
    # Player 2 3 (5) draws a 4 (9); Banker 4 3 (7) stays on 7 (631a.11(c)(2)(ii)): Player wins 9 to 7.
    bettors = (Bettor(1, {"player": 2000}), Bettor(4, {"banker": 1000}), Bettor(9, {"player": 500, "tie": 500}))
    rnd, _ = play_round(random.Random(0), _table("2 4 3 3 4"), bettors, P)
    assert rnd.coup.winner == "player" and rnd.coup.player_points == 9
    assert [(m.source, m.target, m.cents) for m in rnd.chips] == [
        ("seat9", HOUSE, 500), ("seat4", HOUSE, 1000), (HOUSE, "seat9", 500), (HOUSE, "seat1", 2000)]
    assert rnd.next_curator != 1  # the Banker's Hand lost: the shoe passes (631a.14(a)(1))


@pytest.mark.parametrize("rounding, collection, expected", [
    ("exact", "at-payout", [(HOUSE, "seat3", 1700), ("seat3", HOUSE, 85)]),
    ("quarter", "at-payout", [(HOUSE, "seat3", 1700), ("seat3", HOUSE, 100)]),
    ("exact", "deferred", [(HOUSE, "seat3", 1700)]),
])
def test_banker_vigorish(rounding, collection, expected):
    # Banker 6 6 (2) draws a 5 (7); Player 3 T (3) draws a T (3): Banker wins 7 to 3.
    p = P.with_options(vig_rounding=rounding, vig_collection=collection)
    rnd, after = play_round(random.Random(0), _table("3 6 T 6 T 5"), (Bettor(3, {"banker": 1700}),), p)
    assert rnd.coup.winner == "banker" and [(m.source, m.target, m.cents) for m in rnd.chips] == expected
    assert dict(after.markers) == ({3: 85} if collection == "deferred" else {})
    if collection == "deferred":
        assert any(m.kind is MoveKind.MARK and m.detail == {"seat": 3, "owed": 85} for m in rnd.moves)


def test_deferred_vigorish_is_collected_before_the_new_shoe_rounded_once():
    p = P.with_options(vig_collection="deferred", vig_rounding="quarter")
    shoe = play_shoe(random.Random(4), p, players=4)
    owed = {}
    for r in shoe.rounds:
        owed |= {f"seat{s}": c for s, c in r.markers.items()}
    assert [m.source for m in shoe.closing_chips] == sorted(owed, key=lambda s: -int(s[4:]))
    assert all(m.cents % 25 == 0 and m.cents - owed[m.source] < 25 for m in shoe.closing_chips)
    assert all(m.citation == "631a.13(d)(2)(i)" for m in shoe.closing_chips)


def test_ez_table_pushes_the_banker_on_a_dragon_7_and_pays_the_insurance():
    # Player 4 2 (6) stays; Banker 5 Q (5) draws a 2: a three-card 7 over 6 (631a.1).
    bettors = (Bettor(1, {"banker": 1000, "dragon-7": 500}), Bettor(2, {"player": 1000, "panda-8": 500}))
    rnd, _ = play_round(random.Random(0), _table("4 5 2 Q 2"), bettors, P.with_options(ez=True))
    assert rnd.coup.dragon_7
    assert rnd.balances == {"seat1": 20000, "seat2": -1500, HOUSE: -18500}
    assert "Dragon 7" in next(s.say for s in rnd.steps if s.action == "result")


def test_house_money_settles_before_the_third_card_and_can_ride_on_the_main_wager():
    # Player 3 3 (6) pair; Banker 2 2 (4) pair: both pairs, 15 to 1; Player stays, Banker draws a 5 (9).
    bettors = (Bettor(2, {"banker": 1000, "house-money": 100}, add_house_money=True),
               Bettor(5, {"player": 1000, "house-money": 100}))
    rnd, _ = play_round(random.Random(0), _table("3 2 3 2 5"), bettors, P)
    actions = [s.action for s in rnd.steps]
    assert actions.index("house-money") < actions.index("deal-banker", 6)
    assert rnd.chips[0].why.endswith("added to the wager on the Banker's Hand") and rnd.chips[0].cents == 1500
    # The Banker's 9 wins: 1000 + 1500 paid 1 to 1, less 5% of 2500.
    assert rnd.balances["seat2"] == 1500 + 2500 - 125 and rnd.balances["seat5"] == 1500 - 1000


def test_squeeze_hands_each_hand_to_the_highest_wager_ties_to_the_lowest_seat():
    bettors = (Bettor(3, {"player": 2500}), Bettor(6, {"player": 2500}), Bettor(8, {"banker": 100}))
    rnd, _ = play_round(random.Random(0), _table("2 4 3 3 4"), bettors, P.with_options(squeeze=True))
    handed = [(m.detail["seat"], m.cards[0].after.hand) for m in rnd.moves if m.kind is MoveKind.HAND_TO]
    assert handed == [(3, "player"), (8, "banker"), (3, "player")]
    assert squeezer({4: 100, 2: 100}) == 2 and squeezer({}) is None


def test_every_card_of_a_round_ends_in_the_discard_bucket():
    rnd = play_one(11, players=3)
    places = {}
    for m in rnd.moves:
        for c in m.cards:
            places[c.card] = c.after
    assert {places[c].zone for c in rnd.player + rnd.banker} == {Zone.DISCARD}
    assert all(m.step < len(rnd.steps) for m in rnd.moves)


def test_offer_orders_and_cut_bounds():
    assert cut_offer_order((1, 7, 12)) == (12, 7, 1) and cut_offer_order((1, 7, 12), 7) == (7, 1, 12)
    assert shoe_offer_order((1, 7, 12)) == (1, 7, 12) and shoe_offer_order((1, 7, 12), 12) == (1, 7)
    assert cut_error(10, 416) is None and cut_error(406, 416) is None and cut_error(407, 416)
    with pytest.raises(TrainerError, match="631a.5"):
        prepare_shoe(random.Random(0), P, (1,), cut_at=5)


def test_a_round_replays_from_its_seed():
    assert play_one(99, players=4).to_dict() == play_one(99, players=4).to_dict()
    assert len(seat_bettors(random.Random(1), P, 14)) == 14


@pytest.mark.parametrize("kind", ["error-card", "third-undisclosed", "third-disclosed", "exposed-card", "too-few"])
@pytest.mark.parametrize("remedy", ["discard", "simulated"])
def test_irregularities_are_played_and_remedied_by_631a_15(kind, remedy):
    from trainer.rules.baccarat.irregularities import Irregularity

    for seed in range(8):
        r = play_one(seed, players=3, irregularity=kind, third_card_remedy=remedy)
        assert r.irregularity is Irregularity(kind) and sum(r.balances.values()) == 0
        cited = [s for s in r.steps if s.citation.startswith("631a.15")]
        assert cited and all(m.step < len(r.steps) for m in r.moves)
        assert r.void == (kind == "too-few")
        if not r.void:
            assert 2 <= len(r.player) <= 3 and 2 <= len(r.banker) <= 3
        if kind.startswith("third"):
            assert len(r.player) == 2                        # the card never stays with the Player's Hand
            banker_took_it = any(s.say == "Use the card as the Banker's Hand's third card." for s in cited)
            assert banker_took_it == (len(r.banker) == 3 and not any(
                s.say == "Card for the Banker." for s in r.steps))
