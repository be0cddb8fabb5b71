"""The Class screen's FSRS panel (issue 38): how well the spaced-repetition parameters predict this
school's trainees, and **Fit to this class…** (Alt+T).

The panel shows the school's kept fit (the answers it was fitted to, the date, the log-loss with FSRS's
default parameters and with the fitted ones), or that the scheduler uses the default parameters. The
action gathers the class's answers (on the UI thread: the store's connection is this thread's), then
fits in a background thread (py-fsrs' optimiser, seconds to minutes; the optimiser and PyTorch are
imported only then), and keeps the fit on the school's database if it predicts better
(``trainer.progress.fitting``). Fewer than 1,000 answers, or no optimiser installed: one line, nothing
changed. The panel decides nothing itself.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QMessageBox, QPushButton, QWidget

from trainer.progress import fits
from trainer.rules.errors import TrainerError
from trainer.ui.scaling import set_font
from trainer.ui.widgets.labels import WholeLabel, make_label

DEFAULT_TEXT = "Spaced repetition: FSRS's default parameters (not fitted to this school's answers yet)."


class FitPanel(QWidget):
    """The school's FSRS figures and the **Fit to this class…** action."""

    #: a fit finished in the background thread: its ``StoredFit``, or the one-line message why not
    fitted = Signal(object)

    def __init__(self, store, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("class-fit")
        self.store = store
        self.class_name = ""
        #: the background fit, while one runs
        self.worker: threading.Thread | None = None
        self.figures = make_label("", 1.1, wrap=True, kind=WholeLabel)
        self.figures.setAccessibleName("FSRS fitted to the school")
        self.button = QPushButton("Fi&t to this class…")
        self.button.setToolTip("Fit the spaced-repetition parameters (FSRS) to this class's answers: the "
                               "scheduler uses them if they predict the answers better")
        set_font(self.button, 1.1)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.figures, 1)
        row.addWidget(self.button)
        self.button.clicked.connect(self.ask)
        self.fitted.connect(self.finish)

    def show_class(self, class_name: str) -> None:
        """The signed-in class (whose answers a fit uses) and the school's kept fit."""
        self.class_name = class_name
        try:
            self.show_fit(fits.latest(self.store._conn))
        except TrainerError as exc:
            self.figures.setText(f"⚠ {exc}")

    def show_fit(self, fit: fits.StoredFit | None, kept: bool | None = None) -> None:
        self.figures.setText(DEFAULT_TEXT if fit is None else fits.describe(fit, kept) + ".")

    def ask(self) -> None:
        """Fit to this class… (confirmed first: it takes a while)."""
        if self.class_name and self.worker is None and QMessageBox.question(
                self, "Fit to this class", f"Fit the spaced-repetition parameters to the answers of "
                f"{self.class_name}? This takes up to a few minutes; the app stays usable.") \
                == QMessageBox.StandardButton.Yes:
            self.start()

    def start(self) -> bool:
        """Gather the class's answers and fit in the background; False (and why, in the panel) if it cannot."""
        from trainer.progress import fitting

        try:
            logs = fitting.class_logs(self.store, self.class_name)
            fitting.enough(logs, self.class_name)
        except TrainerError as exc:
            self.figures.setText(f"⚠ {exc}")
            return False
        self.button.setEnabled(False)
        self.figures.setText(f"Fitting FSRS to {len(logs):,} answers of {self.class_name}…")
        self.worker = threading.Thread(target=self._fit, args=(logs, self.class_name), name="fsrs-fit",
                                       daemon=True)
        self.worker.start()
        return True

    def _fit(self, logs, class_name: str) -> None:
        """The background thread: the fit, handed to the UI thread through :attr:`fitted`."""
        from trainer.progress import fitting

        try:
            result: object = fitting.fit(logs, class_name)
        except TrainerError as exc:
            result = str(exc)
        except Exception as exc:  # the optional optimiser's own failure: said in the panel, nothing changed
            result = f"the fit failed ({type(exc).__name__}: {str(exc).splitlines()[0][:120]}): nothing changed"
        try:
            self.fitted.emit(result)
        except RuntimeError:  # the screen was closed meanwhile
            pass

    def finish(self, result: object) -> None:
        """On the UI thread: keep the fit if it is better, and show it (or why there is none)."""
        from trainer.progress import fitting

        self.worker = None
        self.button.setEnabled(True)
        if isinstance(result, str):
            self.figures.setText(f"⚠ {result}")
            return
        try:
            kept = fitting.keep(self.store, result)
        except TrainerError as exc:
            self.figures.setText(f"⚠ {exc}")
            return
        self.show_fit(result, kept)
