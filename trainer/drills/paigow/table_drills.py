"""Table settlement drill: every chip movement of a round, in order, as a multi-part question.

Rules: house-banked 621a.8(e)-(i), 621a.11(a) (nj 10.7(h),(j): all losers before any winner);
player bank 621a.9(n)-(q); co-bank 621a.9(r); spec S3; spec JQ22-JQ27. Each part is
one movement (who pays whom, why) and asks its amount. ``data``: ``bank`` (``dealer`` or the bank's
seat), ``co_bank``, ``rounding``, ``lines`` ([position, cents, outcome]), ``dealer_wager`` (or
None) and ``moves`` ([source, target, cents]).
"""

from __future__ import annotations

import random

from trainer.drills.paigow.common import draft, until, wager_amount
from trainer.drills.model import AnswerKind, Draft, Part, Setup
from trainer.drills.paigow.payout_drills import ROUNDING_WORDS
from trainer.drills.registry import drill
from trainer.rules.paigow.hands import Outcome
from trainer.rules.money import format_cents
from trainer.rules.paigow.settlement import CENTRE, HOUSE, SEATS, ChipMove, TableSettlement, WagerLine, settle_table

_PARTY = {HOUSE: "table inventory", CENTRE: "centre", "dealer": "dealer"}
_OUTCOME_WORDS = {Outcome.WIN: "wins", Outcome.LOSE: "loses", Outcome.PUSH: "ties", Outcome.SURRENDER: "surrenders"}

#: The co-bank odd cent: both readings, as JQ26 is Decided with an alternative.
ODD_CENT = ("When a co-bank amount is halved, the house's half is the larger: the odd cent of a surplus goes to "
            "the table inventory and the table inventory pays the odd cent of a shortfall (spec JQ26, "
            "Decided; the other reading, the co-bank taking or paying the odd cent, is not used).")


def party(name: str) -> str:
    """``seat3`` -> ``Seat 3``; ``table_inventory`` -> ``table inventory``."""
    return _PARTY.get(name, name.replace("seat", "Seat "))


def _move_text(move: ChipMove) -> str:
    return f"{party(move.source)} to {party(move.target)}: {move.why}"


def _table(rng: random.Random, setup: Setup) -> tuple[list[WagerLine], str, bool, WagerLine | None]:
    p = setup.profile
    kinds = ["house"] + (["bank"] if p.player_bank else []) + (["co-bank"] if p.co_bank else [])
    kind = rng.choices(kinds, weights=[20, 45, 35][:len(kinds)])[0]
    bank = "dealer" if kind == "house" else rng.choice(SEATS)
    seats = rng.sample([s for s in SEATS if s != bank], rng.randint(2, 5))
    outcomes = (Outcome.WIN, Outcome.LOSE, Outcome.PUSH, Outcome.SURRENDER)
    lines = [WagerLine(s, wager_amount(rng), rng.choices(outcomes, weights=(40, 40, 15, 5))[0]) for s in seats]
    dealer = None
    if kind == "bank" and rng.random() < 0.6:
        dealer = WagerLine("dealer", wager_amount(rng), rng.choice((Outcome.WIN, Outcome.LOSE, Outcome.PUSH)))
    return lines, bank, kind == "co-bank", dealer


def _rule_text(setup: Setup, bank: str, co_bank: bool) -> str:
    if bank == "dealer":
        order = ("all hands are exposed and every loser collected before any winner is paid"
                 if setup.profile.pay_winners_after_all_exposed else
                 "seat by seat, losers collected and winners paid with their vigorish")
        return (f"House-banked round: surrenders are collected first; then, from the seat farthest to the dealer's "
                f"right counterclockwise, {order}.")
    text = ("Player-bank round: surrenders and losing wagers go to the centre; the dealer's wager against the bank "
            "is settled first; winners are paid from the centre in order, and when it runs short the ")
    text += ("co-bank and the table inventory each put in half of the remaining winning wagers; a surplus is "
             "halved with the table inventory, the vigorish is taken on the rest, and the rest goes to the co-bank. "
             + ODD_CENT if co_bank else
             "bank puts in the remaining winning wagers; a surplus pays 5% vigorish and the rest goes to the bank.")
    return text


def _describe(lines: list[WagerLine], bank: str, co_bank: bool, dealer: WagerLine | None) -> str:
    who = ("The dealer banks." if bank == "dealer" else
           f"{party(bank)} {'co-banks with the house' if co_bank else 'is the bank'}.")
    wagers = "; ".join(f"{party(l.position)} {format_cents(l.cents)} {_OUTCOME_WORDS[l.outcome]}"
                       for l in sorted(lines, key=lambda l: SEATS.index(l.position)))
    against = f" The dealer's {format_cents(dealer.cents)} wager against the bank {_OUTCOME_WORDS[dealer.outcome]}." \
        if dealer else ""
    return f"{who} Pai Gow Wagers: {wagers}.{against}"


@drill("table-settlement", "Settle a table", "Payouts",
       "Every chip movement of a round, in order: house-banked, player bank or co-bank.", target_ms=60000)
def table_settlement(rng: random.Random, setup: Setup) -> Draft:
    rounding = rng.choice(setup.profile.vig_roundings)

    def settle() -> tuple[tuple[list[WagerLine], str, bool, WagerLine | None], TableSettlement]:
        table = _table(rng, setup)
        lines, bank, co_bank, dealer = table
        return table, settle_table(lines, profile=setup.profile, rounding=rounding, bank=bank, co_bank=co_bank,
                                   dealer_wager=dealer)

    (lines, bank, co_bank, dealer), result = until(rng, settle, lambda r: len(r[1].moves) >= 2)
    parts = tuple(Part(f"{_move_text(m)}: amount?", AnswerKind.MONEY, m.cents) for m in result.moves)
    steps = "; ".join(f"{i}. {_move_text(m)} {format_cents(m.cents)} ({m.citation})"
                      for i, m in enumerate(result.moves, start=1))
    cites = [m.citation for m in result.moves] + ["spec S3", "spec JQ27"]
    if co_bank:
        cites.append("spec JQ26")
    item = "house" if bank == "dealer" else "co-bank" if co_bank else "bank"
    return draft(f"{_describe(lines, bank, co_bank, dealer)} Vigorish {ROUNDING_WORDS[rounding]}. Give the amount "
                 "of each chip movement, in order.", AnswerKind.MULTI, tuple(p.answer for p in parts),
                 f"{_rule_text(setup, bank, co_bank)} Movements: {steps}.", cites, item, parts=parts,
                 data={"bank": bank, "co_bank": co_bank, "rounding": rounding,
                       "lines": [[l.position, l.cents, l.outcome.value] for l in lines],
                       "dealer_wager": [dealer.cents, dealer.outcome.value] if dealer else None,
                       "moves": [[m.source, m.target, m.cents] for m in result.moves]},
                 hint="Collect first, then pay in order from the dealer's right; vig is 5% of each win.")
