"""Plays a :class:`~trainer.ui.paigow.timeline.Timeline` on a :class:`~trainer.ui.paigow.table_scene.TableScene`.

Speed 0.25x to 4x or instant, play and pause, one step forward or back, jump, replay. Each step is
one Qt animation (the scene's transition, preceded by a short QPauseAnimation while playing); the
next step starts from the previous one's ``finished`` signal, so there are no timers of our own.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractAnimation, QObject, QPauseAnimation, QSequentialAnimationGroup, Signal

if TYPE_CHECKING:  # (Baccarat's table plays its own timeline on its own scene with this player)
    from trainer.ui.paigow.table_scene import TableScene
    from trainer.ui.paigow.timeline import Timeline

INSTANT = math.inf
#: The speeds offered in the UI; ``INSTANT`` jumps straight to the end of each step.
SPEEDS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, INSTANT)  # 8x, 16x: a whole Baccarat shoe
#: The pause between two steps while playing, at 1x (milliseconds).
GAP = 260


def speed_label(speed: float) -> str:
    return "instant" if speed == INSTANT else f"{speed:g}×"


class Player(QObject):
    """Drives one scene through one timeline. ``index`` is the number of steps completed."""

    stepChanged = Signal(int)
    #: The scene is about to go from step ``index`` to the step given, still showing the one before
    #: (the presenter window keeps that picture while the answer is hidden, and zooms on the step).
    stepStarting = Signal(int)
    captionChanged = Signal(str, str)
    playingChanged = Signal(bool)
    speedChanged = Signal(float)
    finished = Signal()

    def __init__(self, scene: TableScene, timeline: Timeline | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.timeline: Timeline | None = None
        self.index = 0
        self.speed = 1.0
        self.playing = False
        self._anim: QAbstractAnimation | None = None
        self._target = 0
        if timeline is not None:
            self.set_timeline(timeline)

    # -- state -------------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.timeline) if self.timeline else 0

    @property
    def animating(self) -> bool:
        return self._anim is not None

    @property
    def at_end(self) -> bool:
        return self.index >= len(self)

    @property
    def shown(self) -> int:
        """The step whose caption is shown: the one being played, else the last one completed."""
        return self._target if self._anim is not None else self.index

    def caption(self) -> tuple[str, str]:
        """The caption and citation of the step shown (or being played)."""
        i = self.shown
        if not self.timeline or i <= 0:
            return ("", "")
        step = self.timeline.steps[i - 1]
        return (step.caption, step.citation)

    def set_timeline(self, timeline: Timeline, index: int = 0) -> None:
        self._stop_anim()
        self.timeline = timeline
        self._set_playing(False)
        self.goto(index)

    def set_speed(self, speed: float) -> None:
        """0.25x..16x in the UI (any positive factor works), or ``INSTANT``."""
        if speed <= 0:
            raise ValueError("speed must be positive")
        self.speed = speed
        self.speedChanged.emit(speed)
        if speed == INSTANT and self._anim is not None:
            self._finish_anim()
            if self.playing:
                self._run_instant()

    def faster(self) -> None:
        self.set_speed(_neighbour(self.speed, +1))

    def slower(self) -> None:
        self.set_speed(_neighbour(self.speed, -1))

    # -- transport ----------------------------------------------------------------------------------
    def play(self) -> None:
        if not self.timeline:
            return
        if self.at_end and self._anim is None:
            self._set_playing(False)
            return
        self._set_playing(True)
        if self.speed == INSTANT:
            self._finish_anim()
            self._run_instant()
        elif self._anim is not None:
            if self._anim.state() == QAbstractAnimation.State.Paused:
                self._anim.resume()
        else:
            self._start_step()

    def pause(self) -> None:
        self._set_playing(False)
        if self._anim is not None and self._anim.state() == QAbstractAnimation.State.Running:
            self._anim.pause()

    def toggle(self) -> None:
        self.pause() if self.playing else self.play()

    def step_forward(self) -> None:
        """Complete the step in progress, or play exactly one more step."""
        self._set_playing(False)
        if self._anim is not None:
            self._finish_anim()
        elif not self.at_end:
            if self.speed == INSTANT:
                self._advance_to(self.index + 1)
            else:
                self._start_step()

    def step_back(self) -> None:
        """Undo the step in progress, or go back one completed step; the table shows the state before it."""
        self._set_playing(False)
        if self._anim is not None:
            self._stop_anim()
            self.goto(self.index)
        elif self.index > 0:
            self.goto(self.index - 1)

    def goto(self, index: int) -> None:
        """Show the state after ``index`` steps at once (0 = before the first)."""
        self._stop_anim()
        self.stepStarting.emit(max(0, min(index, len(self))))
        self.index = max(0, min(index, len(self)))
        if self.timeline:
            self.scene.show_frame(self.timeline.frame_at(self.index))
        self.captionChanged.emit(*self.caption())
        self.stepChanged.emit(self.index)

    def replay(self) -> None:
        self.goto(0)
        self.play()

    def to_end(self) -> None:
        self._set_playing(False)
        self.goto(len(self))

    # -- internals ----------------------------------------------------------------------------------
    def _set_playing(self, on: bool) -> None:
        if on != self.playing:
            self.playing = on
            self.playingChanged.emit(on)

    def _start_step(self) -> None:
        assert self.timeline is not None
        step = self.timeline.steps[self.index]
        self._target = self.index + 1
        self.stepStarting.emit(self._target)
        transition = self.scene.transition(step.frame, int(step.duration / self.speed), step.kind)
        if self.playing and self.index > 0:
            seq = QSequentialAnimationGroup(self)
            seq.addAnimation(QPauseAnimation(int(GAP / self.speed)))
            seq.addAnimation(transition)
            anim: QAbstractAnimation = seq
        else:
            anim = transition
        self._anim = anim
        anim.finished.connect(self._step_done)
        self.captionChanged.emit(step.caption, step.citation)
        anim.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)

    def _step_done(self) -> None:
        self._anim = None
        self.index = self._target
        self.stepChanged.emit(self.index)
        if self.at_end:
            self._set_playing(False)
            self.finished.emit()
        elif self.playing:
            if self.speed == INSTANT:
                self._run_instant()
            else:
                self._start_step()

    def _finish_anim(self) -> None:
        """Jump the running step to its end; its ``finished`` completes the step."""
        anim = self._anim
        if anim is not None:
            if anim.state() == QAbstractAnimation.State.Paused:
                anim.resume()
            anim.setCurrentTime(anim.totalDuration())

    def _stop_anim(self) -> None:
        anim, self._anim = self._anim, None
        if anim is not None:
            anim.finished.disconnect(self._step_done)
            anim.stop()

    def _advance_to(self, index: int) -> None:
        """Instant steps: announce each caption in order, then show the last frame."""
        assert self.timeline is not None
        self.stepStarting.emit(index)
        while self.index < index:
            step = self.timeline.steps[self.index]
            self.captionChanged.emit(step.caption, step.citation)
            self.index += 1
            self.stepChanged.emit(self.index)
        self.scene.show_frame(self.timeline.frame_at(self.index))

    def _run_instant(self) -> None:
        self._advance_to(len(self))
        self._set_playing(False)
        self.finished.emit()


def _neighbour(speed: float, direction: int) -> float:
    """The next offered speed up or down from ``speed``."""
    below = [s for s in SPEEDS if s < speed]
    above = [s for s in SPEEDS if s > speed]
    if direction > 0:
        return above[0] if above else SPEEDS[-1]
    return below[-1] if below else SPEEDS[0]
