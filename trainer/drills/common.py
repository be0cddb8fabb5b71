"""Helpers shared by every game's drill generators: drafts with citations, drawing until a case
comes up, multiple-choice options, wager amounts."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence, TypeVar

from trainer.drills.model import AnswerKind, Draft
from trainer.rules.money import format_cents

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


def choices_with(rng: random.Random, answer: str, pool: Sequence[str], count: int = 4,
                 near: Sequence[str] = ()) -> tuple[str, ...]:
    """``count`` distinct choices: the answer, the distractors ``near`` it (always offered: the
    mistake the question is about), others from ``pool``, shuffled."""
    kept = [c for c in dict.fromkeys(near) if c != answer][:count - 1]
    others = [c for c in dict.fromkeys(pool) if c != answer and c not in kept]
    picked = [answer] + kept + rng.sample(others, min(count - 1 - len(kept), len(others)))
    rng.shuffle(picked)
    return tuple(picked)


def wager_amount(rng: random.Random) -> int:
    """A wager in cents as seen at a table: mostly round $5 multiples, sometimes an odd dollar amount."""
    if rng.random() < 0.6:
        return 500 * rng.randint(2, 100)
    return 100 * rng.randint(5, 300)


#: The hint of a pay-with-chips question.
CHIPS_HINT = "As many of the largest chip as fit, then the next smaller."


def wager_chips(rng: random.Random, cents: int, chips: Sequence[int]) -> Any:
    """The chips a player wagers ``cents`` with: the fewest chips half the time, else without the
    largest chips that fit, as a player stacks smaller ones (at most 20 chips): what a dealer cuts."""
    from trainer.rules.chips import fewest_chips

    fewest = fewest_chips(cents, chips)
    smaller = [fewest_chips(cents, [c for c in chips if c < top]) for top, _ in fewest.stacks[:2] if top > min(chips)]
    kept = [b for b in smaller if b.chips <= 20]
    return rng.choice(kept) if kept and rng.random() < 0.5 else fewest


def chips_draft(prompt: str, amount: int, why: str, cites: Sequence[str], item: str, chips: Sequence[int],
                wager: Any = None, **data: Any) -> Draft:
    """A pay-with-chips question: the key is the fewest-chips breakdown of ``amount`` from the table's
    ``chips`` (any breakdown with as few chips is accepted, ``answers.judge_chips``); ``why`` says how
    the amount is reached, the key's breakdown is added to it. ``wager``: the winning wager's chips
    (a ``Breakdown``), shown so that the payout can also be cut and paid (reading B28): the prompt ends
    with them and what to do; not at even money, where the wager's chips are themselves a right payout
    (a question never holds its answer)."""
    from trainer.rules.chips import cut_and_pay, fewest_chips

    key = fewest_chips(amount, chips)
    if wager is not None and wager.total == amount:  # even money: the wager's chips would be a right answer shown
        wager = None
    cut = cut_and_pay(amount, wager, chips) if wager is not None else None
    if wager is not None:
        prompt += f" The wager's chips: {wager}. Pay it with the fewest chips" + (", or cut and pay." if cut else ".")
        data |= {"wager_chips": [list(stack) for stack in wager.stacks]}
    also = f"; cut and paid, {cut}" if cut is not None and cut != key else ""
    return draft(prompt, AnswerKind.CHIPS, str(key),
                 f"{why.rstrip('.')}; with the fewest chips, {format_cents(amount)} is {key}{also}.", cites, item,
                 data={"amount_cents": amount, "chips": list(chips), **data},
                 hint=CHIPS_HINT[:-1] + ("; or match the wager's stacks, then the rest." if cut is not None else "."))


def color_change(rng: random.Random, chips: Sequence[int], cites: Sequence[str]) -> Draft:
    """Color up (a pile of small chips for the fewest chips) or color down (one chip for the fewest
    chips no larger than a named one): the casino's procedure; the regulation asks for value chips only."""
    from trainer.rules.chips import Breakdown, chip_name

    if rng.random() < 0.5:
        small = sorted(chips)[:4]
        pile = Breakdown.of({c: rng.randint(3, 24) for c in rng.sample(small, rng.randint(2, 3))})
        return chips_draft(f"A player leaving the table hands in {pile} to color up. Which chips does the "
                           "dealer give, in the fewest chips?", pile.total,
                           f"The pile is worth {format_cents(pile.total)}", cites, "color-up", chips, pile=str(pile))
    big = rng.choice([c for c in chips if c >= 2500])
    ceiling = rng.choice([c for c in chips if 100 <= c < big])
    return chips_draft(f"A player hands in one {chip_name(big)} chip and asks for chips of {chip_name(ceiling)} or "
                       "less. Which chips does the dealer give, in the fewest chips?", big,
                       f"Colored down, the {chip_name(big)} chip is paid in chips of {chip_name(ceiling)} and below",
                       cites, "color-down", [c for c in chips if c <= ceiling])
