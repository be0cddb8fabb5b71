"""Issue 30, "shared by a school", in the app: a trainee of a class whose instructor published a casino's
rules trains on them from start-up (the status bar names the casino); another trainee does not; a file
chosen on this PC (File → Casino rules…) wins."""

from __future__ import annotations


from trainer.progress import school
from trainer.ui import main_window as mw
from trainer.ui.casino_rules import SETTING
from trainer.ui.progress_link import shared_store
from tests.test_ui_casino_rules import HARBOR, started



def _morning(ctx) -> None:
    store = shared_store(ctx)
    store.create_trainee("Bo")
    group = school.create_class(store, "Morning", "Ms Lee", "hunter2")
    school.add_trainees(store, "Morning", ["Ana"])
    school.publish_rules(store, group, "harbor.toml", HARBOR.read_bytes())


def test_a_class_members_app_trains_on_the_published_rules(qtbot, trainee_ctx) -> None:
    _morning(trainee_ctx)
    window = started(qtbot, trainee_ctx)
    ctx = window.ctx
    qtbot.waitUntil(lambda: ctx.casino is not None)
    assert ctx.casino.casino == "Harbor Training Casino" and ctx.profile.name == "nj"
    assert ctx.profile.default_house_way == ctx.casino.house_way.name
    assert window.statusBar().currentMessage().startswith("Casino rules: Harbor Training Casino (Harbor house way)")
    ctx.set_trainee("Bo")   # not in the class: the regulation's rules again
    assert ctx.casino is None and ctx.profile.name == "nj" and ctx.profile.default_house_way != "casino"
    assert "Harbor" not in window.statusBar().currentMessage()
    ctx.set_trainee("Ana")
    assert ctx.casino is not None and ctx.casino.casino == "Harbor Training Casino"
    school.clear_rules(shared_store(ctx), school.school_class(shared_store(ctx), "Morning"))
    ctx.set_trainee("Ana")
    assert ctx.casino is None


def test_a_file_chosen_on_this_pc_wins_over_the_class(qtbot, trainee_ctx, tmp_path) -> None:
    _morning(trainee_ctx)
    own = tmp_path / "own.toml"
    own.write_text('[casino]\nname = "Own Casino"\njurisdiction = "pa-2019"\n')
    window = mw.MainWindow(trainee_ctx)
    window.store.setValue(SETTING, str(own))
    qtbot.addWidget(window)
    window.show()
    window.finish_startup()
    qtbot.waitUntil(lambda: window._games_ready and window.ctx.casino is not None)
    assert window.ctx.casino.casino == "Own Casino"
    window.ctx.set_trainee("Ana")
    assert window.ctx.casino.casino == "Own Casino"


def test_rules_published_meanwhile_reach_the_app_without_a_restart(qtbot, trainee_ctx) -> None:
    """Opening the Drills screen (Ctrl+2, from the keyboard) or the app coming back into focus checks the
    class's rules' SHA-256: an instructor's new rules are in force, and rules taken away are dropped."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    store = shared_store(trainee_ctx)
    group = school.create_class(store, "Morning", "Ms Lee", "hunter2")
    school.add_trainees(store, "Morning", ["Ana"])
    window = started(qtbot, trainee_ctx)
    assert window.ctx.casino is None
    school.publish_rules(store, group, "harbor.toml", HARBOR.read_bytes())   # the instructor, meanwhile
    window.show_screen("progress")
    assert window.ctx.casino is None   # another screen: no check
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.current_screen(), Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.current_key == "drills")
    assert window.ctx.casino is not None and window.ctx.casino.casino == "Harbor Training Casino"
    assert window.statusBar().currentMessage().startswith("Casino rules: Harbor Training Casino")
    school.clear_rules(store, group)
    QApplication.instance().applicationStateChanged.emit(Qt.ApplicationState.ApplicationActive)
    assert window.ctx.casino is None and "Harbor" not in window.statusBar().currentMessage()
