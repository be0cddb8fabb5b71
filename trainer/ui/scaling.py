"""Presentation scale: View → Text size (Normal, Large, Projector), remembered between sessions.

One number scales every text of the app: the application font (menus, tab bar, toolbars, status
bar, every widget without a font of its own) is the platform's size times the preset; the screens'
own sizes are multiples of the application font (``drill_widgets.scaled_font``), and the table
scene never draws a label smaller on screen than ``min_text_px`` (at Projector the application font,
at Large Normal's). The
Projector preset makes the application font 24 px at least: readable from the back of a room.

Changing the size sets the application font, re-applies the screens' scaled fonts and calls
``text_size_changed()`` on every widget that has one (caption bars, table views, style sheets).
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.rules.errors import UnknownNameError


@dataclass(frozen=True)
class TextSize:
    key: str
    title: str
    factor: float
    #: the smallest application font in pixels this preset guarantees (0 = the factor alone)
    min_px: int = 0


TEXT_SIZES: dict[str, TextSize] = {s.key: s for s in (
    TextSize("normal", "Normal", 1.0),
    TextSize("large", "Large", 1.5),
    TextSize("projector", "Projector", 2.0, min_px=24),
)}
DEFAULT_TEXT_SIZE = "normal"

#: the platform's application font size in pixels, read once before the first change
_platform_px: int | None = None
_current = TEXT_SIZES[DEFAULT_TEXT_SIZE]
_text_px = 12


def text_size_named(key: str) -> TextSize:
    try:
        return TEXT_SIZES[key]
    except KeyError:
        raise UnknownNameError("text size", key, sorted(TEXT_SIZES)) from None


def current_text_size() -> TextSize:
    return _current


def text_factor() -> float:
    """How much larger than the platform's size the application font is now (1 = Normal)."""
    return _text_px / (_platform_px or _text_px)


def text_px() -> int:
    """The application font's size in pixels."""
    return _text_px


def min_text_px() -> int:
    """The smallest a label on the table is drawn on screen (one that would be smaller is left out).
    At Projector, the application font's pixel size (24 px at least: read from the back of a room);
    at Large, Normal's application font (a felt too small for larger names keeps its names rather
    than lose them); at Normal, 0: the table's labels scale with the table (a small table, e.g. a
    drill's animation, keeps its proportions)."""
    if _current.factor <= 1:
        return 0
    return _text_px if _current.min_px else min(_text_px, _platform_px or _text_px)


def base_pt() -> float:
    """The application font's size in points (whether it was set in points or pixels)."""
    from PySide6.QtGui import QFont, QFontInfo

    return QFontInfo(QFont()).pointSizeF()


def apply_text_size(app, key: str) -> TextSize:
    """Set the application font for preset ``key`` and re-apply every screen's scaled fonts."""
    global _platform_px, _current, _text_px
    from PySide6.QtGui import QFontInfo

    from trainer.ui.theme import refresh_app_style

    size = text_size_named(key)
    font = app.font()
    if _platform_px is None:
        _platform_px = QFontInfo(font).pixelSize()
    _current = size
    _text_px = max(size.min_px, round(_platform_px * size.factor))
    # in points (screens scale ``pointSizeF``), a hair over the pixel size so it never rounds below
    dpi = app.primaryScreen().logicalDotsPerInchY() if app.primaryScreen() else 96.0
    font.setPointSizeF((_text_px + 0.3) * 72.0 / dpi)
    app.setFont(font)
    refresh_app_style(app)
    _refresh_all(app)
    return size


def _refresh_all(app) -> None:
    tops = app.topLevelWidgets()
    if not tops:  # at start-up: nothing to refresh, and nothing more to import
        return
    from trainer.ui.drill_widgets import refresh_fonts

    for top in tops:
        refresh_fonts(top)
    for widget in app.allWidgets():
        hook = getattr(widget, "text_size_changed", None)
        if callable(hook):
            hook()
