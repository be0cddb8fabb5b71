"""The static table, painted once per device scale: rail, felt, seats, spots, tray and labels.

Seen from above with the dealer at the bottom (spec D1.2): betting circles numbered 1 (the dealer's
right) to 6 along the curved side with arrows for the counterclockwise order, the landing spots of
the eight positions, the table inventory container, and the dealer's edge naming his left and right.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QRadialGradient

from trainer.ui.paigow import table_layout as L
from trainer.ui.felt import font as _font
from trainer.ui.felt import font_to_fit
from trainer.ui.theme import Theme


#: labels may grow past their boxes at a larger text size (View → Text size): shown whole, never cut
_NO_CLIP = Qt.TextFlag.TextDontClip


def _felt_path() -> QPainterPath:
    """The felt: a half-ellipse over the players' side, closed by the dealer's straight edge."""
    path = QPainterPath()
    rect = QRectF(30, 40, L.SCENE_W - 60, 2 * (L.DEALER_EDGE - 40))
    path.moveTo(30, L.DEALER_EDGE)
    path.arcTo(rect, 180, -180)
    path.closeSubpath()
    return path


def paint_table(p: QPainter, th: Theme) -> None:
    """The static table in scene units: rail, felt, seats, spots, tray, labels, direction of play."""
    felt = _felt_path()
    p.setPen(QPen(QColor(th.rail), L.RAIL * 2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap,
                  Qt.PenJoinStyle.RoundJoin))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(felt)
    grad = QRadialGradient(QPointF(L.SCENE_W / 2, 520), 900)
    grad.setColorAt(0.0, QColor(th.felt).lighter(112))
    grad.setColorAt(1.0, QColor(th.felt_edge))
    p.setPen(QPen(QColor(th.rail).lighter(140), 3))
    p.setBrush(grad)
    p.drawPath(felt)
    chalk = QColor(th.chalk)
    # the dealer's edge
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(th.rail))
    p.drawRect(QRectF(0, L.DEALER_EDGE, L.SCENE_W, L.SCENE_H - L.DEALER_EDGE))
    p.setPen(QColor(th.label))
    p.setFont(_font(18, p))
    edge = QRectF(40, L.DEALER_EDGE, L.SCENE_W - 80, L.SCENE_H - L.DEALER_EDGE)
    for text, align in edge_labels(p.fontMetrics().horizontalAdvance, edge.width()):
        p.drawText(edge, _NO_CLIP | Qt.AlignmentFlag.AlignVCenter | align, text)
    _paint_direction(p, chalk)
    # tray (table inventory container)
    x, y, w, h = L.TRAY
    # grown with the text size as far as the dealer's edge and the woodpile leave room
    p.setFont(font_to_fit(15, p, QRectF(0, 0, w + 120, L.DEALER_EDGE - y - 8), "TABLE INVENTORY\nCONTAINER"))
    wrap = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
    # a larger text size (View → Text size) wraps the name and grows the box, never clips it
    text = p.fontMetrics().boundingRect(QRectF(x, y, w + 160, h).toRect(), wrap, "TABLE INVENTORY CONTAINER")
    box = QRectF(x, y, w, h).united(QRectF(text).adjusted(-10, -4, 10, 4))
    box.moveCenter(QPointF(x + w / 2, min(box.center().y(), L.DEALER_EDGE - box.height() / 2 - 4)))
    p.setPen(QPen(QColor(th.rail).darker(130), 2))
    p.setBrush(QColor(th.rail).lighter(125))
    p.drawRoundedRect(box, 8, 8)
    p.setPen(QColor(th.label))
    p.drawText(box, wrap, "TABLE INVENTORY CONTAINER")
    # spots and seats
    spot_fill = QColor(th.spot)
    for spot in L.SPOTS.values():
        sx, sy, sw, sh = spot.rect()
        p.setPen(QPen(chalk, 2, Qt.PenStyle.DashLine))
        p.setBrush(spot_fill)
        p.drawRoundedRect(QRectF(sx, sy, sw, sh), 12, 12)
        if spot.circle:
            cx, cy = spot.circle
            p.setPen(QPen(chalk, 3))
            p.setBrush(QColor(th.felt).darker(112))
            p.drawEllipse(QPointF(cx, cy), 40, 40)
            p.setPen(QColor(th.label))
            p.setFont(_font(44, p))
            # the number names the seat: no "SEAT n" beside it, where the wagers' chips stand
            p.drawText(QRectF(cx - 40, cy - 40, 80, 80), Qt.AlignmentFlag.AlignCenter, spot.key[-1])
        else:
            p.setPen(QColor(th.label))
            p.setFont(font_to_fit(22, p, QRectF(0, 0, 250, 60), spot.title))  # clear of the tray
            p.drawText(QRectF(spot.label_x - 150, spot.label_y - 14, 300, 28),
                       _NO_CLIP | Qt.AlignmentFlag.AlignCenter, spot.title)
    # woodpile bed
    p.setPen(QPen(chalk, 1.5, Qt.PenStyle.DotLine))
    p.setBrush(Qt.BrushStyle.NoBrush)
    bw = 8 * L.STACK_PITCH + 16
    bed = QRectF(L.ROW_X - bw / 2, L.ROW_Y - L.TILE_H / 2 - 4 * L.TILE_T - 8, bw, L.TILE_H + 5 * L.TILE_T + 16)
    p.drawRoundedRect(bed, 10, 10)
    # the centre area named, beside its outline: never behind the stacks or the tiles laid out
    p.setPen(chalk)
    p.setFont(font_to_fit(17, p, QRectF(0, 0, 200, bed.height()), "WOODPILE"))
    p.drawText(QRectF(bed.left() - 208, bed.top(), 200, bed.height()),
               _NO_CLIP | Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, "WOODPILE")


def edge_labels(advance, width: float) -> list[tuple[str, Qt.AlignmentFlag]]:
    """The dealer's edge's labels that fit side by side in ``width`` (``advance`` measures a text):
    his left and right always, the middle one in words where it touches neither, else shortened to
    "DEALER" (a larger text size), left out only where even that would touch them."""
    sides = [("◀  dealer's LEFT", Qt.AlignmentFlag.AlignLeft), ("dealer's RIGHT  ▶", Qt.AlignmentFlag.AlignRight)]
    side = max(advance(text) for text, _ in sides)
    for middle in ("DEALER (facing the players)", "DEALER"):
        if advance(middle) / 2 + side + 16 <= width / 2:
            return sides + [(middle, Qt.AlignmentFlag.AlignHCenter)]
    return sides


def _paint_direction(p: QPainter, colour: QColor) -> None:
    """Arrows between the betting circles: the counterclockwise order, seat1 (right) to seat6 (left)."""
    p.setPen(QPen(colour, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    angles = L.SEAT_ANGLES
    for a, b in zip(angles, angles[1:]):
        lo, hi = a + L.ARROW_CLEAR, b - L.ARROW_CLEAR  # clear of the side wagers' spots
        path = QPainterPath()
        path.moveTo(*L.arc_point(lo, L.CIRCLE_R))
        steps = 8
        for i in range(1, steps + 1):
            path.lineTo(*L.arc_point(lo + (hi - lo) * i / steps, L.CIRCLE_R))
        p.drawPath(path)
        tip = QPointF(*L.arc_point(hi, L.CIRCLE_R))
        back = QPointF(*L.arc_point(hi - 3.0, L.CIRCLE_R))
        d = tip - back
        n = math.hypot(d.x(), d.y()) or 1.0
        ux, uy = d.x() / n, d.y() / n
        for side in (1, -1):
            p.drawLine(tip, QPointF(tip.x() - ux * 12 + side * uy * 8, tip.y() - uy * 12 - side * ux * 8))
