"""Delivery plans: the ten delivery styles as the dealer's physical moves, tile by tile.

A :class:`DeliveryPlan` is built from the woodpile, an optional cut, the number (dice or RNG), the
origin of the count and a style (spec D5.1). It holds the start position, the eight
:class:`Delivery` records #1..#8 (delivery #k goes to P_k, the k-th position counterclockwise from
the start; 621a.6(d), 621a.9(k); spec D3.4) and the ordered :class:`Move` list that an animation
plays and a "narrate this delivery" drill reads aloud. The UI decides nothing; it renders the plan.

Data model, for the animation
-----------------------------
* Tiles are the 32 physical tile ids 0..31 (index into ``TILE_SET``); duplicates stay distinct.
* Every tile always has one :data:`Place`:

  - :class:`InPile` -- still in the woodpile area. ``stack``/``layer`` name it as in spec D2.2
    (``S3``/2; names stay with the tiles, even when a stack is moved or set on another one);
    ``x`` is its column counted in stack widths from the dealer's RIGHT end of the row (S1 starts at
    0, S8 at 7; draw it at ``right_edge - x``); ``level`` is the number of tiles under it (0 on
    the felt, 4..7 on top of another stack); ``forward`` is 0 in the row, 1 pushed slightly
    forward toward the players, 2 centred in front of the row; ``diagonal`` marks the pin-say tile
    laid across three stacks (its ``x`` is the middle one of the three).
  - :class:`InMix` -- face down in the mix, before stacking (only in :func:`form_stacks`).
  - :class:`AtPosition` -- delivered: ``position``, ``column`` (0 = the part that was on the
    dealer's right) and ``level`` (0 on the felt). A whole stack arrives as one column of four, two
    half stacks as two columns of two, a slice as a row of four (spec D5.3).

* A :class:`Move` is one hand movement of the dealer (or one spoken/number step): its
  :class:`MoveKind`, :class:`Phase`, a plain-words ``caption``, a ``citation`` and its ``steps``,
  one :class:`TileStep` (tile, ``before``, ``after``) per tile it moves. Moves that move no tile
  (``say``, ``roll``, ``count``, ``mark``) have no steps.
* A :class:`TableState` is where all 32 tiles are (and the marker). ``state.apply(move)`` steps
  forward, ``state.undo(move)`` steps back; both check that the move fits the state. A UI tweens
  each tile from ``step.before`` to ``step.after``. ``plan.states()`` gives all len(moves)+1 states.

>>> from trainer.rules.paigow.dice import Roll
>>> plan = plan_delivery(Woodpile.fixture(), "cup-say-right", Roll.parse("3,2,4"))
>>> str(plan.start), [sorted(d.tiles) for d in plan.deliveries][:2]
('dealer', [[0, 1, 4, 5], [2, 3, 6, 7]])
>>> [m.kind.value for m in plan.moves][:6]
['say', 'push', 'roll', 'count', 'deliver', 'mark']
>>> plan.final_state().at(Position.DEALER)
(0, 1, 4, 5)
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, Callable, Iterator

from trainer.rules.paigow.dice import (Method, NoRoll, Roll, check_method, dice_colours, fault_citation, roll as roll_dice, shaken_by,
                                subsection)
from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.paigow.positions import Position, receiving_order, start_position
from trainer.rules.paigow.profiles import ALL_STYLES, DEFAULT_PROFILE, Profile, profile_named
from trainer.rules.paigow.tiles import TILE_SET, Tile
from trainer.rules.paigow.woodpile import LAYERS, STACK_NAMES, Cut, End, Woodpile, mix_and_stack, span_name


class Phase(enum.StrEnum):
    """The part of the round a move belongs to, in the order of spec D4.4."""

    #: The mixed tiles are formed into eight stacks (621a.4(d)); see :func:`form_stacks`.
    STACK = "stack"
    CUT = "cut"
    #: "No more bets" (621a.6(a), 621a.9(i)).
    CALL = "call"
    INDICATE = "indicate"
    NUMBER = "number"
    DEAL = "deal"


class MoveKind(enum.StrEnum):
    """The primitive moves of spec D5.2, plus the spoken and number steps around them."""

    #: Four tiles picked up with each hand from the mix and set down as two stacks (621a.4(d)).
    FORM_STACKS = "form_stacks"
    #: Stacks change places at the bank's direction, then are renamed S1..S8 (621a.9(g)).
    CUT = "cut"
    #: Something the dealer says or signals: "no more bets", nj's verbal repeat (10.8(i)).
    SAY = "say"
    #: One shake or RNG draw; a no roll is its own ROLL move (621a.10(a),(b)).
    ROLL = "roll"
    #: The count from the origin to the start position (621a.6(c), 621a.9(j)).
    COUNT = "count"
    #: Slide stacks or tiles a short way forward without lifting them (the usual indication).
    PUSH = "push"
    #: Lift a whole stack and set it squarely on another, making a tall stack (dragon head).
    STACK_ONTO = "stack_onto"
    #: Lay one tile diagonally across the tops of three stacks (pin say).
    LAY_DIAGONAL = "lay_diagonal"
    #: Slide two stacks out in front of the row and together at its middle (chee yee).
    CENTER = "center"
    #: Slide the remaining stacks toward the middle until the row has no gap (jung quat).
    CLOSE_GAP = "close_gap"
    #: Move four tiles together, face down, to one position.
    DELIVER = "deliver"
    #: Put the marker, or the dealer's wager, on the tiles just delivered to the dealer.
    MARK = "mark"


@dataclass(frozen=True, slots=True)
class InPile:
    """A tile still in the woodpile area; see the module docstring for the coordinates."""

    stack: str
    layer: int
    x: int
    level: int
    forward: int = 0
    diagonal: bool = False

    @property
    def address(self) -> str:
        """``S3/2``, the tile's name in the spec's notation (D2.2)."""
        return f"{self.stack}/{self.layer}"

    def moved(self, *, x: int | None = None, level: int | None = None, forward: int | None = None,
              diagonal: bool | None = None) -> InPile:
        """The same tile, keeping its name, with the given coordinates changed (a quick ``replace``)."""
        return InPile(self.stack, self.layer, self.x if x is None else x, self.level if level is None else level,
                      self.forward if forward is None else forward, self.diagonal if diagonal is None else diagonal)


@dataclass(frozen=True, slots=True)
class AtPosition:
    """A tile delivered to ``position``, at ``column`` (0 = dealer's right part) and ``level``."""

    position: Position
    column: int
    level: int


@dataclass(frozen=True, slots=True)
class InMix:
    """A tile lying face down in the mixing area, at ``spot`` 0..31 (the UI lays the spots out)."""

    spot: int


Place = InPile | AtPosition | InMix

#: The places of the untouched row, ``_IN_ROW[x][layer - 1]``, built once (places are immutable).
_IN_ROW = tuple(tuple(InPile(name, layer, x, LAYERS - layer) for layer in range(1, LAYERS + 1))
                for x, name in enumerate(STACK_NAMES))


@dataclass(frozen=True, slots=True)
class TileStep:
    """One tile of a move, from ``before`` to ``after``."""

    tile: int
    before: Place
    after: Place


@dataclass(frozen=True)
class Move:
    """One step of the round as the dealer performs it, in order (spec D5.2)."""

    kind: MoveKind
    phase: Phase
    #: Plain words for the trainee and for narration, e.g. "Push S1 and S2 forward".
    caption: str
    #: Where the rule is written, e.g. "621a.7(4), spec §D6.5".
    citation: str
    steps: tuple[TileStep, ...] = ()
    #: The stacks the move names, in the order the text counts them (push(S1, S2), stack_onto(A, B)).
    stacks: tuple[str, ...] = ()
    #: DELIVER and MARK: the receiving position; COUNT: the start position.
    position: Position | None = None
    #: DELIVER: the delivery number #1..#8.
    number: int | None = None
    #: MARK: what goes on the dealer's tiles, "marker" or "wager" (621a.6(d), 621a.9(h)).
    marker: str | None = None
    #: ROLL: the dice as they lay (empty for an RNG number).
    dice: tuple[int, ...] = ()

    @property
    def tiles(self) -> tuple[int, ...]:
        """The ids of the tiles this move moves, in order."""
        return tuple(s.tile for s in self.steps)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (places as small dicts, enums as their values)."""
        data: dict[str, Any] = {"kind": self.kind.value, "phase": self.phase.value, "caption": self.caption,
                                "citation": self.citation}
        if self.stacks:
            data["stacks"] = list(self.stacks)
        if self.position is not None:
            data["position"] = str(self.position)
        if self.number is not None:
            data["number"] = self.number
        if self.marker:
            data["marker"] = self.marker
        if self.dice:
            data["dice"] = list(self.dice)
        if self.steps:
            data["tiles"] = [s.tile for s in self.steps]
            data["steps"] = [{"tile": s.tile, "from": place_dict(s.before), "to": place_dict(s.after)}
                             for s in self.steps]
        return data


def place_dict(place: Place) -> dict[str, Any]:
    """A place as a JSON-ready dict with a ``where`` key: ``pile``, ``position`` or ``mix``."""
    if isinstance(place, InMix):
        return {"where": "mix", "spot": place.spot}
    if isinstance(place, AtPosition):
        return {"where": "position", "position": str(place.position), "column": place.column, "level": place.level}
    return {"where": "pile", "stack": place.stack, "layer": place.layer, "x": place.x, "level": place.level,
            "forward": place.forward, "diagonal": place.diagonal}


@dataclass(frozen=True, slots=True)
class Delivery:
    """Delivery #``number``: four tile ids (in the order of spec D5.3) to ``position``."""

    number: int
    position: Position
    tiles: tuple[int, ...]
    #: Where the tiles came from, in the spec's notation, e.g. ``S1/1-2 + S2/1-2``.
    source: str = ""

    def faces(self) -> tuple[Tile, ...]:
        return tuple(TILE_SET[i] for i in self.tiles)


@dataclass(frozen=True)
class TableState:
    """Where every tile is: ``places[id]``, and what lies on the dealer's tiles (``marker``)."""

    places: tuple[Place, ...]
    marker: str | None = None

    @classmethod
    def of_woodpile(cls, woodpile: Woodpile) -> TableState:
        """The eight stacks standing in their row, untouched."""
        places = {tile: place for row, stack in zip(_IN_ROW, woodpile.stacks) for place, tile in zip(row, stack)}
        return cls(tuple(places[tile] for tile in range(len(TILE_SET))))

    def place(self, tile: int) -> Place:
        return self.places[tile]

    def at(self, position: Position) -> tuple[int, ...]:
        """The ids at ``position``, by column then from the top down."""
        here = [(p.column, -p.level, i) for i, p in enumerate(self.places)
                if isinstance(p, AtPosition) and p.position == position]
        return tuple(i for _, _, i in sorted(here))

    def in_pile(self, stack: str | None = None) -> tuple[int, ...]:
        """The ids still in the woodpile area (of one stack, if named), top of each stack first."""
        here = [(p.stack, p.layer, i) for i, p in enumerate(self.places)
                if isinstance(p, InPile) and stack in (None, p.stack)]
        return tuple(i for _, _, i in sorted(here))

    def apply(self, move: Move) -> TableState:
        """The state after ``move``; a ValueError if the move does not start from this state."""
        return self._moved(move, forward=True)

    def undo(self, move: Move) -> TableState:
        """The state before ``move``, given the state after it."""
        return self._moved(move, forward=False)

    def _moved(self, move: Move, forward: bool) -> TableState:
        places = list(self.places)
        for step in move.steps:
            src, dst = (step.before, step.after) if forward else (step.after, step.before)
            if places[step.tile] != src:
                raise ValueError(f"move '{move.caption}': tile {step.tile} is at {places[step.tile]}, not {src}")
            places[step.tile] = dst
        marker = self.marker
        if move.kind is MoveKind.MARK:
            if (self.marker is None) != forward:
                raise ValueError(f"move '{move.caption}' does not fit the marker state {self.marker!r}")
            marker = move.marker if forward else None
        return TableState(tuple(places), marker)


@dataclass(frozen=True)
class DeliveryPlan:
    """A whole deal: the woodpile, cut, number, count and style, and the moves that perform it."""

    style: str
    profile: str
    #: The woodpile as stacked (621a.4(d)), before any cut; the first state of :meth:`states`.
    stacked: Woodpile
    cut: Cut | None
    #: The woodpile the style works on: after the cut, renamed S1..S8 (spec D2.2).
    woodpile: Woodpile
    roll: Roll
    #: Number one of the count: the dealer, or the bank's seat (621a.6(c), 621a.9(j)).
    origin: Position
    bank: Position | None
    start: Position
    deliveries: tuple[Delivery, ...]
    moves: tuple[Move, ...] = field(repr=False)

    def initial_state(self) -> TableState:
        return TableState.of_woodpile(self.stacked)

    def states(self) -> Iterator[TableState]:
        """The state before the first move, then after each move (len(moves) + 1 states)."""
        state = self.initial_state()
        yield state
        for move in self.moves:
            state = state.apply(move)
            yield state

    def final_state(self) -> TableState:
        *_, last = self.states()
        return last

    def delivery_to(self, position: Position) -> Delivery:
        return next(d for d in self.deliveries if d.position == position)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form: the number, the count, the deliveries (tile names and ids) and the moves."""
        return {
            "profile": self.profile, "style": self.style,
            "woodpile": str(self.stacked), "cut": str(self.cut) if self.cut else None,
            "dealt_from": str(self.woodpile),
            "dice": list(self.roll.dice), "dice_colours": [str(c) for c in self.roll.colours] if self.roll.dice else [],
            "method": str(self.roll.method), "shaken_by": self.roll.by,
            "no_rolls": [{"dice": list(a.dice), "fault": str(a.fault)} for a in self.roll.no_rolls],
            "total": self.roll.total, "origin": str(self.origin), "bank": str(self.bank) if self.bank else None,
            "start": str(self.start),
            "deliveries": [{"number": d.number, "position": str(d.position), "tiles": [str(t) for t in d.faces()],
                            "ids": list(d.tiles), "from": d.source} for d in self.deliveries],
            "moves": [m.to_dict() for m in self.moves],
        }


def _profile(profile: Profile | str) -> Profile:
    return profile if isinstance(profile, Profile) else profile_named(profile)


# --- Styles: names, sections, who may use them --------------------------------------------------

DEFAULT_STYLE = ALL_STYLES[0]


def style_name(style: str, profile: Profile) -> str:
    """The style's name as ``profile``'s text writes it (JV3).

    >>> style_name("cup-say-left", profile_named("md")), style_name("jung-quat", profile_named("nj"))
    ('Cup Say From the Left', 'Jung quat (take the heart)')
    """
    return profile.style_names[check_style_name(style)]


def check_style_name(style: str) -> str:
    if style not in ALL_STYLES:
        raise UnknownNameError("delivery style", style, ALL_STYLES)
    return style


def style_section(style: str, profile: Profile, bank_round: bool) -> str:
    """The section that describes ``style``: 621a.7(n), md 7.B(n), nj 10.8(k)n; the default deal is 621a.6(d).

    nj numbers all ten styles after "10.8(k)" and, the bank's choice (10.8(i)), uses them only in bank
    rounds; pa and md number the nine alternatives and deal the default by 621a.6(d) (spec D6 table).

    >>> [style_section("jung-quat", profile_named(p), True) for p in ("pa-2019", "md", "nj")]
    ['621a.7(4)', 'MD 7.B(4)', 'N.J.A.C. 19:47-10.8(k)5']
    """
    check_style_name(style)
    if style not in profile.numbered_styles or not bank_round and profile.style_chooser == "bank":
        return profile.cite("deal")
    number = profile.numbered_styles.index(style) + 1
    return profile.cite("styles") + profile.style_number.format(n=number)


def indicates(style: str, profile: Profile, bank_round: bool) -> bool:
    """Whether the deal opens with the style's indication (spec D4.3).

    pa/md ("alternative-styles"): the nine alternatives do, the default deal of 621a.6(d) does not.
    nj ("bank-rounds"): all ten do in a player-bank round, with the spoken repeat (10.8(i)).
    """
    if profile.indication == "bank-rounds":
        return bank_round
    return style != DEFAULT_STYLE


def check_round(profile: Profile, style: str, bank: Position | None, cut: Cut | None) -> None:
    """Raise a :class:`TrainerError` unless this profile allows this style, bank and cut together."""
    check_style_name(style)
    if style not in profile.styles:
        raise TrainerError(f"profile {profile.name} does not offer the style {style} "
                           f"(offered: {', '.join(profile.styles)})")
    if bank is not None and not profile.player_bank:
        raise TrainerError(f"profile {profile.name} has no player bank")
    if bank is not None and not bank.is_seat:
        raise TrainerError(f"only a player at seat1..seat6 can bank, not {bank} ({profile.cite('bank')})")
    if bank is None and style != DEFAULT_STYLE and profile.style_chooser == "bank":
        raise TrainerError(f"in {profile.name} only a bank chooses a style; a house-banked round is dealt "
                           f"{DEFAULT_STYLE} ({profile.cite('deal')})")
    if bank is None and cut is not None:
        raise TrainerError(f"only a player bank may cut ({profile.cite('cut')}, spec JQ30)")


# --- Building a plan ------------------------------------------------------------------------------

def _spec(style: str) -> str:
    return f"spec §D6.{ALL_STYLES.index(style) + 1}"


def _by_stack(tiles: tuple[int, ...], places: list[Place]) -> dict[str, list[int]]:
    """The tiles (all in the woodpile area) grouped by stack, stacks and tiles in the order given."""
    groups: dict[str, list[int]] = {}
    for tile in tiles:
        groups.setdefault(places[tile].stack, []).append(tile)  # type: ignore[union-attr]
    return groups


@cache
def _arrivals(position: Position) -> tuple[tuple[AtPosition, ...], ...]:
    """The places at ``position``, ``[column][level]``, for a delivery of four tiles; built once (immutable)."""
    return tuple(tuple(AtPosition(position, column, level) for level in range(LAYERS)) for column in range(LAYERS))


def describe_tiles(groups: dict[str, list[int]], places: list[Place]) -> str:
    """Name tiles grouped by stack (:func:`_by_stack`), e.g. ``S1/1-2 + S2/1-2``, ``S4`` for a whole stack."""
    parts = []
    for stack, group in groups.items():
        layers = [places[t].layer for t in group]  # type: ignore[union-attr]
        if len(layers) == LAYERS:
            parts.append(stack)
        else:
            span = f"{min(layers)}-{max(layers)}" if len(layers) > 1 else str(layers[0])
            parts.append(f"{stack}/{span}")
    return " + ".join(parts)


class _Builder:
    """Performs a style on the tiles' working places, recording each move as it goes.

    Each move is built from the tiles' current places, so its ``before`` places are right by
    construction and the plan replays exactly.
    """

    def __init__(self, woodpile: Woodpile, start: Position, citation: str, number: list[Move], mark: Move) -> None:
        self.places = list(TableState.of_woodpile(woodpile).places)
        #: The tiles of each stack still in the woodpile area, top first (names stay with the tiles).
        self.piles = {name: list(stack) for name, stack in zip(STACK_NAMES, woodpile.stacks)}
        self.moves: list[Move] = []
        self.deliveries: list[Delivery] = []
        self.receivers = receiving_order(start)
        self.citation = citation
        self.phase = Phase.INDICATE
        self._number, self._mark = number, mark

    def dealing(self) -> None:
        """End of the indication: the number is made and counted, then the deal begins (spec D4.4)."""
        self.moves += self._number
        self.phase = Phase.DEAL

    # -- queries
    def pile(self, stack: str) -> tuple[int, ...]:
        """The tiles of ``stack`` still in the woodpile area, top first."""
        return tuple(self.piles[stack])

    def top(self, stack: str, n: int) -> tuple[int, ...]:
        return tuple(self.piles[stack][:n])

    def in_pile(self) -> list[int]:
        """All tiles still in the woodpile area, by stack name, top first (as ``TableState.in_pile``)."""
        return [t for name in STACK_NAMES for t in self.piles[name]]

    def _at(self, tile: int) -> InPile:
        place = self.places[tile]
        assert isinstance(place, InPile)
        return place

    # -- recording
    def emit(self, kind: MoveKind, caption: str, changes: list[tuple[int, Place]], **fields: Any) -> None:
        places = self.places
        steps = tuple([TileStep(t, places[t], after) for t, after in changes])
        for t, after in changes:
            places[t] = after
        if self.phase is Phase.INDICATE:
            caption = f"Indicate the style: {caption[0].lower()}{caption[1:]}"
        self.moves.append(Move(kind, self.phase, caption, self.citation, steps, **fields))

    def _shift(self, tiles: tuple[int, ...], **change: Any) -> list[tuple[int, Place]]:
        return [(t, self._at(t).moved(**change)) for t in tiles]

    # -- the primitive moves of spec D5.2
    def push(self, stacks: tuple[str, ...], tiles: tuple[int, ...] | None = None, what: str = "") -> None:
        """Slide the named stacks (or just ``tiles`` of them) forward without lifting."""
        moving = tiles if tiles is not None else tuple(t for s in stacks for t in self.pile(s))
        caption = f"Push {what or ' and '.join(stacks)} slightly forward"
        self.emit(MoveKind.PUSH, caption, self._shift(moving, forward=1), stacks=stacks)

    def stack_onto(self, upper: str, lower: str) -> None:
        """Lift ``upper`` whole and set it squarely on ``lower``, making an eight-tile stack."""
        x = self._at(self.pile(lower)[0]).x
        changes = [(t, self._at(t).moved(x=x, level=self._at(t).level + LAYERS)) for t in self.pile(upper)]
        self.emit(MoveKind.STACK_ONTO, f"Lift {upper} and set it squarely on top of {lower}", changes,
                  stacks=(upper, lower))

    def lay_diagonal(self, stack: str, across: tuple[str, str, str]) -> None:
        """Lay the top tile of ``stack`` diagonally across the tops of the three ``across`` stacks."""
        tile = self.pile(stack)[0]
        middle = self._at(self.pile(across[1])[0]).x
        caption = (f"Take the top tile of {stack} and lay it diagonally across the tops of "
                   f"{', '.join(across[:2])} and {across[2]}")
        self.emit(MoveKind.LAY_DIAGONAL, caption, [(tile, self._at(tile).moved(x=middle, level=LAYERS, diagonal=True))],
                  stacks=(stack, *across))

    def center(self, right: str, left: str) -> None:
        """Slide two stacks out in front of the row, side by side at its middle, without crossing."""
        mid = len(STACK_NAMES) // 2
        changes = [c for stack, x in ((right, mid - 1), (left, mid))
                   for c in self._shift(self.pile(stack), x=x, forward=2)]
        self.emit(MoveKind.CENTER, f"Center {right} and {left} in front of the remaining stacks", changes,
                  stacks=(right, left))

    def close_gap(self) -> None:
        """Slide both sides of the row in by half the gap, so the row stays centred (spec D6.5)."""
        tiles = [(t, self._at(t)) for t in self.in_pile()]
        xs = sorted({place.x for _, place in tiles})
        gap_at = next(i for i in range(len(xs) - 1) if xs[i + 1] - xs[i] > 1)
        width = xs[gap_at + 1] - xs[gap_at] - 1
        edge = xs[gap_at]
        right_part, left_part = width // 2, -(width - width // 2)
        changes = [(t, place.moved(x=place.x + (right_part if place.x <= edge else left_part)))
                   for t, place in tiles]
        self.emit(MoveKind.CLOSE_GAP, "Push the remaining stacks together to close the gap", changes)

    def deliver(self, tiles: tuple[int, ...], what: str = "") -> None:
        """Deliver four tiles to the next receiving position; mark them if they are the dealer's."""
        number = len(self.deliveries) + 1
        position = self.receivers[number - 1]
        groups = _by_stack(tiles, self.places)
        columns = {s: i for i, s in enumerate(sorted(groups))}  # S1..S8 sort as their numbers
        arrive = _arrivals(position)
        changes: list[tuple[int, Place]] = [(t, arrive[columns[stack]][len(group) - 1 - i])
                                            for stack, group in groups.items() for i, t in enumerate(group)]
        source = describe_tiles(groups, self.places)
        self.emit(MoveKind.DELIVER, f"Deliver {source}{what} to {position} (#{number})", changes,
                  position=position, number=number, stacks=tuple(groups))
        for stack, group in groups.items():
            self.piles[stack] = [t for t in self.piles[stack] if t not in group]
        self.deliveries.append(Delivery(number, position, tiles, source))
        if position == Position.DEALER:
            self.moves.append(self._mark)

    def halves(self, right: str, left: str) -> None:
        """Upper halves of two stacks to the next position, then their lower halves (spec D6.3-D6.6)."""
        self.deliver(self.top(right, 2) + self.top(left, 2), " (the top two tiles of each)")
        self.deliver(self.pile(right) + self.pile(left), " (the remaining four)")


def _nth(side: End) -> Callable[[int], str]:
    """k-th stack from the dealer's ``side``: Rk = Sk, Lk = S(9-k) (spec D2.2)."""
    return lambda k: STACK_NAMES[k - 1] if side is End.RIGHT else STACK_NAMES[-k]


def _house_way(b: _Builder, side: End, indicate: bool) -> None:
    nth = _nth(side)
    if indicate:
        b.push((nth(1),), what=f"the first stack on the dealer's {side} ({nth(1)})")
    b.dealing()
    for k in range(1, 9):
        b.deliver(b.pile(nth(k)), " whole")


def _cup_say(b: _Builder, side: End, indicate: bool) -> None:
    nth = _nth(side)
    for k in (1, 3, 5, 7):
        b.push((nth(k), nth(k + 1)))
        if k == 1:
            b.dealing()
        b.halves(nth(k), nth(k + 1))


def _jung_quat(b: _Builder, side: End, indicate: bool) -> None:
    for k in (4, 3, 2, 1):
        if k < 4:
            b.close_gap()
        b.push((STACK_NAMES[k - 1], STACK_NAMES[-k]), what=f"the two center stacks {STACK_NAMES[k - 1]} "
                                                          f"and {STACK_NAMES[-k]}")
        if k == 4:
            b.dealing()
        b.halves(STACK_NAMES[k - 1], STACK_NAMES[-k])


def _chee_yee(b: _Builder, side: End, indicate: bool) -> None:
    b.push(("S1", "S8"), what="the first stack on each end (S1 and S8)")
    b.dealing()
    for k in (1, 2, 3, 4):
        b.center(STACK_NAMES[k - 1], STACK_NAMES[-k])
        b.halves(STACK_NAMES[k - 1], STACK_NAMES[-k])


def _pin_say(b: _Builder, side: End, indicate: bool) -> None:
    near, far = _nth(side), _nth(side.other)
    b.lay_diagonal(near(1), (near(2), near(3), near(4)))
    b.dealing()
    for layer in range(1, LAYERS + 1):
        note = " (the diagonal tile and the three tiles it covers)" if layer == 1 else ""
        b.deliver(tuple(b.pile(near(k))[0] for k in range(1, 5)), note)
        b.deliver(tuple(b.pile(far(k))[0] for k in range(1, 5)), " (the top tile of each)")


def _dragon_phoenix(b: _Builder, side: End, indicate: bool) -> None:
    head, tail = _nth(side), _nth(side.other)
    b.stack_onto(head(1), head(3))
    b.stack_onto(head(2), head(4))
    b.push((head(1), head(2)), b.top(head(1), 2) + b.top(head(2), 2),
           what="the top two tiles of each eight-tile stack (the dragon head)")
    b.dealing()
    for upper, lower in ((head(1), head(2)), (head(1), head(2)), (head(3), head(4)), (head(3), head(4))):
        b.deliver(b.top(upper, 2) + b.top(lower, 2), " (the dragon head)")
        b.deliver(tuple(b.pile(tail(k))[0] for k in range(1, 5)), " (the phoenix tail)")


#: The builder of each style and the side it works from (mirror pairs share one builder, spec D7).
_BUILDERS: dict[str, tuple[Callable[[_Builder, End, bool], None], End]] = {
    "house-way-right": (_house_way, End.RIGHT), "house-way-left": (_house_way, End.LEFT),
    "cup-say-right": (_cup_say, End.RIGHT), "cup-say-left": (_cup_say, End.LEFT),
    "jung-quat": (_jung_quat, End.RIGHT), "chee-yee": (_chee_yee, End.RIGHT),
    "pin-say-right": (_pin_say, End.RIGHT), "pin-say-left": (_pin_say, End.LEFT),
    "dragon-phoenix-right": (_dragon_phoenix, End.RIGHT), "dragon-phoenix-left": (_dragon_phoenix, End.LEFT),
}


def _cut_move(woodpile: Woodpile, cut: Cut, profile: Profile) -> Move:
    """The cut as one move: each stack slides to its new place and takes its new name (spec D2.4)."""
    state = TableState.of_woodpile(woodpile)
    steps = []
    for new_x, old in enumerate(cut.order()):
        for layer, tile in enumerate(woodpile.stack(old), start=1):
            before = state.place(tile)
            after = _IN_ROW[new_x][layer - 1]
            if before != after:
                steps.append(TileStep(tile, before, after))
    moved = tuple(STACK_NAMES[k - 1] for part, _ in cut.parts() for k in part)
    where = " and ".join(f"{span_name(part)} to the {end} end" for part, end in cut.parts())
    caption = f"Cut as the bank directs: move {where}; the row is named S1..S8 again from the dealer's right"
    return Move(MoveKind.CUT, Phase.CUT, caption, f"{profile.cite('cut')}, spec §D2.4", tuple(steps), stacks=moved)


def _number_moves(roll: Roll, origin: Position, start: Position, profile: Profile, bank_round: bool) -> list[Move]:
    """The no rolls, the valid roll (or RNG number), and the count to the start position."""
    if bank_round:
        cite = subsection(profile, "count_bank", shift=-1)
    else:
        method_no = {Method.RNG: 1, Method.MANUAL: 2, Method.PLAYER_ACTIVATED: 3}[roll.method]
        cite = subsection(profile, "count", "a") + (f"({method_no})" if profile.rng_allowed else "")
    if roll.method is Method.PLAYER_ACTIVATED:
        who = f"{'The bank' if bank_round else 'A player'} presses the shaker's activation button"
    else:
        who = {"dealer": "The dealer shakes the shaker at least three times and lifts the lid",
               "bank": "The bank shakes the shaker at least three times; the dealer lifts the lid",
               "rng": "The random number generator shows"}[roll.by]
    moves = [Move(MoveKind.ROLL, Phase.NUMBER, _no_roll_caption(a.fault), fault_citation(profile, a.fault),
                  dice=a.dice) for a in roll.no_rolls]
    moves.append(Move(MoveKind.ROLL, Phase.NUMBER, f"{who}: {roll.spoken}", f"{cite}, spec §D3.1",
                      dice=roll.dice))
    steps = _counted_aloud(origin, roll.total)
    count_cite = profile.cite("count_bank" if bank_round else "count")
    one = f"the bank at {origin}" if bank_round else "the dealer"
    moves.append(Move(MoveKind.COUNT, Phase.NUMBER,
                      f"Count {roll.total} counterclockwise with {one} as number one: {steps}. "
                      f"The first delivery goes to {start}", f"{count_cite}, spec §D3.2", position=start))
    return moves


#: The first words of a shake that does not count, the dice's faults and the bank's lifted lid.
NO_ROLL_HEADS = ("No roll", "Lid lifted")


def _no_roll_caption(fault: NoRoll) -> str:
    """``head: fault; remedy``. The bank's lifted lid has its own remedy (621a.9(i), MD 9.J(5): the
    shaker is covered and reshaken by the bank); a die not flat or out is reshaken (621a.10(a),(b))."""
    if fault is NoRoll.LID_LIFTED:
        return f"{NO_ROLL_HEADS[1]}: {fault}; the shaker is covered and the bank reshakes it"
    return f"{NO_ROLL_HEADS[0]}: {fault}; reshake"


@cache
def _counted_aloud(origin: Position, total: int) -> str:
    """``1 dealer, 2 seat1, ...``: the count from ``origin`` up to ``total`` (once per origin and total)."""
    counted = receiving_order(origin)
    return ", ".join(f"{k} {counted[(k - 1) % len(counted)]}" for k in range(1, total + 1))


def _mark_move(profile: Profile, bank_round: bool, dealer_wager: bool) -> Move:
    """Marker or dealer's wager on the dealer's tiles, at once (621a.6(d), 621a.9(h),(k); JQ36)."""
    if bank_round and dealer_wager:
        return Move(MoveKind.MARK, Phase.DEAL, "Place the dealer's wager on top of the dealer's tiles "
                    "before dealing the rest", f"{profile.cite('dealer_wager')}, spec §D3.5",
                    position=Position.DEALER, marker="wager")
    cite = subsection(profile, "count_bank", shift=1) if bank_round else profile.cite("deal")
    return Move(MoveKind.MARK, Phase.DEAL, "Place the marker on top of the dealer's tiles",
                f"{cite}, spec §D3.5", position=Position.DEALER, marker="marker")


def _call_moves(style: str, profile: Profile, bank_round: bool) -> list[Move]:
    """Announce "no more bets", then (nj bank rounds) the spoken repeat and the surveillance signal (10.8(i))."""
    house = subsection(profile, "count", "a")
    bank = subsection(profile, "count_bank", shift=-1)
    moves = [Move(MoveKind.SAY, Phase.CALL, 'Announce "No more bets"', bank if bank_round else house)]
    if bank_round and profile.indication == "bank-rounds":
        name = style_name(style, profile)
        moves += [Move(MoveKind.SAY, Phase.INDICATE, f'Repeat the chosen style aloud: "{name}"', f"{bank}, spec §D4.3"),
                  Move(MoveKind.SAY, Phase.INDICATE, "Signal the style to surveillance (the casino's approved "
                       "action)", f"{bank}, spec §D4.3")]
    return moves


def plan_delivery(woodpile: Woodpile, style: str, roll: Roll, *, profile: Profile | str = DEFAULT_PROFILE,
                  bank: Position | str | None = None, cut: Cut | None = None,
                  dealer_wager: bool = True) -> DeliveryPlan:
    """Plan the deal of ``woodpile`` (as stacked) in ``style`` after ``roll``, counted from the bank or dealer.

    ``cut`` (player-bank rounds only) is applied first; ``dealer_wager`` False puts the marker,
    not a wager, on the dealer's tiles in a bank round (co-banking, 621a.9(e),(h)). A style, bank or
    cut the profile does not allow is a :class:`TrainerError`.
    """
    prof = _profile(profile)
    bank_pos = Position.parse(bank) if isinstance(bank, str) else bank
    check_round(prof, style, bank_pos, cut)
    bank_round = bank_pos is not None
    check_method(roll.method, prof, bank_round)
    number = replace(roll, by=shaken_by(roll.method, bank_round))
    origin = bank_pos or Position.DEALER
    start = start_position(number.total, origin)
    citation = f"{style_section(style, prof, bank_round)}, {_spec(style)}"
    dealt_from = cut.apply(woodpile) if cut else woodpile
    moves = [_cut_move(woodpile, cut, prof)] if cut else []
    moves += _call_moves(style, prof, bank_round)
    number_moves = _number_moves(number, origin, start, prof, bank_round)
    builder = _Builder(dealt_from, start, citation, number_moves,
                       _mark_move(prof, bank_round, dealer_wager))
    build, side = _BUILDERS[style]
    build(builder, side, indicates(style, prof, bank_round))
    return DeliveryPlan(style, prof.name, woodpile, cut, dealt_from, number,
                        origin, bank_pos, start, tuple(builder.deliveries), tuple(moves + builder.moves))


def deal(rng: random.Random, style: str = DEFAULT_STYLE, *, profile: Profile | str = DEFAULT_PROFILE,
         bank: Position | str | None = None, cut: Cut | None = None, woodpile: Woodpile | None = None,
         roll: Roll | None = None, method: Method = Method.MANUAL, no_roll_rate: float = 0.0) -> DeliveryPlan:
    """A whole random round from one ``rng``: mix and stack (unless ``woodpile``), then roll (unless ``roll``).

    The draws come in that order, so the same seed replays the same woodpile, dice and deliveries.
    """
    prof = _profile(profile)
    pile = woodpile if woodpile is not None else mix_and_stack(rng)
    if roll is None:
        roll = roll_dice(rng, method, profile=prof, bank_round=bank is not None, colours=dice_colours(prof),
                         no_roll_rate=no_roll_rate)
    return plan_delivery(pile, style, roll, profile=prof, bank=bank, cut=cut)


def form_stacks(woodpile: Woodpile, profile: Profile | str = DEFAULT_PROFILE) -> tuple[TableState, tuple[Move, ...]]:
    """The mixed tiles and the four double pick-ups that form ``woodpile`` (621a.4(d)), for the animation.

    "The dealer shall then randomly pick up four tiles with each hand and place them side by side in
    stacks": each move forms two neighbouring stacks, S1 and S2 first, the right hand's on the right.
    The spots in the mix are a fixed scramble of the stacking order, so no chance is drawn here and a
    seed replays the same woodpile and dice whether or not this is shown. The last state is
    ``TableState.of_woodpile(woodpile)``.

    >>> from functools import reduce
    >>> mixed, moves = form_stacks(Woodpile.fixture())
    >>> len(moves), moves[0].caption
    (4, 'Pick up four tiles with each hand and set them down side by side as S1 and S2')
    >>> reduce(TableState.apply, moves, mixed) == TableState.of_woodpile(Woodpile.fixture())
    True
    """
    prof = _profile(profile)
    ids = woodpile.ids
    # 13 is coprime with 32, so this is a permutation that scatters neighbours across the mix.
    mixed = TableState(tuple(InMix((ids.index(t) * 13) % len(ids)) for t in range(len(ids))))
    target, state, moves = TableState.of_woodpile(woodpile), mixed, []
    for right, left in zip(STACK_NAMES[::2], STACK_NAMES[1::2]):
        tiles = woodpile.stack(right) + woodpile.stack(left)
        move = Move(MoveKind.FORM_STACKS, Phase.STACK,
                    f"Pick up four tiles with each hand and set them down side by side as {right} and {left}",
                    prof.cite("mix"), tuple(TileStep(t, state.place(t), target.place(t)) for t in tiles),
                    stacks=(right, left))
        state = state.apply(move)
        moves.append(move)
    return mixed, tuple(moves)
