"""A screen's option bar folded behind an "Options" button at Projector on a small window (issue 29).

At Projector (View → Text size) a 1280x720 or 1024x768 window gives two rows of options a fifth of
its height; folded, that height goes to the table. The options are one click (or the screen's key)
away, and unfold by themselves on a larger window or at a smaller text size.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QToolButton, QWidget

from trainer.ui.scaling import current_text_size

#: A window less tall than this folds its screen's options at Projector (1366x768, 1280x800 and below).
FOLD_BELOW_PX = 900


class OptionFold(QObject):
    """Folds ``bar`` behind :attr:`button` (to be placed on a row that stays) while ``screen``'s window
    is small at Projector; the button shows or hides it then."""

    def __init__(self, screen: QWidget, bar: QWidget, when: Callable[[], bool] = lambda: True) -> None:
        super().__init__(screen)
        self.screen, self.bar = screen, bar
        #: the screen's own condition for folding (the Drills screen: while a question shows); its
        #: changes are applied by ``refresh``
        self.when = when
        self.button = QToolButton()
        self.button.setText("Options")
        self.button.setCheckable(True)
        self.button.setToolTip("Show or hide the options (they fold at Projector on a small window)")
        self.button.setAccessibleName("Options")
        self.button.toggled.connect(self._apply)
        self.button.setVisible(False)
        self.button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the keys to the screen (the
        # table screens take it out of the Tab order too: their O key is it)
        #: the screen hides the bar itself (demonstration mode): neither bar nor button shows
        self.hidden = False
        screen.installEventFilter(self)

    @property
    def folded(self) -> bool:
        """Whether the options fold now: Projector, on a window under :data:`FOLD_BELOW_PX` tall, when
        the screen's condition holds."""
        return bool(current_text_size().min_px) and self.screen.window().height() < FOLD_BELOW_PX and self.when()

    def toggle(self) -> None:
        """The screen's key for the options: show or hide them while folded."""
        if self.folded:
            self.button.toggle()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if watched is self.screen and event.type() in (QEvent.Type.Resize, QEvent.Type.Show,
                                                         QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            self._apply()
        return False

    def refresh(self) -> None:
        """Fold or unfold after the screen's condition changed."""
        self._apply()

    def set_hidden(self, on: bool) -> None:
        self.hidden = on
        self._apply()

    def _apply(self, *_) -> None:
        folded = self.folded
        self.button.setVisible(folded and not self.hidden)
        self.bar.setVisible(not self.hidden and (not folded or self.button.isChecked()))
