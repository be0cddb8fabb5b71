"""Where the presenter's zoom looks: the active area of a step, read from the step's two frames.

A step's active area is everything it changes on the felt: the tiles or cards it moves, turns or
deals (where they come from and where they go), the shaker and dice of a roll, the seats whose
chips are paid or collected (not the tray, which the chips leave or reach at the picture's edge),
the marker set, and the spots it lights or counts.
The presenter window (View → Zoom the projector on the active area) glides its view to that area
as the step starts (issue 29, goal 2: the dice as they leave the shaker, the hands being exposed, the
seat being paid). One function a scene type, found by the scene's class (:data:`FOCUS`).
"""

from __future__ import annotations

from typing import Callable, Iterable

from PySide6.QtCore import QPointF, QRectF

#: Zoomed on the active area, the view still shows at least this share of the table's width and height.
ZOOM_LEAST = 0.45
#: The active area is grown by this factor, so what moves is not at the picture's very edge.
MARGIN = 1.3


def _around(point: QPointF, w: float, h: float) -> QRectF:
    return QRectF(point.x() - w / 2, point.y() - h / 2, w, h)


def paigow_focus(scene, src, target) -> list[QRectF]:
    """The Pai Gow table's parts that the step from ``src`` to ``target`` changes."""
    from trainer.rules.paigow.positions import CENTRE

    rects = []
    for tid, b in target.tiles.items():
        a = src.tiles.get(tid)
        if a != b:
            box = scene.tiles[tid].boundingRect()
            rects += [box.translated(scene.tile_pos(pl)) for pl in (a, b) if pl is not None]
    if (target.dice, target.shaker, target.number) != (src.dice, src.shaker, src.number):
        rects.append(scene.shaker.sceneBoundingRect())  # the dice leave the shaker
        if target.number:
            rects.append(scene.number.sceneBoundingRect())
    changed = [key for key in set(src.chips) | set(target.chips)
               if sum(src.chips.get(key, ())) != sum(target.chips.get(key, ()))]
    for key in changed:
        item = scene.centre if key == CENTRE else scene.wagers.get(key)
        if item is not None:
            rects.append(item.sceneBoundingRect())
    # a side wager collected or paid on its own spot
    rects += [scene.side_spots[key].sceneBoundingRect() for key in set(src.side) | set(target.side)
              if src.side.get(key) != target.side.get(key) and key in scene.side_spots]
    lit = set(target.highlight) | set(target.count_path) | ({"dealer"} if target.marker != src.marker else set())
    rects += [scene.glows[key].sceneBoundingRect() for key in lit if key in scene.glows]
    return rects


def baccarat_focus(scene, src, target) -> list[QRectF]:
    """The Baccarat table's parts that the step from ``src`` to ``target`` changes."""
    from trainer.ui.baccarat import table_layout as L

    rects = []
    for key, b in target.cards.items():
        a = src.cards.get(key)
        if a != b:
            start = QPointF(a.x, a.y) if a is not None else (
                QPointF(*L.STACK) if src.stack else scene.shoe_mouth(src.shoe))  # dealt: from the shoe
            rects += [_around(start, L.CARD_W, L.CARD_H), _around(QPointF(b.x, b.y), L.CARD_W, L.CARD_H)]
    for frm, to, _cents in target.chip_moves:  # (the seat paid, not the tray the chips come from)
        rects += [_around(QPointF(*scene._where(place)), 90, 60) for place in (frm, to) if place != "tray"]
    if target.shoe != src.shoe:
        rects.append(scene.shoe.sceneBoundingRect())
        x, y, _turn = scene.layout.shoe_spot(target.shoe)
        rects.append(_around(QPointF(x, y), 100, 140))
    for seat, owed in target.markers.items():
        if src.markers.get(seat, 0) != owed:
            rects.append(_around(QPointF(*scene.layout.marker_spot(seat)), 60, 60))
    rects += [scene.badges[hand].sceneBoundingRect() for hand in scene.badges
              if target.counts.get(hand, "") != src.counts.get(hand, "")]
    rects += [scene.glow(key).sceneBoundingRect() for key in target.highlight]
    return rects


#: The function giving the parts a step changes, by the name of the scene's class.
FOCUS: dict[str, Callable[..., list[QRectF]]] = {"TableScene": paigow_focus, "BaccaratScene": baccarat_focus}


def grown(rects: Iterable[QRectF], table: QRectF) -> QRectF | None:
    """The union of ``rects`` on ``table``, with a margin and at least :data:`ZOOM_LEAST` of the table
    each way, kept on it; None for no rect."""
    rects = [r for r in rects if not r.isEmpty()]
    if not rects:
        return None
    rect = rects[0]
    for r in rects[1:]:
        rect = rect.united(r)
    rect = rect.intersected(table)  # (a glow's badge may reach past the table's edge)
    w = min(table.width(), max(rect.width() * MARGIN, table.width() * ZOOM_LEAST))
    h = min(table.height(), max(rect.height() * MARGIN, table.height() * ZOOM_LEAST))
    x = min(max(rect.center().x() - w / 2, table.left()), table.right() - w)
    y = min(max(rect.center().y() - h / 2, table.top()), table.bottom() - h)
    return QRectF(x, y, w, h)


def step_focus(scene, timeline, index: int) -> QRectF | None:
    """The active area of step ``index`` of ``timeline`` on ``scene`` (what it changes from the frame
    before it), None for the table before the first step or a scene without a focus function."""
    find = next((FOCUS[c.__name__] for c in type(scene).__mro__ if c.__name__ in FOCUS), None)
    if find is None or timeline is None or index <= 0:
        return None
    return grown(find(scene, timeline.frame_at(index - 1), timeline.frame_at(index)), scene.sceneRect())
