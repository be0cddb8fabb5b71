"""Baccarat payout drills: the Banker wager with its vigorish (exact or rounded, at payout or on a
marker), the Tie, the Dragon Bonus, the Dragon 7 and Panda 8 Insurance, House Money.
Rules: 631a.8(a), 631a.9(e), 631a.13; spec B9, B12-B17.

``data``: ``wager_cents`` and the hands (card notation) where the question shows them.
"""

from __future__ import annotations

import random

from trainer.drills.baccarat.hand_drills import coup_text, random_card
from trainer.drills.common import draft, until, wager_amount
from trainer.drills.model import AnswerKind, Draft, Part, Setup
from trainer.drills.registry import drill
from trainer.rules.baccarat.cards import format_cards
from trainer.rules.baccarat.profiles import DRAGON_PAYTABLES
from trainer.rules.baccarat.round import play_one
from trainer.rules.baccarat.wagers import Coup, Outcome, dragon_bonus, house_money
from trainer.rules.money import format_cents, vigorish

GROUP = "Baccarat payouts"
ROUNDING_WORDS = {"exact": "5% rounded up to the cent", "quarter": "rounded up to 25¢ or the next multiple of 25¢"}
WIN, PUSH, LOSE = "Wins", "Pushes (returned)", "Loses"
_OUTCOME = {Outcome.WIN: WIN, Outcome.PUSH: PUSH, Outcome.LOSE: LOSE}


@drill("bac-banker-payout", "Banker payout and vigorish", GROUP,
       "A winning Banker wager: the payout and the 5% vigorish, collected or marked.", target_ms=10000)
def banker_payout(rng: random.Random, setup: Setup) -> Draft:
    p = setup.profile
    wager = wager_amount(rng)
    if p.ez:
        return draft(f"EZ Baccarat table: a {format_cents(wager)} wager on the Banker's Hand wins. "
                     f"What is the player paid?", AnswerKind.MONEY, wager,
                     "An EZ Baccarat table takes no vigorish: the win is paid 1 to 1.",
                     [p.cite("ez"), p.cite("banker_pays")], "ez", data={"wager_cents": wager})
    rounding = rng.choice(("exact", "quarter"))
    deferred = rng.random() < 0.35
    exact = vigorish(wager, "exact")
    if deferred:
        parts = (Part("Amount paid to the player", AnswerKind.MONEY, wager),
                 Part("Vigorish marked with the marker button in the seat's box", AnswerKind.MONEY, exact))
        why = (f"The win is paid 1 to 1, {format_cents(wager)}; the 5% vigorish, {format_cents(exact)}, is not "
               f"taken now: a marker button with the amount goes in the seat's numbered box, and the total is "
               "collected before the next shoe or when the player leaves"
               + (", rounded up to 25¢ then." if rounding == "quarter" else "."))
        cites = [p.cite("banker_pays"), p.cite("vig_marker"), p.cite("vig_owed"), "spec B13"]
        prompt = (f"A {format_cents(wager)} wager on the Banker's Hand wins; this table marks the vigorish "
                  f"({ROUNDING_WORDS[rounding]} when collected).")
    else:
        vig = vigorish(wager, rounding)
        parts = (Part("Amount paid to the player", AnswerKind.MONEY, wager),
                 Part(f"Vigorish collected now ({ROUNDING_WORDS[rounding]})", AnswerKind.MONEY, vig))
        why = f"The win is paid 1 to 1, {format_cents(wager)}; 5% of it is {format_cents(exact)}" + (
            f", rounded up to {format_cents(vig)}." if rounding == "quarter" else ".")
        cites = [p.cite("banker_pays"), p.cite("vigorish"), p.cite("vig_at_payout"), "spec B9"]
        prompt = f"A {format_cents(wager)} wager on the Banker's Hand wins; the vigorish is collected at payout."
    return draft(prompt, AnswerKind.MULTI, tuple(x.answer for x in parts), why, cites,
                 f"{'deferred' if deferred else 'at-payout'}-{rounding}", parts=parts,
                 data={"wager_cents": wager, "rounding": rounding, "deferred": deferred},
                 hint="Half of 10% of the win.")


@drill("bac-tie-payout", "Tie payout", GROUP, "A winning Tie Wager paid at the table's odds.", target_ms=6000)
def tie_payout(rng: random.Random, setup: Setup) -> Draft:
    p = setup.profile
    wager = 100 * rng.randint(1, 100)
    paid = wager * p.tie_pays
    return draft(f"Tie hand. A {format_cents(wager)} Tie Wager wins at {p.tie_pays} to 1. What is it paid?",
                 AnswerKind.MONEY, paid, f"{p.tie_pays} × {format_cents(wager)} = {format_cents(paid)}; "
                 f"the Banker and Player wagers push.",
                 [p.cite("tie"), p.cite("tie_pays"), "spec B12"], f"tie-{p.tie_pays}", data={"wager_cents": wager})


def _dragon_coup(rng: random.Random) -> Coup:
    """A finished round where a Dragon Bonus decision is interesting (a Natural, or a wide margin) half the time."""
    return until(rng, lambda: play_one(rng.getrandbits(32), players=1).coup,
                 lambda c: rng.random() < 0.5 or abs(c.player_points - c.banker_points) >= 4
                 or c.natural("player") is not None or c.natural("banker") is not None)


@drill("bac-dragon-bonus", "Dragon Bonus payout", GROUP,
       "A Dragon Bonus Wager on either hand: wins, pushes or loses, and what it is paid.", target_ms=12000,
       applies=lambda p: p.dragon_bonus is not None)
def dragon_bonus_payout(rng: random.Random, setup: Setup) -> Draft:
    p = setup.profile
    coup = _dragon_coup(rng)
    hand = rng.choice(("player", "banker"))
    wager = 100 * rng.randint(1, 50)
    res = dragon_bonus(hand, coup, p.dragon_bonus)
    table = DRAGON_PAYTABLES[p.dragon_bonus]
    paid = wager * res.odds if res.outcome is Outcome.WIN else 0
    parts = (Part("The wager", AnswerKind.CHOICE, _OUTCOME[res.outcome], (WIN, PUSH, LOSE)),
             Part("Amount paid (0 unless it wins)", AnswerKind.MONEY, paid))
    mine = coup.natural(hand)
    margin = (coup.player_points - coup.banker_points) * (1 if hand == "player" else -1)
    if mine is not None:
        why = {Outcome.WIN: f"A Natural winner is paid {table['natural']} to 1",
               Outcome.PUSH: "A Natural tie pushes", Outcome.LOSE: "A Natural 8 against a Natural 9 loses"}[res.outcome]
    elif margin >= 4:
        why = f"A win by {margin} points is paid {res.odds} to 1 on paytable {p.dragon_bonus}"
    else:
        why = "Without a Natural the hand must win by 4 points or more" + (f"; it won by {margin}" if margin > 0 else "")
    return draft(f"{coup_text(coup)}. A {format_cents(wager)} Dragon Bonus Wager on the "
                 f"{hand.title()}'s Hand (paytable {p.dragon_bonus}).", AnswerKind.MULTI,
                 tuple(x.answer for x in parts), why + ". No vigorish is taken.",
                 [res.citation.split(", ")[0], p.cite("dragon_bonus_pays"), "spec B16"],
                 f"{res.outcome.value}-{'natural' if mine is not None else min(max(margin, 0), 4)}",
                 parts=parts, data={"wager_cents": wager, "hand": hand, "player_cards": [str(c) for c in coup.player],
                                    "banker_cards": [str(c) for c in coup.banker]})


@drill("bac-ez-insurance", "Dragon 7 and Panda 8", GROUP,
       "EZ Baccarat: the Dragon 7 (40 to 1) and Panda 8 (25 to 1) Insurance Wagers.", target_ms=8000,
       applies=lambda p: p.ez)
def ez_insurance(rng: random.Random, setup: Setup) -> Draft:
    p = setup.profile
    wager_name, odds, rule, hand, count = rng.choice((("Dragon 7", 40, "dragon_7", "banker", 7),
                                                      ("Panda 8", 25, "panda_8", "player", 8)))
    # The case is drawn first, so a win and a loss are equally likely (a guess of $0 scores like chance);
    # half the losses are near misses: the hand counts 7 (8) but is not a Dragon 7 (Panda 8).
    case = rng.choice(("win", "win", "near", "other"))
    coup = until(rng, lambda: play_one(rng.getrandbits(32), p, players=1).coup,
                 lambda c: getattr(c, rule) == (case == "win")
                 and (case != "near" or getattr(c, f"{hand}_points") == count))
    won = getattr(coup, rule)
    wager = 100 * rng.randint(1, 25)
    paid = wager * odds if won else 0
    words = {"dragon_7": "a three-card Banker's 7 against a Player's Hand under 7",
             "panda_8": "a three-card Player's 8 against a Banker's Hand under 8"}[rule]
    why = (f"A {wager_name} is {words}: " + (f"it is, so {odds} × {format_cents(wager)} = {format_cents(paid)}."
                                               if won else "this is not one, so the wager is collected and nothing is paid."))
    return draft(f"EZ Baccarat. {coup_text(coup)}. What is a {format_cents(wager)} {wager_name} Insurance Wager paid "
                 f"(0 if it loses)?", AnswerKind.MONEY, paid, why,
                 [p.cite(f"{rule}_def"), p.cite(rule), p.cite(f"{rule}_pays")], f"{rule}-{case}",
                 data={"wager_cents": wager, "player_cards": [str(c) for c in coup.player],
                       "banker_cards": [str(c) for c in coup.banker]})


@drill("bac-house-money", "House Money payout", GROUP,
       "The House Money Wager on the first four cards, settled before any third card.", target_ms=8000,
       applies=lambda p: p.house_money)
def house_money_payout(rng: random.Random, setup: Setup) -> Draft:
    p = setup.profile
    player, banker = [random_card(rng), random_card(rng)], [random_card(rng), random_card(rng)]
    for hand in (player, banker):
        if rng.random() < 0.3:
            hand[1] = type(hand[0])(hand[0].rank, rng.choice("cdhs"))
    coup = Coup(tuple(player), tuple(banker))
    res = house_money(coup)
    wager = 100 * rng.randint(1, 25)
    paid = wager * res.odds if res.outcome is Outcome.WIN else 0
    pairs = sum(coup.pairs)
    why = {0: "Neither hand's first two cards are a pair of the same rank: the wager is collected.",
           1: f"One hand is a pair: 3 to 1, {format_cents(paid)}.",
           2: f"Both hands are pairs: 15 to 1, {format_cents(paid)}."}[pairs]
    return draft(f"First four cards: Player {format_cards(player)}, Banker {format_cards(banker)}. What is a "
                 f"{format_cents(wager)} House Money Wager paid (0 if it loses)?", AnswerKind.MONEY, paid,
                 why + " It is settled now, before any third card.",
                 [p.cite("house_money"), p.cite("house_money_pays"), p.cite("house_money_settle"), "spec B17"],
                 f"pairs-{pairs}", data={"wager_cents": wager, "player_cards": [str(c) for c in player],
                                         "banker_cards": [str(c) for c in banker]})

