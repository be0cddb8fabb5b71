"""A whole round (:class:`trainer.rules.paigow.round.Round`) as table frames, one per round step.

The Dealer's seat screen plays a round step by step on the table scene. During the deal the frames
are the delivery plan's own (:func:`trainer.ui.paigow.timeline.build_timeline`): a round step whose action
and words are those of the next plan move *is* that move (the walk of ``_TaskBuilder.plan_move`` in
:mod:`trainer.drills.paigow.dealer_round`), and the mixing prelude is one step. After the deal this module
reads the engine's steps: unplayed stacks go to the Dead Hand, the dealer's (or co-bank's) tiles
are turned up and set, each hand is exposed high / low at its spot, collected tiles are stacked to
the dealer's right, and everything ends face down in stacks for the next mix.

Pure mapping from rules objects to :class:`~trainer.ui.paigow.table_scene.Frame` values: no widgets.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from trainer.rules.paigow.delivery import InPile, Move, MoveKind, TableState
from trainer.rules.paigow.hands import Hand, Setting
from trainer.rules.paigow.positions import Position
from trainer.rules.paigow.profiles import profile_named
from trainer.rules.paigow.round import DEALER, Round
from trainer.rules.paigow.round import Step as RoundStep
from trainer.rules.paigow.settlement import CENTRE
from trainer.rules.paigow.tiles import TILE_SET, Tile
from trainer.ui.paigow import table_layout as L
from trainer.ui.paigow.table_scene import Frame, Placement
from trainer.ui.paigow.timeline import DURATIONS, Step, Timeline, build_timeline, neat_rows, side_spots

#: Milliseconds at 1x for the steps after the deal (the deal's own come from ``timeline.DURATIONS``).
ROUND_DURATIONS = {"set": 1000, "expose": 1000, "collect": 800, "dead hand": 1000, "still": 700}

#: Gap between the two tiles of one hand, and between the high and the low hand, in scene units.
_PAIR_GAP, _HAND_GAP = 6.0, 20.0

_SETTING = re.compile(r"(\d-\d \d-\d / \d-\d \d-\d)")
_SEAT = re.compile(r"\b(seat\d)\b")


@dataclass(frozen=True)
class TimedStep(Step):
    """A timeline step with its own duration (steps with nothing to move are short)."""

    ms: int = 800

    @property
    def duration(self) -> int:
        return self.ms


@dataclass(frozen=True)
class RoundTable:
    """The round's timeline (``timeline.frame_at(k)`` = the table after ``k`` round steps) and the
    delivery plan's state after ``k`` steps (what a click on a stack means before step ``k``)."""

    timeline: Timeline
    states: tuple[TableState, ...]

    def stack_of(self, done: int, tile_id: int) -> str | None:
        """The woodpile stack holding ``tile_id`` once ``done`` steps are done, else None."""
        place = self.states[min(done, len(self.states) - 1)].places[tile_id]
        return place.stack if isinstance(place, InPile) else None


def spot_at(x: float, y: float, reach: float = 115.0) -> str | None:
    """The position whose landing spot or betting circle is nearest the scene point, within ``reach``."""
    best, key = reach, None
    for spot in L.SPOTS.values():
        for cx, cy in ((spot.x, spot.y), spot.circle or (spot.x, spot.y)):
            d = math.hypot(x - cx, y - cy)
            if d < best:
                best, key = d, spot.key
    return key


def parse_setting(text: str) -> Setting | None:
    """The first ``a-b c-d / e-f g-h`` setting written in ``text`` (the engine's step words)."""
    m = _SETTING.search(text)
    if m is None:
        return None
    high, low = m.group(1).split(" / ")
    return Setting(Hand.parse(high), Hand.parse(low))  # as written: a wrong setting stays wrong


def hand_places(spot_key: str, setting: Setting, ids: list[int], across: bool) -> dict[int, Placement]:
    """The four tiles of ``setting`` face up at ``spot_key``: the high hand on the dealer's right
    (screen right), the low hand on his left, turned across when ``across`` (621a.8(c))."""
    spot = L.SPOTS[spot_key]
    pool = list(ids)

    def take(face: Tile) -> int:
        tid = next((i for i in pool if TILE_SET[i] == face), pool[0])
        pool.remove(tid)
        return tid

    step = L.TILE_W + _PAIR_GAP
    half = _HAND_GAP / 2 + L.TILE_W / 2
    out: dict[int, Placement] = {}
    for k, face in enumerate(setting.high.tiles):
        out[take(face)] = Placement(spot.x + half + k * step, spot.y, 0, True)
    for k, face in enumerate(setting.low.tiles):
        if across:
            out[take(face)] = Placement(spot.x - half - L.TILE_H / 2 + L.TILE_W / 2, spot.y - step / 2 + k * step,
                                        0, True, 90.0)
        else:
            out[take(face)] = Placement(spot.x - half - (1 - k) * step, spot.y, 0, True)
    return out


class _Chips:
    """The chips on each seat's wagers as the round goes: a stack per wager once the seat wagers,
    a losing wager's stack gone when collected, a payment stacked beside the wager (less the
    vigorish taken from it). The Pai Gow Wager stands between the seat's circle and its spot, each
    side wager on its own spot with its payment (621a.5, 621a.11). Follows the round's chip movements
    in order, one per "chips" step."""

    def __init__(self, played: Round) -> None:
        self.bank = played.bank if played.bank.startswith("seat") else ""
        self.offered = side_spots(profile_named(played.profile))
        self.placed = {str(p.position): dict(p.wagers) for p in played.positions}
        self.moves = iter(played.chips)
        self.on: dict[str, dict[str, int]] = {}
        self.side_paid: dict[str, dict[str, int]] = {}
        self.centre = 0  # the chips in the centre of the layout (a player-banked round)

    def advance(self, step: RoundStep) -> None:
        if step.action == "wager" and step.actor in self.placed:
            self.on[step.actor] = dict(self.placed[step.actor])
        elif step.action == "chips":
            move = next(self.moves, None)
            if move is not None:
                self._move(move.source, move.target, move.cents, move.why)

    def _named(self, wagers: dict[str, int], why: str) -> str | None:
        """The wager a movement's words name ("losing Pair Fortunes Wager collected"): the words before
        "Wager" (a paytable line's wording after them may name another wager, "Sum of the dice")."""
        head = why.lower().split(" wager", 1)[0]
        return next((k for k in wagers if head.endswith(k.replace("_", " "))), None)

    def _move(self, source: str, target: str, cents: int, why: str) -> None:
        self.centre += cents if target == CENTRE else -cents if source == CENTRE else 0
        if source in self.on and why.startswith("losing"):
            self.on[source].pop(self._named(self.on[source], why), None)
        elif target in self.on and self._named(dict.fromkeys(self.offered), why):
            paid = self.side_paid.setdefault(target, {})
            key = self._named(dict.fromkeys(self.offered), why)
            paid[key] = paid.get(key, 0) + cents
        elif target in self.on:
            wagers = self.on[target]
            wagers["paid"] = wagers.get("paid", 0) + cents
        elif source in self.on and "paid" in self.on[source]:
            self.on[source]["paid"] = max(0, self.on[source]["paid"] - cents)

    def stacks(self) -> dict[str, tuple[int, ...]]:
        """The chips between each seat's circle and spot: its Pai Gow Wager and what it was paid."""
        on = {seat: tuple(c for k, c in wagers.items() if c > 0 and k not in self.offered)
              for seat, wagers in self.on.items()}
        on = {seat: stacks for seat, stacks in on.items() if stacks}
        return on | ({CENTRE: (self.centre,)} if self.centre > 0 else {})

    def side(self) -> dict[str, dict[str, tuple[int, ...]]]:
        """Each seat's side wagers by name: the wager's chips, then its payment when it won."""
        out: dict[str, dict[str, tuple[int, ...]]] = {}
        for seat, wagers in self.on.items():
            paid = self.side_paid.get(seat, {})
            mine = {k: (c, *((paid[k],) if paid.get(k) else ())) for k, c in wagers.items()
                    if k in self.offered and c > 0}
            if mine:
                out[seat] = mine
        return out


class _Walk:
    """Walks the round's steps, keeping the table as it stands after each."""

    def __init__(self, played: Round) -> None:
        self.round = played
        self.profile = profile_named(played.profile)
        plan = played.plan
        self.deal = build_timeline(plan, prelude=False, expose=False)
        self.moves = list(plan.moves)
        self.done_moves = 0
        self.state = plan.initial_state()
        self.frame = Frame(neat_rows())
        self.held = {str(p): list(plan.final_state().at(p)) for p in Position}
        self.collected: list[int] = []
        self.face_up_collected: set[int] = set()
        self.turned: str | None = None  # the position last turned over by the dealer (for a reset)
        self.dice: tuple[int, ...] = ()

    def build(self) -> RoundTable:
        chips = _Chips(self.round)
        initial = self.frame.with_(bank=chips.bank, side_spots=chips.offered)
        steps: list[Step] = []
        states = [self.state]
        for step in self.round.steps:
            kind, ms, move = self.advance(step)
            chips.advance(step)
            frame = self.frame.with_(chips=chips.stacks(), bank=chips.bank, side=chips.side(),
                                     side_spots=chips.offered)
            steps.append(TimedStep(step.say, step.citation, kind, frame, move, ms=ms))
            states.append(self.state)
        return RoundTable(Timeline(self.round.plan, initial, tuple(steps)), tuple(states))

    # -- one step
    def advance(self, step: RoundStep) -> tuple[str, int, Move | None]:
        move = self.plan_move(step)
        if move is not None:
            self.state = self.state.apply(move)
            self.frame = self.deal.steps[self.done_moves - 1].frame
            return move.kind.value, DURATIONS.get(move.kind.value, 900), move
        if step.action == "mix":
            self.frame = self.deal.initial
            return "mix", DURATIONS["mix"], None
        if self.done_moves and self.done_moves < len(self.moves) and step.action not in ("chips", "irregularity"):
            self.finish_deal()  # a move the steps word differently (an irregular deal): land on the plan's end
        handler = _HANDLERS.get(step.action)
        return handler(self, step) if handler else self.still(step)

    def plan_move(self, step: RoundStep) -> Move | None:
        if self.done_moves >= len(self.moves):
            return None
        move = self.moves[self.done_moves]
        same = step.action == move.kind.value and (step.say == move.caption or move.kind in (MoveKind.COUNT,
                                                                                                MoveKind.ROLL))
        if not same:
            return None
        self.done_moves += 1
        return move

    def finish_deal(self) -> None:
        while self.done_moves < len(self.moves):
            self.state = self.state.apply(self.moves[self.done_moves])
            self.done_moves += 1
        self.frame = self.deal.steps[-1].frame

    # -- after the deal
    def show(self, tiles: dict[int, Placement], moving: set[int], highlight: tuple[str, ...], **more) -> None:
        self.frame = self.frame.with_(tiles=tiles, moving=frozenset(moving), highlight=highlight, counts={},
                                      count_path=(), labels={}, **more)

    def still(self, step: RoundStep) -> tuple[str, int, None]:
        seats = tuple(dict.fromkeys(_SEAT.findall(step.say) or ([step.actor] if step.actor.startswith("seat")
                                                                else [])))
        self.show(dict(self.frame.tiles), set(), seats)
        return "still", ROUND_DURATIONS["still"], None

    def dead_hand(self, step: RoundStep) -> tuple[str, int, None]:
        """Unplayed stacks join the Dead Hand, side by side, face down (621a.6(e))."""
        names = re.findall(r"\b(dealer|seat\d)\b", step.say.split(" without")[0])
        tiles = dict(self.frame.tiles)
        groups = [self.held["dead"], *(self.held[n] for n in names)]
        slots = L.spot_slots("dead", len(groups))
        moved: set[int] = set()
        for (x, y), ids in zip(slots, groups):
            for level, tid in enumerate(sorted(ids, key=lambda i: tiles[i].level)):
                tiles[tid] = Placement(x, y, level)
                moved.add(tid)
        for n in names:
            self.held["dead"] += self.held[n]
            self.held[n] = []
        self.show(tiles, moved, ("dead",))
        return "dead hand", ROUND_DURATIONS["dead hand"], None

    def lay(self, where: str, setting: Setting | None, highlight: tuple[str, ...]) -> tuple[str, int, None]:
        if setting is None or not self.held.get(where):
            return self.still(RoundStep(DEALER, "", "", ""))
        across = where == DEALER and "perpendicular" in self.profile.dealer_hand_placement
        placed = hand_places(where, setting, self.held[where], across)
        self.show(dict(self.frame.tiles) | placed, set(placed), highlight,
                  marker=None if where == DEALER else self.frame.marker)
        return "set", ROUND_DURATIONS["set"], None

    def set_hand(self, step: RoundStep) -> tuple[str, int, None]:
        """The dealer turns over his tiles (or the co-bank's) and sets them; players set face down."""
        if "turns over" not in step.say:
            return self.still(step)
        self.turned = self.round.bank if "co-bank" in step.say else DEALER
        return self.lay(self.turned, parse_setting(step.say), (self.turned,))

    def reset(self, step: RoundStep) -> tuple[str, int, None]:
        where = self.turned or self.round.bank
        return self.lay(where, parse_setting(step.say.split("reset to", 1)[-1]), (where,))

    def expose(self, step: RoundStep) -> tuple[str, int, None]:
        seat = re.match(r"Expose (seat\d)", step.say)
        where = seat.group(1) if seat else self.round.bank
        setting = self.round.position(where).setting if where in self.held else None
        kind = self.lay(where, setting, (where,) if seat else (where, DEALER))
        return "expose", ROUND_DURATIONS["expose"], kind[2]

    def irregular(self, step: RoundStep) -> tuple[str, int, None]:
        """A tile exposed in the deal is shown face up where it lies."""
        m = re.search(r"tile of (\w+) \((\d-\d)\)", step.say)
        if m is None or m.group(1) not in self.held:
            return self.still(step)
        face = Tile.parse(m.group(2))
        tid = next((i for i in self.held[m.group(1)] if TILE_SET[i] == face), None)
        tiles = dict(self.frame.tiles)
        if tid is not None:
            tiles[tid] = Placement(tiles[tid].x, tiles[tid].y, tiles[tid].level, True, tiles[tid].rotation)
        self.show(tiles, {tid} if tid is not None else set(), (m.group(1),))
        return "still", ROUND_DURATIONS["still"], None

    def collect(self, step: RoundStep) -> tuple[str, int, None]:
        """A seat's tiles to the dealer's right face up (621a.8(k)); at the end every tile face down."""
        seat = re.match(r"Collect (seat\d)'s", step.say) or re.match(r"(seat\d)", step.say)
        if seat is None:
            return self.collect_all()
        ids = self.held.get(seat.group(1), [])
        self.held[seat.group(1)] = []
        if step.action == "collect tiles":
            self.face_up_collected.update(ids)
        return self.pile(ids, (seat.group(1),))

    def collect_all(self) -> tuple[str, int, None]:
        rest = [i for key in ("dealer", *(f"seat{k}" for k in range(1, 7)), "dead") for i in self.held[key]]
        rest += [i for i in range(len(TILE_SET)) if i not in rest and i not in self.collected]
        for key in self.held:
            self.held[key] = []
        self.face_up_collected.clear()
        return self.pile(rest, (), marker=None, dice=(), shaker="rest", number="")

    def pile(self, ids: list[int], highlight: tuple[str, ...], **more) -> tuple[str, int, None]:
        self.collected += ids
        tiles = dict(self.frame.tiles)
        for n, tid in enumerate(self.collected):
            stack, level = divmod(n, 4)
            tiles[tid] = Placement(L.row_x(stack + 1), L.ROW_Y, level, tid in self.face_up_collected)
        self.show(tiles, set(ids), highlight, **more)
        return "collect", ROUND_DURATIONS["collect"], None

    def cover_shaker(self, step: RoundStep) -> tuple[str, int, None]:
        self.show(dict(self.frame.tiles), set(), (), dice=(), dice_colours=(), shaker="rest", number="")
        return "still", ROUND_DURATIONS["still"], None


_HANDLERS = {
    "dead hand": _Walk.dead_hand, "set": _Walk.set_hand, "reset": _Walk.reset, "expose": _Walk.expose,
    "irregularity": _Walk.irregular, "collect tiles": _Walk.collect, "surrender": _Walk.collect,
    "void": _Walk.collect, "cover shaker": _Walk.cover_shaker,
}


def round_table(played: Round) -> RoundTable:
    """The table after every step of ``played`` (see the module docstring)."""
    return _Walk(played).build()
