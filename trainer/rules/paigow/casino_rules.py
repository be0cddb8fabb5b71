"""A casino's house way from its Rules Submission file: explicit hands, then its rules, then the
regulation's steps (621a.8(b),(d); MD 8.D; N.J.A.C. 19:47-10.7(d),(e); spec W3).

"Each casino licensee shall submit … the manner in which it proposes to require the hands of the
dealer to be set, and shall specifically note any exceptions it proposes to the rules listed in (d)"
(N.J.A.C. 19:47-10.7(e)). A file gives ``[[house_way.exception]]`` hands (four tiles matched by face,
the high hand and the rule shown to the trainee) and ``[[house_way.rule]]`` rules in the vocabulary of
``docs/casino-rules.md``; for four tiles the first that decides sets them: an exception for these
tiles, else the first rule whose conditions hold and one of whose ``play`` patterns some setting
meets, else the regulation's four steps. Every one of the 8,130 hands by face gets one setting.

>>> from trainer.rules.paigow.tiles import parse_tiles
>>> rules = parse_casino_rules("harbor.toml", b'''
... [casino]
... name = "Harbor"
... jurisdiction = "nj"
... [house_way]
... name = "Harbor house way"
... [[house_way.exception]]
... tiles = "1-2 2-4 4-6 6-6"
... high = "2-4 6-6"
... rule = "Harbor pair rule B: split the Gee Joon with 6-4, 6-5 or 6-6"
... [[house_way.rule]]
... name = "Harbor pair rule A"
... text = "Never split a pair of 4s, 5s, 6s, 10s or 11s."
... pair = ["4", "5", "6", "10", "11"]
... play = "pair together"
... ''')
>>> d = rules.decide(parse_tiles("6-6 2-4 4-6 1-2"))
>>> str(d.setting), d.label
('6-6 2-4 / 4-6 1-2', 'Harbor pair rule B: split the Gee Joon with 6-4, 6-5 or 6-6')
>>> rules.decide(parse_tiles("5-5 5-5 1-6 2-5")).label
'Harbor pair rule A: Never split a pair of 4s, 5s, 6s, 10s or 11s.'
>>> rules.decide(parse_tiles("6-6 4-5 1-3 2-3")).label is None   # the regulation's step 2
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache, cached_property
from itertools import combinations
from typing import Any, Callable, Iterable, NamedTuple

import numpy as np

from trainer.rules.casino import (Choice, CasinoFileError, FileReader, SourceLines, apply_choices, kept_table,
                                  load_casino, one_of, parse_casino, some_of)
from trainer.rules.errors import NotationError, TrainerError
from trainer.rules.paigow.casino_table import HandException, explicit_hands
from trainer.rules.paigow.face_combos import RANK, Combos, combos, house_way_choices
from trainer.rules.paigow.hands import HandKind, Setting, settings
from trainer.rules.paigow.house_way import LOADED_WAYS, REGULATORY, HouseWay, Step
from trainer.rules.paigow.profiles import PROFILES, Profile, profile_named
from trainer.rules.paigow.tiles import FACES, Tile

#: The modules whose code sets a file's table of 8,130 settings (a table kept on disk is named by their hash).
_ENGINE = (__name__, "trainer.rules.paigow.casino_table", "trainer.rules.paigow.face_combos",
           "trainer.rules.paigow.house_way", "trainer.rules.paigow.hands", "trainer.rules.paigow.tiles")

# --- Tile kinds: "4-6", "10", "high 10", "low 8", "gee joon" ----------------------------------------------


def tile_kind(text: str) -> frozenset[Tile]:
    """The faces a kind of tile names: a face (``4-6``), a spot total (``10``: 5-5 and 4-6), ``high N``
    (the higher-ranking faces of that total, 621a.3(h): ``high 8`` is 4-4), ``low N`` (the others) or
    ``gee joon`` (1-2 and 2-4).

    >>> sorted(map(str, tile_kind("low 8"))), sorted(map(str, tile_kind("high 6")))
    (['2-6', '3-5'], ['3-3'])
    """
    words = text.lower().split()
    if words == ["gee", "joon"]:
        return frozenset(f for f in FACES if f.is_gee_joon)
    if len(words) == 1 and "-" in words[0]:
        return frozenset((Tile.parse(words[0]),))
    if len(words) in (1, 2) and words[-1].isdigit() and (len(words) == 1 or words[0] in ("high", "low")):
        faces = [f for f in FACES if f.pips == int(words[-1])]
        if faces and len(words) == 2:
            best = min(f.rank for f in faces)
            faces = [f for f in faces if (f.rank == best) == (words[0] == "high")]
        if faces:
            return frozenset(faces)
    raise NotationError(f"'{text}' is no kind of tile (write a tile like 4-6, a spot total like 10, "
                        "'high 8', 'low 10' or 'gee joon')")


def hand_threshold(text: str) -> int:
    """The least ``Hand.score`` a hand needs to be at least ``N`` or ``N over KIND`` (a hand worth N whose
    highest-ranking tile ranks at least as high as KIND's lowest, 621a.3(e),(h)): ``3 over high 6`` is
    the Foxwoods "High 3".

    >>> hand_threshold("7"), hand_threshold("3 over high 6")
    (701, 312)
    """
    value, _, kind = text.partition(" over ")
    if not value.strip().isdigit() or int(value) > 9:
        raise NotationError(f"'{text}' is no hand value (write 0 to 9, or like '3 over high 6')")
    worst = max(f.rank for f in tile_kind(kind)) if kind else 17
    return int(value) * 100 + 18 - worst


# --- The hand in question: its tiles, settings and the pairs a rule names ----------------------------------


@dataclass(frozen=True)
class Four:
    """Four tiles by face (sorted as ``FACES``), their three settings (``settings`` order) and the pairs
    the rule being tried holds (positions in ``tiles``)."""

    tiles: tuple[Tile, ...]
    options: tuple[Setting, Setting, Setting]
    pairs: tuple[tuple[int, int], ...] = ()


def _together(setting: Setting, four: Four, pair: tuple[int, int]) -> bool:
    faces = sorted((four.tiles[pair[0]], four.tiles[pair[1]]))
    return any(sorted(h.tiles) == faces for h in (setting.high, setting.low))


def _high_nine(hand) -> bool:
    return hand.value == 9 and any(t.pips in (2, 12) for t in hand.tiles) and any(t.pips == 7 for t in hand.tiles)


_HAND_KINDS: dict[str, Callable[[Any], bool]] = {
    "pair": lambda h: h.kind in (HandKind.SUPREME, HandKind.MATCHED, HandKind.MIXED),
    "wong": lambda h: h.kind is HandKind.WONG,
    "gong": lambda h: h.kind is HandKind.GONG,
    "high nine": _high_nine,
}

Test = Callable[[Setting, Four], bool]
#: The same condition over every combination's three settings at once: a (8130, 3) mask.
Mask = Callable[["Grid"], np.ndarray]


@dataclass(frozen=True, eq=False)
class Grid:
    """Every combination's settings as face ids (``Combos``), with what the rules say of each hand, and
    the pair the rule being tried holds: ``together[r, j]`` / ``split[r, j]`` whether setting j keeps
    every such pair together / splits every one (None: the rule names no pair)."""

    c: Combos
    high_score: np.ndarray
    low_score: np.ndarray
    high_value: np.ndarray
    low_value: np.ndarray
    together: np.ndarray | None = None
    split: np.ndarray | None = None

    def either_hand(self, table: np.ndarray) -> np.ndarray:
        """Whether the high or the low hand of each setting is one ``table`` (21 x 21 faces) marks."""
        c = self.c
        return table[c.high[..., 0], c.high[..., 1]] | table[c.low[..., 0], c.low[..., 1]]


def _grid() -> Grid:
    from trainer.rules.paigow.face_combos import hand_facts

    c, facts = combos(), hand_facts()
    h, l = (c.high[..., 0], c.high[..., 1]), (c.low[..., 0], c.low[..., 1])
    return Grid(c, facts.score[h], facts.score[l], facts.value[h], facts.value[l])


@cache
def _hand_table(test: Callable[[Any], bool]) -> np.ndarray:
    """(21, 21) mask of the two-tile hands by face that ``test`` accepts."""
    from trainer.rules.paigow.face_combos import hand_facts

    return np.array([[test(h) for h in row] for row in hand_facts().hands], dtype=bool)


def _members(kind: frozenset[Tile]) -> np.ndarray:
    """(21,) mask of the faces of a kind."""
    return np.array([f in kind for f in FACES], dtype=bool)


def _atom(text: str) -> tuple[Test, Mask]:
    """One condition on a setting of the ``play`` vocabulary (docs/casino-rules.md): for one setting
    (the reference) and for every setting at once (what tables the file)."""
    words = text.lower().split()
    if words == ["any"]:
        return (lambda s, f: True), (lambda g: np.ones(g.c.high.shape[:2], dtype=bool))
    if words in (["pair", "together"], ["pair", "split"]):
        together = words[1] == "together"
        return ((lambda s, f: bool(f.pairs) and all(_together(s, f, p) == together for p in f.pairs)),
                (lambda g: g.together if together else g.split))
    if " ".join(words) in _HAND_KINDS:
        kind = _HAND_KINDS[" ".join(words)]
        return (lambda s, f: kind(s.high) or kind(s.low)), (lambda g: g.either_hand(_hand_table(kind)))
    if words == ["highest", "tile", "high"]:
        return ((lambda s, f: min(t.rank for t in s.high.tiles) == min(t.rank for t in s.tiles)),
                (lambda g: RANK[g.c.high].min(axis=-1) == RANK[g.c.faces].min(axis=1)[:, None]))
    if len(words) >= 2 and words[-1] in ("high", "low"):
        kind_faces, where = tile_kind(" ".join(words[:-1])), words[-1]
        return ((lambda s, f: any(t in kind_faces for t in (s.high if where == "high" else s.low).tiles)),
                (lambda g: _members(kind_faces)[g.c.high if where == "high" else g.c.low].any(axis=-1)))
    if "/" in words[0]:
        low, _, high = words[0].partition("/")
        if words[1:] == ["or", "better"]:
            lo, hi = hand_threshold(low), hand_threshold(high)
            return ((lambda s, f: s.low.score >= lo and s.high.score >= hi),
                    (lambda g: (g.low_score >= lo) & (g.high_score >= hi)))
        if not words[1:] and low.isdigit() and high.isdigit():
            return ((lambda s, f: (s.low.value, s.high.value) == (int(low), int(high))),
                    (lambda g: (g.low_value == int(low)) & (g.high_value == int(high))))
    raise NotationError(f"'{text}' is not a pattern of the vocabulary (docs/casino-rules.md)")


@dataclass(frozen=True)
class Pattern:
    """A setting pattern: atoms joined by ``and``, e.g. ``8/9 or better and highest tile high``."""

    text: str
    atoms: tuple[tuple[Test, Mask], ...]

    @classmethod
    def parse(cls, text: str) -> Pattern:
        return cls(text, tuple(_atom(part) for part in text.split(" and ")))

    def met(self, setting: Setting, four: Four) -> bool:
        return all(test(setting, four) for test, _ in self.atoms)

    def mask(self, grid: Grid) -> np.ndarray:
        result = self.atoms[0][1](grid)
        for _, more in self.atoms[1:]:
            result = result & more(grid)
        return result


#: The positions (in sorted faces) of the two hands of each setting, in ``settings`` order (spec H4).
_SETTING_PAIRS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))


def _covers_all(faces: np.ndarray, kinds: tuple[frozenset[Tile], ...]) -> np.ndarray:
    """``_covers`` for every combination: some different tile of each kind."""
    from itertools import permutations

    members = [_members(k) for k in kinds]
    return np.logical_or.reduce([np.logical_and.reduce([m[faces[:, n]] for m, n in zip(members, order)])
                                 for order in permutations(range(4), len(kinds))])


def _covers(tiles: Iterable[Tile], kinds: tuple[frozenset[Tile], ...]) -> bool:
    """Each kind is matched by a different one of ``tiles`` (a small backtracking match)."""
    tiles = list(tiles)
    if not kinds:
        return True
    return any(t in kinds[0] and _covers(tiles[:i] + tiles[i + 1:], kinds[1:]) for i, t in enumerate(tiles))


@dataclass(frozen=True)
class Rule:
    """One rule of a casino's house way: conditions on the four tiles, then the ``play`` patterns in
    order (the first some setting meets decides) and how to choose among the settings meeting it."""

    name: str
    text: str
    line: int | None
    pair: tuple[frozenset[Tile], ...] = ()
    others_any: frozenset[Tile] | None = None
    others: tuple[frozenset[Tile], ...] = ()
    includes: tuple[frozenset[Tile], ...] = ()
    can_make: tuple[Pattern, ...] = ()
    best_low_below: int | None = None
    best_high_at_least: int | None = None
    play: tuple[Pattern, ...] = ()
    choose: str = "high"

    @property
    def label(self) -> str:
        return f"{self.name}: {self.text}" if self.text else self.name

    def pairs(self, tiles: tuple[Tile, ...]) -> tuple[tuple[int, int], ...] | None:
        """The pairs of ``pair`` the tiles hold whose other two tiles meet ``others``; None if none."""
        found = []
        for i, j in combinations(range(4), 2):
            a, b = tiles[i], tiles[j]
            if not any(a in k and b in k for k in self.pair) or not _HAND_KINDS["pair"](_hand(a, b)):
                continue
            rest = [t for n, t in enumerate(tiles) if n not in (i, j)]
            if self.others_any is not None and not all(t in self.others_any for t in rest):
                continue
            if self.others and not _covers(rest, self.others):
                continue
            found.append((i, j))
        return tuple(found) or None

    def table(self, grid: Grid) -> np.ndarray:
        """The setting this rule gives every combination, -1 where it does not decide (as ``decide``)."""
        c = grid.c
        applies = np.ones(len(c.faces), dtype=bool)
        if self.pair:
            grid = self._pair_grid(grid)
            applies &= grid.together.any(axis=1) | grid.split.any(axis=1)
        if self.includes:
            applies &= _covers_all(c.faces, self.includes)
        if self.best_low_below is not None:
            applies &= grid.low_score.max(axis=1) < self.best_low_below
        if self.best_high_at_least is not None:
            applies &= grid.high_score.max(axis=1) >= self.best_high_at_least
        for pattern in self.can_make:
            applies &= pattern.mask(grid).any(axis=1)
        choice = np.full(len(c.faces), -1, dtype=np.int64)
        first, second = ((grid.high_score, grid.low_score) if self.choose == "high" else (grid.low_score, grid.high_score))
        strength = first * 4096 + second
        for pattern in self.play:
            met = pattern.mask(grid) & applies[:, None]
            fresh = (choice < 0) & met.any(axis=1)
            choice[fresh] = np.where(met, strength, -1)[fresh].argmax(axis=1)
        return choice

    def _pair_grid(self, grid: Grid) -> Grid:
        """``grid`` with the masks of the pairs this rule names kept together or split in each setting."""
        faces = grid.c.faces
        is_pair = _hand_table(_HAND_KINDS["pair"])
        kinds = [_members(k) for k in self.pair]
        held = []
        for a, b in combinations(range(4), 2):
            fa, fb = faces[:, a], faces[:, b]
            ok = is_pair[fa, fb] & np.logical_or.reduce([k[fa] & k[fb] for k in kinds])
            rest = [faces[:, n] for n in range(4) if n not in (a, b)]
            if self.others_any is not None:
                ok &= _members(self.others_any)[rest[0]] & _members(self.others_any)[rest[1]]
            if self.others:
                one, two = (_members(k) for k in self.others)
                ok &= (one[rest[0]] & two[rest[1]]) | (two[rest[0]] & one[rest[1]])
            held.append(((a, b), ok))
        any_held = np.logical_or.reduce([ok for _, ok in held])
        together = np.stack([np.logical_and.reduce([~ok | (pair in _SETTING_PAIRS[j]) for pair, ok in held])
                             for j in range(3)], axis=1) & any_held[:, None]
        split = np.stack([np.logical_and.reduce([~ok | (pair not in _SETTING_PAIRS[j]) for pair, ok in held])
                          for j in range(3)], axis=1) & any_held[:, None]
        return replace(grid, together=together, split=split)

    def decide(self, four: Four) -> int | None:
        """Index of the setting this rule gives ``four``, or None when it does not decide it (one hand at a
        time: the reference the tests hold ``table`` to)."""
        if self.pair:
            pairs = self.pairs(four.tiles)
            if pairs is None:
                return None
            four = replace(four, pairs=pairs)
        if self.includes and not _covers(four.tiles, self.includes):
            return None
        if self.best_low_below is not None and max(s.low.score for s in four.options) >= self.best_low_below:
            return None
        if self.best_high_at_least is not None and max(s.high.score for s in four.options) < self.best_high_at_least:
            return None
        if not all(any(p.met(s, four) for s in four.options) for p in self.can_make):
            return None
        for pattern in self.play:
            met = [i for i, s in enumerate(four.options) if pattern.met(s, four)]
            if met:
                key = ((lambda i: (four.options[i].high.score, four.options[i].low.score)) if self.choose == "high"
                       else (lambda i: (four.options[i].low.score, four.options[i].high.score)))
                return max(met, key=key)
        return None


def _hand(a: Tile, b: Tile):
    from trainer.rules.paigow.hands import Hand

    return Hand.of(a, b)


@dataclass(frozen=True)
class CasinoDecision:
    """How a casino way sets four tiles: the setting and the casino's rule, or None for the regulation."""

    setting: Setting
    label: str | None


# --- The file ----------------------------------------------------------------------------------------

_RULE_KEYS = ("name", "text", "pair", "others_any", "others", "includes", "can_make", "best_low_below",
              "best_high_at_least", "play", "choose")


def _choices() -> dict[str, Choice]:
    def paytables(p: Profile, v: Any) -> Profile:
        if not isinstance(v, dict):
            raise TrainerError("give the paytables as a table, e.g. { sum = \"B\" }")
        tables = dict(p.paytables)
        for wager, name in v.items():
            tables[one_of("side wager", wager, p.paytables)] = (one_of(f"{wager} paytable", name, p.paytables[wager]),)
        return replace(p, paytables=tables)

    def allowed_flag(field: str) -> Callable[[Profile, Any], Profile]:
        return lambda p, v: replace(p, **{field: one_of("choice", v, (False, True) if getattr(p, field) else (False,))})

    return {c.key: c for c in (
        Choice("paytables", "the paytable of each side wager, one the profile offers",
               paytables),
        Choice("side_wagers", "the side wagers offered, some of the profile's",
               lambda p, v: replace(p, side_wagers=some_of("side wager", v, p.side_wagers))),
        Choice("delivery_styles", "the delivery styles offered, some of the profile's",
               lambda p, v: replace(p, styles=some_of("delivery style", v, p.styles))),
        Choice("player_banking", "whether a player may bank (true only where the profile allows)",
               allowed_flag("player_bank")),
        Choice("co_banking", "whether the dealer may co-bank with a player bank", allowed_flag("co_bank")),
        Choice("vigorish_rounding", "how the 5% vigorish is rounded, one the profile allows",
               lambda p, v: replace(p, vig_roundings=(one_of("vigorish rounding", v, p.vig_roundings),))),
    )}


#: The ``[choices]`` a Pai Gow Rules Submission may make (docs/casino-rules.md).
CHOICES = _choices()


@dataclass(frozen=True, eq=False)
class CasinoRules:
    """A casino's Rules Submission for Pai Gow: the amended profile and its house way."""

    casino: str
    digest: str
    profile: Profile
    way_name: str
    exceptions: tuple[HandException, ...]
    rules: tuple[Rule, ...]
    source: SourceLines

    def line_of(self, exception: HandException) -> int | None:
        """The line of the file where an explicit hand starts."""
        return exception.line or self.source.line_of(("house_way", "exception", exception.number))

    @cached_property
    def _exception_of(self) -> dict[int, HandException]:
        return {e.row: e for e in self.exceptions}

    @cached_property
    def rule_choices(self) -> tuple[np.ndarray, np.ndarray]:
        """(setting, rule index or -1) of every combination by the rules alone (no exception)."""
        c = combos()
        choice = np.full(len(c.faces), -1, dtype=np.int64)
        decider = np.full(len(c.faces), -1, dtype=np.int64)
        grid = _grid() if self.rules else None
        for n, rule in enumerate(self.rules):
            mine = rule.table(grid)
            fresh = (decider < 0) & (mine >= 0)
            choice[fresh], decider[fresh] = mine[fresh], n
        return choice, decider

    @cached_property
    def table(self) -> tuple[np.ndarray, np.ndarray]:
        """(setting, decider) of every combination: decider ``-1`` the regulation, ``n`` < rules the
        n-th rule, ``len(rules) + e`` the e-th exception. Built once per file and engine, then kept on disk
        by their hashes (``kept_table``)."""
        choice, decider = kept_table(self.digest, _ENGINE, self._table)
        return choice, decider

    def _table(self) -> np.ndarray:
        choice, decider = (a.copy() for a in self.rule_choices)
        rows = np.array([e.row for e in self.exceptions], dtype=np.int64)
        choice[rows] = [e.setting for e in self.exceptions]
        decider[rows] = len(self.rules) + np.arange(len(rows))
        regulation = decider < 0
        choice[regulation] = house_way_choices(REGULATORY)[regulation]
        return np.stack([choice, decider])

    def label_of(self, decider: int) -> str | None:
        if decider < 0:
            return None
        if decider < len(self.rules):
            return self.rules[decider].label
        return self.exceptions[decider - len(self.rules)].rule

    def decide(self, tiles: Iterable[Tile]) -> CasinoDecision:
        """The setting this way gives four tiles, and the casino's rule (None: the regulation's steps)."""
        tiles = tuple(tiles)
        row = combos().row_of(tiles)
        choice, decider = self.table
        return CasinoDecision(setting_for(tiles, combos(), row, int(choice[row])), self.label_of(int(decider[row])))

    @cached_property
    def house_way(self) -> HouseWay:
        """This way as a :class:`HouseWay`: the casino's own step, then the regulation's four."""
        first = Step(1, f"{self.casino} Rules Submission",
                     "The casino's own rules come first.", _CasinoStep(self))
        steps = (first, *(replace(s, number=s.number + 1) for s in REGULATORY.steps))
        return HouseWay(name=f"casino-{self.digest[:12]}", title=self.way_name,
                        source=f"{self.casino} Rules Submission, then 621a.8(d)(1)-(4)", steps=steps)


def setting_for(tiles: tuple[Tile, ...], c: Combos, row: int, index: int) -> Setting:
    """``settings(c.tiles(row))[index]`` placed with the tiles as given (the same hands by face; two
    hands of equal rank may stand either way round, spec H4)."""
    wanted = _by_face(settings(c.tiles(row))[index])
    return next(s for s in settings(tiles) if _by_face(s) == wanted)


def _by_face(setting: Setting) -> list[list[Tile]]:
    return sorted([sorted(setting.high.tiles), sorted(setting.low.tiles)])


@dataclass(frozen=True, eq=False)
class _CasinoStep:
    """A setting meets the casino's step when the casino's own rule chose it for its tiles."""

    rules: CasinoRules

    def masks(self, c: Combos) -> np.ndarray:
        from trainer.rules.paigow.casino_index import casino_index

        return casino_index(self.rules).allowed(Four)

    def applies(self, setting: Setting) -> bool:
        from trainer.rules.paigow.casino_index import allows

        return allows(self.rules, setting, Four)

    def why(self, setting: Setting) -> str:
        return str(self.rules.decide(setting.tiles).label).rstrip(".")


def load_casino_rules(path: str) -> CasinoRules:
    """Read a Pai Gow Rules Submission file; the same content is parsed and tabled once (by its SHA-256)."""
    return _pai_gow(path, load_casino(path))


def parse_casino_rules(path: str, data: bytes) -> CasinoRules:
    return _pai_gow(path, parse_casino(path, data))


def _pai_gow(path: str, rules: Any) -> CasinoRules:
    if not isinstance(rules, CasinoRules):
        raise CasinoFileError(path, None, f"{rules.casino} amends the Baccarat profile {rules.profile.name}: a "
                                          f"Pai Gow house way amends one of {', '.join(PROFILE_NAMES)}")
    return rules


#: The profiles a Pai Gow Rules Submission may amend.
PROFILE_NAMES = tuple(PROFILES)


def build(reader: FileReader, digest: str, name: str, jurisdiction: str) -> CasinoRules:
    """The Pai Gow Rules Submission in ``reader`` (its [casino] table already read)."""
    top = reader.table((), reader.data, ("casino", "house_way", "choices"), ("casino",))
    # the amended profile deals by this file's way wherever a profile's default house way is read (spec W3)
    profile = replace(apply_choices(reader, profile_named(jurisdiction), CHOICES),
                      default_house_way=f"casino-{digest[:12]}", casino_sha256=digest)
    way = reader.table(("house_way",), top.get("house_way", {}), ("name", "exception", "table", "rule"))
    way_name = reader.text(("house_way", "name"), way["name"]) if "name" in way else f"{name}'s house way"
    rules = tuple(_rule(reader, n, r) for n, r in enumerate(_array(reader, ("house_way", "rule"), way)))
    exceptions = explicit_hands(reader, _array(reader, ("house_way", "exception"), way), way.get("table"), way_name)
    found = CasinoRules(name, digest, profile, way_name, exceptions, rules, reader.source)
    LOADED_WAYS[found.house_way.name] = found.house_way
    return found


def _array(reader: FileReader, place: tuple[str, ...], way: dict) -> list:
    value = way.get(place[-1], [])
    if not isinstance(value, list):
        raise reader.fail(place, f"write each {place[-1]} as [[{'.'.join(place)}]]")
    return value


def _rule(reader: FileReader, n: int, raw: Any) -> Rule:
    place = ("house_way", "rule", n)
    raw = reader.table(place, raw, _RULE_KEYS, ("name", "play"))

    def parsed(key: str, parse: Callable[[str], Any]) -> tuple:
        if key not in raw:
            return ()
        try:
            return tuple(parse(t) for t in reader.texts((*place, key), raw[key]))
        except NotationError as exc:
            raise reader.fail((*place, key), f"{key}: {exc}") from None

    others_any = parsed("others_any", tile_kind)
    others = parsed("others", tile_kind)
    if others and len(others) != 2:
        raise reader.fail((*place, "others"), "others: name the two other tiles")
    if (others_any or others) and "pair" not in raw:
        raise reader.fail((*place, "others" if others else "others_any"), "'others' needs the rule's 'pair'")
    choose = raw.get("choose", "high")
    if choose not in ("high", "low"):
        raise reader.fail((*place, "choose"), f"choose: {choose!r} is neither 'high' nor 'low'")
    patterns = parsed("play", Pattern.parse)
    if any("pair" in p.text.split()[:1] and p.text.split()[1:2] in (["together"], ["split"]) for p in patterns) \
            and "pair" not in raw:
        raise reader.fail((*place, "play"), "'pair together' and 'pair split' need the rule's 'pair'")
    return Rule(
        reader.text((*place, "name"), raw["name"]), reader.text((*place, "text"), raw["text"]) if "text" in raw else "",
        reader.source.line_of(place), pair=parsed("pair", tile_kind),
        others_any=frozenset().union(*others_any) if others_any else None, others=others,
        includes=parsed("includes", tile_kind), can_make=parsed("can_make", Pattern.parse),
        best_low_below=(parsed("best_low_below", hand_threshold) or (None,))[0],
        best_high_at_least=(parsed("best_high_at_least", hand_threshold) or (None,))[0],
        play=patterns, choose=choose)


# --- Validation ---------------------------------------------------------------------------------------


class Departure(NamedTuple):
    """A hand the file sets otherwise than the regulation's deciding step allows (the exceptions
    N.J.A.C. 19:47-10.7(e) asks to be noted): the file's setting and rule, the regulation's and its step
    (a named tuple: a table set at random departs on half the 8,130 hands)."""

    tiles: str
    setting: str
    label: str
    regulation: str
    step: int


@dataclass(frozen=True)
class Check:
    """What validation found: how many hands each rule decides (every one of the 8,130 hands by face
    set exactly once), the rules that never decide, the exceptions that repeat the rules, the departures."""

    hands: int
    decided: tuple[tuple[str, int | None, int], ...]
    idle_rules: tuple[Rule, ...]
    repeated: tuple[HandException, ...]
    departures: tuple[Departure, ...]


def check(rules: CasinoRules) -> Check:
    """Validate a casino way over all 8,130 hands by face (docs/casino-rules.md, N.J.A.C. 19:47-10.7(e))."""
    from trainer.rules.paigow.face_combos import _meets

    c = combos()
    choice, decider = rules.table
    assert len(choice) == len(c.faces) and ((choice >= 0) & (choice < 3)).all()
    counts = np.bincount(decider + 1, minlength=len(rules.rules) + len(rules.exceptions) + 1)
    explicit = int(counts[1 + len(rules.rules):].sum())
    decided = [("explicit hands ([[house_way.exception]] and the table)", None, explicit)]
    decided += [(r.label, r.line, int(counts[1 + n])) for n, r in enumerate(rules.rules)]
    decided.append(("the regulation's steps", None, int(counts[0])))
    without = rules.rule_choices[0].copy()
    without[rules.rule_choices[1] < 0] = house_way_choices(REGULATORY)[rules.rule_choices[1] < 0]
    rows = np.array([e.row for e in rules.exceptions], dtype=np.int64)
    same = _same(c, rows, np.array([e.setting for e in rules.exceptions], dtype=np.int64), without[rows])
    repeated = tuple(e for e, s in zip(rules.exceptions, same.tolist()) if s)
    # the regulation's deciding step for each hand, and the settings it allows there
    allowed = np.zeros((len(c.faces), 3), dtype=bool)
    step = np.zeros(len(c.faces), dtype=np.int64)
    for s in REGULATORY.steps:
        meets = _meets(s.criterion, c)
        fresh = (step == 0) & meets.any(axis=1)
        allowed[fresh], step[fresh] = meets[fresh], s.number
    regulation = house_way_choices(REGULATORY)
    rows = np.nonzero(~allowed[np.arange(len(choice)), choice])[0]
    departures = tuple(map(Departure, [" ".join(_TEXT[f] for f in faces) for faces in c.faces[rows].tolist()],
                           _setting_texts(c, rows, choice[rows]),
                           [rules.label_of(d) or "" for d in decider[rows].tolist()],
                           _setting_texts(c, rows, regulation[rows]), step[rows].tolist()))
    return Check(len(choice), tuple(decided), tuple(r for n, r in enumerate(rules.rules) if counts[1 + n] == 0),
                 repeated, departures)


_TEXT = tuple(str(f) for f in FACES)


def _setting_texts(c: Combos, rows: np.ndarray, js: np.ndarray) -> list[str]:
    """``str(settings(c.tiles(row))[j])`` of each row and setting, read from the face ids (``Combos`` keeps
    each hand's tile order)."""
    t = _TEXT
    return [f"{t[a]} {t[b]} / {t[x]} {t[y]}" for (a, b), (x, y) in zip(c.high[rows, js].tolist(), c.low[rows, js].tolist())]


def _same(c: Combos, rows: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Whether settings ``a`` and ``b`` of each row are the same hands by face (two hands of equal rank
    may stand either way round)."""
    ha, la = np.sort(c.high[rows, a], axis=-1), np.sort(c.low[rows, a], axis=-1)
    hb, lb = np.sort(c.high[rows, b], axis=-1), np.sort(c.low[rows, b], axis=-1)
    return (((ha == hb).all(axis=-1) & (la == lb).all(axis=-1)) | ((ha == lb).all(axis=-1) & (la == hb).all(axis=-1)))
