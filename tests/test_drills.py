"""Drill generators: valid questions whose stored answers equal the engine's, over seeds and profiles."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from trainer.drills.paigow.dealer_round import DEALER_SKILLS, RoundSpec, round_tasks
from trainer.drills.paigow.hand_drills import COPY, DEALER, PLAYER, ZERO
from trainer.drills import AnswerKind, AnswerParseError, check, expected_text, generate, parse_answer, skills_for
from trainer.drills.model import Question
from trainer.drills.registry import SKILLS
from trainer.rules.paigow.analysis import analyze_hand
from trainer.rules.paigow.casino_rules import load_casino_rules
from trainer.rules.paigow.delivery import ALL_STYLES, plan_delivery, style_name
from trainer.rules.paigow.dice import Roll
from trainer.rules.paigow.hands import Hand, Outcome, Setting, outranks, settings, wager_result
from trainer.rules.paigow.house_way import house_way_named, set_by_house_way
from trainer.rules.paigow.positions import Position, receiving_order, start_position
from trainer.rules.paigow.profiles import PROFILES, profile_named
from trainer.rules.paigow.settlement import WagerLine, settle_pai_gow, settle_table, vigorish
from trainer.rules.paigow.side_wagers import paytable, settle_dice_wager, settle_pair_fortunes
from trainer.rules.paigow.tiles import Tile, parse_tiles
from trainer.rules.paigow.woodpile import Woodpile, mix_and_stack


def _hand(tiles: list[str]) -> Hand:
    return Hand(parse_tiles(tiles, count=2))


def _setting(q: Question, high: str, low: str) -> Setting:
    return Setting(_hand(q.data[high]), _hand(q.data[low]))


def _tile_id(q: Question):
    tile = Tile.parse(q.data["tiles"][0])
    if q.kind is AnswerKind.CHOICE:
        return tile.chinese_name
    return tile.pips if "spots" in q.prompt else tile.rank


def _tile_compare(q: Question):
    a, b = (Tile.parse(t) for t in q.data["tiles"])
    return "Same rank" if a.rank == b.rank else str(min(a, b, key=lambda t: t.rank))


def _hand_compare(q: Question):
    """Who takes the hand, by the engine's ``outranks`` (not by the drill's own verdict code)."""
    p, d = _hand(q.data["player"]), _hand(q.data["dealer"])
    zz = profile_named(q.profile).zero_zero_to_banker
    if zz and p.is_zero and d.is_zero:
        return ZERO
    if q.data["position"] == "low" and p.is_zero:
        return DEALER
    if p.score == d.score:
        return COPY
    return PLAYER if outranks(p, d, zero_zero_to_banker=zz) else DEALER


def _round_score(q: Question):
    result = wager_result(_setting(q, "player_high", "player_low"), _setting(q, "dealer_high", "dealer_low"),
                          zero_zero_to_banker=profile_named(q.profile).zero_zero_to_banker)
    assert set_by_house_way(parse_tiles(q.data["dealer_high"] + q.data["dealer_low"]),
                            house_way_named(q.house_way)).setting == _setting(q, "dealer_high", "dealer_low")
    return {Outcome.WIN: "Win", Outcome.PUSH: "Push", Outcome.LOSE: "Lose"}[result]


def _house_way(q: Question):
    return str(set_by_house_way(parse_tiles(q.data["tiles"]), house_way_named(q.house_way)).setting)


def _optimal(q: Question):
    a = analyze_hand(parse_tiles(q.data["tiles"]), house_way_named(q.house_way),
                     profile_named(q.profile).zero_zero_to_banker)
    return str(a.settings[a.optimal])


def _pai_gow_payout(q: Question):
    r = settle_pai_gow(q.data["wager_cents"], Outcome(q.data["outcome"]), q.data["rounding"])
    return q.answer[:1] + (r.payout_cents, r.vig_cents)


def _pair_fortunes(q: Question):
    table = paytable("pair-fortunes", q.data["paytable"])
    r = settle_pair_fortunes(table, q.data["wager_cents"], parse_tiles(q.data["tiles"]))
    return (r.line.wording if r.line else q.parts[0].choices[-1], r.payout_cents)


def _dice_wagers(q: Question):
    d = q.data
    return settle_dice_wager(paytable(d["wager"], d["paytable"]), d["wager_cents"], tuple(d["dice"]), d["pick"]) \
        .payout_cents


def _table(q: Question):
    d = q.data
    lines = [WagerLine(p, c, Outcome(o)) for p, c, o in d["lines"]]
    dealer = WagerLine("dealer", d["dealer_wager"][0], Outcome(d["dealer_wager"][1])) if d["dealer_wager"] else None
    s = settle_table(lines, profile=profile_named(q.profile), rounding=d["rounding"], bank=d["bank"],
                     co_bank=d["co_bank"], dealer_wager=dealer)
    assert [[m.source, m.target, m.cents] for m in s.moves] == d["moves"]
    return tuple(m.cents for m in s.moves)


def _dice_start(q: Question):
    start = start_position(q.data["total"], Position(q.data["origin"]))
    return receiving_order(start)[q.data["k"] - 1].value


def _delivery_tile(q: Question):
    d = q.data
    bank = None if d["origin"] == "dealer" else d["origin"]
    roll = Roll(d["total"], tuple(d["dice"]))
    plan = plan_delivery(Woodpile.fixture(), d["style"], roll, profile=q.profile, bank=bank)
    stack, layer = d["tile"].split("/")
    tile = plan.woodpile.tile_at(stack, int(layer))
    return next(x.position.value for x in plan.deliveries if tile in x.tiles)


def _style_animation(q: Question):
    """The style of the deal the data describes: the woodpile mixed from the seed, dealt after the dice."""
    d = q.data
    roll = Roll(sum(d["dice"]), tuple(d["dice"]))
    plan = plan_delivery(mix_and_stack(random.Random(d["woodpile_seed"])), d["style"], roll, profile=q.profile,
                         bank=d["bank"])
    return style_name(plan.style, profile_named(q.profile))


def _dealer_task(q: Question):
    """The round replayed from the question's data, and the dealer's action at its task number."""
    return round_tasks(RoundSpec.from_dict(q.data["round"]))[q.data["task"]].question.answer


#: For every skill, the answer recomputed from the question's data with the engine.
def _pay_chips(q: Question) -> str:
    """The fewest chips for the payout, the payout from the settlement engine (issue 31)."""
    from trainer.rules.chips import fewest_chips

    if q.item.startswith("win-"):
        won = settle_pai_gow(q.data["wager_cents"], Outcome.WIN, q.data["rounding"])
        amount = won.payout_cents - won.vig_cents  # paid net of the vigorish
    elif q.item.startswith("color"):
        amount = q.data["amount_cents"]
    else:
        to, per = map(int, re.search(r"(\d+) to (\d+)", q.prompt).groups())
        amount = q.data["wager_cents"] * to // per
    return str(fewest_chips(amount, q.data["chips"]))


ENGINE = {
    "tile-id": _tile_id, "tile-compare": _tile_compare, "hand-compare": _hand_compare, "round-score": _round_score,
    "house-way": _house_way, "optimal-setting": _optimal,
    "vigorish": lambda q: vigorish(q.data["wager_cents"], q.data["rounding"]),
    "pai-gow-payout": _pai_gow_payout, "pair-fortunes": _pair_fortunes, "dice-wagers": _dice_wagers,
    "table-settlement": _table, "dice-start": _dice_start, "delivery-tile": _delivery_tile,
    "style-name": lambda q: style_name(q.data["style"], profile_named(q.profile)),
    "style-animation": _style_animation, "pay-chips": _pay_chips,
} | {skill: _dealer_task for skill in DEALER_SKILLS}

CASES = [(p, s.id) for p in PROFILES for s in skills_for(p)]
_CITE = re.compile(r"\d+a?\.\d+|MD \d|N\.J\.A\.C\.")


def test_every_skill_has_an_engine_check():
    assert set(ENGINE) == {s for s, skill in SKILLS.items() if skill.game == "paigow"}


def _valid(q: Question) -> None:
    assert q.prompt and q.explanation and q.item
    assert any(c.startswith(("spec", "jurisdictions.md")) for c in q.citations), q.citations
    traditional_name = q.skill == "tile-id" and "traditional name" in q.prompt  # the reading's, no section (issue 27)
    assert any(_CITE.search(c) for c in q.citations) or traditional_name, q.citations
    for c in q.citations:
        assert c in q.explanation
    if q.kind is AnswerKind.CHOICE:
        assert len(set(q.choices)) == len(q.choices) >= 2 and q.answer in q.choices
    if q.kind is AnswerKind.MULTI:
        assert len(q.parts) == len(q.answer) and tuple(p.answer for p in q.parts) == tuple(q.answer)
        assert all(p.answer in p.choices for p in q.parts if p.kind is AnswerKind.CHOICE)
    if q.kind is AnswerKind.POSITION:
        assert q.answer in {p.value for p in Position}
    fb = check(q, q.answer)
    assert fb.correct and fb.expected == expected_text(q)
    assert Question.from_dict(json.loads(json.dumps(q.to_dict()))) == q


@pytest.mark.parametrize("profile,skill", CASES)
@hsettings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**48))
def test_generated_answers_match_the_engine(profile, skill, seed):
    q = generate(skill, seed=seed, profile=profile)
    _valid(q)
    assert ENGINE[skill](q) == (tuple(q.answer) if q.kind is AnswerKind.MULTI else q.answer)
    assert generate(skill, seed=seed, profile=profile) == q  # replayable from the seed (spec R1)


@hsettings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_casino_house_way_drills_follow_that_house_way(seed):
    way = load_casino_rules(str(Path(__file__).resolve().parents[1] / "docs" / "casino-rules" / "harbor.toml"))
    q = generate("house-way", seed=seed, house_way=way.house_way.name)
    assert q.house_way == way.house_way.name and q.answer == _house_way(q) and "spec W3" in q.citations
    assert "Harbor house way" in q.prompt


def test_profiles_offer_only_their_side_wagers():
    ids = {p: {s.id for s in skills_for(p)} for p in PROFILES}
    assert {"pair-fortunes", "dice-wagers"} <= ids["pa-2019"]
    assert "pair-fortunes" in ids["md"] and "dice-wagers" not in ids["md"]
    assert not {"pair-fortunes", "dice-wagers"} & (ids["nj"] | ids["pa-2012"])
    assert "optimal-setting" not in {s.id for s in skills_for("pa-2019", advanced=False)}
    with pytest.raises(Exception, match="not offered by profile nj"):
        generate("dice-wagers", seed=1, profile="nj")


def test_unknown_skill_lists_the_valid_ones():
    with pytest.raises(Exception, match=r"unknown skill 'nope' \(choose from: tile-id"):
        generate("nope", seed=1)


def test_generate_can_aim_at_an_item():
    assert generate("house-way", seed=5, item="step1").item == "step1"
    q = generate("tile-id", seed=9, item="1-2")
    assert q.item == "1-2" and generate("tile-id", seed=q.seed) == q


# --- Decided readings name both sides ------------------------------------------------------------

def _find(skill: str, profile: str, test) -> Question:
    return next(q for q in (generate(skill, seed=s, profile=profile) for s in range(500)) if test(q))


def test_zero_zero_explanations_cite_the_rule_or_name_the_reading():
    """pa and md have a zero-zero rule (621a.3(g), MD 3.H(2)); nj's answer rests on a decided reading (JQ3)."""
    pa = _find("hand-compare", "pa-2019", lambda q: q.item == "zero")
    assert pa.answer == ZERO and "621a.3(g)" in pa.citations
    assert "regardless of the highest ranking tile" in pa.explanation
    md = _find("hand-compare", "md", lambda q: q.item == "zero")
    assert "MD 3.H(2)" in md.citations
    nj = _find("hand-compare", "nj", lambda q: q.item == "zero")
    assert "spec JQ3" in nj.citations and "literal reading" in nj.explanation
    assert ZERO not in nj.choices


def test_co_bank_odd_cent_names_both_readings():
    q = _find("table-settlement", "pa-2019", lambda q: q.item == "co-bank")
    assert "Decided" in q.explanation and "the other reading" in q.explanation


# --- answers: parse errors are never wrong answers ----------------------------------------------------

@pytest.mark.parametrize("raw", ["12.345", "abc", "-5", "$1.2.3", ""])
def test_unreadable_money_is_a_parse_error(raw):
    q = generate("vigorish", seed=1)
    with pytest.raises(AnswerParseError):
        check(q, raw)


def test_money_is_read_in_every_accepted_form():
    q = generate("vigorish", seed=1)
    cents = q.answer
    for raw in (f"${cents / 100:,.2f}", f"{cents / 100:.2f}", f"{cents / 100:.2f}".replace(".", ","), cents):
        assert check(q, raw).correct


def test_multi_part_parse_errors_name_the_part():
    q = generate("pai-gow-payout", seed=2)
    with pytest.raises(AnswerParseError, match="part 2"):
        check(q, [q.parts[0].answer, "12.345", "0"])
    with pytest.raises(AnswerParseError, match="expected 3 answers"):
        check(q, ["Paid 1 to 1"])
    fb = check(q, [q.parts[0].answer, "999999", "0"])
    assert not fb.correct and fb.parts[0] and not fb.parts[1]


def test_positions_are_read_leniently():
    q = generate("dice-start", seed=4)
    assert parse_answer(q, "Seat 3") == "seat3" and parse_answer(q, "Dead Hand") == "dead"
    with pytest.raises(AnswerParseError, match="not a table position"):
        check(q, "seat9")


def test_choice_by_index_or_text():
    q = generate("tile-compare", seed=4)
    assert check(q, q.choices.index(q.answer)).correct and check(q, q.answer.upper()).correct
    with pytest.raises(AnswerParseError, match="not one of the choices"):
        check(q, "7-7")


# --- house way: reversed placement, EV difference ------------------------------------------------------

def test_house_way_reversed_placement_is_its_own_mistake():
    q = _find("house-way", "pa-2019", lambda q: Setting.parse(q.answer).high.score > Setting.parse(q.answer).low.score)
    high, low = q.answer.split(" / ")
    fb = check(q, f"{low} / {high}")
    assert not fb.correct and "reversed placement" in fb.mistake and "spec H4" in fb.mistake
    assert fb.ev_difference == 0.0 and fb.expected == q.answer


def test_house_way_wrong_setting_carries_step_citation_and_ev_difference():
    q = generate("house-way", seed=11)
    wrong = next(s for s in settings(parse_tiles(q.data["tiles"])) if str(s) != q.answer)
    fb = check(q, str(wrong))
    assert not fb.correct and fb.mistake.startswith("wrong setting")
    assert q.data["step_citation"] in fb.citations and fb.ev_difference is not None
    a = analyze_hand(parse_tiles(q.data["tiles"]))
    i = [str(s) for s in a.settings].index(str(wrong))
    assert fb.ev_difference == pytest.approx(a.odds[a.house_way].ev - a.odds[i].ev)


def test_house_way_answer_must_use_the_dealt_tiles():
    q = generate("house-way", seed=3)
    with pytest.raises(AnswerParseError, match="four tiles dealt"):
        check(q, "6-6 6-6 / 1-1 1-1" if "1-1" not in q.data["tiles"] else "5-5 5-5 / 3-3 3-3")
    with pytest.raises(AnswerParseError):
        check(q, "6-6 4-5 1-3 2-3")


# --- Naming a style from the animation -------------------------------------------------------------

@pytest.mark.parametrize("profile", sorted(PROFILES))
@hsettings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**48))
def test_style_animation_gives_nothing_away_in_words(profile, seed):
    q = generate("style-animation", seed=seed, profile=profile)
    p = profile_named(profile)
    assert q.data["animation"] is True and q.answer == style_name(q.data["style"], p)
    names = {style_name(s, p) for s in ALL_STYLES} | set(ALL_STYLES)
    assert not any(n.lower() in q.prompt.lower() for n in names)  # the choices name it, the prompt must not
    for word in ("dragon", "phoenix", "push", "diagonal", "centre", "center"):
        assert word not in q.prompt.lower()
    assert f"woodpile seed {q.data['woodpile_seed']}" in q.explanation
    assert "dice " + " ".join(map(str, q.data["dice"])) in q.prompt
    mirror = {"-right": "-left", "-left": "-right"}
    side = next((k for k in mirror if q.data["style"].endswith(k)), None)
    if side:  # the mirror is always among the choices: the animation must be watched, not guessed
        assert style_name(q.data["style"][: -len(side)] + mirror[side], p) in q.choices


def test_style_animation_needs_the_screen_and_style_name_does_not():
    assert SKILLS["style-animation"].needs_screen and not SKILLS["style-name"].needs_screen
    assert SKILLS["style-animation"].group == "Dealing"


def test_house_way_prompt_fits_dragging_and_typing():
    prompt = generate("house-way", seed=4).prompt
    assert "drag or click" in prompt and "type high / low" in prompt
