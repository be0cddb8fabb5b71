"""Light and dark themes: the widget palette and the colours of the table (felt, lines, tiles).

A theme is plain data; ``apply_theme`` sets the application palette. The table scene reads the same
``Theme`` for its felt, chalk lines, labels and highlights, so both follow the theme toggle.
Colours are chosen for a projector: strong contrast between the felt, the lines and the labels.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.rules.errors import UnknownNameError


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


THEMES: dict[str, Theme] = {
    "light": Theme(
        name="light", window="#f3f1ea", base="#ffffff", text="#1d1d1b", button="#e6e3d9",
        highlight="#1f6f4a", felt="#1d7a4c", felt_edge="#155c39", rail="#5a3a22", chalk="#e9f3ea",
        label="#ffffff", spot="#2a8d5c", count_glow="#ffd54a", move_glow="#7fd3ff",
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
        die_body="#f3f1ea", die_pip="#111111"),
}


def theme_named(name: str) -> Theme:
    try:
        return THEMES[name]
    except KeyError:
        raise UnknownNameError("theme", name, sorted(THEMES)) from None


def apply_theme(app, theme: Theme) -> None:
    """Give the application the theme's palette (Fusion style, so it looks the same everywhere)."""
    from PySide6.QtGui import QColor, QPalette

    if app.style().name().lower() != "fusion":
        app.setStyle("Fusion")
    pal = QPalette()
    roles = {
        QPalette.ColorRole.Window: theme.window, QPalette.ColorRole.WindowText: theme.text,
        QPalette.ColorRole.Base: theme.base, QPalette.ColorRole.AlternateBase: theme.button,
        QPalette.ColorRole.Text: theme.text, QPalette.ColorRole.Button: theme.button,
        QPalette.ColorRole.ButtonText: theme.text, QPalette.ColorRole.ToolTipBase: theme.base,
        QPalette.ColorRole.ToolTipText: theme.text, QPalette.ColorRole.Highlight: theme.highlight,
        QPalette.ColorRole.HighlightedText: "#ffffff", QPalette.ColorRole.PlaceholderText: "#8a8a85",
        QPalette.ColorRole.Link: theme.highlight,
    }
    for role, colour in roles.items():
        pal.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor("#8a8a85"))
    app.setPalette(pal)
