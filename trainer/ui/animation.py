"""Animation pieces shared by both games' table scenes."""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QObject, QPropertyAnimation


def eased(item: QObject, name: bytes, end, duration: int, start=None) -> QPropertyAnimation:
    """An animation of ``item``'s property ``name`` to ``end`` over ``duration`` ms (from ``start``,
    else from where it is), easing in and out as a dealer's hand moves."""
    anim = QPropertyAnimation(item, name)
    anim.setDuration(duration)
    if start is not None:
        anim.setStartValue(start)
    anim.setEndValue(end)
    anim.setEasingCurve(QEasingCurve.Type.InOutCubic)
    return anim
