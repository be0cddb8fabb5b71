"""Issue 27, Pai Gow items 1-8: every question fair under every profile it concerns.

A setting the text allows is never a violation and always accepted (621a.8(d), md 8.D, nj 10.7(d));
a move's unordered stacks are all accepted (spec D5.3); a question shows what it needs, gives nothing
away, cites the rule that decides, and names nothing foreign to the profile.
"""

from __future__ import annotations

import random
import re

import pytest

from fairness_scan import CHECKS, exam_questions, problems
from trainer.drills.answers import check
from trainer.drills.model import AnswerKind
from trainer.drills.paigow.dealer_round import RoundSpec, playable, round_tasks
from trainer.drills.registry import generate
from trainer.drills.text import render_question
from trainer.rules.paigow.delivery import style_name
from trainer.rules.paigow.hands import Hand, Setting, settings
from trainer.rules.paigow.house_way import REGULATORY, allowed_settings, set_by_house_way
from trainer.rules.paigow.irregularities import Irregularity, remedies
from trainer.rules.paigow.profiles import profile_named
from trainer.rules.paigow.round import _wrong_setting
from trainer.rules.paigow.tiles import TILE_SET, parse_tiles

PAIGOW = ("md", "nj", "pa-2019", "pa-2012")


def _tasks(skill: str, profile: str, seeds: range, **spec: object) -> list:
    """The questions of ``skill`` in the rounds of ``seeds`` (each made playable)."""
    out = []
    for seed in seeds:
        try:
            made = playable(RoundSpec(seed=seed, profile=profile, **spec))  # type: ignore[arg-type]
        except Exception:  # no such round near this seed (e.g. a bank that cannot cover)
            continue
        out += [t.question for t in round_tasks(made) if t.skill == skill]
    return out


# --- item 1: the deciding step's text, not the tie-break -----------------------------------------------


def test_gong_and_wong_both_obey_md_8d2():
    """md 7004 q165: 1-1 4-4 / 4-5 2-4 (a Gong) and 1-1 4-5 / 4-4 2-4 (a Wong) both play a pair, Wong or Gong."""
    allowed = allowed_settings(parse_tiles("1-1 4-4 4-5 2-4"))
    assert allowed.step.number == 2
    assert {str(s) for s in allowed.settings} == {"1-1 4-4 / 4-5 2-4", "1-1 4-5 / 4-4 2-4"}
    why = set_by_house_way(parse_tiles("1-1 4-4 4-5 2-4"), profile=profile_named("md")).explanation
    assert "1-1 4-4 / 4-5 2-4" in why and "1-1 4-5 / 4-4 2-4" in why and "spec W2" in why
    assert "MD 8.D(2)" in why


def test_every_hand_the_house_way_sets_is_allowed_and_every_injected_violation_breaks_the_step():
    """Over a seeded sample of four-tile hands: the tie-break picks an allowed setting; an injected
    violation is never an allowed one; a hand whose every setting is allowed has no violation to inject."""
    rng = random.Random(27)
    for _ in range(3000):
        tiles = tuple(rng.sample(TILE_SET, 4))
        allowed = allowed_settings(tiles)
        assert allowed.allows(set_by_house_way(tiles).setting)
        if all(allowed.allows(s) for s in settings(tiles)):
            with pytest.raises(Exception, match="contrary"):
                _wrong_setting(tiles, REGULATORY)
        else:
            assert not allowed.allows(_wrong_setting(tiles, REGULATORY))


def test_the_house_way_command_lists_every_allowed_setting():
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "trainer", "house-way", "1-1 4-4 4-5 2-4", "--profile", "md", "--json"],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["allowed"] == ["1-1 4-4 / 4-5 2-4", "1-1 4-5 / 4-4 2-4"] and data["citation"] == "MD 8.D(2)"


@pytest.mark.parametrize("profile", PAIGOW)
def test_house_way_drill_accepts_every_allowed_setting_and_only_those(profile):
    for seed in range(60):
        q = generate("house-way", seed=seed, profile=profile)
        tiles = parse_tiles(q.data["tiles"])
        allowed = allowed_settings(tiles)
        for s in set(settings(tiles)):
            assert check(q, str(s)).correct is allowed.allows(s), (seed, str(s))
        if len(allowed.settings) > 1:
            assert all(str(s) in q.explanation for s in allowed.settings)


@pytest.mark.parametrize("profile", PAIGOW)
def test_dealer_set_accepts_every_allowed_setting(profile):
    questions = _tasks("dealer-set", profile, range(40))
    assert questions
    for q in questions:
        tiles = parse_tiles(q.data["tiles"])
        allowed = allowed_settings(tiles)
        for s in set(settings(tiles)):
            assert check(q, str(s)).correct is allowed.allows(s)


@pytest.mark.parametrize("profile", PAIGOW)
def test_an_injected_violation_breaks_the_deciding_step(profile):
    questions = _tasks("dealer-irregularity", profile, range(0, 400, 7), irregularity=Irregularity.HOUSE_WAY_VIOLATION,
                       bank="dealer")
    assert len(questions) > 20
    for q in questions:
        wrong = Setting.parse(re.search(r"sets (\d-\d \d-\d / \d-\d \d-\d)", q.prompt).group(1))
        allowed = allowed_settings(wrong.tiles)
        assert not allowed.allows(wrong)
        assert allowed.step.cite(profile_named(profile)) in q.explanation


# --- item 2: delivery ---------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PAIGOW)
def test_every_deliver_prompt_names_its_style_and_accepts_any_unordered_stack(profile):
    prof = profile_named(profile)
    several = 0
    for style in prof.styles:
        for q in _tasks("dealer-deliver", profile, range(3), style=style, bank="seat2"):  # a bank calls a style
            assert style_name(style, prof) in q.prompt
            accepted = q.data["accepted"]
            assert all(check(q, s).correct for s in accepted)
            assert not any(check(q, s).correct for s in q.choices if s not in accepted)
            if len(accepted) > 1:
                several += 1
                assert "no order" in q.explanation
    assert several


def test_md_cup_say_right_accepts_both_stacks_of_the_remaining_four():
    """md 7002 q120: 'Deliver S3/3-4 + S4/3-4 (the remaining four)', MD 7.B(2)(c): S3 or S4."""
    qs = [q for q in _tasks("dealer-deliver", "md", range(5), style="cup-say-right", bank="seat2")
          if "the remaining four" in q.explanation]
    assert qs
    for q in qs:
        first, second = q.data["accepted"]
        assert check(q, first).correct and check(q, second).correct


# --- item 3: answerable from what it shows ----------------------------------------------------------


@pytest.mark.parametrize("profile", PAIGOW)
def test_a_bank_rounds_count_says_which_seat_banks(profile):
    for bank in ("seat2", "seat6"):
        qs = _tasks("dealer-count", profile, range(5), bank=bank)
        assert qs
        assert all(f"the bank at {bank}" in q.prompt for q in qs)


@pytest.mark.parametrize("profile", PAIGOW)
def test_expose_lists_the_hands_left_in_no_telling_order(profile):
    qs = _tasks("dealer-expose", profile, range(30), players=5)
    assert qs
    firsts = set()
    for q in qs:
        listed = re.search(r"still to expose: ([^.]+)\.", q.prompt).group(1).split(", ")
        assert sorted(listed) == sorted(q.choices)
        firsts.add(listed[0] == q.answer)
    assert firsts == {True, False}  # the first one listed is not always the answer


@pytest.mark.parametrize("profile", PAIGOW)
def test_pay_names_the_amount_asked(profile):
    qs = _tasks("dealer-pay", profile, range(20), bank="seat3")
    assert qs
    for q in qs:
        if "vigorish" in q.prompt and "vigorish is collected next" not in q.prompt:  # (a payment says it comes next)
            assert q.prompt.endswith("How much vigorish?")
        if "winning Pai Gow Wager paid from the centre" in q.prompt:
            assert re.search(r"seat\d's Pai Gow Wager: \$", q.prompt) and "amount won" in q.prompt
        if q.prompt.startswith("Collect from the table inventory to the centre"):
            assert "the dealer's wager: $" in q.prompt


@pytest.mark.parametrize("profile", [p for p in PAIGOW if profile_named(p).co_bank])
def test_an_exposed_tile_of_the_co_bank_says_so(profile):
    seen = 0
    for seed in range(80):
        try:
            spec = playable(RoundSpec(seed=seed, profile=profile, bank="seat3", co_bank=True,
                                      irregularity=Irregularity.DEALER_TILE_EXPOSED))
        except Exception:
            continue
        q = next(t.question for t in round_tasks(spec) if t.skill == "dealer-irregularity")
        if "seat3" in q.prompt:
            assert "the co-bank at seat3" in q.prompt
            seen += 1
    assert seen


def test_a_printed_exam_shows_the_choices_of_every_kind():
    q = _tasks("dealer-expose", "md", range(3))[0]
    assert q.kind is AnswerKind.POSITION
    printed = render_question(q)
    assert all(c.replace("seat", "Seat ") in printed for c in q.choices)


# --- item 4: no giveaways ------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PAIGOW)
def test_irregularity_choices_are_remedies_not_situations(profile):
    situations = ("turned over while stacking", "dealt to the wrong positions", "tile exposed",
                  "contrary to the house way", "not flat", "lifted the lid")
    for text in remedies(profile_named(profile)):
        assert not any(s in text for s in situations), text
    for kind in Irregularity:
        for q in _tasks("dealer-irregularity", profile, range(0, 60, 20), irregularity=kind):
            assert all(":" not in c for c in q.choices)


@pytest.mark.parametrize("profile", PAIGOW)
def test_player_tile_exposed_explains_the_rule(profile):
    for q in _tasks("dealer-irregularity", profile, range(0, 40, 10), irregularity=Irregularity.PLAYER_TILE_EXPOSED):
        assert "without looking at his unexposed tiles" in q.explanation
        assert not q.explanation.startswith(q.prompt.split(".")[0])


@pytest.mark.parametrize("profile", PAIGOW)
def test_pai_gow_payout_does_not_name_the_result(profile):
    for seed in range(80):
        q = generate("pai-gow-payout", seed=seed, profile=profile)
        assert not re.search(r"\b(wins|loses|ties|pushes|is surrendered|is void)\b", q.prompt), q.prompt


# --- item 5: citations ------------------------------------------------------------------------------------

VALUE = {"pa-2019": "621a.3(e)", "pa-2012": "621a.3(e)", "md": "MD 3.D", "nj": "N.J.A.C. 19:47-10.2(d)"}
TOP_COPY = {"pa-2019": "621a.3(i)", "pa-2012": "621a.3(i)", "md": "MD 3.J", "nj": "N.J.A.C. 19:47-10.2(h)"}


@pytest.mark.parametrize("profile", PAIGOW)
def test_values_cite_the_value_rule(profile):
    from trainer.drills.paigow.hand_drills import hand_verdict

    prof = profile_named(profile)
    v = hand_verdict(Hand.parse("2-3 4-5"), Hand.parse("1-6 2-6"), prof)  # 4 against 5 (values decide)
    assert prof.cite("value") == VALUE[profile] and VALUE[profile] in v.cites
    assert prof.cite("equal_value") not in v.cites


@pytest.mark.parametrize("profile", PAIGOW)
def test_a_copy_of_value_hands_cites_the_top_tile_rule(profile):
    qs = [q for q in _tasks("dealer-call", profile, range(200)) if "a copy" in q.explanation]
    assert qs
    for q in qs:
        hands = [Hand(parse_tiles(q.data[k])) for k in ("player_high", "dealer_high", "player_low", "dealer_low")]
        pair_copy = any(a.kind.is_pair and a.score == b.score for a, b in (hands[:2], hands[2:]))
        value_copy = any(not a.kind.is_pair and a.score == b.score for a, b in (hands[:2], hands[2:]))
        assert (TOP_COPY[profile] in q.citations) is value_copy
        assert (profile_named(profile).cite("copy") in q.citations) is pair_copy


@pytest.mark.parametrize("profile", PAIGOW)
def test_traditional_names_cite_the_reading(profile):
    named = [q for q in (generate("tile-id", seed=s, profile=profile) for s in range(40)) if "traditional" in q.prompt]
    assert named
    for q in named:
        assert q.citations == ("spec N1",)
        assert "no section gives them" in q.explanation


# --- item 6: nothing foreign ------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["md", "nj", "pa-2012"])
def test_void_remedies_name_no_dice_wager(profile):
    for kind in (Irregularity.WRONG_COUNT, Irregularity.DEALER_TILE_EXPOSED):
        for q in _tasks("dealer-irregularity", profile, range(0, 30, 10), irregularity=kind):
            assert "dice wager" not in (q.explanation + q.answer + " ".join(q.choices))


def test_pa_2019_keeps_its_dice_wagers_clause():
    q = _tasks("dealer-irregularity", "pa-2019", range(3), irregularity=Irregularity.WRONG_COUNT)[0]
    assert "dice wagers" in q.answer


@pytest.mark.parametrize("profile", ["md", "pa-2019", "pa-2012"])
def test_the_banks_setting_shows_no_internal_label(profile):
    for q in _tasks("dealer-irregularity", profile, range(0, 200, 9), bank="seat2",
                    irregularity=Irregularity.HOUSE_WAY_VIOLATION):
        assert "JQ" not in q.prompt


# --- item 7: optimal setting --------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PAIGOW)
def test_optimal_setting_is_a_clear_call_and_shows_every_ev(profile):
    for seed in range(6):
        q = generate("optimal-setting", seed=seed, profile=profile)
        options = [str(s) for s in settings(parse_tiles(q.data["tiles"]))]  # choices drop a repeated setting
        evs = sorted({c: ev for c, ev in zip(options, q.data["ev"])}.values(), reverse=True)
        assert len(evs) == 1 or evs[0] - evs[1] >= 0.001
        assert all(f"EV {ev:+.4f}" in q.explanation for ev in q.data["ev"])


# --- item 8: the step names the tiles, equal strength does not excuse -----------------------------------


def test_pa_2012_bank_reset_follows_621a_8d4():
    """4-4 1-6 / 1-3 3-4 ranks as 4-4 3-4 / 1-3 1-6, but 621a.8(d)(4) plays 4-4 with 3-4: the dealer resets."""
    from trainer.drills.paigow.dealer_round import play_spec

    played = play_spec(RoundSpec(seed=860762568, profile="pa-2012", bank="seat2", style="chee-yee"))
    says = [s.say for s in played.steps]
    assert "The bank sets 4-4 1-6 / 1-3 3-4 face down" in says
    reset = next(s for s in played.steps if s.action == "reset")
    assert "621a.8(d)(4)" in reset.say and "reset to 4-4 3-4 / 1-3 1-6" in reset.say
    assert reset.citation == "621a.10(f)"


@pytest.mark.parametrize("profile", PAIGOW)
def test_equal_rank_does_not_excuse_breaking_step_4(profile):
    tiles = parse_tiles("4-4 1-6 1-3 3-4")
    allowed = allowed_settings(tiles)
    assert allowed.step.cite(profile_named(profile)).endswith(("(4)", "4"))
    assert {str(s) for s in allowed.settings} == {"4-4 3-4 / 1-3 1-6"}
    from trainer.drills.model import Question

    item8 = Question("house-way", "step4", 0, profile, "regulatory", "Set 4-4 1-6 1-3 3-4", AnswerKind.SETTING,
                     "4-4 3-4 / 1-3 1-6", "", (), data={"tiles": ["4-4", "1-6", "1-3", "3-4"],
                                                          "accepted": ["4-4 3-4 / 1-3 1-6"]})
    feedback = check(item8, "4-4 1-6 / 1-3 3-4")
    assert not feedback.correct and "rank as the house way's" in feedback.mistake
    q = next(q for s in range(2000) if (q := generate("house-way", seed=s, profile=profile)).data["step"] == 4)
    tiles = parse_tiles(q.data["tiles"])
    for s in settings(tiles):
        assert check(q, str(s)).correct is allowed_settings(tiles).allows(s)


# --- the scan: many seeds, every check --------------------------------------------------------------------


@pytest.mark.parametrize("profile", PAIGOW)
def test_scan_of_exam_questions_finds_no_unfair_question(profile):
    """2,000 printed-exam questions per profile (ten 200-question exams, seeds 9101...): no check fails."""
    questions = exam_questions(profile, 10, first_seed=9101)
    assert len(questions) == 2000
    assert problems(questions) == {name: 0 for name in CHECKS}
    assert len({q.skill for q in questions}) > 15


def test_the_scan_sees_the_problems_it_counts():
    """Each check finds a problem where there is one (so a zero count means something)."""
    import dataclasses

    qs = {q.skill: q for q in exam_questions("md", 2, first_seed=9101)}
    deliver = qs["dealer-deliver"]
    assert CHECKS["deliver prompt without its style"](dataclasses.replace(deliver, prompt="Which stack?"))
    count = next(q for q in exam_questions("md", 5, 9101) if q.skill == "dealer-count" and q.item == "bank")
    assert CHECKS["count without the bank's seat"](dataclasses.replace(count, prompt="Which position?"))
    expose = qs["dealer-expose"]
    assert CHECKS["expose without the hands left"](dataclasses.replace(expose, prompt="Which hand next?"))
    assert CHECKS["internal label"](dataclasses.replace(deliver, prompt="The bank sets it (JQ8)"))
    irr = qs["dealer-irregularity"]
    assert CHECKS["dice wager outside pa-2019"](dataclasses.replace(irr, explanation="dice wagers stand"))
    assert CHECKS["giveaway choice"](dataclasses.replace(
        irr, prompt="A tile (5-6) turned over while stacking.",
        choices=("a tile turned over while stacking: the whole set is remixed",)))
