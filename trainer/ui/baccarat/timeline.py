"""A Baccarat shoe or round as a list of frames: the engine's move plans turned into places on the table.

Every card movement comes from the engine (:mod:`trainer.rules.baccarat.table`): each
:class:`~trainer.rules.baccarat.table.Move` says which cards go from which :class:`Place` to which,
and which chip movements of the round it makes; its :class:`Step` gives the caption (the dealer's
words) and the citation. This module only maps the engine's places (stack, shoe, hands, a seat,
the discard bucket...) to scene coordinates. The one step it adds: the burn's first card is shown
face up beside the shoe before it goes into the discard bucket with the others (631a.5(f) says it
is exposed), which is the same move shown in two beats.

The timeline has the shape the Pai Gow player plays (``steps``, ``frame_at``, each step's
``caption``, ``citation``, ``kind``, ``duration`` and ``frame``), so the same
:class:`~trainer.ui.paigow.player.Player` drives it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from trainer.rules.baccarat.cards import DECK, card_of, points
from trainer.rules.baccarat.profiles import DRAGON_PAYTABLES, BaccaratProfile
from trainer.rules.baccarat.table import CUT_COVER, LAST_COVER, CardStep, Move, MoveKind, Place, Zone
from trainer.rules.record import HOUSE, ChipMove, Step
from trainer.ui.baccarat import table_layout as L
from trainer.ui.baccarat.card_art import COVER
from trainer.ui.baccarat.table_scene import CardSpot, Frame

#: Base duration of each kind of step at 1x speed, in milliseconds.
DURATIONS = {
    "say": 1000, "wash": 2200, "shuffle": 1500, "offer": 900, "cut": 1200, "to_bottom": 1200, "insert": 1000,
    "load": 1300, "deal": 650, "turn": 800, "hand_to": 900, "return": 900, "aside": 900, "expose": 1000,
    "burn": 1100, "chips": 900, "mark": 700, "clear": 1100, "pass": 1200,
}

#: Where a card put aside lies (the cover card, 631a.10(d)), beside the shoe on the dealer's right.
ASIDE = (L.CX + 520.0, 856.0)
_HANDS = {Zone.PLAYER: "player-hand", Zone.BANKER: "banker-hand"}


@dataclass(frozen=True)
class TimelineStep:
    """One step of the animation: the table after it, its caption and its citation."""

    caption: str
    citation: str
    kind: str
    frame: Frame
    move: int | None = None  # index of the engine's move it shows

    @property
    def duration(self) -> int:
        return DURATIONS.get(self.kind, 800)


@dataclass(frozen=True)
class Timeline:
    initial: Frame
    steps: tuple[TimelineStep, ...]

    def frame_at(self, index: int) -> Frame:
        """The frame after ``index`` steps (0 = before the first)."""
        return self.initial if index <= 0 else self.steps[min(index, len(self.steps)) - 1].frame

    def __len__(self) -> int:
        return len(self.steps)

    def index_after_move(self, move: int | None) -> int:
        """The step index showing the table after ``move`` moves of the plan (None = the very end)."""
        if move is None:
            return len(self.steps)
        return next((i for i, s in enumerate(self.steps) if s.move is not None and s.move >= move), len(self.steps))


def card_face(card: int) -> str:
    """What a card item shows for engine card ``card``: its face (``"Qh"``), or the cover card."""
    return COVER if card in (CUT_COVER, LAST_COVER) else str(card_of(card))


@dataclass
class _Table:
    """What the builder keeps between moves: where each card is, the shoe, the chips."""

    layout: L.TableLayout
    decks: int
    places: dict[int, Place] = field(default_factory=dict)
    stack: bool = True
    loaded: bool = False
    taken: int = 0
    cover_at: int | None = None
    holder: str = "dealer"
    chips: dict[str, int] = field(default_factory=dict)
    markers: dict[int, int] = field(default_factory=dict)
    counts: dict[str, str] = field(default_factory=dict)
    banner: str = ""

    @property
    def total(self) -> int:
        return self.decks * DECK

    def spot(self, card: int, place: Place) -> CardSpot | None:
        """Where ``card`` is drawn at ``place`` (None: not drawn, e.g. inside the shoe)."""
        face = card_face(card)
        zone = place.zone
        if zone in _HANDS:
            x, y, turn = L.card_slot(_HANDS[zone], min(place.index, 2))
            return CardSpot(face, x, y, place.face_up, turn, place.index)
        if zone is Zone.STACK:
            if card >= 0:
                return None
            x0 = L.STACK[0] - 150
            return CardSpot(face, x0 + 300 * place.index / self.total, L.STACK[1] - 30, True, 0.0, 5)
        if zone is Zone.ASIDE:
            return CardSpot(face, ASIDE[0], ASIDE[1], True, 90.0) if self.loaded else None
        if zone is Zone.UNDER_SHOE:
            x, y, _ = self.layout.shoe_spot(self.holder)
            return CardSpot(face, x + 46, y - 22 + 8 * place.index, False, 90.0, place.index)
        if zone is Zone.SEAT:
            cell = self.layout.cells[f"seat{place.seat}"]
            x, y = cell.centre()
            return CardSpot(face, x + 14 * place.index, y, place.face_up, cell.rotation, place.index)
        return None

    def frame(self, moving: Iterable[CardStep] = (), highlight: tuple[str, ...] = (),
              chip_moves: tuple[tuple[str, str, int], ...] = ()) -> Frame:
        cards = {}
        for card, place in self.places.items():
            spot = self.spot(card, place)
            if spot is not None:
                cards[str(card)] = spot
        for step in moving:  # cards going into the discard bucket are drawn there for this step only
            if step.after.zone is Zone.DISCARD:
                x, y = L.DISCARD
                cards[str(step.card)] = CardSpot(card_face(step.card), x + (step.after.index % 5) * 2 - 4, y,
                                                 step.after.face_up, 0.0, 100 + step.after.index)
        cover = None if self.cover_at is None else max(0, self.cover_at - self.taken)
        return Frame(cards=cards, chips=dict(self.chips), chip_moves=chip_moves, markers=dict(self.markers),
                     shoe=self.holder, shoe_left=self.total - self.taken if self.loaded else 0,
                     shoe_total=self.total, shoe_cover=cover if self.loaded and cover else None,
                     stack=self.stack and not self.loaded, highlight=highlight, counts=dict(self.counts),
                     banner=self.banner)

    def move_card(self, step: CardStep) -> None:
        if step.before.zone is Zone.SHOE and step.after.zone is not Zone.SHOE:
            self.taken += 1
        if step.after.zone is Zone.DISCARD:
            self.places.pop(step.card, None)
        else:
            self.places[step.card] = step.after

    def hand_points(self, zone: Zone) -> str:
        up = [card_of(c) for c, p in self.places.items() if p.zone is zone and p.face_up and c >= 0]
        return str(points(up)) if up else ""


class TimelineBuilder:
    """Turns the engine's steps, moves and chip movements into timeline steps."""

    def __init__(self, layout: L.TableLayout, decks: int, wagers: Mapping[str, int] | None = None,
                 area_of=None) -> None:
        self.table = _Table(layout, decks, chips=dict(wagers or {}))
        self.area_of = area_of or (lambda chip: (chip.source, chip.target))
        self.steps: list[TimelineStep] = []

    def initial(self) -> Frame:
        return self.table.frame()

    def add(self, moves: Sequence[Move], steps: Sequence[Step], chips: Sequence[ChipMove] = (),
            first_move: int = 0) -> None:
        for k, move in enumerate(moves):
            self._add(move, steps[move.step], chips, first_move + k)

    def _add(self, move: Move, step: Step, chips: Sequence[ChipMove], index: int) -> None:
        t = self.table
        kind = move.kind
        caption, citation = step.say or step.action.replace("-", " ").capitalize(), step.citation
        cards = move.cards
        if kind is MoveKind.BURN and cards and cards[0].after.face_up:
            first, cards = cards[0], cards[1:]  # exposed first (631a.5(f)), then into the bucket with the others
            t.taken += 1
            frame = t.frame()
            frame.cards[str(first.card)] = CardSpot(card_face(first.card), *L.BURN, True, 90.0, 1)
            self.steps.append(TimelineStep(caption, citation, "expose", frame, index))
        for c in cards:
            t.move_card(c)
        if kind is MoveKind.WASH:
            t.stack = True
        elif kind is MoveKind.LOAD:
            t.loaded = True
            cover = t.places.pop(LAST_COVER, None)
            t.cover_at = cover.index if cover is not None else None
            t.places.pop(CUT_COVER, None)
        elif kind is MoveKind.ASIDE:
            t.cover_at = None
        elif kind is MoveKind.PASS and move.detail.get("seat") is not None:
            seat = move.detail["seat"]
            t.holder = f"seat{seat}" if seat else "dealer"
        elif kind is MoveKind.CLEAR:
            t.counts = {}
        if step.action in ("announce", "count", "counts", "result"):
            t.counts = {hand: t.hand_points(zone) for zone, hand in _HANDS.items() if t.hand_points(zone)}
        if step.action == "last-hand":
            t.banner = "LAST HAND"
        chip_moves = tuple(self._chips(chips[i]) for i in move.chips)
        highlight = self._highlight(move, chip_moves)
        self.steps.append(TimelineStep(caption, citation, kind.value, t.frame(move.cards, highlight, chip_moves),
                                       index))

    def _chips(self, chip: ChipMove) -> tuple[str, str, int]:
        """One chip movement as (from, to, cents) between the scene's places, and the areas updated."""
        frm, to = self.area_of(chip)
        chips = self.table.chips
        if frm in chips:
            chips[frm] = max(0, chips[frm] - chip.cents)
        if "." in to:
            chips[to] = chips.get(to, 0) + chip.cents
        return frm, to, chip.cents

    def _highlight(self, move: Move, chip_moves: tuple[tuple[str, str, int], ...]) -> tuple[str, ...]:
        zones = {c.after.zone for c in move.cards}
        out = [_HANDS[z] for z in zones if z in _HANDS]
        seat = move.detail.get("seat")
        if move.kind in (MoveKind.OFFER, MoveKind.PASS) and seat:
            out.append(f"seat{seat}")
        for frm, to, _ in chip_moves:
            out += [k for k in (frm, to) if "." in k or k.startswith("vig")]
        return tuple(dict.fromkeys(out))

    def timeline(self, initial: Frame) -> Timeline:
        return Timeline(initial, tuple(self.steps))


def house_area(party: str) -> str:
    """The scene's place of a chip movement's party: the tray for the house, else the party's seat."""
    return "tray" if party == HOUSE else party


# --- the table's options -> the layout and the odds written on it ------------------------------------

#: The seat areas of each optional wager (the engine's wager names -> the layout's areas).
_SIDE_AREAS = {"dragon-bonus-player": "dragon-player", "dragon-bonus-banker": "dragon-banker",
               "dragon-7": "dragon-7", "panda-8": "panda-8", "house-money": "house-money"}


def layout_for(profile: BaccaratProfile, seats: int | None = None) -> L.TableLayout:
    """The 631a.2(b) layout of a table with ``profile``'s options: the side wagers it offers and,
    when the vigorish is marked for later (631a.13(d)(2)), the numbered boxes (631a.2(b)(8))."""
    wagers = tuple(area for wager, area in _SIDE_AREAS.items() if profile.offers(wager))
    boxes = not profile.ez and profile.vig_collection == "deferred"
    return L.TableLayout(seats or profile.seats, wagers, boxes)


def odds_lines(profile: BaccaratProfile) -> tuple[str, ...]:
    """The payout odds of every wager offered, as inscribed on the layout (631a.2(b)(3), 631a.13)."""
    if profile.ez:
        banker = "BANKER 1 TO 1 · NO VIGORISH · PUSHES ON A DRAGON 7"
    else:
        rounding = " (ROUNDED UP TO 25¢)" if profile.vig_rounding != "exact" else ""
        banker = f"BANKER 1 TO 1 LESS 5% VIGORISH{rounding}"
    lines = [banker, f"PLAYER 1 TO 1 · TIE {profile.tie_pays} TO 1"]
    if profile.ez:
        lines.append("DRAGON 7 INSURANCE 40 TO 1 · PANDA 8 INSURANCE 25 TO 1")
    if profile.house_money:
        lines.append("HOUSE MONEY: ONE PAIR 3 TO 1 · BOTH PAIRS 15 TO 1")
    if profile.dragon_bonus:
        table = DRAGON_PAYTABLES[profile.dragon_bonus]
        wins = " · ".join(f"{n} {table[str(n)]}:1" for n in range(4, 10))
        lines += [f"DRAGON BONUS: NATURAL WINNER {table['natural']} TO 1 · NATURAL TIE PUSH",
                  f"WIN BY {wins}"]
    return tuple(lines)
