"""The classroom's screens at every text size: questions read whole, nothing on the felt overlaps,
every table text scaled to its room and never left out, the toolbar's game and profile always in reach."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRectF, QSettings
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QWidget

from trainer.ui import main_window as mw
from trainer.ui.context import AppContext
from trainer.ui.scaling import TEXT_SIZES, apply_text_size
from trainer.ui.paigow import table_layout as L


@pytest.fixture
def sized_window(qtbot, tmp_path):
    """``sized_window(text_size, size, profile)``: the main window, the text size applied first."""
    app = QApplication.instance()
    made = []

    def make(text_size: str, size=(1280, 720), profile: str = "pa-2019"):
        apply_text_size(app, text_size)
        w = mw.MainWindow(AppContext(seed=3, profile=profile),
                          QSettings(str(tmp_path / f"{len(made)}.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(w)
        w.resize(*size)
        w.show()
        w.finish_startup()
        made.append(w)
        return w

    yield make
    for w in made:
        w.close()
        w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    apply_text_size(app, "normal")  # the next test on this worker starts at the default size
    apply_text_size(app, "normal")


def _settle(window, size) -> None:
    """Layouts done (a screen's first relayouts may pass through larger sizes), then ``size`` asked."""
    for _ in range(2):
        QApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        window.resize(*size)


def _cut(label: QLabel) -> str:
    """Why ``label``'s text is not all readable ("" if it is): shorter than its wrapped text, or
    outside what its scroll area (or its window) can show."""
    if not label.isVisible() or not label.text():
        return ""
    if label.height() < label.heightForWidth(label.width()):
        return f"{label.height()} px tall for {label.heightForWidth(label.width())} px of text"
    w: QWidget | None = label
    while w is not None and w.parentWidget() is not None:
        parent = w.parentWidget()
        scroll = parent.parentWidget()
        if isinstance(scroll, QScrollArea) and parent is scroll.viewport():
            # scrolled content: the text must lie within the content, and fit across the viewport
            box = label.rect().translated(label.mapTo(w, label.rect().topLeft()))
            return "" if w.rect().contains(box) and w.width() <= parent.width() else "beyond its scroll area"
        w = parent
    box = label.rect().translated(label.mapTo(label.window(), label.rect().topLeft()))
    return "" if label.window().rect().contains(box) else "outside the window"


@pytest.mark.parametrize("text_size", sorted(TEXT_SIZES))
@pytest.mark.parametrize("game,profile", [("paigow", "pa-2019"), ("baccarat", "pa-631a")])
def test_every_dealer_question_reads_whole_at_1280x720(qtbot, sized_window, text_size, game, profile):
    """Every action of a whole round: the "Your action" line and the question wrap and are never cut
    (the right column scrolls where they are long)."""
    window = sized_window(text_size, profile=profile)
    screen = window.show_screen("dealer" if game == "paigow" else "baccarat-dealer")
    screen.prepare_snapshot(seed=5, move=0)
    seen = 0
    while screen.controller.current is not None:
        _settle(window, (1280, 720))
        for label in (screen.skill_label, screen.question.prompt):
            assert _cut(label) == "", (label.text()[:60], _cut(label))
        seen += 1
        screen.controller.answer(screen.controller.current.question.answer)
    assert seen >= 10 and (window.width(), window.height()) == (1280, 720)


@pytest.mark.parametrize("text_size", sorted(TEXT_SIZES))
def test_drill_question_reads_whole_at_1280x720(qtbot, sized_window, text_size):
    window = sized_window(text_size)
    screen = window.show_screen("drills")
    screen.prepare_snapshot(seed=5, move=8)
    _settle(window, (1280, 720))
    assert _cut(screen.question.prompt) == ""


# --- nothing on the felt overlaps ---------------------------------------------------------------

WAGER_SETS = [(), (500,), (100000, 2500), (6500, 500), (123400, 99900), (2500,) * 3]


@pytest.mark.parametrize("scale", [0.37, 0.49, 0.76, 1.0])  # the tables' scales at 1280x720 and 1920x1080
@pytest.mark.parametrize("text_size", ["normal", "projector"])
def test_chips_cover_no_seat_circle_no_spot_and_no_other_seat(qtbot, text_size, scale):
    """Every seat's chips, their amounts and the BANK tag, for several wager sets, at the main
    table's and a small table's scale: clear of every numbered circle, every landing spot, every
    side wager's spot and every other seat's chips."""
    from trainer.ui.paigow.table_scene import TableScene

    apply_text_size(QApplication.instance(), text_size)
    try:
        scene = TableScene("light")
        circles = [QRectF(x - L.CIRCLE_RADIUS, y - L.CIRCLE_RADIUS, 2 * L.CIRCLE_RADIUS, 2 * L.CIRCLE_RADIUS)
                   for x, y in (s.circle for s in L.SPOTS.values() if s.circle)]
        spots = [QRectF(*s.rect()) for s in L.SPOTS.values()]
        # and every side wager's spot (issue 29: pa-2019 offers four a seat)
        r = L.SIDE_R
        spots += [QRectF(x - r, y - r, 2 * r, 2 * r) for k in scene.wagers for x, y in L.side_spots(k, 4)]
        for wagers in WAGER_SETS:
            for bank in [None, *scene.wagers]:
                drawn = {}
                for key, item in scene.wagers.items():
                    item.set_stacks(wagers, key == bank)
                    drawn[key] = item.drawn_rects(scale)
                for key, rects in drawn.items():
                    zone = QRectF(*L.chips_zone(L.SPOTS[key]))
                    assert all(zone.contains(r) for r in rects), (key, wagers, bank)
                    others = [r for k, rs in drawn.items() if k != key for r in rs]
                    for r in rects:
                        hit = [o for o in circles + spots + others if r.intersects(o)]
                        assert hit == [], (key, wagers, bank, r)
    finally:
        apply_text_size(QApplication.instance(), "normal")


# --- Projector: every table text scaled, never left out ---------------------------------------------

#: The least a felt's marking is drawn at 1920x1080 Projector (a chip's value, whose colour says it, aside).
FLOOR_PX = 7  # (the EZ table's inscription on calling the game: 7.4 px, the middle's narrowest line)

def _table_texts(monkeypatch, view) -> list[tuple[str, float]]:
    """Every text the view's scene draws (felt, items), with its height on screen in pixels: the
    painter's font size times its scale, read as the real drawing happens."""
    from PySide6.QtGui import QFontInfo, QPainter

    from trainer.ui.felt import device_scale

    drawn = []
    real = QPainter.drawText

    def spy(painter, *args):
        text = next((a for a in args if isinstance(a, str)), "")
        drawn.append((text, QFontInfo(painter.font()).pixelSize() * device_scale(painter)))
        return real(painter, *args)

    monkeypatch.setattr(QPainter, "drawText", spy)
    try:
        view.scene().set_theme(view.scene().theme)  # no cached drawing: everything is painted again
        view.grab()
    finally:
        monkeypatch.setattr(QPainter, "drawText", real)
    return drawn


def _views(window):
    from trainer.ui.paigow.table_view import TableView

    return [v for v in window.findChildren(TableView) if v.isVisible()]


def test_projector_1920x1080_pai_gow_table_labels_scaled_never_left_out(qtbot, sized_window, monkeypatch):
    """The table (alone, side by side, at the dice count and the end), the drill's animation and the
    dealer's seat: every label drawn, none under FLOOR_PX (issue 29: a label is scaled to its room,
    never left out; the seat numbers and the spots' names always there)."""
    size = (1920, 1080)
    window = sized_window("projector", size)
    checked = []

    def check(what: str) -> None:
        _settle(window, size)
        views = _views(window)
        assert views, what
        for view in views:
            drawn = _table_texts(monkeypatch, view)
            assert drawn, what
            assert [(t, round(px, 1)) for t, px in drawn if px < FLOOR_PX and not t.startswith("$")] == [], what
            if what != "drill animation":  # (a thumbnail: its names are the table's, smaller)
                assert {"1", "6", "DEALER", "DEAD HAND"} <= {t for t, _ in drawn}, what
            checked.append((what, len(drawn)))

    table = window.show_screen("table")
    table.configure(style="house-way-right", seed=2, dice="3,4,3", reveal=True)
    for move in (3, None):
        table.goto_move(move)
        check(f"table, move {move}")
    table.configure(style="pin-say-left", style2="pin-say-right", seed=1)
    check("side by side")
    window.show_screen("drills").prepare_snapshot(seed=5, move=8)
    check("drill animation")
    window.show_screen("dealer").prepare_snapshot(seed=5, move=None)
    check("dealer's seat")
    assert len(checked) == 6 and all(n >= 8 for _, n in checked), checked  # two tables side by side


# --- the toolbar ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text_size,size", [("projector", (1280, 720)), ("normal", (1280, 720)),
                                            ("projector", (1920, 1080))])
def test_game_and_profile_stay_on_the_toolbar(qtbot, sized_window, text_size, size):
    """Never in the "»" overflow menu: the choices' bar goes under the screens' bar when both do not fit
    (and beside it when they do)."""
    window = sized_window(text_size, size)
    window.show_screen("table")
    _settle(window, size)
    for button in (window.game_button, window.profile_button, *[window.nav.widgetForAction(a)
                                                                for a in window.screen_actions.values()
                                                                if a.isVisible()]):
        assert button.isVisible() and button.text(), button.text()
        bar = button.parentWidget()
        assert bar.rect().contains(button.geometry()), button.text()
    two_rows = window.toolBarBreak(window.choices)
    assert two_rows == (text_size == "projector" and size == (1280, 720))


@pytest.mark.parametrize("text_size", ["large", "projector"])
def test_every_screen_keeps_1280x720_at_a_larger_text_size(qtbot, sized_window, text_size):
    """Bars wrap, lists and columns scroll: no screen makes the window wider or taller than the display,
    and no wrapped text of a screen is cut (squeezed shorter than its lines, or out of its window)."""
    from trainer.ui.screens import SCREENS

    window = sized_window(text_size)
    for spec in SCREENS:
        screen = window.show_screen(spec.key)
        if hasattr(screen, "prepare_snapshot"):
            screen.prepare_snapshot(seed=3, move=None)
        _settle(window, (1280, 720))
        assert (window.width(), window.height()) == (1280, 720), spec.key
        cut = [(label.text()[:40], _cut(label)) for label in screen.findChildren(QLabel)
               if label.wordWrap() and label.isVisible() and _cut(label)]
        assert cut == [], spec.key


# --- chips move -----------------------------------------------------------------------------------

def test_paid_and_collected_chips_fly_between_the_seat_and_the_tray_or_centre(qtbot):
    """Each chips step of a round animates the amount moved from where it was to where it goes, over
    the step's duration (the player's speed); at the end the frame's stacks, and no chips in the air."""
    import random

    from trainer.rules.paigow.profiles import profile_named
    from trainer.rules.paigow.round import play_round, seat_players
    from trainer.rules.paigow.settlement import CENTRE
    from trainer.ui.paigow.round_frames import round_table
    from trainer.ui.paigow.table_scene import TableScene

    for bank in (False, True):
        rng = random.Random(7)
        players = seat_players(rng, profile_named("pa-2019"), 4)
        played = play_round(rng, players, **({"bank": players[0].seat, "eligible": [players[0].seat]} if bank else {}))
        timeline = round_table(played).timeline
        scene = TableScene("light")
        flights = 0
        for i, step in enumerate(played.steps):
            if step.action != "chips":
                continue
            before, after = timeline.frame_at(i), timeline.frame_at(i + 1)
            scene.show_frame(before)
            anim = scene.transition(after, 800)
            if not scene.flying.isVisible():
                continue
            flights += 1
            anim.start()
            anim.pause()
            at = []
            for ms in (0, 400, 800):
                anim.setCurrentTime(ms)
                at.append(scene.flying.pos())
            a, mid, b = at
            assert a != b and min(a.x(), b.x()) <= mid.x() <= max(a.x(), b.x()), step
            keys = (*after.chips, *before.chips, CENTRE, None)
            places = {(round(p.x(), 3), round(p.y(), 3)) for p in map(scene._chips_place, keys)}
            assert {(round(a.x(), 3), round(a.y(), 3)), (round(b.x(), 3), round(b.y(), 3))} <= places, step
            anim.stop()
            scene.show_frame(after)
            assert not scene.flying.isVisible()
            assert {k: item.stacks for k, item in scene.wagers.items() if item.isVisible() and item.stacks} == \
                {k: v for k, v in after.chips.items() if k != CENTRE}
        assert flights >= 3, bank


@pytest.mark.parametrize("text_size", ["normal", "projector"])
@pytest.mark.parametrize("profile", ["pa-2019", "pa-631a"])
def test_the_first_screen_does_not_move_after_its_first_paint(qtbot, tmp_path, text_size, profile):
    """What start-up leaves until after the first screen has painted (menus, the progress store, the
    status bar's contents) changes neither the toolbars nor the status bar's place: the screen painted
    first stays where it is (a rule book opened at a paragraph keeps it in view)."""
    from PySide6.QtCore import QObject

    app = QApplication.instance()
    apply_text_size(app, text_size)
    try:
        window = mw.MainWindow(AppContext(seed=3, profile=profile),
                               QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(window)
        window.resize(1280, 720)
        at_paint = []

        class Spy(QObject):
            def eventFilter(self, obj, event):  # noqa: N802 - Qt API
                host = window.hosts[window.current_key]
                if event.type() == QEvent.Type.Paint and host.screen is not None and obj is host.painted_last():
                    at_paint.append((window.stack.geometry(), window.nav.geometry(), window.choices.geometry()))
                return False

        spy = Spy()
        app.installEventFilter(spy)
        with qtbot.waitSignal(window.firstPainted, timeout=10_000):
            window.show()
        QApplication.processEvents()
        app.removeEventFilter(spy)
        assert at_paint and at_paint[0] == (window.stack.geometry(), window.nav.geometry(), window.choices.geometry())
    finally:
        apply_text_size(app, "normal")
