"""Calling the game aloud (``bac-call-aloud``): the call of a round in the standard order of reading
B29 (and B30: "No more cards" at a Natural), each phrase checked in order and the first wrong one named with its section (631a.10(a),(b),
631a.11, 631a.12(a)). The question shows the first four cards and the next cards of the shoe, so who
draws is the trainee's to call.

``data``: ``player_cards``, ``banker_cards`` (the first two of each), ``shoe`` (the next cards),
``accepted`` (each phrase's accepted wordings) and ``sections`` (each phrase's citation).
"""

from __future__ import annotations

import random

from trainer.drills.baccarat.hand_drills import random_card
from trainer.drills.common import draft, until
from trainer.drills.model import AnswerKind, Draft, Setup
from trainer.drills.registry import drill
from trainer.rules.baccarat.call import Phrase, call_of, deal_coup
from trainer.rules.baccarat.cards import format_cards
from trainer.rules.baccarat.wagers import Coup

GROUP = "Calling the game"


def _item(coup: Coup, ez: bool) -> str:
    """The round's shape: a Natural, an EZ call, or who drew (``draw-stand``: the Player drew, the Banker stood)."""
    if ez and (coup.dragon_7 or coup.panda_8):
        return "dragon-7" if coup.dragon_7 else "panda-8"
    if coup.natural("player") is not None or coup.natural("banker") is not None:
        return "natural"
    return f"{'draw' if len(coup.player) == 3 else 'stand'}-{'draw' if len(coup.banker) == 3 else 'stand'}"


def _deciding(phrase: Phrase) -> str:
    """The rule that decides a phrase: an instruction to draw or stand is the dealer's to give (631a.10(b)),
    but whether the hand draws is 631a.11(b) for the Player's Hand and 631a.11(c) for the Banker's."""
    if phrase.rule != "instruct":
        return phrase.rule
    return "player_rule" if phrase.text.startswith("Player") else "banker_rule"


def _bank(rng: random.Random, phrases: tuple[Phrase, ...], ez: bool) -> tuple[str, ...]:
    """The phrase buttons: the call's phrases and their near misses (the other instruction, a count one
    off, the counts reversed, "No more cards", every result), shuffled."""
    near: list[str] = []
    for p in phrases:
        words = p.text.split()
        if p.rule == "instruct":
            near.append(f"{words[0]} {'stands' if words[1] == 'draws' else 'draws'}")
        elif p.rule == "announce":
            near.append(f"{words[0]} {(int(words[1]) + rng.choice((1, 9))) % 10}")
        elif " over " in p.text:
            near.append(" over ".join(reversed(p.text.split(" over "))))
    near += ["No more cards", "Player wins", "Banker wins", "Tie hand"] + (["Dragon 7", "Panda 8"] if ez else [])
    bank = list(dict.fromkeys([p.text for p in phrases] + near))
    rng.shuffle(bank)
    return tuple(bank)


@drill("bac-call-aloud", "Call the round aloud", GROUP,
       "The dealer's call of a round, phrase by phrase in order: the counts, who draws, the new counts, the result.",
       target_ms=20000)
def call_aloud(rng: random.Random, setup: Setup) -> Draft:
    p = setup.profile
    shapes = ("natural", "stand-stand", "stand-draw", "draw-stand", "draw-draw") + (
        ("dragon-7", "panda-8") if p.ez else ())
    wanted = rng.choice(shapes)  # each shape as likely as the others: the rare ones are drawn first

    def deal() -> tuple[Coup, tuple]:
        cards = [random_card(rng) for _ in range(6)]
        return deal_coup(cards[:2], cards[2:4], cards[4:]), tuple(cards)

    coup, cards = until(rng, deal, lambda dealt: _item(dealt[0], p.ez) == wanted)
    phrases = call_of(coup, p.ez)
    sections = [p.cite(_deciding(ph)) for ph in phrases]
    answer = tuple(ph.text for ph in phrases)
    why = ("The Point Counts of both hands are announced first (631a.10(a)); then, at a Natural, \"No more "
           "cards\" (631a.11(a)); else the dealer instructs each hand in turn to draw or stand and calls its new count "
           "(631a.10(b), 631a.11); last the result with the final counts (631a.12(a)). The call: "
           + ", ".join(answer) + ".")
    cites = [p.cite("announce"), p.cite("instruct"), p.cite("player_rule"), p.cite("banker_rule"), p.cite("result"), "spec B29"]
    if wanted == "natural":
        cites.insert(2, p.cite("natural"))
    prompt = (f"Calling the game. First four cards: Player {format_cards(cards[:2])}, Banker {format_cards(cards[2:4])}. "
              f"The next cards in the shoe: {format_cards(cards[4:])}. Call the round in order, phrase by phrase.")
    return draft(prompt, AnswerKind.CALL, answer, why, cites, wanted, choices=_bank(rng, phrases, p.ez),
                 data={"player_cards": [str(c) for c in cards[:2]], "banker_cards": [str(c) for c in cards[2:4]],
                       "shoe": [str(c) for c in cards[4:]], "accepted": [list(ph.accepted) for ph in phrases],
                       "sections": sections, "either_order": [[len(phrases) - 2, len(phrases) - 1]]},
                 hint="Counts, then Player, then Banker, then the result.")
