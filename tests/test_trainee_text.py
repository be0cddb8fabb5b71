"""What a trainee reads is right in every jurisdiction (issue 12).

* Citations come from the active profile's own text: no ``621a`` under md or nj, no ``N.J.A.C.`` under
  pa or md, no md-style ``8.D`` under pa or nj; the "spec X" reading ids stay.
* No question gives its answer away: the prompt never contains the answer or the fact it tests, and on
  the Dealer's seat no step is narrated before the trainee has acted on it.

Every registered skill under every profile is generated many times (an exam over all skills); the
dealer's rounds are played with every irregularity, house- and player-banked, co-banked.
"""

from __future__ import annotations

import random
import re

import pytest

from trainer.drills.answers import format_value
from trainer.drills.exam import ExamSpec, build_exam
from trainer.drills.model import AnswerKind, Question
from trainer.drills.dealer_round import DealerRound
from trainer.drills.paigow.dealer_round import CALLS, RoundSpec, playable
from trainer.drills.registry import generate, skills_for
from trainer.rules.errors import TrainerError
from trainer.rules.paigow.irregularities import Irregularity
from trainer.rules.paigow.profiles import PROFILES, profile_named

SEEDS = range(12)

#: Words that call a result (621a.8(g)-(i)): never in a call question, nor narrated before the call.
_RESULT_WORDS = re.compile(r"\b(wins?|push(es)?|loses?|lost|tie|copy)\b", re.IGNORECASE)
#: A payout's odds, e.g. "3 to 1": the fact a pay question tests.
_ODDS = re.compile(r"\b\d+ to \d+\b")


def _answers(q: Question) -> list[tuple[AnswerKind, object]]:
    parts = q.parts if q.kind is AnswerKind.MULTI else (q,)
    return [(p.kind, p.answer) for p in parts]


def _check(q: Question) -> None:
    for kind, answer in _answers(q):
        text = format_value(kind, answer)
        if kind is AnswerKind.SETTING or (kind is AnswerKind.CHOICE and len(text) > 12):
            assert text not in q.prompt, (q.skill, q.prompt, text)
    if q.skill == "dealer-call":
        assert not _RESULT_WORDS.search(q.prompt), q.prompt
    if q.skill == "dealer-pay" or any(k is AnswerKind.MONEY for k, _ in _answers(q)):
        assert not _ODDS.search(q.prompt), q.prompt
        line = re.search(r"paid \d+ to \d+ \(([^)]+)\)", q.explanation)
        assert line is None or line.group(1) not in q.prompt, q.prompt
    if q.skill == "dealer-pay" and "How much vigorish" in q.prompt:  # (a payment says its vigorish comes next)
        assert "rounded up to the next" in q.prompt, q.prompt  # the rounding in force decides (spec S2)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_no_prompt_holds_its_answer_or_the_fact_it_tests(profile):
    for skill in skills_for(profile):
        for seed in SEEDS:
            _check(generate(skill.id, seed=seed, profile=profile))


def _rounds(profile: str, count: int) -> list[DealerRound]:
    rng, rounds = random.Random(profile), []
    p = profile_named(profile)
    kinds = [None, *Irregularity]
    for k in range(count):
        bank = f"seat{rng.randint(1, 6)}" if p.player_bank and k % 3 == 1 else "dealer"
        spec = RoundSpec(seed=rng.getrandbits(32), profile=profile, bank=bank,
                         co_bank=bank != "dealer" and p.co_bank and k % 2 == 0, irregularity=kinds[k % len(kinds)])
        try:
            rounds.append(DealerRound(playable(spec)))
        except TrainerError:
            continue  # no legal round of this kind near this seed
    return rounds


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_dealers_seat_narrates_a_step_only_after_it_is_answered(profile):
    """Each task has a step of its own, so the table shows it (its caption) only once answered; the steps
    narrated before a task never state its answer (a call, a remedy, a setting, an amount paid)."""
    rounds = _rounds(profile, 21)
    assert len(rounds) >= 12
    for r in rounds:
        steps = [t.step for t in r.tasks]
        assert steps == sorted(set(steps)), "two tasks on one step: the second is narrated before it is asked"
        for i, task in enumerate(r.tasks):
            q = task.question
            _check(q)
            before = " ".join(s.say for s in r.narration(i))
            if q.skill == "dealer-call":
                seat = re.match(r"(seat\d)'s hands", q.prompt)
                who = seat.group(1) if seat else "The dealer"
                assert not re.search(rf"{who} ({'|'.join(('wins', 'pushes', 'loses'))})", before), before
                assert q.answer in CALLS.values()
            elif q.kind in (AnswerKind.SETTING, AnswerKind.CHOICE) and len(str(q.answer)) > 12:
                assert str(q.answer) not in before, (q.skill, before)
            elif q.skill == "dealer-pay":
                assert r.round.steps[task.step].say not in before


#: Another jurisdiction's section numbers, by profile.
_FOREIGN = {
    "pa-2019": re.compile(r"N\.J\.A\.C\.|19:47|\bMD\b|(?<![\w.(])\d{1,2}\.[A-Z]\b"),
    "md": re.compile(r"621a|N\.J\.A\.C\.|19:47"),
    "nj": re.compile(r"621a|\bMD\b|(?<![\w.:(-])\d{1,2}\.[A-Z]\b"),
}
_FOREIGN["pa-2012"] = _FOREIGN["pa-2019"]


def _no_foreign(profile: str, text: str) -> None:
    found = _FOREIGN[profile].search(text)
    assert found is None, f"{profile}: '{found.group(0)}' in: {text}"


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_citation_is_the_profiles_own(profile):
    """An exam over every skill and a set of dealer rounds: every citation, explanation and step said."""
    skills = tuple(s.id for s in skills_for(profile))
    for seed in (1, 2):
        for q in build_exam(ExamSpec(seed=seed, skills=skills, count=200, profile=profile)).questions:
            for text in (q.prompt, q.explanation, *q.citations, *q.choices):
                _no_foreign(profile, text)
            _each_reading_once(q)
    for r in _rounds(profile, 14):
        for step in r.round.steps:
            _no_foreign(profile, f"{step.citation} {step.say}")
        for task in r.tasks:
            q = task.question
            for text in (q.prompt, q.explanation, *q.citations):
                _no_foreign(profile, text)


def _each_reading_once(q: Question) -> None:
    """A key cites a reading once (the dealer's count cited "spec §D3.2" and "spec D3.2")."""
    readings = re.findall(r"spec §?([A-Z]+\d+(?:\.\d+)*)", " ".join(q.citations))
    assert len(readings) == len(set(readings)), f"{q.skill}: {q.citations}"


def test_the_foreign_patterns_catch_each_other():
    _no_foreign("md", "MD 8.D(2), spec W2")
    _no_foreign("nj", "N.J.A.C. 19:47-10.7(d)2")
    _no_foreign("pa-2019", "621a.8(d)(2), spec JQ3, spec D3.2")
    for profile, text in (("md", "621a.8(d)"), ("nj", "MD 3.H(2)"), ("pa-2019", "8.D"),
                          ("pa-2012", "N.J.A.C. 19:47-10.2")):
        with pytest.raises(AssertionError):
            _no_foreign(profile, text)


# --- internal names never reach a trainee (issue 12) -----------------------------------------------

#: Internal ids: positions (``seat5``, ``dead`` as a position), parties (``table_inventory``), wagers
#: (``pai_gow``) and reading ids. ``dead`` in words is "the Dead Hand" (or "dead hand").
_INTERNAL = re.compile(r"\bseat\d+\b|\btable_inventory\b|\bpai_gow\b|\bdead\b(?![ -]?[Hh]and)|\bspec [A-Z]+\d")


def _shown(text: str) -> str:
    from trainer.drills.text import plain_words

    assert not _INTERNAL.search(plain_words(text)), plain_words(text)
    return text


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_questions_and_round_steps_read_in_words(profile):
    """Every prompt, choice, answer, explanation and narrated step, as rendered for a trainee (the one
    rendering, :func:`trainer.drills.text.plain_words`), names positions and parties in words; no item id."""
    from trainer.drills.text import render_key, render_question

    questions = [generate(s.id, seed=seed, profile=profile) for s in skills_for(profile) for seed in range(4)]
    rounds = _rounds(profile, 6)
    questions += [t.question for r in rounds for t in r.tasks]
    for q in questions:
        text = render_question(q, typed=True) + "\n" + render_key(1, q)
        assert not _INTERNAL.search(text), text
        if re.fullmatch(r"[a-z]+(_[a-z0-9]+)+|[a-z]+\d+", q.item or ""):
            assert not re.search(rf"\b{re.escape(q.item)}\b", text), (q.item, text)
    for r in rounds:
        for step in r.round.steps:
            _shown(f"[{step.actor}] {step.say}")


@pytest.mark.parametrize("argv", [["round", "--seed", "4", "--bank", "seat2"], ["baccarat", "round", "--seed", "1"],
                                  ["baccarat", "round", "--seed", "2"]])
def test_cli_round_text_reads_in_words(argv, capsys):
    from trainer.cli import main

    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Seat " in out and not _INTERNAL.search(out), out
