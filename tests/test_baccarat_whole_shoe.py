"""A whole Baccarat shoe (issue 31): to the cover card, "last hand", exactly one more hand and the change
of decks (631a.10(d), reading B31); the commission box holding exactly the vigorish marked, collected
when a player leaves and before the new shoe (631a.13(d)(2)(i),(ii), reading B32)."""

import random

from hypothesis import given, settings, strategies as st

from trainer.rules.baccarat.profiles import profile_named
from trainer.rules.baccarat.round import Round
from trainer.rules.baccarat.table import LAST_COVER, MoveKind
from trainer.rules.baccarat.whole_shoe import Interlude, change_decks, deal_whole_shoe, leave_table
from trainer.rules.money import quarter_up
from trainer.rules.record import HOUSE

DEFERRED = profile_named("pa-631a").with_options(vig_collection="deferred")
PROFILES = st.sampled_from([DEFERRED, DEFERRED.with_options(vig_rounding="quarter", decks=6),
                            profile_named("pa-631a"), profile_named("pa-631a-ez")])
SEEDS = st.integers(0, 2**32 - 1)


@settings(max_examples=25, deadline=None)
@given(SEEDS, PROFILES, st.integers(1, 7))
def test_the_shoe_ends_one_hand_after_the_cover_card(seed, profile, players):
    shoe = deal_whole_shoe(random.Random(seed), profile, players=players)
    rounds = shoe.rounds
    cover = [i for i, r in enumerate(rounds) if r.cover_card]
    assert cover == [len(rounds) - 2]                       # the cover card came out in the last hand but one
    assert [r.last_hand for r in rounds].count(True) == 1 and rounds[-1].last_hand
    assert [s.say for s in rounds[-2].steps].count("Last hand.") == 1
    assert not any(r.void for r in rounds)
    aside = [m for m in rounds[-2].moves if m.kind is MoveKind.ASIDE]
    assert [c.card for m in aside for c in m.cards] == [LAST_COVER]
    # the change of decks closes the shoe, citing 631a.10(d), and nothing follows it
    last = shoe.parts[-1]
    assert isinstance(last, Interlude) and last.steps[0].action == "change-decks"
    assert last.steps[0].citation == "631a.10(d), 631a.3(b)" and shoe.parts[-2] is not last
    assert sum(shoe.balances.values()) == 0


def _exact_vig(won: int) -> int:
    return -(-won * 5 // 100)


@settings(max_examples=25, deadline=None)
@given(SEEDS, PROFILES, st.integers(1, 7), st.sampled_from([0.0, 0.3, 1.0]))
def test_the_box_holds_the_vigorish_marked_and_is_emptied_when_collected(seed, profile, players, leave_rate):
    """Replayed independently from the chips: each winning Banker wager marks 5% of the amount won in its
    seat's box; the box is collected (rounded by the table's rule) when its player leaves and at the change
    of decks, and nothing is owed at the end."""
    shoe = deal_whole_shoe(random.Random(seed), profile, players=players, leave_rate=leave_rate)
    deferred = profile.vig_collection == "deferred" and not profile.ez
    box: dict[int, int] = {}
    seated = set(shoe.seated)
    for part in shoe.parts:
        if isinstance(part, Round):
            assert {b.seat for b in part.bettors} == seated
            for chip in part.chips:
                if chip.source == HOUSE and chip.why.startswith("winning wager on the Banker's Hand") and deferred:
                    seat = int(chip.target.removeprefix("seat"))
                    box[seat] = box.get(seat, 0) + _exact_vig(chip.cents)
            assert dict(part.markers) == box                    # the marker holds the sum marked
            continue
        collected = {int(c.source.removeprefix("seat")): c.cents for c in part.chips}
        rounding = (lambda c: c) if profile.vig_rounding == "exact" else quarter_up
        leaving = [m.detail["seat"] for m in part.moves if m.kind is MoveKind.LEAVE]
        due = {s: c for s, c in box.items() if c and (not leaving or s in leaving)}
        assert collected == {s: rounding(c) for s, c in due.items()}
        assert all(c.target == HOUSE and c.citation == "631a.13(d)(2)(i)" for c in part.chips)
        emptied = [m.detail["seat"] for m in part.moves if m.kind is MoveKind.CHIPS]
        assert sorted(emptied) == sorted(due) and all(m.detail["owed"] == 0 for m in part.moves if m.kind is MoveKind.CHIPS)
        for s in due:
            box.pop(s)
        seated -= set(leaving)
        assert set(part.seated) == seated and dict(part.markers) == {s: c for s, c in box.items() if c}
    assert box == {} and shoe.final_markers == {}
    if leave_rate == 0.0:
        assert not [p for p in shoe.parts[:-1] if isinstance(p, Interlude)]


def test_players_leave_but_never_the_curator_nor_the_last_one():
    for seed in range(30):
        shoe = deal_whole_shoe(random.Random(seed), DEFERRED, players=1 + seed % 4, leave_rate=0.5)
        parts = shoe.parts
        for before, part in zip(parts, parts[1:]):
            if isinstance(part, Interlude) and part.moves[-1].kind is MoveKind.LEAVE:
                assert isinstance(before, Round) and part.moves[-1].detail["seat"] != before.next_curator
                assert part.seated
    assert any(isinstance(p, Interlude) and p.moves[-1].kind is MoveKind.LEAVE for p in parts)


def test_leaving_and_the_change_of_decks_in_the_dealers_words():
    left = leave_table(5, (2, 5), {5: 213}, DEFERRED.with_options(vig_rounding="quarter"))
    assert [(s.say, s.citation) for s in left.steps] == [
        ("Seat 5, $2.25 commission as the player leaves the table.", "631a.13(d)(2)(i)"),
        ("Seat 5 leaves the table.", "631a.13(d)(2)(i)")]
    assert [c.cents for c in left.chips] == [225] and left.seated == (2,) and dict(left.markers) == {}
    quiet = leave_table(2, (2, 5), {}, DEFERRED)
    assert [s.say for s in quiet.steps] == ["Seat 2 leaves the table."] and quiet.chips == ()
    end = change_decks((2, 5), {2: 40, 5: 0}, DEFERRED)
    assert [s.say for s in end.steps] == ["Change of decks: the cards are replaced with new decks.",
                                          "Seat 2, $0.40 commission before the new shoe."]
    assert [m.step for m in end.moves] == [0, 1] and end.moves[1].chips == (0,)


def test_the_same_seed_deals_the_same_shoe():
    a, b = (deal_whole_shoe(random.Random(9), DEFERRED) for _ in range(2))
    assert a.parts == b.parts
