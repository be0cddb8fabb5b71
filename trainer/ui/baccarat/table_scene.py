"""The Baccarat table as a QGraphicsScene: the static layout, the cards, chips, marker buttons, the
shoe, the stack being cut, highlights, Point Count badges and the dealer's calls.

Like the Pai Gow scene (:mod:`trainer.ui.paigow.table_scene`) it shows a :class:`Frame` and
animates from one frame to the next with one QParallelAnimationGroup per step, ending with
``show_frame(target)`` so the final state is exact whatever happens in between. It decides
nothing: frames are built from the engine's move plans by :mod:`trainer.ui.baccarat.timeline`.
The same :class:`~trainer.ui.paigow.player.Player` drives it (step, pause, speed).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from PySide6.QtCore import (
    QAbstractAnimation, QObject, QParallelAnimationGroup, QPointF, QRectF, Signal,
)
from PySide6.QtGui import QPainter, QPainterPath, QPixmap
from PySide6.QtWidgets import QGraphicsScene

from trainer.ui.baccarat import table_layout as L
from trainer.ui.baccarat.table_items import (
    SEATED_AT, BadgeItem, BannerItem, CardItem, ChipStackItem, GlowItem, MarkerItem, SeatedItem, ShoeItem, StackItem,
)
from trainer.ui.baccarat.table_paint import cell_path, paint_table
from trainer.ui.animation import eased
from trainer.ui.felt import draw_felt
from trainer.ui.theme import Theme, theme_named


@dataclass(frozen=True)
class CardSpot:
    """Where one card lies: its face (``"Qh"``; ``BACK`` for a card never seen; ``COVER``), its
    centre, whether it is face up, its turn in degrees and its stacking order."""

    face: str
    x: float
    y: float
    face_up: bool = False
    rotation: float = 0.0
    z: float = 0.0


@dataclass(frozen=True)
class Frame:
    """Everything the table shows at one moment of a timeline.

    ``chips`` holds the cents on each area (``seat3.banker``, ``vig3``...); ``chip_moves`` the
    movements of this step (from, to, cents), animated between areas, seats and the tray.
    """

    cards: dict[str, CardSpot] = field(default_factory=dict)
    chips: dict[str, int] = field(default_factory=dict)
    chip_moves: tuple[tuple[str, str, int], ...] = ()
    markers: dict[int, int] = field(default_factory=dict)  # seat -> vigorish owed (marker button)
    shoe: str = "dealer"                                   # who holds the shoe: dealer or seat{k}
    shoe_left: int = 0                                     # cards in the shoe
    shoe_total: int = 416
    shoe_cover: int | None = None                          # cards before the cover card, if still in
    stack: bool = False                                    # the stack on the felt (wash, shuffle, cut)
    stack_covers: tuple[float, ...] = ()                   # cover cards in the stack (0 top .. 1 bottom)
    highlight: tuple[str, ...] = ()
    counts: dict[str, str] = field(default_factory=dict)   # hand -> Point Count announced
    banner: str = ""
    seated: tuple[int, ...] = ()                           # the seats with a player at them

    def with_(self, **changes) -> Frame:
        return replace(self, **changes)


class BaccaratScene(QGraphicsScene):
    """The Baccarat table for ``layout`` with the payout ``odds`` written on it (631a.2(b)(3))."""

    #: another table's odds (the paytable under the table follows them)
    oddsChanged = Signal(tuple)
    #: a frame shown (the chips' amounts under the table follow it)
    frameShown = Signal(object)

    def __init__(self, theme: Theme | str = "light", layout: L.TableLayout | None = None,
                 odds: tuple[str, ...] = (), parent: QObject | None = None) -> None:
        super().__init__(0, 0, L.SCENE_W, L.SCENE_H, parent)
        self.theme = theme_named(theme) if isinstance(theme, str) else theme
        self.layout = layout or L.TableLayout()
        self.odds = odds
        self.reveal = False
        self._bg_cache: dict[tuple, QPixmap] = {}
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.card_items: dict[str, CardItem] = {}
        self.stacks: dict[str, ChipStackItem] = {}
        self.markers: dict[int, MarkerItem] = {}
        self.players: dict[int, SeatedItem] = {}
        self.glows: dict[str, GlowItem] = {}
        self._flying: list[ChipStackItem] = []
        self.shoe = ShoeItem(self)
        self.stack = StackItem(self)
        self.stack.setPos(*L.STACK)
        self.badges = {hand: BadgeItem(self) for hand in L.HANDS}
        for hand, badge in self.badges.items():
            x, y = L.HANDS[hand]
            badge.setPos(x + L.HAND_W / 2 - 6, y - L.HAND_H / 2 + 6)
        self.banner = BannerItem(self)
        self.banner.setPos(*L.BANNER)
        for item in (self.shoe, self.stack, *self.badges.values(), self.banner):
            self.addItem(item)
        self.frame: Frame | None = None
        self._place_shoe("dealer")

    # -- appearance -------------------------------------------------------------------------------
    def set_theme(self, theme: Theme | str) -> None:
        self.theme = theme_named(theme) if isinstance(theme, str) else theme
        self._bg_cache.clear()
        for item in self.items():
            item.update()
        self.update()

    def set_table(self, layout: L.TableLayout, odds: tuple[str, ...]) -> None:
        """Another layout (seats, wagers offered) or other odds: repaint the felt, drop the old areas."""
        if (layout, odds) == (self.layout, self.odds):
            return
        self.layout, self.odds = layout, odds
        for items in (self.stacks, self.glows, self.markers, self.players):
            for item in items.values():
                self.removeItem(item)
            items.clear()
        self._bg_cache.clear()
        self.update()
        self.oddsChanged.emit(odds)

    def set_reveal(self, on: bool) -> None:
        """Show every card's face (the instructor's view)."""
        self.reveal = on
        for item in self.card_items.values():
            item.update()

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        draw_felt(p, rect, self.sceneRect(), (L.SCENE_W, L.SCENE_H), self.theme.window, self._bg_cache,
                  (self.theme.name,), lambda bp: paint_table(bp, self.theme, self.layout, self.odds))

    # -- lazily made items ------------------------------------------------------------------------
    def _card(self, key: str) -> CardItem:
        item = self.card_items.get(key)
        if item is None:
            item = self.card_items[key] = CardItem(self)
            self.addItem(item)
        return item

    def _chips(self, area: str) -> ChipStackItem:
        item = self.stacks.get(area)
        if item is None:
            item = self.stacks[area] = ChipStackItem(self)
            item.setPos(*self.layout.area_centre(area))
            if area in self.layout.cells:  # the columns along the area's chips' strip
                item.setRotation(self.layout.cells[area].rotation)
            self.addItem(item)
        return item

    def _marker(self, seat: int) -> MarkerItem:
        item = self.markers.get(seat)
        if item is None:
            item = self.markers[seat] = MarkerItem(self)
            self.addItem(item)
            item.setPos(*self.layout.marker_spot(seat))
        return item

    def _player(self, seat: int) -> SeatedItem:
        """The player seated at ``seat``: a token on the rail behind the seat's number."""
        item = self.players.get(seat)
        if item is None:
            item = self.players[seat] = SeatedItem(self, seat)
            cell = self.layout.cells[f"seat{seat}"]
            item.setPos(*L.oval_point((cell.a1 + cell.a2) / 2, SEATED_AT))
            item.setRotation(cell.rotation)
            self.addItem(item)
        return item

    def show_players(self, seated: tuple[int, ...]) -> None:
        """A token at each seat with a player, none at the others."""
        for seat in set(self.players) | set(seated):
            self._player(seat).setVisible(seat in seated)

    def glow(self, key: str) -> GlowItem:
        item = self.glows.get(key)
        if item is None:
            item = self.glows[key] = GlowItem(self, self._area_path(key))
            self.addItem(item)
        return item

    def _area_path(self, key: str) -> QPainterPath:
        path = QPainterPath()
        if key in self.layout.cells:
            return cell_path(self.layout.cells[key])
        if key in L.HANDS:
            x, y = L.HANDS[key]
            path.addRoundedRect(QRectF(x - L.HAND_W / 2, y - L.HAND_H / 2, L.HAND_W, L.HAND_H), 14, 14)
        elif key.startswith("vig"):
            path.addRect(QRectF(*self.layout.vig_box(int(key[3:]))))
        elif key == "shoe":
            x, y, _ = self.layout.shoe_spot(self.frame.shoe if self.frame else "dealer")
            path.addRoundedRect(QRectF(x - 44, y - 66, 88, 132), 10, 10)
        else:
            path.addRoundedRect(QRectF(*L.TRAY), 8, 8)
        return path

    # -- frames -----------------------------------------------------------------------------------
    def show_frame(self, frame: Frame) -> None:
        """Put every item where ``frame`` says, at once."""
        for key, item in self.card_items.items():
            spot = frame.cards.get(key)
            item.setVisible(spot is not None)
            if spot is not None:
                item.set_card(spot.face, spot.face_up)
                item.setPos(spot.x, spot.y)
                item.setRotation(spot.rotation)
                item.setZValue(1000 + spot.z)
        for key, spot in frame.cards.items():
            if key not in self.card_items:
                item = self._card(key)
                item.set_card(spot.face, spot.face_up)
                item.setPos(spot.x, spot.y)
                item.setRotation(spot.rotation)
                item.setZValue(1000 + spot.z)
        for area in set(self.stacks) | set(frame.chips):
            self._chips(area).set_cents(frame.chips.get(area, 0))
        for flying in self._flying:
            self.removeItem(flying)
        self._flying.clear()
        for seat in set(self.markers) | set(frame.markers):
            owed = frame.markers.get(seat, 0)
            self._marker(seat).set_cents(owed)
            self.markers[seat].setVisible(owed > 0)
        self.show_players(frame.seated)
        self._place_shoe(frame.shoe)
        self.shoe.set_state(frame.shoe_left, frame.shoe_total, frame.shoe_cover)
        self.stack.setPos(*L.STACK)
        self.stack.setVisible(frame.stack)
        self.stack.set_covers(frame.stack_covers)
        for key in set(self.glows) | set(frame.highlight):
            self.glow(key).glow = 1.0 if key in frame.highlight else 0.0
        for hand, badge in self.badges.items():
            badge.set_text(frame.counts.get(hand, ""))
        self.banner.set_text(frame.banner)
        self.frame = frame
        self.frameShown.emit(frame)

    def _place_shoe(self, holder: str) -> None:
        x, y, turn = self.layout.shoe_spot(holder)
        self.shoe.setPos(x, y)
        self.shoe.setRotation(turn)

    def shoe_mouth(self, holder: str) -> QPointF:
        """Where a card leaves the shoe held by ``holder``."""
        x, y, turn = self.layout.shoe_spot(holder)
        a = math.radians(turn)
        return QPointF(x - math.sin(a) * 45, y + math.cos(a) * 45)

    def transition(self, target: Frame, duration: int, kind: str = "move") -> QAbstractAnimation:
        """An animation taking the scene from its current frame to ``target``; it ends with
        ``show_frame(target)``."""
        src = self.frame or target
        duration = max(1, duration)
        group = QParallelAnimationGroup(self)
        self._animate_cards(group, src, target, duration)
        self._animate_chips(group, src, target, duration)
        if target.shoe != src.shoe:
            x, y, turn = self.layout.shoe_spot(target.shoe)
            group.addAnimation(eased(self.shoe, b"pos", QPointF(x, y), duration))
            group.addAnimation(eased(self.shoe, b"rotation", _near(self.shoe.rotation(), turn), duration))
        if src.stack and not target.stack and target.shoe_left:  # the stack goes into the shoe
            x, y, _ = self.layout.shoe_spot(target.shoe)
            group.addAnimation(eased(self.stack, b"pos", QPointF(x, y), duration))
        elif target.stack:
            self.stack.setVisible(True)
            self.stack.set_covers(target.stack_covers)
        for key in set(self.glows) | set(target.highlight):
            glow = self.glow(key)
            want = 1.0 if key in target.highlight else 0.0
            if glow.glow != want:
                group.addAnimation(eased(glow, b"glow", want, max(1, duration // 2)))
        for hand, badge in self.badges.items():
            badge.set_text(target.counts.get(hand, ""))
        self.banner.set_text(target.banner)
        group.finished.connect(lambda: self.show_frame(target))
        return group

    def _animate_cards(self, group: QParallelAnimationGroup, src: Frame, target: Frame, duration: int) -> None:
        for key, b in target.cards.items():
            a = src.cards.get(key)
            item = self._card(key)
            if a == b:
                continue
            if a is None:  # a new card leaves the shoe (or the stack) face down
                start = QPointF(*L.STACK) if src.stack else self.shoe_mouth(src.shoe)
                a = CardSpot(b.face, start.x(), start.y(), False, b.rotation)
            item.set_card(b.face, a.face_up)
            item.setVisible(True)
            item.setZValue(50000 + b.z)
            start, end = QPointF(a.x, a.y), QPointF(b.x, b.y)
            if start != end:
                anim = eased(item, b"pos", end, duration, start)
                lift = min(40.0, 0.12 * math.hypot(end.x() - start.x(), end.y() - start.y()))
                if lift > 2:
                    anim.setKeyValueAt(0.5, (start + end) / 2 - QPointF(0, lift))
                group.addAnimation(anim)
            if a.rotation != b.rotation:
                group.addAnimation(eased(item, b"rotation", b.rotation, duration, a.rotation))
            if a.face_up != b.face_up:
                item.was_up, item.face_up = a.face_up, b.face_up
                group.addAnimation(eased(item, b"turn", 1.0, duration, 0.0))

    def _animate_chips(self, group: QParallelAnimationGroup, src: Frame, target: Frame, duration: int) -> None:
        """Each movement of the step flies as a stack; areas show their new amounts once it lands."""
        for frm, to, cents in target.chip_moves:
            flying = ChipStackItem(self, 0)
            flying.set_cents(cents)
            flying.setZValue(60000)
            self.addItem(flying)
            self._flying.append(flying)
            group.addAnimation(eased(flying, b"pos", QPointF(*self._where(to)), duration,
                                          QPointF(*self._where(frm))))
            if frm in self.stacks or frm in src.chips:
                self._chips(frm).set_cents(max(0, src.chips.get(frm, 0) - cents))
        for seat, owed in target.markers.items():
            if src.markers.get(seat, 0) != owed:
                marker = self._marker(seat)
                marker.set_cents(owed)
                marker.setVisible(owed > 0)
                if owed and not src.markers.get(seat):
                    group.addAnimation(eased(marker, b"pos", QPointF(*self.layout.marker_spot(seat)), duration,
                                                  QPointF(*self._where("tray"))))

    def _where(self, place: str) -> tuple[float, float]:
        """A chip movement's end: an area, a vigorish box, the tray, or a seat's own rail (its player)."""
        if place in self.layout.cells and "." not in place:
            cell = self.layout.cells[place]
            return L.oval_point((cell.a1 + cell.a2) / 2, cell.f_out + 0.02)
        return self.layout.area_centre(place)


def _near(current: float, target: float) -> float:
    """``target`` plus or minus whole turns, the nearest to ``current`` (the shoe turns the short way)."""
    return target + 360.0 * round((current - target) / 360.0)

