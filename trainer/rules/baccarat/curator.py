"""Who is offered the cut and the shoe (631a.5(b), 631a.7, 631a.14).

Seats are numbered 1..N; moving counterclockwise around the table the numbers rise (seat 1 is the
first seat to the dealer's right), and clockwise they fall (spec B6). The dealer is ``None``.

>>> cut_offer_order((2, 5, 9))                          # from the highest number, clockwise (631a.5(b))
(9, 5, 2)
>>> cut_offer_order((2, 5, 9), last_curator=5)          # a reshuffle: the last curator first
(5, 2, 9)
>>> shoe_offer_order((2, 5, 9)), shoe_offer_order((2, 5, 9), previous=5)   # 631a.7(b), 631a.14(b)
((2, 5, 9), (9, 2))
>>> must_pass("player"), must_pass("tie")               # 631a.14(a)(1)
(True, False)
"""

from __future__ import annotations

from typing import Sequence


def _rotate(seated: Sequence[int], start: int, descending: bool) -> tuple[int, ...]:
    """Seated seats in order from ``start`` (or the next seated one) round the table."""
    order = sorted(seated, reverse=descending)
    first = next((i for i, s in enumerate(order) if (s <= start if descending else s >= start)), 0)
    return tuple(order[first:] + order[:first])


def cut_offer_order(seated: Sequence[int], last_curator: int | None = None) -> tuple[int, ...]:
    """The seats offered the cut, in order: from the highest-numbered seat (on a reshuffle: the last
    curator) clockwise (631a.5(b)). If nobody accepts, the dealer cuts."""
    if last_curator is None:
        return tuple(sorted(seated, reverse=True))
    return _rotate(seated, last_curator, descending=True)


def shoe_offer_order(seated: Sequence[int], previous: int | None = None) -> tuple[int, ...]:
    """The seats offered the shoe, in order. A new shoe: seat 1 first, then counterclockwise
    (631a.7(b)). A relinquished shoe: the player immediately to the right of the previous curator,
    then counterclockwise; the previous curator is not offered it again (631a.14(b), spec B7)."""
    if previous is None:
        return tuple(sorted(seated))
    return tuple(s for s in _rotate(seated, previous + 1, descending=False) if s != previous)


def must_pass(winner: str) -> bool:
    """The curator passes the shoe whenever the Banker's Hand loses (631a.14(a)(1))."""
    return winner == "player"


def squeezer(wagers: dict[int, int]) -> int | None:
    """The seat handed a hand at the squeeze (631a.9(d)(2),(3)): the highest wager on that hand;
    equal wagers go to the player closest to the dealer counterclockwise, the lowest seat number
    (631a.9(d)(6), spec B18). None when nobody wagered on it: the dealer turns it (631a.9(d)(7)).

    >>> squeezer({3: 500, 7: 2500, 2: 2500}), squeezer({})
    (2, None)
    """
    if not wagers:
        return None
    return min(wagers, key=lambda seat: (-wagers[seat], seat))
