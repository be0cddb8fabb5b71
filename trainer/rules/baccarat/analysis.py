"""Exact house edges of every Baccarat wager, by combinatorics over the shoe without replacement.

``outcome_table(counts)`` deals every sequence of the first four cards and the third cards the
rules of 631a.11 call for, from a shoe holding ``counts[v]`` cards of each value v (0-9), and
returns, for each final (Player points, Banker points, Player cards, Banker cards), the number of
ordered six-card sequences leading to it (cards not dealt count as the sequences they could be),
so each weight divided by ``total`` is an exact probability. Every wager is then settled by the
same rule functions the rounds use (``wagers.WAGERS``), on a representative hand of each outcome.
The House Money Wager depends on ranks, not values: it is counted separately (631a.8(a)(7)).

The analysis counts the 5% vigorish exactly (no rounding to 25¢, which depends on the amount; spec
B24). House edge = minus the expected net per unit wagered.

>>> edges = {e.name: e for e in analyze(8)}
>>> [round(edges[n].house_edge * 100, 2) for n in ("banker", "player", "tie")]
[1.06, 1.24, 14.36]
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Sequence

from trainer.rules.baccarat.cards import DECK, Card
from trainer.rules.baccarat.draw import BANKER_DRAWS
from trainer.rules.baccarat.profiles import DRAGON_PAYTABLES, BaccaratProfile, profile_named
from trainer.rules.baccarat.wagers import WAGERS, Coup, Outcome, Result

#: An outcome: final Player points, Banker points, Player's cards, Banker's cards.
Key = tuple[int, int, int, int]


def shoe_counts(decks: int) -> tuple[int, ...]:
    """Cards of each value 0-9 in ``decks`` decks: sixteen tens and faces, four of each other value."""
    return (16 * decks,) + (4 * decks,) * 9


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


@cache
def outcome_table(counts: tuple[int, ...]) -> tuple[dict[Key, int], int]:
    """Weights of each final outcome (see the module) and their total, ``N*(N-1)*...*(N-5)``.

    The first two cards of a hand are dealt as an unordered pair counted twice when different,
    which is exact because a product of counts does not depend on the order of dealing.
    """
    c = list(counts)
    n = sum(c)
    if n < 6:
        raise ValueError("a shoe needs at least six cards for a round")
    out: dict[Key, int] = defaultdict(int)
    f4, f5 = (n - 4) * (n - 5), n - 5
    for p1 in range(10):
        for p2 in range(p1, 10):
            wp = c[p1] * (c[p2] - (p1 == p2)) * (1 if p1 == p2 else 2)
            if wp <= 0:
                continue
            c[p1] -= 1
            c[p2] -= 1
            pp = (p1 + p2) % 10
            for b1 in range(10):
                for b2 in range(b1, 10):
                    w4 = wp * c[b1] * (c[b2] - (b1 == b2)) * (1 if b1 == b2 else 2)
                    if w4 <= 0:
                        continue
                    c[b1] -= 1
                    c[b2] -= 1
                    _thirds(c, pp, (b1 + b2) % 10, w4, f4, f5, out)
                    c[b1] += 1
                    c[b2] += 1
            c[p1] += 1
            c[p2] += 1
    return dict(out), _falling(n, 6)


def _thirds(c: list[int], pp: int, bp: int, w4: int, f4: int, f5: int, out: dict[Key, int]) -> None:
    """Add the outcomes after the first four cards (631a.11(a)-(c))."""
    if pp >= 8 or bp >= 8:
        out[(pp, bp, 2, 2)] += w4 * f4
        return
    if pp >= 6:
        if bp <= 5:
            for b3 in range(10):
                if c[b3]:
                    out[(pp, (bp + b3) % 10, 2, 3)] += w4 * c[b3] * f5
        else:
            out[(pp, bp, 2, 2)] += w4 * f4
        return
    draws = BANKER_DRAWS[bp]
    for p3 in range(10):
        w5 = w4 * c[p3]
        if not w5:
            continue
        pf = (pp + p3) % 10
        if draws[p3]:
            c[p3] -= 1
            for b3 in range(10):
                if c[b3]:
                    out[(pf, (bp + b3) % 10, 3, 3)] += w5 * c[b3]
            c[p3] += 1
        else:
            out[(pf, bp, 3, 2)] += w5 * f5


def representative(key: Key) -> Coup:
    """Hands with the outcome's points and card counts: a two-card 8 or 9 is a Natural, a
    three-card hand's first two cards are not."""
    def hand(points: int, cards: int) -> tuple[Card, ...]:
        return (Card(10),) * (cards - 1) + (Card(points or 10),)
    pp, bp, pn, bn = key
    return Coup(hand(pp, pn), hand(bp, bn))


def _net(res: Result, commission: Fraction) -> Fraction:
    if res.outcome is Outcome.WIN:
        return res.odds * (1 - commission)
    return Fraction(-1) if res.outcome is Outcome.LOSE else Fraction(0)


def expected_net(wager: str, counts: tuple[int, ...], profile: BaccaratProfile) -> Fraction:
    """The exact expected net per unit of ``wager`` from a shoe of ``counts`` (values 0-9)."""
    table, total = outcome_table(counts)
    commission = Fraction(5, 100) if wager == "banker" and not profile.ez else Fraction(0)
    rule = WAGERS[wager]
    return sum((w * _net(rule(representative(k), profile), commission) for k, w in table.items()),
               Fraction(0)) / total


def house_money_net(decks: int) -> Fraction:
    """The House Money Wager's expected net per unit (631a.8(a)(7), 631a.13(h)): over the ranks of
    the first four cards, P1 B1 P2 B2, of ``decks`` decks; a pair is two cards of one rank."""
    m, n = 4 * decks, DECK * decks
    one = Fraction(13 * m * (m - 1), n * (n - 1))
    both = Fraction(13 * m * (m - 1) * (m - 2) * (m - 3) + 13 * 12 * (m * (m - 1)) ** 2, _falling(n, 4))
    either = 2 * one - 2 * both
    return 15 * both + 3 * either - (1 - both - either)


@dataclass(frozen=True)
class WagerEdge:
    """One wager's exact house edge (a fraction of the wager) and the sections that settle it."""

    name: str
    house_edge: float
    citation: str
    exact: Fraction

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "house_edge": self.house_edge, "citation": self.citation}


def analyze(decks: int = 8, *, tie_pays: int | None = None, profile: BaccaratProfile | str = "pa-631a"
            ) -> list[WagerEdge]:
    """Every wager's house edge for a full shoe of ``decks`` decks: banker, player, tie (at
    ``tie_pays``, default the profile's), ez-banker, dragon-7, panda-8, the Dragon Bonus on each
    hand by paytables A, B and C, and house-money."""
    p = profile_named(profile).with_options(decks=decks, tie_pays=tie_pays)
    ez = p.with_options(ez=True)
    counts = shoe_counts(decks)
    rows: list[tuple[str, str, BaccaratProfile, str]] = [
        ("banker", "banker", p, "631a.8(a)(1), 631a.13(c)"),
        ("player", "player", p, "631a.8(a)(2), 631a.13(a)"),
        ("tie", "tie", p, "631a.8(a)(3), 631a.13(b)"),
        ("ez-banker", "banker", ez, "631a.1, 631a.8(a)(1)(iii)"),
        ("dragon-7", "dragon-7", ez, "631a.8(a)(5), 631a.13(f)"),
        ("panda-8", "panda-8", ez, "631a.8(a)(6), 631a.13(g)"),
    ]
    for hand in ("player", "banker"):
        rows += [(f"dragon-bonus-{hand}-{t}", f"dragon-bonus-{hand}", p.with_options(dragon_bonus=t),
                  "631a.8(a)(4), 631a.13(e)") for t in DRAGON_PAYTABLES]
    edges = [_edge(name, -expected_net(wager, counts, prof), cite) for name, wager, prof, cite in rows]
    return edges + [_edge("house-money", -house_money_net(decks), "631a.8(a)(7), 631a.13(h)")]


def _edge(name: str, exact: Fraction, citation: str) -> WagerEdge:
    return WagerEdge(name, float(exact), citation, exact)


def probabilities(counts: Sequence[int]) -> dict[str, Fraction]:
    """P(Banker wins), P(Player wins), P(tie) for a shoe of ``counts``."""
    table, total = outcome_table(tuple(counts))
    wins = defaultdict(int)
    for (pp, bp, _, _), w in table.items():
        wins["tie" if pp == bp else "player" if pp > bp else "banker"] += w
    return {k: Fraction(wins[k], total) for k in ("banker", "player", "tie")}
