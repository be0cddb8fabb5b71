"""Small helpers shared by the drill generators: drafts with citations, dealing distinct tiles."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence, TypeVar

from trainer.drills.model import AnswerKind, Draft
from trainer.rules.paigow.tiles import TILE_SET, Tile

T = TypeVar("T")


def draft(prompt: str, kind: AnswerKind, answer: Any, why: str, cites: Sequence[str], item: str,
          **extra: Any) -> Draft:
    """A draft whose explanation ends with its citations, e.g. ``... (621a.3(h), spec N1).``"""
    citations = tuple(dict.fromkeys(cites))  # keep order, drop repeats
    body, stop = (why[:-1], ".") if why.endswith(".") else (why, "")
    return Draft(prompt, kind, answer, f"{body} ({', '.join(citations)}){stop}", citations, item, **extra)


def deal(rng: random.Random, count: int) -> list[Tile]:
    """``count`` distinct physical tiles of the 32-tile set (621a.3(h))."""
    return rng.sample(TILE_SET, count)


def until(rng: random.Random, make: Callable[[], T], accept: Callable[[T], bool], tries: int = 5000) -> T:
    """Draw ``make()`` until ``accept`` holds; the last draw if it never does (cannot happen in
    practice: every case a drill aims at has a probability of at least 1 in 200)."""
    value = make()
    for _ in range(tries):
        if accept(value):
            break
        value = make()
    return value


def choices_with(rng: random.Random, answer: str, pool: Sequence[str], count: int = 4,
                 near: Sequence[str] = ()) -> tuple[str, ...]:
    """``count`` distinct choices: the answer, the distractors ``near`` it (always offered: the
    mistake the question is about), others from ``pool``, shuffled."""
    kept = [c for c in dict.fromkeys(near) if c != answer][:count - 1]
    others = [c for c in dict.fromkeys(pool) if c != answer and c not in kept]
    picked = [answer] + kept + rng.sample(others, min(count - 1 - len(kept), len(others)))
    rng.shuffle(picked)
    return tuple(picked)


def tile_names(tiles: Sequence[Tile]) -> list[str]:
    return [str(t) for t in tiles]


def wager_amount(rng: random.Random) -> int:
    """A wager in cents as seen at a table: mostly round $5 multiples, sometimes an odd dollar amount."""
    if rng.random() < 0.6:
        return 500 * rng.randint(2, 100)
    return 100 * rng.randint(5, 300)
