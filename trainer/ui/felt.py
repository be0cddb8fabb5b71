"""The felt of a table scene: painted once per device scale and theme, then copied pixel for pixel.

Both games' scenes draw their background through :func:`draw_felt`; only the ``paint`` that draws the
layout differs. An unrotated view copies the cached pixels without going through the painter's
transform (a plain blit), which is most of a frame's cost otherwise.

The labels both games print on the felt and on their items are sized here too (:func:`font`,
:func:`font_to_fit`, :func:`legible`): as large as the application's text where their box allows,
else as large as their box allows, never left out.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QWidget

from trainer.ui.scaling import min_text_px
from trainer.ui.theme import Theme

def device_scale(p: QPainter) -> float:
    """How many device pixels one scene unit covers under the painter's transform."""
    t = p.worldTransform()
    return max(0.05, math.hypot(t.m11(), t.m12()))


#: Below this scale a table is a thumbnail (a drill's animation at Projector on a small screen):
#: labels grown to the application's text would cover it, so they keep the table's proportions.
THUMBNAIL_SCALE = 0.3


def font(px: float, p: QPainter | float, bold: bool = True) -> QFont:
    """A label font of ``px`` scene units, never smaller on screen than the application's text
    (View → Text size: at Projector no table label is under 24 px), except on a thumbnail table.
    ``p``: the painter, or its device scale."""
    f = QFont()
    scale = p if isinstance(p, float) else device_scale(p)
    f.setPixelSize(max(1, int(px), math.ceil(min_text_px() / scale) if scale >= THUMBNAIL_SCALE else 0))
    f.setBold(bold)
    return f


def legible(f: QFont, p: QPainter | float) -> bool:
    """Whether a label in ``f`` is drawn at least as large as the application's text on screen (always,
    at Normal). It chooses between a name's forms (whole, else a dealer's abbreviation); a felt's
    marking is never left out for being smaller (issue 29: a class must read every seat and wager),
    only the chips' tags and badges of a thumbnail table are."""
    scale = p if isinstance(p, float) else device_scale(p)
    return not min_text_px() or f.pixelSize() * scale >= min_text_px() - 0.5


def font_to_fit(px: float, p: QPainter, rect: QRectF, text: str, bold: bool = True) -> QFont:
    """:func:`font`, made smaller where ``text`` would overflow ``rect``: a marking printed in a
    box of the felt (a betting area, the tray) grows with the text size only as far as its box."""
    f = font(px, p, bold)
    f.setPixelSize(_fitting_px(f.pixelSize(), bold, text, rect.width(), rect.height()))
    return f


@lru_cache(maxsize=4096)  # (at Projector the start size follows the table's scale: a resize adds sizes)
def _fitting_px(start: int, bold: bool, text: str, width: float, height: float) -> int:
    """The largest pixel size from ``start`` down (by tenths) at which ``text`` fits ``width`` x
    ``height``. Remembered: a felt prints the same names in boxes of the same size many times, and
    each table and dealer screen paints its felt (Baccarat's: 200 markings)."""
    sizes = [max(1, start)]
    while sizes[-1] > 1:
        sizes.append(max(1, int(sizes[-1] * 0.9)))
    f = QFont()
    f.setBold(bold)
    flags = int(Qt.AlignmentFlag.AlignCenter)

    def fits(px: int) -> bool:
        f.setPixelSize(px)
        size = QFontMetricsF(f).boundingRect(QRectF(0, 0, 1e6, 1e6), flags, text).size()
        return size.width() <= width and size.height() <= height

    return largest_fitting(sizes, fits)


def largest_fitting(sizes: list[int], fits: Callable[[int], bool]) -> int:
    """The first of ``sizes`` (largest first) that ``fits``, else the last: the same as trying them in
    turn, since a text that fits fits smaller too, with a few text layouts instead of one a size
    (bisection: issue 42, the Baccarat table's first paint laid its markings out ≈ 400 times)."""
    lo, hi = 0, len(sizes) - 1  # the answer's index is in [lo, hi]; the last size is taken if none fits
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(sizes[mid]):
            hi = mid
        else:
            lo = mid + 1
    return sizes[lo]


#: Cached felts kept per scene (a few scales and both themes).
MAX_CACHED = 6


def draw_felt(p: QPainter, rect: QRectF, table: QRectF, size: tuple[float, float], window: str,
              cache: dict[tuple, QPixmap], key: tuple, paint: Callable[[QPainter], None]) -> None:
    """Draw the exposed ``rect`` of the felt of scene size ``size`` (``paint`` draws it in scene units),
    from ``cache`` under ``key`` + the device scale; the letterbox around ``table`` in ``window``."""
    if not table.contains(rect):  # the letterbox around the table, if any
        p.fillRect(rect, QColor(window))
    s = device_scale(p)
    full_key = (round(s, 3), *key)
    pm = cache.get(full_key)
    if pm is None:
        w, h = max(1, round(size[0] * s)), max(1, round(size[1] * s))
        img = QImage(w, h, QImage.Format.Format_RGB32)  # opaque: drawn as a plain copy
        img.fill(QColor(window))
        bp = QPainter(img)
        bp.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        bp.scale(w / size[0], h / size[1])
        paint(bp)
        bp.end()
        pm = QPixmap.fromImage(img)
        if len(cache) > MAX_CACHED:
            cache.clear()
        cache[full_key] = pm
    part = rect & table
    sx, sy = pm.width() / table.width(), pm.height() / table.height()
    src = QRectF((part.x() - table.x()) * sx, (part.y() - table.y()) * sy, part.width() * sx, part.height() * sy)
    t = p.worldTransform()
    if t.m12() == 0 and t.m21() == 0 and t.m11() > 0 and t.m22() > 0:
        # the felt is cached at device size: copy its pixels without going through the transform
        at = t.map(part.topLeft())
        p.save()
        p.resetTransform()
        p.drawPixmap(QPointF(round(at.x()), round(at.y())), pm, src)
        p.restore()
    else:
        p.drawPixmap(part, pm, src)


class Table(Protocol):
    """The scene a table item is on, as the item sees it (either game's scene): the theme it is
    drawn in, and whether the scene shows every face (``reveal``)."""

    theme: Theme
    reveal: bool


class TableItem(QGraphicsObject):
    """A moving thing on either game's table (a tile, a card, chips, a marker): a QGraphicsObject, so
    Qt's property animations can drive it, drawn in its scene's theme."""

    def __init__(self, scene: Table, cached: bool = True) -> None:
        super().__init__()
        self.table = scene
        if cached:  # drawn once per look and scale, then blitted by Qt (bench_frames.py)
            self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    @property
    def theme(self):
        return self.table.theme

    def update(self, *rect) -> None:
        """Draw afresh in every view. Qt keeps a cached item's drawing per view but its "changed"
        mark per item, and the first view to paint clears the mark: the projector's view then showed
        the shoe as it was (0 cards, the laptop's 416; issue 40, item 8). Dropping the drawings makes
        each view draw it again."""
        mode = self.cacheMode()
        if mode is not QGraphicsItem.CacheMode.NoCache:
            self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
            self.setCacheMode(mode)
        super().update(*rect)


def felt_share(view: QWidget) -> float:
    """The share of ``view``'s window that its table covers on screen (the classroom bar of issue 29:
    at least 28% on a table screen, 24% on a dealer screen, at 1280x720 and 1024x768 Projector): the
    view's pixels that are not its letterbox (the window colour the scene paints around the felt,
    sampled at the corner of the table's rectangle, outside its oval), over the window's."""
    import numpy as np

    image = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint32, image.width() * image.height())
    corner = view.mapFromScene(view.sceneRect().topLeft())
    letterbox = image.pixel(max(0, corner.x()) + 1, max(0, corner.y()) + 1) & 0xFFFFFF
    table = int(np.count_nonzero((pixels & 0xFFFFFF) != letterbox))
    window = view.window()
    return table / (window.width() * window.height())
