"""The transport buttons under a table (start, back, play/pause, forward, end, replay), shared by
both games' table screens: each a tool button with a named standard symbol, painted in the theme's
text colour (Fusion's grey symbols are lost on the dark theme's buttons) and as large as the text
(View → Text size), larger in demonstration mode."""

from __future__ import annotations

from typing import Callable, Iterable

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QStyle, QToolButton

from trainer.ui.scaling import text_px
from trainer.ui.theme import theme_named, tinted_icon


def transport_button(icon: QStyle.StandardPixmap, tip: str, slot: Callable[[], object]) -> QToolButton:
    """A transport button showing ``icon``; its accessible name is ``tip`` without the key in brackets."""
    b = QToolButton()
    b.setProperty("standardIcon", icon)
    b.setToolTip(tip)
    b.setAccessibleName(tip.split(" (")[0])
    b.setMinimumWidth(44)
    b.clicked.connect(slot)
    return b


def set_symbol(button: QToolButton, icon: QStyle.StandardPixmap) -> bool:
    """Give ``button`` another symbol (play ↔ pause); True if it changed (then repaint the buttons)."""
    if button.property("standardIcon") == icon:
        return False
    button.setProperty("standardIcon", icon)
    return True


def paint_transport(buttons: Iterable[QToolButton], style: QStyle, theme: str, scale: float = 1.0) -> None:
    """Paint each button's symbol in ``theme``'s text colour at 1.3 × the text's pixel size × ``scale``."""
    px = max(16, round(text_px() * 1.3 * scale))
    colour = theme_named(theme).text
    for b in buttons:
        b.setIcon(tinted_icon(style, b.property("standardIcon"), colour, px))
        b.setIconSize(QSize(px, px))
