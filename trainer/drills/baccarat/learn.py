"""Baccarat's Learn pages and flashcards (see :mod:`trainer.drills.learn`), from the rules engine (631a).

Baccarat hands: card values and the Point Count (631a.6, 631a.1), Naturals (631a.11(a)), the Player's
rule (631a.11(b)) and the Banker's, charted cell by cell with Table 1 (631a.11(c)); Baccarat payouts:
what each wager pays and the vigorish (631a.13), with worked examples of the wagers this table offers.

>>> from trainer.drills.learn import flashcards, learn_page
>>> chart = learn_page("Baccarat hands", "pa-631a", weak={"bac-banker-draws:B4-7"}).sections[1].chart
>>> chart.rows[4], chart.cells[4][8], chart.keys[4][8], "bac-banker-draws:B4-7" in chart.weak
('Banker 4', 'D', 'bac-banker-draws:B4-7', True)
>>> len(flashcards("Baccarat hands", "pa-631a")), flashcards("Baccarat hands", "pa-631a")[0].back
(40, 'Draw (D)')
"""

from __future__ import annotations

from typing import Any

from trainer.drills.learn import Chart, Fact, Flashcard, Section, cards_for, examples, teaches
from trainer.rules.baccarat.draw import TABLE_1, banker_rule

GAME = "baccarat"
#: The drill whose items are the Banker's decisions (``B4-7``: Banker 4, the Player's third card a 7).
SKILL = "bac-banker-draws"


@teaches(GAME, "Baccarat hands")
def _counting(profile: Any, weak: frozenset[str]) -> Section:
    return Section("Point Count, Naturals and the Player's Hand", facts=(
        Fact("Aces count one, 2-9 their face value, 10s and face cards zero.", (profile.cite("value"),)),
        Fact("A hand's Point Count is the right digit of its cards' total (7 + 8 = 15 counts 5).",
             (profile.cite("point_count"),)),
        Fact("A Natural is 8 or 9 on the first two cards: neither hand draws.",
             (profile.cite("natural_def"), profile.cite("natural"))),
        Fact("The Player's Hand draws on 0-5 and stands on 6 or 7.", (profile.cite("player_rule"),)),
        Fact("The Banker's Hand: if the Player stood, it draws on 0-5; if the Player drew, it draws on 0-2, "
             "stands on 7, and on 3-6 follows Table 1 by the value of the Player's third card.",
             (profile.cite("banker_rule"), profile.cite("table_1"))),
    ))


def banker_cell(banker: int, third: int | None) -> str:
    """``D`` (draws) or ``S`` (stays): the Banker's Hand of ``banker`` after two cards when the Player's
    third card had value ``third`` (None: the Player stood), no Natural (631a.11(c))."""
    return "D" if banker_rule(0, banker, third).draws else "S"


@teaches(GAME, "Baccarat hands")
def _banker_chart(profile: Any, weak: frozenset[str]) -> Section:
    """Banker 0-7 against the Player standing or drawing a card of value 0-9; rows 3-6 are Table 1."""
    thirds: tuple[int | None, ...] = (None, *range(10))
    rows = tuple(range(8))
    return Section("When the Banker's Hand draws (Table 1: Banker 3-6)", chart=Chart(
        corner="Banker's count; the Player's third card →",
        rows=tuple(f"Banker {b}" for b in rows),
        columns=tuple("stood" if t is None else str(t) for t in thirds),
        cells=tuple(tuple(banker_cell(b, t) for t in thirds) for b in rows),
        keys=tuple(tuple(f"{SKILL}:B{b}-{'s' if t is None else t}" for t in thirds) for b in rows),
        weak=frozenset(k for k in weak if k.startswith(SKILL + ":")),
        citations=(profile.cite("banker_rule"), profile.cite("table_1"))))


@teaches(GAME, "Baccarat payouts")
def _payouts(profile: Any, weak: frozenset[str]) -> Section:
    return Section("Payouts and vigorish", facts=(
        Fact("A winning Player's Hand wager is paid 1 to 1.", (profile.cite("player_pays"),)),
        Fact(f"A winning Tie Wager is paid {profile.tie_pays} to 1; the Banker and Player wagers push.",
             (profile.cite("tie_pays"),)),
        Fact("A winning Banker's Hand wager is paid 1 to 1 less a 5% vigorish." if not profile.ez else
             "On this EZ Baccarat table a winning Banker's Hand wager is paid 1 to 1 with no vigorish.",
             (profile.cite("ez") if profile.ez else profile.cite("vigorish"),)),
    ) + (_ez_facts(profile) if profile.ez else ()), examples=examples(("bac-banker-payout", "bac-tie-payout", "bac-dragon-bonus", "bac-ez-insurance",
                          "bac-house-money"), profile, per_skill=1))


def _ez_facts(profile: Any) -> tuple[Fact, ...]:
    """An EZ Baccarat table's calls and insurance wagers (631a.1, 631a.8(a)(1),(5),(6), 631a.13(f),(g))."""
    return (
        Fact("A Dragon 7 is a Banker's Hand of 7 in three cards against a Player's Hand of less: the dealer calls "
             "\"Dragon 7\", and a Banker's Hand wager pushes and is returned.",
             (profile.cite("dragon_7_def"), profile.cite("banker"), profile.cite("result"))),
        Fact("A Panda 8 is a Player's Hand of 8 in three cards against a Banker's Hand of less: the dealer calls "
             "\"Panda 8\".", (profile.cite("panda_8_def"), profile.cite("result"))),
        Fact("A winning Dragon 7 Insurance Wager is paid 40 to 1; a winning Panda 8 Insurance Wager 25 to 1.",
             (profile.cite("dragon_7_pays"), profile.cite("panda_8_pays"))),
    )


@cards_for(GAME, "Baccarat hands")
def _table_1_cards(profile: Any) -> list[Flashcard]:
    """Table 1's 40 cells, row by row (each on its ``bac-banker-draws`` card)."""
    cite = (profile.cite("table_1"),)
    return [Flashcard(SKILL, f"B{b}-{t}", f"Banker {b}; the Player's third card is a {t}. Does the Banker's "
                      "Hand draw?", "Draw (D)" if row[t] == "D" else "Stay (S)", cite)
            for b, row in TABLE_1.items() for t in range(10)]
