"""The felt of a table scene: painted once per device scale and theme, then copied pixel for pixel.

Both games' scenes draw their background through :func:`draw_felt`; only the ``paint`` that draws the
layout differs. An unrotated view copies the cached pixels without going through the painter's
transform (a plain blit), which is most of a frame's cost otherwise.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

from trainer.ui.paigow.table_items import device_scale

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
