"""Vector art for the 32 tiles, the dice and the tile back, drawn with QPainter at any size.

Pip colours and layouts follow real Chinese dominoes (Pai Gow tiles): ebony tiles with incised
pips; the ones and fours are red, every other number white, and on the double six (Teen) each
six is made of one red column of three and one white column of three. A one is a single large red
pip; a two is a pair side by side at the tile's end; a three runs diagonally; a four is a red
square; a five a quincunx; a six two columns of three. The dice of the shaker are Asian dice: the
one (large) and the four are red.

Rendered pixmaps are cached per face, device size and theme, so a frame only blits them.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QLinearGradient, QPainter, QPen, QPixmap, QRadialGradient

from trainer.rules.paigow.tiles import Tile
from trainer.ui.theme import Theme

#: Proportions of a tile lying flat, seen from above: width 1, length 2.2, thickness 0.36.
TILE_RATIO = 2.2
THICK_RATIO = 0.36

# Pip centres of one half, in units of the tile width, relative to the half's centre (x right,
# y towards the tile's outer end is negative for the upper half). Radius factor per pip.
_DX, _DY = 0.25, 0.3
_SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-_DX, -_DY * 0.55), (_DX, -_DY * 0.55)),
    3: ((-_DX, -_DY), (0.0, 0.0), (_DX, _DY)),
    4: ((-_DX, -_DY), (_DX, -_DY), (-_DX, _DY), (_DX, _DY)),
    5: ((-_DX, -_DY), (_DX, -_DY), (0.0, 0.0), (-_DX, _DY), (_DX, _DY)),
    6: ((-_DX, -_DY), (-_DX, 0.0), (-_DX, _DY), (_DX, -_DY), (_DX, 0.0), (_DX, _DY)),
}
_PIP_R = 0.105
_ONE_R = 0.17


def pip_spots(value: int, upper: bool) -> list[tuple[float, float, float]]:
    """(x, y, radius) of each pip of a half showing ``value``; the lower half is the upper turned
    half a turn, so twos sit at the tile's ends and threes run along one diagonal."""
    sign = -1.0 if not upper else 1.0
    r = _ONE_R if value == 1 else _PIP_R
    return [(x * sign, y * sign, r) for x, y in _SPOTS[value]]


def pip_is_red(tile: Tile, value: int, index: int) -> bool:
    """True for the pips painted red: ones, fours, and one column of each six on the 6-6."""
    if value in (1, 4):
        return True
    if value == 6 and tile.low == tile.high == 6:
        return index < 3  # the first column of three (see _SPOTS[6]) is red
    return False


def halves(tile: Tile) -> tuple[int, int]:
    """Values shown on the (upper, lower) half. Tiles are drawn with the larger number on top,
    the way a dealer reads them."""
    return tile.high, tile.low


def paint_tile_face(p: QPainter, rect: QRectF, tile: Tile | None, theme: Theme) -> None:
    """Paint the top face of a tile (face up with pips, or the plain back) into ``rect``."""
    w = rect.width()
    radius = w * 0.16
    grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
    body = QColor(theme.tile_body if tile is not None else theme.tile_back)
    grad.setColorAt(0.0, body.lighter(185))
    grad.setColorAt(0.35, body.lighter(120))
    grad.setColorAt(1.0, body)
    p.setPen(QPen(QColor(theme.tile_edge), max(1.0, w * 0.035)))
    p.setBrush(grad)
    p.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
    if tile is None:
        inner = rect.adjusted(w * 0.16, w * 0.16, -w * 0.16, -w * 0.16)
        p.setPen(QPen(QColor(theme.tile_edge).lighter(115), max(0.8, w * 0.025)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
        return
    half_h = rect.height() / 2
    for upper, value in zip((True, False), halves(tile)):
        cy = rect.top() + half_h * (0.5 if upper else 1.5)
        cx = rect.center().x()
        for i, (x, y, r) in enumerate(pip_spots(value, upper)):
            red = pip_is_red(tile, value, i if upper else _mirror_index(value, i))
            _paint_pip(p, QPointF(cx + x * w, cy + y * w), r * w, QColor(theme.pip_red if red else theme.pip_white))


def _mirror_index(value: int, i: int) -> int:
    """The lower half is the upper turned half a turn: keep the same column red on both sixes."""
    return (i + 3) % 6 if value == 6 else i


def _paint_pip(p: QPainter, c: QPointF, r: float, colour: QColor) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 150))
    p.drawEllipse(QPointF(c.x() + r * 0.12, c.y() - r * 0.12), r * 1.05, r * 1.05)
    grad = QRadialGradient(QPointF(c.x() + r * 0.3, c.y() + r * 0.3), r * 1.2)
    grad.setColorAt(0.0, colour.lighter(108))
    grad.setColorAt(1.0, colour.darker(125))
    p.setBrush(grad)
    p.drawEllipse(c, r, r)


def paint_tile(p: QPainter, rect: QRectF, tile: Tile | None, theme: Theme, thickness: float) -> None:
    """A tile lying flat: its front edge (``thickness`` high, below ``rect``) and its top face."""
    if thickness > 0:
        edge = QRectF(rect.left(), rect.top() + thickness, rect.width(), rect.height())
        side = QColor(theme.tile_body).lighter(160)
        p.setPen(QPen(QColor(theme.tile_edge).darker(150), max(1.0, rect.width() * 0.03)))
        p.setBrush(side)
        r = rect.width() * 0.16
        p.drawRoundedRect(edge.adjusted(0.5, 0.5, -0.5, -0.5), r, r)
    paint_tile_face(p, rect, tile, theme)


_CACHE: OrderedDict[tuple, QPixmap] = OrderedDict()
_CACHE_LIMIT = 600


def _cached(key: tuple, w: int, h: int, paint) -> QPixmap:
    """A transparent ``w`` x ``h`` pixmap that ``paint(painter)`` draws (antialiased), kept under
    ``key`` (the least recently used dropped past ``_CACHE_LIMIT``). Callers look ``key`` up first:
    a frame of the table looks up every tile's pixmap."""
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint(p)
    p.end()
    pm = _CACHE[key] = QPixmap.fromImage(img)
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.popitem(last=False)
    return pm


def tile_pixmap(tile: Tile | None, w: int, h: int, t: int, theme: Theme) -> QPixmap:
    """A cached pixmap of ``paint_tile`` at device size ``w`` x ``h`` (plus ``t`` of edge)."""
    key = (str(tile) if tile else "back", w, h, t, theme.name)
    pm = _CACHE.get(key)
    if pm is not None:
        _CACHE.move_to_end(key)
        return pm
    return _cached(key, w, h + t, lambda p: paint_tile(p, QRectF(0, 0, w, h), tile, theme, t))


def draw_tile_face(p: QPainter, rect: QRectF, tile: Tile | None, theme: Theme) -> None:
    """``paint_tile_face`` into ``rect`` from a cached pixmap at the painter's device size: a widget
    painted again (a layout settling, a selection, the next question) only blits its tiles. The
    pixmap has a margin for the outline, which reaches past ``rect``; its size is rounded to whole
    device pixels, so it is drawn scaled by less than a pixel."""
    device = p.deviceTransform().mapRect(rect)
    w, h = max(1, round(device.width())), max(1, round(device.height()))
    m = math.ceil(w * 0.02) + 1  # (the outline's pen is 3.5% of the width, half of it outside)
    key = ("face", str(tile) if tile else "back", w, h, theme.name)
    pm = _CACHE.get(key)
    if pm is None:
        pm = _cached(key, w + 2 * m, h + 2 * m, lambda q: paint_tile_face(q, QRectF(m, m, w, h), tile, theme))
    unit = rect.width() / w
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.drawPixmap(rect.adjusted(-m * unit, -m * unit, m * unit, m * unit), pm, QRectF(pm.rect()))


def outline_pixmap(w: int, h: int, scale: float, colour: str) -> QPixmap:
    """A cached ring around a tile of device size ``w`` x ``h`` (its edge included): a 3-unit pen
    around the tile grown by 2 units at ``scale`` device pixels a unit (the moving tiles' outline
    or the selection), as many pixels wider on each side as the ring reaches out."""
    key = ("outline", w, h, round(scale, 3), colour)
    pm = _CACHE.get(key)
    if pm is not None:
        return pm
    m = math.ceil(3.5 * scale) + 1

    def ring(p: QPainter) -> None:
        p.setPen(QPen(QColor(colour), 3.0 * scale))
        p.setBrush(Qt.BrushStyle.NoBrush)
        grow = 2 * scale
        p.drawRoundedRect(QRectF(m - grow, m - grow, w + 2 * grow, h + 2 * grow), 7 * scale, 7 * scale)

    return _cached(key, w + 2 * m, h + 2 * m, ring)


def clear_cache() -> None:
    _CACHE.clear()


# Dice: Asian dice, the one large and red, the four red.
_DIE_SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}


#: Body colours of the coloured dice used where Beat It is offered: one red, two blue (621a.2(f)(1)).
DIE_BODIES = {"red": "#c8102e", "blue": "#1f4fbf"}


def paint_die(p: QPainter, rect: QRectF, value: int, theme: Theme, colour: str = "white") -> None:
    """One die showing ``value`` (1-6) inside the square ``rect``; ``colour`` white, red or blue."""
    s = rect.width()
    body = QColor(DIE_BODIES.get(colour, theme.die_body))
    p.setPen(QPen(body.darker(150), max(1.0, s * 0.03)))
    grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
    grad.setColorAt(0.0, body.lighter(110))
    grad.setColorAt(1.0, body.darker(112))
    p.setBrush(grad)
    p.drawRoundedRect(rect, s * 0.18, s * 0.18)
    if colour in DIE_BODIES:
        pip = QColor("#ffffff")
    else:
        pip = QColor(theme.pip_red if value in (1, 4) else theme.die_pip)
    r = s * (0.17 if value == 1 else 0.085)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(pip)
    c = rect.center()
    for x, y in _DIE_SPOTS[value]:
        p.drawEllipse(QPointF(c.x() + x * s * 0.27, c.y() + y * s * 0.27), r, r)
