"""A deal shown as a short looping animation, for questions that ask what the trainee sees
(``style-animation``: name the delivery style).

The question carries the deal as data (style, woodpile seed, dice, bank); :func:`round_choice`
turns it into the table screen's :class:`~trainer.ui.paigow.timeline.RoundChoice`, so ``plan_for`` rebuilds
the very plan the drill built. The table scene plays it from the formed woodpile through the last
delivery with no caption bar (every caption would name the style), fast enough to last about
``TARGET_MS``, holds the last frame and plays again. R replays it at once.

:class:`AnimationSlot` is what a screen keeps: it builds the :class:`DrillAnimation` (scene, view,
player) the first time an animated question is shown, reuses it afterwards and hides it for
other questions.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QBoxLayout, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from trainer.ui.widgets.labels import make_label
from trainer.ui.paigow.player import GAP, Player
from trainer.ui.paigow.table_scene import TableScene
from trainer.ui.paigow.table_view import TableView
from trainer.ui.theme import Theme
from trainer.ui.paigow.timeline import RoundChoice, Timeline, build_timeline, plan_for

#: How long one pass of the animation should take (milliseconds): short, yet every move readable.
TARGET_MS = 10_000
#: The slowest and fastest playback: never slower than the table screen's 1x, never a blur.
MIN_SPEED, MAX_SPEED = 1.0, 4.0
#: How long the finished deal stays on the table before the animation starts again.
HOLD_MS = 1500
#: Qt's "no maximum" widget size.
NO_MAX = 16_777_215


def is_animated(question: Any) -> bool:
    """True for a question the screen shows as an animation (its data says so)."""
    return bool(question.data.get("animation"))


def round_choice(question: Any) -> RoundChoice:
    """The table screen's choice for the deal in ``question.data`` (see ``dealing_drills``)."""
    d = question.data
    return RoundChoice(style=d["style"], seed=int(d["woodpile_seed"]), dice=",".join(map(str, d["dice"])),
                       bank=d.get("bank"), profile=question.profile)


def question_timeline(question: Any) -> Timeline:
    """The steps shown: the plan's moves from the formed woodpile, no mixing, no dealer's hand turned up."""
    return build_timeline(plan_for(round_choice(question)), prelude=False, expose=False)


def loop_speed(timeline: Timeline) -> float:
    """The playback speed that makes one pass (steps and the pauses between them) last ``TARGET_MS``."""
    total = sum(step.duration for step in timeline.steps) + GAP * max(0, len(timeline) - 1)
    return min(MAX_SPEED, max(MIN_SPEED, total / TARGET_MS))


class DrillAnimation(QWidget):
    """A compact table (scene, view, player) that loops one deal; keys stay with the answer widgets."""

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("drill-animation")
        self.scene = TableScene(theme, self)
        self.view = TableView(self.scene, self)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # 1-9 must reach the choices
        self.view.setAccessibleName("Animation of the deal")
        # the table gives way to the question and the choices (Projector text on a small screen), it
        # never lies under them
        self.view.setMinimumSize(200, 110)
        self.player = Player(self.scene, parent=self)
        self.note = make_label("Animation of the deal, looping  ·  R replays", 1.1)
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.setInterval(HOLD_MS)
        self._hold.timeout.connect(self.replay)
        self.player.finished.connect(self._hold.start)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.note)

    def play(self, question: Any) -> None:
        """Show ``question``'s deal from the start and loop it."""
        self._hold.stop()
        timeline = question_timeline(question)
        self.player.set_timeline(timeline)
        self.player.set_speed(loop_speed(timeline))
        self.player.play()

    def replay(self) -> None:
        self._hold.stop()
        if self.player.timeline is not None:
            self.player.replay()

    def pause_at(self, index: int) -> None:
        """Stop the loop and show the table after ``index`` steps (snapshots)."""
        self._hold.stop()
        self.player.pause()
        self.player.goto(index)

    def stop(self) -> None:
        self._hold.stop()
        self.player.pause()

    def set_theme(self, theme: Theme) -> None:
        self.scene.set_theme(theme)
        self.view.set_theme(theme)

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt API
        # another screen or page: no animation runs where nobody sees it
        self.stop()
        super().hideEvent(event)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self.player.timeline is not None and not self.player.playing:
            self.replay() if self.player.at_end else self.player.play()


class FitHeight(QObject):
    """While on, caps a stacked answer panel at its current page's natural height.

    A stack is as tall as its tallest page (the hand setter), which would squeeze the table above
    a short list of choices. The cap follows the page as it changes (fonts zoom with the window).
    """

    def __init__(self, stack: QStackedWidget) -> None:
        super().__init__(stack)
        self.stack = stack
        self.on = False
        stack.installEventFilter(self)

    def set_on(self, on: bool) -> None:
        self.on = on
        self._apply()

    def _apply(self) -> None:
        page = self.stack.currentWidget()
        height = page.sizeHint().height() if self.on and page is not None else NO_MAX
        if self.stack.maximumHeight() != height:
            self.stack.setMaximumHeight(height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if self.on and event.type() == QEvent.Type.LayoutRequest:
            self._apply()
        return False


class AnimationSlot:
    """A place in a screen's layout for question animations, filled on first use.

    ``layout.insertWidget(index, ...)`` puts the animation there with ``stretch``; while it shows,
    the ``answers`` panel keeps its natural height and the table takes the rest. The R key (active
    only while the animation shows) replays it.
    """

    def __init__(self, owner: QWidget, layout: QBoxLayout, index: int, answers: QStackedWidget,
                 stretch: int = 12) -> None:
        self.owner, self.layout, self.index, self.stretch = owner, layout, index, stretch
        self.fit_answers = FitHeight(answers)
        self.widget: DrillAnimation | None = None
        self._theme: Theme | None = None
        self.replay_key = QShortcut(QKeySequence("R"), owner, self.replay,
                                    context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.replay_key.setEnabled(False)

    @property
    def showing(self) -> bool:
        return self.widget is not None and not self.widget.isHidden()

    def show_question(self, question: Any, question_view: Any = None) -> bool:
        """Animate ``question`` if it is an animated one (True), else hide the animation (False).

        ``question_view`` (a ``QuestionView``) gives up its dice strip: the dice are rolled on the table.
        """
        if not is_animated(question):
            self.hide()
            return False
        self.fit_answers.set_on(True)
        if self.widget is None:
            self.widget = DrillAnimation(self._theme or self.owner.theme)
            self.layout.insertWidget(self.index, self.widget, self.stretch)
        if question_view is not None:
            question_view.strip.hide()
            question_view.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.widget.play(question)  # before show(): showing resumes a paused loop, not this new one
        self.widget.show()
        self.replay_key.setEnabled(True)
        return True

    def hide(self) -> None:
        self.replay_key.setEnabled(False)
        self.fit_answers.set_on(False)
        if self.widget is not None:
            self.widget.hide()

    def replay(self) -> None:
        if self.showing:
            self.widget.replay()

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        if self.widget is not None:
            self.widget.set_theme(theme)
