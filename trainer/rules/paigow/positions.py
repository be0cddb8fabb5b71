"""The eight table positions and the count of the dice total to the starting position.

Positions (spec D1): every round, four tiles go to each of ``dealer``, ``seat1`` ...
``seat6`` and ``dead`` (the Dead Hand), "regardless of whether there is a wager at the position"
(621a.6(d), 621a.9(k); nj 10.6(d), 10.8(k)). Counterclockwise from the dealer they come in
:data:`ORDER`; ``seat1`` is the seat farthest to the dealer's right (spec D1.3, spec JQ18).

Counting (621a.6(c), 621a.9(j); nj 10.6(c), 10.8(j); spec D3.2): the origin (the dealer, or the
bank's seat in a player-bank round) is number one and the count runs counterclockwise, Dead Hand
included, until it matches the total: ``start = ORDER[(index(origin) + total - 1) mod 8]``.

>>> start_position(9), start_position(15)                  # the examples of 621a.6(c)(1),(2)
(<Position.DEALER: 'dealer'>, <Position.SEAT6: 'seat6'>)
>>> [str(p) for p in receiving_order(start_position(12))]  # spec D3.4
['seat3', 'seat4', 'seat5', 'seat6', 'dead', 'dealer', 'seat1', 'seat2']
>>> str(start_position(5, origin=Position.parse("seat4")))  # count from a bank at seat4
'dealer'
"""

from __future__ import annotations

import enum

from trainer.rules.errors import TrainerError, UnknownNameError

#: The lowest and highest total of three dice; the count accepts nothing else (spec D3.1, D10 Q4).
MIN_TOTAL, MAX_TOTAL = 3, 18

#: The centre of the layout, a party of chip movements beside the positions (``settlement``); here so
#: that the table's drawing knows it without importing the settlement (start-up, issue 15).
CENTRE = "centre"


class Position(enum.StrEnum):
    """One of the eight places that receive four tiles, named as in spec D1.1 (README N3)."""

    DEALER = "dealer"
    SEAT1 = "seat1"
    SEAT2 = "seat2"
    SEAT3 = "seat3"
    SEAT4 = "seat4"
    SEAT5 = "seat5"
    SEAT6 = "seat6"
    DEAD = "dead"

    @classmethod
    def parse(cls, name: str) -> Position:
        """The position called ``name`` (``dealer``, ``seat1``..``seat6``, ``dead``)."""
        try:
            return cls(name.strip().lower())
        except ValueError:
            raise UnknownNameError("position", name, [p.value for p in cls]) from None

    @property
    def is_seat(self) -> bool:
        """True for the six betting positions, the only places a player (and so a bank) sits."""
        return self.value.startswith("seat")


#: Counterclockwise order seen from above, starting with the dealer (spec D1.2).
ORDER: tuple[Position, ...] = tuple(Position)

#: The betting positions, from the dealer's right to the dealer's left.
SEATS: tuple[Position, ...] = tuple(p for p in ORDER if p.is_seat)


def check_total(total: int) -> int:
    """Return ``total`` if three dice can show it (3-18), else raise a :class:`TrainerError`."""
    if not MIN_TOTAL <= total <= MAX_TOTAL:
        raise TrainerError(f"the total must be the sum of three dice, {MIN_TOTAL} to {MAX_TOTAL}; got {total}")
    return total


def start_position(total: int, origin: Position = Position.DEALER) -> Position:
    """The position counted to by ``total`` with ``origin`` as number one (621a.6(c), 621a.9(j))."""
    return ORDER[(ORDER.index(origin) + check_total(total) - 1) % len(ORDER)]


def receiving_order(start: Position) -> tuple[Position, ...]:
    """P1..P8: the start, then each next position counterclockwise (621a.6(d), 621a.9(k); spec D3.4)."""
    i = ORDER.index(start)
    return ORDER[i:] + ORDER[:i]
