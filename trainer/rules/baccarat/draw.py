"""Naturals and the third-card rules (631a.11), with Table 1 as data.

``player_rule`` and ``banker_rule`` give the decision and the exact subsection that makes it, so a
drill's feedback and the dealer's instruction (631a.10(b)) cite the deciding words. Arguments are
Point Counts after two cards (0-9) and the *value* of the Player's third card (631a.11(e)), or
None when the Player's Hand stood.

>>> player_rule(5, 3), banker_rule(3, 3, 8).draws, banker_rule(2, 5, 4).citation
(Decision(draws=True, citation='631a.11(b)(1)'), False, '631a.11(c)(2)(iii), Table 1')
>>> banker_rule(9, 3, None).citation, player_rule(2, 8).draws          # a Natural stops both (631a.11(a))
('631a.11(a)', False)
"""

from __future__ import annotations

from dataclasses import dataclass

#: Table 1 of 631a.11(c)(2)(iii): for a Banker's Point Count of 3-6 after two cards, whether the
#: Banker's Hand draws (D) or stays (S), by the value 0-9 of the third card drawn by the Player's Hand.
TABLE_1: dict[int, str] = {
    3: "DDDDDDDDSD",
    4: "SSDDDDDDSS",
    5: "SSSSDDDDSS",
    6: "SSSSSSDDSS",
}

NATURAL = "631a.11(a)"
TABLE_1_CITATION = "631a.11(c)(2)(iii), Table 1"


@dataclass(frozen=True, slots=True)
class Decision:
    """Whether a hand takes a third card, and the subsection of 631a.11 that says so."""

    draws: bool
    citation: str


def is_natural(point_count: int) -> bool:
    """A Natural is a Point Count of 8 or 9 on the first two cards (631a.1)."""
    return point_count >= 8


def player_rule(player: int, banker: int) -> Decision:
    """The Player's Hand after two cards: no card if either hand is a Natural (631a.11(a)); else
    draw on 0-5 (631a.11(b)(1)), stay on 6 or 7 (631a.11(b)(2))."""
    _check_points(player, banker)
    if is_natural(player) or is_natural(banker):
        return Decision(False, NATURAL)
    return Decision(True, "631a.11(b)(1)") if player < 6 else Decision(False, "631a.11(b)(2)")


def banker_rule(player: int, banker: int, player_third: int | None) -> Decision:
    """The Banker's Hand after two cards, given the value of the Player's third card (None: the
    Player's Hand stood). Naturals stop (631a.11(a)); the Player stood: draw on 0-5 (631a.11(c)(1));
    the Player drew: draw on 0-2 (631a.11(c)(2)(i)), stay on 7 (631a.11(c)(2)(ii)), Table 1 on 3-6."""
    _check_points(player, banker)
    if is_natural(player) or is_natural(banker):
        return Decision(False, NATURAL)
    if player_third is None:
        return Decision(banker <= 5, "631a.11(c)(1)")
    if not 0 <= player_third <= 9:
        raise ValueError(f"a card's value is 0-9, not {player_third}")
    if banker < 3:
        return Decision(True, "631a.11(c)(2)(i)")
    if banker == 7:
        return Decision(False, "631a.11(c)(2)(ii)")
    return Decision(TABLE_1[banker][player_third] == "D", TABLE_1_CITATION)


def _check_points(*counts: int) -> None:
    for c in counts:
        if not 0 <= c <= 9:
            raise ValueError(f"a Point Count is 0-9 (631a.6(b)), not {c}")


#: ``BANKER_DRAWS[banker][t]`` for t = the Player's third-card value 0-9, or 10 when the Player
#: stood; both hands 0-7 (no Natural). The fast path of the round engine and the analysis.
BANKER_DRAWS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(banker_rule(0, b, t if t < 10 else None).draws for t in range(11)) for b in range(8))
