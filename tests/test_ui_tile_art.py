"""A tile face drawn from the cache looks as painted directly, outline included, and a repaint
renders nothing again."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from trainer.rules.paigow.tiles import TILE_SET
from trainer.ui.paigow import tile_art
from trainer.ui.theme import THEMES


def _render(draw, rect: QRectF, tile, theme) -> QImage:
    img = QImage(160, 300, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.white)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw(p, rect, tile, theme)
    p.end()
    return img


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("tile", [TILE_SET[0], TILE_SET[17], None])  # two faces and the back
def test_a_cached_face_matches_the_painted_one(qapp, theme, tile):
    rect = QRectF(20.4, 10.6, 101.3, 101.3 * tile_art.TILE_RATIO)  # fractional: the blit is scaled a little
    direct = _render(tile_art.paint_tile_face, rect, tile, THEMES[theme])
    cached = _render(tile_art.draw_tile_face, rect, tile, THEMES[theme])
    far = 0
    for y in range(direct.height()):
        for x in range(direct.width()):
            a, b = direct.pixelColor(x, y), cached.pixelColor(x, y)
            if max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) > 48:
                far += 1
    assert far < direct.width() * direct.height() * 0.005  # only sub-pixel edges differ
    x, y = round(rect.center().x()), round(rect.top())  # the outline, half outside the rect: not cut off
    edge = direct.pixelColor(x, y).lightness()
    assert edge < 200 and abs(cached.pixelColor(x, y).lightness() - edge) <= 48


def test_a_repaint_only_blits(qapp):
    tile_art.clear_cache()
    rect = QRectF(10, 10, 60, 132)
    for _ in range(3):
        _render(tile_art.draw_tile_face, rect, TILE_SET[5], THEMES["light"])
    assert len(tile_art._CACHE) == 1
    _render(tile_art.draw_tile_face, QRectF(10, 10, 80, 176), TILE_SET[5], THEMES["light"])
    assert len(tile_art._CACHE) == 2  # another size: another pixmap


def test_a_remembered_fitting_font_is_the_one_measured(qapp):
    """``font_to_fit`` remembers the size that fits a text in a box: the same as measuring it again,
    for names that fit whole, shrink, or are far too long, bold or not."""
    from PySide6.QtGui import QFontMetricsF

    from trainer.ui.felt import _fitting_px, font_to_fit

    for text, w, h, px, bold in (("BANKER", 80.0, 20.0, 17, True), ("TABLE INVENTORY CONTAINER", 120.0, 16.0, 13, True),
                                 ("PAIR", 30.0, 12.0, 15, False), ("DRAGON BONUS", 9.0, 5.0, 17, True)):
        f = font_to_fit(px, 1.0, QRectF(0, 0, w, h), text, bold)
        _fitting_px.cache_clear()
        assert font_to_fit(px, 1.0, QRectF(0, 0, w, h), text, bold).pixelSize() == f.pixelSize()
        size = QFontMetricsF(f).boundingRect(QRectF(0, 0, 1e6, 1e6), int(Qt.AlignmentFlag.AlignCenter), text).size()
        assert f.pixelSize() == 1 or (size.width() <= w and size.height() <= h)
        assert f.bold() == bold


def test_a_tile_slots_label_fits_its_slot_at_any_zoom(qtbot):
    """The label under a tile was measured in the widget's own font but drawn in the screen's zoomed
    one: on a large screen it ran past the slot and was cut. It is now measured as drawn, and made
    smaller where the slot is narrower than it."""
    from PySide6.QtGui import QFontMetricsF
    from PySide6.QtWidgets import QWidget

    from trainer.rules.paigow.tiles import Tile
    from trainer.ui.theme import theme_named
    from trainer.ui.widgets.tiles import TileView

    screen = QWidget()
    qtbot.addWidget(screen)
    screen.setProperty("fontZoom", 3.0)
    view = TileView(0, Tile.parse("4-6"), theme_named("light"), screen)
    view.resize(90, 260)
    text = f"1  ·  {view.tile}"
    assert QFontMetricsF(view._label_font(text)).horizontalAdvance(text) <= 90 - 8 + 0.5
