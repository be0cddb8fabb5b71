"""A Baccarat shoe or round as a list of frames: the engine's move plans turned into places on the table.

Every card movement comes from the engine (:mod:`trainer.rules.baccarat.table`): each
:class:`~trainer.rules.baccarat.table.Move` says which cards go from which :class:`Place` to which,
and which chip movements of the round it makes; its :class:`Step` gives the caption (the dealer's
words) and the citation. This module only maps the engine's places (stack, shoe, hands, a seat,
the discard bucket...) to scene coordinates: one timeline step per step of the engine, so a step's
index is the same in the round and on the table. The burn's first card is shown face up beside the
shoe while the others go into the discard bucket (631a.5(f): it is exposed).

The timeline has the shape the Pai Gow player plays (``steps``, ``frame_at``, each step's
``caption``, ``citation``, ``kind``, ``duration`` and ``frame``), so the same
:class:`~trainer.ui.paigow.player.Player` drives it.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from trainer.rules.baccarat.cards import DECK, card_of, points
from trainer.rules.baccarat.profiles import DRAGON_PAYTABLES, BaccaratProfile
from trainer.rules.baccarat.round import Opening, Round, TableState, open_table, play_round, seat_bettors
from trainer.rules.baccarat.table import CUT_COVER, LAST_COVER, CardStep, Move, MoveKind, Place, Zone
from trainer.rules.baccarat.whole_shoe import Interlude, deal_whole_shoe
from trainer.rules.baccarat.wagers import WAGERS, wager_named_in
from trainer.rules.money import format_cents
from trainer.rules.record import HOUSE, ChipMove, Step
from trainer.ui.baccarat import table_layout as L
from trainer.ui.baccarat.card_art import BACK, COVER
from trainer.ui.baccarat.table_scene import CardSpot, Frame

#: Base duration of each kind of step at 1x speed, in milliseconds.
DURATIONS = {
    "say": 1000, "wash": 2200, "shuffle": 1500, "offer": 900, "cut": 1200, "to_bottom": 1200, "insert": 1000,
    "load": 1300, "deal": 650, "turn": 800, "hand_to": 900, "return": 900, "aside": 900, "expose": 1000,
    "burn": 1100, "chips": 900, "mark": 700, "clear": 1100, "pass": 1200, "leave": 1000, "replace": 1500,
}

#: Where a card put aside lies (the cover card, 631a.10(d)), beside the shoe on the dealer's right:
#: where the burn's first card lay at the start (further right it covered "dealer's RIGHT" at Projector).
ASIDE = L.BURN
_HANDS = {Zone.PLAYER: "player-hand", Zone.BANKER: "banker-hand"}


@dataclass(frozen=True)
class TimelineStep:
    """One step of the animation: the table after it, its caption and its citation."""

    caption: str
    citation: str
    kind: str
    frame: Frame

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
        return max(0, min(move, len(self.steps)))


def card_face(card: int) -> str:
    """What a card item shows for engine card ``card``: its face (``"Qh"``), or the cover card."""
    return COVER if card in (CUT_COVER, LAST_COVER) else str(card_of(card))



@dataclass
class _Table:
    """What the builder keeps between moves: where each card is, the shoe, the chips."""

    layout: L.TableLayout
    total: int
    places: dict[int, Place] = field(default_factory=dict)
    loaded: bool = False
    taken: int = 0
    cover_at: int | None = None
    holder: str = "dealer"
    chips: dict[str, int] = field(default_factory=dict)
    markers: dict[int, int] = field(default_factory=dict)
    counts: dict[str, str] = field(default_factory=dict)
    banner: str = ""
    seated: tuple[int, ...] = ()

    def spot(self, card: int, place: Place) -> CardSpot | None:
        """Where ``card`` is drawn at ``place`` (None: not drawn, e.g. inside the shoe)."""
        face = card_face(card)
        zone = place.zone
        if zone in _HANDS:
            x, y, turn = L.card_slot(_HANDS[zone], min(place.index, 2))
            return CardSpot(face, x, y, place.face_up, turn, place.index)
        if zone is Zone.STACK:  # only the cover cards show, sticking out of the stack
            if card >= 0:
                return None
            return CardSpot(face, L.STACK[0] - 150 + 300 * place.index / self.total, L.STACK[1] - 30, True, 0.0, 5)
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
                                                 step.after.face_up, 0.0, 100 + step.after.index % 100)
        cover = None if self.cover_at is None else self.cover_at - self.taken
        return Frame(cards=cards, chips=dict(self.chips), chip_moves=chip_moves, markers=dict(self.markers),
                     shoe=self.holder, shoe_left=self.total - self.taken if self.loaded else 0,
                     shoe_total=self.total, shoe_cover=cover if self.loaded and cover and cover > 0 else None,
                     stack=not self.loaded, highlight=highlight, counts=dict(self.counts), banner=self.banner,
                     seated=self.seated)

    def move_card(self, step: CardStep) -> None:
        if step.card >= 0 and (step.before.zone is Zone.SHOE) != (step.after.zone is Zone.SHOE):
            self.taken += 1 if step.before.zone is Zone.SHOE else -1  # (a card out of turn goes back, 631a.15(b))
        if step.after.zone is Zone.DISCARD:
            self.places.pop(step.card, None)
        else:
            self.places[step.card] = step.after

    def hand_points(self, zone: Zone) -> str:
        up = [card_of(c) for c, p in self.places.items() if p.zone is zone and p.face_up and c >= 0]
        return str(points(up)) if up else ""


class TimelineBuilder:
    """Turns the engine's steps, moves and chip movements into timeline steps, in order: a shoe's
    opening (``add_opening``) or a shoe in play (``start_at``), then rounds (``add_round``)."""

    def __init__(self, layout: L.TableLayout, total: int) -> None:
        self.table = _Table(layout, total)
        self.steps: list[TimelineStep] = []
        self.initial: Frame | None = None

    def start_at(self, state: TableState) -> None:
        """Begin in the middle of a shoe: ``state``'s shoe in the curator's hands (or the dealer's)."""
        t = self.table
        shoe = state.shoe
        t.loaded, t.taken, t.total = True, shoe.next, len(shoe.cards)
        t.cover_at = None if shoe.cover_out else shoe.last_cover
        t.holder = _holder(state.curator)
        t.markers = dict(state.markers)
        t.banner = "LAST HAND" if state.last_hand else ""

    def add_opening(self, opening: Opening, seated: Sequence[int] = ()) -> None:
        """A new shoe prepared and offered, with players at ``seated``."""
        self.table.seated = tuple(seated)
        self._begin()
        self._add_all(opening.moves, opening.steps, ())

    def add_interlude(self, part: Interlude) -> None:
        """Steps between rounds or after the last: a player leaving, the change of decks."""
        self.table.chips = {}
        self._add_all(part.moves, part.steps, part.chips)

    def add_round(self, rnd: Round) -> None:
        """A round: the wagers go on the layout, then its moves play."""
        t = self.table
        t.chips = {f"seat{b.seat}.{w}": cents for b in rnd.bettors for w, cents in b.wagers.items()}
        t.counts = {}
        t.seated = tuple(b.seat for b in rnd.bettors)
        self._begin()
        self._add_all(rnd.moves, rnd.steps, rnd.chips)

    def _begin(self) -> None:
        if self.initial is None:
            self.initial = self.table.frame()

    def _add_all(self, moves: Sequence[Move], steps: Sequence[Step], chips: Sequence[ChipMove]) -> None:
        for move in moves:
            self._add(move, steps[move.step], chips)

    def _add(self, move: Move, step: Step, chips: Sequence[ChipMove]) -> None:
        t = self.table
        kind = move.kind
        caption, citation = step.say or _action_words(step, chips, move), step.citation
        cards = move.cards
        for c in cards:
            t.move_card(c)
            if c.after.zone in _HANDS:  # a third card: the two-card count announced is no longer the hand's
                t.counts.pop(_HANDS[c.after.zone], None)
        seat = move.detail.get("seat")
        if kind is MoveKind.LOAD:
            t.loaded = True
            cover = t.places.pop(LAST_COVER, None)
            t.cover_at = cover.index if cover is not None else None
            t.places.pop(CUT_COVER, None)
        elif kind is MoveKind.ASIDE:
            t.cover_at = None
        elif kind is MoveKind.OFFER and move.detail.get("shoe") and move.detail.get("accepted"):
            t.holder = f"seat{seat}"
        elif kind is MoveKind.PASS:
            t.holder = "dealer"  # the dealer takes the shoe back and offers it (631a.14(b))
        elif kind is MoveKind.MARK or "owed" in move.detail:  # marked, or collected: the box emptied
            t.markers[seat] = move.detail["owed"]
            if not t.markers[seat]:
                del t.markers[seat]
        elif kind is MoveKind.LEAVE:
            t.seated = tuple(s for s in t.seated if s != seat)
        elif kind is MoveKind.REPLACE:  # the cards, the cover card put aside too, make way for new decks
            t.places.pop(LAST_COVER, None)
            t.taken, t.banner = t.total, "CHANGE OF DECKS"
        elif kind is MoveKind.CLEAR:
            t.counts = {}
        if step.action.startswith("announce") or step.action == "result":
            t.counts = {hand: t.hand_points(zone) for zone, hand in _HANDS.items() if t.hand_points(zone)}
        elif step.action == "last-hand":
            t.banner = "LAST HAND"
        chip_moves = tuple(self._chips(chips[i]) for i in move.chips)
        highlight = self._highlight(move, chip_moves)
        frame = t.frame(cards, highlight, chip_moves)
        if kind in (MoveKind.WASH, MoveKind.SHUFFLE):
            frame.cards.update(_washing(spread=kind is MoveKind.WASH))
        # The burn's first card lies exposed (631a.5(f)); a disclosed card discarded by 631a.15(c)(1)
        # goes with the other card into the discard bucket, where ``frame`` draws it.
        if kind is MoveKind.BURN and cards and cards[0].after.face_up and cards[0].before.zone is Zone.SHOE:
            frame.cards[str(cards[0].card)] = CardSpot(card_face(cards[0].card), *L.BURN, True, 90.0, 1)
        self.steps.append(TimelineStep(caption, citation, kind.value, frame))

    def _chips(self, chip: ChipMove) -> tuple[str, str, int]:
        """One chip movement as (from, to, cents) between the scene's places; the areas' amounts follow."""
        frm, to = chip_places(chip)
        chips = self.table.chips
        if frm in chips:
            chips[frm] = max(0, chips[frm] - chip.cents)
        if "." in to:
            chips[to] = chips.get(to, 0) + chip.cents
        return frm, to, chip.cents

    def _highlight(self, move: Move, chip_moves: tuple[tuple[str, str, int], ...]) -> tuple[str, ...]:
        zones = {c.after.zone for c in move.cards}
        out = [hand for zone, hand in _HANDS.items() if zone in zones]
        seat = move.detail.get("seat")
        if move.kind in (MoveKind.OFFER, MoveKind.LEAVE) and seat:
            out.append(f"seat{seat}")
        if move.kind is MoveKind.MARK or "owed" in move.detail:
            out.append(f"vig{seat}")
        for frm, to, _ in chip_moves:
            out += [k for k in (frm, to) if "." in k]
        return tuple(dict.fromkeys(out))

    def timeline(self) -> Timeline:
        return Timeline(self.initial or self.table.frame(), tuple(self.steps))


#: Cards drawn for the wash (631a.4(c)): a handful stands for the decks spread face down and mixed.
WASH_CARDS = 16


def _washing(spread: bool) -> dict[str, CardSpot]:
    """The wash's cards: spread face down around the stack and turned every way, or gathered into it
    (the shuffle). Keys below -2 are no card of the shoe."""
    out = {}
    for k in range(WASH_CARDS):
        angle = k * 2.4
        r = 120 + 60 * ((k * 7) % 5) / 4 if spread else 0.0
        x, y = L.STACK[0] + r * 1.6 * math.cos(angle), L.STACK[1] - 130 + r * 0.55 * math.sin(angle)
        out[str(-10 - k)] = CardSpot(BACK, x, y if spread else L.STACK[1], False,
                                     (k * 53) % 180 - 90.0 if spread else 90.0, k)
    return out


def _holder(curator: int | None) -> str:
    return "dealer" if curator is None else f"seat{curator}"


def _action_words(step: Step, chips: Sequence[ChipMove], move: Move) -> str:
    """A caption for a step the dealer makes without words: its chip movements, or its action."""
    if len(move.chips) > 1:  # the losing wagers, collected together (631a.12(b))
        by_seat: dict[str, list[str]] = {}
        for i in move.chips:
            by_seat.setdefault(_party(chips[i].source), []).append(format_cents(chips[i].cents))
        return "Losing wagers collected: " + "; ".join(f"{seat} {' + '.join(c)}" for seat, c in by_seat.items())
    if move.chips:
        chip = chips[move.chips[0]]
        return f"{chip.why[0].upper()}{chip.why[1:]}: {format_cents(chip.cents)} ({_party(chip.source)} → " \
               f"{_party(chip.target)})"
    if move.kind is MoveKind.RETURN:
        return f"Seat {move.detail.get('seat')} returns the cards face up; the dealer places them."
    if move.kind is MoveKind.CLEAR:
        return "The cards of the round go to the discard bucket."
    return step.action.replace("-", " ").capitalize() + "."


def _party(party: str) -> str:
    return "table inventory" if party == HOUSE else party.replace("seat", "seat ")


def chip_places(chip: ChipMove) -> tuple[str, str]:
    """Where a chip movement flies on the table: from or to the seat's wager area it settles (a House
    Money payout added to a wager lands on that wager, 631a.9(e)(1)(i)); vigorish and other
    movements between the player and the table inventory container."""
    seat = chip.source if chip.target == HOUSE else chip.target
    added = re.search(r"added to the (.+)$", chip.why)
    wager = wager_named_in(added.group(1)) if added else wager_named_in(chip.why)
    area = f"{seat}.{wager}" if wager and seat.startswith("seat") and "vigorish" not in chip.why else seat
    return (area, "tray") if chip.target == HOUSE else ("tray", area)


def round_timeline(rnd: Round, start: TableState, layout: L.TableLayout, opening: Opening | None = None) -> Timeline:
    """The timeline of ``rnd`` played at ``start`` (after ``opening``, when the shoe is new)."""
    builder = TimelineBuilder(layout, len(start.shoe.cards))
    if opening is not None:
        builder.add_opening(opening)
    else:
        builder.start_at(start)
    builder.add_round(rnd)
    return builder.timeline()


# --- the table's options -> the layout and the odds written on it ------------------------------------

def layout_for(profile: BaccaratProfile, seats: int | None = None) -> L.TableLayout:
    """The 631a.2(b) layout of a table with ``profile``'s options: the side wagers it offers and,
    when the vigorish is marked for later (631a.13(d)(2)), the numbered boxes (631a.2(b)(8))."""
    wagers = tuple(w for w in WAGERS if w not in L.MAIN_WAGERS and profile.offers(w))
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


def shoe_timeline(seed: int, profile: BaccaratProfile, rounds: int = 1, players: int = 5) -> Timeline:
    """A new shoe from ``seed``: its preparation and offer (wash, shuffle, cut, cover cards, load,
    burn, the shoe offered), then its first ``rounds`` rounds, as the engine plays them."""
    rng = random.Random(seed)
    bettors = seat_bettors(rng, profile, players)
    opening = open_table(rng, profile, [b.seat for b in bettors])
    builder = TimelineBuilder(layout_for(profile), profile.decks * DECK)
    builder.add_opening(opening, [b.seat for b in bettors])
    table = opening.table
    for _ in range(rounds):
        if table.done:
            break
        rnd, table = play_round(rng, table, bettors, profile, seed=seed)
        builder.add_round(rnd)
    return builder.timeline()


def whole_shoe_timeline(seed: int, profile: BaccaratProfile, players: int = 5) -> Timeline:
    """A new shoe from ``seed`` dealt to the end (``whole_shoe.deal_whole_shoe``): the rounds to the
    cover card, "last hand", one more hand, players leaving, the change of decks (631a.10(d))."""
    shoe = deal_whole_shoe(random.Random(seed), profile, players=players, seed=seed)
    builder = TimelineBuilder(layout_for(profile), profile.decks * DECK)
    builder.add_opening(shoe.opening, shoe.seated)
    for part in shoe.parts:
        if isinstance(part, Round):
            builder.add_round(part)
        else:
            builder.add_interlude(part)
    return builder.timeline()
