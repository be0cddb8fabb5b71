"""Accessible names and descriptions for every control, so a screen reader can drive the app.

Screens name their controls where the words matter; ``name_controls`` fills in the rest once a
screen is built, from what a sighted user reads beside the control: its own text, the label in
front of it (or its buddy), its placeholder or its tooltip. The tooltip also becomes the
description. ``unnamed_controls`` lists what is still nameless (the tests require none).
"""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QAbstractButton, QAbstractItemView, QAbstractSlider, QAbstractSpinBox, QComboBox, QGraphicsView, QHeaderView,
    QLabel, QLineEdit, QScrollBar, QTabBar, QWidget,
)

#: the kinds of widget a user operates (and a screen reader must name)
CONTROLS = (QAbstractButton, QAbstractItemView, QAbstractSlider, QAbstractSpinBox, QComboBox, QGraphicsView,
            QLineEdit, QTabBar)

_SHORTCUT = re.compile(r"\s*\((?:[^()]*|\([^()]*\))*\)\s*$")  # a trailing "(Ctrl+1)" or "(keys 1-9, 0)"


def _plain(text: str) -> str:
    """Label text as spoken: no '&' mnemonics, no markup, no trailing colon."""
    text = re.sub(r"<[^>]+>", " ", text).replace("&&", "\0").replace("&", "").replace("\0", "&")
    return " ".join(text.split()).rstrip(":")


def _label_before(widget: QWidget) -> str:
    """The text of a label naming ``widget``: its buddy, or the label just before it in its layout."""
    parent = widget.parentWidget()
    if parent is None:
        return ""
    for label in parent.findChildren(QLabel):
        if label.buddy() is widget:
            return _plain(label.text())
    layout = parent.layout()
    if layout is None:
        return ""
    items = _flatten(layout)
    if widget in items:
        i = items.index(widget)
        if i > 0 and isinstance(items[i - 1], QLabel) and items[i - 1].text():
            return _plain(items[i - 1].text())
    return ""


def _flatten(layout) -> list[QWidget]:
    out: list[QWidget] = []
    for i in range(layout.count()):
        item = layout.itemAt(i)
        if item.widget() is not None:
            out.append(item.widget())
        elif item.layout() is not None:
            out.extend(_flatten(item.layout()))
    return out


def spoken_name(widget: QWidget) -> str:
    """The name a screen reader announces for ``widget`` (Qt's accessibility interface)."""
    from PySide6.QtGui import QAccessible

    iface = QAccessible.queryAccessibleInterface(widget)
    return iface.text(QAccessible.Text.Name).strip() if iface is not None else widget.accessibleName()


def name_controls(root: QWidget) -> None:
    """Give every control under ``root`` without a spoken name one, and its tooltip as description."""
    for widget in [root, *root.findChildren(QWidget)]:
        if not isinstance(widget, CONTROLS):
            continue
        tip = _plain(widget.toolTip())
        if tip and not widget.accessibleDescription():
            widget.setAccessibleDescription(tip)
        if spoken_name(widget):
            continue
        name = (_label_before(widget) or _plain(getattr(widget, "placeholderText", lambda: "")())
                or _SHORTCUT.sub("", tip) or _plain(widget.objectName().replace("-", " ")))
        if name:
            widget.setAccessibleName(name)


def unnamed_controls(root: QWidget) -> list[QWidget]:
    """The visible controls under ``root`` a screen reader could not name (scroll bars and table
    headers are announced as parts of their named view)."""
    return [w for w in root.findChildren(QWidget)
            if isinstance(w, CONTROLS) and not isinstance(w, (QScrollBar, QHeaderView))
            and w.isVisibleTo(root) and not spoken_name(w)]
