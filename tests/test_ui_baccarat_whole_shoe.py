"""Baccarat's Table screen deals a whole shoe (issue 31), driven with the keyboard alone: to the cover card,
"last hand", one more hand and the change of decks (631a.10(d)), the seated players at their seats and the
commission box filling and emptied when collected (631a.13(d)(2))."""

from __future__ import annotations

from PySide6.QtCore import Qt

from trainer.ui.baccarat.table_screen import BaccaratTableScreen
from trainer.ui.paigow.player import INSTANT

CTX_SEED = 1  # shoe 1: players leave owing commission, and seat 3 still owes at the change of decks


def test_a_whole_shoe_runs_to_the_change_of_decks_and_the_box_is_emptied(qtbot, shown, trainee_ctx):
    widget = shown(BaccaratTableScreen(trainee_ctx))
    view, player, scene = widget.pane.view, widget.player, widget.pane.scene
    five = len(player)
    qtbot.keyClick(view, Qt.Key.Key_W)                                  # Whole shoe
    assert widget.whole.isChecked() and not widget.rounds.isEnabled() and len(player) > 10 * five
    widget.variant.setFocus()
    for _ in range(2):                                                  # profile's table -> vig marker
        qtbot.keyClick(widget.variant, Qt.Key.Key_Down)
    assert widget.variant.currentText() == "vig marker" and scene.layout.vig_boxes
    view.setFocus()
    for _ in range(4):                                                  # 1x -> 16x
        qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert widget.speed.currentText() == "16×" and player.speed == 16.0
    steps = player.timeline.steps
    # the seated players are drawn at their seats from the start
    assert {s for s, item in scene.players.items() if item.isVisible()} == set(player.timeline.frame_at(0).seated)
    assert len(player.timeline.frame_at(0).seated) == 5

    qtbot.keyClick(view, Qt.Key.Key_Return)                             # play, fast
    qtbot.waitUntil(lambda: player.index >= 4, timeout=15_000)
    assert player.playing and not player.at_end
    said: list[tuple[str, str]] = []
    player.captionChanged.connect(lambda caption, citation: said.append((caption, citation)))
    qtbot.keyClick(view, Qt.Key.Key_Plus)                               # 16x -> instant: to the end
    assert player.speed == INSTANT and player.at_end
    captions = [c for c, _ in said]
    cover = captions.index("The cover card: it goes to the side and this hand is completed.")
    last = captions.index("Last hand.")
    change = captions.index("Change of decks: the cards are replaced with new decks.")
    collected = [i for i, c in enumerate(captions) if c.endswith("commission before the new shoe.")]
    assert cover < last < change < collected[0] and collected[-1] == len(captions) - 1
    assert said[last][1] == "631a.10(d)" and said[change][1] == "631a.10(d), 631a.3(b)"
    assert {said[i][1] for i in collected} == {"631a.13(d)(2)(i)"}
    # exactly one hand between "last hand" and the change of decks
    assert sum(c == "No more bets." for c in captions[last:change]) == 1

    # the box filled during the shoe, and is empty at the end: no marker button left on the layout
    peak = max(range(len(steps)), key=lambda i: sum(steps[i].frame.markers.values()))
    assert sum(steps[peak].frame.markers.values()) > 0
    end = player.timeline.frame_at(len(player))
    assert end.markers == {} and not any(item.isVisible() for item in scene.markers.values())
    assert {s for s, item in scene.players.items() if item.isVisible()} == set(end.seated) != set()

    # stepping with Space: back to the busiest moment of the box, its markers shown with their amounts
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert player.index == 0
    player.goto(peak)
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert player.index == peak + 1
    shown_markers = {s: m.cents for s, m in scene.markers.items() if m.isVisible()}
    assert shown_markers == steps[peak].frame.markers


def test_a_player_who_leaves_pays_his_box_and_his_seat_empties(qtbot, shown, trainee_ctx):
    widget = shown(BaccaratTableScreen(trainee_ctx))
    widget.variant.setCurrentIndex(widget.variant.findText("vig marker"))
    qtbot.keyClick(widget.pane.view, Qt.Key.Key_W)
    steps = widget.player.timeline.steps
    leaves = [i for i, s in enumerate(steps) if s.kind == "leave"]
    paid = [i for i in leaves if steps[i - 1].caption.endswith("as the player leaves the table.")]
    assert paid, "shoe 1 has a player who leaves owing commission"
    i = paid[0]
    seat = int(steps[i].caption.split()[1])
    before = steps[i - 2].frame
    assert before.markers.get(seat) and seat in before.seated
    assert seat not in steps[i - 1].frame.markers and seat in steps[i - 1].frame.seated   # collected first
    assert seat not in steps[i].frame.seated                                             # then he leaves
    assert steps[i - 1].citation == "631a.13(d)(2)(i)"
    widget.player.goto(i + 1)
    assert not widget.pane.scene.players[seat].isVisible()
    assert seat not in widget.pane.scene.markers or not widget.pane.scene.markers[seat].isVisible()


def test_snapshot_whole_shoe_options_go_with_baccarats_table_only(capsys, tmp_path):
    from trainer.cli import main

    out = tmp_path / "x.png"
    assert main(["snapshot", "--game", "paigow", "--screen", "table", "--whole-shoe", "--out", str(out)]) == 2
    assert "--whole-shoe go with --game baccarat --screen table" in capsys.readouterr().err
    assert not out.exists()


def test_the_captions_title_reads_the_commission_box(qtbot, shown, trainee_ctx):
    """The markers' amounts are small on the felt at 1280x720: the caption's title reads the box out."""
    widget = shown(BaccaratTableScreen(trainee_ctx))
    qtbot.keyClick(widget.pane.view, Qt.Key.Key_W)
    assert "commission box" not in widget.pane.caption.title.text()            # vigorish at payout: no box
    widget.variant.setCurrentIndex(widget.variant.findText("vig marker"))
    steps = widget.player.timeline.steps
    i = next(i for i, s in enumerate(steps) if s.kind == "mark")
    widget.player.goto(i + 1)
    owed = steps[i].frame.markers
    words = ", ".join(f"seat {s} ${c // 100}.{c % 100:02d}" for s, c in sorted(owed.items()))
    assert widget.pane.caption.title.text().endswith(f"commission box: {words}")
    widget.player.to_end()
    assert widget.pane.caption.title.text().endswith("commission box: empty")


def test_whole_shoe_and_its_speed_are_remembered_between_sessions(qtbot, trainee_ctx, tmp_path):
    from PySide6.QtCore import QSettings

    from trainer.ui import main_window as mw

    def table(store):
        window = mw.MainWindow(trainee_ctx, store)
        qtbot.addWidget(window)
        window.show()
        window.finish_startup()
        trainee_ctx.set_game("baccarat")
        return window, window.show_screen("table")

    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window, screen = table(store)
    assert not screen.whole.isChecked() and screen.player.speed == 1.0
    qtbot.keyClick(screen.pane.view, Qt.Key.Key_W)
    for _ in range(3):
        qtbot.keyClick(screen.pane.view, Qt.Key.Key_Plus)
    window.close()
    store.sync()
    again = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    _, screen = table(again)
    assert screen.whole.isChecked() and screen.player.speed == 8.0 and screen.speed.currentText() == "8×"
    assert len(screen.player) > 1000                                     # the whole shoe, dealt again
