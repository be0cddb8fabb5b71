"""Offscreen rendering of the table or a whole screen to a QImage (``paigow-trainer snapshot``).

Also used by the README images, the tests and ``benchmarks/bench_frames.py``.
"""

from __future__ import annotations

import os
import tempfile
from typing import Callable

from trainer.rules.errors import TrainerError


def ensure_app():
    """The QApplication, created offscreen if there is none yet."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        quiet_offscreen_warnings()
        app = QApplication(["paigow-trainer-snapshot"])
    return app


def quiet_offscreen_warnings() -> None:
    """Drop the offscreen platform's harmless "does not support propagateSizeHints()" notice."""
    import sys

    from PySide6.QtCore import qInstallMessageHandler

    def handler(mode, context, message: str) -> None:
        if "propagateSizeHints" not in message:
            print(message, file=sys.stderr)

    qInstallMessageHandler(handler)


def render_scene(scene, size: tuple[int, int]):
    """The scene drawn into a ``size`` image, letterboxed to keep its proportions."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter

    w, h = size
    image = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(scene.theme.window))
    src = scene.sceneRect()
    scale = min(w / src.width(), h / src.height())
    target = QRectF((w - src.width() * scale) / 2, (h - src.height() * scale) / 2,
                    src.width() * scale, src.height() * scale)
    p = QPainter(image)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                     | QPainter.RenderHint.TextAntialiasing)
    scene.render(p, target, src, Qt.AspectRatioMode.KeepAspectRatio)
    p.end()
    return image


def _check_move(timeline, move: int | None) -> None:
    last = len(timeline.plan.moves)
    if move is not None and move > last:
        raise TrainerError(f"--move {move} is past the end: this deal has {last} moves (0..{last})")


def _paigow_scene(*, theme: str, profile: str, style: str, seed: int, dice: str | None, bank: str | None,
                  move: int | None, prelude: bool, **_):
    """The Pai Gow table after ``move`` moves of the delivery plan, and its timeline."""
    from trainer.ui.paigow.table_scene import TableScene
    from trainer.ui.paigow.timeline import RoundChoice, build_timeline, plan_for

    plan = plan_for(RoundChoice(style=style, seed=seed, dice=dice, bank=bank, profile=profile))
    timeline = build_timeline(plan, prelude=prelude)
    _check_move(timeline, move)
    return TableScene(theme), timeline


def _baccarat_scene(*, theme: str, profile: str, seed: int, move: int | None, **_):
    """The Baccarat table: a new shoe from ``seed`` and its first round, after ``move`` steps."""
    from trainer.drills.games import profile_named
    from trainer.ui.baccarat.table_scene import BaccaratScene
    from trainer.ui.baccarat.timeline import layout_for, odds_lines, shoe_timeline

    table = profile_named(profile)
    timeline = shoe_timeline(seed, table)
    if move is not None and move > len(timeline):
        raise TrainerError(f"--move {move} is past the end: this shoe shows {len(timeline)} steps (0..{len(timeline)})")
    return BaccaratScene(theme, layout_for(table), odds_lines(table)), timeline


#: Each game's table scene for ``--screen scene``, by game id.
SCENES = {"paigow": _paigow_scene, "baccarat": _baccarat_scene}


def render(*, screen: str = "table", game: str = "paigow", size: tuple[int, int] = (1920, 1080),
           theme: str = "light", profile: str = "pa-2019", style: str = "house-way-right", style2: str | None = None,
           seed: int = 1, dice: str | None = None, bank: str | None = None, move: int | None = None,
           faces: bool = False, prelude: bool = True, demo: bool = False, text_size: str = "normal",
           tick: Callable[[], object] | None = None, casino_rules: str | None = None, present: bool = False,
           table_options: dict[str, bool] | None = None, skill: str | None = None, review: bool = False):
    """Render ``screen`` of ``game`` at ``size``; for the table, after ``move`` moves (None = the end).
    ``tick``: called after each move a screen plays to prepare (the player's seat's hands);
    ``casino_rules``: a casino's Rules Submission file in force (a bad one: TrainerError);
    ``present``: the presenter window showing that screen, at ``size``, instead of the main window;
    ``table_options``: Baccarat's table screen's choices (``whole_shoe``, ``vig_marker``);
    ``skill``, ``review`` (the Drills screen): a question of that skill, the review of a sample session."""
    app = ensure_app()
    from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt

    from trainer.ui.scaling import apply_text_size
    from trainer.ui.theme import apply_theme, theme_named

    apply_theme(app, theme_named(theme))
    apply_text_size(app, text_size)
    if screen == "scene":
        from trainer.ui.paigow.player import Player

        scene, timeline = SCENES[game](theme=theme, profile=profile, style=style, seed=seed, dice=dice, bank=bank,
                                       move=move, prelude=prelude)
        scene.set_reveal(faces)
        Player(scene, timeline).goto(timeline.index_after_move(move))
        return render_scene(scene, size)

    from trainer.ui import warm_up
    from trainer.ui.context import AppContext
    from trainer.ui.main_window import MainWindow
    from trainer.ui.screens import find_screen

    with tempfile.TemporaryDirectory() as tmp:  # never touch the user's remembered window state
        store = QSettings(os.path.join(tmp, "snapshot.ini"), QSettings.Format.IniFormat)
        ctx = AppContext(profile=profile, theme=theme, seed=seed)
        window = MainWindow(ctx, store)
        window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        window.resize(*size)
        window.show()
        window.finish_startup(warm_up_others=False)  # what the screen needs, it builds when it first asks
        if casino_rules:
            from trainer.rules.casino import load_casino

            ctx.set_casino(load_casino(casino_rules))  # (the app's own dialog would name a bad file)
        widget = window.show_screen(find_screen(screen, game).key)
        if screen == "table" and hasattr(widget, "configure"):
            widget.configure(style=style, style2=style2, seed=seed, dice=dice, bank=bank, prelude=prelude,
                             reveal=faces)
            if widget.error.isVisible():
                raise TrainerError(widget.error.text())
            _check_move(widget.primary.player.timeline, move)
            if demo:
                widget.set_demo(True)
            widget.goto_move(move)
        elif hasattr(widget, "prepare_snapshot"):
            extra = {k: v for k, v in (("tick", tick), ("skill", skill), ("review", review)) if v}
            widget.prepare_snapshot(seed=seed, move=move, **extra, **(table_options or {}))
            if demo and hasattr(widget, "set_demo"):
                widget.set_demo(True)
        window.resize(*size)
        shown = window
        if present:
            shown = window.present(None)
            shown.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
            shown.resize(*size)
        for _ in range(3):
            app.processEvents()
        # a timer that fired in the last pass (a screen's clock) may have left its relayout pending
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        image = shown.grab().toImage()
        if (image.width(), image.height()) != size:
            image = image.scaled(*size, Qt.AspectRatioMode.IgnoreAspectRatio,
                                 Qt.TransformationMode.SmoothTransformation)
        window.hide()
        window.deleteLater()
        app.processEvents()
        warm_up.finish()
        return image
