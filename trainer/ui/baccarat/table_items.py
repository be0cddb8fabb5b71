"""The moving things on the Baccarat table: cards, chip stacks, marker buttons, the shoe, the stack
of cards being cut, the discard bucket's contents, the highlights and the Point Count badges.

Each is a QGraphicsObject so Qt's property animations can drive it (``pos``, ``rotation``,
``turn``, ``glow``). Colours come from the scene's theme; chips are the dealer's real
denominations (:data:`trainer.ui.theme.CHIPS`).
"""

from __future__ import annotations

from PySide6.QtCore import Property, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF, QTransform

from trainer.rules.money import format_cents
from trainer.ui.baccarat import table_layout as L
from trainer.ui.baccarat.card_art import BACK, card_pixmap
from trainer.ui.felt import Table, TableItem, device_scale, font_to_fit
from trainer.ui.theme import CHIPS, chips_for


class CardItem(TableItem):
    """One card on the layout. ``turn`` (0..1) animates turning it over: it narrows to an edge at
    0.5 and shows its new side after."""

    RECT = QRectF(-L.CARD_W / 2, -L.CARD_H / 2, L.CARD_W, L.CARD_H)

    def __init__(self, scene: Table) -> None:
        super().__init__(scene, cached=False)  # a card is one cached pixmap already
        self.face = BACK
        self.face_up = False
        self.was_up = False
        self._turn = 1.0

    def boundingRect(self) -> QRectF:
        return self.RECT.adjusted(-3, -3, 3, 3)

    def set_card(self, face: str, face_up: bool) -> None:
        if (face, face_up) != (self.face, self.face_up):
            self.face, self.face_up, self.was_up = face, face_up, face_up
            self._turn = 1.0
            self.setTransform(QTransform())
            self.setToolTip(_card_name(face) if self.shows_face() else "A card, face down")
            self.update()

    def shows_face(self) -> bool:
        up = self.face_up if self._turn >= 0.5 else self.was_up
        return up or (self.table.reveal and self.face != BACK)

    def _get_turn(self) -> float:
        return self._turn

    def _set_turn(self, v: float) -> None:
        self._turn = v
        self.setTransform(QTransform.fromScale(max(0.02, abs(1 - 2 * v)), 1.0))
        self.update()

    turn = Property(float, _get_turn, _set_turn)

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = device_scale(p)
        w, h = max(4, round(L.CARD_W * s)), max(6, round(L.CARD_H * s))
        face = self.face if self.shows_face() else BACK
        pm = card_pixmap(face, w, h)
        tr = p.transform()
        if tr.m12() == 0 and tr.m21() == 0 and tr.m11() > 0 and tr.m22() > 0 and abs(tr.m11() - tr.m22()) < 1e-6:
            corner = tr.map(self.RECT.topLeft())  # not turned: blit pixel for pixel
            p.resetTransform()
            p.drawPixmap(round(corner.x()), round(corner.y()), pm)
            p.setTransform(tr)
        else:
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            p.drawPixmap(self.RECT, pm, QRectF(0, 0, pm.width(), pm.height()))


def _card_name(face: str) -> str:
    ranks = {"A": "Ace", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King"}
    suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    if len(face) != 2:
        return "The cover card" if face == "cover" else "A card"
    return f"{ranks.get(face[0], face[0])} of {suits.get(face[1], face[1])}"


def chip_breakdown(cents: int) -> list[int]:
    """The chips a dealer stacks for ``cents``, largest first (greedy over the real denominations)."""
    out = [value for value, _colour, _ink in chips_for(cents)]
    if cents % CHIPS[0][0]:
        out.append(cents % CHIPS[0][0])  # an odd amount under the smallest chip is shown as one small piece
    return out


_CHIP_COLOURS = {value: (colour, ink) for value, colour, ink in CHIPS}
#: A chip's radius: a stack stands in its area's chips' strip (``L.CHIPS_DEPTH``), clear of the area's name.
CHIP_R = 12.0
#: How far each chip of a stack sits above the one below it (top view in 2.5-D).
CHIP_STEP = 2.0
#: Chips drawn in a column, and columns side by side: a larger stack shows its largest chips (its
#: tooltip says the amount).
STACK_MAX, COLUMNS = 3, 2


def paint_chip(p: QPainter, centre: QPointF, value: int, r: float = CHIP_R) -> None:
    colour, ink = _CHIP_COLOURS.get(value, ("#b9bec4", "#1b1b1b"))
    body = QColor(colour)
    p.setPen(QPen(body.darker(170), 1.2))
    p.setBrush(body)
    p.drawEllipse(centre, r, r)
    p.setPen(QPen(QColor(ink), r * 0.22, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(centre, r * 0.84, r * 0.84)
    p.setPen(QColor(ink))
    text = format_cents(value).replace(".00", "").replace("$0.", ".")
    face = QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)
    # the value as large as the chip's face allows (never left out: the class reads it)
    p.setFont(font_to_fit(r * (0.62 if value < 100000 else 0.5), p, face.adjusted(2, 2, -2, -2), text))
    p.drawText(face, Qt.AlignmentFlag.AlignCenter, text)


class ChipStackItem(TableItem):
    """The chips on one area (turned like its name, along its chips' strip), or a stack on its way
    between an area and the tray."""

    def __init__(self, scene: Table, cents: int = 0) -> None:
        super().__init__(scene)
        self.cents = cents
        self.chips: list[int] = chip_breakdown(cents)
        self.setZValue(3000)

    def set_cents(self, cents: int) -> None:
        if cents != self.cents:
            self.prepareGeometryChange()
            self.cents = cents
            self.chips = chip_breakdown(cents)
            self.setToolTip(format_cents(cents))
            self.update()
        self.setVisible(cents > 0)

    def _columns(self) -> list[list[int]]:
        drawn = self.chips[:STACK_MAX * COLUMNS]
        return [drawn[i:i + STACK_MAX] for i in range(0, len(drawn), STACK_MAX)] or [[]]

    def column_rects(self) -> list[QRectF]:
        """Each column's chips in item units: centred on the item's position, the top chip highest."""
        cols = self._columns()
        rects = []
        for c, column in enumerate(cols):
            x = (c - (len(cols) - 1) / 2) * (2 * CHIP_R + 3)
            rise = max(0, len(column) - 1) * CHIP_STEP
            rects.append(QRectF(x - CHIP_R, -CHIP_R - rise / 2, 2 * CHIP_R, 2 * CHIP_R + rise))
        return rects

    def amount(self) -> str:
        """The stack's amount as its tag reads: a dealer's "$25", "$2.50"."""
        return format_cents(self.cents).replace(".00", "")

    def tag_rect(self) -> QRectF:
        """The amount's tag over the chips' lower half, two columns wide whatever the stack (the
        strip has room for two): its text as large as that allows, never left out."""
        w = COLUMNS * (2 * CHIP_R + 3) - 3
        return QRectF(-w / 2, 0, w, CHIP_R)

    def drawn_polygons(self) -> list[QPolygonF]:
        """The columns and the amount's tag in scene units (the tests: they cover no area's name)."""
        return [self.mapToScene(r) for r in [*self.column_rects(), self.tag_rect()]]

    def boundingRect(self) -> QRectF:
        w = COLUMNS * (2 * CHIP_R + 3)
        h = 2 * CHIP_R + STACK_MAX * CHIP_STEP
        return QRectF(-w / 2 - 2, -h / 2 - 2, w + 4, h + 4)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for rect, column in zip(self.column_rects(), self._columns()):
            for k, value in enumerate(reversed(column)):  # the largest chip on the bottom
                paint_chip(p, QPointF(rect.center().x(), rect.bottom() - CHIP_R - k * CHIP_STEP), value)
        tag, text = self.tag_rect(), self.amount()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(self.theme.caption_bg))
        p.drawRoundedRect(tag, 4, 4)
        p.setPen(QColor(self.theme.caption_text))
        p.setFont(font_to_fit(CHIP_R, p, tag.adjusted(2, 0, -2, 0), text))
        p.drawText(tag, Qt.AlignmentFlag.AlignCenter, text)


class MarkerItem(TableItem):
    """A marker button in a seat's numbered box: the vigorish that seat owes (631a.13(d)(2)(ii))."""

    def __init__(self, scene: Table) -> None:
        super().__init__(scene)
        self.cents = 0
        self.setZValue(3500)

    def set_cents(self, cents: int) -> None:
        if cents != self.cents:
            self.cents = cents
            self.setToolTip(f"Marker button: vigorish owed {format_cents(cents)}")
            self.update()

    def boundingRect(self) -> QRectF:
        r = L.MARKER_R + 2
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, p: QPainter, option, widget=None) -> None:
        r = L.MARKER_R
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#1b1b1b"), 1.5))
        p.setBrush(QColor("#ffd54a"))
        p.drawEllipse(QPointF(0, 0), r, r)
        p.setPen(QColor("#1b1b1b"))
        # its words as large as the button allows (never left out)
        for px, box, text in ((8, QRectF(-r, -0.8 * r, 2 * r, 0.65 * r), "VIG"),
                              (11, QRectF(-r, -0.2 * r, 2 * r, 0.9 * r), format_cents(self.cents).lstrip("$"))):
            p.setFont(font_to_fit(px, p, box, text))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class ShoeItem(TableItem):
    """The dealing shoe seen from above: the cards inside (a gauge) and a cover card still in it."""

    W, H = 68.0, 98.0

    def __init__(self, scene: Table) -> None:
        super().__init__(scene)
        self.left = 0
        self.total = 416
        self.cover: int | None = None
        self.setZValue(20000)
        self.setToolTip("The dealing shoe (631a.7(a))")

    def set_state(self, left: int, total: int, cover: int | None) -> None:
        if (left, total, cover) != (self.left, self.total, self.cover):
            self.left, self.total, self.cover = left, max(1, total), cover
            self.setToolTip(f"The dealing shoe (631a.7(a)): {left} cards"
                            + ("" if cover is None else f", the cover card after {cover} more"))
            self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-self.W / 2 - 3, -self.H / 2 - 3, self.W + 6, self.H + 6)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        body = QRectF(-self.W / 2, -self.H / 2, self.W, self.H)
        p.setPen(QPen(QColor("#0d0d0d"), 2))
        p.setBrush(QColor("#3a2a1c"))
        p.drawRoundedRect(body, 8, 8)
        inner = body.adjusted(9, 14, -9, -22)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#1a120b"))
        p.drawRect(inner)
        fill = inner.height() * min(1.0, self.left / self.total)
        p.setBrush(QColor("#a3122a"))
        p.drawRect(QRectF(inner.left(), inner.bottom() - fill, inner.width(), fill))
        if self.cover is not None and self.left:
            y = inner.bottom() - fill + inner.height() * min(1.0, self.cover / self.total)
            p.setPen(QPen(QColor("#f2c230"), 4))
            p.drawLine(QPointF(inner.left() - 4, y), QPointF(inner.right() + 4, y))
        # the mouth, where the curator slides the next card out (towards the dealer's left)
        p.setPen(QPen(QColor("#0d0d0d"), 2))
        p.setBrush(QColor("#5b4330"))
        mouth = QPainterPath()
        mouth.addRoundedRect(QRectF(body.left() + 6, body.bottom() - 20, self.W - 12, 14), 5, 5)
        p.drawPath(mouth)
        p.setPen(QColor("#f1f1ec"))
        count = QRectF(body.left(), body.top() - 1, self.W, 14)
        p.setFont(font_to_fit(12, p, count, f"{self.left}"))
        p.drawText(count, Qt.AlignmentFlag.AlignCenter, f"{self.left}")


class StackItem(TableItem):
    """The stack of cards on the felt while it is washed, shuffled and cut, seen from its long side:
    the cover cards show as yellow lines where they were inserted (631a.5(c), (d))."""

    W, H = 300.0, 46.0

    def __init__(self, scene: Table) -> None:
        super().__init__(scene)
        self.covers: tuple[float, ...] = ()
        self.setZValue(15000)
        self.setVisible(False)

    def set_covers(self, covers: tuple[float, ...]) -> None:
        if covers != self.covers:
            self.covers = covers
            self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-self.W / 2 - 4, -self.H / 2 - 10, self.W + 8, self.H + 20)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        body = QRectF(-self.W / 2, -self.H / 2, self.W, self.H)
        p.setPen(QPen(QColor("#5a5a5a"), 1.5))
        p.setBrush(QColor("#f4f1ea"))
        p.drawRoundedRect(body, 4, 4)
        p.setPen(QPen(QColor("#c9c4b8"), 1))
        for k in range(1, 60):
            x = body.left() + k * self.W / 60
            p.drawLine(QPointF(x, body.top() + 3), QPointF(x, body.bottom() - 3))
        p.setPen(QPen(QColor("#f2c230"), 5))
        for f in self.covers:  # 0 = the top of the stack (the left end), 1 = the bottom
            x = body.left() + f * self.W
            p.drawLine(QPointF(x, body.top() - 8), QPointF(x, body.bottom() + 8))


class GlowItem(TableItem):
    """An area's highlight (animated ``glow`` 0..1): a seat's area, a hand, a vigorish box."""

    def __init__(self, scene: Table, path: QPainterPath) -> None:
        super().__init__(scene)
        self.path = path
        self._glow = 0.0
        self.setZValue(-10)

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-6, -6, 6, 6)

    def _get_glow(self) -> float:
        return self._glow

    def _set_glow(self, v: float) -> None:
        if v != self._glow:  # a frame sets every area's glow: repaint only the ones that change
            self._glow = v
            self.update()

    glow = Property(float, _get_glow, _set_glow)

    def paint(self, p: QPainter, option, widget=None) -> None:
        if self._glow <= 0.01:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = QColor(self.theme.count_glow)
        fill = QColor(c)
        fill.setAlpha(int(80 * self._glow))
        edge = QColor(c)
        edge.setAlphaF(self._glow)
        p.setPen(QPen(edge, 5))
        p.setBrush(fill)
        p.drawPath(self.path)


class _TextItem(TableItem):
    """An item that shows a short text above the layout, hidden while the text is empty."""

    Z = 30000

    def __init__(self, scene: Table) -> None:
        super().__init__(scene)
        self.text = ""
        self.setZValue(self.Z)
        self.setVisible(False)

    def set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.update()
        self.setVisible(bool(text))


class BadgeItem(_TextItem):
    """A hand's Point Count as the dealer announced it, on the corner of its card area."""

    def boundingRect(self) -> QRectF:
        return QRectF(-50, -50, 100, 100)  # room for the badge grown with its count (View → Text size)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setFont(font_to_fit(32, p, QRectF(0, 0, 80, 80), self.text))
        r = max(27.0, p.fontMetrics().height() / 2 + 2)
        p.setBrush(QColor(self.theme.count_glow))
        p.setPen(QPen(QColor("#000000"), 2.5))
        p.drawEllipse(QPointF(0, 0), r, r)
        p.setPen(QColor("#000000"))
        p.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, self.text)


class BannerItem(_TextItem):
    """A call the dealer makes to the whole table, e.g. "LAST HAND" (631a.10(d))."""

    Z = 40000

    def boundingRect(self) -> QRectF:
        return QRectF(-120, -26, 240, 52)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(self.theme.count_glow), 3))
        p.setBrush(QColor(0, 0, 0, 190))
        p.drawRoundedRect(self.boundingRect().adjusted(2, 2, -2, -2), 14, 14)
        p.setPen(QColor(self.theme.count_glow))
        p.setFont(font_to_fit(26, p, self.boundingRect().adjusted(8, 2, -8, -2), self.text))
        p.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, self.text)


#: Where a seated player's token lies: on the rail, halfway across it, behind the seat's number.
SEATED_AT = 1.0 + L.RAIL / 2 / L.RY
SEATED_R = 15.0


class SeatedItem(TableItem):
    """A player seated at ``seat``: a token on the rail behind the seat's number (head and shoulders,
    the head towards the player's side), so the table shows who wagers, cuts, takes the shoe or leaves."""

    def __init__(self, scene: Table, seat: int) -> None:
        super().__init__(scene)
        self.seat = seat
        self.setZValue(3400)
        self.setToolTip(f"Seat {seat}: a player is seated")

    def boundingRect(self) -> QRectF:
        r = SEATED_R + 2
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, p: QPainter, option, widget=None) -> None:
        r = SEATED_R
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#f4f1e8"), 1.6))
        p.setBrush(QColor("#2f5d9e"))
        p.drawEllipse(QPointF(0, 0), r, r)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#f4f1e8"))
        p.drawEllipse(QPointF(0, -0.3 * r), 0.3 * r, 0.3 * r)       # the head, towards the rail's outer edge
        shoulders = QPainterPath()
        shoulders.moveTo(-0.62 * r, 0.62 * r)
        shoulders.quadTo(0, -0.05 * r, 0.62 * r, 0.62 * r)
        shoulders.closeSubpath()
        p.drawPath(shoulders)
