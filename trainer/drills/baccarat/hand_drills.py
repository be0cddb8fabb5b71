"""Baccarat hand drills: the Point Count, Naturals, whether each hand draws (Table 1, every cell),
who wins. Rules: 631a.1, 631a.6, 631a.8(a), 631a.11, 631a.12(a); spec B2, B3.

``data``: ``player_cards`` and ``banker_cards`` (card notation, spec B1; not ``player``, which the Pai Gow screens read as tiles), and for the Banker drill
``player_third`` (a card, or None when the Player's Hand stood).
"""

from __future__ import annotations

import random

from trainer.drills.common import draft, until
from trainer.drills.model import AnswerKind, Draft, Setup
from trainer.drills.registry import drill
from trainer.rules.baccarat.cards import Card, format_cards, points
from trainer.rules.baccarat.draw import TABLE_1, banker_rule, is_natural, player_rule
from trainer.rules.baccarat.wagers import Coup

DRAW, STAND = "Draws a third card", "Stands"
GROUP = "Baccarat hands"


def random_card(rng: random.Random) -> Card:
    return Card(rng.randint(1, 13), rng.choice("cdhs"))


def hand_with(rng: random.Random, count: int) -> tuple[Card, Card]:
    """Two random cards whose Point Count is ``count``."""
    first = random_card(rng)
    value = (count - first.value) % 10
    rank = rng.choice((10, 11, 12, 13)) if value == 0 else value
    return first, Card(rank, rng.choice("cdhs"))


def card_of_value(rng: random.Random, value: int) -> Card:
    return Card(rng.choice((10, 11, 12, 13)) if value == 0 else value, rng.choice("cdhs"))


def _value_sum(cards: tuple[Card, ...]) -> str:
    total = sum(c.value for c in cards)
    return " + ".join(str(c.value) for c in cards) + f" = {total}"


@drill("bac-point-count", "Point Count", GROUP, "The Point Count of a two- or three-card hand.", target_ms=4000,
       items=lambda setup: tuple(f"{n}-cards-{c}" for n in (2, 3) for c in range(10)))
def point_count(rng: random.Random, setup: Setup) -> Draft:
    cards = tuple(random_card(rng) for _ in range(rng.choice((2, 2, 3))))
    total = sum(c.value for c in cards)
    count = points(cards)
    why = (f"10s and faces count zero, an ace one, the others their face value: {_value_sum(cards)}"
           + (f"; the left digit is dropped: {count}." if total >= 10 else "."))
    return draft(f"What is the Point Count of {format_cards(cards)}?", AnswerKind.NUMBER, count, why,
                 [setup.profile.cite("value"), setup.profile.cite("point_count")], f"{len(cards)}-cards-{count}",
                 data={"cards": [str(c) for c in cards]}, hint="Add the values and keep the right digit.")


NATURAL_CHOICES = ("The Player's Hand", "The Banker's Hand", "Both hands", "Neither hand")


@drill("bac-natural", "Natural or not", GROUP, "Which hand, if any, is a Natural after two cards.", target_ms=4000)
def natural(rng: random.Random, setup: Setup) -> Draft:
    player, banker = hand_with(rng, rng.randint(5, 9)), hand_with(rng, rng.randint(5, 9))
    pp, bp = points(player), points(banker)
    answer = NATURAL_CHOICES[{(True, False): 0, (False, True): 1, (True, True): 2, (False, False): 3}[
        (is_natural(pp), is_natural(bp))]]
    why = (f"The Player's Hand counts {pp}, the Banker's {bp}; a Natural is 8 or 9 on the first two cards"
           + (", and no more cards are dealt to either hand." if pp >= 8 or bp >= 8 else "."))
    return draft(f"Player {format_cards(player)}, Banker {format_cards(banker)}. Which hand is a Natural?",
                 AnswerKind.CHOICE, answer, why, [setup.profile.cite("natural_def"), setup.profile.cite("natural")],
                 answer, choices=NATURAL_CHOICES, data={"player_cards": [str(c) for c in player],
                                                        "banker_cards": [str(c) for c in banker]})


@drill("bac-player-draws", "Does the Player draw?", GROUP,
       "The Player's Hand after two cards: draw or stand (631a.11(a),(b)).", target_ms=4000,
       items=lambda setup: tuple(f"P{p}{n}" for n in ("", "-natural") for p in range(10)))
def player_draws(rng: random.Random, setup: Setup) -> Draft:
    pp, bp = rng.randint(0, 9), rng.choice((rng.randint(0, 7), rng.randint(0, 9)))
    player, banker = hand_with(rng, pp), hand_with(rng, bp)
    rule = player_rule(pp, bp)
    why = (f"A Natural ({max(pp, bp)}) stops both hands." if not rule.draws and (pp >= 8 or bp >= 8)
           else f"The Player's Hand draws on 0-5 and stands on 6 or 7: it has {pp}.")
    answer = DRAW if rule.draws else STAND
    return draft(f"Player {format_cards(player)}, Banker {format_cards(banker)}. Does the Player's Hand draw?",
                 AnswerKind.CHOICE, answer, why, [rule.citation], f"P{pp}" + ("-natural" if bp >= 8 else ""),
                 choices=(DRAW, STAND), data={"player_cards": [str(c) for c in player], "banker_cards": [str(c) for c in banker]})


#: Every Banker decision a dealer is certified on: Banker 0-7 with the Player standing ("s") or
#: drawing a card of value 0-9. Table 1 is the 40 cells of Banker 3-6.
BANKER_CELLS = tuple(f"B{b}-{t}" for b in range(8) for t in ("s", *map(str, range(10))))
#: The cells in teaching order: the Player stood (draw on 0-5), Banker 0-2 and 7 (always the same), then
#: Table 1 row by row (Banker 3, 4, 5, 6).
TEACHING_CELLS = tuple(sorted(BANKER_CELLS, key=lambda c: (not c.endswith("-s"), c[1] in "3456", c)))


@drill("bac-banker-draws", "Does the Banker draw? (Table 1)", GROUP,
       "The Banker's Hand after the Player's: 631a.11(c) and every cell of Table 1.", target_ms=5000,
       items=lambda setup: TEACHING_CELLS)
def banker_draws(rng: random.Random, setup: Setup) -> Draft:
    # Table 1's cells come up twice as often as the rest: they are what dealers are certified on.
    b = rng.choice((*TABLE_1, *range(8)))
    stood = rng.random() < 0.2
    pp = rng.choice((6, 7)) if stood else rng.randint(0, 5)
    player, banker = hand_with(rng, pp), hand_with(rng, b)
    third = None if stood else card_of_value(rng, rng.randint(0, 9))
    rule = banker_rule(pp, b, third.value if third else None)
    answer = DRAW if rule.draws else STAND
    if stood:
        why = f"The Player's Hand stood on {pp}, so the Banker's Hand draws on 0-5 and stands on 6 or 7: it has {b}."
        situation = f"The Player's Hand ({format_cards(player)}) stands"
    else:
        situation = f"The Player's Hand ({format_cards(player)}) drew {third}"
        why = {True: f"The Player drew; the Banker's {b} always draws on 0-2.",
               False: "The Player drew; the Banker's 7 always stands."}[b < 3] if b < 3 or b == 7 else (
            f"Table 1: Banker {b} against a Player's third card of {third.value}: "
            f"{'D, draw' if rule.draws else 'S, stay'} (the row reads {' '.join(TABLE_1[b])} for 0-9).")
    return draft(f"{situation}. Banker {format_cards(banker)}. Does the Banker's Hand draw?", AnswerKind.CHOICE,
                 answer, why, [rule.citation], f"B{b}-{'s' if stood else third.value}", choices=(DRAW, STAND),
                 data={"player_cards": [str(c) for c in player], "banker_cards": [str(c) for c in banker],
                       "player_third": str(third) if third else None},
                 hint="Banker 3: draws unless the Player's third is an 8; 4: on 2-7; 5: on 4-7; 6: on 6-7.")


WINNERS = ("Player", "Banker", "Tie hand")
#: What the dealer announces besides at a table designated for EZ Baccarat (631a.12(a)).
EZ_CALLS = ("Dragon 7", "Panda 8")


def announcement(coup: Coup, ez: bool) -> str:
    """What the dealer announces (631a.12(a)): the winning hand or "tie hand"; at an EZ Baccarat table a
    Dragon 7 or a Panda 8 by name (631a.1), so the Banker wager's push on a Dragon 7 (631a.8(a)(1)(iii))
    and the Insurance Wagers are settled on the right call.

    >>> from trainer.rules.baccarat.cards import parse_hand
    >>> d7 = Coup(parse_hand("T 5"), parse_hand("4 Q 3"))
    >>> announcement(d7, ez=True), announcement(d7, ez=False)
    ('Dragon 7', 'Banker')
    """
    if ez and coup.dragon_7:
        return "Dragon 7"
    if ez and coup.panda_8:
        return "Panda 8"
    return {"player": "Player", "banker": "Banker", "tie": "Tie hand"}[coup.winner]


@drill("bac-winner", "Who wins?", GROUP, "The result the dealer announces, from the final hands.", target_ms=5000)
def winner(rng: random.Random, setup: Setup) -> Draft:
    from trainer.rules.baccarat.round import play_one

    p = setup.profile
    calls = WINNERS + EZ_CALLS if p.ez else WINNERS
    # At an EZ table the rare calls come up as often as the others: the case is drawn first.
    wanted = rng.choice(calls) if p.ez else None
    coup = until(rng, lambda: play_one(rng.getrandbits(32), p, players=1).coup,
                 lambda c: wanted is None or announcement(c, p.ez) == wanted)
    answer = announcement(coup, p.ez)
    pp, bp = coup.player_points, coup.banker_points
    why = f"The Player's Hand counts {pp}, the Banker's {bp}: " + (
        "a three-card Banker's 7 over a Player's Hand under 7 is a Dragon 7, announced by name; the Banker "
        "wager pushes." if answer == "Dragon 7" else
        "a three-card Player's 8 over a Banker's Hand under 8 is a Panda 8, announced by name." if answer == "Panda 8"
        else "equal counts are a tie hand." if pp == bp else f"the higher count, {max(pp, bp)}, wins.")
    cites = [p.cite("result"), p.cite("point_count")] + (
        [p.cite(f"{answer.lower().replace(' ', '_')}_def")] if answer in EZ_CALLS else [])
    return draft(f"Final hands: Player {format_cards(coup.player)}, Banker {format_cards(coup.banker)}. "
                 f"What does the dealer announce?", AnswerKind.CHOICE, answer, why, cites,
                 answer.split()[0].lower() if answer not in EZ_CALLS else answer.lower().replace(" ", "-"),
                 choices=calls, data={"player_cards": [str(c) for c in coup.player],
                                      "banker_cards": [str(c) for c in coup.banker]})


def coup_text(coup: Coup) -> str:
    return (f"Player {format_cards(coup.player)} ({coup.player_points}), "
            f"Banker {format_cards(coup.banker)} ({coup.banker_points})")
