"""Calling a Baccarat round aloud (issue 31, reading B29): the call against an independent statement
of the third-card rules, phrase-by-phrase checking in order, every accepted wording, the exam bar."""

import io
import itertools

import pytest

from trainer.drills.answers import check
from trainer.drills.exam import ExamSpec, build_exam
from trainer.drills.model import AnswerKind, AnswerParseError
from trainer.drills.registry import generate
from trainer.rules.baccarat.call import call_of, deal_coup
from trainer.rules.baccarat.cards import Card, parse_card

PROFILES = ("pa-631a", "pa-631a-ez")


def card(value: int) -> Card:
    return Card(value if value else 10, "s")


def expected_call(p1, p2, b1, b2, s1, s2, ez):
    """The call worked out here from the standard tableau, without the engine's draw module."""
    p, b = (p1 + p2) % 10, (b1 + b2) % 10
    call = [f"Player {p}", f"Banker {b}"]
    shoe = [s1, s2]
    player_third = banker_third = None
    if p >= 8 or b >= 8:
        call.append("No more cards")  # reading B30
    else:
        if p <= 5:
            player_third = shoe.pop(0)
        banker_draws = (b <= 5 if player_third is None else
                        b <= 2 or (b == 3 and player_third != 8) or (b == 4 and 2 <= player_third <= 7)
                        or (b == 5 and 4 <= player_third <= 7) or (b == 6 and player_third in (6, 7)))
        if banker_draws:
            banker_third = shoe.pop(0)
        call.append("Player draws" if player_third is not None else "Player stands")
        if player_third is not None:
            call.append(f"Player {(p + player_third) % 10}")
        call.append("Banker draws" if banker_third is not None else "Banker stands")
        if banker_third is not None:
            call.append(f"Banker {(b + banker_third) % 10}")
    fp = (p + (player_third or 0)) % 10
    fb = (b + (banker_third or 0)) % 10
    if ez and banker_third is not None and fb == 7 and fp < 7:
        call.append("Dragon 7")
    elif ez and player_third is not None and fp == 8 and fb < 8:
        call.append("Panda 8")
    else:
        call.append("Tie hand" if fp == fb else "Player wins" if fp > fb else "Banker wins")
    call.append(str(fp) if fp == fb else f"{max(fp, fb)} over {min(fp, fb)}")
    return call


@pytest.mark.parametrize("ez", (False, True))
def test_every_round_is_called_as_the_tableau_says(ez):
    """Exhaustive over the hands' two-card counts and the next two cards' values (10^4 × 10 rounds)."""
    for p1, b1, s1, s2 in itertools.product(range(10), repeat=4):
        for p2 in range(10):
            b2 = (p2 * 3 + s1) % 10  # a spread of Banker counts for each Player count
            coup = deal_coup((card(p1), card(p2)), (card(b1), card(b2)), (card(s1), card(s2)))
            assert [ph.text for ph in call_of(coup, ez)] == expected_call(p1, p2, b1, b2, s1, s2, ez)


def _questions(profile, n=150):
    return [generate("bac-call-aloud", seed=s, profile=profile) for s in range(n)]


@pytest.mark.parametrize("profile", PROFILES)
def test_keys_and_sections(profile):
    for q in _questions(profile):
        assert q.kind is AnswerKind.CALL
        cards = [parse_card(c) for c in q.data["player_cards"] + q.data["banker_cards"] + q.data["shoe"]]
        vals = [c.value for c in cards]
        assert list(q.answer) == expected_call(*vals[:2], *vals[2:4], *vals[4:], profile.endswith("ez"))
        assert set(q.answer) <= set(q.choices)
        assert all(s.startswith("631a.1") for s in q.data["sections"])
        assert q.data["sections"][:2] == ["631a.10(a)", "631a.10(a)"] and q.data["sections"][-1] == "631a.12(a)"
        assert check(q, ", ".join(q.answer)).correct
        assert not {"draws", "stands", "wins", "over", "Tie", "Dragon", "Panda"} & set(q.prompt.split())


def test_ez_calls_only_at_an_ez_table():
    plain = {a for q in _questions("pa-631a") for a in q.answer + q.choices}
    ez = {q.item for q in _questions("pa-631a-ez")}
    assert not {"Dragon 7", "Panda 8"} & plain and {"dragon-7", "panda-8"} <= ez


def _round(profile, item):
    return next(q for q in _questions(profile, 300) if q.item == item)


def test_the_first_wrong_phrase_is_named_with_its_section():
    q = _round("pa-631a", "draw-draw")
    swapped = list(q.answer)
    swapped[2] = "Player stands"
    verdict = check(q, ", ".join(swapped))
    assert not verdict.correct
    assert verdict.mistake == 'phrase 3: "Player stands", the call is "Player draws" (631a.11(b))'
    wrong_result = check(q, ", ".join(list(q.answer[:-2]) + ["Tie hand" if q.answer[-2] != "Tie hand" else "Player wins", q.answer[-1]]))
    assert wrong_result.mistake.startswith(f"phrase {len(q.answer) - 1}:") and "(631a.12(a))" in wrong_result.mistake
    out_of_order = check(q, ", ".join((q.answer[1], q.answer[0], *q.answer[2:])))
    assert out_of_order.mistake.startswith("phrase 1:") and "(631a.10(a))" in out_of_order.mistake
    short = check(q, ", ".join(q.answer[:-1]))
    assert short.mistake == f'phrase {len(q.answer)} missing: "{q.answer[-1]}" (631a.12(a))'
    extra = check(q, ", ".join((*q.answer, "Banker wins")))
    assert not extra.correct and "the call was over" in extra.mistake


def test_every_wording_the_text_allows_is_accepted():
    q = _round("pa-631a", "stand-draw")
    reworded = []
    for phrase in q.answer:
        reworded.append({"Player stands": "player stays", "Banker draws": "Card for the Banker",
                         "Tie hand": "Tie", "Player wins": "player wins"}.get(
            phrase, phrase.replace("Player ", "Player has ").lower()))
    assert check(q, ", ".join(reworded)).correct
    numbers = " ".join(str(q.choices.index(a) + 1) for a in q.answer)
    assert check(q, numbers).correct and check(q, list(q.answer)).correct


@pytest.mark.parametrize("raw, message", [("Player 5,, Banker 3", "empty phrase"), ("1 99", "phrase 99 is not one of")])
def test_unreadable_calls_are_parse_errors(raw, message):
    with pytest.raises(AnswerParseError, match=message):
        check(generate("bac-call-aloud", seed=1), raw)


@pytest.mark.parametrize("profile", PROFILES)
def test_a_20_question_exam_has_15_distinct_prompts(profile):
    exam = build_exam(ExamSpec(seed=31, skills=("bac-call-aloud",), count=20, profile=profile), printed=True)
    assert len({q.prompt for q in exam.questions}) >= 15


def test_terminal_drill_takes_phrase_numbers(monkeypatch, capsys, tmp_path):
    from trainer.cli import main
    from trainer.drills.session import DrillSession

    q = DrillSession(["bac-call-aloud"], profile="pa-631a", seed=8).next_question()
    numbers = " ".join(str(q.choices.index(a) + 1) for a in q.answer)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"Player 1,, Banker 2\n{numbers}\n"))
    code = main(["drill", "--skill", "bac-call-aloud", "--profile", "pa-631a", "--count", "1", "--seed", "8",
                 "--data-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and "empty phrase" in out and "Right." in out and "1) " in out
