"""The classroom bar of issue 29: how much of the window each game's felt fills, per screen and window
size, at a text size (default Projector). Not a timing: the figure the issue's bar is stated in.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/felt_share.py [--text-size projector] [--json]

The felt's share is :func:`trainer.ui.felt.felt_share`: the table's pixels (felt, rail, what lies on
it; not the letterbox around it) over the window's. Bar: 28% on a table screen, 24% on a dealer screen,
at 1280x720 and 1024x768 Projector.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile

SIZES = ((1024, 768), (1280, 720), (1366, 768), (1920, 1080))
#: (game, screen key, profile)
SCREENS = (("paigow", "table", "pa-2019"), ("paigow", "dealer", "pa-2019"),
           ("baccarat", "baccarat-table", "pa-631a"), ("baccarat", "baccarat-dealer", "pa-631a"))


def measure(text_size: str) -> list[dict]:
    from PySide6.QtCore import QCoreApplication, QEvent, QSettings
    from PySide6.QtWidgets import QApplication

    from trainer.ui.context import AppContext
    from trainer.ui.felt import felt_share
    from trainer.ui.main_window import MainWindow
    from trainer.ui.paigow.table_view import TableView
    from trainer.ui.scaling import apply_text_size

    app = QApplication.instance() or QApplication(sys.argv[:1])
    apply_text_size(app, text_size)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game, key, profile in SCREENS:
            for size in SIZES:
                window = MainWindow(AppContext(seed=3, profile=profile),
                                    QSettings(os.path.join(tmp, f"{key}{size}.ini"), QSettings.Format.IniFormat))
                window.resize(*size)
                window.show()
                window.finish_startup()
                screen = window.show_screen(key)
                if hasattr(screen, "prepare_snapshot"):
                    screen.prepare_snapshot(seed=5, move=None)
                for _ in range(3):
                    app.processEvents()
                    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
                    window.resize(*size)
                view = next(v for v in window.findChildren(TableView) if v.isVisible())
                rows.append({"game": game, "screen": key, "size": f"{size[0]}x{size[1]}",
                             "window": f"{window.width()}x{window.height()}",
                             "felt_share": round(felt_share(view), 3)})
                window.close()
                window.deleteLater()
                QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--text-size", default="projector", choices=("normal", "large", "projector"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    rows = measure(args.text_size)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"felt share of the window at {args.text_size} (bar: tables 28%, dealer screens 24%)")
    for row in rows:
        print(f"  {row['screen']:16} {row['size']:>10}  {row['felt_share']:6.1%}  (window {row['window']})")


if __name__ == "__main__":
    main()
