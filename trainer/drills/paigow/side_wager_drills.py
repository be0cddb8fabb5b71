"""Side-wager drills: Pair Fortunes lines and payouts, and the dice wagers Sum, Match and Beat It.

Rules: Pair Fortunes 621a.5(e)(1), 621a.8(j), 621a.11(b) (md 8.L), spec S4, spec JP1,
JQ10-JQ12; dice wagers 621a.5(e)(2)-(4), 621a.6(b), 621a.11(c)-(e), spec S5, JP2-JP4, JQ13-JQ14.
Only profiles offering the wager have the drill. ``data``: ``wager``, ``paytable``, ``wager_cents``,
and ``tiles`` (Pair Fortunes) or ``dice`` (dice[0] is red for Beat It) and ``pick`` (Match).
"""

from __future__ import annotations

import random

from trainer.drills.paigow.common import deal, draft, until
from trainer.drills.model import AnswerKind, Draft, Part, Setup
from trainer.drills.registry import drill
from trainer.rules.money import format_cents
from trainer.rules.paigow.profiles import Profile
from trainer.rules.paigow.side_wagers import (
    Paytable, SideResult, paytable, settle_dice_wager, settle_pair_fortunes, winning_line,
)
from trainer.rules.paigow.tiles import Tile

NO_PAIR = "No qualifying pair: the wager loses"
DICE_WAGERS = ("sum", "match", "beat-it")


def _offers(*wagers: str):  # -> Callable[[Profile], bool]
    def applies(profile: Profile) -> bool:
        return any(w in profile.side_wagers for w in wagers)
    return applies


def side_amount(rng: random.Random) -> int:
    """A side wager in whole dollars, $1 to $100 (side wagers run smaller than the Pai Gow Wager)."""
    return 100 * rng.randint(1, 100)


def _lines_text(table: Paytable) -> str:
    return "; ".join(f"{line.wording} {line.odds}" for line in table.lines)


def _result_text(result: SideResult, wager: int) -> str:
    if result.line is None:
        return f"No line qualifies: the {format_cents(wager)} wager loses."
    return (f"It pays on \"{result.line.wording}\" at {result.line.odds}: {format_cents(result.payout_cents)} "
            f"on {format_cents(wager)}, the highest-paying line only.")


def _gee_joon_heaven(rng: random.Random) -> list[Tile]:
    # 1 hand in 35,960: built directly rather than drawn.
    tiles = [Tile(1, 2), Tile(2, 4), Tile(6, 6), Tile(6, 6)]
    rng.shuffle(tiles)
    return tiles


@drill("pair-fortunes", "Pair Fortunes", "Payouts",
       "Which Pair Fortunes line four tiles pay on, and how much.", applies=_offers("pair-fortunes"))
def pair_fortunes(rng: random.Random, setup: Setup) -> Draft:
    table = paytable("pair-fortunes", rng.choice(setup.profile.paytables["pair-fortunes"]))
    target = rng.choice([line.key for line in table.lines] + [None])
    if target == "gee-joon-heaven":
        tiles = _gee_joon_heaven(rng)
    else:
        tiles = until(rng, lambda: deal(rng, 4),
                      lambda t: getattr(winning_line(table, tiles=t), "key", None) == target)
    wager = side_amount(rng)
    result = settle_pair_fortunes(table, wager, tiles)
    wording = result.line.wording if result.line else NO_PAIR
    parts = (Part("Which line does it pay on?", AnswerKind.CHOICE, wording,
                  tuple(line.wording for line in table.lines) + (NO_PAIR,)),
             Part("Amount paid to the player (0 if it loses; the wager itself not counted)", AnswerKind.MONEY,
                  result.payout_cents))
    why = (f"{table.paytable_words.capitalize()} ({table.citation}): {_lines_text(table)}. The four tiles count however they "
           f"are set; a Mixed Pair is one of the four mixed pairs of {setup.profile.cite('pairs')}, and a Heaven Pair alone pays as "
           f"an Identical Pair. {_result_text(result, wager)}")
    return draft(f"{table.title}: the player holds {' '.join(map(str, tiles))} and wagered "
                 f"{format_cents(wager)}.", AnswerKind.MULTI, tuple(p.answer for p in parts), why,
                 [table.citation, setup.profile.cite("pair_fortunes_settle"), "spec S4", "spec JQ10",
                  "spec JQ11"], result.line.key if result.line else "no-pair", parts=parts,
                 data={"wager": "pair-fortunes", "paytable": table.name, "wager_cents": wager,
                       "tiles": [str(t) for t in tiles]},
                 hint="Look for the Gee Joon pair (1-2 with 2-4), two identical tiles, and the four mixed pairs.")


def _dice_text(wager: str, dice: tuple[int, int, int]) -> str:
    if wager == "beat-it":
        return f"red {dice[0]}, blue {dice[1]} and {dice[2]}"
    return ", ".join(map(str, dice))


@drill("dice-wagers", "Sum, Match and Beat It", "Payouts",
       "Settle a dice wager on the three dice of the shaker.", applies=_offers(*DICE_WAGERS))
def dice_wagers(rng: random.Random, setup: Setup) -> Draft:
    wager = rng.choice([w for w in DICE_WAGERS if w in setup.profile.side_wagers])
    table = paytable(wager, rng.choice(setup.profile.paytables[wager]))
    pick = rng.randint(1, 6) if wager == "match" else None
    wins = rng.random() < 0.5

    def roll() -> tuple[int, int, int]:
        return rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)

    dice = until(rng, roll, lambda d: (winning_line(table, dice=d, pick=pick) is not None) == wins)
    amount = side_amount(rng)
    result = settle_dice_wager(table, amount, dice, pick)
    picked = f", on the value {pick}" if pick else ""
    why = f"{table.title} ({table.citation}): {_lines_text(table)}. " + \
        _result_text(result, amount)
    cites = [table.citation, setup.profile.cite("dice_settle"), "spec S5", "spec JQ13"]
    if wager == "beat-it":
        cites.append("spec JQ14")
    return draft(f"{table.title}, {format_cents(amount)}{picked}. The dice show "
                 f"{_dice_text(wager, dice)}. Amount paid to the player (0 if it loses; the wager itself not "
                 "counted)?", AnswerKind.MONEY, result.payout_cents, why, cites, wager,
                 data={"wager": wager, "paytable": table.name, "wager_cents": amount, "dice": list(dice),
                       "pick": pick},
                 hint="Find the single highest line the dice make, then multiply: a to b pays a for every b.")
