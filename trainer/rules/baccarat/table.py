"""Move plans: where every card is and how it moves, so a table scene only renders (issue 17).

Data model, for the animation
-----------------------------
* Card ids: the physical cards of the shoe are ``0 .. 52*decks-1`` (``cards.card_of(id)`` is the
  face); the two cover cards of 631a.3(a) are :data:`CUT_COVER` (the one a player cuts with; it ends
  at the bottom of the stack, 631a.5(d)) and :data:`LAST_COVER` (the second one, which brings
  "last hand", 631a.10(d)).
* A :class:`Place` is one spot on the table: its :class:`Zone`, an ``index`` (stack or shoe: cards
  from the top/front, 0 = the next card; a hand: the card's slot 0-2; the discard bucket: order in
  which it went in), ``face_up``, and for a squeeze the ``seat`` holding the card and its ``hand``.
* A :class:`Move` is one action of the dealer or the curator: its :class:`MoveKind`, ``step`` (the
  index of the round's :class:`Step` it performs: actor, action, citation, words said), the cards it
  moves (:class:`CardStep`: card, before, after) and the chip movements it makes (indices into the
  round's ``chips``). Moves on the whole stack (wash, shuffle, cut) move no single card: ``detail``
  says what happens (``{"cards": 416}``, ``{"at": 57}``), and the cover cards' steps say where they go.
* A UI plays ``moves`` in order, tweening each card from ``before`` to ``after``, showing the step's
  ``say`` as the caption and the chips of ``chips``. It decides nothing.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping

from trainer.rules.record import Step

__all__ = ["CUT_COVER", "LAST_COVER", "Zone", "Place", "MoveKind", "CardStep", "Move", "Step"]

#: The cover card a player cuts with (631a.5(c)); after the cut it lies at the bottom (631a.5(d)).
CUT_COVER = -1
#: The second cover card, at least 14 cards above the bottom (631a.5(d)); it brings "last hand".
LAST_COVER = -2


class Zone(enum.StrEnum):
    """Where a card can be."""

    STACK = "stack"          # the stack of cards on the layout, before it goes into the shoe
    SHOE = "shoe"            # in the dealing shoe; index 0 = the next card out
    PLAYER = "player"        # the area for the Player's Hand (631a.2(b)(4))
    BANKER = "banker"        # the area for the Banker's Hand
    UNDER_SHOE = "under_shoe"  # the Banker's Hand under the shoe's right corner (631a.9(d)(1))
    SEAT = "seat"            # held by the player at ``seat`` to look at (631a.9(d)(2)-(5))
    ASIDE = "aside"          # the cover card put to the side (631a.10(d))
    DISCARD = "discard"      # the discard bucket (631a.2(e), 631a.5(f), 631a.12(c))


@dataclass(frozen=True, slots=True)
class Place:
    """One spot of one card; see the module docstring."""

    zone: Zone
    index: int = 0
    face_up: bool = False
    seat: int = 0
    hand: str = ""


class MoveKind(enum.StrEnum):
    """The dealer's and the curator's actions a table scene animates."""

    SAY = "say"              # words only: "no more bets", "cards", counts, "last hand"
    WASH = "wash"            # face down, mixed and stacked (631a.4(c))
    SHUFFLE = "shuffle"      # each dealer shuffles the stack (631a.5(a))
    OFFER = "offer"          # the stack offered to a seat to cut, or the shoe to a seat (detail: seat, accepted)
    CUT = "cut"              # a cover card inserted ``at`` cards from the top (631a.5(c))
    TO_BOTTOM = "to_bottom"  # the cards above the cover card, and it, to the bottom (631a.5(d))
    INSERT = "insert"        # the second cover card ``depth`` cards above the bottom (631a.5(d))
    LOAD = "load"            # the stack into the dealing shoe
    DEAL = "deal"            # one card from the shoe to a hand (face down, or face up for a third card)
    TURN = "turn"            # cards turned face up in their area
    HAND_TO = "hand_to"      # cards handed face down to a seat to look at (631a.9(d))
    RETURN = "return"        # a seat returns cards face up; the dealer places them in their area
    ASIDE = "aside"          # the cover card removed and placed to the side (631a.10(d))
    BURN = "burn"            # a card to the discard bucket at the burn (631a.5(f)) or by a remedy
    CHIPS = "chips"          # chip movements (collect, pay, vigorish)
    MARK = "mark"            # a marker button for owed vigorish in the seat's numbered box (631a.13(d)(2)(ii))
    CLEAR = "clear"          # the cards of the round to the discard bucket (631a.12(c))
    PASS = "pass"            # the shoe passes to a new curator, or stays (631a.14)
    LEAVE = "leave"          # a player leaves the table (detail: seat), his markers collected first (631a.13(d)(2)(i))
    REPLACE = "replace"      # the cards replaced with new decks after the last hand (631a.10(d))


@dataclass(frozen=True, slots=True)
class CardStep:
    """One card moving from ``before`` to ``after``."""

    card: int
    before: Place
    after: Place


@dataclass(frozen=True, slots=True)
class Move:
    """One action: its kind, the step it performs, the cards and chips it moves; see the module."""

    kind: MoveKind
    step: int
    cards: tuple[CardStep, ...] = ()
    chips: tuple[int, ...] = ()
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "step": self.step,
                "cards": [{"card": c.card, "before": _place_dict(c.before), "after": _place_dict(c.after)}
                          for c in self.cards],
                "chips": list(self.chips), "detail": dict(self.detail)}


def _place_dict(p: Place) -> dict[str, Any]:
    d: dict[str, Any] = {"zone": p.zone.value, "index": p.index, "face_up": p.face_up}
    if p.seat:
        d |= {"seat": p.seat, "hand": p.hand}
    return d
