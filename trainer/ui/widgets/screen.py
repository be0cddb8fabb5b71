"""The base of the drill, progress, exam, class and rule-book screens: follows the theme, zooms its
fonts with its size, and styles what only style sheets reach; pages added when first shown.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStackedWidget, QWidget

from trainer.ui.citation_links import citation_colour
from trainer.ui.scaling import base_pt, refresh_fonts, rescale_fonts, text_px, zoom_of
from trainer.ui.theme import Theme, theme_named


def screen_style(theme: Theme, zoom: float = 1.0) -> str:
    """Style sheet of the drill, progress and exam screens: inline errors, citations, the feedback
    box, and sizes Qt styles take from style sheets only (tab and table header text)."""
    dark = theme.name == "dark"
    red = "#ff8080" if dark else "#b00020"
    cite = citation_colour(theme)
    base = base_pt()
    box = max(14, text_px() * 0.95) * zoom  # the tick boxes grow with the text
    return (f"QLabel#inline-error {{ color: {red}; }}"
            f"QLabel#citation {{ color: {cite}; }}"
            f"QFrame#feedback {{ border: 2px solid {theme.highlight}; border-radius: 8px; }}"
            f"QWidget#choices QPushButton:disabled {{ color: {theme.text}; }}"
            f"QTabBar::tab {{ font-size: {base * 1.4 * zoom:.1f}pt; padding: 6px 18px; }}"
            f"QHeaderView::section {{ font-size: {base * 1.2 * zoom:.1f}pt; font-weight: bold; padding: 4px; }}"
            f"QListWidget::indicator {{ width: {box:.0f}px; height: {box:.0f}px; "
            f"border: 2px solid {theme.text}; border-radius: 3px; background: {theme.base}; }}"
            f"QListWidget::indicator:checked {{ background: {theme.highlight}; }}")


def add_page(stack: QStackedWidget, page: QWidget) -> QWidget:
    """``page`` added to ``stack``, styled, named for screen readers and in the Tab order as if built
    with the screen (right after the page before it): a page built when first shown (a screen's first
    open waits only for what it shows)."""
    from trainer.ui.accessibility import name_controls

    before = stack.widget(stack.count() - 1)
    stack.addWidget(page)
    after_in_tab_order(before, page)
    refresh_fonts(page)
    name_controls(page)
    return page


def after_in_tab_order(before: QWidget, widget: QWidget) -> None:
    """``widget`` (made later) next in the Tab order after ``before`` and what it holds."""
    last, walk = before, before.nextInFocusChain()
    while before.isAncestorOf(walk):  # (Tab goes only to widgets that take focus by Tab: after the last of them)
        if walk.focusPolicy() & Qt.FocusPolicy.TabFocus:
            last = walk
        walk = walk.nextInFocusChain()
    QWidget.setTabOrder(last, widget)


class Screen(QWidget):
    """Base of the drill, progress and exam screens: follows the theme and zooms with its size."""

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        ctx.themeChanged.connect(lambda _: self.restyle())

    @property
    def theme(self) -> Theme:
        return theme_named(self.ctx.theme)

    def restyle(self) -> None:
        """Apply the theme's style sheet at the current zoom, then ``theme_changed``."""
        self.setStyleSheet(screen_style(self.theme, zoom_of(self)))
        self.theme_changed(self.theme)

    def text_size_changed(self) -> None:
        """View → Text size changed (``trainer.ui.scaling``): zoom and style sheet follow."""
        rescale_fonts(self)
        self.restyle()

    def theme_changed(self, theme: Theme) -> None:
        """Subclasses recolour what style sheets cannot reach (plots, painted tiles)."""

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if rescale_fonts(self):
            self.setStyleSheet(screen_style(self.theme, zoom_of(self)))
