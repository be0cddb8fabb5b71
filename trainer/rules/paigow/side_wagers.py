"""Side wagers: Pair Fortunes (tiles) and Sum, Match and Beat It (dice), with every paytable.

Paytables are data (spec JP1-JP4). One line is paid per wager, the highest-paying line
the tiles or dice qualify for (spec S4, S5; JQ11, JQ13). Payouts "a to b" are paid in whole cents,
rounded down, since a wager of an odd amount at 15 to 2 or 5 to 2 does not divide evenly.

>>> pt = paytable("pair-fortunes", "pa")
>>> r = settle_pair_fortunes(pt, 500, parse_tiles("1-2 2-4 6-6 6-6"))
>>> r.line.key, r.payout_cents, r.net_cents
('gee-joon-heaven', 150000, 150000)
>>> settle_dice_wager(paytable("beat-it", "A"), 1000, (6, 1, 1)).line.key    # red 6 beats 1+1 by 4
'red-by-4'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from typing import Iterator, Sequence

from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.paigow.profiles import Profile
from trainer.rules.paigow.tiles import TILE_SET, Tile, parse_tiles

Dice = tuple[int, int, int]


@dataclass(frozen=True)
class PayLine:
    """A winning line of a paytable: pays ``to`` for every ``per`` wagered (e.g. 15 to 2)."""

    key: str
    wording: str
    to: int
    per: int = 1

    @property
    def odds(self) -> str:
        return f"{self.to} to {self.per}"

    def payout(self, wager_cents: int) -> int:
        return wager_cents * self.to // self.per


@dataclass(frozen=True)
class Paytable:
    """A side wager's paytable: where it is written, what wins (rule) and the lines, highest first."""

    wager: str
    name: str
    citation: str
    rule: str
    lines: tuple[PayLine, ...]

    @property
    def paytable_words(self) -> str:
        """The paytable as a trainee reads it: "paytable B"; a jurisdiction's only paytable (pa) unnamed."""
        return "the paytable" if self.name == "pa" else f"paytable {self.name}"

    @property
    def title(self) -> str:
        """The wager and its paytable as a trainee reads them: "Sum Wager (paytable B)", "Match Wager"."""
        return f"{WAGER_WORDS[self.wager]} Wager" + ("" if self.name == "pa" else f" ({self.paytable_words})")

    @property
    def reading(self) -> str:
        """The reading of the wager: Pair Fortunes S4, the dice wagers S5."""
        return "spec S4" if self.wager == "pair-fortunes" else "spec S5"


@dataclass(frozen=True)
class SideResult:
    """A settled side wager: the line paid (None if it lost), the payout and the player's net."""

    line: PayLine | None
    payout_cents: int
    net_cents: int


# --- what qualifies -------------------------------------------------------------------------

_MIXED = ({"3-6", "4-5"}, {"2-6", "3-5"}, {"2-5", "3-4"}, {"1-4", "2-3"})


def _pair_kind(a: Tile, b: Tile) -> str | None:
    """Pair Fortunes pair of two tiles (621a.1, 621a.5(e)(1); Mixed Pair per JQ10)."""
    faces = {str(a), str(b)}
    if faces == {"1-2", "2-4"}:
        return "gee-joon"
    if a == b:
        return "heaven" if str(a) == "6-6" else "identical"
    return "mixed" if faces in _MIXED else None


def _pair_fortunes_keys(tiles: Sequence[Tile]) -> set[str]:
    """Every Pair Fortunes line the four tiles qualify for, however set (621a.8(j), JQ11)."""
    if len(tiles) != 4:
        raise TrainerError(f"Pair Fortunes is judged on four tiles, not {len(tiles)}")
    keys: set[str] = set()
    for i, j in combinations(range(4), 2):
        kind = _pair_kind(tiles[i], tiles[j])
        if kind:
            keys.add({"gee-joon": "gee-joon-pair", "heaven": "identical-pair"}.get(kind, f"{kind}-pair"))
            k, m = (x for x in range(4) if x not in (i, j))
            other = _pair_kind(tiles[k], tiles[m])
            if other:
                keys.add("gee-joon-heaven" if {kind, other} == {"gee-joon", "heaven"} else "two-pair")
    return keys


def _dice_keys(dice: Dice, pick: int | None) -> set[str]:
    """Every dice line the three dice qualify for (621a.5(e)(2)-(4)); dice[0] is the red die."""
    total, counts = sum(dice), Counter(dice)
    margin = dice[0] - dice[1] - dice[2]
    keys = {f"sum-{total}"}
    keys.add("three-match" if max(counts.values()) == 3 else "two-match" if max(counts.values()) == 2 else "")
    if sorted(dice) in ([n, n + 1, n + 2] for n in range(1, 5)):
        keys.add("series")
    if pick is not None and counts[pick] >= 2:
        keys.add("triple-match" if counts[pick] == 3 else "double-match")
    if margin >= 0:
        keys.add({0: "red-by-0-1", 1: "red-by-0-1", 2: "red-by-2-3", 3: "red-by-2-3", 4: "red-by-4"}[margin])
    if any(2 * d > total for d in dice):  # one die exceeds the sum of the other two
        keys.add("any-beats-others")
    keys.discard("")
    return keys


# --- paytables as written (spec JP1-JP4) -----------------------------------------

#: The Pair Fortunes lines in each text's own words (spec JP1: 621a.11(b); MD 8.L(1)-(4)).
_PA_WORDS = ("Gee Joon Pair and Heaven Pair", "Two Pair", "Gee Joon Pair", "Mixed Pair", "Identical Pair")
_MD_WORDS = ("Gee Joon Pair & Heaven Pair", "Two pairs", "Gee Joon Pair", "One mixed pair", "One identical pair")


#: What wins a Pair Fortunes Wager, in each text (pa 621a.5(e)(1), 621a.8(j); MD 5.F(1), 8.L).
_PA_PF_RULE = "621a.5(e)(1), 621a.8(j); spec S4, JQ10, JQ11"
_MD_PF_RULE = "MD 5.F(1), MD 8.L; spec S4, JQ10, JQ11"


def _pair_fortunes(name: str, citation: str, pays: tuple[int, int, int, int, int],
                   words: tuple[str, ...] = _MD_WORDS, rule: str = _MD_PF_RULE) -> Paytable:
    keys = ("gee-joon-heaven", "two-pair", "gee-joon-pair", "mixed-pair", "identical-pair")
    return Paytable("pair-fortunes", name, citation, rule,
                    tuple(PayLine(k, w, p) for k, w, p in zip(keys, words, pays)))


def _lines(*rows: tuple[str, str, int, int]) -> tuple[PayLine, ...]:
    return tuple(PayLine(*row) for row in rows)


_SUM_RULE = "621a.5(e)(2), 621a.6(b); spec S5, JQ13"
_BEAT_RULE = "621a.5(e)(4), 621a.6(b); spec S5, JQ14"
_ALL_PAYTABLES: tuple[Paytable, ...] = (
    _pair_fortunes("pa", "621a.11(b)", (300, 25, 8, 4, 3), _PA_WORDS, _PA_PF_RULE),
    _pair_fortunes("A", "MD 8.L(1)", (300, 25, 8, 4, 3)),
    _pair_fortunes("B", "MD 8.L(2)", (250, 25, 8, 5, 2)),
    _pair_fortunes("C", "MD 8.L(3)", (250, 30, 7, 5, 2)),
    _pair_fortunes("D", "MD 8.L(4)", (200, 30, 10, 4, 2)),
    Paytable("sum", "A", "621a.11(c)", _SUM_RULE, _lines(("sum-17", "Sum of Dice 17", 25, 1),
             ("sum-16", "Sum of Dice 16", 6, 1), ("sum-8", "Sum of Dice 8", 3, 1))),
    Paytable("sum", "B", "621a.11(c)", _SUM_RULE, _lines(("sum-3", "Sum of Dice 3", 25, 1),
             ("sum-8", "Sum of Dice 8", 4, 1), ("sum-9", "Sum of Dice 9", 2, 1))),
    Paytable("sum", "C", "621a.11(c)", _SUM_RULE, _lines(("three-match", "Any three match", 3, 1),
             ("two-match", "Any two match", 1, 1))),
    Paytable("sum", "D", "621a.11(c)", _SUM_RULE, _lines(("series", "Any series of three", 15, 2))),
    Paytable("match", "pa", "621a.11(d)", "621a.5(e)(3), 621a.6(b); spec S5, JQ13",
             _lines(("triple-match", "Triple match", 100, 1), ("double-match", "Double match", 6, 1))),
    Paytable("beat-it", "A", "621a.11(e)", _BEAT_RULE, _lines(
        ("red-by-4", "Red die beats sum of blue dice by 4 points", 50, 1),
        ("red-by-2-3", "Red die beats sum of blue dice by 2 or 3 points", 10, 1),
        ("red-by-0-1", "Red die beats sum of blue dice by Tie or 1 point", 1, 1))),
    Paytable("beat-it", "B", "621a.11(e)", _BEAT_RULE, _lines(
        ("red-by-4", "Red die beats sum of blue dice by 4 points", 60, 1),
        ("red-by-2-3", "Red die beats sum of blue dice by 2 or 3 points", 10, 1),
        ("red-by-0-1", "Red die beats sum of blue dice by Tie or 1 point", 1, 1))),
    Paytable("beat-it", "C", "621a.11(e)", _BEAT_RULE, _lines(
        ("any-beats-others", "Any die beats sum of other two by 1 or more points", 5, 2))),
)

PAYTABLES: dict[tuple[str, str], Paytable] = {(p.wager, p.name): p for p in _ALL_PAYTABLES}
WAGERS = ("pair-fortunes", "sum", "match", "beat-it")
#: Each side wager's name in the regulations' words.
WAGER_WORDS = {"pair-fortunes": "Pair Fortunes", "sum": "Sum", "match": "Match", "beat-it": "Beat It"}


def paytable(wager: str, name: str) -> Paytable:
    """Look a paytable up; unknown names list the valid ones."""
    if wager not in WAGERS:
        raise UnknownNameError("side wager", wager, WAGERS)
    try:
        return PAYTABLES[(wager, name)]
    except KeyError:
        raise UnknownNameError(f"{wager} paytable", name, [n for w, n in PAYTABLES if w == wager]) from None


def paytables_for(profile: Profile) -> list[Paytable]:
    """Every paytable the profile offers, wager by wager (JG7, JG9)."""
    return [paytable(w, n) for w in profile.side_wagers for n in profile.paytables[w]]


def winning_line(table: Paytable, *, tiles: Sequence[Tile] | None = None, dice: Dice | None = None,
                 pick: int | None = None) -> PayLine | None:
    """The highest-paying line of ``table`` that the tiles (Pair Fortunes) or dice qualify for."""
    keys = _qualifying(table, tiles, dice, pick)
    won = [line for line in table.lines if line.key in keys]
    return max(won, key=lambda line: Fraction(line.to, line.per), default=None)


def _qualifying(table: Paytable, tiles: Sequence[Tile] | None, dice: Dice | None, pick: int | None) -> set[str]:
    if table.wager == "pair-fortunes":
        if tiles is None:
            raise TrainerError("Pair Fortunes needs the player's four tiles")
        return _pair_fortunes_keys(tiles)
    if dice is None or len(dice) != 3 or any(d not in range(1, 7) for d in dice):
        raise TrainerError(f"{table.wager} needs three dice from 1 to 6, not {dice!r}")
    if table.wager == "match" and pick not in range(1, 7):
        raise TrainerError("a Match Wager needs the value the player picked, 1 to 6")
    return _dice_keys(dice, pick)


def _settle(table: Paytable, wager_cents: int, line: PayLine | None) -> SideResult:
    if not isinstance(wager_cents, int) or wager_cents <= 0:
        raise TrainerError(f"a wager must be a positive whole number of cents, not {wager_cents!r}")
    if line is None:
        return SideResult(None, 0, -wager_cents)
    return SideResult(line, line.payout(wager_cents), line.payout(wager_cents))


def settle_pair_fortunes(table: Paytable, wager_cents: int, tiles: Sequence[Tile]) -> SideResult:
    """Settle a Pair Fortunes Wager on the four tiles, irrespective of setting (621a.8(j))."""
    return _settle(table, wager_cents, winning_line(table, tiles=tiles))


def settle_dice_wager(table: Paytable, wager_cents: int, dice: Dice, pick: int | None = None) -> SideResult:
    """Settle a Sum, Match (``pick`` = the value chosen) or Beat It (dice[0] red) Wager (621a.6(b))."""
    return _settle(table, wager_cents, winning_line(table, dice=dice, pick=pick))


def pair_fortunes_line(tiles: Sequence[Tile]) -> str | None:
    """The Pair Fortunes line four tiles pay on, e.g. ``two-pair`` (spec S4), or None."""
    line = winning_line(PAYTABLES[("pair-fortunes", "pa")], tiles=tiles)
    return line.key if line else None


def _outcome_lines(table: Paytable) -> Iterator[PayLine | None]:
    """The line paid on each equally likely outcome: the 35,960 hands or the 216 dice rolls."""
    if table.wager == "pair-fortunes":
        for combo in combinations(TILE_SET, 4):
            yield winning_line(table, tiles=combo)
    else:
        for dice in product(range(1, 7), repeat=3):
            yield winning_line(table, dice=dice, pick=1)


def house_edge(table: Paytable) -> Fraction:
    """Exact house edge per unit wagered: over the 35,960 four-tile hands (Pair Fortunes) or the
    216 dice outcomes (Match on any one value, by symmetry), one line paid (spec S4, S5).

    >>> round(float(house_edge(paytable("match", "pa"))), 4)
    0.0463
    """
    lines = list(_outcome_lines(table))
    return -sum((Fraction(line.to, line.per) if line else Fraction(-1) for line in lines), Fraction(0)) / len(lines)


def line_counts(table: Paytable) -> Counter[str | None]:
    """How many of the equally likely outcomes pay on each line (None = the wager loses)."""
    return Counter(line.key if line else None for line in _outcome_lines(table))

