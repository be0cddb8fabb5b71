"""Hands and settings of equal rank are equal everywhere (issue 12): 621a.3(g) and MD 3.H(2) make every
zero hand "equally bad, regardless of the highest ranking tile"; nj has no such rule (10.2(f),(h), spec JQ3).

The issue's examples, then exhaustive checks over all 8,130 face combinations of four tiles: the setting
judge, the house-way violation a round injects, and the house way's explanation.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from trainer.drills.answers import judge_setting
from trainer.drills.model import AnswerKind, Question
from trainer.drills.dealer_round import DealerRound
from trainer.drills.paigow.dealer_round import CALLS, RoundSpec, playable
from trainer.drills.paigow.hand_drills import COPY, DEALER, PLAYER, ZERO, compare_choices
from trainer.drills.registry import generate
from trainer.rules.errors import TrainerError
from trainer.rules.paigow.dice import NoRoll
from trainer.rules.paigow.hands import Hand, Setting, rank_key, same_rank, settings
from trainer.rules.paigow.house_way import REGULATORY, allowed_settings, set_by_house_way
from trainer.rules.paigow.irregularities import LID_LIFTED_REMEDY, Irregularity
from trainer.rules.paigow.profiles import PROFILES, profile_named
from trainer.rules.paigow.tiles import TILE_SET, parse_tiles

FACES = sorted({t for t in TILE_SET}, key=lambda t: (t.rank, str(t)))


def _four_tile_faces():
    """Every multiset of four faces the 32 tiles can deal (a face is at most twice in the set)."""
    count = {f: sum(1 for t in TILE_SET if t == f) for f in FACES}
    for combo in combinations_with_replacement(FACES, 4):
        if all(combo.count(f) <= count[f] for f in set(combo)):
            yield combo


def _setting_question(tiles, answer: Setting, profile: str) -> Question:
    return Question("house-way", "", 0, profile, "regulatory", "", AnswerKind.SETTING, str(answer), "", (),
                    data={"tiles": [str(t) for t in tiles]})


def _placed(setting: Setting):
    return setting.high.tiles, setting.low.tiles


# --- the examples -------------------------------------------------------------------------------

@pytest.mark.parametrize("profile", ["pa-2019", "pa-2012", "md"])
def test_two_zero_hands_rank_alike_where_the_text_says_so(profile):
    zz = profile_named(profile).zero_zero_to_banker
    assert rank_key(Hand.parse("2-2 1-5"), zero_zero_to_banker=zz) == rank_key(Hand.parse("3-3 2-2"),
                                                                                zero_zero_to_banker=zz)
    assert same_rank(Setting.parse("1-1 3-3 / 2-2 1-5"), Setting.parse("1-1 1-5 / 3-3 2-2"), zero_zero_to_banker=zz)


def test_nj_ranks_zero_hands_by_top_tile():
    assert not same_rank(Setting.parse("1-1 3-3 / 2-2 1-5"), Setting.parse("1-1 1-5 / 3-3 2-2"),
                         zero_zero_to_banker=profile_named("nj").zero_zero_to_banker)


@pytest.mark.parametrize("profile, right", [("pa-2019", True), ("md", True), ("nj", False)])
def test_the_judge_takes_a_setting_of_equal_rank(profile, right):
    """exam --seed 158 ... q. 27: 1-1 3-3 / 2-2 1-5 is the house way's 8 with an equally bad zero low."""
    tiles = parse_tiles("1-1 3-3 2-2 1-5")
    decision = set_by_house_way(tiles, REGULATORY, profile_named(profile))
    placed = Setting.parse("1-1 3-3 / 2-2 1-5")
    assert judge_setting(_setting_question(tiles, decision.setting, profile), _placed(placed))[0] is (
        right or same_rank(placed, decision.setting, zero_zero_to_banker=False))


@pytest.mark.parametrize("profile, mistake", [("pa-2019", ""), ("nj", "reversed placement")])
def test_two_zero_hands_are_never_reversed_in_pa(profile, mistake):
    """exam --seed 14 --skills house-way q. 19: 3-3 2-2 / 5-5 4-6 holds two zero hands."""
    tiles = parse_tiles("2-2 4-6 3-3 5-5")
    decision = set_by_house_way(tiles, REGULATORY)
    placed = (parse_tiles("3-3 2-2"), parse_tiles("5-5 4-6"))
    correct, said = judge_setting(_setting_question(tiles, decision.setting, profile), placed)
    assert correct is (not mistake) and said.startswith(mistake)


# --- exhaustive: the judge, the injected violation, the explanation ---------------------------------------

@pytest.mark.parametrize("profile, every", [("pa-2019", 1), ("nj", 5)])
def test_the_judge_accepts_exactly_the_settings_ranking_as_the_house_way(profile, every):
    zz = profile_named(profile).zero_zero_to_banker
    for tiles in list(_four_tile_faces())[::every]:
        right = set_by_house_way(tiles, REGULATORY).setting
        question = _setting_question(tiles, right, profile)
        for s in settings(tiles):
            assert judge_setting(question, _placed(s))[0] is same_rank(s, right, zero_zero_to_banker=zz), (tiles, s)


def test_the_house_way_explanation_says_when_settings_rank_alike_and_names_the_reading_when_not():
    alike = set_by_house_way(parse_tiles("1-1 3-3 2-2 1-5"), REGULATORY, profile_named("md"))
    assert "equal rank" in alike.explanation and "spec W2" not in alike.explanation
    assert alike.citation == "MD 8.D(3)" and "621a" not in alike.explanation
    nine_over_eight = set_by_house_way(parse_tiles("6-6 1-2 5-5 3-4"), REGULATORY)  # 621a.8(d)(3): 9, 8 or 7
    assert "spec W2" in nine_over_eight.explanation and "reading" in nine_over_eight.explanation


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_an_injected_house_way_violation_breaks_the_deciding_step(profile):
    """md exam --seed 1 q. 42 called 1-1 3-3 / 2-2 1-5 contrary to the house way: it plays a pair as the house
    way's 1-1 1-5 / 3-3 2-2 does (MD 8.D(2)). Issue 27: a violation breaks the step's text; ranking as an
    allowed setting does not excuse it (621a.8(d)(4) names the tiles to play together)."""
    rng, seen = random.Random(profile), 0
    for _ in range(20):
        try:
            r = DealerRound(playable(RoundSpec(seed=rng.getrandbits(32), profile=profile,
                                               irregularity=Irregularity.HOUSE_WAY_VIOLATION)))
        except TrainerError:
            continue
        steps = r.round.steps
        at = next(i for i, s in enumerate(steps) if s.action == "reset")
        placed = Setting.parse(steps[at - 1].say.rsplit("sets ", 1)[1].split(" face down")[0])
        right = Setting.parse(steps[at].say.split("reset to ", 1)[1].split(" and ")[0])
        allowed = allowed_settings(placed.tiles)
        assert not allowed.allows(placed) and allowed.allows(right), (placed, right)
        seen += 1
    assert seen >= 15


# --- the answer keys of issue 12, items 2-4 ---------------------------------------------------------------

@pytest.mark.parametrize("profile, cite", [("pa-2019", "621a.9(i)"), ("md", "MD 9.J(5)"),
                                           ("nj", "N.J.A.C. 19:47-10.8(i)")])
def test_the_bank_lifting_the_lid_has_its_own_remedy(profile, cite):
    """621a.9(i), MD 9.J(5), nj 10.8(i): covered and reshaken by the bank, not the dealer's no roll."""
    faults = set()
    for seed in range(60):
        try:
            r = DealerRound(playable(RoundSpec(seed=seed, profile=profile, bank="seat3",
                                               irregularity=Irregularity.NO_ROLL)))
        except TrainerError:
            continue
        fault = r.round.plan.roll.no_rolls[0].fault
        q = next(t.question for t in r.tasks if t.skill == "dealer-irregularity")
        assert (q.answer == LID_LIFTED_REMEDY) is (fault is NoRoll.LID_LIFTED) is ("lifted the lid" in q.prompt)
        assert LID_LIFTED_REMEDY in q.choices and Irregularity.NO_ROLL.remedy in q.choices
        if fault is NoRoll.LID_LIFTED:
            assert cite in q.citations and "spec JI3" in q.citations
        faults.add(fault)
        if len(faults) == 3:
            return
    pytest.fail(f"only {faults} in 60 seeds")


def test_calls_are_win_push_lose_and_say_which_hand_won():
    assert tuple(CALLS.values()) == ("Win", "Push", "Lose")
    for seed in range(60):
        q = generate("dealer-call", seed=seed)
        if q.answer == "Push":
            assert "621a.8(h)" in q.citations and "beats the" in q.explanation
            assert "copy" not in q.answer.lower()
            return
    pytest.fail("no push in 60 seeds")


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_hand_compare_never_offers_two_defensible_choices(profile):
    """Identical zero hands are a copy in nj (10.2(h)) and a zero-zero tie in pa/md: never asked in pa/md; nj
    offers no zero-zero choice; a player's zero low against a zero is never asked (two calls would fit)."""
    p = profile_named(profile)
    assert (ZERO in compare_choices(p)) is p.zero_zero_to_banker
    for seed in range(300):
        q = generate("hand-compare", seed=seed, profile=profile)
        player, dealer = Hand(parse_tiles(q.data["player"])), Hand(parse_tiles(q.data["dealer"]))
        assert q.choices == compare_choices(p)
        if player.is_zero and dealer.is_zero:
            assert q.data["position"] == "high" and (player.score != dealer.score or not p.zero_zero_to_banker)
            assert q.answer in ((ZERO,) if p.zero_zero_to_banker else (COPY, PLAYER, DEALER))


def test_the_table_caption_of_a_lifted_lid_names_the_banks_reshake():
    """The roll move's caption follows the lid's own remedy (621a.9(i)), never the dealer's "No roll"."""
    captions = {}
    for seed in range(80):
        try:
            r = DealerRound(playable(RoundSpec(seed=seed, profile="pa-2019", bank="seat3",
                                               irregularity=Irregularity.NO_ROLL)))
        except TrainerError:
            continue
        fault = r.round.plan.roll.no_rolls[0].fault
        captions[fault] = r.round.plan.moves[[m.kind.value for m in r.round.plan.moves].index("roll")].caption
        if len(captions) == 3:
            break
    assert captions[NoRoll.LID_LIFTED] == ("Lid lifted: the bank lifted the lid; "
                                           "the shaker is covered and the bank reshakes it")
    assert all(c.startswith("No roll: ") and c.endswith("; reshake")
               for f, c in captions.items() if f is not NoRoll.LID_LIFTED)
