"""Start the app: ``run_app()`` is what ``paigow-trainer`` with no command calls.

Options (after the program name): ``--theme light|dark``, ``--profile P``, ``--screen KEY``,
``--seed N``, ``--database URL``, ``--present SCREEN`` (the presenter window full screen on that
monitor, by name or number from 1: ``trainer.ui.presenter``). ``--quit-after-paint`` prints the seconds from process start to the first painted
main window and quits (used by ``benchmarks/bench_startup.py``).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from typing import Sequence

from trainer.rules.errors import TrainerError
from trainer.ui.scaling import TEXT_SIZES
from trainer.ui.screens import SCREENS

APP_ID = "paigow-trainer"


def add_app_options(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """The app's own options; ``paigow-trainer`` without a command takes them too (``trainer.cli``)."""
    from trainer.cli.args import MAX_SCREEN_SEED, screen_seed

    parser.add_argument("--theme", choices=("light", "dark"), help="light or dark (default: as last used)")
    parser.add_argument("--profile", metavar="P", help="any game's profile, e.g. pa-2019 or pa-631a "
                                                       "(default: as last used)")
    parser.add_argument("--screen", choices=[s.key for s in SCREENS], help="the screen to open on")
    parser.add_argument("--seed", type=screen_seed, metavar="N",
                        help=f"seed for the table and drills, 0 to {MAX_SCREEN_SEED} (to replay them)")
    parser.add_argument("--text-size", choices=sorted(TEXT_SIZES), help="View → Text size (e.g. projector)")
    parser.add_argument("--present", metavar="SCREEN",
                        help="show the table, its caption and citation full screen on this monitor (its name, "
                             "or its number from 1), the controls staying here: View → Present on")
    parser.add_argument("--database", metavar="URL", help="progress database (sqlite:///path or postgresql://...)")
    parser.add_argument("--quit-after-paint", nargs="?", const="window", choices=("window", "table"),
                        help=argparse.SUPPRESS)


def _parser() -> argparse.ArgumentParser:
    from trainer.cli.args import Parser  # (a mistake is one line, as on the whole command line)

    p = Parser(prog="paigow-trainer", add_help=True)
    add_app_options(p)
    return p


def run_app(argv: Sequence[str] | None = None) -> int:
    """Open the main window and run the event loop; returns the exit code.

    The garbage collector is off until the first screen has painted (:func:`_start_up_done`), and
    on again however ``run_app`` ends."""
    gc.disable()
    try:
        return _run_app(argv)
    finally:
        gc.enable()


def _start_up_done() -> None:
    """The first screen has painted: freeze the start-up heap, and collect garbage again from now on.

    Start-up makes some 50,000 objects (modules, classes, enums, widgets) that live as long as the app.
    With the collector on, start-up ran about 70 collections over them before the first paint, about
    8 ms (issue 15). Frozen, no collection walks them again, which halves the collector's work in the
    seconds after. What start-up left as cyclic garbage (about 400 objects) stays frozen with them."""
    gc.freeze()
    gc.enable()


def _run_app(argv: Sequence[str] | None) -> int:
    args, qt_args = _parser().parse_known_args(list(argv) if argv is not None else sys.argv[1:])
    # The pure-Python modules first: PySide6's import hook reads the source of each module that an
    # import names for the first time after it (≈ 0.1 ms each; 57, ≈ 6 ms, before the table paints).
    from trainer.progress.database import chosen_url
    from PySide6.QtWidgets import QApplication

    from trainer.ui.context import AppContext
    from trainer.ui.main_window import MainWindow, settings, stored_choices, stored_text_size
    from trainer.ui.scaling import DEFAULT_TEXT_SIZE, apply_text_size
    from trainer.ui.theme import apply_theme, theme_named

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else APP_ID, *qt_args])
    app.setApplicationName(APP_ID)
    app.setApplicationDisplayName("Pai Gow Dealer Trainer")
    app.setDesktopFileName(APP_ID)
    if args.profile:
        from trainer.drills.games import all_profile_names

        if args.profile not in all_profile_names():
            _parser().error(f"unknown profile '{args.profile}' (choose from: {', '.join(all_profile_names())})")
    if args.present:
        from trainer.ui.presenter import screen_named

        try:
            present_on = screen_named(args.present)
        except TrainerError as exc:
            _parser().error(f"--present: {exc}")
    try:  # an unusable data or settings folder, or progress file: one line and a dialog, no traceback
        store = settings()
        stored_theme, stored_profile = stored_choices(store)
        theme = args.theme or stored_theme or "light"
        ctx = AppContext(profile=args.profile or stored_profile, theme=theme, seed=args.seed)
        # --database, else $PAIGOW_TRAINER_DATABASE, else File > School database.
        ctx.database = chosen_url(args.database, str(store.value("database", "") or ""))
        apply_theme(app, theme_named(theme))
        apply_text_size(app, args.text_size or stored_text_size(store) or DEFAULT_TEXT_SIZE)
        window = MainWindow(ctx, store)
    except TrainerError as exc:
        return _cannot_start(app, str(exc))
    window.progressUnusable.connect(lambda error: _progress_unusable(app, window, ctx, error))
    window.firstPainted.connect(_start_up_done)
    if args.screen:
        window.show_screen(args.screen)
    _close_on_ctrl_c(app, window)
    if args.quit_after_paint:
        _quit_after_first_paint(app, window, args.quit_after_paint)
    elif not window.welcomed():
        window.show_welcome()
    window.show()
    if args.present:
        window.present(present_on)
    else:
        window.present_remembered()  # (where it was when the app last closed, if it was open)
    return app.exec()


def _close_on_ctrl_c(app, window) -> None:
    """Ctrl+C in the terminal that started the app closes the window as its close button does (what
    it remembers is saved) and leaves with ``interrupted`` and exit code 130, as every command does.
    Qt's event loop runs no Python while it waits, so a timer lets the interpreter see the signal."""
    import signal

    from PySide6.QtCore import QTimer

    def interrupted(*_: object) -> None:
        print(f"{APP_ID}: interrupted", file=sys.stderr, flush=True)
        window.close()
        app.exit(130)

    try:
        signal.signal(signal.SIGINT, interrupted)
    except ValueError:  # not the main thread (an embedding test): signals are not its business
        return
    QTimer(window, interval=200, timeout=lambda: None).start()


def _progress_unusable(app, window, ctx, error: TrainerError) -> None:
    """The progress store cannot be used: close the app with the reason (exit code 2); for a database
    (a school's server), say how to train on this PC meanwhile."""
    from trainer.progress.database import DatabaseError

    message = str(error)
    if isinstance(error, DatabaseError):
        from trainer.progress import FILENAME

        message += (f" — to train on this PC meanwhile, start with --database sqlite:///{ctx.data_dir / FILENAME} "
                    "(an instructor copies it to the school later with: paigow-trainer progress --migrate-from)")
    app.exit(_cannot_start(app, message, window))


def _cannot_start(app, message: str, parent=None) -> int:
    """Say why the app cannot start, on stderr and (with a screen) in a dialog; exit code 2."""
    print(f"{APP_ID}: error: {message}", file=sys.stderr)
    if app.platformName() not in ("offscreen", "minimal"):
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(parent, "Pai Gow Dealer Trainer", f"The trainer cannot start: {message}.")
    return 2


def _quit_after_first_paint(app, window, what: str) -> None:
    """Benchmarks only: once the window (or the first screen in it) has painted, print the wall-clock
    time and leave at once (``os._exit``: tearing down is not part of start-up). Only that widget is
    watched: a filter on the whole application would bring every event of every object into Python,
    about 13 ms more before the table's first paint."""
    import os

    from PySide6.QtCore import QEvent, QObject, QTimer

    paint = QEvent.Type.Paint

    def done() -> None:
        print(f"first-paint {time.time():.6f}", flush=True)
        from trainer import method_cache

        method_cache.save()  # (what leaving normally saves at exit)
        os._exit(0)

    class _Watcher(QObject):
        def eventFilter(self, obj, event):  # noqa: N802 (Qt name)
            if event.type() == paint:
                obj.removeEventFilter(self)
                QTimer.singleShot(0, done)
            return False

    from trainer.ui.main_window import _AfterPaint

    _AfterPaint.LATEST_MS = 10**9  # (what waits for the paint waits for it: a slow run, e.g. valgrind, counts no more)
    watcher = _Watcher(app)
    if what == "window":
        window.installEventFilter(watcher)
    else:
        window.firstScreenShown.connect(lambda last: last.installEventFilter(watcher))
