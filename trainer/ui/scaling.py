"""Presentation scale: View → Text size (Normal, Large, Projector), remembered between sessions.

One number scales every text of the app: the application font (menus, tab bar, toolbars, status
bar, every widget without a font of its own) is the platform's size times the preset; the screens'
own sizes are multiples of the application font (:func:`scaled_font`), and the table
scene draws its labels as large as ``min_text_px`` where their room allows (at Projector the
application font, at Large Normal's), smaller where it does not: never left out (issue 29). The
Projector preset makes the application font 24 px at least: readable from the back of a room.

Changing the size sets the application font, re-applies the screens' scaled fonts and calls
``text_size_changed()`` on every widget that has one (caption bars, table views, style sheets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from trainer.rules.errors import UnknownNameError

if TYPE_CHECKING:  # Qt is imported on first use: the command line reads the text sizes without it
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QWidget


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
#: What re-styles the application when the text size changes, in the order registered (the
#: theme's style sheet registers itself: a call up into ``theme`` would be an import circle).
_restylers: list[Callable] = []


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
    """The size a label on the table grows to on screen where its room allows (else it is written
    short, then smaller: never left out). At Projector, the application font's pixel size (24 px at
    least: read from the back of a room); at Large, Normal's application font (a felt too small for larger names keeps its names rather
    than lose them); at Normal, 0: the table's labels scale with the table (a small table, e.g. a
    drill's animation, keeps its proportions)."""
    if _current.factor <= 1:
        return 0
    return _text_px if _current.min_px else min(_text_px, _platform_px or _text_px)


def base_pt() -> float:
    """The application font's size in points (whether it was set in points or pixels)."""
    from PySide6.QtGui import QFont, QFontInfo

    return QFontInfo(QFont()).pointSizeF()


def when_text_size_changes(restyle: Callable) -> None:
    """Call ``restyle(app)`` after each change of the text size, before the screens' fonts are re-applied."""
    _restylers.append(restyle)


def apply_text_size(app, key: str) -> TextSize:
    """Set the application font for preset ``key`` and re-apply every screen's scaled fonts."""
    global _platform_px, _current, _text_px
    from PySide6.QtGui import QFontInfo

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
    for restyle in _restylers:
        restyle(app)
    _refresh_all(app)
    return size


def _refresh_all(app) -> None:
    tops = app.topLevelWidgets()
    if not tops:  # at start-up: nothing to refresh, and nothing more to import
        return
    for top in tops:
        refresh_fonts(top)
    for widget in app.allWidgets():
        hook = getattr(widget, "text_size_changed", None)
        if callable(hook):
            hook()


def zoom_of(widget: QWidget) -> float:
    """The font zoom of the nearest ancestor screen that set one (see ``rescale_fonts``), else 1."""
    w: QWidget | None = widget
    while w is not None:
        zoom = w.property("fontZoom")
        if zoom:
            return float(zoom)
        w = w.parentWidget()
    return 1.0


def scaled_font(widget: QWidget, factor: float, bold: bool = False) -> QFont:
    """A font ``factor`` times the application's base size, times the screen's zoom (projector sizes).

    At a larger text size (View → Text size) the base is already large: headings stand out less
    (a 1.75 heading is 1.375 times the text at Projector) and nothing is smaller than the text."""
    return _scaled(widget, factor, bold, base_pt() * zoom_of(widget))


def _scaled(widget: QWidget, factor: float, bold: bool, base: float) -> QFont:
    """``widget``'s font at ``factor`` times ``base`` points (the base size times the zoom), bold or not."""
    from PySide6.QtGui import QFont

    grown = text_factor()
    if grown > 1:
        factor = max(1.0, 1 + (factor - 1) / grown)
    font = QFont(widget.font())
    font.setPointSizeF(max(8.0, base * factor))
    font.setBold(bold)
    return font


def set_font(widget: QWidget, factor: float, bold: bool = False) -> None:
    """Give ``widget`` a scaled font, remembered so that ``rescale_fonts`` can resize it."""
    widget.setProperty("fontScale", factor)
    widget.setProperty("fontBold", bold)
    widget.setFont(scaled_font(widget, factor, bold))


def rescale_fonts(screen: QWidget) -> bool:
    """Zoom a screen's fonts with its size: 1 at 1280x720 and below, up to 1.5 at 1920x1080, less
    what a larger text size (View → Text size) already gives. True if the zoom changed."""
    zoom = round(max(1.0, min(1.5, screen.width() / 1280, screen.height() / 720) / text_factor()), 2)
    if screen.property("fontZoom") == zoom:
        return False
    screen.setProperty("fontZoom", zoom)
    refresh_fonts(screen)
    return True


def refresh_fonts(root: QWidget) -> None:
    """Re-apply the scaled fonts of ``root`` and its descendants (after new widgets were added)."""
    from PySide6.QtWidgets import QWidget

    # The base size once, and each parent's zoom once: a Learn page has some 200 labels, and asking
    # each for both cost about a tenth of the page's first open (issue 42).
    base, zooms = base_pt(), {}

    def zoom(widget: QWidget) -> float:
        key = id(widget)
        if key not in zooms:
            own = widget.property("fontZoom")
            parent = widget.parentWidget()
            zooms[key] = float(own) if own else zoom(parent) if parent is not None else 1.0
        return zooms[key]

    for child in [root, *root.findChildren(QWidget)]:
        factor = child.property("fontScale")
        if factor:
            font = _scaled(child, float(factor), bool(child.property("fontBold")), base * zoom(child))
            if font != child.font():  # (an unchanged font set again still relays its widget out)
                child.setFont(font)
        child.update()
