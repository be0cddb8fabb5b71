"""The Progress screen: trainees managed through its widgets, tables and charts fed from the store."""

from __future__ import annotations

import sys
from datetime import datetime, timedelta, timezone

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from trainer.drills import all_skills, check, generate
from trainer.ui import progress_screen
from trainer.ui.context import AppContext
from trainer.ui.progress_link import close_shared_stores, shared_store

Yes, No = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No


@pytest.fixture
def ctx(tmp_path):
    context = AppContext(seed=2, data=tmp_path / "data")
    yield context
    close_shared_stores()


@pytest.fixture
def store(ctx):
    return shared_store(ctx)


def record_days(store, name="Ana"):
    """Two skills over three days; the first day all wrong, then all right."""
    store.ensure_trainee(name)
    start = datetime(2024, 5, 1, 10, tzinfo=timezone.utc)
    for day in range(3):
        for n, skill in enumerate(("tile-compare", "vigorish", "tile-compare")):
            q = generate(skill, seed=100 * day + n)
            answer = q.answer if day else ("Same rank" if q.answer != "Same rank" else q.choices[0]) \
                if skill == "tile-compare" else q.answer + 5
            store.record(name, q, check(q, answer), answer, ms=1000 * (day + 1) + n,
                         when=start + timedelta(days=day, minutes=n))


@pytest.fixture
def screen(shown, ctx):
    return shown(progress_screen.create_screen(ctx))


def test_create_switch_rename_delete_through_the_widgets(qtbot, screen, ctx, store, monkeypatch):
    names = iter(["Ana", "Bo"])
    monkeypatch.setattr("trainer.ui.progress_link.QInputDialog.getText", lambda *a, **k: (next(names), True))
    qtbot.mouseClick(screen.new_button, Qt.MouseButton.LeftButton)
    qtbot.keyClick(screen.table, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert [t.name for t in store.trainees()] == ["Ana", "Bo"]
    assert ctx.trainee == "Bo" and screen.trainee_box.currentText() == "Bo"

    screen.trainee_box.setCurrentIndex(screen.trainee_box.findText("Ana"))
    screen.trainee_box.activated.emit(screen.trainee_box.currentIndex())
    assert ctx.trainee == "Ana" and store.current_trainee.name == "Ana"

    monkeypatch.setattr(progress_screen.QInputDialog, "getText", lambda *a, **k: ("Ana Lee", True))
    qtbot.keyClick(screen.table, Qt.Key.Key_F2)
    assert [t.name for t in store.trainees()] == ["Ana Lee", "Bo"] and ctx.trainee == "Ana Lee"
    assert "Renamed" in screen.message.text()

    monkeypatch.setattr(progress_screen.QMessageBox, "question", lambda *a, **k: No)
    qtbot.mouseClick(screen.delete_button, Qt.MouseButton.LeftButton)
    assert len(store.trainees()) == 2  # not confirmed: nothing deleted
    monkeypatch.setattr(progress_screen.QMessageBox, "question", lambda *a, **k: Yes)
    qtbot.keyClick(screen.table, Qt.Key.Key_Delete)
    assert [t.name for t in store.trainees()] == ["Bo"] and ctx.trainee == "Bo"


def test_duplicate_name_is_refused_inline(qtbot, screen, store, monkeypatch):
    store.create_trainee("Ana")
    store.create_trainee("Bo")
    screen.switch("Ana")
    monkeypatch.setattr(progress_screen.QInputDialog, "getText", lambda *a, **k: ("bo", True))
    screen.rename_trainee()
    assert "already exists" in screen.message.text()
    assert [t.name for t in store.trainees()] == ["Ana", "Bo"]


def test_export_then_import_under_another_name(qtbot, screen, ctx, store, tmp_path, monkeypatch):
    record_days(store)
    screen.switch("Ana")
    out = tmp_path / "ana.json"
    monkeypatch.setattr(progress_screen.QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    qtbot.keyClick(screen.table, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert out.stat().st_size > 0 and "Exported" in screen.message.text()

    monkeypatch.setattr(progress_screen.QFileDialog, "getOpenFileName", lambda *a, **k: (str(out), ""))
    monkeypatch.setattr(progress_screen.QMessageBox, "question", lambda *a, **k: No)  # not replace
    monkeypatch.setattr(progress_screen.QInputDialog, "getText", lambda *a, **k: ("Ana copy", True))
    qtbot.keyClick(screen.table, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert ctx.trainee == "Ana copy"
    assert len(store.answers("Ana copy")) == len(store.answers("Ana")) == 9


def test_import_of_a_bad_file_is_reported_inline(qtbot, screen, tmp_path, monkeypatch):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    monkeypatch.setattr(progress_screen.QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    screen.import_trainee()
    assert "not valid JSON" in screen.message.text()


def test_table_charts_and_heat_map_come_from_the_store(qtbot, screen, ctx, store):
    from trainer.ui import progress_charts

    record_days(store)
    screen.switch("Ana")
    rows = {r[0]: r for r in screen.skill_rows("Ana")}
    assert rows["Rank two tiles"][1:4] == ("6", "4", "67%")
    table_skills = [screen.table.item(r, 0).text() for r in range(screen.table.rowCount())]
    assert "Vigorish" in table_skills and screen.next_list.count() > 0

    series = store.daily_series("Ana")
    for skill in ("tile-compare", "vigorish"):
        want = [p for p in series if p.skill == skill]
        x, accuracy, seconds = screen.charts.series(skill)
        assert x == [progress_charts.day_timestamp(p.day) for p in want]
        assert accuracy == [100 * p.accuracy for p in want]
        assert seconds == [p.median_ms / 1000 for p in want]
    assert accuracy[0] == 0 and accuracy[-1] == 100

    matrix = store.heatmap("Ana", by="item")
    assert screen.heat.matrix == matrix
    ticks = screen.heat.columns  # the columns' names (those that fit are shown: see the test below)
    assert ticks and "Vigorish to the cent" in ticks and not {"far", "close", "same", "exact"} & set(ticks)
    assert {label for _, label in screen.heat.plot.getAxis("bottom")._tickLevels[0]} <= set(ticks)
    assert "— " + "exact" not in " ".join(screen.next_list.item(i).text() for i in range(screen.next_list.count()))
    assert screen.heat.image.image.shape == (24 * len(matrix.rows), 24 * len(matrix.columns))
    screen.heat.by_day.setChecked(True)
    assert screen.heat.matrix == store.heatmap("Ana", by="day")
    assert screen.heat.matrix.columns == ("2024-05-01", "2024-05-02", "2024-05-03")


def test_refresh_after_switching_to_an_empty_trainee(qtbot, screen, store):
    record_days(store)
    store.create_trainee("Bo")
    screen.switch("Ana")
    screen.tabs.setCurrentWidget(screen.charts_page)  # the charts are made when their tab is first shown
    assert screen.charts.series("vigorish")[0]
    screen.switch("Bo")  # curves are emptied, never removed (see TrendCharts)
    assert screen.charts.series("vigorish") == ([], [], [])
    assert screen.heat.matrix.rows == ()


def test_charts_are_made_when_their_tab_is_first_shown(qtbot, screen, store):
    """The screen opens on the skills table without pyqtgraph's charts; each tab makes its own."""
    record_days(store)
    screen.switch("Ana")
    assert screen._charts is None and screen._heat is None
    screen.tabs.setCurrentWidget(screen.heat_page)
    assert screen._heat is not None and screen._charts is None
    assert screen.heat.matrix == store.heatmap("Ana", by="item") and screen.heat.parent() is screen.heat_page
    screen.tabs.setCurrentWidget(screen.charts_page)
    assert screen.charts.series("vigorish")[0] and screen.charts.parent() is screen.charts_page


def test_opens_from_the_main_window(qtbot, ctx):
    main_window = pytest.importorskip("trainer.ui.main_window")
    window = main_window.MainWindow(ctx)
    qtbot.addWidget(window)
    assert isinstance(window.show_screen("progress"), progress_screen.ProgressScreen)


def test_many_signal_emits_do_not_abort_python(qtbot, screen):
    """PySide6 6.12.0 on Python 3.11 loses a reference to True per emit and aborts (pyproject pin)."""
    for _ in range(20_000):
        screen.heat.image.sigImageChanged.emit()
    assert sys.getrefcount(True) > 1000


def test_activating_what_to_practise_next_opens_the_drills_on_that_skill(qtbot, ctx, store, monkeypatch):
    main_window = pytest.importorskip("trainer.ui.main_window")
    record_days(store)
    ctx.set_trainee("Ana")
    window = main_window.MainWindow(ctx)
    qtbot.addWidget(window)
    window.show()
    progress = window.show_screen("progress")
    progress.refresh()
    items = progress.next_list
    assert items.count() >= 2
    items.setCurrentRow(1)
    wanted = items.item(1).data(Qt.ItemDataRole.UserRole)
    assert wanted in {s.id for s in all_skills()}
    with qtbot.waitSignal(progress.practiseRequested) as signal:
        qtbot.keyClick(items, Qt.Key.Key_Return)
    assert signal.args == [wanted]
    assert window.current_key == "drills"
    drills = window.current_screen()
    assert drills.controller.running and drills.controller.session.skills == [wanted]
    assert drills.controller.session.current.skill == wanted

    window.show_screen("progress")  # hooked once: a second visit does not start two sessions
    calls = []
    monkeypatch.setattr(drills, "start_skill", calls.append)
    progress.next_list.itemActivated.emit(progress.next_list.item(1))
    assert calls == [progress.next_list.item(1).data(Qt.ItemDataRole.UserRole)]


def test_the_no_trainee_line_requests_nothing(qtbot, screen):
    assert screen.next_list.count() == 1
    requests = []
    screen.practiseRequested.connect(requests.append)
    screen.next_list.itemActivated.emit(screen.next_list.item(0))
    assert requests == []


def test_skills_are_grouped_under_each_games_title(qtbot, screen, store):
    """Issue 17: the table, what to practise next, the heat map and the charts show both games'
    skills, each game's under its title (from the games registry)."""
    from trainer.drills import skill_named
    from trainer.drills.games import games

    record_days(store)
    q = generate("bac-burn", seed=3)
    store.record("Ana", q, check(q, q.answer), q.answer, ms=2000, when=datetime(2024, 5, 3, 11, tzinfo=timezone.utc))
    screen.switch("Ana")
    titles = [g.title for g in games()]
    table = screen.table
    headings = [r for r in range(table.rowCount()) if table.columnSpan(r, 0) == len(progress_screen.SKILL_COLUMNS)]
    assert [table.item(r, 0).text() for r in headings] == titles
    pai_gow, baccarat = headings
    rows = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert rows.index("Rank two tiles") < baccarat < rows.index("The burn")
    assert not table.item(baccarat, 0).flags() & Qt.ItemFlag.ItemIsSelectable

    entries = [screen.next_list.item(i) for i in range(screen.next_list.count())]
    heads = [i for i, e in enumerate(entries) if e.data(Qt.ItemDataRole.UserRole) is None]
    assert [entries[i].text() for i in heads] == titles and heads[0] == 0  # every game's, however many new
    assert {skill_named(e.data(Qt.ItemDataRole.UserRole)).game for e in entries[heads[1] + 1:]} == {"baccarat"}
    requests = []
    screen.practiseRequested.connect(requests.append)
    screen.next_list.itemActivated.emit(entries[0])
    assert requests == []

    ticks = [label for _, label in screen.heat.plot.getAxis("left")._tickLevels[0]]
    assert ticks[-1] == "Baccarat · The burn" and all(t.startswith(("Pai Gow tiles · ", "Baccarat · ")) for t in ticks)
    legend = [label.text for _, label in screen.charts.legend.items]
    assert legend[-1] == "Baccarat · The burn"


def test_the_pointer_on_the_tabs_loads_the_charts_meanwhile(qtbot, screen):
    """pyqtgraph is imported in the background once the pointer enters the tab bar (not at start-up)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from trainer.ui import warm_up

    assert not screen._prefetched
    QApplication.sendEvent(screen.tabs.tabBar(), QEvent(QEvent.Type.Enter))
    assert screen._prefetched and warm_up._started and warm_up._started[-1].name == "charts"
    warm_up.finish()
    assert "trainer.ui.progress_charts" in sys.modules and screen._charts is None  # loaded, not yet made


@pytest.mark.parametrize("text_size", ["normal", "projector"])
def test_heat_map_day_names_never_overlap_and_every_day_keeps_its_tick(qtbot, screen, store, text_size):
    """Forty days at 1280x720: as many dates named as fit side by side, none overlapping, the rest a bare
    tick; a wider window names more (issue 29, "the heat map's x labels overlap")."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QFontMetricsF
    from PySide6.QtWidgets import QApplication

    from trainer.ui.scaling import apply_text_size

    app = QApplication.instance()
    apply_text_size(app, text_size)
    try:
        store.ensure_trainee("Ana")
        start = datetime(2024, 5, 1, 10, tzinfo=timezone.utc)
        for day in range(40):
            q = generate("vigorish", seed=day)
            store.record("Ana", q, check(q, q.answer), q.answer, ms=1000, when=start + timedelta(days=day))
        screen.switch("Ana")
        screen.tabs.setCurrentWidget(screen.heat_page)
        screen.heat.by_day.setChecked(True)
        QApplication.processEvents()

        def named():
            heat = screen.heat
            axis, view = heat.plot.getAxis("bottom"), heat.plot.getViewBox()
            metrics = QFontMetricsF(axis.style["tickFont"] or axis.font())
            ticks = axis._tickLevels
            assert sorted(x for level in ticks for x, _ in level) == [j + 0.5 for j in range(40)]  # every day ticked
            spans = [(view.mapViewToScene(QPointF(x, 0)).x(), metrics.horizontalAdvance(name)) for x, name in ticks[0]]
            for (x1, w1), (x2, w2) in zip(spans, spans[1:]):
                assert x2 - x1 >= (w1 + w2) / 2, (x1, x2, w1, w2)  # no overlap
            return [name for _, name in ticks[0]]

        shown = named()
        assert shown[0] == "2024-05-01" and 2 <= len(shown) < 40
        screen.window().resize(1920, 1080)
        QApplication.processEvents()
        assert len(named()) > len(shown)
    finally:
        apply_text_size(app, "normal")
