"""Paying with chips: a table's chip set, a payout as a count × denomination breakdown, the fewest
chips for an amount, and reading a typed breakdown. Shared by every game (money is integer cents).

A payout may also be "cut and paid" (:func:`cut_and_pay`): the wager's stacks matched, then the rest
in the fewest chips (reading B28).

A chip set is a profile's data (``Profile.chips``): 25¢ where the vigorish needs it, $1, $5, $25,
$100, $500, $1,000. Each denomination divides the next, so the fewest chips for an amount are the
greedy ones (as many of the largest chip as fit, then the next), and no other breakdown uses as
few: a breakdown with as many of a chip as make the next one up could trade them for one chip.

>>> fewest_chips(27075, QUARTER_CHIPS)
Breakdown(stacks=((10000, 2), (2500, 2), (500, 4), (25, 3)))
>>> str(fewest_chips(27075, QUARTER_CHIPS)), fewest_chips(27075, QUARTER_CHIPS).chips
('2 × $100, 2 × $25, 4 × $5, 3 × $0.25', 11)
>>> parse_breakdown("2x100 2x25 4x5 3x0.25").total
27075
>>> str(cut_and_pay(2000, Breakdown.of({500: 1, 100: 5}), QUARTER_CHIPS))  # $10 wagered as 1 × $5 and 5 × $1, at 2 to 1
'2 × $5, 10 × $1'
>>> parse_breakdown("2 × $100, two $25")
Traceback (most recent call last):
...
trainer.rules.errors.NotationError: 'two $25' is not a count × chip (type it like 2x100 4x5 3x0.25)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

from trainer.rules.errors import NotationError, TrainerError, quoted
from trainer.rules.money import format_cents, parse_money

#: $1,000, $500, $100, $25, $5, $1 and 25¢: the chips of a table that takes a 5% vigorish.
QUARTER_CHIPS: tuple[int, ...] = (100000, 50000, 10000, 2500, 500, 100, 25)
#: The same without the 25¢ chip: a table that takes no vigorish (an EZ Baccarat table).
DOLLAR_CHIPS: tuple[int, ...] = QUARTER_CHIPS[:-1]


def chip_name(cents: int) -> str:
    """``$100``, ``$1,000``, ``$0.25``: a chip by its value (whole dollars without cents).

    >>> chip_name(100000), chip_name(25)
    ('$1,000', '$0.25')
    """
    text = format_cents(cents)
    return text[:-3] if text.endswith(".00") else text


def check_chip_set(chips: Iterable[int]) -> tuple[int, ...]:
    """``chips`` highest first, checked: positive, distinct, each dividing the next one up (so the
    greedy breakdown is the fewest chips)."""
    ordered = tuple(sorted(set(chips), reverse=True))
    if not ordered or ordered[-1] <= 0:
        raise TrainerError("a chip set needs chips of positive value")
    for big, small in zip(ordered, ordered[1:]):
        if big % small:
            raise TrainerError(f"a {chip_name(small)} chip does not divide a {chip_name(big)} chip")
    return ordered


@dataclass(frozen=True)
class Breakdown:
    """Chips as stacks ``(denomination in cents, count)``, highest denomination first, no empty stack."""

    stacks: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, counts: Mapping[int, int]) -> Breakdown:
        """From ``{denomination: count}`` (zero counts dropped)."""
        return cls(tuple(sorted(((d, n) for d, n in counts.items() if n), reverse=True)))

    @property
    def total(self) -> int:
        """The amount in cents."""
        return sum(d * n for d, n in self.stacks)

    @property
    def chips(self) -> int:
        """How many chips."""
        return sum(n for _, n in self.stacks)

    def __str__(self) -> str:
        return ", ".join(f"{n} × {chip_name(d)}" for d, n in self.stacks) or "no chips"


def fewest_chips(cents: int, chips: Iterable[int]) -> Breakdown:
    """The breakdown of ``cents`` with the fewest chips of ``chips`` (as many of the largest chip as
    fit, then the next); an amount the smallest chip does not divide cannot be paid in chips."""
    counts: dict[int, int] = {}
    rest = cents
    for chip in check_chip_set(chips):
        counts[chip], rest = divmod(rest, chip)
    if rest:
        raise TrainerError(f"{format_cents(cents)} cannot be paid in chips of {chip_name(min(chips))} and up")
    return Breakdown.of(counts)


def cut_and_pay(cents: int, wager: Breakdown, chips: Iterable[int]) -> Breakdown | None:
    """The casino's "cut and pay" of ``cents`` won on ``wager`` (reading B28): the wager's stacks matched
    as many whole times as the wager goes into the payout (even money: the same chips as the wager; at n
    to 1, n times each stack), then the rest in the fewest chips. None when the payout is less than the
    wager (a win paid less its vigorish): there is no stack to match.

    >>> str(cut_and_pay(1200, Breakdown.of({500: 1, 100: 7}), QUARTER_CHIPS))  # even money on $12
    '1 × $5, 7 × $1'
    >>> cut_and_pay(950, Breakdown.of({500: 2}), QUARTER_CHIPS) is None  # $10 less its 50¢ vigorish
    True
    """
    times, rest = divmod(cents, wager.total) if wager.total else (0, cents)
    if times == 0:
        return None
    counts: Counter[int] = Counter({d: n * times for d, n in wager.stacks})
    counts.update(dict(fewest_chips(rest, chips).stacks))
    return Breakdown.of(counts)


_STACK = re.compile(r"(\d{1,4})\s*[x×*]\s*(\$?[\d.,]+)\s*(?:chips?)?", re.IGNORECASE)
#: Between stacks: a semicolon or plus, a comma and a space, or a space (or a comma) before the next count.
_BETWEEN = re.compile(r"\s*[;+]\s*|,\s+|[,\s]+(?=\d+\s*[x×*])")


def parse_breakdown(text: str) -> Breakdown:
    """Read a typed breakdown: stacks ``count x chip`` separated by spaces or commas (``2x100 4x5
    3x0.25``, ``2 × $100, 4 × $5``, ``2*100``); the same chip twice adds up."""
    counts: Counter[int] = Counter()
    pieces = [p for p in _BETWEEN.split(text.strip()) if p]
    if not pieces:
        raise NotationError("no chips given (type them like 2x100 4x5 3x0.25)")
    for piece in pieces:
        match = _STACK.fullmatch(piece)
        if not match:
            raise NotationError(f"{quoted(piece)} is not a count × chip (type it like 2x100 4x5 3x0.25)")
        value = parse_money(match.group(2))
        if value <= 0:
            raise NotationError(f"{quoted(piece)}: a chip has a value")
        counts[value] += int(match.group(1))
    return Breakdown.of(counts)
