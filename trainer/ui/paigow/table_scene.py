"""The table as a QGraphicsScene: the static table, 32 tile items, shaker, dice, marker, highlights.

The scene shows a :class:`Frame` (where every tile lies, the dice, the shaker, the marker, the
highlighted positions) and animates from one frame to the next with Qt's animation framework: one
QPropertyAnimation per moving item inside a QParallelAnimationGroup. It decides nothing: frames
are built by :mod:`trainer.ui.paigow.timeline` from the engine's plans.

The static table is painted once per device scale into a cached pixmap and tile faces come from
the tile-art cache, so a frame costs one background blit plus a pixmap per tile.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from PySide6.QtCore import (
    QAbstractAnimation, QEasingCurve, QObject, QParallelAnimationGroup, QPointF, QPropertyAnimation, QRectF,
    QSequentialAnimationGroup, QVariantAnimation,
)
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsScene

from trainer.rules.paigow.positions import CENTRE
from trainer.rules.paigow.tiles import TILE_SET
from trainer.ui.paigow import table_layout as L
from trainer.ui.paigow.table_items import (
    CentreItem, ChipsItem, DiceBesideItem, DiceTotalItem, DieItem, GlowItem, LabelItem, MarkerItem, NumberItem,
    ShakerItem, SideSpotsItem, TileItem,
)
from trainer.ui.paigow.table_paint import paint_table
from trainer.ui.animation import eased
from trainer.ui.felt import draw_felt
from trainer.ui.theme import Theme, theme_named


@dataclass(frozen=True)
class Placement:
    """Where one tile lies: the centre of its top face at felt level, how many layers up, whether it
    is face up, and its turn in degrees (90 = lying across, as the dealer's low hand)."""

    x: float
    y: float
    level: int = 0
    face_up: bool = False
    rotation: float = 0.0

    def scene_pos(self) -> QPointF:
        return QPointF(self.x, self.y - self.level * L.TILE_T)

    def z(self) -> float:
        return self.level * 2000.0 + self.y


@dataclass(frozen=True)
class Frame:
    """Everything the table shows at one moment of a timeline."""

    tiles: dict[int, Placement]
    dice: tuple[int, ...] = ()            # faces in the open shaker
    dice_colours: tuple[str, ...] = ()    # white, or red and blue where Beat It is offered
    number: str = ""                      # an RNG number, when there are no dice
    shaker: str = "rest"                  # rest | open
    marker: str | None = None             # "marker" or "wager" on the dealer's tiles
    highlight: tuple[str, ...] = ()       # positions glowing
    counts: dict[str, str] = field(default_factory=dict)  # badge per position
    count_path: tuple[str, ...] = ()      # positions counted, in order (animated one by one)
    labels: dict[str, tuple[float, float]] = field(default_factory=dict)  # stack name -> label centre
    moving: frozenset[int] = frozenset()  # tiles of the current move, outlined
    chips: dict[str, tuple[int, ...]] = field(default_factory=dict)  # seat -> each wager's cents
    bank: str = ""                        # the banking seat in a player-bank round (its marker)
    side_spots: tuple[str, ...] = ()      # the side wagers the profile offers: a spot each by every seat
    side: dict[str, dict[str, tuple[int, ...]]] = field(default_factory=dict)  # seat -> side wager -> cents

    def with_(self, **changes) -> Frame:
        return replace(self, **changes)


class TableScene(QGraphicsScene):
    """The Pai Gow table. ``show_frame`` sets a frame at once; ``transition`` animates to one."""

    def __init__(self, theme: Theme | str = "light", parent: QObject | None = None) -> None:
        super().__init__(0, 0, L.SCENE_W, L.SCENE_H, parent)
        self.theme = theme_named(theme) if isinstance(theme, str) else theme
        self.reveal = False
        self._bg_cache: dict[tuple, QPixmap] = {}
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.tiles = {i: TileItem(i, self) for i in range(len(TILE_SET))}
        self.shaker = ShakerItem(self)
        self.shaker.setPos(*L.SHAKER)
        self.shaker.setZValue(50)
        self.dice = [DieItem(self) for _ in range(3)]
        for k, die in enumerate(self.dice):
            x, y = L.SHAKER
            die.setPos(x + (k - 1) * 17, y + (-12 if k == 1 else 11))
            die.setZValue(60)
            die.setVisible(False)
        self.dice_beside = DiceBesideItem(self)
        self.dice_beside.setPos(*L.DICE_SPOT)
        self.dice_beside.setZValue(60)
        self.dice_beside.setVisible(False)
        self.number = NumberItem(self)
        self.number.setPos(L.SHAKER[0], L.SHAKER[1] - 90)
        self.number.setVisible(False)
        self.marker = MarkerItem(self)
        self.marker.setZValue(40000)
        self.marker.setVisible(False)
        self.glows = {key: GlowItem(key, self) for key in L.SPOTS}
        self.stack_labels = {f"S{k}": LabelItem(f"S{k}", self) for k in range(1, 9)}
        self.wagers = {key: ChipsItem(key, self) for key, spot in L.SPOTS.items() if spot.circle}
        self.side_spots = {key: SideSpotsItem(key, self) for key in self.wagers}
        self.centre = CentreItem(self)
        self.flying = ChipsItem("seat1", self)  # chips on their way between a seat and the tray or the centre
        self.flying.setZValue(80000)
        self.dice_total = DiceTotalItem(self)
        self.dice_total.setPos(*L.MIX_CENTER)
        self.dice_total.setZValue(70000)
        self.dice_total.setVisible(False)
        for item in (*self.tiles.values(), self.shaker, *self.dice, self.dice_beside, self.number, self.marker,
                     *self.glows.values(), *self.stack_labels.values(), *self.wagers.values(), *self.side_spots.values(),
                     self.centre, self.flying,
                     self.dice_total):
            self.addItem(item)
        self.frame: Frame | None = None

    # -- appearance -------------------------------------------------------------------------------
    def set_theme(self, theme: Theme | str) -> None:
        self.theme = theme_named(theme) if isinstance(theme, str) else theme
        self._bg_cache.clear()
        for item in self.items():
            item.update()  # also drops the item's cached drawing
        self.update()

    def set_reveal(self, on: bool) -> None:
        """Show every tile's face (the instructor's view), each stack fanned so all four are seen;
        the trainee's view keeps them down and stacked."""
        self.reveal = on
        for item in self.tiles.values():
            item.update_tooltip()
            item.update()
        if self.frame is not None:
            self.show_frame(self.frame)

    def tile_pos(self, pl: Placement) -> QPointF:
        """Where a placed tile is drawn: stacked, or in the instructor's view fanned so every tile of
        a stack shows whole: side by side within a position's spot (a half stack away from the
        other half), upwards from the woodpile, half a tile up anywhere else."""
        pos = pl.scene_pos()
        if not self.reveal or pl.level == 0 and not self._whole_stack_at_spot(pl):
            return pos
        spot = self._spot_of(pl)
        if spot is not None:
            side = (pl.x > spot.x) - (pl.x < spot.x)
            dx = (pl.level - 1.5) * L.STACK_PITCH if side == 0 else side * pl.level * L.STACK_PITCH
            return QPointF(pl.x + dx, pl.y)
        step = L.TILE_H + 4 if abs(pl.y - L.ROW_Y) < L.TILE_H else L.TILE_H * 0.45
        return QPointF(pl.x, pl.y - pl.level * step)

    @staticmethod
    def _spot_of(pl: Placement):
        return next((s for s in L.SPOTS.values()
                     if abs(pl.y - s.y) < 5 and abs(pl.x - s.x) < L.SPOT_W / 2), None)

    def _whole_stack_at_spot(self, pl: Placement) -> bool:
        """The bottom tile of a whole stack in a spot's middle moves too (to the far left)."""
        spot = self._spot_of(pl)
        return spot is not None and abs(pl.x - spot.x) < 1 and pl.rotation == 0 and not pl.face_up

    def dice_visible(self, on: bool) -> None:
        want = on and bool(self.frame_dice)
        for k, die in enumerate(self.dice):
            die.setVisible(want and k < len(self.frame_dice))
        self.dice_beside.setVisible(want)

    frame_dice: tuple[int, ...] = ()

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        draw_felt(p, rect, self.sceneRect(), (L.SCENE_W, L.SCENE_H), self.theme.window, self._bg_cache,
                  (self.theme.name,), lambda bp: paint_table(bp, self.theme))

    # -- frames -----------------------------------------------------------------------------------
    def show_frame(self, frame: Frame) -> None:
        """Put every item where ``frame`` says, at once."""
        for tid, item in self.tiles.items():
            pl = frame.tiles.get(tid)
            item.setVisible(pl is not None)
            if pl is None:
                continue
            item.setPos(self.tile_pos(pl))
            if item.rotation() != pl.rotation:  # (Qt repaints an item given its own rotation again)
                item.setRotation(pl.rotation)
            item.setZValue(pl.z())
            item.set_face_up(pl.face_up)
            item.set_glow(tid in frame.moving)
        self._set_dice(frame.dice, frame.dice_colours)
        if self.shaker.rotation():
            self.shaker.setRotation(0)
        self.shaker.openness = 1.0 if frame.shaker == "open" else 0.0
        if self.number.text != frame.number:
            self.number.text = frame.number
            self.number.update()
        self.number.setVisible(bool(frame.number))
        self._place_marker(frame)
        for key, glow in self.glows.items():
            glow.set_badge(frame.counts.get(key, ""))
            glow.glow = 1.0 if key in frame.highlight else 0.0
        for name, label in self.stack_labels.items():
            where = frame.labels.get(name)
            label.setVisible(where is not None)
            if where is not None:
                label.setPos(*where)
        self._show_wagers(frame)
        self.flying.setVisible(False)
        self.frame = frame

    def _show_wagers(self, frame: Frame) -> None:
        """Chips on each occupied seat's wagers, the bank's marker, the dice total while counting."""
        for key, item in self.wagers.items():
            item.set_stacks(frame.chips.get(key, ()), key == frame.bank)
        for key, item in self.side_spots.items():
            item.set_wagers(frame.side_spots, frame.side.get(key, {}))
        self.centre.set_stacks(frame.chips.get(CENTRE, ()), bool(frame.bank))
        counting = bool(frame.dice) and any(v.isdigit() for v in frame.counts.values())
        self.dice_total.set_dice(frame.dice if counting else (), frame.dice_colours)

    def _set_dice(self, dice: tuple[int, ...], colours: tuple[str, ...] = ()) -> None:
        self.frame_dice = dice
        self.dice_beside.set_dice(dice, colours)
        for k, (die, value) in enumerate(zip(self.dice, dice)):
            colour = colours[k] if k < len(colours) else "white"
            if (die.value, die.colour) != (value, colour):
                die.value, die.colour = value, colour
                die.update()

    def _marker_pos(self, frame: Frame) -> QPointF:
        """On top of the dealer's tiles (621a.6(d)): above the highest tile at the dealer's spot."""
        spot = L.SPOTS["dealer"]
        held = [pl for pl in frame.tiles.values() if abs(pl.x - spot.x) < L.SPOT_W / 2 and abs(pl.y - spot.y) < 5]
        top = min((pl.scene_pos().y() for pl in held), default=spot.y)
        return QPointF(spot.x, top)

    def _place_marker(self, frame: Frame) -> None:
        self.marker.setVisible(frame.marker is not None)
        if frame.marker is not None:
            self.marker.set_kind(frame.marker)
            self.marker.setPos(self._marker_pos(frame))

    def transition(self, target: Frame, duration: int, kind: str = "move") -> QAbstractAnimation:
        """An animation taking the scene from its current frame to ``target``.

        It ends with ``show_frame(target)``, so the final state is exact whatever happened in
        between (pausing, stepping, speed changes).
        """
        src = self.frame or target
        duration = max(1, duration)
        group = QParallelAnimationGroup(self)
        for tid, item in self.tiles.items():
            item.set_glow(tid in target.moving)
            a, b = src.tiles.get(tid), target.tiles.get(tid)
            if a is None or b is None or a == b:
                continue
            item.set_face_up(a.face_up or b.face_up)
            item.setVisible(True)
            item.setZValue(100000 + b.z())
            group.addAnimation(self._tile_path(item, a, b, duration, kind, tid))
            if a.rotation != b.rotation:
                rot = QPropertyAnimation(item, b"rotation", group)
                rot.setDuration(duration)
                rot.setStartValue(a.rotation)
                rot.setEndValue(b.rotation)
                group.addAnimation(rot)
        if kind == "roll" and target.dice:
            group.addAnimation(self._roll_animation(src, target, duration))
        elif target.shaker != src.shaker:
            group.addAnimation(eased(self.shaker, b"openness", 1.0 if target.shaker == "open" else 0.0, duration))
        if target.count_path:
            group.addAnimation(self._count_animation(target, duration))
        else:
            for key, glow in self.glows.items():
                want = 1.0 if key in target.highlight else 0.0
                if glow.glow != want:
                    group.addAnimation(eased(glow, b"glow", want, max(1, duration // 2)))
                glow.set_badge(target.counts.get(key, ""))
        if target.marker is not None and src.marker is None:
            self.marker.set_kind(target.marker)
            self.marker.setPos(self._marker_pos(target) + QPointF(90, 60))
            self.marker.setVisible(True)
            group.addAnimation(eased(self.marker, b"pos", self._marker_pos(target), duration))
        for name, label in self.stack_labels.items():
            a, b = src.labels.get(name), target.labels.get(name)
            if a is not None and b is not None and a != b:
                group.addAnimation(eased(label, b"pos", QPointF(*b), duration, QPointF(*a)))
            elif a is not None and b is None:
                label.setVisible(False)
        self._show_wagers(target)
        flight = self._chips_flight(src, target, duration)
        if flight is not None:
            group.addAnimation(flight)
        group.finished.connect(lambda: self.show_frame(target))
        return group

    def _chips_flight(self, src: Frame, target: Frame, duration: int) -> QAbstractAnimation | None:
        """Chips paid or collected fly between a seat and the tray (the house's) or the centre of the
        layout (a player bank's): the one place that lost chips to the one that gained them."""
        deltas = {key: sum(target.chips.get(key, ())) - sum(src.chips.get(key, ()))
                  for key in set(src.chips) | set(target.chips)}
        lost = [key for key, d in deltas.items() if d < 0]
        gained = [key for key, d in deltas.items() if d > 0]
        if len(lost) > 1 or len(gained) > 1 or not lost + gained:
            return None
        source, dest = (lost or [None])[0], (gained or [None])[0]
        # the new stack shows when the chips land
        if dest in self.wagers:
            self.wagers[dest].set_stacks(src.chips.get(dest, ()), dest == target.bank)
        elif dest == CENTRE:
            self.centre.set_stacks(src.chips.get(CENTRE, ()), bool(target.bank))
        self.flying.set_stacks((max(abs(d) for d in deltas.values()),), False)
        return eased(self.flying, b"pos", self._chips_place(dest), duration, self._chips_place(source))

    def _chips_place(self, key: str | None) -> QPointF:
        """Where chips stand: a seat's wagers, the centre of the layout, or (None) the tray."""
        if key == CENTRE:
            x, y, w, h = L.CENTRE_AREA
            return QPointF(x + w / 2, y + h * 3 / 4)
        if key is None:
            x, y, w, h = L.TRAY
            return QPointF(x + w / 2, y)
        return QPointF(*L.SPOTS[key].chips)

    def _tile_path(self, item: TileItem, a: Placement, b: Placement, duration: int, kind: str,
                   tid: int) -> QPropertyAnimation:
        """A tile's glide from ``a`` to ``b``: lifted in an arc when it travels, swirled in the mix."""
        start, end = self.tile_pos(a), self.tile_pos(b)
        anim = eased(item, b"pos", end, duration, start)
        if kind == "mix":
            # presentation only: two loops around the mixing area before settling on the engine's spot
            cx, cy = L.MIX_CENTER
            for k, frac in enumerate((0.25, 0.5, 0.75)):
                ang = (tid * 2.4 + k * 2.1) % (2 * math.pi)
                r = L.MIX_RADIUS * (0.35 + 0.55 * ((tid * 7 + k * 3) % 11) / 10)
                anim.setKeyValueAt(frac, QPointF(cx + r * math.cos(ang) * 1.3, cy + r * math.sin(ang) * 0.85))
            anim.setEasingCurve(QEasingCurve.Type.InOutSine)
            return anim
        dist = math.hypot(end.x() - start.x(), end.y() - start.y())
        lift = min(40.0, 0.15 * dist)
        if lift > 2:
            anim.setKeyValueAt(0.5, (start + end) / 2 - QPointF(0, lift))
        return anim

    def _roll_animation(self, src: Frame, target: Frame, duration: int) -> QSequentialAnimationGroup:
        """Close the shaker if open, rock it (at least three shakes, 621a.6(a)(2)), then lift the cover."""
        seq = QSequentialAnimationGroup()
        if src.shaker == "open":
            seq.addAnimation(eased(self.shaker, b"openness", 0.0, duration // 6))
        rock = QPropertyAnimation(self.shaker, b"rotation")
        rock.setDuration(duration * 3 // 5)
        rock.setStartValue(0.0)
        for k in range(1, 10):
            rock.setKeyValueAt(k / 10, 16.0 if k % 2 else -16.0)
        rock.setEndValue(0.0)
        rock.finished.connect(lambda: self._set_dice(target.dice, target.dice_colours))
        seq.addAnimation(rock)
        seq.addAnimation(eased(self.shaker, b"openness", 1.0, duration // 4))
        return seq

    def _count_animation(self, target: Frame, duration: int) -> QSequentialAnimationGroup:
        """Light each counted position in turn with its number (621a.6(c)): one tick per count."""
        seq = QSequentialAnimationGroup()
        per = max(1, duration // len(target.count_path))
        for number, key in enumerate(target.count_path, start=1):
            tick = QVariantAnimation()
            tick.setDuration(per)
            tick.setStartValue(0.0)
            tick.setEndValue(1.0)
            tick.valueChanged.connect(lambda v, k=key, n=number: self._count_tick(k, n, v))
            seq.addAnimation(tick)
        return seq

    def _count_tick(self, key: str, number: int, value: float) -> None:
        for k, glow in self.glows.items():
            if k == key:
                glow.set_badge(str(number))
                glow.glow = 0.4 + 0.6 * value
            elif glow.glow > 0:
                glow.glow = max(0.0, glow.glow - 0.12)
