"""The fair-2 scan (issue 37) in small: every profile of both games and every casino file of the docs
(Pai Gow and Baccarat), 400 printed-exam questions each, no question unfair on any count. The full scan,
4,000 a profile: ``python tests/fairness_common.py``."""

from __future__ import annotations

import dataclasses

import pytest

from fairness_common import CHECKS, problems, same_text_different_answers, scan_questions, targets
from trainer.drills.model import AnswerKind

TARGETS = targets()


def test_the_scan_covers_both_games_and_casino_files_of_both():
    labels = [label for label, _, _ in TARGETS]
    assert {"md", "nj", "pa-2019", "pa-2012", "pa-631a", "pa-631a-ez"} <= set(labels)
    assert {"harbor.toml", "riverside-baccarat.toml"} <= set(labels)


@pytest.mark.parametrize("label, profile, casino", TARGETS, ids=[t[0] for t in TARGETS])
def test_no_unfair_question(label, profile, casino):
    questions = scan_questions(profile, 400, casino=casino, first_seed=9301)
    assert len(questions) == 400
    assert problems(questions) == {**{name: 0 for name in CHECKS}, "same text, different answers": 0}


def test_the_scan_sees_the_problems_it_counts():
    """Each count finds a planted defect (so a zero means something)."""
    qs = scan_questions("md", 200, first_seed=9301)
    choice = next(q for q in qs if q.kind is AnswerKind.CHOICE and len(q.choices) > 2)
    assert CHECKS["one choice"](dataclasses.replace(choice, choices=(choice.answer,)))
    right = dataclasses.replace(choice, data={**choice.data, "accepted": list(choice.choices)})
    assert CHECKS["every choice right"](right)
    assert CHECKS["internal id"](dataclasses.replace(choice, prompt="A $23.00 match pa Wager wins."))
    assert CHECKS["internal id"](dataclasses.replace(choice, explanation="See pair_fortunes_settle."))
    other = next(c for c in choice.choices if c != choice.answer)
    twin = dataclasses.replace(choice, answer=other, seed=choice.seed + 1)
    assert same_text_different_answers([choice, twin])
    rnd = next(q for q in qs if "round" in q.data)
    assert CHECKS["round off the casino's table"](dataclasses.replace(rnd, casino="ab" * 32))
