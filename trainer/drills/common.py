"""Helpers shared by every game's drill generators: drafts with citations, drawing until a case
comes up, multiple-choice options, wager amounts."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence, TypeVar

from trainer.drills.model import AnswerKind, Draft

T = TypeVar("T")


def draft(prompt: str, kind: AnswerKind, answer: Any, why: str, cites: Sequence[str], item: str,
          **extra: Any) -> Draft:
    """A draft whose explanation ends with its citations, e.g. ``... (621a.3(h), spec N1).``"""
    citations = tuple(dict.fromkeys(cites))  # keep order, drop repeats
    body, stop = (why[:-1], ".") if why.endswith(".") else (why, "")
    return Draft(prompt, kind, answer, f"{body} ({', '.join(citations)}){stop}", citations, item, **extra)


def until(rng: random.Random, make: Callable[[], T], accept: Callable[[T], bool], tries: int = 5000) -> T:
    """Draw ``make()`` until ``accept`` holds; the last draw if it never does (cannot happen in
    practice: every case a drill aims at has a probability of at least 1 in 200)."""
    value = make()
    for _ in range(tries):
        if accept(value):
            break
        value = make()
    return value


def choices_with(rng: random.Random, answer: str, pool: Sequence[str], count: int = 4) -> tuple[str, ...]:
    """``count`` distinct choices: the answer and distractors from ``pool``, shuffled."""
    others = [c for c in dict.fromkeys(pool) if c != answer]
    picked = [answer] + rng.sample(others, min(count - 1, len(others)))
    rng.shuffle(picked)
    return tuple(picked)


def wager_amount(rng: random.Random) -> int:
    """A wager in cents as seen at a table: mostly round $5 multiples, sometimes an odd dollar amount."""
    if rng.random() < 0.6:
        return 500 * rng.randint(2, 100)
    return 100 * rng.randint(5, 300)
