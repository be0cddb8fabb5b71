"""Cards, their notation and the Point Count of a hand (631a.6).

A card is written by its rank ``A 2 3 4 5 6 7 8 9 T J Q K`` (``10`` is accepted for ``T``) and
an optional suit letter ``c d h s``: ``Qh``, ``T``, ``9s`` (spec B1). Case does not matter.
Every physical card of a shoe has an id ``0 .. 52*decks-1``: ``card_of(id)`` is its face.

>>> parse_hand("A 2 4"), points(parse_hand("A 2 4")), points(parse_hand("A 2 9"))    # 631a.6(b)(1),(2)
((A, 2, 4), 7, 2)
>>> value(parse_card("Kd")), value(parse_card("A")), str(card_of(51)), str(card_of(52))
(0, 1, 'Ks', 'Ac')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from trainer.rules.errors import NotationError

RANKS = "A23456789TJQK"
SUITS = "cdhs"
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
#: Cards in one deck (631a.3(a)).
DECK = 52


@dataclass(frozen=True, slots=True)
class Card:
    """A card face: ``rank`` 1 (ace) .. 13 (king) and a suit letter, or "" when the suit is not given."""

    rank: int
    suit: str = ""

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return str(self)

    @property
    def value(self) -> int:
        """The card's value (631a.6(a)): 2-9 face value, 10 and faces zero, ace one."""
        return self.rank if self.rank < 10 else 0

    @property
    def name(self) -> str:
        """``queen of hearts``, ``10`` — for a trainee's explanation."""
        rank = RANK_NAMES[self.rank - 1]
        return f"{rank} of {SUIT_NAMES[self.suit]}" if self.suit else rank


def value(card: Card) -> int:
    """The value of ``card`` (631a.6(a))."""
    return card.value


def points(cards: Iterable[Card]) -> int:
    """The Point Count of a hand: the right digit of the total of its values (631a.6(b))."""
    return sum(c.value for c in cards) % 10


def burn_count(card: Card) -> int:
    """How many more cards the burn discards after ``card`` (631a.5(f)): 10 and faces count ten.

    >>> burn_count(parse_card("K")), burn_count(parse_card("A")), burn_count(parse_card("7"))
    (10, 1, 7)
    """
    return card.rank if card.rank < 10 else 10


_CARD = re.compile(r"(10|[2-9atjqk])([cdhs]?)", re.IGNORECASE)


def parse_card(text: str) -> Card:
    """Read one card (spec B1); anything else is a ``NotationError`` naming the token."""
    m = _CARD.fullmatch(text.strip())
    if not m:
        raise NotationError(f"'{text}' is not a card (write A 2 3 4 5 6 7 8 9 T J Q K, "
                            f"optionally with a suit c d h s, e.g. Qh)")
    rank = m.group(1).upper()
    return Card(10 if rank == "10" else RANKS.index(rank) + 1, m.group(2).lower())


def parse_hand(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``"5 K"``, ``"Ah,9d"``."""
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if not tokens:
        raise NotationError("no cards given (write them like '5 K' or 'Ah 9d')")
    return tuple(parse_card(t) for t in tokens)


#: One deck's faces: A..K of clubs, diamonds, hearts, spades.
_FACES = tuple(Card(i % 13 + 1, SUITS[i // 13]) for i in range(DECK))


def card_of(card_id: int) -> Card:
    """The face of physical card ``card_id`` of a shoe: deck by deck, each deck A..K of clubs,
    diamonds, hearts, spades."""
    return _FACES[card_id % DECK]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)
