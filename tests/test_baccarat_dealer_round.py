"""Calling the game without a screen: the dealer's actions of a Baccarat round, their answers and order."""

from __future__ import annotations

import re

import pytest

from trainer.drills import check, generate, skills_for
from trainer.drills.baccarat.dealer_round import (
    DEALER_SKILLS, IRREGULARITIES, MOMENTS, RoundSpec, play_spec, playable, round_tasks,
)
from trainer.drills.dealer_round import DealerRound
from trainer.rules.baccarat.call import call_of
from trainer.rules.baccarat.cards import card_of, points
from trainer.rules.baccarat.draw import banker_rule
from trainer.rules.baccarat.wagers import Coup
from trainer.rules.baccarat.irregularities import BANKER_THIRD, DISCARD_TWO
from trainer.rules.errors import TrainerError
from trainer.rules.money import format_cents

SPECS = [RoundSpec(seed=s, moment=m, vig_collection=v, squeeze=q, ez=e or None)
         for s in range(3) for m in MOMENTS for v, q, e in (("at-payout", False, False), ("deferred", True, False),
                                                          (None, False, True))]


@pytest.mark.parametrize("spec", SPECS[::2])
def test_every_action_right_scores_100_percent(spec):
    r = DealerRound(spec)
    while not r.finished:
        r.answer(r.current.question.answer, ms=900)
    summary = r.summary()
    assert summary.score == 1.0 and summary.answered == len(r.tasks) and not summary.mistakes


def test_a_wrong_action_is_a_mistake_with_the_right_one_and_its_section_and_the_round_goes_on():
    r = DealerRound(RoundSpec(seed=5))
    while r.current.skill != "bac-dealer-count":
        r.answer(r.current.question.answer)
    task = r.current
    player, banker = task.question.answer
    hand, n = banker.split()
    wrong = f"{hand} {(int(n) + 1) % 10}"
    feedback = r.answer(f"{player}, {wrong}")  # the first phrase right, the second wrong
    assert not feedback.correct and feedback.expected == f"{player}, {banker}"
    assert feedback.mistake == f'phrase 2: "{wrong}", the call is "{banker}" (631a.10(a))'
    assert "631a.6(b)" in feedback.citations
    while not r.finished:
        r.answer(r.current.question.answer)
    assert [m.task for m in r.summary().mistakes] == [task]


@pytest.mark.parametrize("spec", SPECS)
def test_the_calls_follow_the_cards_dealt(spec):
    """Every point of the round where the dealer speaks is a call, asked once its cards are on the
    table, and the calls of the round in order are the whole call of B29/B30."""
    played = play_spec(spec)
    rnd = played.round
    pp, bp = (points(card_of(c) for c in cards[:2]) for cards in (rnd.player, rnd.banker))
    tasks = round_tasks(spec, played)
    third_dealt = {hand: next(i for i, s in enumerate(played.steps) if s.say == f"Third card to the {hand}'s Hand.")
                   for hand, cards in (("Player", rnd.player), ("Banker", rnd.banker)) if len(cards) == 3}
    for task in tasks:
        q = task.question
        if q.skill == "bac-dealer-banker-draw":  # 631a.11(c), Table 1
            third = card_of(rnd.player[2]).value if len(rnd.player) == 3 else None
            assert (q.answer == ("Banker draws",)) == banker_rule(pp, bp, third).draws == (len(rnd.banker) == 3)
        elif q.skill == "bac-dealer-player-draw":
            assert q.answer == ("No more cards",) if {pp, bp} & {8, 9} else (
                (q.answer == ("Player draws",)) == (len(rnd.player) == 3))
        elif q.skill == "bac-dealer-count" and q.item.endswith("-third"):
            hand = q.data["hand"]
            assert q.answer == (f"{hand.title()} {points(card_of(c) for c in getattr(rnd, hand))}",)
            assert task.step > third_dealt[hand.title()]  # the third card is on the table
        elif q.skill == "bac-dealer-count":
            hands = ("player", "banker") if q.item == "counts" else (q.data["hand"],)
            assert q.answer == tuple(f"{h.title()} {points(card_of(c) for c in getattr(rnd, h)[:2])}" for h in hands)
    if rnd.irregularity is None:
        called = [phrase for t in tasks if t.question.kind.value == "call" for phrase in t.question.answer]
        coup = Coup(tuple(map(card_of, rnd.player)), tuple(map(card_of, rnd.banker)))
        assert called == [p.text for p in call_of(coup, played.profile.ez)]


@pytest.mark.parametrize("spec", SPECS)
def test_losers_first_then_winners_from_the_highest_numbered_position_down(spec):
    tasks = round_tasks(spec)
    orders = [t.question for t in tasks if t.skill == "bac-dealer-order"]
    if orders and orders[0].item == "losers-first":
        assert orders[0].answer == "Collect every losing wager"
    paid = [int(re.match(r"Seat (\d+)", t.question.prompt).group(1)) for t in tasks if t.skill == "bac-dealer-pay"]
    assert paid == sorted(paid, reverse=True)  # 631a.12(b)


@pytest.mark.parametrize("spec", SPECS)
def test_no_question_shows_its_own_answer(spec):
    for task in round_tasks(spec):
        q = task.question
        if q.skill == "bac-dealer-vig":  # (a 1 to 1 payout is the wager itself: what it tests is the odds)
            assert format_cents(q.answer) not in q.prompt
        elif q.kind.value == "call":  # the cards are shown, never the phrases called
            assert not any(re.search(rf"\b{re.escape(a)}\b", q.prompt) for a in q.answer), q.prompt


def test_the_marker_holds_the_vigorish_owed_and_grows():
    for seed in range(20):
        spec = RoundSpec(seed=seed, moment="in-play", vig_collection="deferred", players=7)
        played = play_spec(spec)
        marks = [t.question for t in round_tasks(spec, played) if t.skill == "bac-dealer-vig"]
        for q in marks:
            seat = int(re.search(r"box (\d+)", q.prompt).group(1))
            assert q.answer == played.round.markers[seat] or q.answer < played.round.markers[seat]
        if marks:
            return
    raise AssertionError("no marked vigorish in 20 rounds")


@pytest.mark.parametrize("kind", IRREGULARITIES)
def test_each_injected_irregularity_is_asked_once_with_its_631a_15_remedy(kind):
    spec = playable(RoundSpec(seed=1, irregularity=kind))
    asked = [t.question for t in round_tasks(spec) if t.skill == "bac-dealer-irregularity"]
    assert len(asked) == 1
    q = asked[0]
    assert q.answer in q.choices and q.citations[0].startswith("631a.15")
    if kind == "third-disclosed" and "discard" in q.citations[0]:
        assert q.answer == DISCARD_TWO


def test_a_disclosed_third_card_follows_the_rules_submission_when_the_banker_stays():
    for seed in range(60):
        spec = RoundSpec(seed=seed, irregularity="third-disclosed")
        try:
            q = next(t.question for t in round_tasks(spec) if t.skill == "bac-dealer-irregularity")
        except TrainerError:
            continue
        if q.answer != BANKER_THIRD:
            assert q.answer == DISCARD_TWO and q.citations[0] == "631a.15(c)(1)"  # pa-631a's choice
            return
    raise AssertionError("no Banker standing after a disclosed third card in 60 rounds")


def test_a_round_replays_from_its_spec():
    spec = RoundSpec(seed=9, moment="in-play", squeeze=True)
    assert round_tasks(spec) == round_tasks(RoundSpec(**spec.to_dict()))
    with pytest.raises(TrainerError, match="tomorrow"):
        RoundSpec(seed=1, moment="tomorrow")


@pytest.mark.parametrize("skill", sorted(DEALER_SKILLS))
def test_each_action_is_a_drill_of_its_own_replayable_from_its_data(skill):
    q = generate(skill, seed=11, profile="pa-631a")
    assert q.skill == skill and generate(skill, seed=11, profile="pa-631a") == q
    spec = RoundSpec(**q.data["round"])
    assert round_tasks(spec)[q.data["task"]].question.answer == q.answer
    assert any(c.startswith("631a.") for c in q.citations) and all(c in q.explanation for c in q.citations)
    assert check(q, q.answer).correct
    assert skill in {s.id for s in skills_for("pa-631a")} and skill not in {s.id for s in skills_for("pa-2019")}


def test_a_last_hand_round_is_the_round_in_which_the_cover_card_comes_out():
    for seed in range(8):
        played = play_spec(RoundSpec(seed=seed, moment="last-hand"))
        assert played.round.cover_card and not played.start.last_hand  # 631a.10(d): this hand, then one more
        assert any(s.action == "last-hand" for s in played.round.steps)


#: Every cell of Table 1 the Banker's Hand is called on (631a.11(b),(c)): its count 0-7 against the
#: Player's third card, or the Player stood; and every call of the Player's Hand.
BANKER_CELLS = [f"B{b}-{t}" for b in range(8) for t in (*range(10), "stood")]
PLAYER_CALLS = ["natural", *(f"P{n}" for n in range(8))]


@pytest.mark.parametrize("skill, items", [("bac-dealer-banker-draw", BANKER_CELLS),
                                          ("bac-dealer-player-draw", PLAYER_CALLS)])
def test_a_due_draw_case_is_dealt_at_once_and_replays_from_its_seed_and_its_round(skill, items):
    """Spaced repetition asks for a case by its item: the round is dealt to show it, whatever its rarity
    in a shuffled shoe, and the cards dealt are those the question names."""
    for i, item in enumerate(items):
        q = generate(skill, seed=i, profile="pa-631a", item=item)
        assert q.item == item and generate(skill, seed=q.seed, profile="pa-631a") == q
        spec = RoundSpec(**q.data["round"])
        assert round_tasks(spec)[q.data["task"]].question.prompt == q.prompt
        rnd = play_spec(spec).round
        dealt = (rnd.player[0], rnd.banker[0], rnd.player[1], rnd.banker[1], *rnd.player[2:])
        assert [card_of(c).value for c in dealt[:len(spec.stack)]] == list(spec.stack)
        pp, bp = points(card_of(c) for c in rnd.player[:2]), points(card_of(c) for c in rnd.banker[:2])
        if item == "natural":
            assert {pp, bp} & {8, 9} and q.answer == ("No more cards",)
        elif skill == "bac-dealer-player-draw":
            assert item == f"P{pp}" and bp < 8 and q.prompt.startswith(f"Player {pp}, Banker {bp}")
        else:
            third = card_of(rnd.player[2]).value if len(rnd.player) > 2 else "stood"
            assert item == f"B{bp}-{third}" and pp < 8
            assert q.answer == ("Banker draws",) if len(rnd.banker) > 2 else ("Banker stands",)


def test_a_shoe_showing_a_situation_holds_the_same_cards():
    played = play_spec(RoundSpec(seed=4, moment="in-play"))
    shoe = played.start.shoe
    shown = shoe.showing((0, 9, 9, 0, 5))
    assert sorted(shown.cards) == sorted(shoe.cards) and shown.cards[:shoe.next] == shoe.cards[:shoe.next]
    assert [card_of(c).value for c in shown.cards[shoe.next:shoe.next + 5]] == [0, 9, 9, 0, 5]
    with pytest.raises(TrainerError, match="values are 0 to 9"):
        RoundSpec(seed=1, stack=(10,))
