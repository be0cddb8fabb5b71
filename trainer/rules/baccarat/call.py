"""Calling the game aloud: the phrases a dealer calling the game says in a round, in order (reading
B29; the regulation says what is announced, not a script).

1. the Player's and the Banker's Point Counts on the first four cards (631a.10(a));
2. at a Natural, "No more cards" (631a.11(a), reading B30); else "Player draws" or "Player stands",
   then the Player's new count if it drew; "Banker draws" or "Banker stands", then the Banker's new
   count (631a.10(b), 631a.11(b)-(c));
3. the result (631a.12(a)): "Player wins" / "Banker wins" / "Tie hand", at an EZ Baccarat table
   "Dragon 7" or "Panda 8" by name; then the final counts, the winner's over the loser's ("7 over 4"),
   or the tied count ("6").

Each phrase carries every wording accepted for it and the rule that governs it. :func:`round_calls`
groups the phrases by the point of the round at which the dealer says them (reading B30): Calling
the game asks each point as a call of its own, when the table shows what it needs.

>>> from trainer.rules.baccarat.cards import parse_hand
>>> coup = deal_coup(parse_hand("5 K"), parse_hand("3 3"), parse_hand("2 A"))
>>> [p.text for p in call_of(coup, ez=False)]
['Player 5', 'Banker 6', 'Player draws', 'Player 7', 'Banker stands', 'Player wins', '7 over 6']
>>> [(c.point.value, [p.text for p in c.phrases]) for c in round_calls(coup, ez=False)][1:3]
[('player-draw', ['Player draws']), ('player-third', ['Player 7'])]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from trainer.rules.baccarat.cards import Card, points
from trainer.rules.baccarat.draw import banker_rule, player_rule
from trainer.rules.baccarat.wagers import Coup
from trainer.rules.errors import TrainerError

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


@dataclass(frozen=True)
class Phrase:
    """One phrase of the call: ``text`` as the key shows it, ``accepted`` every wording taken for it
    (``text`` first), ``rule`` the profile's rule key of the section that governs it."""

    text: str
    accepted: tuple[str, ...]
    rule: str


def deal_coup(player: Sequence[Card], banker: Sequence[Card], shoe: Sequence[Card]) -> Coup:
    """The round from the first two cards of each hand and the next cards of the shoe: the Player's
    third card first, then the Banker's, as 631a.11 requires them."""
    p2, b2 = points(player), points(banker)
    rest = list(shoe)
    player, banker = tuple(player), tuple(banker)

    def next_card() -> Card:
        if not rest:
            raise TrainerError("the shoe ran out of cards for the round")
        return rest.pop(0)

    if player_rule(p2, b2).draws:
        player += (next_card(),)
    third = player[2].value if len(player) == 3 else None
    if banker_rule(p2, b2, third).draws:
        banker += (next_card(),)
    return Coup(player, banker)


def _count(hand: str, n: int, natural: bool = False, rule: str = "announce") -> Phrase:
    forms = (f"{hand} {n}", f"{hand} {_WORDS[n]}", f"{hand} has {n}", f"{hand} has {_WORDS[n]}")
    if natural:
        forms += (f"{hand} natural {n}", f"natural {n} {hand}", f"{hand} {n} natural")
    return Phrase(forms[0], forms, rule)


def _instruction(hand: str, draws: bool) -> Phrase:
    forms = ((f"{hand} draws", f"{hand} draw", f"{hand} draws a card", f"card for the {hand}", f"card for {hand}")
             if draws else (f"{hand} stands", f"{hand} stand", f"{hand} stays", f"{hand} stay",
                            f"no card for the {hand}", f"no card for {hand}"))
    return Phrase(forms[0], forms, "instruct")


def _result(coup: Coup, ez: bool) -> tuple[Phrase, Phrase]:
    pp, bp = coup.player_points, coup.banker_points
    if ez and coup.dragon_7:
        winner: tuple[str, ...] = ("Dragon 7", "Dragon seven")
    elif ez and coup.panda_8:
        winner = ("Panda 8", "Panda eight")
    else:
        winner = {"player": ("Player wins",), "banker": ("Banker wins",), "tie": ("Tie hand", "Tie")}[coup.winner]
    high, low = max(pp, bp), min(pp, bp)
    counts = ((str(pp), _WORDS[pp], f"{pp} all", f"{pp} to {pp}") if pp == bp else
              (f"{high} over {low}", f"{_WORDS[high]} over {_WORDS[low]}", f"{high} to {low}",
               f"{_WORDS[high]} to {_WORDS[low]}"))
    return Phrase(winner[0], winner, "result"), Phrase(counts[0], counts, "result")


class Point(Enum):
    """The points of a round at which the dealer calling the game speaks, in order (reading B30)."""

    #: The first four cards are turned: both Point Counts (631a.10(a)); under the squeeze each hand's
    #: count as it is turned (631a.9(d)).
    COUNTS = "counts"
    #: A Natural: no more cards (631a.11(a)).
    NATURAL = "natural"
    #: The instruction for the Player's Hand (631a.10(b), 631a.11(b)).
    PLAYER_DRAW = "player-draw"
    #: The Player's third card is turned: its new count.
    PLAYER_THIRD = "player-third"
    #: The instruction for the Banker's Hand (631a.10(b), 631a.11(c)).
    BANKER_DRAW = "banker-draw"
    #: The Banker's third card is turned: its new count.
    BANKER_THIRD = "banker-third"
    #: The result and the final counts (631a.12(a)).
    RESULT = "result"


@dataclass(frozen=True)
class Call:
    """What the dealer says at one ``point`` of the round: one or more phrases, in order."""

    point: Point
    phrases: tuple[Phrase, ...]


_NO_MORE = ("No more cards", "No more cards natural", "Natural no more cards", "No more", "No cards", "No third card")


def round_calls(coup: Coup, ez: bool) -> tuple[Call, ...]:
    """The call of a finished round point by point (reading B30): the counts of the first four cards,
    "No more cards" at a Natural, else each hand's instruction and, if it drew, its new count, then the
    result with both final counts. Their phrases in order are :func:`call_of`.

    >>> from trainer.rules.baccarat.cards import parse_hand
    >>> natural = deal_coup(parse_hand("9 K"), parse_hand("3 3"), parse_hand("2 A"))
    >>> [(c.point.value, [p.text for p in c.phrases]) for c in round_calls(natural, ez=False)]
    [('counts', ['Player 9', 'Banker 6']), ('natural', ['No more cards']), ('result', ['Player wins', '9 over 6'])]
    """
    p2, b2 = points(coup.player[:2]), points(coup.banker[:2])
    calls = [Call(Point.COUNTS, (_count("Player", p2, p2 >= 8), _count("Banker", b2, b2 >= 8)))]
    if p2 >= 8 or b2 >= 8:
        calls.append(Call(Point.NATURAL, (Phrase(_NO_MORE[0], _NO_MORE, "natural"),)))
    else:
        for hand, cards, total, draw, third in (("Player", coup.player, coup.player_points, Point.PLAYER_DRAW,
                                                 Point.PLAYER_THIRD),
                                                ("Banker", coup.banker, coup.banker_points, Point.BANKER_DRAW,
                                                 Point.BANKER_THIRD)):
            calls.append(Call(draw, (_instruction(hand, len(cards) == 3),)))
            if len(cards) == 3:
                calls.append(Call(third, (_count(hand, total, rule="instruct"),)))
    return (*calls, Call(Point.RESULT, _result(coup, ez)))


def call_of(coup: Coup, ez: bool) -> tuple[Phrase, ...]:
    """The call of a finished round, phrase by phrase (readings B29, B30)."""
    return tuple(phrase for call in round_calls(coup, ez) for phrase in call.phrases)
