"""Simulated players: seeded names, bankrolls, wagers within the table limits, and how they set.

A player sits at one of ``seat1``..``seat6`` (seat 1 farthest to the dealer's right, JQ18) and
places a Pai Gow Wager within the table limits, in whole steps (spec S1: integer cents), and
sometimes a side wager the profile offers (621a.5(e), JG7). Each player sets his four tiles by a
:class:`Policy`: the house way (621a.8(b): what the dealer tells a player who asks), the setting
of highest EV (spec W4, ``analysis``), or as a beginner who sometimes sets poorly. A player's
stronger hand is always his high hand (JQ32). All chance comes from one ``random.Random`` (spec R1).

>>> import random
>>> players = seat_players(random.Random(3), profile_named("pa-2019"), count=2)
>>> [p.seat for p in players], all(1000 <= p.wagers["pai_gow"] <= 50000 for p in players)
(['seat2', 'seat5'], True)
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Sequence, TypeVar

from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.paigow.hands import Setting, settings
from trainer.rules.paigow import setting_tables
from trainer.rules.paigow.house_way import REGULATORY, HouseWay, set_by_house_way
from trainer.rules.paigow.profiles import Profile, profile_named  # noqa: F401  (doctest)
from trainer.rules.paigow.settlement import SEATS
from trainer.rules.paigow.tiles import FACES, Tile

if TYPE_CHECKING:
    from trainer.rules.paigow.analysis import HandTable


class Policy(enum.StrEnum):
    """How a simulated player sets his tiles."""

    HOUSE_WAY = "house-way"
    OPTIMAL = "optimal"
    BEGINNER = "beginner"


#: Wager keys, as in the round's JSON: the Pai Gow Wager, then the side wagers (621a.5(d),(e)).
PAI_GOW = "pai_gow"
SIDE_KEYS = {"pair-fortunes": "pair_fortunes", "sum": "sum", "match": "match", "beat-it": "beat_it"}
DICE_WAGERS = ("sum", "match", "beat_it")

_NAMES = ("Ana", "Bo", "Chen", "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lena",
          "Mo", "Nia", "Oren", "Pia", "Quinn", "Rui", "Sam", "Tao", "Uma", "Vik", "Wen", "Yara")


@dataclass(frozen=True, slots=True)
class Limits:
    """Table limits of the Pai Gow Wager, in cents, and the step a wager is a multiple of."""

    minimum: int = 1000
    maximum: int = 50000
    step: int = 500

    def draw(self, rng: random.Random) -> int:
        """A wager from minimum to maximum in whole steps, small wagers likelier."""
        steps = (self.maximum - self.minimum) // self.step
        return self.minimum + self.step * min(int(rng.expovariate(4 / max(steps, 1))), steps)


DEFAULT_LIMITS = Limits()
#: Side wagers are smaller: $5 to $25 in $5 steps.
SIDE_LIMITS = Limits(500, 2500, 500)


@dataclass(frozen=True)
class SimPlayer:
    """One seated player: his wagers for the round (cents, by key), bankroll and habits."""

    seat: str
    name: str
    bankroll: int
    policy: Policy
    wagers: Mapping[str, int] = field(default_factory=dict)
    #: Chance of surrendering a hand he sees will lose (621a.8(e); the loss is the same, JQ25).
    surrender_rate: float = 0.0
    #: The value picked for a Match Wager (621a.5(e)(3)).
    match_pick: int = 1
    #: His Pai Gow Wager in the last round with no player bank, 0 if none (621a.9(d)(1),(h)).
    last_house_wager: int = 0

    @property
    def pai_gow(self) -> int:
        return self.wagers.get(PAI_GOW, 0)


def seat_players(rng: random.Random, profile: Profile, count: int | None = None, *,
                 limits: Limits = DEFAULT_LIMITS, include: Iterable[str] = (), dice_wagers: bool = True,
                 policies: Sequence[Policy] = tuple(Policy)) -> tuple[SimPlayer, ...]:
    """Seat ``count`` players (1-6; random if None) at random seats, those in ``include`` among them.

    Side wagers are only those the profile offers (JG7); dice wagers only with dice (JQ15).
    """
    if count is None:
        count = rng.randint(max(1, len(set(include))), len(SEATS))
    if not 1 <= count <= len(SEATS):
        raise TrainerError(f"a table seats 1 to {len(SEATS)} players, not {count}")
    fixed = list(dict.fromkeys(include))
    for seat in fixed:
        if seat not in SEATS:
            raise UnknownNameError("seat", seat, SEATS)
    if len(fixed) > count:
        raise TrainerError(f"{len(fixed)} seats named for {count} players")
    free = [s for s in SEATS if s not in fixed]
    seats = sorted(fixed + rng.sample(free, count - len(fixed)), key=SEATS.index)
    names = rng.sample(_NAMES, count)
    offered = [SIDE_KEYS[w] for w in profile.side_wagers if dice_wagers or SIDE_KEYS[w] not in DICE_WAGERS]
    return tuple(_player(rng, seat, name, limits, offered, policies) for seat, name in zip(seats, names))


def _player(rng: random.Random, seat: str, name: str, limits: Limits, offered: list[str],
            policies: Sequence[Policy]) -> SimPlayer:
    pai_gow = limits.draw(rng)
    wagers = {PAI_GOW: pai_gow} | {key: SIDE_LIMITS.draw(rng) for key in offered if rng.random() < 0.3}
    policy = rng.choice(tuple(policies))
    bankroll = pai_gow * rng.randint(8, 60)
    surrender = rng.choice((0.0, 0.0, 0.1, 0.3))
    return SimPlayer(seat, name, bankroll, policy, MappingProxyType(wagers), surrender, rng.randint(1, 6), pai_gow)


def policy_named(name: str) -> Policy:
    try:
        return Policy(name)
    except ValueError:
        raise UnknownNameError("policy", name, [p.value for p in Policy]) from None


# --- Setting the tiles --------------------------------------------------------------------------

_CANONICAL = {t: i for i, t in enumerate(FACES)}  # FACES is ordered by rank, then face


def canonical(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """The four tiles in one fixed order (rank, then face), so equal hands are set alike."""
    return tuple(sorted(tiles, key=_CANONICAL.__getitem__))


_HOUSE_WAY_SETTINGS: dict[tuple[str, bytes], Setting] = {}
_OPTIMAL_TABLES: dict[tuple[str, bool], HandTable] = {}
_OPTIMAL_SETTINGS: dict[tuple[str, bool, bytes], Setting] = {}
#: Hands analysed one by one per rule before the table of every hand is built (about 40 such hands' time).
_SINGLE_HANDS = 64
_ANALYSED: Counter[tuple[str, bool]] = Counter()
K = TypeVar("K")
V = TypeVar("V")


def _memo(store: dict[K, V], key: K, build: Callable[[], V]) -> V:
    """``store[key]``, built once. Keys name a house way by its name: hashing a ``HouseWay`` is slow."""
    if key not in store:
        store[key] = build()
    return store[key]


def _code(tiles: Iterable[Tile]) -> bytes:
    """The faces as small sorted integers, one byte each: a cache key that is quick to hash."""
    return bytes(sorted([t.low * 7 + t.high for t in tiles]))


@cache
def combo_keys() -> dict[bytes, int]:
    """Every four-tile hand by its faces (8,130 combinations of the 21 faces, 621a.3(h)), as its
    :func:`_code`, numbered as the stored tables number them (``setting_tables.HANDS``, sorted)."""
    hands = setting_tables.HANDS
    return {hands[i:i + 4]: i // 4 for i in range(0, len(hands), 4)}


def house_way_setting(tiles: Sequence[Tile], house_way: HouseWay = REGULATORY) -> Setting:
    """The house-way setting of four tiles (621a.8(d), spec W1-W2), cached by house-way name and faces;
    the named house ways' read from the stored table (``setting_tables``, ``set_by_house_way``'s own)."""
    key = (house_way.name, _code(tiles))
    setting = _HOUSE_WAY_SETTINGS.get(key)  # read for every hand of every round: no closure built
    if setting is None:
        faces = canonical(tiles)
        stored = setting_tables.HOUSE_WAY.get(house_way.name)
        setting = _HOUSE_WAY_SETTINGS[key] = (set_by_house_way(faces, house_way).setting if stored is None else
                                             settings(faces)[int(stored[combo_keys()[key[1]]])])
    return setting


def optimal_setting(tiles: Sequence[Tile], house_way: HouseWay = REGULATORY,
                    zero_zero_to_banker: bool = True) -> Setting:
    """The setting of highest EV against the dealer's house way (spec W4, ``analysis``).

    The named house ways are read from a stored table (``setting_tables``, the analysis's figures); for
    another house way the first hands are analysed one by one (a millisecond each, so the first round
    with an optimal player does not wait for every hand), later ones read from the table of every hand.
    """
    key = (house_way.name, zero_zero_to_banker, _code(tiles))
    setting = _OPTIMAL_SETTINGS.get(key)
    if setting is None:
        setting = _OPTIMAL_SETTINGS[key] = _analysed_setting(canonical(tiles), house_way, zero_zero_to_banker)
    return setting


def stored_optimal_setting(tiles: Sequence[Tile], house_way: HouseWay = REGULATORY,
                           zero_zero_to_banker: bool = True) -> Setting | None:
    """The optimal setting from the stored table (``setting_tables``), None for a house way it does not hold."""
    stored = setting_tables.OPTIMAL.get((house_way.name, zero_zero_to_banker))
    if stored is None:
        return None
    faces = canonical(tiles)  # the table's order of the tiles, so that ties are broken alike
    return settings(faces)[int(stored[combo_keys()[_code(faces)]])]


def _analysed_setting(faces: tuple[Tile, ...], house_way: HouseWay, zero_zero_to_banker: bool) -> Setting:
    """The optimal setting of ``faces`` (in the table's order, so that ties are broken alike): stored for
    the named house ways, else from the analysis."""
    stored = stored_optimal_setting(faces, house_way, zero_zero_to_banker)
    if stored is not None:
        return stored
    from trainer.rules.paigow import analysis  # numpy: only for a house way of one's own

    rule = (house_way.name, zero_zero_to_banker)
    _ANALYSED[rule] += 1
    if _ANALYSED[rule] <= _SINGLE_HANDS:
        result = analysis.analyze_hand(faces, house_way, zero_zero_to_banker)
        return result.settings[result.optimal]
    table = _memo(_OPTIMAL_TABLES, rule, lambda: analysis.hand_table(house_way, zero_zero_to_banker))
    return settings(faces)[int(table.optimal[table.row_of(faces)])]


def choose_setting(policy: Policy, tiles: Sequence[Tile], rng: random.Random, *,
                   house_way: HouseWay = REGULATORY, zero_zero_to_banker: bool = True,
                   blunder_rate: float = 0.3) -> Setting:
    """Set four tiles by ``policy``; a beginner picks one of the three settings at random
    ``blunder_rate`` of the time (621a.8(a),(b), JQ32)."""
    if policy is Policy.OPTIMAL:
        return optimal_setting(tiles, house_way, zero_zero_to_banker)
    if policy is Policy.BEGINNER and rng.random() < blunder_rate:
        return rng.choice(settings(tiles))
    return house_way_setting(tiles, house_way)

