"""Where things sit on the drawn Baccarat table, in scene units (a 1600 x 900 top view, dealer at the bottom).

A 631a.2 layout: numbered positions for 10 to 14 seated players (631a.2(a)) around both ends and the
far side of an oval table, numbered counterclockwise from the dealer's right (seat 1 is offered
the shoe first, 631a.7(b)). Each seat has its own areas for the Banker, Player and Tie wagers
(631a.2(b)(2)) and, where the table offers them, Dragon Bonus (b)(5), Dragon 7 and Panda 8
(b)(6)) and House Money ((b)(7)); the card areas of the Player's Hand and the Banker's Hand
((b)(4)) lie in the middle in front of the dealer calling the game, with the numbered vigorish
boxes ((b)(8)) between them and the dealer; the table inventory container, the discard bucket
(631a.2(e)) and the shoe are on the dealer's side.

Pure geometry: no Qt, no rules. A seat's areas are cells of a ring sector: the seat's number
nearest the rail, then the side wagers, then Banker, Player and Tie towards the middle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

SCENE_W, SCENE_H = 1600.0, 900.0
#: Numbered positions drawn unless asked otherwise: 14, as the profiles have it (631a.2(a), docs/baccarat.md B11).
DEFAULT_SEATS = 14

#: A card lying flat (poker size) in scene units: 48 px tall or more on Calling the game's table at
#: 1280x720 Projector (issue 29: a class reads the cards from the back of the room).
CARD_W = 80.0
CARD_H = CARD_W * 1.4

#: The dealer's edge of the felt; the oval's centre lies on it.
DEALER_EDGE = 812.0
CX, CY = SCENE_W / 2, DEALER_EDGE
RX, RY = 772.0, 776.0
RAIL = 24.0

#: The seats' band, as fractions of the oval's radii: from the rail in to the middle.
BAND_OUT, BAND_IN = 0.985, 0.47
NUMBER_DEPTH = 0.055
#: The angular span of the seats (degrees, 0 = the dealer's right end, 180 = his left end).
FIRST_ANGLE, LAST_ANGLE, GAP = 6.0, 174.0, 0.9

#: Wager areas a seat can have (``wager`` keys, as the engine names the wagers) and their titles.
TITLES = {
    "banker": "BANKER", "player": "PLAYER", "tie": "TIE", "dragon-bonus-player": "DRAGON P",
    "dragon-bonus-banker": "DRAGON B",
    "dragon-7": "DRAGON 7", "panda-8": "PANDA 8", "house-money": "HOUSE MONEY",
}
MAIN_WAGERS = ("banker", "player", "tie")
#: An area's name where its whole name does not fit at a larger text size (View → Text size): the main
#: wagers as the shoe's scorecards write them, the side wagers as dealers call them on a busy table
#: (Dragon 7, Panda 8, the Dragon Bonus on Player or Banker, House Money). Never left out (issue 29).
SHORT_TITLES = {"banker": "B", "player": "P", "dragon-7": "D7", "panda-8": "P8", "dragon-bonus-player": "DB-P",
                "dragon-bonus-banker": "DB-B", "house-money": "HM"}
#: The strip on the inner side of each wager area where its chips stand; the name is printed in the
#: rest, towards the rail, so chips never cover it.
CHIPS_DEPTH = 30.0
#: The least depth of a main wager's row (scene units): its name at Projector on a 1920x1080 calling-the-game
#: table beside its chips, however many side wagers the table offers.
MAIN_ROW_DEPTH = 72.0

#: The Player's Hand and Banker's Hand card areas (centre x, centre y, width, height).
HAND_W, HAND_H = 290.0, 124.0
HANDS = {"player-hand": (CX - 156.0, 716.0), "banker-hand": (CX + 156.0, 716.0)}
HAND_TITLES = {"player-hand": "PLAYER'S HAND", "banker-hand": "BANKER'S HAND"}
#: Their names where the whole ones do not fit (a larger text size).
HAND_SHORT_TITLES = {"player-hand": "PLAYER", "banker-hand": "BANKER"}
#: The vigorish boxes' row: top and height; each box's width and gap.
VIG_Y, VIG_H, VIG_W, VIG_GAP = 778.0, 30.0, 36.0, 5.0
#: A marker button's radius: it sits on the top edge of its box, the box's number readable under it.
MARKER_R = 14.0

#: The dealer's side: the table inventory container, the discard bucket, the shoe, the burn card.
TRAY = (CX - 190.0, 826.0, 380.0, 62.0)
DISCARD = (CX - 300.0, 857.0)
DISCARD_R = 36.0
SHOE = (CX + 300.0, 848.0)
BURN = (CX + 420.0, 856.0)
#: Where the stack of cards is washed, shuffled and cut (the middle of the felt).
STACK = (CX, 706.0)  # over the empty card areas: no hand is dealt while the cards are prepared
#: Where a call to the whole table shows ("LAST HAND"), on the dealer's side: over the tray's top,
#: its name left clear (beside the discard bucket it covered "dealer's LEFT" at Projector).
BANNER = (CX, 845.0)
#: The top of the house's name and the payout odds written under it.
LOGO_Y = 482.0
#: The placards beside the felt that carry the payout odds and the EZ inscription (631a.2(b)(3),
#: (6)(ii)): the scene's top corners, outside the rail (x, y, w, h), the dealer's left one first. The
#: felt's middle is too small for them to be read from the back of a class (issue 29).
PLACARDS = ((6.0, 6.0, 200.0, 270.0), (SCENE_W - 206.0, 6.0, 200.0, 270.0))


def oval_point(degrees: float, fraction: float) -> tuple[float, float]:
    """The point at ``degrees`` on the oval scaled by ``fraction`` (1 = the rail's inner edge)."""
    a = math.radians(degrees)
    return CX + RX * fraction * math.cos(a), CY - RY * fraction * math.sin(a)


@dataclass(frozen=True)
class Cell:
    """One area of a seat: a sector of the band between two angles and two radius fractions."""

    key: str
    title: str
    a1: float
    a2: float
    f_in: float
    f_out: float

    def centre(self) -> tuple[float, float]:
        return oval_point((self.a1 + self.a2) / 2, (self.f_in + self.f_out) / 2)

    @property
    def wager(self) -> str | None:
        """The wager of the area (``banker``...), None for the seat's number."""
        return self.key.partition(".")[2] or None

    def titles(self) -> tuple[tuple[str, ...], ...]:
        """The area's name as printed, tried in turn: whole (on one line, or a word a line, whichever is
        larger), then short if it has one."""
        whole = (self.title, "\n".join(self.title.split()))
        return (whole, (SHORT_TITLES[self.wager],)) if self.wager in SHORT_TITLES else (whole,)

    def label_box(self) -> tuple[float, float, float, float]:
        """Where the area's name is printed, in the cell's own upright frame (its centre at 0, 0, the rail
        up): all the cell but its chips' strip on the inner side; the whole cell for the seat's number."""
        chips = CHIPS_DEPTH if self.wager else 0.0
        return -self.width / 2, -self.depth / 2, self.width, self.depth - chips

    def chips_point(self) -> tuple[float, float]:
        """Where the area's chips stand: the middle of its chips' strip."""
        return oval_point((self.a1 + self.a2) / 2, self.f_in + (self.f_out - self.f_in) * CHIPS_DEPTH / 2 / self.depth)

    @property
    def rotation(self) -> float:
        """The turn (degrees, clockwise on screen) that makes text upright for the seat's player."""
        return 90.0 - (self.a1 + self.a2) / 2

    @property
    def depth(self) -> float:
        """How deep the cell is, in scene units (along the radius at its middle angle)."""
        (x1, y1), (x2, y2) = (oval_point((self.a1 + self.a2) / 2, f) for f in (self.f_in, self.f_out))
        return math.hypot(x2 - x1, y2 - y1)

    @property
    def width(self) -> float:
        """The cell's width across the seat at its middle radius, in scene units."""
        f = (self.f_in + self.f_out) / 2
        (x1, y1), (x2, y2) = oval_point(self.a1, f), oval_point(self.a2, f)
        return math.hypot(x2 - x1, y2 - y1)


@dataclass(frozen=True)
class TableLayout:
    """The layout for ``seats`` positions with the side ``wagers`` the table offers and, when
    ``vig_boxes``, the numbered vigorish boxes (deferred vigorish, 631a.2(b)(8))."""

    seats: int = DEFAULT_SEATS
    wagers: tuple[str, ...] = ()
    vig_boxes: bool = True

    def __post_init__(self) -> None:
        if not 10 <= self.seats <= 14:
            raise ValueError(f"a Baccarat table has 10 to 14 numbered positions (631a.2(a)), not {self.seats}")
        unknown = set(self.wagers) - set(TITLES)
        if unknown:
            raise ValueError(f"unknown wager areas: {', '.join(sorted(unknown))}")

    @cached_property
    def rings(self) -> tuple[tuple[str, ...], ...]:
        """The rows of areas from the rail inwards (after the seat number): side wagers, then the main ones."""
        offered = set(self.wagers)
        rows = [tuple(w for w in pair if w in offered) for pair in
                (("dragon-bonus-player", "dragon-bonus-banker"), ("dragon-7", "panda-8"), ("house-money",))]
        return tuple(r for r in rows if r) + tuple((w,) for w in MAIN_WAGERS)

    def seat_span(self, seat: int) -> tuple[float, float]:
        """The angles (a1 < a2) of seat ``seat``'s sector; seat 1 at the dealer's right end."""
        per = (LAST_ANGLE - FIRST_ANGLE) / self.seats
        a1 = FIRST_ANGLE + (seat - 1) * per
        return a1 + GAP / 2, a1 + per - GAP / 2

    @cached_property
    def cells(self) -> dict[str, Cell]:
        """Every seat's areas by key ``seat{k}.{wager}``, and ``seat{k}`` for its number."""
        out: dict[str, Cell] = {}
        band = BAND_OUT - NUMBER_DEPTH - BAND_IN
        # the main wagers' rows at least MAIN_ROW_DEPTH deep, the side wagers' rows sharing the rest
        main = max(band / len(self.rings), MAIN_ROW_DEPTH / RY)
        sides = len(self.rings) - len(MAIN_WAGERS)
        side = (band - main * len(MAIN_WAGERS)) / sides if sides else 0.0
        for seat in range(1, self.seats + 1):
            a1, a2 = self.seat_span(seat)
            out[f"seat{seat}"] = Cell(f"seat{seat}", str(seat), a1, a2, BAND_OUT - NUMBER_DEPTH, BAND_OUT)
            f_out = BAND_OUT - NUMBER_DEPTH
            for row in self.rings:
                depth = main if row[0] in MAIN_WAGERS else side
                step = (a2 - a1) / len(row)
                for k, wager in enumerate(reversed(row)):  # the first of a row on the player's left
                    key = f"seat{seat}.{wager}"
                    out[key] = Cell(key, TITLES[wager], a1 + k * step, a1 + (k + 1) * step, f_out - depth, f_out)
                f_out -= depth
        return out

    def vig_box(self, seat: int) -> tuple[float, float, float, float]:
        """The numbered vigorish box of ``seat`` (x, y, w, h): a row in front of the dealer, seat 1 on his right."""
        total = self.seats * VIG_W + (self.seats - 1) * VIG_GAP
        right = CX + total / 2
        x = right - seat * VIG_W - (seat - 1) * VIG_GAP
        return x, VIG_Y, VIG_W, VIG_H

    def marker_spot(self, seat: int) -> tuple[float, float]:
        """Where ``seat``'s marker button lies: on its numbered box's top edge, the number left clear."""
        x, y, w, _ = self.vig_box(seat)
        return x + w / 2, y - 2

    def vig_number_box(self, seat: int) -> tuple[float, float, float, float]:
        """Where ``seat``'s number is printed in its box: the part a marker button leaves clear."""
        x, y, w, h = self.vig_box(seat)
        top = self.marker_spot(seat)[1] + MARKER_R + 1
        return x, top, w, y + h - top

    def area_centre(self, key: str) -> tuple[float, float]:
        """Where chips on the area ``key`` sit: a seat's area (clear of its name), ``vig{k}``, a hand, or the tray."""
        if key in self.cells:
            return self.cells[key].chips_point()
        if key.startswith("vig"):
            x, y, w, h = self.vig_box(int(key[3:]))
            return x + w / 2, y + h / 2
        if key in HANDS:
            return HANDS[key]
        x, y, w, h = TRAY
        return x + w / 2, y + h / 2

    def shoe_spot(self, holder: str) -> tuple[float, float, float]:
        """Where the shoe lies and its turn: with the dealer, or beside seat ``seat{k}``'s number (the
        curator): on the rail at the seat's edge, so the number stays readable (issue 29)."""
        if holder.startswith("seat"):
            cell = self.cells[holder]
            x, y = oval_point(cell.a1, BAND_OUT + 0.01)
            return x, y, cell.rotation + 180.0
        return SHOE[0], SHOE[1], 0.0


def card_slot(hand: str, index: int) -> tuple[float, float, float]:
    """Centre and turn of card ``index`` (0, 1, 2) of ``hand``: two cards side by side, the third
    card across them on the right, the way a called game lays them."""
    x, y = HANDS[hand]
    if index < 2:
        return x - 100.0 + index * (CARD_W + 6), y + 4.0, 0.0
    return x + 84.0, y + 4.0, 90.0
