"""The shoe: decks and cover cards, wash, shuffle, cut, burn and the cover card (631a.3-631a.5, 631a.10(d)).

``prepare_shoe`` does what happens before the first round, as cited steps and table moves: the
decks washed and stacked (631a.4(c)), shuffled (631a.5(a)), the cut offered and made with a cover
card at least ten cards from either end (631a.5(b),(c)), the cards above it and the cover card put
to the bottom, the second cover card at least 14 cards above the bottom (631a.5(d)), the stack
loaded into the shoe (631a.5(d)) and the burn (631a.5(f)).

The shoe's front is the stack's top (spec B4). ``Shoe.last_cover`` is the index of the card the
second cover card lies in front of: when it is next, the cover card appears (631a.10(d)).

>>> import random
>>> prep = prepare_shoe(random.Random(3), profile_named("pa-631a"), seated=(2, 5))
>>> shoe = prep.shoe
>>> len(shoe.cards), shoe.next == 1 + burn_count(card_of(shoe.cards[0])), len(shoe.cards) - shoe.last_cover >= 14
(416, True, True)
>>> [s.action for s in prep.steps][:4]
['wash', 'shuffle', 'offer-cut', 'cut']
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Sequence

from trainer.rules.baccarat.cards import DECK, burn_count, card_of
from trainer.rules.baccarat.curator import cut_offer_order
from trainer.rules.baccarat.profiles import BaccaratProfile, profile_named
from trainer.rules.baccarat.table import (CUT_COVER, LAST_COVER, CardStep, Move, MoveKind, Place, Step, Zone)
from trainer.rules.errors import TrainerError

#: Cards a cut leaves at least on either side of the cover card (631a.5(c)).
CUT_MARGIN = 10
#: Cards at least under the second cover card (631a.5(d)).
LAST_COVER_DEPTH = 14
#: How often a simulated player accepts the cut (a training choice, not a rule).
CUT_ACCEPT_RATE = 0.5

__all__ = ["Shoe", "ShoePrep", "prepare_shoe", "cut_error", "cover_depth_error", "burn_count", "card_of"]


@dataclass(frozen=True, slots=True)
class Shoe:
    """The cards in the dealing shoe, front first, and how far play has gone."""

    decks: int
    cards: tuple[int, ...]
    last_cover: int
    next: int = 0
    cover_out: bool = False
    #: Cards in the discard bucket so far (the next one goes in at this index).
    discards: int = 0

    @property
    def remaining(self) -> int:
        return len(self.cards) - self.next

    @property
    def cover_next(self) -> bool:
        """The second cover card is the next thing out of the shoe (631a.10(d))."""
        return not self.cover_out and self.next == self.last_cover

    def place(self, index: int) -> Place:
        """Where card ``cards[index]`` lies in the shoe (0 = the next card out)."""
        return Place(Zone.SHOE, index - self.next)

    def showing(self, values: Sequence[int]) -> Shoe:
        """The shoe with its next cards of the given values (631a.6(a)), in order: each is swapped with
        the first card of that value behind it, so the shoe holds the same cards. A training situation
        (a drill's Table 1 case), not a shuffle.

        >>> shoe = Shoe(1, tuple(range(52)), 40)
        >>> [card_of(c).value for c in shoe.showing((0, 9, 0)).cards[:3]]
        [0, 9, 0]
        """
        cards = list(self.cards)
        for i, value in enumerate(values, start=self.next):
            j = next((k for k in range(i, len(cards)) if card_of(cards[k]).value == value), None)
            if j is None:
                raise TrainerError(f"the shoe holds no card of value {value} after card {i}")
            cards[i], cards[j] = cards[j], cards[i]
        return replace(self, cards=tuple(cards))


@dataclass(frozen=True)
class ShoePrep:
    """A prepared shoe: the shoe after the burn, who cut and where, and the steps and moves."""

    shoe: Shoe
    cut_by: int | None
    cut_at: int
    cover_depth: int
    burn: tuple[int, ...]
    steps: tuple[Step, ...]
    moves: tuple[Move, ...]


def cut_error(at: int, cards: int) -> str | None:
    """Why a cover card ``at`` cards from the top of ``cards`` is not a legal cut, or None (631a.5(c)).

    >>> cut_error(9, 416), cut_error(10, 416), cut_error(407, 416)
    ('631a.5(c): the cover card must be at least 10 cards in from the top', None, '631a.5(c): the cover card must be at least 10 cards in from the bottom')
    """
    if at < CUT_MARGIN:
        return f"631a.5(c): the cover card must be at least {CUT_MARGIN} cards in from the top"
    if cards - at < CUT_MARGIN:
        return f"631a.5(c): the cover card must be at least {CUT_MARGIN} cards in from the bottom"
    return None


def cover_depth_error(depth: int) -> str | None:
    """Why the second cover card ``depth`` cards above the bottom is not legal, or None (631a.5(d))."""
    if depth < LAST_COVER_DEPTH:
        return f"631a.5(d): the second cover card must be at least {LAST_COVER_DEPTH} cards above the bottom"
    return None


def prepare_shoe(rng: random.Random, profile: BaccaratProfile | str = "pa-631a", seated: Sequence[int] = (), *,
                 last_curator: int | None = None, cut_at: int | None = None,
                 cover_depth: int | None = None) -> ShoePrep:
    """Wash, shuffle, cut, place the cover cards, load and burn a new shoe from ``rng``.

    ``cut_at`` (cards from the top) and ``cover_depth`` (cards under the second cover card) may be
    given; otherwise the player who cuts and the dealer choose at random within 631a.5(c),(d).
    """
    p = profile_named(profile)
    n = p.decks * DECK
    stack = list(range(n))
    rng.shuffle(stack)
    steps = [Step("dealer", "wash", p.cite("wash"), "The cards are turned face down, washed and stacked."),
             Step("dealer", "shuffle", p.cite("shuffle"), "Each dealer shuffles the stack.")]
    moves = [Move(MoveKind.WASH, 0, detail={"cards": n}), Move(MoveKind.SHUFFLE, 1, detail={"cards": n})]
    cut_by = _offer_cut(rng, p, seated, last_curator, steps, moves)
    at = rng.randint(CUT_MARGIN, n - CUT_MARGIN) if cut_at is None else cut_at
    depth = rng.randint(*p.second_cover_depth) if cover_depth is None else cover_depth
    for error in (cut_error(at, n), cover_depth_error(depth), None if depth < n else "too deep"):
        if error:
            raise TrainerError(error)
    cutter = f"seat{cut_by}" if cut_by else "dealer"
    steps.append(Step(cutter, "cut", p.cite("cut"), f"The cover card goes in {at} cards from the top."))
    moves.append(Move(MoveKind.CUT, len(steps) - 1, (CardStep(CUT_COVER, Place(Zone.ASIDE), Place(Zone.STACK, at)),),
                      detail={"at": at, "by": cut_by or 0}))
    steps.append(Step("dealer", "to-bottom", p.cite("second_cover"),
                      "The cards above the cover card, and the cover card, go to the bottom."))
    moves.append(Move(MoveKind.TO_BOTTOM, len(steps) - 1,
                      (CardStep(CUT_COVER, Place(Zone.STACK, at), Place(Zone.STACK, n)),), detail={"at": at}))
    steps.append(Step("dealer", "second-cover", p.cite("second_cover"),
                      f"The second cover card goes in {depth} cards above the bottom."))
    moves.append(Move(MoveKind.INSERT, len(steps) - 1,
                      (CardStep(LAST_COVER, Place(Zone.ASIDE), Place(Zone.STACK, n - depth)),), detail={"depth": depth}))
    steps.append(Step("dealer", "load", p.cite("second_cover"), "The stack goes into the dealing shoe."))
    moves.append(Move(MoveKind.LOAD, len(steps) - 1, detail={"cards": n}))
    shoe = Shoe(p.decks, tuple(stack[at:] + stack[:at]), n - depth)
    shoe, burned = _burn(shoe, p, steps, moves)
    return ShoePrep(shoe, cut_by, at, depth, burned, tuple(steps), tuple(moves))


def _offer_cut(rng: random.Random, p: BaccaratProfile, seated: Sequence[int], last_curator: int | None,
               steps: list[Step], moves: list[Move]) -> int | None:
    """Offer the stack to cut (631a.5(b)); the seat that accepts, or None: the dealer cuts."""
    for seat in cut_offer_order(seated, last_curator):
        accepted = rng.random() < CUT_ACCEPT_RATE
        steps.append(Step("dealer", "offer-cut", p.cite("cut_offer"),
                          f"Seat {seat}, would you like to cut?" + ("" if accepted else " (declined)")))
        moves.append(Move(MoveKind.OFFER, len(steps) - 1, detail={"seat": seat, "accepted": accepted}))
        if accepted:
            return seat
    return None


def _burn(shoe: Shoe, p: BaccaratProfile, steps: list[Step], moves: list[Move]) -> tuple[Shoe, tuple[int, ...]]:
    """The first card exposed and burned, then as many more face down as its face value (631a.5(f))."""
    first = shoe.cards[0]
    count = burn_count(card_of(first))
    burned = shoe.cards[: 1 + count]
    steps.append(Step("dealer", "burn", p.cite("burn"),
                      f"The first card is {card_of(first).name}: it and {count} more cards go to the discard bucket."))
    moves.append(Move(MoveKind.BURN, len(steps) - 1, tuple(
        CardStep(card, Place(Zone.SHOE, i), Place(Zone.DISCARD, i, face_up=i == 0)) for i, card in enumerate(burned)),
        detail={"value": count}))
    return replace(shoe, next=len(burned), discards=len(burned)), burned
