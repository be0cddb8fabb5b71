"""Side wagers have spots of their own with their own amounts (issue 29, goal 6), both games.

Pai Gow (pa-2019 offers Pair Fortunes and the dice wagers Sum, Match and Beat It, 621a.5, 621a.11):
every betting circle has a spot per side wager, named as a dealer abbreviates it; a seat's side
wager stands on its own spot with its own amount, never merged into the Pai Gow Wager's chips.
Baccarat (631a): a side wager's chips on its own area carry their amount, as the main wagers' do.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from trainer.drills.paigow.dealer_round import RoundSpec, play_spec, playable
from trainer.rules.money import format_cents
from trainer.rules.paigow.players import PAI_GOW, SIDE_KEYS
from trainer.rules.paigow.profiles import profile_named
from trainer.ui.paigow import table_layout as L
from trainer.ui.paigow.round_frames import round_table
from trainer.ui.paigow.table_scene import TableScene


def _amount(cents: int) -> str:
    return format_cents(cents).replace(".00", "")


def _round_with_side_wagers():
    """A pa-2019 round in which at least two seats make side wagers, and the frame once all have wagered."""
    for seed in range(1, 60):
        played = play_spec(playable(RoundSpec(seed=seed, profile="pa-2019", players=6)))
        sides = {str(p.position): {k: c for k, c in p.wagers.items() if k != PAI_GOW}
                 for p in played.positions if any(k != PAI_GOW for k in p.wagers)}
        if len(sides) >= 2:
            timeline = round_table(played).timeline
            wagered = max(k for k, s in enumerate(played.steps, 1) if s.action == "wager")
            return played, sides, timeline.frame_at(wagered)
    raise AssertionError("no pa-2019 round with side wagers at two seats in 60 seeds")


def test_each_pai_gow_side_wager_stands_on_its_own_spot_with_its_own_amount(qtbot):
    played, sides, frame = _round_with_side_wagers()
    scene = TableScene("light")
    scene.show_frame(frame)
    offered = tuple(SIDE_KEYS[w] for w in profile_named("pa-2019").side_wagers)
    for seat, item in scene.side_spots.items():
        # every seat has a spot per side wager offered, each its own place and name
        assert item.isVisible() and [k for k, _ in item.spots()] == list(offered)
        centres = {(round(c.x()), round(c.y())) for _, c in item.spots()}
        assert len(centres) == len(offered)
        for wager, _ in item.spots():
            made = sides.get(seat, {}).get(wager)
            name = L.SIDE_NAMES[wager][1][0]
            assert item.text(wager) == (f"{name}\n{_amount(made)}" if made else name), (seat, wager)
        # the Pai Gow Wager's chips are its own amount alone
        main = played.position(seat).wagers.get(PAI_GOW) if seat in {str(p.position) for p in played.positions} \
            else None
        assert scene.wagers[seat].stacks == ((main,) if main else ()), seat


def test_a_side_wager_leaves_its_spot_when_collected_and_is_paid_on_it():
    """Each side wager's chip movement (621a.11): a losing one's chips leave its own spot, a winning
    one's payment stands on its own spot beside the wager; the Pai Gow Wager's chips are not touched."""
    found = {"losing": 0, "winning": 0}
    for seed in range(1, 40):
        played = play_spec(playable(RoundSpec(seed=seed, profile="pa-2019", players=6)))
        timeline = round_table(played).timeline
        moves = iter(played.chips)
        for k, step in enumerate(played.steps):
            move = next(moves) if step.action == "chips" else None
            if move is None or not move.why.startswith(("losing", "winning")) or "Pai Gow" in move.why:
                continue
            seat = move.source if move.why.startswith("losing") else move.target
            wager = next(key for key, (name, _) in L.SIDE_NAMES.items() if move.why.split(" Wager")[0].endswith(name))
            before, after = timeline.frame_at(k), timeline.frame_at(k + 1)
            made = before.side[seat][wager][0]
            if move.why.startswith("losing"):
                assert wager not in after.side.get(seat, {}) and made == move.cents, (seed, move)
            else:
                assert after.side[seat][wager] == (made, move.cents), (seed, move)
            assert after.chips.get(seat) == before.chips.get(seat), (seed, move)
            found[move.why.split()[0]] += 1
    assert found["losing"] and found["winning"], found


def test_a_profile_without_side_wagers_draws_no_side_spot(qtbot):
    played = play_spec(playable(RoundSpec(seed=3, profile="nj", players=6)))
    scene = TableScene("light")
    scene.show_frame(round_table(played).timeline.frame_at(len(played.steps)))
    assert not any(item.isVisible() for item in scene.side_spots.values())


def _disc(x: float, y: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(x, y), r, r)
    return path


def _box(rect: tuple[float, float, float, float]) -> QPainterPath:
    path = QPainterPath()
    path.addRect(QRectF(*rect))
    return path


def test_side_spots_cover_no_circle_spot_chips_or_each_other():
    """Four side spots a seat (pa-2019): clear of every numbered circle, landing spot, the dice and every other
    side spot, and inside the scene (the seats' chips keep clear of them: test_ui_fit.py)."""
    fixed = [_disc(*s.circle, L.CIRCLE_RADIUS) for s in L.SPOTS.values() if s.circle]
    dice = (*L.DICE_SPOT, 2 * L.DICE_SIZE + 30, 2 * L.DICE_SIZE + 16)
    fixed += [_box(s.rect()) for s in L.SPOTS.values()] + [_box(dice)]
    sides = [_disc(x, y, L.SIDE_R) for k in range(1, 7) for x, y in L.side_spots(f"seat{k}", 4)]
    scene = QRectF(0, 0, L.SCENE_W, L.SCENE_H)
    for n, disc in enumerate(sides):
        assert scene.contains(disc.boundingRect())
        assert [o for o in fixed + sides[:n] + sides[n + 1:] if disc.intersects(o)] == [], n


@pytest.mark.parametrize("cents", [500, 2500, 100000])
def test_baccarat_side_wager_chips_carry_their_amount(qtbot, cents):
    from trainer.rules.baccarat.profiles import profile_named as baccarat_profile
    from trainer.ui.baccarat.table_scene import BaccaratScene, Frame
    from trainer.ui.baccarat.timeline import layout_for, odds_lines

    profile = baccarat_profile("pa-631a")
    layout = layout_for(profile)
    scene = BaccaratScene("light", layout, odds_lines(profile))
    side = {key: cents + 25 * n for n, (key, cell) in enumerate(layout.cells.items())
            if cell.wager not in (None, "banker", "player", "tie")}
    assert side, "pa-631a's table offers side wagers"
    scene.show_frame(Frame(chips=side))
    for key, want in side.items():
        stack = scene.stacks[key]
        assert stack.isVisible() and stack.amount() == _amount(want), key
        tag = stack.mapToScene(stack.tag_rect()).boundingRect()
        assert stack.mapToScene(QRectF(stack.boundingRect())).boundingRect().contains(tag)
