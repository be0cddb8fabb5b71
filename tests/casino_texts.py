"""Independent implementations of real casinos' published house ways, written in plain Python from the
restatements in ../shared/casino-rules/ (never through the rule engine of docs/casino-rules/*.toml):
each takes four tiles and returns (the setting, the name of the rule that decides), or None where the
written text ends (a partial way). Only the regulation's hands (``Hand``: ranking 621a.3) are shared.

Readings shared with the files (each stated in the file's comments too):
- "stronger high hand": ``Hand.score``; a rule that splits or keeps a pair takes, among the settings it
  allows, the stronger high hand, then the stronger low (spec W2), as the regulation's steps do;
- "the two highest-ranking tiles": the first two in 621a.3(h)'s order (tiles of equal rank by that order);
- "N or better" for a hand: a pair, Wong or Gong, or a value hand worth at least N.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from typing import Callable, Iterable

from trainer.rules.paigow.hands import Hand, HandKind, Setting, settings
from trainer.rules.paigow.tiles import FACES, Tile

Decision = tuple[Setting, str]


def face_sets() -> list[tuple[Tile, ...]]:
    """Every multiset of four faces the 32 tiles can hold (no face more often than its copies)."""
    return [four for four in combinations_with_replacement(FACES, 4)
            if all(n <= face.copies for face, n in Counter(four).items())]


# --- Words of the texts -----------------------------------------------------------------------------


def spots(t: Tile) -> int:
    return t.low + t.high


def is_pair(h: Hand) -> bool:
    return h.kind in (HandKind.SUPREME, HandKind.MATCHED, HandKind.MIXED)


def at_least(h: Hand, n: int) -> bool:
    """A hand worth n or more, or a pair, Wong or Gong."""
    return h.value is None or h.value >= n


def kind_of_hand(h: Hand) -> str:
    tops = {spots(t) for t in h.tiles}
    if h.kind is HandKind.WONG:
        return "wong"
    if h.kind is HandKind.GONG:
        return "gong"
    if h.value == 9 and tops & {2, 12} and 7 in tops:
        return "high nine"
    return "pair" if is_pair(h) else "value"


def makes(s: Setting, kind: str) -> bool:
    return kind_of_hand(s.high) == kind or kind_of_hand(s.low) == kind


def strongest_high(options: Iterable[Setting]) -> Setting | None:
    return max(options, key=lambda s: (s.high.score, s.low.score), default=None)


def strongest_low(options: Iterable[Setting]) -> Setting | None:
    return max(options, key=lambda s: (s.low.score, s.high.score), default=None)


def weakest_high(options: Iterable[Setting]) -> Setting | None:
    return max(options, key=lambda s: (-s.high.score, s.low.score), default=None)


def together(s: Setting, a: Tile, b: Tile) -> bool:
    return any(sorted(h.tiles) == sorted((a, b)) for h in (s.high, s.low))


def pairs_in(four: tuple[Tile, ...]) -> list[tuple[Tile, Tile, list[Tile]]]:
    """Each two tiles making a pair (621a.3(c)), with the two other tiles."""
    found = []
    for i in range(4):
        for j in range(i + 1, 4):
            if is_pair(Hand.of(four[i], four[j])):
                found.append((four[i], four[j], [t for n, t in enumerate(four) if n not in (i, j)]))
    return found


def other_spots(rest: list[Tile]) -> tuple[int, int]:
    return tuple(sorted(spots(t) for t in rest))  # type: ignore[return-value]


def has_tile(four: Iterable[Tile], test: Callable[[Tile], bool]) -> bool:
    return any(test(t) for t in four)


def has_both(four: tuple[Tile, ...], first: Callable[[Tile], bool], second: Callable[[Tile], bool]) -> bool:
    """Two different tiles, one of each."""
    return any(first(a) and second(b) for i, a in enumerate(four) for j, b in enumerate(four) if i != j)


LOW_8 = {Tile.parse("2-6"), Tile.parse("3-5")}


def top_two(four: tuple[Tile, ...]) -> tuple[Tile, Tile]:
    first, second = sorted(four, key=FACES.index)[:2]
    return first, second


def highest_in_high(s: Setting) -> bool:
    best = min(t.rank for t in s.tiles)
    return any(t.rank == best for t in s.high.tiles)


def below(h: Hand, value: int, top_rank: int) -> bool:
    """A hand below ``value`` whose highest tile ranks ``top_rank`` (a value hand only)."""
    return h.value is not None and (h.value < value or (h.value == value and h.top_rank > top_rank))


def reaches(h: Hand, value: int, top_rank: int) -> bool:
    return not below(h, value, top_rank)


# --- Pair rules shared by Foxwoods and the Order of Operations -------------------------------------------


def split_pair(options: tuple[Setting, ...], a: Tile, b: Tile, also: Callable[[Setting], bool] = lambda s: True):
    return strongest_high(s for s in options if not together(s, a, b) and also(s))


def keep_pair(options: tuple[Setting, ...], a: Tile, b: Tile):
    return strongest_high(s for s in options if together(s, a, b))


def pair_rules(four: tuple[Tile, ...], options: tuple[Setting, ...], names: dict[str, str],
               sevens: Callable[[tuple[int, int]], bool]) -> Decision | None:
    """The six pair rules of Foxwoods' booklet and the Order of Operations' section 1 (they differ in the
    7s' others), then any other pair played together."""
    found = pairs_in(four)
    for a, b, rest in found:
        if spots(a) in (4, 5, 6, 10, 11) and not a.is_gee_joon:
            return keep_all(options, found, lambda x: spots(x) in (4, 5, 6, 10, 11) and not x.is_gee_joon), names["A"]
    for a, b, rest in found:
        if a.is_gee_joon and other_spots(rest) in ((4, 6), (5, 6), (6, 6)):
            return split_pair(options, a, b), names["B"]
    for a, b, rest in found:
        if spots(a) in (2, 12):
            s = split_pair(options, a, b, lambda s: at_least(s.low, 6) and at_least(s.high, 8))
            if s is not None:
                return s, names["C"]
    for a, b, rest in found:
        if spots(a) in (2, 12) and other_spots(rest) == (9, 11):
            return split_pair(options, a, b), names["C"]
    for a, b, rest in found:
        if spots(a) == 9 and all(spots(t) in (2, 10, 12) for t in rest):
            return split_pair(options, a, b), names["D"]
    for a, b, rest in found:
        if spots(a) == 8 and all(spots(t) in (2, 10, 11, 12) for t in rest):
            return split_pair(options, a, b), names["E"]
    for a, b, rest in found:
        if spots(a) == 8 and other_spots(rest) == (9, 11):
            return split_pair(options, a, b), names["E"]
    for a, b, rest in found:
        if spots(a) == 7 and sevens(other_spots(rest)):
            return split_pair(options, a, b), names["F"]
    if found:
        return keep_all(options, found, lambda x: True), names["pairs"]
    return None


def keep_all(options: tuple[Setting, ...], found, which: Callable[[Tile], bool]) -> Setting:
    kept = [(a, b) for a, b, _ in found if which(a)]
    return strongest_high(s for s in options if all(together(s, a, b) for a, b in kept))


def wong_gong_high_nine(four: tuple[Tile, ...], options: tuple[Setting, ...], names: dict[str, str],
                        wong_over_nine: Callable[[Tile], bool]) -> Decision | None:
    can = {k: [s for s in options if makes(s, k)] for k in ("wong", "gong", "high nine")}
    if can["wong"] and can["gong"] and has_tile(four, lambda t: spots(t) == 11):
        return strongest_high(can["wong"]), names["A"]
    if can["wong"] and can["high nine"] and has_tile(four, wong_over_nine):
        return strongest_high(can["wong"]), names["B"]
    if can["gong"] and can["high nine"] and has_tile(four, lambda t: spots(t) == 4):
        return strongest_high(can["gong"]), names["C"]
    if can["gong"] and can["high nine"] and has_both(four, lambda t: t in LOW_8, lambda t: spots(t) == 5):
        return strongest_high(can["gong"]), names["C"]
    for k in ("high nine", "gong", "wong"):
        if can[k]:
            return strongest_high(can[k]), names["rule"]
    return None


# --- Foxwoods (foxwoods-partial.md): every rule whose text survives ----------------------------------------


def foxwoods(four: tuple[Tile, ...]) -> Decision:
    options = settings(four)
    pairs = {k: f"Foxwoods pair rule {k}" for k in "ABCDEF"} | {"pairs": "Foxwoods pairs"}
    found = pair_rules(four, options, pairs, lambda rest: all(x in (2, 10, 11, 12) for x in rest))
    if found:
        return found
    found = wong_gong_high_nine(four, options, {
        "A": "Foxwoods Wong/Gong exception A", "B": "Foxwoods Wong/Gong exception B",
        "C": "Foxwoods Wong/Gong exception C", "rule": "Foxwoods Wong, Gong and High Nine"},
        lambda t: spots(t) == 11)
    if found:
        return found
    eight_nine = [s for s in options if at_least(s.low, 8) and at_least(s.high, 9)]
    if eight_nine:
        pick = strongest_high(s for s in eight_nine if highest_in_high(s))
        if pick is not None:
            return pick, "Foxwoods other hands exception A"
    spot_set = {spots(t) for t in four}
    if {2, 12} <= spot_set:
        pick = strongest_high(s for s in options if at_least(s.low, 7) and at_least(s.high, 8)
                              and any(spots(t) == 12 for t in s.high.tiles))
        if pick is not None:
            return pick, "Foxwoods other hands exception B"
    high_six = Tile.parse("3-3").rank
    if all(below(s.low, 3, high_six) for s in options) and any(at_least(s.high, 7) for s in options):
        return strongest_high(options), "Foxwoods other hands"
    return strongest_low(options), "Foxwoods other hands"


# --- The Order of Operations (order-of-operations.md): complete -------------------------------------------


def order_of_operations(four: tuple[Tile, ...]) -> Decision:
    options = settings(four)
    names = {k: f"Pair rule 1.{n}" for n, k in enumerate("ABCDEF", 1)} | {"pairs": "Pairs"}
    found = pair_rules(four, options, names, lambda rest: any(x in (2, 12) and y in (10, 11) for x, y in (rest, rest[::-1])))
    if found:
        return found
    found = wong_gong_high_nine(four, options, {
        "A": "Exception 2.3", "B": "Exception 2.4", "C": "Exception 2.5", "rule": "Teen or Day with a 7, 8 or 9"},
        lambda t: spots(t) == 11 or t == Tile.parse("2-2"))
    if found:
        return found
    balanced = strongest_low(options)
    values = (balanced.low.value, balanced.high.value)
    a, b = top_two(four)
    if values in ((8, 8), (7, 9)) and together(balanced, a, b):
        pick = strongest_high(s for s in options if (s.low.value, s.high.value) == (7, 9) and not together(s, a, b))
        if pick is not None:
            return pick, "Balancing rule 3.4"
    if at_least(balanced.low, 8) and at_least(balanced.high, 9):
        pick = strongest_low(s for s in options if at_least(s.low, 8) and at_least(s.high, 9) and highest_in_high(s))
        if pick is not None:
            return pick, "Balancing rule 3.2"
    yun, day = Tile.parse("4-4").rank, Tile.parse("1-1").rank
    if all(below(s.low, 3, yun) for s in options) and any(reaches(s.high, 8, day) for s in options):
        return strongest_high(options), "Balancing rule 3.3"
    return balanced, "Balancing rule 3.1"


#: Each published way written here, by the file that restates it.
TEXTS: dict[str, Callable[[tuple[Tile, ...]], Decision | None]] = {
    "foxwoods": foxwoods,
    "order-of-operations": order_of_operations,
}


def unless_a_low_three(options: tuple[Setting, ...], name: str) -> Decision | None:
    """Canberra's and the Taj Mahal's Wong, Gong and High Nine: a High Nine (the 12 before the 2), then a
    Gong, then a Wong, unless that leaves a low 3 or less; then the high hand as high as possible."""
    for kind in ("high nine", "gong"):
        makers = [s for s in options if makes(s, kind)]
        if makers:
            pick = strongest_high(s for s in makers if at_least(s.low, 4))
            return (pick, name) if pick is not None else (strongest_high(options), name)
    wongs = [s for s in options if makes(s, "wong")]
    return (strongest_high(wongs), name) if wongs else None


def low_three_or_high(options: Iterable[Setting], top_rank: int, high_at_least: int, names: tuple[str, str, str]) -> Decision:
    """The strongest low hand if it is at least a 3 whose top tile ranks ``top_rank``; else the strongest
    high hand if it is worth ``high_at_least``; else the strongest low hand (Canberra 4.2-4.4, New Zealand's
    general rules)."""
    options = list(options)
    low, high = strongest_low(options), strongest_high(options)
    if reaches(low.low, 3, top_rank):
        return low, names[0]
    return (high, names[1]) if at_least(high.high, high_at_least) else (low, names[2])


# --- Casino Canberra (casino-canberra-partial.md): the rules before "All other hands" 5.1 ------------------


@cache
def is_kind(t: Tile, kind: str) -> bool:
    """The kinds the partial texts name: a spot total, ``high N`` / ``low N`` (621a.3(h)), a face, a name.
    Kept per tile and kind: it is asked for every tile of every hand, in every order (issue 42)."""
    named = {"teen": "6-6", "day": "1-1", "high 8": "4-4", "high 10": "5-5", "low 10": "4-6", "high 6": "3-3",
             "low 4": "2-2", "high 4": "1-3"}
    if kind in named:
        return t == Tile.parse(named[kind])
    if kind == "low 8":
        return t in LOW_8
    if kind == "gee":
        return t.is_gee_joon
    if "-" in kind:
        return t == Tile.parse(kind)
    return spots(t) in {int(k) for k in kind.split("|")}


def holds(four: tuple[Tile, ...], *kinds: str) -> bool:
    """A different tile of each kind (tried in every order)."""
    from itertools import permutations

    return any(all(is_kind(t, k) for t, k in zip(order, kinds)) for order in permutations(four, len(kinds)))


def hand_of(h: Hand, a: str, b: str) -> bool:
    x, y = h.tiles
    return (is_kind(x, a) and is_kind(y, b)) or (is_kind(x, b) and is_kind(y, a))


def value_is(h: Hand, n: int) -> bool:
    return h.value == n


def canberra(four: tuple[Tile, ...]) -> Decision | None:
    options = settings(four)

    def first(test: Callable[[Setting], bool], pick=strongest_high) -> Setting | None:
        return pick(s for s in options if test(s))

    def both(a: tuple[str, str], b: tuple[str, str]) -> Callable[[Setting], bool]:
        return lambda s: any(hand_of(h, *a) for h in (s.high, s.low)) and any(hand_of(h, *b) for h in (s.high, s.low))

    no_pair = not any(is_pair(h) for s in options for h in (s.high, s.low))
    specials = (
        ("Special A", holds(four, "teen", "teen", "9", "11"), lambda s: value_is(s.low, 3) and kind_of_hand(s.high) == "wong"),
        ("Special B", holds(four, "high 8", "high 10", "11", "7"), lambda s: value_is(s.low, 7) and value_is(s.high, 9)),
        ("Special C", holds(four, "gee", "6", "5", "2|12"), lambda s: value_is(s.low, 7) and value_is(s.high, 9)),
        ("Special D", holds(four, "gee", "4", "5") and no_pair, lambda s: any(hand_of(h, "4", "5") for h in (s.high, s.low))),
        ("Special E", holds(four, "high 8", "low 8", "9", "low 10"), both(("high 8", "9"), ("low 8", "low 10"))),
        ("Special F", holds(four, "high 6", "1-5", "gee", "7"), both(("high 6", "7"), ("1-5", "gee"))),
        ("Special G", holds(four, "2|12", "8", "9", "low 4"), lambda s: value_is(s.low, 3) and kind_of_hand(s.high) == "gong"),
        ("Special H", holds(four, "high 6", "11", "1-5", "5"), both(("high 6", "11"), ("1-5", "5"))),
        ("Special I", holds(four, "high 8", "low 8", "9", "low 4"), both(("high 8", "9"), ("low 8", "low 4"))),
    )
    for name, applies, test in specials:
        if applies:
            pick = first(test)
            if pick is not None:
                return pick, name
    found = pairs_in(four)
    small_pairs = [(a, b) for a, b, _ in found if spots(a) in (4, 5, 6, 10, 11) or a.is_gee_joon]
    if small_pairs:
        return first(lambda s: all(together(s, a, b) for a, b in small_pairs)), "Pair rule A"
    for name, pips, test in (
        ("Pair rule B", (2, 12), lambda s: at_least(s.low, 6) and at_least(s.high, 8)),
        ("Pair rule C", (9,), lambda s: at_least(s.low, 9) and at_least(s.high, 9)),
        ("Pair rule D", (8,), lambda s: at_least(s.low, 8) and at_least(s.high, 8)),
        ("Pair rule D", (8,), lambda s: value_is(s.low, 7) and value_is(s.high, 9)),
        ("Pair rule E", (7,), lambda s: at_least(s.low, 7) and (kind_of_hand(s.high) in ("high nine", "wong", "gong", "pair")
                                                               or (s.high.value == 9 and s.high.top_rank <= 2))),
    ):
        held = [(a, b) for a, b, _ in found if spots(a) in pips]
        if held:
            pick = first(lambda s: all(not together(s, a, b) for a, b in held) and test(s))
            if pick is not None:
                return pick, name
    if found:
        return first(lambda s: all(together(s, a, b) for a, b, _ in found)), "Pairs"
    found = unless_a_low_three(options, "Wong, Gong and High Nine")
    if found:
        return found
    most = max(s.low.value + s.high.value for s in options)
    best = [s for s in options if s.low.value + s.high.value == most]
    return low_three_or_high(best, Tile.parse("3-3").rank, 7,
                             ("All other hands 4.2", "All other hands 4.3", "All other hands 4.4"))


TEXTS["casino-canberra"] = canberra


# --- New Zealand (new-zealand-partial.md): the rules before "High Ranking Tiles" ---------------------------

_NZ_SPLITS = {  # the pair's spot totals: the other two tiles' spot totals it is split with
    (2, 12): {(9, 11), (8, 9), (7, 9), (6, 9), (5, 9), (4, 9), (8, 8), (7, 8), (6, 8), (5, 8), (4, 8), (7, 7),
              (6, 7), (5, 7), (4, 7), (6, 6), (5, 6), (4, 6)},
    (9,): {(2, 12), (10, 12), (2, 10), (10, 10)},
    (8,): {(2, 12), (11, 12), (2, 11), (10, 12), (2, 10), (10, 11), (9, 11), (10, 10)},
    (7,): {(2, 12), (11, 12), (2, 11), (10, 12), (2, 10), (10, 11), (10, 10)},
}
_NZ_NAMES = {(2, 12): "Pairs: Teen or Day", (9,): "Pairs: Nines", (8,): "Pairs: Eights", (7,): "Pairs: Sevens"}


def new_zealand(four: tuple[Tile, ...]) -> Decision | None:
    options = settings(four)
    two = [s for s in options if is_pair(s.high) and is_pair(s.low)]
    if two:
        return strongest_high(two), "Pairs: two pairs"
    found = pairs_in(four)
    kept = [(a, b) for a, b, _ in found if spots(a) in (4, 5, 6, 10, 11) and not a.is_gee_joon]
    if kept:
        return strongest_high(s for s in options if all(together(s, a, b) for a, b in kept)), "Pairs: never split"
    for a, b, rest in found:
        if a.is_gee_joon and other_spots(rest) in {(6, 6), (5, 6), (4, 6)}:
            return split_pair(options, a, b), "Pairs: Gee Jun"
    for pips, splits in _NZ_SPLITS.items():
        for a, b, rest in found:
            if spots(a) in pips and other_spots(rest) in splits:
                return split_pair(options, a, b), _NZ_NAMES[pips]
    if found:
        return keep_all(options, found, lambda x: True), "Pairs"
    harmony = Tile.parse("1-3").rank
    name = "Wongs, Gongs and High Nines"
    for kind in ("high nine", "gong", "wong"):
        pick = strongest_high(s for s in options if makes(s, kind) and reaches(s.low, 3, harmony))
        if pick is not None:
            return pick, name
    for kind in ("wong", "gong", "high nine"):
        pick = strongest_high(s for s in options if makes(s, kind))
        if pick is not None:
            return pick, name
    return low_three_or_high(options, harmony, 8, ("General rules",) * 3)


TEXTS["new-zealand"] = new_zealand


# --- Taj Mahal (taj-mahal-partial.md): every rule but the undefined Two small tiles rule, up to exception G --


def taj_mahal(four: tuple[Tile, ...]) -> Decision | None:
    options = settings(four)
    pairs = {k: f"Pair rule {k}" for k in "ABCDEF"} | {"pairs": "Pairs"}
    found = pair_rules(four, options, pairs, lambda rest: all(x in (2, 10, 11, 12) for x in rest) and bool({2, 12} & set(rest)))
    if found:
        return found
    if holds(four, "2|12", "9", "8", "low 4"):
        pick = strongest_high(s for s in options if value_is(s.low, 3) and kind_of_hand(s.high) == "gong")
        if pick is not None:
            return pick, "Wong/Gong exception"
    found = unless_a_low_three(options, "Wong, Gong and High Nine")
    if found:
        return found

    def in_a_hand(a: str, b: str) -> Callable[[Setting], bool]:
        return lambda s: hand_of(s.high, a, b) or hand_of(s.low, a, b)

    def twelve_low(s: Setting) -> bool:
        return any(spots(t) == 12 for t in s.low.tiles)

    rules = (
        ("Two small tiles exception A", holds(four, "day", "teen", "4|5|6", "10|11"), in_a_hand("day", "teen"), strongest_high),
        ("Two small tiles exception B", holds(four, "2|12", "4", "5", "11"),
         lambda s: value_is(s.low, 6) and value_is(s.high, 6), strongest_high),
        ("Two small tiles exception C", holds(four, "day", "teen", "4", "5"), twelve_low, strongest_high),
        ("Two small tiles exception C", holds(four, "day", "teen", "4", "6"), twelve_low, strongest_high),
        ("Two small tiles exception C", holds(four, "day", "teen", "10", "11"), twelve_low, strongest_high),
        ("Balancing exception A", holds(four, "high 4", "low 4", "5", "gee"),
         lambda s: in_a_hand("high 4", "gee")(s) and in_a_hand("low 4", "5")(s), strongest_high),
        ("Balancing exception B", holds(four, "high 4", "low 4", "5", "9"),
         lambda s: in_a_hand("high 4", "9")(s) and in_a_hand("low 4", "5")(s), strongest_high),
        ("Balancing exception C", holds(four, "high 4", "low 4", "5", "6|7") or holds(four, "high 4", "low 4", "5", "low 8"),
         in_a_hand("high 4", "5"), strongest_high),
        ("Balancing exception D", holds(four, "high 6", "1-5", "gee", "4|5"), in_a_hand("high 6", "gee"), strongest_high),
        ("Balancing exception E", holds(four, "high 6", "1-5", "11", "4|5") or holds(four, "high 6", "1-5", "11", "gee"),
         lambda s: True, strongest_high),
        ("Balancing exception F", holds(four, "high 6", "1-5", "2|12", "4|5"), lambda s: value_is(s.high, 8), strongest_high),
    )
    for rule, applies, test, pick_from in rules:
        if applies:
            pick = pick_from(s for s in options if test(s))
            if pick is not None:
                return pick, rule
    return strongest_low(options), "Balancing rule"


TEXTS["taj-mahal"] = taj_mahal
