"""Where things sit on the drawn table, in scene units (a 1600 x 920 top view, dealer at the bottom).

Seen from above with the dealer at the bottom facing the players (spec D1.2): the six seats run
along the curved players' side from ``seat1`` at the dealer's right (screen right) to ``seat6``
at the dealer's left; the Dead Hand lies to the dealer's left (621a.2(b)(3)); the woodpile lies in
front of the table inventory container, S1 at the dealer's right end (621a.4(d), spec D2.2); the
shaker sits to the dealer's right (621a.6(f)).

Pure geometry: no Qt, no rules. Tiles are drawn in a 2.5-D top view: a tile lying on the felt
shows its top face and, below it, its front edge; a tile one layer up is drawn ``TILE_T`` higher.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

SCENE_W, SCENE_H = 1600.0, 920.0

#: A tile lying flat: width, length (towards the players) and the visible height of one layer. 48 px
#: tall or more on the Table screen at 1280x720 Projector (issue 29: read from the back of a class).
TILE_W = 42.0
TILE_H = TILE_W * 2.2
TILE_T = 9.0

#: Distance between the centres of neighbouring stacks in the woodpile.
STACK_PITCH = 44.0
#: How far a "push" slides tiles towards the players.
PUSH = 30.0
#: Where the woodpile's top faces sit (the centre of a layer-4 tile) and its middle.
ROW_Y = 690.0
ROW_X = SCENE_W / 2
#: The centred pair of chee yee stands this far in front of the row (spec D6.6).
CENTER_Y = ROW_Y - 150.0

#: The dealer's edge of the felt and the rail depth.
DEALER_EDGE = 880.0
RAIL = 26.0


@dataclass(frozen=True)
class Spot:
    """A position's place on the table: where its tiles land and where its label goes."""

    key: str
    title: str
    x: float
    y: float
    label_x: float
    label_y: float
    circle: tuple[float, float] | None = None  # betting circle centre (seats only)
    #: where the seat's wagers stand (the middle of the chips' bottom row): between the numbered
    #: circle and the landing spot, clear of both (seats only)
    chips: tuple[float, float] | None = None
    #: a seat's badge (its count, its delivery number) beside the spot's top outer corner, not under
    #: its bottom one (there stand the next seat's chips)
    badge_beside: bool = False

    def rect(self) -> tuple[float, float, float, float]:
        """The outline of the landing spot (x, y, w, h): room for four tiles in a row, or a stack
        of four (three layers above the felt, each ``TILE_T`` higher)."""
        top = self.y - TILE_H / 2 - 3 * TILE_T - 3  # (3: a tight outline leaves the chips their band)
        return self.x - SPOT_W / 2, top, SPOT_W, SPOT_H


SPOT_W = 4 * STACK_PITCH + 14
SPOT_H = TILE_H + 4 * TILE_T + 6

#: The seats lie on an arc around the dealer: landing spots on radius ARC_R, betting circles
#: further out on CIRCLE_R (the arc is stretched vertically by ARC_STRETCH); the wagers' chips
#: stand in the band between them.
ARC_CX, ARC_CY, ARC_R, CIRCLE_R, ARC_STRETCH = SCENE_W / 2, 860.0, 549.0, 741.0, 1.06
#: A betting circle's radius, and a chip's.
CIRCLE_RADIUS, CHIP_R = 40.0, 19.0
#: How far a seat's chips stand from its spot's middle; how wide their tags may spread; how tall a
#: tag may be (the band between circle and spot); how far from the chips' middle the BANK tag reaches.
CHIPS_SHIFT, CHIPS_ROOM, CHIPS_TAG_H, BANK_REACH = 34.0, 160.0, 72.0, 125.0


def chips_zone(spot: Spot) -> tuple[float, float, float, float]:
    """Where a seat's chips, their tags and its BANK tag may be drawn (x, y, w, h)."""
    x, y = spot.chips
    return x - BANK_REACH, y + CHIP_R - CHIPS_TAG_H - 4, 2 * BANK_REACH, CHIPS_TAG_H + 8  # 4: the bank's ring
SEAT_ANGLES = (30.0, 54.0, 78.0, 102.0, 126.0, 150.0)  # seat1 (dealer's right) .. seat6


def arc_point(degrees: float, radius: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return ARC_CX + radius * math.cos(a), ARC_CY - radius * math.sin(a) * ARC_STRETCH


def _seat(k: int) -> Spot:
    x, y = arc_point(SEAT_ANGLES[k - 1], ARC_R)
    cx, cy = arc_point(SEAT_ANGLES[k - 1], CIRCLE_R)
    seat = Spot(f"seat{k}", f"SEAT {k}", x, y, cx, cy, circle=(cx, cy), badge_beside=k in (2, 5))
    # towards the table's middle; at the end seats outwards (the next seat's spot is above the middle)
    side = (1 if x < ARC_CX else -1) * (-1 if k in (1, 6) else 1)
    return replace(seat, chips=(x + side * CHIPS_SHIFT, seat.rect()[1] - CHIP_R - 6))


SPOTS: dict[str, Spot] = {
    "dealer": Spot("dealer", "DEALER", ROW_X + 330, 805.0, ROW_X + 330, 712.0),
    **{f"seat{k}": _seat(k) for k in range(1, 7)},
    "dead": Spot("dead", "DEAD HAND", ROW_X - 330, 805.0, ROW_X - 330, 712.0),
}

#: The table inventory container (tile tray), on the dealer's edge behind the woodpile.
TRAY = (ROW_X - 150.0, 790.0, 300.0, 56.0)
#: The shaker's resting place (the dealer's right) and where its dice are shown once uncovered.
SHAKER = (ROW_X + 575.0, 790.0)
#: The dice's own place on the felt, beside the shaker (above it, clear of seat 1's spot and badge and of
#: the cover slid off): the top left of two dice over one and their total, large enough to be read from
#: the back of a class once uncovered (issue 29: 32 px or more at 1280x720 Projector).
DICE_SPOT, DICE_SIZE = (ROW_X + 588.0, 584.0), 60.0
#: The centre of the layout (x, y, w, h): where a player-banked round's losing wagers go and
#: its winners are paid from (621a.9(n)-(r), spec S3), between the seats and the woodpile.
CENTRE_AREA = (ROW_X - 130.0, 372.0, 260.0, 110.0)
#: Where the tiles are mixed (in the middle of the felt, in front of the tray).
MIX_CENTER = (ROW_X, 470.0)
MIX_RADIUS = 170.0

#: A side wager's spot by each betting circle (621a.5, 621a.11): its radius and its name, and the forms
#: a dealer abbreviates it to on the felt, the shortest where a small table leaves the longer unreadable. On the circles' arc, beside the seat's circle, two a side (the seat's
#: next in the order of play first); the arrows between the circles keep the middle of the gap.
SIDE_R = 19.0
SIDE_NAMES = {"pair_fortunes": ("Pair Fortunes", ("PF",)), "sum": ("Sum", ("SUM", "S")),
              "match": ("Match", ("MAT", "M")), "beat_it": ("Beat It", ("BI",))}
#: The side spots' angles from their seat's circle, in degrees, in the order of the profile's wagers.
SIDE_ANGLES = (4.8, 7.9, -4.8, -7.8)
#: Where the direction arrows between the circles start and end, in degrees from each circle.
ARROW_CLEAR = 9.9


def side_spots(seat: str, count: int) -> list[tuple[float, float]]:
    """The centres of a seat's ``count`` side-wager spots (at most four)."""
    angle = SEAT_ANGLES[int(seat[-1]) - 1]
    return [arc_point(angle + d, CIRCLE_R) for d in SIDE_ANGLES[:count]]


def row_x(slot: float) -> float:
    """x of the woodpile slot ``slot`` (1 = S1 at the dealer's right end, 8 = S8 at the left end;
    fractional slots lie between stacks)."""
    return ROW_X + (4.5 - slot) * STACK_PITCH


def spot_slots(key: str, count: int) -> list[tuple[float, float]]:
    """Centres of ``count`` side-by-side groups in a position's spot (a row of four singles, two
    half-stacks side by side, or one whole stack), in the order the dealer placed them, his right
    first (spec D5.3)."""
    spot = SPOTS[key]
    return [(spot.x + ((count - 1) / 2 - i) * STACK_PITCH, spot.y) for i in range(count)]
