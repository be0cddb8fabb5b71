"""Light and dark themes: the widget palette and the colours of the table (felt, lines, tiles).

A theme is plain data; ``apply_theme`` sets the application palette. The table scene reads the same
``Theme`` for its felt, chalk lines, labels and highlights, so both follow the theme toggle.
Colours are chosen for a projector: strong contrast between the felt, the lines and the labels.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.rules.errors import UnknownNameError
from trainer.ui.scaling import text_px, when_text_size_changes


@dataclass(frozen=True)
class Theme:
    name: str
    window: str
    base: str
    text: str
    button: str
    highlight: str
    felt: str
    felt_edge: str
    rail: str
    chalk: str
    label: str
    spot: str
    count_glow: str
    move_glow: str
    caption_bg: str
    caption_text: str
    citation_text: str
    tile_body: str
    tile_edge: str
    tile_back: str
    pip_white: str
    pip_red: str
    selection: str
    marker: str
    shaker: str
    die_body: str
    die_pip: str
    highlighted_text: str = "#ffffff"
    placeholder: str = "#6b6b66"


THEMES: dict[str, Theme] = {
    "light": Theme(
        name="light", window="#f3f1ea", base="#ffffff", text="#1d1d1b", button="#e6e3d9",
        highlight="#1f6f4a", felt="#1a6f45", felt_edge="#155c39", rail="#5a3a22", chalk="#e9f3ea",
        label="#ffffff", spot="#217a4f", count_glow="#ffd54a", move_glow="#7fd3ff",
        caption_bg="#10281b", caption_text="#ffffff", citation_text="#ffd54a",
        tile_body="#151515", tile_edge="#3b3b3b", tile_back="#20201f", pip_white="#f6f4ee",
        pip_red="#e0322c", selection="#ffd54a", marker="#c8102e", shaker="#c9a44c",
        die_body="#fbfaf5", die_pip="#1b1b1b"),
    "dark": Theme(
        name="dark", window="#1e2124", base="#15171a", text="#e8e6e1", button="#2c3035",
        highlight="#3fa774", felt="#0f4a2e", felt_edge="#0a3320", rail="#2e1e12", chalk="#bfe3c9",
        label="#f1f1ec", spot="#155f3b", count_glow="#ffcc33", move_glow="#6cc6ff",
        caption_bg="#06140d", caption_text="#f4f4f0", citation_text="#ffcc33",
        tile_body="#0c0c0c", tile_edge="#4a4a4a", tile_back="#181818", pip_white="#f1efe6",
        pip_red="#ef3b33", selection="#ffcc33", marker="#e0283f", shaker="#b8953f",
        die_body="#f3f1ea", die_pip="#111111", highlighted_text="#0b0b0b", placeholder="#a09f99"),
}


def theme_named(name: str) -> Theme:
    try:
        return THEMES[name]
    except KeyError:
        raise UnknownNameError("theme", name, sorted(THEMES)) from None


#: Casino chips (cents, colour, text colour), largest last: a 25¢ piece for the vigorish, then the
#: usual colours ($1 blue, as many casinos use, so it never melts into a light window; $5 red, $25
#: green, $100 black, $500 purple, $1,000 orange). The answer chips and the table's stacks share them.
CHIPS = ((25, "#b9bec4", "#1b1b1b"), (100, "#2b5fb4", "#ffffff"), (500, "#c8262c", "#ffffff"),
         (2500, "#1f8a4c", "#ffffff"), (10000, "#1b1b1b", "#ffffff"), (50000, "#6b3fa0", "#ffffff"),
         (100000, "#e8871e", "#1b1b1b"))


def chips_for(cents: int) -> list[tuple[int, str, str]]:
    """The fewest chips making ``cents``, largest first (what a dealer stacks).

    >>> [c for c, _, _ in chips_for(12_650)]
    [10000, 2500, 100, 25, 25]
    """
    from trainer.rules.chips import fewest_chips  # (the dealer's rule of the chip drills, drawn)

    looks = {value: (colour, ink) for value, colour, ink in CHIPS}
    paid = fewest_chips(cents - cents % min(looks), looks)  # (less than a quarter is not drawn)
    return [(value, *looks[value]) for value, count in paid.stacks for _ in range(count)]


#: the theme last given to the application (the text size re-applies its style sheet)
_applied: Theme | None = None


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours (1 to 21; AA: 4.5 for text, 3 for controls).

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def control_edge(theme: Theme) -> str:
    """The outline of checkboxes, radio buttons and list indicators: the text colour, so an
    unchecked box stands out from any background (Fusion derives a near-black one in the dark)."""
    return theme.text


def _tick_file(colour: str) -> str:
    """An SVG tick in ``colour`` (written once to the config folder) for the style sheet's checked boxes."""
    from trainer.paths import config_dir

    path = config_dir() / "style" / f"tick-{colour.lstrip('#')}.svg"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><path d='M3 8.5l3.2 3.2L13 4.8' "
                        f"fill='none' stroke='{colour}' stroke-width='2.4' stroke-linecap='round' "
                        "stroke-linejoin='round'/></svg>")
    return path.as_posix()


def app_style(theme: Theme, text_px: int) -> str:
    """The application style sheet: checkbox, radio and item indicators sized with the text and
    outlined in the text colour; checked ones filled with the highlight and ticked."""
    size = max(14, round(text_px * 0.95))
    edge, tick = control_edge(theme), _tick_file(theme.highlighted_text)
    box = (f"width: {size}px; height: {size}px; border: 2px solid {edge}; background: {theme.base};")
    kinds = ("QCheckBox", "QListView", "QListWidget", "QTreeView", "QTableView", "QGroupBox")
    return (", ".join(f"{k}::indicator" for k in kinds) + f" {{ {box} border-radius: 3px; }}"
            + ", ".join(f"{k}::indicator:checked" for k in kinds)
            + f" {{ background: {theme.highlight}; image: url({tick}); }}"
            + f"QRadioButton::indicator {{ {box} border-radius: {size // 2 + 2}px; }}"
            f"QRadioButton::indicator:checked {{ background: qradialgradient(cx:0.5, cy:0.5, radius:0.5, "
            f"fx:0.5, fy:0.5, stop:0 {theme.highlight}, stop:0.55 {theme.highlight}, stop:0.6 {theme.base}); }}"
            f"QCheckBox::indicator:disabled, QRadioButton::indicator:disabled {{ border-color: #8a8a85; }}")


def apply_theme(app, theme: Theme) -> None:
    """Give the application the theme's palette (Fusion style, so it looks the same everywhere) and
    its style sheet (``app_style``)."""
    global _applied
    from PySide6.QtGui import QColor, QPalette

    _applied = theme
    if app.style().name().lower() != "fusion":
        app.setStyle("Fusion")
    pal = QPalette()
    roles = {
        QPalette.ColorRole.Window: theme.window, QPalette.ColorRole.WindowText: theme.text,
        QPalette.ColorRole.Base: theme.base, QPalette.ColorRole.AlternateBase: theme.button,
        QPalette.ColorRole.Text: theme.text, QPalette.ColorRole.Button: theme.button,
        QPalette.ColorRole.ButtonText: theme.text, QPalette.ColorRole.ToolTipBase: theme.base,
        QPalette.ColorRole.ToolTipText: theme.text, QPalette.ColorRole.Highlight: theme.highlight,
        QPalette.ColorRole.HighlightedText: theme.highlighted_text, QPalette.ColorRole.PlaceholderText: theme.placeholder,
        QPalette.ColorRole.Link: theme.highlight,
    }
    for role, colour in roles.items():
        pal.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor("#8a8a85"))
    app.setPalette(pal)
    app.setStyleSheet(app_style(theme, text_px()))


def refresh_app_style(app) -> None:
    """Re-apply the style sheet of the theme in use (the text size changed)."""
    if _applied is not None:
        app.setStyleSheet(app_style(_applied, text_px()))


when_text_size_changes(refresh_app_style)


def tinted_icon(style, which, colour: str, px: int):
    """The style's standard icon ``which`` (e.g. a media transport symbol) repainted in ``colour`` at
    ``px`` pixels: Fusion's are dark grey, lost on the dark theme's buttons."""
    from PySide6.QtGui import QColor, QIcon, QPainter

    pixmap = style.standardIcon(which).pixmap(px, px)
    painter = QPainter(pixmap)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
    painter.fillRect(pixmap.rect(), QColor(colour))
    painter.end()
    return QIcon(pixmap)
