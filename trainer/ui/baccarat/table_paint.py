"""The static Baccarat table, painted once per device scale: rail, felt, the seats' areas, the card
areas, the vigorish boxes, the payout odds, the table inventory container and the discard bucket.

Seen from above with the dealer at the bottom (like the Pai Gow table, spec D1.2). What the layout
holds is :mod:`trainer.ui.baccarat.table_layout`; the odds written on it are given by the scene
(from the table's options), so the layout shows exactly the wagers offered (631a.2(b)(3)).

Every marking grows with the text size (View → Text size) as far as its room: one that would be drawn
smaller on screen than the application's text is written short (a dealer's abbreviation, see
``Cell.titles``), else drawn as large as its room allows: never left out (issue 29: a class reads every
seat number, wager, hand and the odds).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF, QRadialGradient, QTransform,
)

from trainer.ui.baccarat import table_layout as L
from trainer.ui.felt import device_scale, font, font_to_fit, largest_fitting, legible
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


ALIGN = Qt.AlignmentFlag


@dataclass(frozen=True)
class Label:
    """A marking printed on the felt: its text in ``font`` within ``rect``, placed by ``transform``."""

    text: str
    font: QFont
    rect: QRectF
    flags: Qt.AlignmentFlag = ALIGN.AlignCenter
    transform: QTransform = field(default_factory=QTransform)

    def polygon(self) -> QPolygonF:
        """Where its text is drawn, in scene units (the tests: no chips over it)."""
        inked = QFontMetricsF(self.font).boundingRect(self.rect, int(self.flags), self.text)
        return self.transform.map(QPolygonF(inked))


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
    _paint_middle(p, th, layout)
    if odds:
        _paint_placards(p, th)
    p.setPen(QColor(th.label))
    for label in printed_labels(layout, odds, device_scale(p)):
        p.save()
        p.setTransform(label.transform, True)
        p.setFont(label.font)
        p.drawText(label.rect, label.flags, label.text)
        p.restore()


def printed_labels(layout: L.TableLayout, odds: tuple[str, ...], scale: float) -> list[Label]:
    """Every marking of the felt drawn at ``scale`` device pixels per unit: the dealer's side, the
    areas' names and seat numbers, the hands, the vigorish boxes' numbers, the house's name and odds."""
    labels = _dealer_side_labels(scale)
    labels += [cell_label(cell, scale) for cell in layout.cells.values()]
    hands = hand_titles(scale)
    labels += hands
    if layout.vig_boxes:
        labels += [_fitted(str(seat), 17, scale, QRectF(*layout.vig_number_box(seat)))
                   for seat in range(1, layout.seats + 1)]
    bottom = min([L.HANDS[k][1] - L.HAND_H / 2 for k in L.HANDS] + [h.rect.top() for h in hands]) - 4
    labels += middle_lines(((HOUSE_NAME, 25),), scale, bottom)
    labels += placard_labels(odds, scale)
    return [label for label in labels if label]


def placard_labels(odds: tuple[str, ...], scale: float) -> list[Label]:
    """The payout odds on the placards beside the felt (``L.PLACARDS``), a phrase a line (wrapped where
    it must), the first ones on the dealer's left placard, cut where that draws both largest, in one
    size. Never left out (631a.2(b)(3); the EZ inscription, (6)(ii))."""
    # (odds such as "15 TO 1" never cut at the end of a line: their spaces do not break)
    phrases = [re.sub(r"(\d+) TO (\d+)", "\\1\u00a0TO\u00a0\\2", part.strip())
               for line in odds for part in line.split("·")]
    rooms = [QRectF(*rect).adjusted(10, 8, -10, -8) for rect in L.PLACARDS]
    best: tuple[int, list[str]] = (0, [])
    for cut in range(1, len(phrases) + 1):
        texts = ["\n".join(phrases[:cut]), "\n".join(phrases[cut:])]
        px = min(_wrapped_px(text, room.width(), room.height()) for text, room in zip(texts, rooms) if text)
        best = max(best, (px, texts), key=lambda pair: pair[0])
    px, texts = best
    return [Label(text, _font_px(px), room, PLACARD_FLAGS) for text, room in zip(texts, rooms) if text]


PLACARD_FLAGS = ALIGN.AlignCenter | Qt.TextFlag.TextWordWrap


@lru_cache(maxsize=256)
def _wrapped_px(text: str, width: float, height: float, start: int = 60) -> int:
    """The largest pixel size from ``start`` down at which ``text``, wrapped at its spaces, fits.

    A size whose lines could not fit even unwrapped (each of ``text``'s lines at least one font
    height) is passed without laying the text out, and the sizes are bisected
    (:func:`~trainer.ui.felt.largest_fitting`): the same sizes, found with a few layouts each instead
    of one a size (883 for the placards' texts, a large part of the Baccarat table's first paint, issue 42)."""
    lines = text.count("\n") + 1

    def fits(px: int) -> bool:
        metrics = QFontMetricsF(_font_px(px))
        if lines * metrics.height() > height + 0.5:
            return False
        rect = metrics.boundingRect(QRectF(0, 0, width, 1e6), int(PLACARD_FLAGS), text)
        return rect.width() <= width and rect.height() <= height

    return largest_fitting(list(range(start, 0, -1)), fits)


def _font_px(px: int) -> QFont:
    f = QFont()
    f.setBold(True)
    f.setPixelSize(px)
    return f


def _fitted(text: str, px: float, scale: float, rect: QRectF, flags=ALIGN.AlignCenter,
            transform: QTransform | None = None) -> Label:
    """``text`` in the largest font up to ``px`` that fits ``rect``."""
    return Label(text, font_to_fit(px, scale, rect, text), rect, flags, transform or QTransform())


def _legible(labels: list[Label], scale: float) -> bool:
    return all(legible(label.font, scale) for label in labels)


def _dealer_side_labels(scale: float) -> list[Label | None]:
    x, y, w, h = L.TRAY
    top, height = L.DEALER_EDGE + 4, L.SCENE_H - L.DEALER_EDGE - 8
    # each side's name in the room the discard holder and the tray leave it: both whole, else both short
    left = QRectF(30, top, L.DISCARD[0] - L.DISCARD_R - 40, height)
    right = QRectF(x + w + 10, top, L.SCENE_W - 30 - x - w - 10, height)
    cx, cy = L.DISCARD
    sides = _first_legible([[_fitted(left_text, 17, scale, left, ALIGN.AlignVCenter | ALIGN.AlignLeft),
                           _fitted(right_text, 17, scale, right, ALIGN.AlignVCenter | ALIGN.AlignRight)]
                            for left_text, right_text in (("◀  dealer's LEFT", "dealer's RIGHT  ▶"), ("◀ LEFT", "RIGHT ▶"))],
                           scale)
    return [*sides, _fitted("TABLE INVENTORY CONTAINER", 13, scale, QRectF(x, y + h - 18, w, 16)),
            _fitted("DISCARD", 11, scale, QRectF(cx - L.DISCARD_R, cy - 8, 2 * L.DISCARD_R, 16))]


def _first_legible(choices: list[list[Label]], scale: float) -> list[Label]:
    """The first of ``choices`` (labels that go together, whole then short) whose labels are all
    legible, else the last (the shortest, as large as its room allows): never none."""
    return next((labels for labels in choices if _legible(labels, scale)), choices[-1])


def cell_label(cell: L.Cell, scale: float) -> Label:
    """A seat's number or an area's name (whole, else short), upright for the seat's player, in the
    largest font up to the area's own that fits its name's box (clear of its chips): the first form
    legible at ``scale``, else the one drawn largest."""
    x, y, w, h = cell.label_box()
    box = QRectF(x, y, w, h)
    cx, cy = cell.centre()
    turn = QTransform().translate(cx, cy).rotate(cell.rotation)
    best = []
    for forms in cell.titles():
        fitted = []
        for title in forms:
            lines = title.split("\n")
            if cell.wager is None:
                size = min(h * 0.78, 34.0)
            else:
                size = min(w * 0.9 / (0.72 * max(6, *map(len, lines))), h * 0.78 / (1.25 * len(lines)), 19.0)
            fitted.append(_fitted(title, size, scale, box.adjusted(3, 1, -3, -1), transform=turn))
        best.append(max(fitted, key=_px))
    return next((label for label in best if legible(label.font, scale)), max(best, key=_px))


def _px(label: Label) -> int:
    return label.font.pixelSize()


def hand_titles(scale: float) -> list[Label]:
    """The hands' names just above their card areas (the cards cover the areas): whole, else both short."""
    return _first_legible([[_hand_title(key, titles[key], scale) for key in L.HANDS]
                           for titles in (L.HAND_TITLES, L.HAND_SHORT_TITLES)], scale)


def _hand_title(key: str, text: str, scale: float) -> Label:
    cx, cy = L.HANDS[key]
    room = QRectF(cx - L.HAND_W / 2 + 12, 0, L.HAND_W - 24, 60)
    f = font_to_fit(16, scale, room, text)
    h = QFontMetricsF(f).height()
    return Label(text, f, QRectF(room.left(), cy - L.HAND_H / 2 - h - 2, room.width(), h),
                 ALIGN.AlignLeft | ALIGN.AlignBottom)


def _middle_width(y: float) -> float:
    """The width of the felt's middle (inside the seats' band) at height ``y``."""
    dy = (L.CY - y) / (L.RY * L.BAND_IN)
    return 0.0 if dy >= 1 else 2 * L.RX * L.BAND_IN * math.sqrt(1 - dy * dy)


def middle_lines(lines, scale: float, bottom: float) -> list[Label]:
    """The house's name and the payout odds, ``(text, px)`` each, from ``L.LOGO_Y`` down to ``bottom``.

    Each line as low as it must to fit the middle's width (it narrows upwards), on two lines if it
    must; where not all fit (a larger text size on a small felt), all of them smaller together, the
    smallest as large as can be: the odds are never left out (631a.2(b)(3), (6)(ii)).
    """
    # each line on two where that draws it larger, or each on one: whichever draws the smallest line largest
    stacks = [stacked for shrink in SHRINKS for wrap in (True, False)
              if (stacked := _stacked(lines, scale, bottom, shrink, wrap)) is not None]
    return max(stacks, key=lambda stack: min(map(_px, stack)), default=[])


#: The sizes the middle's lines are tried at, from their own down (the last fits any table shown).
SHRINKS = (1.0, 0.85, 0.72, 0.6, 0.5, 0.42, 0.35, 0.3, 0.25, 0.2)


def _stacked(lines, scale: float, bottom: float, shrink: float, wrap: bool) -> list[Label] | None:
    """``lines`` placed top down (see :func:`middle_lines`), or None if one of them does not fit."""
    out = []
    y = L.LOGO_Y
    for text, px in lines:
        label = None
        for top in (y + k * 4.0 for k in range(int(max(0.0, bottom - y) / 4) + 1)):
            # on one line or two, whichever draws it larger
            label = max(filter(None, (_middle_line(form, px, scale, top, bottom, shrink)
                                      for form in (text, _wrapped(text))[:1 + wrap])), key=_px, default=None)
            if label:
                break
        if label is None:
            return None
        out.append(label)
        y = label.rect.bottom()
    return out


def _middle_line(text: str, px: float, scale: float, top: float, bottom: float, shrink: float) -> Label | None:
    height = QFontMetricsF(font(px, scale)).height() * shrink * (text.count("\n") + 1) + 1
    width = _middle_width(top) - 24
    return _fitted(text, px, scale, QRectF(L.CX - width / 2, top, width, height)) if top + height <= bottom else None


def _wrapped(text: str) -> str:
    """``text`` on two lines: at its middle "·", else at the space nearest its middle."""
    cuts = [i for i, c in enumerate(text) if c == "·"] or [i for i, c in enumerate(text) if c == " "]
    if not cuts:
        return text
    cut = min(cuts, key=lambda i: abs(i - len(text) / 2))
    return f"{text[:cut].strip()}\n{text[cut + 1:].strip()}"


def _paint_dealer_side(p: QPainter, th: Theme) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(th.rail))
    p.drawRect(QRectF(0, L.DEALER_EDGE, L.SCENE_W, L.SCENE_H - L.DEALER_EDGE))
    x, y, w, h = L.TRAY
    p.setPen(QPen(QColor(th.rail).darker(130), 2))
    p.setBrush(QColor(th.rail).lighter(125))
    p.drawRoundedRect(QRectF(x, y, w, h), 8, 8)
    cx, cy = L.DISCARD
    p.setPen(QPen(QColor(th.rail).darker(160), 3))
    p.setBrush(QColor("#222222"))
    p.drawEllipse(QPointF(cx, cy), L.DISCARD_R, L.DISCARD_R)


def _paint_placards(p: QPainter, th: Theme) -> None:
    """The placards' boards: felt-coloured, framed like the rail (their text is drawn with the felt's)."""
    p.setPen(QPen(QColor(th.rail), 6))
    p.setBrush(QColor(th.felt).darker(125))
    for rect in L.PLACARDS:
        p.drawRoundedRect(QRectF(*rect).adjusted(3, 3, -3, -3), 12, 12)


def _paint_seats(p: QPainter, th: Theme, layout: L.TableLayout) -> None:
    chalk = QColor(th.chalk)
    spot = QColor(th.spot)
    number_fill = QColor(th.felt).darker(125)
    for cell in layout.cells.values():
        p.setPen(QPen(chalk, 2.2))
        p.setBrush(spot if cell.wager else number_fill)
        p.drawPath(cell_path(cell))


def _paint_middle(p: QPainter, th: Theme, layout: L.TableLayout) -> None:
    chalk = QColor(th.chalk)
    for cx, cy in L.HANDS.values():
        p.setPen(QPen(chalk, 3))
        p.setBrush(QColor(th.spot))
        p.drawRoundedRect(QRectF(cx - L.HAND_W / 2, cy - L.HAND_H / 2, L.HAND_W, L.HAND_H), 14, 14)
    if layout.vig_boxes:
        for seat in range(1, layout.seats + 1):
            p.setPen(QPen(chalk, 2))
            p.setBrush(QColor(th.felt).darker(118))
            p.drawRect(QRectF(*layout.vig_box(seat)))
