"""Paying with chips (issue 31): the fewest-chips breakdown, reading a typed breakdown, judging it,
and the ``pay-chips`` / ``bac-pay-chips`` skills' keys against an independent computation."""

import io
import re
from functools import cache

import pytest
from hypothesis import given, settings, strategies as st

from trainer.drills.answers import check
from trainer.drills.exam import ExamSpec, build_exam
from trainer.drills.model import AnswerKind, AnswerParseError
from trainer.drills.registry import generate
from trainer.rules.baccarat.profiles import DRAGON_PAYTABLES, profile_named as bac_profile
from trainer.rules.chips import DOLLAR_CHIPS, QUARTER_CHIPS, Breakdown, fewest_chips, parse_breakdown
from trainer.rules.errors import NotationError, TrainerError
from trainer.rules.paigow.profiles import profile_named as pg_profile

PAI_GOW = ("pa-2019", "pa-2012", "md", "nj")
BACCARAT = ("pa-631a", "pa-631a-ez")


@cache
def min_chips_table(limit_quarters: int) -> list[int]:
    """Fewest chips for every multiple of 25¢ up to the limit, by dynamic programming (no greedy)."""
    coins = [c // 25 for c in QUARTER_CHIPS]
    best = [0] + [10 ** 9] * limit_quarters
    for n in range(1, limit_quarters + 1):
        best[n] = 1 + min(best[n - c] for c in coins if c <= n)
    return best


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 8000))
def test_fewest_chips_is_the_minimum_and_adds_up(quarters):
    amount = 25 * quarters
    key = fewest_chips(amount, QUARTER_CHIPS)
    assert key.total == amount
    assert key.chips == min_chips_table(8000)[quarters]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(QUARTER_CHIPS), st.integers(1, 30), min_size=1))
def test_any_breakdown_reads_back_and_never_beats_the_key(counts):
    pile = Breakdown.of(counts)
    assert parse_breakdown(str(pile)) == pile
    assert parse_breakdown(" ".join(f"{n}x{d / 100:g}" for d, n in pile.stacks)) == pile
    assert fewest_chips(pile.total, QUARTER_CHIPS).chips <= pile.chips


@pytest.mark.parametrize("text", ["abc", "2x", "x5", "two $25", "2x100 3 5", "2x5.555", "", "2x0"])
def test_unreadable_breakdown_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_breakdown(text)


def test_a_payout_chips_cannot_make_is_refused():
    with pytest.raises(TrainerError, match=r"\$1.10 cannot be paid"):
        fewest_chips(110, QUARTER_CHIPS)
    with pytest.raises(TrainerError, match="does not divide"):
        fewest_chips(500, (500, 200))


def test_the_example_banker_285_pays_270_75():
    """631a.13(c): $285 less 5% ($14.25) is $270.75."""
    assert str(fewest_chips(27075, bac_profile("pa-631a").chips)) == "2 × $100, 2 × $25, 4 × $5, 3 × $0.25"


def test_chip_sets_are_profile_data():
    assert bac_profile("pa-631a").chips == QUARTER_CHIPS
    assert bac_profile("pa-631a-ez").chips == DOLLAR_CHIPS  # no vigorish, no 25¢ chip (631a.13(c))
    assert all(pg_profile(p).chips == QUARTER_CHIPS for p in PAI_GOW)


def _questions(skill, profile, n=300):
    return [generate(skill, seed=s, profile=profile) for s in range(n)]


def _independent_amount(q):
    """The payout from the question's own words, computed here without the drill's helpers."""
    wager = q.data.get("wager_cents")
    if q.item.startswith("win-") or q.item == "banker-net":
        quarter = "25¢" in q.prompt or q.item.endswith("quarter")
        vig = -(-wager * 5 // 100)
        if quarter:
            vig = -(-vig // 25) * 25
        return wager - vig
    if q.item in ("banker", "player"):
        return wager
    if q.item.startswith("color"):
        return q.data["amount_cents"]
    odds = re.search(r"(\d+) to (\d+)", q.prompt)
    if q.item.startswith("tie-"):
        return wager * int(q.item[4:])
    if q.item == "dragon-7":
        return wager * 40
    if q.item == "panda-8":
        return wager * 25
    if q.item == "house-money":
        return wager * (15 if "both" in q.prompt else 3)
    if q.item == "dragon-bonus":
        paytable = DRAGON_PAYTABLES[re.search(r"paytable (\w)", q.prompt).group(1)]
        margin = re.search(r"by (\d) points", q.prompt)
        return wager * paytable[margin.group(1) if margin else "natural"]
    return wager * int(odds.group(1)) // int(odds.group(2))


@pytest.mark.parametrize("skill, profile", [("pay-chips", p) for p in PAI_GOW] + [("bac-pay-chips", p) for p in BACCARAT])
def test_keys_match_an_independent_computation(skill, profile):
    chips = (pg_profile if skill == "pay-chips" else bac_profile)(profile).chips
    for q in _questions(skill, profile):
        assert q.kind is AnswerKind.CHIPS
        amount = _independent_amount(q)
        assert q.data["amount_cents"] == amount, q.prompt
        key = parse_breakdown(q.answer)
        assert key.total == amount and key.chips == fewest_chips(amount, q.data["chips"]).chips
        assert set(q.data["chips"]) <= set(chips)
        assert check(q, q.answer).correct
        assert re.search(r"\((621a|631a|MD |N\.J\.A\.C\.)", q.explanation), q.explanation


def test_nothing_foreign_to_the_profile():
    items = {p: {q.item for q in _questions("pay-chips", p)} for p in PAI_GOW}
    dice = {"sum", "match", "beat-it"}
    assert dice <= items["pa-2019"] and "pair-fortunes" in items["pa-2019"]
    assert not dice & (items["md"] | items["nj"] | items["pa-2012"])
    assert "pair-fortunes" in items["md"] and "pair-fortunes" not in items["nj"] | items["pa-2012"]
    bac = {p: {q.item for q in _questions("bac-pay-chips", p)} for p in BACCARAT}
    assert {"dragon-7", "panda-8", "banker"} <= bac["pa-631a-ez"] and "banker-net" not in bac["pa-631a-ez"]
    assert "banker-net" in bac["pa-631a"] and not {"dragon-7", "panda-8"} & bac["pa-631a"]
    assert {"tie-8", "tie-9", "color-up", "color-down", "dragon-bonus", "house-money", "player"} <= bac["pa-631a"]
    assert all("0.25" not in q.answer for q in _questions("bac-pay-chips", "pa-631a-ez"))


def test_judging_any_fewest_breakdown_right_others_wrong_with_the_reason():
    q = next(q for q in _questions("bac-pay-chips", "pa-631a") if q.item == "banker-net")
    key = parse_breakdown(q.answer)
    typed = ", ".join(f"{n} x ${d / 100:,.2f}" for d, n in reversed(key.stacks))  # another order and form
    assert check(q, typed).correct
    smallest = key.stacks[-1][0]
    more = Breakdown.of({**dict(key.stacks), smallest: dict(key.stacks)[smallest] - 1, 25: 0})
    short = check(q, str(more))
    assert not short.correct and "not" in short.mistake
    # the same amount in more chips: one of the largest stack broken into the next chip down
    big, n = key.stacks[0]
    if big > 25:
        down = max(c for c in q.data["chips"] if c < big)
        broken = Breakdown.of({**dict(key.stacks), big: n - 1, down: dict(key.stacks).get(down, 0) + big // down})
        verdict = check(q, str(broken))
        assert not verdict.correct and "fewest" not in verdict.mistake and str(key.chips) in verdict.mistake


def test_unreadable_or_foreign_chips_are_parse_errors_not_wrong():
    q = generate("bac-pay-chips", seed=3, profile="pa-631a-ez")
    with pytest.raises(AnswerParseError, match="count × chip"):
        check(q, "a hundred")
    with pytest.raises(AnswerParseError, match=r"\$0.25 is not one of the chips"):
        check(q, "1x0.25")


@pytest.mark.parametrize("skill, profile", [("pay-chips", p) for p in PAI_GOW] + [("bac-pay-chips", p) for p in BACCARAT])
def test_a_20_question_exam_has_15_distinct_prompts(skill, profile):
    exam = build_exam(ExamSpec(seed=31, skills=(skill,), count=20, profile=profile), printed=True)
    assert len({q.prompt for q in exam.questions}) >= 15


def test_terminal_drill_reads_a_typed_breakdown(monkeypatch, capsys, tmp_path):
    from trainer.cli import main

    from trainer.drills.session import DrillSession

    first = DrillSession(["bac-pay-chips"], profile="pa-631a", seed=5).next_question()
    typed = " ".join(f"{n}x{d / 100:g}" for d, n in parse_breakdown(first.answer).stacks)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"two hundred\n{typed}\n"))
    code = main(["drill", "--skill", "bac-pay-chips", "--profile", "pa-631a", "--count", "1", "--seed", "5",
                 "--data-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "'two hundred' is not a count × chip (type it like 2x100 4x5 3x0.25) - try again" in out
    assert "count x chip" in out and "Right." in out and "1 right, 0 wrong of 1" in out


# --- cut and pay (reading B28) -----------------------------------------------------------------------

_WAGERS = st.dictionaries(st.sampled_from(DOLLAR_CHIPS[1:]), st.integers(1, 12), min_size=1, max_size=3).map(Breakdown.of)


def _chips_question(amount: int, wager: Breakdown):
    """A ``bac-pay-chips`` question paying ``amount`` on ``wager``'s chips (the drill's data fields)."""
    from dataclasses import replace

    q = generate("bac-pay-chips", seed=0, profile="pa-631a")
    return replace(q, answer=str(fewest_chips(amount, QUARTER_CHIPS)),
                   data={"amount_cents": amount, "chips": list(QUARTER_CHIPS),
                         "wager_chips": [list(s) for s in wager.stacks]})


def _broken(b: Breakdown) -> Breakdown | None:
    """``b`` with one chip (not the smallest) changed for the chips of the next denomination down."""
    big = next((d for d, _ in b.stacks if d > QUARTER_CHIPS[-1]), None)
    if big is None:
        return None
    down = QUARTER_CHIPS[QUARTER_CHIPS.index(big) + 1]
    counts = dict(b.stacks)
    counts[big] -= 1
    counts[down] = counts.get(down, 0) + big // down
    return Breakdown.of(counts)


@settings(max_examples=300, deadline=None)
@given(wager=_WAGERS, odds=st.integers(1, 40), rest=st.integers(0, 40).map(lambda n: n * 25))
def test_cut_and_pay_totals_the_payout_and_both_forms_are_accepted(wager, odds, rest):
    """The wager's stacks times the odds (even money: the same chips), then the rest in the fewest
    chips; that breakdown and the fewest chips are right, named as such; any other breakdown of the
    amount in more chips is the right total in too many chips."""
    from trainer.rules.chips import cut_and_pay

    amount = wager.total * odds + rest % wager.total  # (a payout at odds, or more than the stacks matched)
    cut = cut_and_pay(amount, wager, QUARTER_CHIPS)
    assert cut is not None and cut.total == amount
    counts = dict(cut.stacks)
    assert all(counts[d] >= n * odds for d, n in wager.stacks)  # every stack matched odds times
    if amount == wager.total:
        assert cut == wager  # even money: the same chips as the wager
    q = _chips_question(amount, wager)
    fewest = fewest_chips(amount, QUARTER_CHIPS)
    cut_verdict, fewest_verdict = check(q, str(cut)), check(q, str(fewest))
    assert cut_verdict.correct and cut_verdict.note.startswith("cut and pay")
    assert fewest_verdict.correct and (fewest_verdict.note == "the fewest chips" or fewest == cut)
    for other in (_broken(cut), _broken(fewest)):
        if other is not None and other != cut:
            verdict = check(q, str(other))
            assert not verdict.correct and verdict.mistake.startswith("right total, too many chips")


def test_a_payout_less_than_its_wager_is_not_cut():
    """A win paid less its vigorish ($285 pays $270.75): no stack to match, the fewest chips only."""
    from trainer.rules.chips import cut_and_pay

    wager = Breakdown.of({10000: 2, 2500: 3, 500: 2})
    assert cut_and_pay(27075, wager, QUARTER_CHIPS) is None
    q = _chips_question(27075, wager)
    assert check(q, "2x100 2x25 4x5 3x0.25").correct and check(q, "2x100 2x25 4x5 3x0.25").note == ""


@pytest.mark.parametrize("skill, profile", [("pay-chips", "pa-2019"), ("bac-pay-chips", "pa-631a"),
                                            ("bac-pay-chips", "pa-631a-ez")])
def test_the_questions_show_the_wager_s_chips_and_take_them_cut_and_paid(skill, profile):
    from trainer.rules.chips import cut_and_pay

    cut_asked = 0
    for q in _questions(skill, profile, 120):
        if q.item.startswith("color") or q.data["amount_cents"] == q.data["wager_cents"]:
            # (even money: the wager's chips would be a right payout written in the question)
            assert "wager_chips" not in q.data and "wager's chips" not in q.prompt
            continue
        wager = Breakdown.of(dict(map(tuple, q.data["wager_chips"])))
        assert wager.total == q.data["wager_cents"] and f"The wager's chips: {wager}." in q.prompt
        cut = cut_and_pay(q.data["amount_cents"], wager, q.data["chips"])
        assert ("or cut and pay" in q.prompt) == (cut is not None)
        if cut is not None:
            cut_asked += 1
            verdict = check(q, str(cut))
            assert verdict.correct and verdict.note.startswith("cut and pay")
            assert str(cut) in q.explanation or cut == parse_breakdown(q.answer)
    assert cut_asked >= 20
