"""The static Baccarat table, painted once per device scale: rail, felt, the seats' areas, the card
areas, the vigorish boxes, the payout odds, the table inventory container and the discard bucket.

Seen from above with the dealer at the bottom (like the Pai Gow table, spec D1.2). What the layout
holds is :mod:`trainer.ui.baccarat.table_layout`; the odds written on it are given by the scene
(from the table's options), so the layout shows exactly the wagers offered (631a.2(b)(3)).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QRadialGradient

from trainer.ui.baccarat import table_layout as L
from trainer.ui.paigow.table_items import font, font_to_fit
from trainer.ui.theme import Theme

#: The certificate holder's name on the layout (631a.2(b)(1)).
HOUSE_NAME = "TRAINING CASINO"


def _oval_rect(fraction: float) -> QRectF:
    return QRectF(L.CX - L.RX * fraction, L.CY - L.RY * fraction, 2 * L.RX * fraction, 2 * L.RY * fraction)


def half_oval(fraction: float) -> QPainterPath:
    """The upper half of the oval scaled by ``fraction``, closed along the dealer's edge."""
    path = QPainterPath()
    path.moveTo(*L.oval_point(180.0, fraction))
    path.arcTo(_oval_rect(fraction), 180.0, -180.0)
    path.closeSubpath()
    return path


def cell_path(cell: L.Cell) -> QPainterPath:
    """A seat's area: the ring sector between its two angles and two radius fractions."""
    path = QPainterPath()
    path.moveTo(*L.oval_point(cell.a1, cell.f_out))
    path.arcTo(_oval_rect(cell.f_out), cell.a1, cell.a2 - cell.a1)
    path.lineTo(*L.oval_point(cell.a2, cell.f_in))
    path.arcTo(_oval_rect(cell.f_in), cell.a2, cell.a1 - cell.a2)
    path.closeSubpath()
    return path


def paint_table(p: QPainter, th: Theme, layout: L.TableLayout, odds: tuple[str, ...]) -> None:
    """The static table in scene units."""
    felt = half_oval(1.0)
    p.setPen(QPen(QColor(th.rail), L.RAIL * 2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(felt)
    grad = QRadialGradient(QPointF(L.CX, 560), 900)
    grad.setColorAt(0.0, QColor(th.felt).lighter(112))
    grad.setColorAt(1.0, QColor(th.felt_edge))
    p.setPen(QPen(QColor(th.rail).lighter(140), 3))
    p.setBrush(grad)
    p.drawPath(felt)
    _paint_dealer_side(p, th)
    _paint_seats(p, th, layout)
    _paint_middle(p, th, layout, odds)


def _paint_dealer_side(p: QPainter, th: Theme) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(th.rail))
    p.drawRect(QRectF(0, L.DEALER_EDGE, L.SCENE_W, L.SCENE_H - L.DEALER_EDGE))
    p.setPen(QColor(th.label))
    x, y, w, h = L.TRAY
    top, height = L.DEALER_EDGE + 4, L.SCENE_H - L.DEALER_EDGE - 8
    # each side's name in the room the discard holder and the tray leave it
    left = QRectF(30, top, L.DISCARD[0] - L.DISCARD_R - 40, height)
    right = QRectF(x + w + 10, top, L.SCENE_W - 30 - x - w - 10, height)
    for box, align, text in ((left, Qt.AlignmentFlag.AlignLeft, "◀  dealer's LEFT"),
                             (right, Qt.AlignmentFlag.AlignRight, "dealer's RIGHT  ▶")):
        p.setFont(font_to_fit(17, p, box, text))
        p.drawText(box, Qt.AlignmentFlag.AlignVCenter | align, text)
    p.setPen(QPen(QColor(th.rail).darker(130), 2))
    p.setBrush(QColor(th.rail).lighter(125))
    p.drawRoundedRect(QRectF(x, y, w, h), 8, 8)
    p.setPen(QColor(th.label))
    name = QRectF(x, y + h - 18, w, 16)
    p.setFont(font_to_fit(13, p, name, "TABLE INVENTORY CONTAINER"))
    p.drawText(name, Qt.AlignmentFlag.AlignCenter, "TABLE INVENTORY CONTAINER")
    cx, cy = L.DISCARD
    p.setPen(QPen(QColor(th.rail).darker(160), 3))
    p.setBrush(QColor("#222222"))
    p.drawEllipse(QPointF(cx, cy), L.DISCARD_R, L.DISCARD_R)
    p.setPen(QColor(th.label))
    name = QRectF(cx - L.DISCARD_R, cy - 8, 2 * L.DISCARD_R, 16)
    p.setFont(font_to_fit(11, p, name, "DISCARD"))
    p.drawText(name, Qt.AlignmentFlag.AlignCenter, "DISCARD")


def _paint_seats(p: QPainter, th: Theme, layout: L.TableLayout) -> None:
    chalk = QColor(th.chalk)
    spot = QColor(th.spot)
    number_fill = QColor(th.felt).darker(125)
    for cell in layout.cells.values():
        path = cell_path(cell)
        is_number = "." not in cell.key
        p.setPen(QPen(chalk, 2.2))
        p.setBrush(number_fill if is_number else spot)
        p.drawPath(path)
        _cell_text(p, th, cell, is_number)


def _cell_text(p: QPainter, th: Theme, cell: L.Cell, is_number: bool) -> None:
    """The area's name (or the seat's number), upright for the seat's player."""
    x, y = cell.centre()
    w, h = cell.width, cell.depth
    p.save()
    p.translate(x, y)
    p.rotate(cell.rotation)
    p.setPen(QColor(th.label))
    title = cell.title
    if is_number:
        size = min(h * 0.78, 34.0)
    else:
        lines = title.split()
        title = "\n".join(lines)
        size = min(w * 0.9 / (0.72 * max(6, *map(len, lines))), h * 0.78 / (1.25 * len(lines)), 19.0)
    box = QRectF(-w / 2, -h / 2, w, h)
    p.setFont(font_to_fit(size, p, box.adjusted(2, 2, -2, -2), title))
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, title)
    p.restore()


def _paint_middle(p: QPainter, th: Theme, layout: L.TableLayout, odds: tuple[str, ...]) -> None:
    chalk = QColor(th.chalk)
    label = QColor(th.label)
    for key, (cx, cy) in L.HANDS.items():
        rect = QRectF(cx - L.HAND_W / 2, cy - L.HAND_H / 2, L.HAND_W, L.HAND_H)
        p.setPen(QPen(chalk, 3))
        p.setBrush(QColor(th.spot))
        p.drawRoundedRect(rect, 14, 14)
        p.setPen(label)
        p.setFont(font_to_fit(14, p, rect.adjusted(12, 4, -12, -L.HAND_H * 0.6), L.HAND_TITLES[key]))
        p.drawText(rect.adjusted(12, 4, -12, -4), Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft,
                   L.HAND_TITLES[key])
    if layout.vig_boxes:
        p.setFont(font(17, p))
        for seat in range(1, layout.seats + 1):
            x, y, w, h = layout.vig_box(seat)
            p.setPen(QPen(chalk, 2))
            p.setBrush(QColor(th.felt).darker(118))
            p.drawRect(QRectF(x, y, w, h))
            p.setPen(label)
            p.drawText(QRectF(x, y, w, h), Qt.AlignmentFlag.AlignCenter, str(seat))
    p.setPen(label)
    top = L.LOGO_Y
    p.setFont(font_to_fit(25, p, QRectF(0, 0, 520, 32), HOUSE_NAME))
    p.drawText(QRectF(L.CX - 260, top, 520, 32), Qt.AlignmentFlag.AlignCenter, HOUSE_NAME)
    line = 19.0
    y = top + 34
    p.setFont(min((font_to_fit(15, p, QRectF(0, 0, 660, line), text) for text in odds),
                  key=QFont.pixelSize, default=font(15, p)))
    for text in odds:
        p.drawText(QRectF(L.CX - 330, y, 660, line), Qt.AlignmentFlag.AlignCenter, text)
        y += line
