"""Pai Gow Wager payout drills: the vigorish, and what happens to a wager for each outcome.

Rules: 621a.11(a) (pa-2012 621a.8(k), md 8.K, nj 10.7(k)); spec S1-S2; rounding per profile
(``Profile.vig_roundings``; spec JS5, JQ26). ``data``: ``wager_cents``, ``outcome``,
``rounding``.
"""

from __future__ import annotations

import random

from trainer.drills.paigow.common import draft, wager_amount
from trainer.drills.model import AnswerKind, Draft, Part, Setup
from trainer.drills.registry import drill
from trainer.rules.paigow.hands import Outcome
from trainer.rules.money import format_cents
from trainer.rules.paigow.settlement import settle_pai_gow, vigorish

ROUNDING_WORDS = {"exact": "5% rounded up to the cent", "quarter": "rounded up to the next multiple of 25¢"}


def vig_explanation(won_cents: int, rounding: str) -> str:
    """``5% of $37.00 is $1.85; rounded up to the next multiple of 25¢: $2.00``."""
    exact = vigorish(won_cents, "exact")
    text = f"5% of {format_cents(won_cents)} is {format_cents(exact)}"
    if rounding == "quarter":
        text += f"; rounded up to the next multiple of 25¢ it is {format_cents(vigorish(won_cents, rounding))}"
    return text


@drill("vigorish", "Vigorish", "Payouts", "The 5% commission on a winning Pai Gow Wager.", target_ms=8000)
def vig(rng: random.Random, setup: Setup) -> Draft:
    rounding = rng.choice(setup.profile.vig_roundings)
    wager = wager_amount(rng)
    if rounding == "quarter" and rng.random() < 0.7:
        wager = 100 * rng.choice([n for n in range(5, 300) if n % 5])  # where quarter rounding shows
    return draft(f"A {format_cents(wager)} Pai Gow Wager wins. What vigorish is collected "
                 f"({ROUNDING_WORDS[rounding]})?", AnswerKind.MONEY, vigorish(wager, rounding),
                 vig_explanation(wager, rounding) + ".",
                 [setup.profile.cite("vigorish"), "spec S2", "spec JQ26"], rounding,
                 data={"wager_cents": wager, "outcome": "win", "rounding": rounding},
                 hint="10% of the win, halved, then rounded up.")


COLLECTED, RETURNED, PAID = "Collected", "Returned to the player", "Paid 1 to 1"
_WHAT = {Outcome.WIN: PAID, Outcome.PUSH: RETURNED, Outcome.VOID: RETURNED, Outcome.LOSE: COLLECTED,
         Outcome.SURRENDER: COLLECTED}
#: What happened to the hands, never the wager's result: the trainee calls that (621a.8(g)-(i), 10(c)).
_EVENT = {Outcome.WIN: "both of the player's hands outrank the dealer's",
          Outcome.PUSH: "one of the player's hands outranks the dealer's, the other does not",
          Outcome.LOSE: "neither of the player's hands outranks the dealer's",
          Outcome.SURRENDER: "the player surrenders it after the dealer has set his hands",
          Outcome.VOID: "the dice were totalled wrong and the hands dealt to the wrong positions"}
_RULE = {Outcome.WIN: "win", Outcome.PUSH: "push", Outcome.LOSE: "lose", Outcome.SURRENDER: "surrender",
         Outcome.VOID: "wrong_count"}


@drill("pai-gow-payout", "Settle a Pai Gow Wager", "Payouts",
       "Win, push, loss, surrender or void: what happens to the wager, what is paid, what vig is taken.",
       items=lambda setup: tuple(o.value for o in (Outcome.WIN, Outcome.PUSH, Outcome.LOSE, Outcome.SURRENDER,
                                                   Outcome.VOID)))
def pai_gow_payout(rng: random.Random, setup: Setup) -> Draft:
    outcome = rng.choices(tuple(_WHAT), weights=(40, 25, 5, 25, 5))[0]
    rounding = rng.choice(setup.profile.vig_roundings)
    wager = wager_amount(rng)
    result = settle_pai_gow(wager, outcome, rounding)
    why = {PAID: f"A win is paid 1 to 1, {format_cents(wager)}, less the vigorish: "
                 f"{vig_explanation(wager, rounding)}.",
           RETURNED: "The wager is returned; nothing is paid and no vigorish is taken.",
           COLLECTED: "The wager is collected; nothing is paid."}[_WHAT[outcome]]
    cites = [setup.profile.cite(_RULE[outcome]), "spec H5"]
    if outcome is Outcome.WIN:
        cites += [setup.profile.cite("vigorish"), "spec S2"]
    if outcome is Outcome.VOID and setup.profile.name == "nj":
        cites.append("spec JQ28")
    parts = (Part("What happens to the wager?", AnswerKind.CHOICE, _WHAT[outcome], (PAID, RETURNED, COLLECTED)),
             Part("Amount paid to the player (the wager itself not counted)", AnswerKind.MONEY, result.payout_cents),
             Part(f"Vigorish collected ({ROUNDING_WORDS[rounding]})", AnswerKind.MONEY, result.vig_cents))
    return draft(f"A {format_cents(wager)} Pai Gow Wager: {_EVENT[outcome]}.", AnswerKind.MULTI,
                 tuple(p.answer for p in parts), why, cites, outcome.value, parts=parts,
                 data={"wager_cents": wager, "outcome": outcome.value, "rounding": rounding},
                 hint="Only a win is paid, and only a win pays vigorish.")
