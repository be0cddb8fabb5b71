"""The presenter window mirrors the laptop (issue 40, item 8): the shoe as the laptop shows it, a drill
question with its choices, the Learn page at 1280x720 Projector, a live quiz already running when it
opens. Real windows (pytest-qt), offscreen."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor

from tests.test_ui_fit import sized_window  # noqa: F401 - a fixture
from trainer.ui import main_window as mw
from trainer.ui.context import AppContext
from trainer.ui.presenter import panes_of

#: The shoe's gauge: the cards still in it (``ShoeItem.paint``).
GAUGE = QColor("#a3122a")


def gauge_share(view, item) -> float:
    """The gauge's red drawn for ``item`` in ``view`` (as on screen), per unit of scene area."""
    rect = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
    image = view.viewport().grab(rect).toImage()
    red = sum(image.pixelColor(x, y) == GAUGE for y in range(image.height()) for x in range(image.width()))
    return red / view.transform().m11() ** 2


def test_the_projectors_shoe_holds_the_cards_the_laptops_does_step_by_step(qtbot, tmp_path):
    """Qt keeps one drawing of a table item per view but one "changed" mark per item: the laptop's
    view drew first and cleared it, so the projector showed the shoe empty (0 cards) while the laptop
    showed it loaded (416), and after Reveal too."""
    window = mw.MainWindow(AppContext(seed=3), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    window.finish_startup()
    window.ctx.set_game("baccarat")
    pane = panes_of(window.show_screen("baccarat-table"))[0]
    presenter = window.present(None)
    presenter.resize(1280, 720)
    qtbot.wait(50)
    mirror = presenter.mirrors[0]
    load = next(i for i, step in enumerate(pane.player.timeline.steps, 1) if step.kind == "load")
    window.hide_answers_action.setChecked(True)
    pane.player.goto(load - 1)
    qtbot.wait(50)
    pane.player.step_forward()  # the shoe is loaded: held back on the projector, revealed as it plays
    qtbot.wait(100)
    assert mirror.is_frozen
    window.reveal_action.trigger()
    qtbot.waitUntil(lambda: not pane.player.animating, timeout=10000)
    qtbot.wait(100)
    assert pane.scene.shoe.left >= 416
    laptop, shown = gauge_share(pane.view, pane.scene.shoe), gauge_share(mirror.view, pane.scene.shoe)
    assert laptop > 1000 and abs(laptop - shown) <= 0.15 * laptop, (laptop, shown)


def test_a_drill_question_is_shown_to_the_class_with_its_choices_then_its_answer_on_reveal(qtbot, tmp_path, trainee_ctx):
    """Ordinary drill questions were shown without their choices (issue 40, item 8): the question, large,
    and its choices numbered as on the trainee's list; with the answers hidden, its answer waits for
    Reveal even once the trainee has answered."""
    from PySide6.QtCore import Qt

    from trainer.ui.presenter import HIDDEN

    window = mw.MainWindow(trainee_ctx, QSettings(str(tmp_path / "state.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    window.finish_startup()

    drills = window.show_screen("drills")
    presenter = window.present(None)
    window.hide_answers_action.setChecked(True)
    drills.select_skill("tile-compare")
    qtbot.keyClick(drills.welcome, Qt.Key.Key_Return)
    q = drills.controller.session.current
    asked = presenter.asked
    assert asked.isVisible() and not presenter.elsewhere.isVisible()
    assert asked.question.prompt.text() == drills.question.prompt.text()
    buttons = [b.text() for b in drills.answers.choices.buttons]
    assert len(buttons) >= 2 and asked.choices.text().replace("&nbsp;", " ").split("<br>") == buttons  # "1   Teen", "2   Day", ...
    assert HIDDEN in asked.answer.text()
    qtbot.keyClick(drills.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert HIDDEN in asked.answer.text() and f"Answer: {q.answer}" not in asked.answer.text()
    window.reveal_action.trigger()
    assert asked.answer.text() == f"Answer: {q.answer}"
    qtbot.keyClick(drills.feedback, Qt.Key.Key_Space)  # the next question: its answer held back again
    assert HIDDEN in asked.answer.text()
    window.hide_answers_action.setChecked(False)
    q = drills.controller.session.current
    assert asked.question.prompt.text() == drills.question.prompt.text()
    assert not asked.answer.isVisible()  # answers not hidden: none until answered
    qtbot.keyClick(drills.answers.choices, Qt.Key.Key_1 + q.choices.index(q.answer))
    assert asked.answer.text() == f"Answer: {q.answer}"  # shown once answered
    window.show_screen("progress")  # no question on screen: the screen's name again
    assert presenter.elsewhere.isVisible() and not asked.isVisible()


def test_table_1_keeps_its_9_column_on_a_1280x720_projector(qtbot, sized_window):
    """The projected Learn page was cut at the right: Baccarat's Table 1 lost its "9" column at
    1280x720 Projector. Every part of every Baccarat Learn page lies inside the projector's width, the
    text still projector-sized."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication, QLabel, QWidget

    window = sized_window("projector", profile="pa-631a")
    learn = window.show_screen("learn")
    presenter = window.present(None)
    presenter.resize(1280, 720)
    mirror = presenter.learn
    for i in range(learn.pages.count()):
        learn.show_family(learn.pages.itemData(i))
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        content, width = mirror.widget(), mirror.viewport().width()
        past = [part for part in content.findChildren(QWidget) if part.isVisibleTo(content)
                and (part.mapTo(content, part.rect().topRight()).x() > width
                     or part.width() < part.minimumSizeHint().width())]  # (past the edge, or squeezed)
        assert not past, (mirror.title, past)
        if mirror.title == "Learn: Baccarat hands":
            nine = [lab for lab in content.findChildren(QLabel) if lab.text() == "9" and lab.isVisibleTo(content)]
            assert nine and nine[-1].fontInfo().pixelSize() >= 20
