"""Exact Baccarat figures: the combinatorial analysis against an independent brute-force enumeration
of every deal of physical cards from a small shoe, and against published figures for 6 and 8 decks."""

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from trainer.rules.baccarat.analysis import analyze, expected_net, house_money_net, outcome_table, probabilities
from trainer.rules.baccarat.cards import Card, points
from trainer.rules.baccarat.draw import banker_rule, player_rule
from trainer.rules.baccarat.profiles import profile_named
from trainer.rules.baccarat.wagers import WAGERS, Coup, Outcome

#: A small shoe of physical cards: every value, zero twice (a 10 and a king).
SMALL_SHOE = (Card(13), Card(10), Card(1), Card(2), Card(3), Card(4), Card(5), Card(6), Card(7), Card(8), Card(9))
PROFILES = ("pa-631a", "pa-631a-ez")


def brute_force(shoe):
    """Every deal of physical cards (P, B, P, B, then third cards) by the regulation-worded rules of
    ``draw`` on real cards (no value counts, no Table 1 array), weighted by the six-card sequences
    it stands for: each coup's weight over n(n-1)...(n-5) is its probability. Coups are grouped by
    what every wager but House Money reads (final counts, cards per hand): {one real coup: weight}."""
    n = len(shoe)
    out = Counter()
    first = {}

    def add(player, banker, w):
        key = (points(player), points(banker), len(player), len(banker))
        out[first.setdefault(key, (tuple(player), tuple(banker)))] += w

    for p1, b1, p2, b2 in itertools.permutations(range(n), 4):
        player, banker = [shoe[p1], shoe[p2]], [shoe[b1], shoe[b2]]
        left = [i for i in range(n) if i not in (p1, b1, p2, b2)]
        pp, bp = points(player), points(banker)
        if not player_rule(pp, bp).draws:
            if not banker_rule(pp, bp, None).draws:
                add(player, banker, (n - 4) * (n - 5))
            else:
                for b3 in left:
                    add(player, banker + [shoe[b3]], n - 5)
            continue
        for p3 in left:
            pl = player + [shoe[p3]]
            if not banker_rule(pp, bp, shoe[p3].value).draws:
                add(pl, banker, n - 5)
            else:
                for b3 in left:
                    if b3 != p3:
                        add(pl, banker + [shoe[b3]], 1)
    return out


@pytest.fixture(scope="module")
def small():
    """The brute-force expected net of every wager at both tables, and the shoe's value counts."""
    coups = brute_force(SMALL_SHOE)
    total = sum(coups.values())
    evs = {}
    for name in PROFILES:
        p = profile_named(name)
        for wager, rule in list(WAGERS.items())[:-1]:
            commission = Fraction(5, 100) if wager == "banker" and not p.ez else 0
            won = lost = 0
            for (player, banker), w in coups.items():
                res = rule(Coup(player, banker), p)
                if res.outcome is Outcome.WIN:
                    won += w * res.odds
                elif res.outcome is Outcome.LOSE:
                    lost += w
            evs[(name, wager)] = (Fraction(won) * (1 - commission) - lost) / total
    counts = [0] * 10
    for c in SMALL_SHOE:
        counts[c.value] += 1
    return evs, tuple(counts), total


def test_the_brute_force_counts_every_sequence(small):
    assert small[2] == 11 * 10 * 9 * 8 * 7 * 6


@pytest.mark.parametrize("wager", list(WAGERS)[:-1])
@pytest.mark.parametrize("profile", PROFILES)
def test_every_wager_matches_the_brute_force(small, wager, profile):
    evs, counts, _ = small
    assert expected_net(wager, counts, profile_named(profile)) == evs[(profile, wager)]


def test_outcome_weights_total_the_six_card_sequences(small):
    table, total = outcome_table(small[1])
    assert sum(table.values()) == total == 11 * 10 * 9 * 8 * 7 * 6


def test_house_money_against_rank_enumeration():
    decks = 1
    ranks = [4 * decks] * 13
    n = 52 * decks
    ev = Fraction(0)
    for seq in itertools.product(range(13), repeat=4):       # P1 B1 P2 B2 by rank
        left, w = ranks[:], 1
        for r in seq:
            w *= left[r]
            left[r] -= 1
        if w:
            pairs = (seq[0] == seq[2]) + (seq[1] == seq[3])
            ev += w * (15 if pairs == 2 else 3 if pairs else -1)
    assert house_money_net(decks) == ev / (n * (n - 1) * (n - 2) * (n - 3))


# Published figures (Wizard of Odds, 8 decks): Banker 1.06%, Player 1.24%, Tie 8:1 14.36%, 9:1 4.84%,
# EZ Banker 1.02%, Dragon 7 7.61%, Panda 8 10.19%, Dragon Bonus A: Player 2.65%, Banker 9.37%.
@pytest.mark.parametrize("name, percent", [
    ("banker", 1.06), ("player", 1.24), ("tie", 14.36), ("ez-banker", 1.02), ("dragon-7", 7.61),
    ("panda-8", 10.19), ("dragon-bonus-player-A", 2.65), ("dragon-bonus-banker-A", 9.37)])
def test_published_eight_deck_figures(name, percent):
    edges = {e.name: e.house_edge for e in analyze(8)}
    assert round(edges[name] * 100, 2) == percent


def test_tie_at_nine_to_one_and_six_decks():
    assert round({e.name: e.house_edge for e in analyze(8, tie_pays=9)}["tie"] * 100, 2) == 4.84
    six = {e.name: e.house_edge for e in analyze(6)}
    assert (round(six["banker"] * 100, 2), round(six["player"] * 100, 2), round(six["tie"] * 100, 2)) == (1.06, 1.24, 14.44)


def test_every_contract_name_once():
    names = [e.name for e in analyze(6)]
    assert names[:6] == ["banker", "player", "tie", "ez-banker", "dragon-7", "panda-8"]
    assert names[6:12] == [f"dragon-bonus-{h}-{t}" for h in ("player", "banker") for t in "ABC"]
    assert names[12:] == ["house-money"]


def test_probabilities_of_eight_decks():
    p = probabilities((128,) + (32,) * 9)
    assert sum(p.values()) == 1 and round(float(p["banker"]), 6) == 0.458597 and round(float(p["tie"]), 6) == 0.095156
