"""What a dealer screen shows without scrolling (issue 40, items 1-2): the trainee's controls whose
rect is not wholly inside what the window shows (its scroll areas' viewports, the window), and the
smallest text drawn, on the widgets and on the felt, in pixels on screen.

A helper for the tests (``tests/test_ui_dealer_fit.py``): ``out_of_sight(screen)`` and
``smallest_px(screen)``, read from the real widgets as laid out and the felt as painted."""

from __future__ import annotations

from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import (
    QAbstractButton, QComboBox, QLabel, QLineEdit, QWidget,
)


def visible_rect(widget: QWidget):
    """The part of the window that ``widget``'s ancestors let it show (window coordinates): each
    ancestor's rect, a scroll area's viewport as the window shows it."""
    window = widget.window()
    shown = window.rect()
    w = widget.parentWidget()
    while w is not None and w is not window:
        shown &= w.rect().translated(w.mapTo(window, w.rect().topLeft()))
        w = w.parentWidget()
    return shown


def in_sight(widget: QWidget) -> bool:
    """Whether all of ``widget`` is on screen without scrolling (and shown at all)."""
    if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
        return False
    window = widget.window()
    box = widget.rect().translated(widget.mapTo(window, widget.rect().topLeft()))
    return visible_rect(widget).contains(box)


def controls(screen) -> dict[str, QWidget]:
    """What the trainee needs in sight on a dealer screen while an action is asked: the "Your action"
    line, the question, each answer button (choices, chips, the hand's buttons), the typed field and
    the chip tray."""
    from trainer.ui.widgets.chip_tray import ChipTray

    found: dict[str, QWidget] = {"action line": screen.skill_label, "question": screen.question.prompt}
    panel = screen.answers.currentWidget()
    if panel is None or not panel.isVisible():
        return found
    for i, button in enumerate(b for b in panel.findChildren(QAbstractButton) if b.isVisibleTo(panel)):
        found[f"button {i + 1} {button.text().splitlines()[0][:24]!r}"] = button
    for i, edit in enumerate(e for e in panel.findChildren(QLineEdit) if e.isVisibleTo(panel)):
        found[f"field {i + 1}"] = edit
    if isinstance(panel, ChipTray):  # the chips to pay from, and the stacks paid so far
        found["chip rack"], found["chip stacks"] = panel.buttons, panel.stacks
    return found


def out_of_sight(screen) -> list[str]:
    """The names of ``controls(screen)`` not wholly in sight."""
    return [name for name, w in controls(screen).items() if not in_sight(w)]


def widget_px(root: QWidget) -> list[tuple[str, int]]:
    """Each visible text widget under ``root`` with text, and its font's pixel size."""
    sizes = []
    for w in root.findChildren(QWidget):
        if not w.isVisible() or not isinstance(w, (QLabel, QAbstractButton, QLineEdit, QComboBox)):
            continue
        text = w.currentText() if isinstance(w, QComboBox) else w.text() or getattr(w, "placeholderText", str)()
        if text and visible_rect(w).intersects(w.rect().translated(w.mapTo(w.window(), w.rect().topLeft()))):
            sizes.append((text[:30], QFontInfo(w.font()).pixelSize()))
    return sizes


def felt_px(view, monkeypatch) -> list[tuple[str, float]]:
    """Every text the felt's scene draws with its height on screen (``tests.test_ui_fit._table_texts``)."""
    from tests.test_ui_fit import _table_texts

    return _table_texts(monkeypatch, view)


def smallest_px(screen, monkeypatch) -> tuple[float, str]:
    """The smallest text on the screen in pixels (widgets and felt), and what it says."""
    texts = [(px, f"widget {t!r}") for t, px in widget_px(screen)]
    texts += [(px, f"felt {t!r}") for t, px in felt_px(screen.pane.view, monkeypatch) if t.strip()]
    return min(texts)
