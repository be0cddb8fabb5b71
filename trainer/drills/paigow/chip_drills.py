"""Paying Pai Gow with chips: the win less its vigorish, Pair Fortunes and the dice wagers the
profile offers (Sum, Match, Beat It: pa-2019 only), color up and color down, each as a count ×
chip breakdown of the table's chips (``Profile.chips``) with the fewest chips (issue 31).

Rules: 621a.8(i), 621a.11 (md 8.I, 8.K, 8.L; nj 10.7(j),(k)). ``data``: ``amount_cents``,
``chips`` (the chips the payout may use), ``wager_cents`` and ``wager_chips`` (the wager's stacks, shown: the payout may be cut and paid,
reading S6, Pai Gow's own reading of paying with chips) where there is a wager.
"""

from __future__ import annotations

import random

from trainer.drills.common import chips_draft, color_change, wager_amount, wager_chips
from trainer.drills.model import Draft, Setup
from trainer.drills.paigow.payout_drills import ROUNDING_WORDS, vig_explanation
from trainer.drills.registry import drill
from trainer.rules.money import format_cents
from trainer.rules.paigow.settlement import vigorish
from trainer.rules.paigow.side_wagers import paytables_for



@drill("pay-chips", "Pay with chips", "Payouts",
       "Build a payout from the table's chips with the fewest chips: a win less its vigorish, the side "
       "wagers, color up and color down.", target_ms=15000)
def pay_chips(rng: random.Random, setup: Setup) -> Draft:
    p = setup.profile
    tables = paytables_for(p)
    case = rng.choice(("win", "win", "side", "color") if tables else ("win", "win", "color"))
    if case == "color":
        return color_change(rng, p.chips, [p.cite("wagers"), "spec S1"])
    if case == "side":
        table = rng.choice(tables)
        line = rng.choice(table.lines)
        wager = 100 * rng.randint(1, 40)
        paid = line.payout(wager)
        return chips_draft(f"A {format_cents(wager)} {table.title} wins: {line.wording}, {line.odds}.",
                           paid, f"{line.odds} on {format_cents(wager)} is {format_cents(paid)}",
                           [table.citation, table.reading, "spec S6"], table.wager, p.chips,
                           wager=wager_chips(rng, wager, p.chips), wager_cents=wager)
    rounding = rng.choice(p.vig_roundings)
    wager = wager_amount(rng)
    if rounding == "exact":
        wager -= wager % 500  # a multiple of $5: its 5% is a multiple of 25¢, so chips can pay it
    vig = vigorish(wager, rounding)
    return chips_draft(f"A {format_cents(wager)} Pai Gow Wager wins; the vigorish ({ROUNDING_WORDS[rounding]}) is "
                       "taken from the payout.", wager - vig,
                       f"{vig_explanation(wager, rounding)}; {format_cents(wager)} less {format_cents(vig)} is "
                       f"{format_cents(wager - vig)}", [p.cite("win"), p.cite("vigorish"), "spec S2", "spec S6"], f"win-{rounding}", p.chips,
                       wager=wager_chips(rng, wager, p.chips), wager_cents=wager, rounding=rounding)
