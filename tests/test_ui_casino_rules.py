"""File → Casino rules… (issue 30): chosen from the keyboard, remembered, named in the status bar; the
drills and the dealer's seat follow the file; a bad file shows the engine's line and keeps the rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from trainer.ui import main_window as mw
from trainer.ui.casino_rules import SETTING
from trainer.ui.context import AppContext

HARBOR = Path(__file__).resolve().parents[1] / "docs" / "casino-rules" / "harbor.toml"


def started(qtbot, ctx: AppContext) -> mw.MainWindow:
    w = mw.MainWindow(ctx)
    qtbot.addWidget(w)
    w.show()
    w.finish_startup()
    qtbot.waitUntil(lambda: w._games_ready)
    return w


def choose_file_by_keyboard(qtbot, window: mw.MainWindow, path: Path) -> None:
    """Alt+F, R (Casino rules…), type the file's name in Qt's file dialog (open in its folder), Enter."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.menuBar(), Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    menu = window.menuBar().actions()[0].menu()
    qtbot.waitUntil(menu.isVisible)
    qtbot.keyClick(menu, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: getattr(window, "casino_dialog", None) is not None and window.casino_dialog.isVisible())
    edit = window.casino_dialog.findChild(QLineEdit, "fileNameEdit")
    edit.setFocus()
    assert Path(window.casino_dialog.directory().path()) == path.parent
    qtbot.keyClicks(edit, path.name)
    popup = edit.completer().popup() if edit.completer() else None
    if popup is not None and popup.isVisible():   # the file name's completions: Escape closes them
        qtbot.keyClick(popup, Qt.Key.Key_Escape)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.casino_dialog.isVisible())


def test_casino_rules_from_the_keyboard_are_followed_and_remembered(qtbot, tmp_path, monkeypatch) -> None:
    harbor = tmp_path / "harbor.toml"
    harbor.write_bytes(HARBOR.read_bytes())
    monkeypatch.chdir(tmp_path)   # the dialog opens in the working folder the first time
    window = started(qtbot, AppContext(profile="pa-2019"))
    choose_file_by_keyboard(qtbot, window, harbor)
    ctx = window.ctx
    assert ctx.casino is not None and ctx.casino.casino == "Harbor Training Casino"
    assert ctx.profile.name == "nj" and ctx.profile.default_house_way == ctx.casino.house_way.name
    assert window.statusBar().currentMessage().startswith("Casino rules: Harbor Training Casino (Harbor house way)")
    assert window.store.value(SETTING) == str(harbor) and window.regulation_action.isEnabled()

    # the house-way drill sets by the file and its prompt names the casino's way
    drills = window.show_screen("drills")
    questions = []
    drills.controller.questionReady.connect(questions.append)
    drills.controller.start("house-way", "practice", "")
    q = questions[-1]
    assert q.house_way == ctx.casino.house_way.name and "Harbor house way" in q.prompt
    assert q.answer == str(ctx.casino.decide(tuple(__import__("trainer.rules.paigow.tiles", fromlist=["x"])
                                                   .parse_tiles(q.data["tiles"]))).setting)
    # the dealer's seat deals by it
    dealer = window.show_screen("dealer")
    assert dealer.controller.round.spec.house_way == ctx.casino.house_way.name

    # a bad file: the engine's line in a dialog, the rules in force kept
    bad = tmp_path / "bad.toml"
    bad.write_text('[casino]\nname = "X"\njurisdiction = "nj"\n[[house_way.exception]]\ntiles = "1-2 2-4 4-6"\n'
                   'high = "1-2 2-4"\nrule = "r"\n')
    choose_file_by_keyboard(qtbot, window, bad)
    box = window.casino_error
    assert box.isVisible() and box.text() == f"{bad}:5: tiles: an exception names four tiles, not 3"
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert not box.isVisible() and ctx.casino.casino == "Harbor Training Casino"
    assert window.store.value(SETTING) == str(harbor)

    # remembered: the next start uses it
    window.save_state()
    again = started(qtbot, AppContext())
    assert again.ctx.casino is not None and again.ctx.casino.casino == "Harbor Training Casino"
    assert "Harbor Training Casino" in again.statusBar().currentMessage()
    # back to the regulation's rules
    again.regulation_action.trigger()
    assert again.ctx.casino is None and again.ctx.profile.default_house_way == "regulatory"
    assert again.store.value(SETTING) is None and not again.regulation_action.isEnabled()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_snapshot_names_the_casino_in_the_status_bar(qapp, tmp_path, theme) -> None:
    from trainer.ui.snapshot import render

    image = render(screen="drills", size=(1280, 720), theme=theme, profile="nj", casino_rules=str(HARBOR))
    assert (image.width(), image.height()) == (1280, 720)


def by_face(setting: str) -> list:
    """A setting's text ("6-6 4-5 / 1-3 2-3") as its two hands by face, in any order."""
    return sorted(sorted(hand.split()) for hand in setting.split(" / "))


def test_the_table_screen_sets_the_dealers_hand_by_the_casino_way(qtbot, trainee_ctx) -> None:
    """The Table screen's last step turns the dealer's tiles up set by the casino's way (621a.8(b); N.J.A.C.
    19:47-10.7(e)), its caption naming the casino's rule, or the section where the file leaves the hand to
    the regulation's steps; back to the regulation's rules, the regulation's way again."""
    from trainer.rules.casino import load_casino
    from trainer.rules.paigow.house_way import set_by_house_way
    from trainer.rules.paigow.tiles import TILE_SET

    harbor = load_casino(str(HARBOR))
    window = started(qtbot, trainee_ctx)
    assert window.open_casino_rules(str(HARBOR))
    table = window.show_screen("table")
    ruled = departed = 0
    for seed in range(1, 41):
        table.configure(seed=seed)
        last = table.primary.player.timeline.steps[-1]
        tiles = [TILE_SET[i] for i in sorted(last.frame.moving)]
        decided = harbor.decide(tiles)
        shown = last.caption.split("): ", 1)[1].split(";")[0]   # "high / low" as the caption writes it
        assert "set by the Harbor house way (" in last.caption and by_face(shown) == by_face(str(decided.setting))
        if decided.label:
            ruled += 1
            assert decided.label.rstrip(".") in last.caption
        else:
            assert "(N.J.A.C. 19:47-10.7(d)" in last.caption
        departed += str(decided.setting) != str(set_by_house_way(tiles).setting)
    assert ruled and departed and ruled < 40
    window._drop_casino_rules()
    table.configure(seed=1)
    last = table.primary.player.timeline.steps[-1]
    assert "set by the house way (N.J.A.C. 19:47-10.7(d)" in last.caption and "Harbor" not in last.caption


def test_an_exam_in_the_app_is_on_the_casino_rules_in_force(qtbot, trainee_ctx) -> None:
    """The Exam screen's exam names the casino's rules (their SHA-256): its house-way questions are on the
    casino's way, and the stored exam is built again on them."""
    from trainer.drills.exam import ExamSpec, build_exam

    window = started(qtbot, trainee_ctx)
    assert window.open_casino_rules(str(HARBOR))
    screen = window.show_screen("exam")
    form = screen.setup
    qtbot.mouseClick(form.none_button, Qt.MouseButton.LeftButton)
    for i in range(form.skills.count()):
        item = form.skills.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == "house-way":
            item.setCheckState(Qt.CheckState.Checked)
    form.length.setValue(3)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(form.start_button, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert screen.session is not None, form.error.text()
    spec = screen.session.exam.spec
    assert spec.casino == window.ctx.casino.digest and spec.profile == "nj"
    assert all(q.casino == spec.casino and "Harbor house way" in q.prompt for q in screen.session.exam.questions)
    assert build_exam(ExamSpec.from_dict(spec.to_dict())).questions == screen.session.exam.questions


@pytest.mark.parametrize("special", ["fifo", "/dev/urandom", "/dev/zero"])
def test_a_remembered_file_that_became_a_fifo_or_a_device_never_freezes_the_start(qtbot, tmp_path, special) -> None:
    """Issue 39: a remembered casino file is read only if it is a regular file under the size limit."""
    import os

    path = tmp_path / "rules.toml" if special == "fifo" else Path(special)
    if special == "fifo":
        os.mkfifo(path)
    first = started(qtbot, AppContext())
    first.store.setValue(SETTING, str(path))
    first.store.sync()
    again = started(qtbot, AppContext())
    assert again.ctx.casino is None
    assert again.statusBar().currentMessage() == (f"Casino rules not loaded: {path}: it is not a regular file "
                                                  "(a pipe or a device): give the casino's Rules Submission (.toml)")
