"""Vector art for the playing cards, their back and the cover card, drawn with QPainter at any size.

Cards are drawn for a projector: a large rank index in two corners, the suit's symbols in the
usual pip layout (aces one large pip; jacks, queens and kings a framed court panel with a large
letter), hearts and diamonds red, spades and clubs black. The suits are painter paths (no font
glyphs), so the art is the same on every machine. The back is a red lattice inside a white
border; the cover card (631a.3(a)) is the plain yellow plastic card used to cut (631a.5(c)).

Rendered pixmaps are cached per face, device size and theme, like the tile art
(:mod:`trainer.ui.paigow.tile_art`), so a frame only blits them.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPixmap, QTransform

#: Height over width of a playing card (poker size, 2.5 x 3.5 inches).
CARD_RATIO = 1.4
#: What a card item shows instead of a face.
BACK, COVER = "back", "cover"

SUITS = "shdc"
RANKS = "A23456789TJQK"
RED_SUITS = "hd"
_RED, _BLACK = "#c8102e", "#151515"
_BACK_RED, _COVER_YELLOW = "#a3122a", "#f2c230"

# Pip centres on a card 1 wide and 1.4 high, in units of the card width, from the card's centre.
_C, _L, _R = 0.0, -0.15, 0.15
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, -0.42), (_C, 0.42)),
    3: ((_C, -0.42), (_C, 0.0), (_C, 0.42)),
    4: ((_L, -0.42), (_R, -0.42), (_L, 0.42), (_R, 0.42)),
    5: ((_L, -0.42), (_R, -0.42), (_C, 0.0), (_L, 0.42), (_R, 0.42)),
    6: ((_L, -0.42), (_R, -0.42), (_L, 0.0), (_R, 0.0), (_L, 0.42), (_R, 0.42)),
    7: ((_L, -0.42), (_R, -0.42), (_C, -0.21), (_L, 0.0), (_R, 0.0), (_L, 0.42), (_R, 0.42)),
    8: ((_L, -0.42), (_R, -0.42), (_C, -0.21), (_L, 0.0), (_R, 0.0), (_C, 0.21), (_L, 0.42), (_R, 0.42)),
    9: ((_L, -0.42), (_R, -0.42), (_L, -0.14), (_R, -0.14), (_C, 0.0), (_L, 0.14), (_R, 0.14), (_L, 0.42),
        (_R, 0.42)),
    10: ((_L, -0.42), (_R, -0.42), (_C, -0.28), (_L, -0.14), (_R, -0.14), (_L, 0.14), (_R, 0.14), (_C, 0.28),
         (_L, 0.42), (_R, 0.42)),
}


def rank_label(rank: str) -> str:
    """The index printed in the corner: ``10`` for the ten (written ``T`` in the notation)."""
    return "10" if rank == "T" else rank


def suit_path(suit: str, size: float) -> QPainterPath:
    """The suit's symbol, ``size`` high, centred on the origin."""
    s = size / 2
    path = QPainterPath()
    if suit == "d":
        path.moveTo(0, -s)
        path.lineTo(s * 0.72, 0)
        path.lineTo(0, s)
        path.lineTo(-s * 0.72, 0)
        path.closeSubpath()
        return path
    if suit == "c":
        r = s * 0.42
        for cx, cy in ((0, -s * 0.5), (-s * 0.48, s * 0.08), (s * 0.48, s * 0.08)):
            path.addEllipse(QPointF(cx, cy), r, r)
        path.addPolygon([QPointF(-s * 0.1, 0), QPointF(s * 0.1, 0), QPointF(s * 0.3, s), QPointF(-s * 0.3, s)])
        return path.simplified()
    heart = QPainterPath()  # the heart; the spade is a heart upside down with a stem
    heart.moveTo(0, s)
    heart.cubicTo(-s * 1.35, -s * 0.05, -s * 0.6, -s * 1.2, 0, -s * 0.45)
    heart.cubicTo(s * 0.6, -s * 1.2, s * 1.35, -s * 0.05, 0, s)
    heart.closeSubpath()
    if suit == "h":
        return heart
    spade = QTransform().translate(0, -s * 0.12).scale(1, -0.88).map(heart)
    spade.addPolygon([QPointF(-s * 0.08, 0), QPointF(s * 0.08, 0), QPointF(s * 0.3, s), QPointF(-s * 0.3, s)])
    return spade.simplified()


def _font(px: float, bold: bool = True) -> QFont:
    f = QFont()
    f.setPixelSize(max(1, int(px)))
    f.setBold(bold)
    return f


def _paint_suit(p: QPainter, suit: str, centre: QPointF, size: float, colour: QColor, flip: bool = False) -> None:
    t = QTransform().translate(centre.x(), centre.y())
    if flip:
        t.rotate(180)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawPath(t.map(suit_path(suit, size)))


def paint_card(p: QPainter, rect: QRectF, face: str) -> None:
    """Paint ``face`` into ``rect``: a card such as ``"Qh"`` or ``"7s"``, or ``BACK`` or ``COVER``."""
    w = rect.width()
    radius = w * 0.08
    edge = QPen(QColor("#5a5a5a"), max(1.0, w * 0.02))
    if face == COVER:
        p.setPen(QPen(QColor("#a27d12"), max(1.0, w * 0.025)))
        p.setBrush(QColor(_COVER_YELLOW))
        p.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
        p.setPen(QColor("#6b520b"))
        p.setFont(_font(w * 0.2))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, "CUT")
        return
    p.setPen(edge)
    p.setBrush(QColor("#fbfaf6"))
    p.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
    if face == BACK:
        _paint_back(p, rect.adjusted(w * 0.07, w * 0.07, -w * 0.07, -w * 0.07), radius * 0.6)
        return
    rank, suit = face[0], face[1]
    ink = QColor(_RED if suit in RED_SUITS else _BLACK)
    _paint_index(p, rect, rank, suit, ink)
    body = rect.adjusted(w * 0.27, w * 0.2, -w * 0.27, -w * 0.2)
    c = body.center()
    if rank == "A":
        _paint_suit(p, suit, c, w * 0.5, ink)
    elif rank in "JQK":
        _paint_court(p, body, rank, suit, ink)
    else:
        n = 10 if rank == "T" else int(rank)
        pip = w * (0.17 if n <= 8 else 0.15)
        for x, y in _PIPS[n]:
            _paint_suit(p, suit, QPointF(c.x() + x * w, c.y() + y * w * 0.8), pip, ink, flip=y > 0.01)


def _paint_index(p: QPainter, rect: QRectF, rank: str, suit: str, ink: QColor) -> None:
    """The rank and a small suit in the top-left corner, and the same turned in the bottom-right one."""
    w = rect.width()
    label = rank_label(rank)
    box = QRectF(0, 0, w * 0.3, w * 0.3)
    for turned in (False, True):
        p.save()
        if turned:
            p.translate(rect.right(), rect.bottom())
            p.rotate(180)
        else:
            p.translate(rect.left(), rect.top())
        p.setPen(ink)
        p.setFont(_font(w * (0.3 if len(label) == 1 else 0.24)))
        p.drawText(box.translated(w * 0.015, w * 0.02), Qt.AlignmentFlag.AlignCenter, label)
        _paint_suit(p, suit, QPointF(w * 0.165, w * 0.43), w * 0.16, ink)
        p.restore()


def _paint_court(p: QPainter, body: QRectF, rank: str, suit: str, ink: QColor) -> None:
    """A court card: a gold-framed panel, the large letter, the suit above and below it."""
    w = body.width()
    p.setPen(QPen(QColor("#b08a2e"), max(1.0, w * 0.04)))
    p.setBrush(QColor("#fdf3d8"))
    p.drawRoundedRect(body, w * 0.06, w * 0.06)
    p.setPen(ink)
    p.setFont(_font(w * 0.62))
    p.drawText(body, Qt.AlignmentFlag.AlignCenter, rank)
    c = body.center()
    for dy, flip in ((-0.42, False), (0.42, True)):
        _paint_suit(p, suit, QPointF(c.x(), c.y() + dy * body.height() * 0.86), w * 0.26, ink, flip)


def _paint_back(p: QPainter, inner: QRectF, radius: float) -> None:
    """A red lattice of diamonds (the same back for every card, 631a.3(a): decks identical in appearance)."""
    base = QColor(_BACK_RED)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(base)
    p.drawRoundedRect(inner, radius, radius)
    p.save()
    clip = QPainterPath()
    clip.addRoundedRect(inner, radius, radius)
    p.setClipPath(clip)
    step = inner.width() / 5
    p.setPen(QPen(base.lighter(150), max(0.8, step * 0.12)))
    x0, y0, h = inner.left(), inner.top(), inner.height()
    k = -h
    while k < inner.width() + h:
        p.drawLine(QPointF(x0 + k, y0), QPointF(x0 + k + h, y0 + h))
        p.drawLine(QPointF(x0 + k + h, y0), QPointF(x0 + k, y0 + h))
        k += step
    p.restore()
    p.setPen(QPen(QColor("#fbfaf6"), max(0.8, step * 0.1)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(inner.adjusted(step * 0.3, step * 0.3, -step * 0.3, -step * 0.3), radius, radius)


_CACHE: OrderedDict[tuple, QPixmap] = OrderedDict()
_CACHE_LIMIT = 300


def card_pixmap(face: str, w: int, h: int) -> QPixmap:
    """A cached pixmap of :func:`paint_card` at device size ``w`` x ``h``."""
    key = (face, w, h)
    pm = _CACHE.get(key)
    if pm is not None:
        _CACHE.move_to_end(key)
        return pm
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    paint_card(p, QRectF(0, 0, w, h), face)
    p.end()
    pm = QPixmap.fromImage(img)
    _CACHE[key] = pm
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.popitem(last=False)
    return pm


def draw_card(p: QPainter, rect: QRectF, face: str) -> None:
    """``face`` drawn into ``rect`` from the pixmap cache, at the painter's device size."""
    scale = p.worldTransform().m11() or 1.0
    pm = card_pixmap(face, max(4, round(rect.width() * scale)), max(6, round(rect.height() * scale)))
    p.drawPixmap(rect, pm, QRectF(pm.rect()))


def clear_cache() -> None:
    _CACHE.clear()
