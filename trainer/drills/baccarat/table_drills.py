"""Baccarat shoe and curator drills: the burn, the cut and the cover cards, who is offered the cut
and the shoe, and the remedy of each irregularity. Rules: 631a.5, 631a.7, 631a.14, 631a.15;
spec B4-B7, B19.
"""

from __future__ import annotations

import random

from trainer.drills.baccarat.hand_drills import random_card
from trainer.drills.common import choices_with, draft
from trainer.drills.model import AnswerKind, Draft, Setup
from trainer.drills.registry import drill
from trainer.rules.baccarat.cards import DECK, burn_count
from trainer.rules.baccarat.curator import cut_offer_order, shoe_offer_order
from trainer.rules.baccarat.irregularities import REMEDIES, SITUATIONS, Irregularity, remedy
from trainer.rules.baccarat.shoe import CUT_MARGIN, LAST_COVER_DEPTH, cover_depth_error, cut_error

GROUP = "Baccarat shoe"
LEGAL, ILLEGAL = "Legal", "Not legal"


@drill("bac-burn", "The burn", GROUP, "How many cards the burn discards after the first card.", target_ms=4000)
def burn(rng: random.Random, setup: Setup) -> Draft:
    card = random_card(rng)
    count = burn_count(card)
    return draft(f"The first card out of a new shoe is the {card.name}. How many more cards go face down "
                 f"into the discard bucket?", AnswerKind.NUMBER, count,
                 f"As many as the first card's face value, with 10s and faces counting ten and an ace one: {count}.",
                 [setup.profile.cite("burn"), "spec B23"], str(min(card.rank, 10)),
                 data={"card": str(card)}, hint="Here a 10, jack, queen or king counts ten, not zero.")


@drill("bac-cut", "Cut and cover cards", GROUP,
       "Is a cover card placed legally: the cut, and the second cover card.", target_ms=6000)
def cut(rng: random.Random, setup: Setup) -> Draft:
    p = setup.profile
    cards = p.decks * DECK
    if rng.random() < 0.6:
        end = rng.choice(("top", "bottom"))
        distance = rng.randint(CUT_MARGIN - 4, CUT_MARGIN + 4)
        at = distance if end == "top" else cards - distance
        error = cut_error(at, cards)
        prompt = f"A player cuts the {cards}-card stack with the cover card {distance} cards from the {end}. Is it legal?"
        why = f"The cover card must go in at least {CUT_MARGIN} cards from the top or the bottom; this is {distance}."
        cites, item = [p.cite("cut"), "spec B4"], f"cut-{distance >= CUT_MARGIN}"
    else:
        depth = rng.randint(LAST_COVER_DEPTH - 5, LAST_COVER_DEPTH + 5)
        error = cover_depth_error(depth)
        prompt = f"The dealer inserts the second cover card {depth} cards above the bottom of the stack. Is it legal?"
        why = f"The second cover card goes at least {LAST_COVER_DEPTH} cards above the bottom; this is {depth}."
        cites, item = [p.cite("second_cover"), "spec B5"], f"cover-{depth >= LAST_COVER_DEPTH}"
    answer = ILLEGAL if error else LEGAL
    return draft(prompt, AnswerKind.CHOICE, answer, why, cites, item, choices=(LEGAL, ILLEGAL))


DEALER = "The dealer"


def _seat(n: int) -> str:
    return f"Seat {n}"


@drill("bac-curator", "Whose cut, whose shoe", GROUP,
       "Who is offered the cut, the new shoe, or the shoe when it passes.", target_ms=8000)
def curator(rng: random.Random, setup: Setup) -> Draft:
    p = setup.profile
    seated = sorted(rng.sample(range(1, p.seats + 1), rng.randint(3, 6)))
    case = rng.choice(("cut", "reshuffle", "new-shoe", "pass", "keep"))
    previous = rng.choice(seated)
    listing = ", ".join(map(str, seated))
    if case == "cut":
        answer, cite = _seat(cut_offer_order(seated)[0]), p.cite("cut_offer")
        prompt = f"Players sit at seats {listing}. The stack is shuffled: who is offered the cut first?"
        why = "The cut is offered first to the player in the highest-numbered seat, then clockwise."
    elif case == "reshuffle":
        answer, cite = _seat(cut_offer_order(seated, previous)[0]), p.cite("cut_offer")
        prompt = (f"Players sit at seats {listing}; seat {previous} was the last curator. After a reshuffle, "
                  f"who is offered the cut first?")
        why = "On a reshuffle the cut is offered first to the last curator, then clockwise."
    elif case == "new-shoe":
        answer, cite = _seat(shoe_offer_order(seated)[0]), p.cite("shoe_offer")
        prompt = f"Players sit at seats {listing}. Who is offered the new shoe first?"
        why = "The shoe is offered to seat 1, or the first occupied seat after it counterclockwise."
    elif case == "pass":
        answer, cite = _seat(shoe_offer_order(seated, previous)[0]), f"{p.cite('pass_shoe')}, {p.cite('new_curator')}"
        prompt = (f"Players sit at seats {listing}; seat {previous} is the curator and the Banker's Hand loses. "
                  f"Who is offered the shoe first?")
        why = ("When the Banker's Hand loses the curator passes the shoe; it is offered to the player immediately "
               "to his right (the next seat number up, round the table), then counterclockwise.")
    else:
        answer, cite = _seat(previous), p.cite("keep_shoe")
        prompt = (f"Players sit at seats {listing}; seat {previous} is the curator and the Banker's Hand wins. "
                  f"The curator wants to go on. Who deals the next round?")
        why = "The curator may keep the shoe after any round the Banker's Hand does not lose."
    choices = choices_with(rng, answer, [_seat(s) for s in seated] + [DEALER], count=min(5, len(seated) + 1))
    return draft(prompt, AnswerKind.CHOICE, answer, why, [cite, "spec B6", "spec B7"], case, choices=choices,
                 data={"seated": seated, "previous": previous})


@drill("bac-irregularity", "Irregularities", GROUP, "The remedy of each irregularity of 631a.15.", target_ms=10000)
def irregularity(rng: random.Random, setup: Setup) -> Draft:
    kind = rng.choice(tuple(Irregularity))
    banker_draws = rng.random() < 0.5
    situation = SITUATIONS[kind]
    needs_banker = kind in (Irregularity.THIRD_UNDISCLOSED, Irregularity.THIRD_DISCLOSED)
    if needs_banker:
        situation += (" The Banker's Hand is required to draw." if banker_draws
                      else " The Banker's Hand is required to stay.")
    fix = remedy(kind, setup.profile, banker_draws if needs_banker else None)
    return draft(f"{situation} What does the dealer do?", AnswerKind.CHOICE, fix.text, fix.why, [fix.citation],
                 f"{kind.value}{'-draws' if needs_banker and banker_draws else '-stays' if needs_banker else ''}",
                 choices=REMEDIES)
