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
from trainer.rules.paigow.casino_patterns import (HAND_KINDS, SETTING_PAIRS, Grid, Pattern, grid, hand_table,
                                                  hand_threshold, members, tile_kind)
from trainer.rules.paigow.face_combos import Combos, combos, house_way_choices
from trainer.rules.paigow.hands import Setting, settings
from trainer.rules.paigow.house_way import LOADED_WAYS, REGULATORY, HouseWay, Step
from trainer.rules.paigow.profiles import PROFILES, Profile, profile_named
from trainer.rules.paigow.tiles import FACES, Tile

#: The modules whose code sets a file's table of 8,130 settings (a table kept on disk is named by their hash).
_ENGINE = (__name__, "trainer.rules.paigow.casino_patterns", "trainer.rules.paigow.casino_table",
           "trainer.rules.paigow.face_combos", "trainer.rules.paigow.house_way", "trainer.rules.paigow.hands",
           "trainer.rules.paigow.tiles")

# --- The rules -----------------------------------------------------------------------------------------


def _pair_kinds(g: Grid, pair: tuple[frozenset[Tile], ...], others_any: frozenset[Tile] | None,
                others: tuple[tuple[frozenset[Tile], frozenset[Tile]], ...]) -> Grid:
    """``g`` with the masks of the pairs a rule names kept together or split in each setting: two tiles
    of one of the kinds of ``pair`` that make a pair (621a.3(c)), whose other two tiles are each of
    ``others_any`` and are one of the ``others`` alternatives (a KIND and a KIND)."""
    faces = g.c.faces
    is_pair = hand_table(HAND_KINDS["pair"])
    kinds = [members(k) for k in pair]
    held = []
    for a, b in combinations(range(4), 2):
        fa, fb = faces[:, a], faces[:, b]
        ok = is_pair[fa, fb] & np.logical_or.reduce([k[fa] & k[fb] for k in kinds])
        x, y = (faces[:, n] for n in range(4) if n not in (a, b))
        if others_any is not None:
            ok &= members(others_any)[x] & members(others_any)[y]
        if others:
            ok &= np.logical_or.reduce([(one[x] & two[y]) | (two[x] & one[y])
                                        for one, two in ((members(p), members(q)) for p, q in others)])
        held.append(((a, b), ok))
    any_held = np.logical_or.reduce([ok for _, ok in held])
    together = np.stack([np.logical_and.reduce([~ok | (pair_at in SETTING_PAIRS[j]) for pair_at, ok in held])
                         for j in range(3)], axis=1) & any_held[:, None]
    split = np.stack([np.logical_and.reduce([~ok | (pair_at not in SETTING_PAIRS[j]) for pair_at, ok in held])
                      for j in range(3)], axis=1) & any_held[:, None]
    return replace(g, together=together, split=split)


def _covers_all(faces: np.ndarray, kinds: tuple[frozenset[Tile], ...]) -> np.ndarray:
    """Whether each combination holds a different tile of each kind."""
    from itertools import permutations

    masks = [members(k) for k in kinds]
    return np.logical_or.reduce([np.logical_and.reduce([m[faces[:, n]] for m, n in zip(masks, order)])
                                 for order in permutations(range(4), len(kinds))])


#: How a rule chooses among the settings meeting its pattern (``Grid.strength``).
CHOOSE = ("high", "low", "lowest high")


@dataclass(frozen=True)
class Rule:
    """One rule of a casino's house way: conditions on the four tiles, then the ``play`` patterns in
    order (the first some setting meets decides) and how to choose among the settings meeting it."""

    name: str
    text: str
    line: int | None
    pair: tuple[frozenset[Tile], ...] = ()
    others_any: frozenset[Tile] | None = None
    others: tuple[tuple[frozenset[Tile], frozenset[Tile]], ...] = ()
    includes: tuple[frozenset[Tile], ...] = ()
    can_make: tuple[Pattern, ...] = ()
    cannot_make: tuple[Pattern, ...] = ()
    balanced: tuple[Pattern, ...] = ()
    best_low_below: int | None = None
    best_high_at_least: int | None = None
    play: tuple[Pattern, ...] = ()
    choose: str = "high"

    @property
    def label(self) -> str:
        return f"{self.name}: {self.text}" if self.text else self.name

    def applies(self, g: Grid) -> tuple[np.ndarray, Grid]:
        """Whether the rule's conditions hold for each combination, and ``g`` with the rule's pair."""
        applies = np.ones(len(g.c.faces), dtype=bool)
        if self.pair:
            g = _pair_kinds(g, self.pair, self.others_any, self.others)
            applies &= g.together.any(axis=1) | g.split.any(axis=1)
        if self.includes:
            applies &= _covers_all(g.c.faces, self.includes)
        if self.best_low_below is not None:
            applies &= g.low_score.max(axis=1) < self.best_low_below
        if self.best_high_at_least is not None:
            applies &= g.high_score.max(axis=1) >= self.best_high_at_least
        for pattern in self.can_make:
            applies &= pattern.mask(g).any(axis=1)
        for pattern in self.cannot_make:
            applies &= ~pattern.mask(g).any(axis=1)
        if self.balanced:
            rows, chosen = np.arange(len(g.c.faces)), g.balanced()
            for pattern in self.balanced:
                applies &= pattern.mask(g)[rows, chosen]
        return applies, g

    def table(self, g: Grid) -> np.ndarray:
        """The setting this rule gives every combination, -1 where it does not decide."""
        allowed = self.allowed(g)
        return np.where(allowed.any(axis=1), allowed.argmax(axis=1), -1)

    def allowed(self, g: Grid) -> np.ndarray:
        """(combinations, 3): the settings this rule allows, False where it does not decide: those meeting
        the first ``play`` pattern any setting meets, as strong as the strongest of them by ``choose`` (the
        file chooses by strength, so two settings of equal rank are equally its choice: two Gongs either
        way round, spec H4, issue 37 item 5); ``table`` takes the first of them."""
        applies, g = self.applies(g)
        allowed = np.zeros(g.c.high.shape[:2], dtype=bool)
        decided = np.zeros(len(g.c.faces), dtype=bool)
        strength = g.strength(self.choose)
        for pattern in self.play:
            met = pattern.mask(g) & applies[:, None]
            fresh = ~decided & met.any(axis=1)
            best = np.where(met, strength, -1).max(axis=1, keepdims=True)
            allowed[fresh] = (met & (strength == best))[fresh]
            decided |= fresh
        return allowed


@dataclass(frozen=True)
class CasinoDecision:
    """How a casino way sets four tiles: the setting and the casino's rule, or None for the regulation."""

    setting: Setting
    label: str | None
    #: the deciding rule's name (an explicit hand: its rule text; None: the regulation's steps)
    rule: str | None = None


# --- The file ----------------------------------------------------------------------------------------

_RULE_KEYS = ("name", "text", "pair", "others_any", "others", "includes", "can_make", "cannot_make", "balanced",
              "best_low_below", "best_high_at_least", "play", "choose")


def _choices() -> dict[str, Choice]:
    def paytables(p: Profile, v: Any) -> Profile:
        if not isinstance(v, dict):
            raise TrainerError("give the paytables as a table, e.g. { sum = \"B\" }")
        tables = dict(p.paytables)
        for wager, name in v.items():
            offered = p.paytables[one_of("side wager", wager, p.paytables)]  # (a profile without one names none)
            tables[wager] = (one_of(f"{wager} paytable", name, offered),)
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
        # JQ3: N.J.A.C. 19:47-10.2 has no zero-zero rule, and a New Jersey Rules Submission may add one;
        # 621a.3(g) and MD 3.H(2) decide it, so there it can only be confirmed
        Choice("zero_zero_to_banker", "whether two value-zero hands go to the dealer or bank (spec JQ3)",
               lambda p, v: replace(p, zero_zero_to_banker=one_of(
                   "choice", v, (True,) if p.zero_zero_to_banker else (False, True)))),
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
        for n, rule in enumerate(self.rules):
            mine = rule.table(grid())
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

    @cached_property
    def allowed(self) -> np.ndarray:
        """(8130, 3): the settings the casino's own rules and explicit hands allow for each hand by face
        (False where the regulation's steps decide): an explicit hand's setting, or every setting its rule
        allows (``Rule.allowed``)."""
        choice, decider = self.table
        mask = np.zeros((len(choice), 3), dtype=bool)
        mine = np.nonzero(decider >= 0)[0]
        mask[mine, choice[mine]] = True
        for n, rule in enumerate(self.rules):
            rows = np.nonzero(decider == n)[0]
            if len(rows):
                mask[rows] = rule.allowed(grid())[rows]
        return mask

    def _deciding(self, decider: int) -> Rule | HandException | None:
        if decider < 0:
            return None
        return self.rules[decider] if decider < len(self.rules) else self.exceptions[decider - len(self.rules)]

    def label_of(self, decider: int) -> str | None:
        """What a trainee is shown of a hand's deciding rule: its name and text (None: the regulation)."""
        found = self._deciding(decider)
        return found.label if isinstance(found, Rule) else found and found.rule

    def name_of(self, decider: int) -> str | None:
        """The name a hand's deciding rule goes by (an explicit hand: its rule text; None: the regulation)."""
        found = self._deciding(decider)
        return found.name if isinstance(found, Rule) else found and found.rule

    def hands_by_rule(self) -> dict[str | None, np.ndarray]:
        """Which rule decides each of the 8,130 hands by face: the rows of ``combos()`` (ascending) each
        rule decides, by the rule's name (rules of one name, e.g. a rule and its second case, together;
        explicit hands by their ``rule`` text), in the order the way tries them: explicit hands, the rules
        as written, then ``None``, the hands left to the regulation's steps. A rule that decides no hand
        is left out.

        >>> way = parse_casino_rules("t.toml", b'[casino]\\nname = "T"\\njurisdiction = "nj"\\n'
        ...     b'[[house_way.rule]]\\nname = "Teens high"\\nplay = "12 high"\\n')
        >>> {name: len(rows) for name, rows in way.hands_by_rule().items()}
        {'Teens high': 1446, None: 6684}
        """
        return self.grouped(self.name_of)

    def grouped(self, key: Callable[[int], Any]) -> dict[Any, np.ndarray]:
        """The rows each group of deciders decides, by ``key(decider)``, in the order the way tries them
        (explicit hands, the rules as written, then the regulation's steps); empty groups left out. One
        pass: a complete table has 8,130 explicit hands."""
        _, decider = self.table
        order = [*range(len(self.rules), len(self.rules) + len(self.exceptions)), *range(len(self.rules)), -1]
        keys: dict[Any, int] = {}
        group = np.empty(len(order), dtype=np.int64)
        for d in order:
            group[d + 1] = keys.setdefault(key(d), len(keys))
        of_row = group[decider + 1]
        rows = np.argsort(of_row, kind="stable")
        parts = np.split(rows, np.cumsum(np.bincount(of_row, minlength=len(keys)))[:-1])
        return {k: part for k, part in zip(keys, parts) if len(part)}

    def decide(self, tiles: Iterable[Tile]) -> CasinoDecision:
        """The setting this way gives four tiles, and the casino's rule (None: the regulation's steps)."""
        tiles = tuple(tiles)
        row = combos().row_of(tiles)
        choice, decider = self.table
        return CasinoDecision(setting_for(tiles, combos(), row, int(choice[row])), self.label_of(int(decider[row])),
                              self.name_of(int(decider[row])))

    @cached_property
    def house_way(self) -> HouseWay:
        """This way as a :class:`HouseWay`: the casino's own step, then the regulation's four."""
        first = Step(1, f"{self.casino} Rules Submission",
                     "The casino's own rules come first.", _CasinoStep(self), label="The casino's rules")
        # (the regulation's steps come after, named by their own numbers, as the Learn page names them)
        steps = (first, *(replace(s, number=s.number + 1, label=s.heading) for s in REGULATORY.steps))
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
        return self.rules.allowed

    def applies(self, setting: Setting) -> bool:
        row = combos().row_of(setting.tiles)
        mine = _by_face(setting)
        return any(self.rules.allowed[row, j] and _by_face(s) == mine
                   for j, s in enumerate(settings(combos().tiles(row))))

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

    def fail(key: str, problem: str) -> CasinoFileError:
        return reader.fail((*place, key), f"{key}: {problem}")

    others_any = parsed("others_any", tile_kind)
    others = _others(parsed("others", str), fail)
    if (others_any or others) and "pair" not in raw:
        raise fail("others" if others else "others_any", "'others' needs the rule's 'pair'")
    choose = raw.get("choose", "high")
    if choose not in CHOOSE:
        raise fail("choose", f"{choose!r} is none of {', '.join(map(repr, CHOOSE))}")
    for key in ("best_low_below", "best_high_at_least"):
        if len(parsed(key, str)) > 1:
            raise fail(key, "give one hand, e.g. \"3 over high 6\"")
    patterns = {key: parsed(key, Pattern.parse) for key in ("play", "can_make", "cannot_make", "balanced")}
    for key, found in patterns.items():
        if any(p.speaks_of_pair for p in found) and "pair" not in raw:
            raise fail(key, "'pair together' and 'pair split' need the rule's 'pair'")
    return Rule(
        reader.text((*place, "name"), raw["name"]), reader.text((*place, "text"), raw["text"]) if "text" in raw else "",
        reader.source.line_of(place), pair=parsed("pair", tile_kind),
        others_any=frozenset().union(*others_any) if others_any else None, others=others,
        includes=parsed("includes", tile_kind), best_low_below=(parsed("best_low_below", hand_threshold) or (None,))[0],
        best_high_at_least=(parsed("best_high_at_least", hand_threshold) or (None,))[0], choose=choose, **patterns)


def _others(texts: tuple[str, ...], fail: Callable[[str, str], CasinoFileError]) -> tuple:
    """``others``: two kinds (``["9", "11"]``), or alternatives each ``KIND and KIND`` (``["6 and 4", "6 and 5"]``)."""
    if not texts:
        return ()
    alternatives = [t.split(" and ") for t in texts] if any(" and " in t for t in texts) else [list(texts)]
    try:
        if any(len(a) != 2 for a in alternatives):
            raise NotationError("name the two other tiles, as [\"9\", \"11\"] or as alternatives "
                                "[\"6 and 4\", \"6 and 5\"]")
        return tuple((tile_kind(a), tile_kind(b)) for a, b in alternatives)
    except NotationError as exc:
        raise fail("others", str(exc)) from None


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


class Conflict(NamedTuple):
    """A rule that never decides a hand: how many hands it would decide alone, and which earlier rules
    (or explicit hands) take them, as (label, line, hands), most first."""

    rule: Rule
    alone: int
    takers: tuple[tuple[str, int | None, int], ...]


class Dominated(NamedTuple):
    """Hands a rule sets so that another setting of the same four tiles beats both hands: how many, and
    the first (its tiles, the setting played and one that beats it on both hands)."""

    label: str
    line: int | None
    hands: int
    tiles: str
    setting: str
    better: str


class FallThrough(NamedTuple):
    """Hands the file leaves to the regulation's step ``step``: how many, and the first few tiles."""

    step: int
    hands: int
    examples: tuple[str, ...]


@dataclass(frozen=True)
class Check:
    """What validation found: how many hands each rule decides (every one of the 8,130 hands by face
    set exactly once), the rules that never decide and what takes their hands, the settings beaten on
    both hands, the exceptions that repeat the rules, the departures, the hands left to the regulation."""

    hands: int
    decided: tuple[tuple[str, int | None, int], ...]
    idle_rules: tuple[Rule, ...]
    repeated: tuple[HandException, ...]
    departures: tuple[Departure, ...]
    conflicts: tuple[Conflict, ...] = ()
    dominated: tuple[Dominated, ...] = ()
    fall_through: tuple[FallThrough, ...] = ()

    @property
    def warnings(self) -> int:
        """The warnings ``casino-rules check --strict`` fails on: idle rules and dominated settings."""
        return len(self.idle_rules) + len(self.dominated)


@cache
def regulation_steps() -> tuple[np.ndarray, np.ndarray]:
    """The regulation's deciding step of each of the 8,130 hands (621a.8(d)(1)-(4)), and the settings
    it allows there (8,130 x 3)."""
    from trainer.rules.paigow.face_combos import _meets

    c = combos()
    allowed = np.zeros((len(c.faces), 3), dtype=bool)
    step = np.zeros(len(c.faces), dtype=np.int64)
    for s in REGULATORY.steps:
        meets = _meets(s.criterion, c)
        fresh = (step == 0) & meets.any(axis=1)
        allowed[fresh], step[fresh] = meets[fresh], s.number
    return allowed, step


def check(rules: CasinoRules) -> Check:
    """Validate a casino way over all 8,130 hands by face (docs/casino-rules.md, N.J.A.C. 19:47-10.7(e))."""
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
    allowed, step = regulation_steps()
    regulation = house_way_choices(REGULATORY)
    rows = np.nonzero(~allowed[np.arange(len(choice)), choice])[0]
    departures = tuple(map(Departure, tiles_texts(c, rows), setting_texts(c, rows, choice[rows]),
                           [rules.label_of(d) or "" for d in decider[rows].tolist()],
                           setting_texts(c, rows, regulation[rows]), step[rows].tolist()))
    idle = tuple(n for n in range(len(rules.rules)) if counts[1 + n] == 0)
    return Check(len(choice), tuple(decided), tuple(rules.rules[n] for n in idle), repeated, departures,
                 tuple(_conflict(rules, n, decider) for n in idle), _dominated_settings(rules, choice, decider),
                 tuple(_fall_through(c, step, decider < 0)))


def _conflict(rules: CasinoRules, n: int, decider: np.ndarray) -> Conflict:
    """Which earlier rules take the hands rule ``n`` would decide alone."""
    alone = rules.rules[n].table(grid()) >= 0
    takers = np.bincount(decider[alone] + 1, minlength=len(rules.rules) + len(rules.exceptions) + 1)
    found = []
    for d in np.argsort(-takers, kind="stable").tolist():
        if takers[d]:
            found.append((rules.label_of(d - 1) or "the regulation's steps", _line(rules, d - 1) if d else None,
                          int(takers[d])))
    return Conflict(rules.rules[n], int(alone.sum()), tuple(found))


def _dominated_settings(rules: CasinoRules, choice: np.ndarray, decider: np.ndarray) -> tuple[Dominated, ...]:
    """The settings the file's rules and hands play that another setting of the same tiles beats on both
    hands, by rule."""
    g = grid()
    rows = np.arange(len(choice))
    hs, ls = g.high_score, g.low_score
    beats = (hs > hs[rows, choice][:, None]) & (ls > ls[rows, choice][:, None])
    # the regulation's own steps are not the file's to answer for: only its rules and hands are listed
    beaten = np.nonzero(beats.any(axis=1) & (decider >= 0))[0]
    deciders, first, counts = np.unique(decider[beaten], return_index=True, return_counts=True)
    firsts = beaten[first]  # each decider's first hand (np.unique gives first occurrences)
    tiles, played = tiles_texts(g.c, firsts), setting_texts(g.c, firsts, choice[firsts])
    better = setting_texts(g.c, firsts, beats[firsts].argmax(axis=1))
    return tuple(Dominated(rules.label_of(d) or "", _line(rules, d), n, t, p, b)
                 for d, n, t, p, b in zip(deciders.tolist(), counts.tolist(), tiles, played, better))


def _line(rules: CasinoRules, d: int) -> int | None:
    return rules.rules[d].line if d < len(rules.rules) else rules.line_of(rules.exceptions[d - len(rules.rules)])


def _fall_through(c: Combos, step: np.ndarray, left: np.ndarray) -> list[FallThrough]:
    found = []
    for number in sorted(set(step[left].tolist())):
        rows = np.nonzero(left & (step == number))[0]
        found.append(FallThrough(number, len(rows), tuple(tiles_texts(c, rows[:3]))))
    return found


_TEXT = tuple(str(f) for f in FACES)


def tiles_texts(c: Combos, rows: np.ndarray) -> list[str]:
    return [" ".join(_TEXT[f] for f in faces) for faces in c.faces[rows].tolist()]


def setting_texts(c: Combos, rows: np.ndarray, js: np.ndarray) -> list[str]:
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
