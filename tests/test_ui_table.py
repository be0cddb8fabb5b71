"""The animated table: every style ends with each position holding exactly the engine's tiles."""

from __future__ import annotations

import pytest

from trainer.rules.paigow.positions import Position
from trainer.rules.paigow.profiles import ALL_STYLES
from trainer.ui.paigow import table_layout as L
from trainer.ui.paigow.player import INSTANT, Player
from trainer.ui.paigow.table_scene import TableScene
from trainer.ui.paigow.timeline import RoundChoice, build_timeline, plan_for


def _setup(style: str, prelude: bool = True, seed: int = 7, dice: str = "3,2,4"):
    plan = plan_for(RoundChoice(style=style, seed=seed, dice=dice))
    timeline = build_timeline(plan, prelude=prelude)
    scene = TableScene("light")
    player = Player(scene, timeline)
    captions: list[str] = []
    player.captionChanged.connect(lambda caption, _citation: captions.append(caption))
    return plan, timeline, scene, player, captions


def _tiles_at_spots(scene: TableScene) -> dict[str, set[int]]:
    """Which tile items lie inside each position's spot on the drawn table."""
    found: dict[str, set[int]] = {key: set() for key in L.SPOTS}
    for tid, item in scene.tiles.items():
        for key, spot in L.SPOTS.items():
            x, y, w, h = spot.rect()
            if item.isVisible() and x <= item.pos().x() <= x + w and y <= item.pos().y() <= y + h:
                found[key].add(tid)
    return found


def _assert_shows(scene: TableScene, frame) -> None:
    for tid, item in scene.tiles.items():
        want = frame.tiles[tid].scene_pos()
        assert abs(item.pos().x() - want.x()) < 1e-6 and abs(item.pos().y() - want.y()) < 1e-6, tid
        assert item.rotation() == frame.tiles[tid].rotation


def _plan_captions(captions: list[str], plan) -> list[str]:
    wanted = {m.caption for m in plan.moves}
    return [c for c in captions if c in wanted]


@pytest.mark.parametrize("style", ALL_STYLES)
def test_every_style_lands_each_delivery_at_its_position(qtbot, style):
    plan, timeline, scene, player, captions = _setup(style)
    player.set_speed(INSTANT)
    with qtbot.waitSignal(player.finished, timeout=5000):
        player.play()
    assert player.at_end
    spots = _tiles_at_spots(scene)
    for delivery in plan.deliveries:
        assert spots[str(delivery.position)] == set(delivery.tiles), delivery
    # the engine's own final state agrees, tile by tile
    final = plan.final_state()
    for delivery in plan.deliveries:
        assert set(final.at(delivery.position)) == set(delivery.tiles)
    offset = timeline.plan_offset
    assert captions[offset:offset + len(plan.moves)] == [m.caption for m in plan.moves]
    assert [s.caption for s in timeline.steps if s.from_plan] == [m.caption for m in plan.moves]
    assert [s.citation for s in timeline.steps if s.from_plan] == [m.citation for m in plan.moves]
    # the marker lies on the dealer's tiles (621a.6(d)) once they are dealt
    player.goto(timeline.index_after_move(len(plan.moves)))
    assert scene.marker.isVisible()
    assert _tiles_at_spots(scene)["dealer"] == set(plan.delivery_to(Position.DEALER).tiles)


@pytest.mark.parametrize("style", ALL_STYLES)
def test_stepping_back_restores_each_previous_state(qtbot, style):
    plan, timeline, scene, player, _ = _setup(style, prelude=False)
    player.set_speed(INSTANT)
    player.to_end()
    _assert_shows(scene, timeline.frame_at(len(timeline)))
    for index in range(len(timeline) - 1, -1, -1):
        player.step_back()
        assert player.index == index
        _assert_shows(scene, timeline.frame_at(index))
    player.step_back()  # nothing before the start
    assert player.index == 0


@pytest.mark.parametrize("style", ["jung-quat", "pin-say-left", "dragon-phoenix-right"])
def test_animated_play_ends_in_the_same_places(qtbot, style):
    plan, timeline, scene, player, captions = _setup(style, seed=11, dice="6,6,5")
    player.set_speed(80.0)  # real animations, just very fast
    with qtbot.waitSignal(player.finished, timeout=20000):
        player.play()
    _assert_shows(scene, timeline.frame_at(len(timeline)))
    spots = _tiles_at_spots(scene)
    for delivery in plan.deliveries:
        assert spots[str(delivery.position)] == set(delivery.tiles)
    assert _plan_captions(captions, plan) == [m.caption for m in plan.moves]


def test_pause_step_and_speed(qtbot):
    plan, timeline, scene, player, captions = _setup("cup-say-right")
    player.set_speed(4.0)
    player.play()
    assert player.animating and player.playing
    player.pause()
    assert not player.playing
    paused_at = player.index
    player.step_forward()  # completes the step in progress
    assert not player.animating and player.index == paused_at + 1
    _assert_shows(scene, timeline.frame_at(player.index))
    player.step_forward()  # one more, animated
    assert player.animating
    with qtbot.waitSignal(player.stepChanged, timeout=5000):
        pass
    assert player.index == paused_at + 2
    player.step_back()
    assert player.index == paused_at + 1
    player.slower()
    assert player.speed == 2.0
    for _ in range(4):
        player.faster()
    assert player.speed == INSTANT
    player.replay()
    assert player.at_end
    assert player.caption() == (timeline.steps[-1].caption, timeline.steps[-1].citation)


def test_count_and_roll_steps_show_dice_and_start(qtbot):
    plan, timeline, scene, player, _ = _setup("house-way-right", prelude=False, dice="4,4,4")
    kinds = [s.kind for s in timeline.steps]
    roll, count = kinds.index("roll") + 1, kinds.index("count") + 1
    player.goto(roll)
    assert [d.value for d in scene.dice if d.isVisible()] == [4, 4, 4]
    player.goto(count)
    start = str(plan.start)
    assert scene.glows[start].glow == 1.0 and scene.glows[start].badge == "12"
    assert timeline.steps[count - 1].frame.count_path[-1] == start
    assert len(timeline.steps[count - 1].frame.count_path) == 12


def test_rng_number_is_shown_without_dice(qtbot):
    plan, timeline, scene, player, _ = _setup("chee-yee", prelude=False, dice="9")
    player.to_end()
    assert not any(d.isVisible() for d in scene.dice)
    assert scene.number.isVisible() and scene.number.text == "9"
    assert str(plan.start) == "dealer"


def test_mixing_and_stacking_come_from_the_engine(qtbot):
    plan, timeline, scene, player, _ = _setup("pin-say-right")
    assert timeline.plan_offset == 5  # the mix, then four double pick-ups (621a.4(d))
    assert timeline.steps[0].kind == "mix" and timeline.steps[0].move is None
    assert all(s.move is not None for s in timeline.steps[1:-1])  # the last: the dealer's hand exposed
    player.goto(timeline.plan_offset)
    labels = {name: item.pos().x() for name, item in scene.stack_labels.items() if item.isVisible()}
    assert sorted(labels, key=labels.get, reverse=True) == [f"S{k}" for k in range(1, 9)]  # S1 at the right


def test_dealer_hand_is_exposed_high_vertical_low_across(qtbot):
    from trainer.rules.paigow.house_way import set_by_house_way
    from trainer.rules.paigow.tiles import TILE_SET

    plan, timeline, scene, player, _ = _setup("chee-yee", prelude=False)
    last = timeline.steps[-1]
    assert last.kind == "expose" and not last.from_plan and last.citation == "621a.8(c)"
    player.to_end()
    ids = plan.delivery_to(Position.DEALER).tiles
    decision = set_by_house_way([TILE_SET[i] for i in ids])
    assert str(decision.setting) in last.caption
    turned = sorted(str(TILE_SET[i]) for i in ids if scene.tiles[i].rotation() == 90.0)
    assert turned == sorted(str(t) for t in decision.setting.low.tiles)
    assert all(scene.tiles[i].face_up for i in ids)


def test_reveal_and_tooltips(qtbot):
    plan, timeline, scene, player, _ = _setup("house-way-left", prelude=False)
    item = scene.tiles[0]
    assert "face down" in item.toolTip()
    scene.set_reveal(True)
    assert item.tile.name in item.toolTip() and item.tile.chinese_name in item.toolTip()


def test_side_by_side_plans_share_woodpile_and_dice():
    choice = RoundChoice(style="jung-quat", seed=5)
    a, b = plan_for(choice), plan_for(choice, "chee-yee")
    assert a.stacked == b.stacked and a.roll == b.roll
    # spec D7: chee yee is jung quat with its pairs in reverse order
    pairs = [sorted(d.tiles) for d in a.deliveries]
    assert [sorted(d.tiles) for d in b.deliveries] == pairs[6:8] + pairs[4:6] + pairs[2:4] + pairs[0:2]


def _render(scene: TableScene, rect):
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#000000"))
    p = QPainter(image)
    scene.render(p, image.rect().toRectF(), rect)
    p.end()
    return image


def test_a_moving_tile_is_outlined_from_the_cached_ring_and_drawn_without_qts_item_cache(qtbot):
    """Tiles blit their cached art themselves (Qt's item cache would repaint a moving tile at every
    fractional pixel); the outline of the tiles moving is the theme's glow colour around the tile."""
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QGraphicsItem

    _, timeline, scene, player, _ = _setup("house-way-right", prelude=False)
    tile = scene.tiles[0]
    assert tile.cacheMode() == QGraphicsItem.CacheMode.NoCache
    box = tile.sceneBoundingRect()
    plain = _render(scene, box)
    tile.set_glow(True)
    ringed = _render(scene, box)
    glow = QColor(scene.theme.move_glow)
    edge = [ringed.pixelColor(x, y) for x in range(ringed.width()) for y in (1, 2, 3)]
    assert any(abs(c.red() - glow.red()) + abs(c.green() - glow.green()) + abs(c.blue() - glow.blue()) < 40
               for c in edge)
    centre = (ringed.width() // 2, ringed.height() // 2)
    assert ringed.pixelColor(*centre) == plain.pixelColor(*centre)  # the face itself untouched


def test_a_glow_covers_only_its_pen_until_it_has_a_badge(qtbot):
    """A highlight's repainted area (its bounding rect) is its spot and pen; a badge (a count) adds
    the room it may need at a large text size."""
    scene = TableScene("light")
    glow = scene.glows["dealer"]
    small = glow.boundingRect()
    glow.set_badge("7")
    assert glow.boundingRect().contains(small) and glow.boundingRect().width() > small.width() + 100
    glow.set_badge("")
    assert glow.boundingRect() == small


def test_showing_the_frame_shown_again_repaints_nothing(qtbot):
    """A step's end puts every item in its place: what did not change is not repainted (bench_frames)."""
    _, timeline, scene, player, _ = _setup("jung-quat", prelude=False)
    changes: list = []
    scene.changed.connect(changes.append)
    for index in (0, 4, len(timeline.steps)):
        scene.show_frame(timeline.frame_at(index))
        qtbot.wait(20)  # (the scene reports its changes from the event loop)
        changes.clear()
        scene.show_frame(timeline.frame_at(index))
        qtbot.wait(20)
        assert [r for rects in changes for r in rects] == [], index
