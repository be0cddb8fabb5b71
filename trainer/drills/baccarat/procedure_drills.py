"""How the dealer runs the game (issue 31): the commission box (``bac-dealer-markers``), the squeeze
(``bac-dealer-squeeze``) and opening the table (``bac-dealer-open``). Each item states the situation
and is keyed by the paragraph that governs it; what the text does not govern is not asked.

Rules: 631a.4(a)-(d), 631a.5(b),(e),(f), 631a.9(d),(f), 631a.13(c),(d)(2), 631a.14(a)(2),(b),
631a.15(d); spec B6, B7, B13, B18. ``data``: ``seated`` (occupied seats), ``wagers`` (seat: cents)
where the question shows them.
"""

from __future__ import annotations

import random
from typing import Callable

from trainer.drills.baccarat.hand_drills import random_card
from trainer.drills.common import choices_with, draft
from trainer.drills.model import AnswerKind, Draft, Setup
from trainer.drills.registry import drill
from trainer.rules.baccarat.cards import burn_count
from trainer.rules.baccarat.curator import cut_offer_order, shoe_offer_order, squeezer
from trainer.rules.baccarat.profiles import BaccaratProfile
from trainer.rules.baccarat.round import collect_markers
from trainer.rules.money import format_cents, vigorish

Item = Callable[[random.Random, BaccaratProfile], Draft]


def _seated(rng: random.Random, p: BaccaratProfile, low: int = 3, high: int = 7) -> list[int]:
    return sorted(rng.sample(range(1, p.seats + 1), rng.randint(low, high)))


def _seat(n: int | None) -> str:
    return "The dealer calling the game" if n is None else f"Seat {n}"


def _seat_choice(rng: random.Random, answer: str, seated: list[int], near: list[str]) -> tuple[str, ...]:
    return choices_with(rng, answer, [_seat(s) for s in seated] + [_seat(None)], count=min(5, len(seated) + 1),
                        near=near)


# --- the commission box -----------------------------------------------------------------------

DEFERRED = ("This table's Rules Submission has the vigorish collected later: a marker button with the amount "
            "owed goes in the box numbered for the seat.")
COLLECT_NOW, LEAVE = "Collect the vigorish owed now", "Leave the marker button until later"
_TRIGGERS = {  # event: (collect now?, why)
    "The player at seat {s} gets up to leave the table.": (True, "the player leaves the gaming table"),
    "The cover card came out; \"last hand\" and one more hand have been played, and the new decks are about "
    "to be placed in the dealing shoe.": (True, "play is about to begin with a new dealing shoe of cards"),
    "The Banker's Hand loses and the curator passes the dealing shoe to the next player.":
        (False, "passing the shoe to a new curator is not a new dealing shoe of cards"),
    "Seat {s} loses its next Banker wager.": (False, "a lost wager is not one of the two times"),
    "The dealer calling the game is relieved by another dealer.": (False, "a change of dealer is not one of the two times"),
    "Seat {s} wins another Banker wager.": (False, "the new vigorish is added to the marker; it is collected later"),
}


def _marker_sum(rng: random.Random, p: BaccaratProfile) -> Draft:
    seat = rng.randint(1, p.seats)
    wins = [100 * rng.randint(5, 300) for _ in range(rng.randint(2, 4))]
    owed = sum(vigorish(w, "exact") for w in wins)
    listing = ", ".join(format_cents(w) for w in wins)
    return draft(f"{DEFERRED} Since the shoe began, seat {seat} has won Banker wagers of {listing}. What amount "
                 f"does the marker button in box {seat} show now?", AnswerKind.MONEY, owed,
                 f"5% of each win is owed, to the cent, and the marker shows the total owed: "
                 f"{' + '.join(format_cents(vigorish(w, 'exact')) for w in wins)} = {format_cents(owed)}; any "
                 "rounding is applied once, when the vigorish is collected",
                 [p.cite("vigorish"), p.cite("vig_marker"), "spec B13"], "mark", data={"seat": seat, "wins": wins})


def _marker_collect(rng: random.Random, p: BaccaratProfile) -> Draft:
    seat = rng.randint(1, p.seats)
    owed = 5 * rng.randint(1, 400)
    rounding = rng.choice(("exact", "quarter"))
    _, chips = collect_markers({seat: owed}, p.with_options(vig_rounding=rounding))
    collected = chips[0].cents
    how = ("takes the exact amount owed" if rounding == "exact" else
           "rounds the vigorish off to 25¢ or the next highest multiple of 25¢ when collecting it")
    return draft(f"{DEFERRED} The marker button in box {seat} shows {format_cents(owed)} owed, and the player leaves "
                 f"the table. This table {how}. How much does the dealer collect?", AnswerKind.MONEY, collected,
                 f"The outstanding vigorish is collected when the player leaves the table; {format_cents(owed)}"
                 + ("" if rounding == "exact" else f" rounded up to a multiple of 25¢ is {format_cents(collected)}"),
                 [p.cite("vig_owed"), p.cite("vigorish"), "spec B13"], f"collect-{rounding}",
                 data={"seat": seat, "owed_cents": owed})


def _marker_when(rng: random.Random, p: BaccaratProfile) -> Draft:
    event = rng.choice(tuple(_TRIGGERS))
    seat = rng.randint(1, p.seats)
    owed = 5 * rng.randint(1, 400)
    now, why = _TRIGGERS[event]
    answer = COLLECT_NOW if now else LEAVE
    return draft(f"{DEFERRED} Seat {seat}'s marker button shows {format_cents(owed)}. {event.format(s=seat)} "
                 "What does the dealer do about the vigorish owed?", AnswerKind.CHOICE, answer,
                 "The outstanding vigorish is collected before play begins with a new dealing shoe of cards or when "
                 f"the player leaves the gaming table, whichever occurs first; here {why}, and until then the marker "
                 "button stays on the layout", [p.cite("vig_owed"), p.cite("vig_marker")],
                 "collect-when" if now else "leave-when", choices=(COLLECT_NOW, LEAVE))


MARKER_ITEMS: tuple[Item, ...] = (_marker_sum, _marker_collect, _marker_when)


@drill("bac-dealer-markers", "The commission box", "Baccarat payouts",
       "Marking the vigorish owed in the seat's numbered box, and when it is collected.", target_ms=12000,
       applies=lambda p: not p.ez)
def dealer_markers(rng: random.Random, setup: Setup) -> Draft:
    return rng.choice(MARKER_ITEMS)(rng, setup.profile)


# --- the squeeze ------------------------------------------------------------------------------

SQUEEZE = "This table's Rules Submission uses the squeeze: players turn the hands over."


def _wagers(rng: random.Random, seated: list[int], tie: bool) -> dict[int, int]:
    """Wagers on one hand by some seats, two equal highest when ``tie``."""
    bettors = rng.sample(seated, rng.randint(2, min(4, len(seated))))
    amounts = {s: 2500 * rng.randint(1, 20) for s in bettors}
    if tie:
        top = max(amounts.values())
        amounts[rng.choice([s for s in bettors if amounts[s] != top] or bettors)] = top
    return amounts


def _squeeze_hand(rng: random.Random, p: BaccaratProfile) -> Draft:
    hand = rng.choice(("Player", "Banker"))
    seated = _seated(rng, p, 4, 8)
    tie = rng.random() < 0.6
    wagers = _wagers(rng, seated, tie)
    top = max(wagers.values())
    tied = sorted(s for s, w in wagers.items() if w == top)
    answer = _seat(squeezer(wagers))
    listing = ", ".join(f"seat {s} {format_cents(w)}" for s, w in sorted(wagers.items()))
    rule = "squeeze_player" if hand == "Player" else "squeeze_banker"
    why = f"The {hand}'s Hand is handed to the player with the highest wager on it"
    if len(tied) > 1:
        why += (f"; seats {' and '.join(map(str, tied))} wager the same, so it goes to the one closest to the dealer "
                "calling the game moving counterclockwise, the lowest seat number")
    return draft(f"{SQUEEZE} Wagers on the {hand}'s Hand: {listing}. Who is handed the {hand}'s Hand?",
                 AnswerKind.CHOICE, answer, why, [p.cite(rule)] + ([p.cite("squeeze_tie"), "spec B18"] if len(tied) > 1 else []),
                 "tie-highest" if len(tied) > 1 else "highest",
                 choices=_seat_choice(rng, answer, seated, [_seat(s) for s in tied]),
                 data={"seated": seated, "wagers": {str(s): w for s, w in wagers.items()}})


def _squeeze_none(rng: random.Random, p: BaccaratProfile) -> Draft:
    hand, other = rng.sample(("Player", "Banker"), 2)
    seated = _seated(rng, p)
    wagers = _wagers(rng, seated, False)
    listing = ", ".join(f"seat {s} {format_cents(w)}" for s, w in sorted(wagers.items()))
    answer = _seat(None)
    return draft(f"{SQUEEZE} Nobody wagers on the {hand}'s Hand; on the {other}'s Hand: {listing}. Who turns the "
                 f"{hand}'s Hand face up?", AnswerKind.CHOICE, answer,
                 f"With no wager on the {hand}'s Hand the dealer calling the game turns it face up, and any card "
                 "dealt to it", [p.cite("squeeze_none")], "no-wager",
                 choices=_seat_choice(rng, answer, seated, [_seat(squeezer(wagers))]),
                 data={"seated": seated, "wagers": {str(s): w for s, w in wagers.items()}})


def _squeeze_delay(rng: random.Random, p: BaccaratProfile) -> Draft:
    seated = _seated(rng, p, 4, 8)
    holder = rng.choice(seated)
    order = shoe_offer_order(seated, holder)
    declined = order[:rng.randint(0, min(2, len(order)))]
    answer = _seat(order[len(declined)] if len(declined) < len(order) else None)
    hand = rng.choice(("Player", "Banker"))
    declined_text = (f" {' and '.join(f'Seat {s}' for s in declined)} decline{'s' if len(declined) == 1 else ''} it."
                     if declined else "")
    why = ("A player who unreasonably delays the game may be required to give up turning the cards; the right is "
           "offered to the player immediately to the right of that player (the next seat number up), then to the "
           "other players in turn counterclockwise")
    return draft(f"{SQUEEZE} Players sit at seats {', '.join(map(str, seated))}. Seat {holder}, handed the {hand}'s "
                 f"Hand, unreasonably delays the game and the dealer requires the player to give it up.{declined_text} "
                 "Who is offered the cards next?", AnswerKind.CHOICE, answer, why + ".",
                 [p.cite("squeeze_delay")], "delay", choices=_seat_choice(rng, answer, seated, [_seat(holder)]),
                 data={"seated": seated, "holder": holder})


ORDER_PASS = "The dealer calling the game (or a floorperson or above) may order the curator to pass the shoe"
_PASS_CHOICES = (ORDER_PASS, "Nothing: the curator keeps the shoe until the Banker's Hand loses",
                 "The round is void and every wager is returned", "The cards are replaced with new decks")
_PASS_CAUSES = ("keeps stopping to talk before dealing each card, and the game waits",
                "has made invalid deals three rounds running", "repeatedly deals the cards out of order",
                "takes minutes over every round")


def _order_pass(rng: random.Random, p: BaccaratProfile) -> Draft:
    seated = _seated(rng, p)
    curator = rng.choice(seated)
    cause = rng.choice(_PASS_CAUSES)
    return draft(f"Players sit at seats {', '.join(map(str, seated))}; the curator at seat {curator} {cause}. "
                 "The Banker's Hand has not lost. What may be done?", AnswerKind.CHOICE, ORDER_PASS,
                 "The dealer calling the game or a floorperson or above may order the curator to pass the dealing shoe "
                 "if the curator unreasonably delays the game or repeatedly makes invalid deals; it is then offered "
                 f"to the player to the curator's right, seat {shoe_offer_order(seated, curator)[0]} here",
                 [p.cite("order_pass"), p.cite("new_curator"), "spec B7"], "order-pass",
                 choices=tuple(rng.sample(_PASS_CHOICES, len(_PASS_CHOICES))), data={"seated": seated, "curator": curator})


SQUEEZE_ITEMS: tuple[Item, ...] = (_squeeze_hand, _squeeze_hand, _squeeze_none, _squeeze_delay, _order_pass)


@drill("bac-dealer-squeeze", "Squeeze etiquette", "Calling the game",
       "At a squeeze table: who is handed each hand, a player who delays, no wager on a hand, ordering the shoe passed.",
       target_ms=12000)
def dealer_squeeze(rng: random.Random, setup: Setup) -> Draft:
    return rng.choice(SQUEEZE_ITEMS)(rng, setup.profile)


# --- opening the table ------------------------------------------------------------------------

_OPENING: dict[str, tuple[str, str, tuple[str, ...], str, str]] = {  # item: (situation, answer, wrong, rule, why)
    "inspect": ("{n} decks of cards have been received at the table. Who inspects them for defects?",
                "The dealer calling the game; the floorperson verifies the inspection",
                ("The floorperson; the dealer verifies the inspection", "The first player to arrive at the table",
                 "Nobody: the cards come sealed"),
                "inspect", "After receiving the cards the dealer calling the game inspects them for any defects and "
                "the floorperson assigned to the table verifies the inspection"),
    "spread": ("The {n} decks received at the table have been inspected. How are they shown before play?",
               "Face up, spread in horizontal fan-shaped columns by deck, by suit and in sequence, for the first "
               "player to arrive",
               ("Face down in one long spread for the floorperson", "Face up in a single pile, deck by deck",
                "They are not shown: they are washed at once"),
               "spread", "The inspected cards are spread face up for the first player to arrive, in horizontal "
               "fan-shaped columns by deck according to suit and in sequence"),
    "after-spread": ("The first player at the table has had the chance to look over the {n} decks spread face up. "
                     "What happens next?",
                     "The cards are turned face down, washed thoroughly and stacked",
                     ("The cards are placed in the dealing shoe as spread", "The player cuts the face-up cards",
                      "The floorperson inspects them a second time"),
                     "wash", "After the first player has had the opportunity to inspect them, the cards are turned face "
                     "down, mixed thoroughly by a washing and stacked"),
    "preinspected": ("The {n} decks arrive at the table preinspected and reshuffled under 603a.16(u). Are they "
                     "inspected and spread at the table?",
                     "No: the inspection, the face-up spread and the washing do not apply",
                     ("Yes: every new set of cards is inspected and spread", "Only the spread is skipped",
                      "Only the floorperson's verification is skipped"),
                     "preinspected", "Cards preinspected and reshuffled under 603a.16(u) or (v) skip the inspection, "
                     "the spread and the washing at the table"),
}


_OCCASIONS = ("The table opens for the day.", "After \"last hand\" and one more hand the cards are replaced.",
              "The floorperson brings new cards to the table.")


def _opening(rng: random.Random, p: BaccaratProfile) -> Draft:
    item = rng.choice(tuple(_OPENING))
    situation, answer, wrong, rule, why = _OPENING[item]
    text = situation.format(n=rng.choice(("six", "seven", "eight")))
    return draft(f"{rng.choice(_OCCASIONS)} {text[:1].upper() + text[1:]}", AnswerKind.CHOICE, answer, why, [p.cite(rule)], item,
                 choices=tuple(rng.sample((answer, *wrong), 1 + len(wrong))))


def recutter(seated: list[int], cutter: int) -> int | None:
    """Who recuts a cut found improper (631a.5(e), reading B33): "the next person entitled to cut ... as
    determined by subsection (b)", the seat after ``cutter`` in the order the cut was offered (from the
    highest-numbered seat, clockwise). The seats before it declined; after the last seat of the order nobody
    is entitled, and "if a player does not accept the cut, the dealer shall cut" (631a.5(b)): None, the
    dealer calling the game.

    >>> recutter([2, 5, 9], 9), recutter([2, 5, 9], 2)
    (5, None)
    """
    order = cut_offer_order(seated)
    after = order[order.index(cutter) + 1:]
    return after[0] if after else None


def _recut(rng: random.Random, p: BaccaratProfile) -> Draft:
    seated = _seated(rng, p)
    cutter = rng.choice(seated)
    in_shoe = rng.random() < 0.25
    following = recutter(seated, cutter)
    if in_shoe:
        answer, item = "No recut: the stack is already in the dealing shoe", "recut-too-late"
        why = "A recut may be required only after the cut and before the cards are placed in the dealing shoe"
    else:
        answer, item = _seat(following), "recut" if following else "recut-dealer"
        why = ("A floorperson or above may require a recut if the cut was improper; it is made by the next person "
               "entitled to cut, the next seat clockwise after the one who cut (seat numbers falling)" +
               ("" if following else "; no seat comes after the one who cut, so the dealer cuts, as when no "
                                      "player accepts the cut"))
    when = ("after the stack has been inserted into the dealing shoe" if in_shoe else
            "before the cards are placed in the dealing shoe")
    prompt = (f"Players sit at seats {', '.join(map(str, seated))}; the cut was offered from the highest-numbered seat "
              f"and seat {cutter} cut. The floorperson, {when}, finds the cut improper. Who recuts?")
    pool = [f"Seat {s}" for s in seated] + ["No recut: the stack is already in the dealing shoe"]
    return draft(prompt, AnswerKind.CHOICE, answer, why, [p.cite("recut"), p.cite("cut_offer"), "spec B6", "spec B33"],
                 item, choices=choices_with(rng, answer, pool, count=5, near=[_seat(None), f"Seat {cutter}"]),
                 data={"seated": seated, "cutter": cutter})


BURN, SIMULATED = "The burn: it and cards equal to its face value go to the discard bucket", \
    "A simulated round: it is the first card of a round with no wagers, then discarded"
_EXPOSED_CHOICES = (BURN, SIMULATED, "The round is void and every wager is returned",
                    "It is put back in the shoe and the round dealt again")


def _exposed(rng: random.Random, p: BaccaratProfile) -> Draft:
    card = random_card(rng)
    burn = rng.random() < 0.5
    if burn:
        prompt = (f"A new shoe is ready; before play begins the dealer removes the first card, the {card.name}, and "
                  "exposes it. What is done with it?")
        why = (f"Before play the first card is removed and exposed, and it and as many more cards face down as its "
               f"face value ({burn_count(card)}) go to the discard bucket; this exposure is the rule, not an irregularity")
        cites, item = [p.cite("burn")], "first-card-burn"
    else:
        prompt = (f"Wagers are placed and the round begins; the first card is disclosed as it is dealt: the "
                  f"{card.name}. What is done with it?")
        why = ("A card disclosed as it is dealt is the first card of a simulated round in which no wagers are taken, "
               "dealt by the rules and then discarded; the round is then dealt from the next card")
        cites, item = [p.cite("exposed_card")], "first-card-exposed"
    return draft(prompt, AnswerKind.CHOICE, BURN if burn else SIMULATED, why, cites, item,
                 choices=tuple(rng.sample(_EXPOSED_CHOICES, len(_EXPOSED_CHOICES))), data={"card": str(card)})


OPEN_ITEMS: tuple[Item, ...] = (_opening, _opening, _recut, _recut, _exposed)


@drill("bac-dealer-open", "Opening the table", "Baccarat shoe",
       "Inspecting and spreading new cards, the recut, and an exposed first card.", target_ms=10000)
def dealer_open(rng: random.Random, setup: Setup) -> Draft:
    return rng.choice(OPEN_ITEMS)(rng, setup.profile)
