"""Passing a trainee's answer to the drill engine from a screen's controller."""

from __future__ import annotations

from typing import Callable, TypeVar

from PySide6.QtCore import SignalInstance

from trainer.drills import AnswerParseError
from trainer.rules.errors import TrainerError

T = TypeVar("T")


def judge(answer: Callable[[], T], report: SignalInstance) -> T | None:
    """``answer()``'s verdict; an unreadable answer (shown inline, never counted) or one that could not
    be saved (e.g. the trainee was deleted meanwhile) goes to ``report(message, part)`` instead."""
    try:
        return answer()
    except AnswerParseError as exc:
        report.emit(str(exc), exc.part)
    except TrainerError as exc:
        report.emit(f"Not saved: {exc}", None)
    return None
