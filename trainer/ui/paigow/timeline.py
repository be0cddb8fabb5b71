"""A round as a list of frames: the engine's moves turned into places on the drawn table.

Every tile movement comes from the engine (:mod:`trainer.rules.paigow.delivery`): ``form_stacks`` for the
woodpile and ``DeliveryPlan.moves`` for the cut, the indication, the number, the count, the
deliveries and the marker. This module only maps the engine's places (``InMix``, ``InPile``,
``AtPosition``) to scene coordinates and pairs each move with its caption and citation. The one
step it adds is the mixing swirl before the stacking (621a.4(c)): pure presentation, it ends in the
engine's own mixed state.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from trainer.rules.paigow.delivery import (
    DEFAULT_STYLE, AtPosition, DeliveryPlan, InMix, InPile, Move, MoveKind, TableState, deal, form_stacks,
    plan_delivery,
)
from trainer.rules.paigow.dice import Roll, subsection
from trainer.rules.paigow.house_way import Decision, HouseWay, house_way_named, set_by_house_way
from trainer.rules.paigow.players import SIDE_KEYS
from trainer.rules.paigow.positions import Position, receiving_order
from trainer.rules.paigow.profiles import DEFAULT_PROFILE, Profile, profile_named
from trainer.rules.paigow.tiles import TILE_SET
from trainer.ui.paigow import table_layout as L
from trainer.ui.paigow.table_scene import Frame, Placement

#: Base duration of each kind of step at 1x speed, in milliseconds.
DURATIONS = {
    "mix": 2600, "form_stacks": 1100, "cut": 1200, "say": 1100, "roll": 1700, "count": 2400,
    "push": 650, "stack_onto": 900, "lay_diagonal": 900, "center": 900, "close_gap": 700,
    "deliver": 950, "mark": 500, "expose": 1300,
}

#: The turn of the pin-say tile laid diagonally across three stacks (degrees).
DIAGONAL_TURN = 68.0


@dataclass(frozen=True)
class Step:
    """One step of the animation: what it shows after it, its caption and its citation."""

    caption: str
    citation: str
    kind: str
    frame: Frame
    move: Move | None = None

    @property
    def from_plan(self) -> bool:
        """True for the steps of the delivery plan itself (not the mixing and stacking prelude)."""
        return self.move is not None and self.move.kind is not MoveKind.FORM_STACKS

    @property
    def duration(self) -> int:
        return DURATIONS.get(self.kind, 800)


@dataclass(frozen=True)
class Timeline:
    plan: DeliveryPlan
    initial: Frame
    steps: tuple[Step, ...]

    def frame_at(self, index: int) -> Frame:
        """The frame after ``index`` steps (0 = before the first)."""
        return self.initial if index <= 0 else self.steps[min(index, len(self.steps)) - 1].frame

    @property
    def plan_offset(self) -> int:
        """How many prelude steps (mixing and stacking) come before the plan's first move."""
        return next((i for i, s in enumerate(self.steps) if s.from_plan), len(self.steps))

    def __len__(self) -> int:
        return len(self.steps)

    def index_after_move(self, move: int | None) -> int:
        """The step index showing the table after ``move`` moves of the plan (None = the very end)."""
        if move is None:
            return len(self.steps)
        return self.plan_offset + max(0, min(move, len(self.plan.moves)))


@dataclass(frozen=True)
class RoundChoice:
    """What the user picked: style, woodpile seed, dice (``"3,2,4"``, a total, or None for random
    dice from the seed), the bank's seat (None = house bank) and the profile."""

    style: str = DEFAULT_STYLE
    seed: int = 1
    dice: str | None = None
    bank: str | None = None
    profile: str = DEFAULT_PROFILE


def plan_for(choice: RoundChoice, style: str | None = None) -> DeliveryPlan:
    """The engine's plan for ``choice`` (or the same woodpile and dice dealt in ``style``).

    The woodpile and, unless picked, the dice come from one ``random.Random(seed)``, so two styles
    chosen with the same seed deal the same woodpile with the same dice (side-by-side mode).
    """
    roll = Roll.parse(choice.dice) if choice.dice else None
    base = deal(random.Random(choice.seed), DEFAULT_STYLE, profile=choice.profile, roll=roll, bank=choice.bank)
    return plan_delivery(base.stacked, style or choice.style, base.roll, profile=choice.profile, bank=choice.bank)


# --- engine places -> scene placements -----------------------------------------------------------

def mix_spot(spot: int) -> tuple[float, float, float]:
    """Centre and turn of mixing spot 0..31: a loose sunflower scatter in the middle of the felt."""
    golden = math.pi * (3 - math.sqrt(5))
    r = L.MIX_RADIUS * math.sqrt((spot + 0.6) / len(TILE_SET))
    a = spot * golden
    return (L.MIX_CENTER[0] + r * math.cos(a) * 1.35, L.MIX_CENTER[1] + r * math.sin(a) * 0.9,
            (spot * 47) % 180 - 90.0)


def _pile_y(forward: int) -> float:
    return L.CENTER_Y if forward >= 2 else L.ROW_Y - forward * L.PUSH


def placement(place, columns: dict) -> Placement:
    """Where the engine's place is drawn. ``columns[position]`` is how many columns it holds."""
    if isinstance(place, InMix):
        x, y, turn = mix_spot(place.spot)
        return Placement(x, y, 0, False, turn)
    if isinstance(place, InPile):
        x = L.row_x(place.x + 1)
        return Placement(x, _pile_y(place.forward), place.level, False, DIAGONAL_TURN if place.diagonal else 0.0)
    if isinstance(place, AtPosition):
        key = str(place.position)
        x, y = L.spot_slots(key, columns.get(key, 1))[place.column]
        return Placement(x, y, place.level)
    raise TypeError(f"unknown place {place!r}")


def state_tiles(state: TableState) -> dict[int, Placement]:
    columns: dict[str, int] = {}
    for p in state.places:
        if isinstance(p, AtPosition):
            key = str(p.position)
            columns[key] = max(columns.get(key, 0), p.column + 1)
    return {tid: placement(p, columns) for tid, p in enumerate(state.places)}


def stack_labels(state: TableState) -> dict[str, tuple[float, float]]:
    """Where each stack's name is written: under it, or above it when it sits on another stack."""
    lowest: dict[str, InPile] = {}
    for p in state.places:
        if isinstance(p, InPile) and not p.diagonal:
            if p.stack not in lowest or p.level < lowest[p.stack].level:
                lowest[p.stack] = p
    out = {}
    for name, p in lowest.items():
        x, y = L.row_x(p.x + 1), _pile_y(p.forward)
        if p.level >= 4:
            out[name] = (x, y - L.TILE_H / 2 - 8 * L.TILE_T - 16)
        else:
            out[name] = (x, y + L.TILE_H / 2 + L.TILE_T + 16)
    return out


def neat_rows() -> dict[int, Placement]:
    """The tiles face down in four rows before the mix (turned over after inspection, 621a.4(c))."""
    out = {}
    for tid in range(len(TILE_SET)):
        row, col = divmod(tid, 8)
        # clear of every position's spot: below seats 3 and 4, between seats 2 and 5
        out[tid] = Placement(L.MIX_CENTER[0] + (col - 3.5) * (L.TILE_W + 8), 546.0 + (row - 1.5) * (L.TILE_H + 2), 0)
    return out


# --- building the timeline ------------------------------------------------------------------------

def build_timeline(plan: DeliveryPlan, prelude: bool = True, expose: bool = True,
                   profile: Profile | None = None) -> Timeline:
    """The steps of ``plan``: optionally mixing and stacking first, then every move of the plan, then
    (``expose``) the dealer's hand turned up and set by the house way, as it lies later in the round.
    ``profile``: the profile in force when it is not the plan's by name (one a casino's rules amend, whose
    house way sets the dealer's hand)."""
    profile = profile or profile_named(plan.profile)
    steps: list[Step] = []
    if prelude:
        mixed, form_moves = form_stacks(plan.stacked, profile)
        initial = Frame(neat_rows())
        state = mixed
        steps.append(Step("Mix the tiles face down", subsection(profile, "mix", "c"), "mix",
                          Frame(state_tiles(state))))
        for move in form_moves:
            state = state.apply(move)
            steps.append(Step(move.caption, move.citation, move.kind.value,
                              Frame(state_tiles(state), labels=stack_labels(state),
                                    moving=frozenset(move.tiles)), move))
        assert state == plan.initial_state()
    state = plan.initial_state()
    first = Frame(state_tiles(state), labels=stack_labels(state))
    if not prelude:
        initial = first
    extras = _Extras()
    for move in plan.moves:
        state = state.apply(move)
        frame = extras.after(move, plan, Frame(state_tiles(state), labels=stack_labels(state),
                                               moving=frozenset(move.tiles)))
        steps.append(Step(move.caption, move.citation, move.kind.value, frame, move))
    if expose:
        steps.append(_expose_dealer(profile, state, steps[-1].frame))
    # the side wagers' spots are the layout's: on the felt all through (621a.5)
    side = side_spots(profile)
    return Timeline(plan, initial.with_(side_spots=side),
                    tuple(replace(step, frame=step.frame.with_(side_spots=side)) for step in steps))


def side_spots(profile: Profile) -> tuple[str, ...]:
    """The side wagers ``profile`` offers, as the round names them: a spot each by every betting circle."""
    return tuple(SIDE_KEYS[w] for w in profile.side_wagers)


def _way_and_rule(profile: Profile, way: HouseWay, decision: Decision) -> str:
    """What set the dealer's hand: "the house way (section)"; under a casino's rules, its way and the
    casino's rule that decided, or the regulation's section where its rules leave the hand to the steps."""
    if not profile.casino_sha256:
        return f"the house way ({decision.citation})"
    step = way.steps[decision.step - 1]
    rule = step.criterion.why(decision.setting) if decision.step == 1 else decision.citation
    return f"the {way.title} ({rule})"


def _expose_dealer(profile: Profile, state: TableState, last: Frame) -> Step:
    """The dealer's four tiles face up, set by the profile's house way (the engine's decision; a casino's
    way under its Rules Submission, 621a.8(b), N.J.A.C. 19:47-10.7(e)): the high hand on the dealer's
    right, the low hand on his left, turned across when the profile's text says "perpendicular"
    (621a.8(c))."""
    ids = list(state.at(Position.DEALER))
    way = house_way_named(profile.default_house_way)
    decision = set_by_house_way([TILE_SET[i] for i in ids], way, profile)

    def take(face) -> int:
        tid = next(i for i in ids if TILE_SET[i] == face)
        ids.remove(tid)
        return tid

    spot = L.SPOTS["dealer"]
    across = "perpendicular" in profile.dealer_hand_placement
    tiles = dict(last.tiles)
    half, step = 5 + L.TILE_W / 2, L.TILE_W + 6  # the hands 10 apart, their tiles 6
    for k, face in enumerate(decision.setting.high.tiles):
        tiles[take(face)] = Placement(spot.x + half + k * step, spot.y - 8, 0, True)
    for k, face in enumerate(decision.setting.low.tiles):
        if across:
            tiles[take(face)] = Placement(spot.x - 5 - L.TILE_H / 2, spot.y - 8 + (k - 0.5) * (L.TILE_W + 8), 0, True, 90.0)
        else:
            tiles[take(face)] = Placement(spot.x - half - (1 - k) * step, spot.y - 8, 0, True)
    caption = (f"Later in the round the dealer's tiles are turned up and set by {_way_and_rule(profile, way, decision)}"
               f": {decision.setting}; {profile.dealer_hand_placement}")
    frame = last.with_(tiles=tiles, marker=None, highlight=("dealer",), moving=frozenset(state.at(Position.DEALER)),
                       count_path=())
    return Step(caption, profile.cite("dealer_hands"), "expose", frame)


class _Extras:
    """Carries the dice, shaker, marker and badges from one frame to the next."""

    def __init__(self) -> None:
        self.dice: tuple[int, ...] = ()
        self.number = ""
        self.shaker = "rest"
        self.marker: str | None = None
        self.badges: dict[str, str] = {}

    def after(self, move: Move, plan: DeliveryPlan, frame: Frame) -> Frame:
        highlight: tuple[str, ...] = ()
        path: tuple[str, ...] = ()
        kind = move.kind
        if kind is MoveKind.ROLL:
            self.dice = move.dice
            self.shaker = "open" if move.dice else "rest"
            self.number = "" if move.dice else str(plan.roll.total)
        elif kind is MoveKind.COUNT:
            order = receiving_order(plan.origin)
            path = tuple(str(order[k % len(order)]) for k in range(plan.roll.total))
            start = str(move.position)
            self.badges = {start: str(plan.roll.total)}
            highlight = (start,)
        elif kind is MoveKind.DELIVER:
            key = str(move.position)
            self.badges = {k: v for k, v in self.badges.items() if v.startswith("#")}
            self.badges[key] = f"#{move.number}"
            highlight = (key,)
        elif kind is MoveKind.MARK:
            self.marker = move.marker or "marker"
            highlight = (str(move.position),)
        colours = tuple(str(c) for c in plan.roll.colours) if self.dice else ()
        return frame.with_(dice=self.dice, dice_colours=colours, shaker=self.shaker, number=self.number,
                           marker=self.marker, highlight=highlight, counts=dict(self.badges), count_path=path)

