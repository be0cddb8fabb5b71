"""Paying Baccarat with chips: each winning wager the table offers (the Banker's less its vigorish,
the Player's, the Tie at 8 or 9 to 1, the Dragon Bonus, Dragon 7, Panda 8, House Money), color up
and color down, as a count × chip breakdown of the table's chips (``BaccaratProfile.chips``: 25¢
only where a vigorish is taken) with the fewest chips (issue 31, reading B28).

Rules: 631a.8(b), 631a.13. ``data``: ``amount_cents``, ``chips`` (the chips the payout may use),
``wager_cents`` and ``wager_chips`` (the wager's stacks, shown: the payout may be cut and paid,
reading B28) where there is a wager.
"""

from __future__ import annotations

import random

from trainer.drills.common import chips_draft, color_change, wager_amount, wager_chips
from trainer.drills.model import Draft, Setup
from trainer.drills.registry import drill
from trainer.rules.baccarat.profiles import DRAGON_PAYTABLES, BaccaratProfile
from trainer.rules.money import format_cents, vigorish

#: How the table rounds its vigorish (631a.13(c)), as the prompt states it.
_ROUNDING = {"exact": "exact, to the cent", "quarter": "rounded up to the next 25¢"}
_DRAGON_LINES = {**{str(n): f"the hand wins by {n} points" for n in range(4, 10)}, "natural": "a Natural winner"}


def _banker(rng: random.Random, p: BaccaratProfile) -> Draft:
    wager = wager_amount(rng)
    if p.ez or p.vig_collection == "deferred":
        why = ("An EZ Baccarat table takes no vigorish" if p.ez else
               "This table marks the vigorish in the seat's box and collects it later, so the win is paid in full")
        cites = [p.cite("banker_pays")] + ([p.cite("ez")] if p.ez else [p.cite("vig_deferred")]) + ["spec B28"]
        return chips_draft(f"A {format_cents(wager)} wager on the Banker's Hand wins.", wager,
                           f"{why}: 1 to 1, {format_cents(wager)}", cites, "banker", p.chips,
                           wager=wager_chips(rng, wager, p.chips), wager_cents=wager)
    if p.vig_rounding == "exact":
        wager -= wager % 500  # a multiple of $5: its 5% is a multiple of 25¢, so chips can pay it
    vig = vigorish(wager, p.vig_rounding)
    return chips_draft(f"A {format_cents(wager)} wager on the Banker's Hand wins; the 5% vigorish "
                       f"({_ROUNDING[p.vig_rounding]}) is taken from the payout.", wager - vig,
                       f"1 to 1 is {format_cents(wager)}, less the 5% vigorish {format_cents(vig)}: "
                       f"{format_cents(wager - vig)}", [p.cite("banker_pays"), p.cite("vig_at_payout"), "spec B28"],
                       "banker-net", p.chips, wager=wager_chips(rng, wager, p.chips), wager_cents=wager)


def _odds(rng: random.Random, p: BaccaratProfile) -> Draft:
    """A winning wager paid at odds, drawn from the wagers the table offers (name, odds, how it won, rule, item)."""
    offered = [("wager on the Player's Hand", 1, "", "player_pays", "player"),
               ("Tie Wager", p.tie_pays, "the hands tie", "tie_pays", f"tie-{p.tie_pays}")]
    if p.tie_pays == 8 and not p.casino_sha256:  # 631a.13(b): "at least 8 to 1"; a table may post 9 (reading B12)
        offered.append(("Tie Wager", 9, "the hands tie", "tie_pays", "tie-9"))
    if p.dragon_bonus:
        line = rng.choice(tuple(_DRAGON_LINES))
        offered.append((f"Dragon Bonus Wager (paytable {p.dragon_bonus})", DRAGON_PAYTABLES[p.dragon_bonus][line],
                        _DRAGON_LINES[line], "dragon_bonus_pays", "dragon-bonus"))
    if p.ez:
        offered += [("Dragon 7 Insurance Wager", 40, "the Banker's Hand is a Dragon 7", "dragon_7_pays", "dragon-7"),
                    ("Panda 8 Insurance Wager", 25, "the Player's Hand is a Panda 8", "panda_8_pays", "panda-8")]
    if p.house_money:
        pairs = rng.choice((("one hand's first two cards are a pair", 3), ("both hands' first two cards are pairs", 15)))
        offered.append(("House Money Wager", pairs[1], pairs[0], "house_money_pays", "house-money"))
    name, odds, how, rule, item = rng.choice(offered)
    wager = 100 * rng.randint(1, 60) if odds > 1 else wager_amount(rng)
    paid = wager * odds
    return chips_draft(f"A {format_cents(wager)} {name} wins{': ' + how if how else ''}; this table pays {odds} to 1.",
                       paid,
                       f"{odds} to 1 on {format_cents(wager)} is {format_cents(paid)}", [p.cite(rule), "spec B28"], item,
                       p.chips, wager=wager_chips(rng, wager, p.chips), wager_cents=wager)


@drill("bac-pay-chips", "Pay with chips", "Baccarat payouts",
       "Build a payout from the table's chips with the fewest chips: every winning wager the table offers, "
       "color up and color down.", target_ms=15000)
def bac_pay_chips(rng: random.Random, setup: Setup) -> Draft:
    p = setup.profile
    case = rng.choice(("banker", "banker", "odds", "odds", "odds", "color"))
    if case == "color":
        return color_change(rng, p.chips, [p.cite("value_chips"), "spec B28"])
    return _banker(rng, p) if case == "banker" else _odds(rng, p)
