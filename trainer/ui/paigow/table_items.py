"""The moving things on the table: tiles, shaker, dice, marker, position highlights, stack names.

Each is a QGraphicsObject so Qt's property animations can drive it (``pos``, ``rotation``,
``openness``, ``glow``). They read their colours from the scene's current theme.
"""

from __future__ import annotations

from PySide6.QtCore import Property, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem

from trainer.rules.money import format_cents
from trainer.rules.paigow.positions import CENTRE
from trainer.rules.paigow.tiles import TILE_SET
from trainer.ui.felt import Table, TableItem, device_scale, font, font_to_fit, legible
from trainer.ui.paigow import table_layout as L
from trainer.ui.theme import chips_for
from trainer.ui.paigow.tile_art import outline_pixmap, paint_die, tile_pixmap


class TileItem(TableItem):
    """One physical tile (id 0..31 = index into TILE_SET), drawn from the tile-art cache.

    Not cached by Qt: its paint is already a blit of a cached pixmap, and Qt would paint a moving
    tile into its item cache again at every fractional pixel it moves to (bench_frames.py)."""

    RECT = QRectF(-L.TILE_W / 2, -L.TILE_H / 2, L.TILE_W, L.TILE_H + L.TILE_T)

    def __init__(self, tile_id: int, scene: Table) -> None:
        super().__init__(scene, cached=False)
        self.tile_id = tile_id
        self.tile = TILE_SET[tile_id]
        self.face_up = False
        self.glow = False
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.update_tooltip()

    def boundingRect(self) -> QRectF:
        return self.RECT.adjusted(-4, -4, 4, 4)

    def shows_face(self) -> bool:
        return self.face_up or self.table.reveal

    def set_face_up(self, up: bool) -> None:
        if up != self.face_up:
            self.face_up = up
            self.update_tooltip()
            self.update()

    def update_tooltip(self) -> None:
        if self.shows_face():
            self.setToolTip(f"{self.tile.name}  ·  {self.tile.chinese_name}")
        else:
            self.setToolTip("A tile, face down")

    def set_glow(self, on: bool) -> None:
        if on != self.glow:
            self.glow = on
            self.update()

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = device_scale(p)
        w, h, t = max(2, round(L.TILE_W * s)), max(4, round(L.TILE_H * s)), max(1, round(L.TILE_T * s))
        pm = tile_pixmap(self.tile if self.shows_face() else None, w, h, t, self.theme)
        outlined = self.isSelected() or self.glow
        ring = outline_pixmap(w, h + t, s, self.theme.selection if self.isSelected() else self.theme.move_glow) \
            if outlined else None
        tr = p.transform()
        if tr.m12() == 0 and tr.m21() == 0 and tr.m11() > 0 and tr.m22() > 0:
            # not turned: blit the device-size pixmaps pixel for pixel (no resampling)
            corner = tr.map(self.RECT.topLeft())
            x, y = round(corner.x()), round(corner.y())
            p.resetTransform()
            p.drawPixmap(x, y, pm)
            if ring is not None:
                m = (ring.width() - pm.width()) // 2
                p.drawPixmap(x - m, y - m, ring)
            p.setTransform(tr)
            return
        if tr.m11() != 0 and tr.m12() != 0:
            # turning (between quarter turns): resampled without antialiased edges, four times cheaper
            p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.drawPixmap(self.RECT, pm, QRectF(0, 0, pm.width(), pm.height()))
        if ring is not None:
            m = (ring.width() - pm.width()) / 2 / s
            p.drawPixmap(self.RECT.adjusted(-m, -m, m, m), ring, QRectF(ring.rect()))


class ShakerItem(TableItem):
    """The Pai Gow shaker from above: a cup whose cover slides off to the dealer's right."""

    R = 46.0

    def __init__(self, scene: Table) -> None:
        super().__init__(scene)
        self._open = 0.0
        self.setToolTip("The Pai Gow shaker: three dice")

    def boundingRect(self) -> QRectF:
        r = self.R + 6
        return QRectF(-r - 4, -r - 36, 2 * r + 110, 2 * r + 40)

    def _get_open(self) -> float:
        return self._open

    def _set_open(self, v: float) -> None:
        self.table.dice_visible(v > 0.45)
        if v != self._open:
            self._open = v
            self.update()

    openness = Property(float, _get_open, _set_open)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        gold = QColor(self.theme.shaker)
        p.setPen(QPen(gold.darker(160), 2))
        p.setBrush(gold.darker(115))
        p.drawEllipse(QPointF(0, 0), self.R, self.R)
        p.setBrush(QColor(self.theme.felt).darker(130))
        p.drawEllipse(QPointF(0, 0), self.R * 0.8, self.R * 0.8)
        dx, dy = 100 * self._open, -30 * self._open
        grad = QRadialGradient(QPointF(dx - 12, dy - 12), self.R * 1.2)
        grad.setColorAt(0, gold.lighter(150))
        grad.setColorAt(1, gold.darker(120))
        p.setBrush(grad)
        p.drawEllipse(QPointF(dx, dy), self.R * 0.98, self.R * 0.98)
        p.setBrush(gold.darker(140))
        p.drawEllipse(QPointF(dx, dy), 9, 9)


class DieItem(TableItem):
    SIZE = 26.0

    def __init__(self, scene: Table) -> None:
        super().__init__(scene)
        self.value = 1
        self.colour = "white"

    def boundingRect(self) -> QRectF:
        s = self.SIZE / 2 + 2
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        s = self.SIZE
        paint_die(p, QRectF(-s / 2, -s / 2, s, s), self.value, self.theme, self.colour)


class NumberItem(TableItem):
    """The random number generator's number, shown beside the shaker (621a.6(a)(1))."""

    def __init__(self, scene: Table) -> None:
        super().__init__(scene)
        self.text = ""

    def boundingRect(self) -> QRectF:
        return QRectF(-200, -60, 400, 120)  # room for the box grown with the text size

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setFont(font(34, p))
        text = f"RNG {self.text}"
        box = QRectF(p.fontMetrics().boundingRect(text)).adjusted(-14, -6, 14, 6)
        box.setWidth(max(120.0, box.width()))
        box.moveCenter(QPointF(0, 0))
        p.setPen(QPen(QColor(self.theme.chalk), 2))
        p.setBrush(QColor("#101010"))
        p.drawRoundedRect(box, 10, 10)
        p.setPen(QColor(self.theme.count_glow))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class MarkerItem(TableItem):
    """The dealer's marker, or the dealer's wager in a bank round, on the dealer's tiles (spec D3.5)."""

    def __init__(self, scene: Table) -> None:
        super().__init__(scene)
        self.kind = "marker"

    def set_kind(self, kind: str) -> None:
        self.kind = kind
        self.setToolTip("The dealer's wager (621a.9(h))" if kind == "wager" else "The dealer's marker (621a.6(d))")
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-50, -50, 100, 100)  # room for the button grown with its letter

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        wager = self.kind == "wager"
        p.setFont(font(15 if wager else 19, p))
        r = min(48.0, max(20.0, p.fontMetrics().height() / 2 + 3))
        p.setPen(QPen(QColor("#ffffff"), 3, Qt.PenStyle.DashLine))
        p.setBrush(QColor("#1f4fbf" if wager else self.theme.marker))
        p.drawEllipse(QPointF(0, 0), r, r)
        p.setPen(QColor("#ffffff"))
        p.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, "$" if wager else "D")


class GlowItem(TableItem):
    """A position's highlight (animated ``glow`` 0..1) and its badge: the count or the delivery number."""

    def __init__(self, key: str, scene: Table) -> None:
        # not cached: Qt would paint a glow's cache again at each step of its animation, then copy it
        super().__init__(scene, cached=False)
        self.key = key
        self.badge = ""
        self._glow = 0.0
        x, y, w, h = L.SPOTS[key].rect()
        self._rect = QRectF(x, y, w, h)
        self.setZValue(-10)

    def boundingRect(self) -> QRectF:
        # the glow's pen; with a badge, room for it grown with the text size
        m = 100 if self.badge else 3
        return self._rect.adjusted(-m, -m, m, m)

    def _get_glow(self) -> float:
        return self._glow

    def _set_glow(self, v: float) -> None:
        if v != self._glow:  # (a frame shown sets every glow: only a change is repainted)
            self._glow = v
            self.update()

    glow = Property(float, _get_glow, _set_glow)

    def set_badge(self, text: str) -> None:
        if text != self.badge:
            if bool(text) != bool(self.badge):
                self.prepareGeometryChange()
            self.badge = text
            self.update()

    def paint(self, p: QPainter, option, widget=None) -> None:
        if self._glow <= 0.01 and not self.badge:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = QColor(self.theme.count_glow)
        if self._glow > 0.01:
            fill = QColor(c)
            fill.setAlpha(int(70 * self._glow))
            edge = QColor(c)
            edge.setAlphaF(self._glow)
            p.setPen(QPen(edge, 5))
            p.setBrush(fill)
            p.drawRoundedRect(self._rect, 14, 14)
        p.setFont(font(24 if len(self.badge) < 3 else 19, p))
        if self.badge and legible(p.font(), p):  # a badge too small to read (a thumbnail table) is left out
            r = max(23.0, p.fontMetrics().horizontalAdvance(self.badge) / 2 + 6)
            # never over the spot's tiles, its name or chips: a seat's below its outer corner (its chips
            # are above; the woodpile's in the middle) unless another seat's chips are there, the Dead
            # Hand's and the dealer's beside their outer side
            left = self._rect.center().x() > L.SCENE_W / 2
            spot = L.SPOTS[self.key]
            if spot.circle and not spot.badge_beside:
                centre = QPointF(self._rect.right() - r if left else self._rect.left() + r, self._rect.bottom() + r + 3)
            else:
                centre = QPointF(self._rect.right() + r + 4 if left else self._rect.left() - r - 4,
                                 self._rect.top() + r)
            p.setBrush(c)
            p.setPen(QPen(QColor("#000000"), 2))
            p.drawEllipse(centre, r, r)
            p.setPen(QColor("#000000"))
            p.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, self.badge)


class LabelItem(TableItem):
    """A stack's name (S1..S8); it travels with the stack, since names stay with tiles (spec D2.2)."""

    def __init__(self, text: str, scene: Table) -> None:
        super().__init__(scene)
        self.text = text
        self.setZValue(90000)  # above every tile, so a tall stack never hides a name
        self.setVisible(False)

    def boundingRect(self) -> QRectF:
        return QRectF(-40, -24, 80, 48)

    def paint(self, p: QPainter, option, widget=None) -> None:
        # a stack's name grows no wider than the stack: neighbours' names never run together
        p.setFont(font_to_fit(20, p, QRectF(0, 0, L.STACK_PITCH - 2, 48), self.text))
        p.setPen(QColor(self.theme.label))
        p.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextDontClip, self.text)


class ChipsItem(TableItem):
    """The chips on one seat's wagers: a stack per wager (the Pai Gow Wager first), in real
    denominations and colours, its amount on a tag; and the bank's marker when this seat banks.
    They stand between the seat's numbered circle and its landing spot (``Spot.chips``), covering
    neither."""

    CHIP_R = L.CHIP_R
    #: how much higher each chip of a stack is drawn (a 2.5-D top view, like the tiles)
    LAYER = 4.0
    MAX_DRAWN = 8  # a taller stack would reach the numbered circle; its tag says the amount
    #: the amounts' size in scene units: readable at Normal on a 1280x720 dealer's seat
    TAG_PX = 16

    def __init__(self, key: str, scene: Table) -> None:
        super().__init__(scene)
        self.key = key
        self.stacks: tuple[int, ...] = ()
        self.bank = False
        self.setPos(*L.SPOTS[key].chips)
        self.setZValue(30000)
        self.setVisible(False)

    def set_stacks(self, stacks: tuple[int, ...], bank: bool) -> None:
        if (stacks, bank) != (self.stacks, self.bank):
            self.stacks, self.bank = stacks, bank
            names = ", ".join(format_cents(c) for c in stacks)
            self.setToolTip(f"{L.SPOTS[self.key].title}: " + (f"wagers {names}" if stacks else "")
                            + (" · the bank" if bank else ""))
            self.update()
        self.setVisible(bool(stacks) or bank)

    @staticmethod
    def _amount(cents: int) -> str:
        return format_cents(cents).replace(".00", "")

    def _chips(self, cents: int) -> list[tuple[int, str, str]]:
        return list(reversed(chips_for(cents)))[-self.MAX_DRAWN:]  # smallest on top, as dealt

    def layout(self, scale: float) -> tuple[list[tuple[QPointF, int]], list[tuple[QRectF, str]], QRectF | None]:
        """Where the stacks stand (bottom centre, amount), their tags (rectangle, text) and the bank's
        marker, in item units, drawn at ``scale`` device pixels per unit. A tag per stack, side by
        side far enough apart that they never overlap; grown past ``CHIPS_ROOM`` (a larger text size
        on a small table) one tag of the total, or none (the tooltip says them). The BANK tag after
        them over the spot's middle (the other side is the neighbouring seat's), or without room for
        it a ring round the chips (an empty rectangle: ``bank_ring``)."""
        tag_font = font(self.TAG_PX, scale)
        m = QFontMetricsF(tag_font)
        texts = [self._amount(c) for c in self.stacks] if legible(tag_font, scale) else []
        pitch = max([2 * self.CHIP_R + 6, *(m.horizontalAdvance(t) + 16 for t in texts)])
        one_tag = pitch * len(texts) > L.CHIPS_ROOM
        if one_tag:
            pitch, texts = 2 * self.CHIP_R + 6, [self._amount(sum(self.stacks))]
        stacks = [(QPointF((i - (len(self.stacks) - 1) / 2) * pitch, 0), cents) for i, cents in enumerate(self.stacks)]
        tags = []
        for (centre, cents), text in zip(stacks, texts):
            tag = QRectF(0, 0, m.horizontalAdvance(text) + 10, m.height() + 4)
            top = min(self._top(c, n) for c, n in stacks) if one_tag else self._top(centre, cents)
            # on the top chip; a grown tag no lower than the bottom chip (the spot is under it)
            tag.moveCenter(QPointF(0 if one_tag else centre.x(), min(top, self.CHIP_R - tag.height() / 2)))
            if tag.width() <= L.CHIPS_ROOM and tag.height() <= L.CHIPS_TAG_H:
                tags.append((tag, text))
        if not self.bank:
            return stacks, tags, None
        bank_font = font(16, scale)
        box = QFontMetricsF(bank_font).boundingRect("BANK").adjusted(-10, -4, 10, 4)
        side = 1 if L.SPOTS[self.key].x > self.pos().x() else -1
        edge = max([self.CHIP_R, *(abs(c.x()) + self.CHIP_R for c, _ in stacks),
                    *(abs(t.center().x()) + t.width() / 2 for t, _ in tags)])
        if edge + 6 + box.width() > L.BANK_REACH or box.height() > 2 * self.CHIP_R or not legible(bank_font, scale):
            return stacks, tags, QRectF()
        box.moveCenter(QPointF(side * (edge + 6 + box.width() / 2), self.CHIP_R - box.height() / 2))
        return stacks, tags, box

    def bank_ring(self, stacks: list[tuple[QPointF, int]], tags: list[tuple[QRectF, str]]) -> QRectF:
        """The bank's marker where its tag has no room: round the bank's chips and their tags."""
        rects = [self.stack_rect(c, n) for c, n in stacks] + [t for t, _ in tags] or [self.stack_rect(QPointF(), 0)]
        ring = rects[0]
        for r in rects[1:]:
            ring = ring.united(r)
        return ring.adjusted(-4, -4, 4, 4)

    def _top(self, centre: QPointF, cents: int) -> float:
        """The y of the stack's top chip's centre."""
        return centre.y() - max(0, len(self._chips(cents)) - 1) * self.LAYER

    def stack_rect(self, centre: QPointF, cents: int) -> QRectF:
        """The chips of a stack standing at ``centre``, the top one ``LAYER`` higher per chip."""
        r, top = self.CHIP_R, self._top(centre, cents)
        return QRectF(centre.x() - r, top - r, 2 * r, centre.y() - top + 2 * r)

    def drawn_rects(self, scale: float = 1.0) -> list[QRectF]:
        """Scene rectangles of the stacks, their tags and the BANK tag (tests: they cover no seat's
        circle, no spot, nothing of another seat)."""
        stacks, tags, bank = self.layout(scale)
        rects = [self.stack_rect(c, n) for c, n in stacks] + [t for t, _ in tags]
        if bank is not None:
            rects.append(bank if not bank.isEmpty() else self.bank_ring(stacks, tags))
        return [r.translated(self.pos()) for r in rects]

    def boundingRect(self) -> QRectF:
        return QRectF(-200, -110, 400, 160)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        stacks, tags, bank = self.layout(device_scale(p))
        if bank is not None and bank.isEmpty():
            p.setPen(QPen(QColor(self.theme.count_glow), 5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(self.bank_ring(stacks, tags), 10, 10)
        self._paint_chips(p, QPointF(0, 0))
        if bank is not None and not bank.isEmpty():
            p.setFont(font(16, p))
            p.setPen(QPen(QColor("#000000"), 2))
            p.setBrush(QColor(self.theme.count_glow))
            p.drawRoundedRect(bank, 8, 8)
            p.drawText(bank, Qt.AlignmentFlag.AlignCenter, "BANK")

    def _paint_chips(self, p: QPainter, at: QPointF) -> None:
        """The stacks and their tags, moved by ``at``; the amounts on dark tags readable over any chip."""
        stacks, tags, _ = self.layout(device_scale(p))
        r = self.CHIP_R
        for centre, cents in stacks:
            for level, (_, colour, ink) in enumerate(reversed(self._chips(cents))):
                c = centre + at - QPointF(0, level * self.LAYER)
                p.setPen(QPen(QColor(ink), 1.5))
                p.setBrush(QColor(colour))
                p.drawEllipse(c, r, r)
                p.setPen(QPen(QColor(ink), 3, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(c, r - 4, r - 4)
        p.setFont(font(self.TAG_PX, p))
        for tag, text in tags:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(self.theme.caption_bg))
            p.drawRoundedRect(tag.translated(at), 5, 5)
            p.setPen(QColor(self.theme.caption_text))
            p.drawText(tag.translated(at), Qt.AlignmentFlag.AlignCenter, text)


class SideSpotsItem(TableItem):
    """A seat's side-wager spots (``L.side_spots``), one per side wager the profile offers, each named
    as a dealer abbreviates it, with that wager's own chips and amount on it, and its payment beside
    the amount when it won (621a.5, 621a.11). A spot's name stays on it under the chips: the tag
    reads name and amount, as large as the spot allows (a payment's tag too: a wider one would
    cover the next spot's name)."""

    #: the least size on screen of a spot's longer name (below it, the dealer's shortest form)
    FLOOR_PX = 8.0

    def __init__(self, key: str, scene: Table) -> None:
        super().__init__(scene)
        self.key = key
        self.offered: tuple[str, ...] = ()
        self.wagers: dict[str, tuple[int, ...]] = {}
        self.setZValue(30000)

    def set_wagers(self, offered: tuple[str, ...], wagers: dict[str, tuple[int, ...]]) -> None:
        if (offered, wagers) != (self.offered, self.wagers):
            self.prepareGeometryChange()
            self.offered, self.wagers = offered, dict(wagers)
            self.setToolTip("\n".join(f"{L.SIDE_NAMES[k][0]} Wager: {self.amount(k)}" for k in self.wagers))
            self.update()
        self.setVisible(bool(offered))

    def spots(self) -> list[tuple[str, QPointF]]:
        """Each offered side wager and its spot's centre (scene units: the item stands at the origin)."""
        return [(k, QPointF(x, y)) for k, (x, y) in zip(self.offered, L.side_spots(self.key, len(self.offered)))]

    def amount(self, wager: str) -> str:
        """The wager's chips as its tag reads them: "$5", or "$5 +$150" once paid."""
        cents = self.wagers.get(wager, ())
        return " +".join(format_cents(c).replace(".00", "") for c in cents)

    def text(self, wager: str, form: int = 0) -> str:
        """What the spot reads: its name (``form``: which of the dealer's forms), and under it the
        wager's amount when chips are on it."""
        forms = L.SIDE_NAMES[wager][1]
        name = forms[min(form, len(forms) - 1)]
        return f"{name}\n{self.amount(wager)}" if self.wagers.get(wager) else name

    def fitted(self, wager: str, p: QPainter, box: QRectF) -> tuple[str, QFont]:
        """The spot's text and font: its longer name where that is drawn ``FLOOR_PX`` or more on screen,
        else the dealer's shortest, each as large as the spot allows (scale, never drop)."""
        start = 14 if self.wagers.get(wager) else 16
        for form in range(len(L.SIDE_NAMES[wager][1])):
            text = self.text(wager, form)
            f = font_to_fit(start, p, box.adjusted(1, 1, -1, -1), text)
            if f.pixelSize() * device_scale(p) >= self.FLOOR_PX:
                break
        return text, f

    def boundingRect(self) -> QRectF:
        rect = QRectF()
        for _, c in self.spots():
            rect = rect.united(QRectF(c.x() - L.SIDE_R - 2, c.y() - L.SIDE_R - 14, 2 * L.SIDE_R + 4, 2 * L.SIDE_R + 16))
        return rect

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        chalk, r = QColor(self.theme.chalk), L.SIDE_R
        for wager, c in self.spots():
            p.setPen(QPen(chalk, 2))
            p.setBrush(QColor(self.theme.felt).darker(112))
            p.drawEllipse(c, r, r)
            chips = list(reversed(chips_for(sum(self.wagers.get(wager, ())))))[-4:]
            for level, (_, colour, ink) in enumerate(reversed(chips)):
                p.setPen(QPen(QColor(ink), 1.5))
                p.setBrush(QColor(colour))
                p.drawEllipse(c - QPointF(0, level * 3), r - 2, r - 2)
            box = QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)
            if chips:  # on a dark tag over the chips, no wider than the spot: the next spot's name stays
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(self.theme.caption_bg))
                p.drawRoundedRect(box, 5, 5)
                p.setPen(QColor(self.theme.caption_text))
            else:
                p.setPen(QColor(self.theme.label))
            text, f = self.fitted(wager, p, box)
            p.setFont(f)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class CentreItem(ChipsItem):
    """The centre of the layout, outlined and named, with the chips in it: shown on a player-banked
    round, where the bank's collections go and its winners are paid from (621a.9(n)-(r), spec S3)."""

    TITLE = "CENTRE"

    def __init__(self, scene: Table) -> None:
        super().__init__("seat1", scene)  # a ChipsItem's look; its place and name are the centre's
        self.key = CENTRE
        x, y, w, h = L.CENTRE_AREA
        self._area = QRectF(-w / 2, -h / 2, w, h)
        self.setPos(x + w / 2, y + h / 2)
        self.setZValue(100)  # on the felt: the tiles and the dice pass over it

    def set_stacks(self, stacks: tuple[int, ...], bank: bool) -> None:
        if stacks != self.stacks:
            self.stacks = stacks
            self.setToolTip("The centre of the layout" + (f": {format_cents(sum(stacks))}" if stacks else ""))
            self.update()
        self.setVisible(bank)

    def boundingRect(self) -> QRectF:
        return self._area.adjusted(-100, -10, 100, 10)  # room for a title grown with the text size

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(self.theme.chalk), 2, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(self._area, 16, 16)
        p.setPen(QColor(self.theme.chalk))
        p.setFont(font(17, p))
        p.drawText(self._area.adjusted(0, 6, 0, 0), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
                   | Qt.TextFlag.TextDontClip, self.TITLE)
        self._paint_chips(p, QPointF(0, self._area.height() / 4))


class _RolledDice(TableItem):
    """Three dice drawn with their total (the tooltip says them too)."""

    def __init__(self, scene: Table) -> None:
        super().__init__(scene)
        self.dice: tuple[int, ...] = ()
        self.colours: tuple[str, ...] = ()

    def set_dice(self, dice: tuple[int, ...], colours: tuple[str, ...] = ()) -> None:
        if (dice, colours) != (self.dice, self.colours):
            self.dice, self.colours = dice, colours
            self.setToolTip(f"The dice: {', '.join(map(str, dice))}, total {sum(dice)}" if dice else "")
            self.update()


class DiceBesideItem(_RolledDice):
    """The dice rolled, in their own place beside the shaker (``L.DICE_SPOT``) while the shaker is open:
    two over one, the total beside the lower one (621a.6(b)): read at a glance all through the delivery."""

    def boundingRect(self) -> QRectF:
        s = L.DICE_SIZE
        return QRectF(-4, -4, 2 * s + 30, 2 * s + 16)

    def die_rects(self) -> list[QRectF]:
        """Where each die is drawn (item coordinates): two side by side, the third under the first."""
        s, gap = L.DICE_SIZE, 8.0
        return [QRectF(0, 0, s, s), QRectF(s + gap, 0, s, s), QRectF(0, s + gap, s, s)][:len(self.dice)]

    def total_rect(self) -> QRectF:
        s, gap = L.DICE_SIZE, 8.0
        return QRectF(s + gap, s + gap, s + 18, s)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for k, (rect, value) in enumerate(zip(self.die_rects(), self.dice)):
            paint_die(p, rect, value, self.theme, self.colours[k] if k < len(self.colours) else "white")
        text = f"= {sum(self.dice)}"
        p.setPen(QColor(self.theme.count_glow))
        p.setFont(font_to_fit(44, p, self.total_rect(), text))
        p.drawText(self.total_rect(), Qt.AlignmentFlag.AlignCenter, text)


class DiceTotalItem(_RolledDice):
    """The three dice, large, and their total, in the middle of the felt while the dealer counts
    (621a.6(c)): readable from the back of a classroom."""

    DIE = 64.0

    def set_dice(self, dice: tuple[int, ...], colours: tuple[str, ...] = ()) -> None:
        super().set_dice(dice, colours)
        self.setVisible(bool(dice))

    def boundingRect(self) -> QRectF:
        return QRectF(-260, -70, 520, 140)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        back = QColor(self.theme.caption_bg)
        back.setAlpha(215)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(back)
        p.drawRoundedRect(self.boundingRect().adjusted(4, 4, -4, -4), 18, 18)
        s, gap = self.DIE, 14.0
        x = -240.0
        for k, value in enumerate(self.dice):
            colour = self.colours[k] if k < len(self.colours) else "white"
            paint_die(p, QRectF(x, -s / 2, s, s), value, self.theme, colour)
            x += s + gap
        p.setPen(QColor(self.theme.count_glow))
        p.setFont(font(64, p))
        p.drawText(QRectF(x, -60, 250 - x, 120), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextDontClip,
                   f"= {sum(self.dice)}")
