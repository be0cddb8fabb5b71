"""The classroom on any screen (issue 29): at Projector on a projector's 1280x720 or 1024x768, the felt
fills its share of the window (28% on both tables, 24% on both dealer screens), every felt keeps its
seat numbers, wager names, hand labels and odds (scaled, never left out), and nothing widens the window."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.test_ui_fit import _settle, _table_texts, _views, sized_window  # noqa: F401 - a fixture
from trainer.ui.felt import felt_share

#: (game's table screen, dealer screen, profile)
GAMES = {"paigow": ("table", "dealer", "pa-2019"), "baccarat": ("baccarat-table", "baccarat-dealer", "pa-631a-ez")}
#: The felt's least share of the window on a table screen and on a dealer screen (issue 29).
TABLE_SHARE, DEALER_SHARE = 0.28, 0.24
#: What each game's felt always says (its seat numbers, its wagers' and hands' names, its odds).
MUST_SAY = {
    "paigow": {"1", "2", "3", "4", "5", "6", "DEAD HAND", "DEALER", "WOODPILE"},
    "baccarat": {*map(str, range(1, 13)), "TIE", "PLAYER", "BANKER"},
}


def _open(window, key: str):
    screen = window.show_screen(key)
    if hasattr(screen, "prepare_snapshot"):
        screen.prepare_snapshot(seed=5, move=None)
    return screen


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_projector_felt_fills_its_share_and_keeps_every_label(qtbot, sized_window, monkeypatch, game, size):
    table, dealer, profile = GAMES[game]
    window = sized_window("projector", size, profile=profile)
    for key, least in ((table, TABLE_SHARE), (dealer, DEALER_SHARE)):
        _open(window, key)
        _settle(window, size)
        assert (window.width(), window.height()) == size, key  # nothing widens the window
        views = _views(window)
        assert len(views) == 1, key
        share = felt_share(views[0])
        assert share >= least, f"{key} at {size}: the felt fills {share:.0%} of the window"
        drawn = _table_texts(monkeypatch, views[0])
        said = {text.strip() for text, _ in drawn}
        missing = MUST_SAY[game] - said
        assert not missing, f"{key} at {size}: {sorted(missing)} left out"
        # scaled to their room, never left out; a chip's value may be tinier (its colour says it). The
        # floor is what the EZ table's six lines of odds get on a 1024x768 dealer screen (3.7 px):
        # drawn, not yet readable there (issue 29, open)
        tiny = sorted({(text, round(px, 1)) for text, px in drawn if px < 3.5 and not text.startswith("$")})
        assert not tiny, f"{key} at {size}: drawn too small to see: {tiny[:12]}"
        if game == "baccarat":  # the odds and the EZ inscription (631a.2(b)(3), (6)(ii))
            said = {" ".join(text.split()) for text in said}  # (a line of odds may be on two)
            assert any("TIE 8 TO 1" in text for text in said), (key, size, sorted(said))
            assert any("PUSHES ON A DRAGON 7" in text for text in said), (key, size, sorted(said))


def test_options_fold_at_projector_on_a_small_window_and_open_with_o(qtbot, sized_window):
    """The option bar folds behind "Options" at Projector on a 1280x720 window (its height goes to
    the felt), O shows it, and it is simply there on a 1920x1080 window."""
    window = sized_window("projector", (1280, 720))
    screen = window.show_screen("table")
    _settle(window, (1280, 720))
    assert screen.fold.button.isVisible() and not screen.options.isVisible()
    assert screen.handle_key(0x4F)  # O
    assert screen.options.isVisible()
    window.resize(1920, 1080)
    QApplication.processEvents()
    assert screen.options.isVisible() and not screen.fold.button.isVisible()


@pytest.mark.parametrize("text_size", ["normal", "projector"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_long_wrong_answer_wraps_and_never_widens_the_window(qtbot, sized_window, game, text_size):
    """A wrong answer: the status line says so in one line (the answers are in the verdict), "Go on" is in
    sight; the longest right answer wraps on the status line; the window stays 1280 px wide (issue 29)."""
    _, dealer, profile = GAMES[game]
    size = (1280, 720)
    window = sized_window(text_size, size, profile=profile)
    screen = _open(window, dealer)
    c = screen.controller
    while c.current.question.kind.value not in ("choice", "money"):
        c.answer(c.current.question.answer)
    q = c.current.question
    c.answer(q.answer + 100 if q.kind.value == "money" else next(x for x in q.choices if x != q.answer))
    assert screen.action.currentWidget() is screen.feedback
    _settle(window, size)
    assert (window.width(), window.height()) == size
    button, seen = screen.feedback.next_button, screen.side_scroll.viewport()
    box = button.rect().translated(button.mapTo(seen, button.rect().topLeft()))
    assert button.isVisible() and seen.rect().contains(box), (box, seen.rect())  # in sight, not scrolled off
    assert window.rect().contains(seen.rect().translated(seen.mapTo(window, seen.rect().topLeft())))
    assert screen.last.height() < 2 * screen.last.fontMetrics().height()  # one line: the table stays
    remedy = "the hand is void and every wager is returned to the player who placed it " * 3
    screen._say_last(f"✔ Correct: {remedy}", "#2e9d5b")  # the longest right answer: wrapped, read whole
    _settle(window, size)
    assert (window.width(), window.height()) == size
    assert screen.last.height() >= screen.last.heightForWidth(screen.last.width())


def test_the_step_counter_says_the_captions_step(qtbot, shown, trainee_ctx):
    """A step being played: the transport's count and the caption name the same step (issue 29:
    "step 6 of 114" beside "5/114" no more), on both games' tables."""
    from PySide6.QtCore import Qt

    from trainer.ui.baccarat.table_screen import BaccaratTableScreen
    from trainer.ui.paigow.table_screen import TableScreen

    for screen in (shown(TableScreen(trainee_ctx)), shown(BaccaratTableScreen(trainee_ctx))):
        pane = getattr(screen, "pane", None) or screen.primary
        pane.player.goto(4)
        qtbot.keyClick(pane.view, Qt.Key.Key_Space)  # the fifth step starts
        assert pane.player.animating
        assert screen.position.text().startswith(f"{pane.player.shown} / ")
        assert f"step {pane.player.shown} of" in pane.caption.title.text()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_new_round_clears_the_last_rounds_question(qtbot, sized_window, game):
    _, dealer, profile = GAMES[game]
    window = sized_window("normal", (1280, 720), profile=profile)
    screen = _open(window, dealer)
    assert screen.question.prompt.text()
    screen.speed.setCurrentIndex(0)  # the table narrates up to the first question
    screen.new_round(7)
    assert screen._then is not None  # the table narrates the round's start: no question yet
    assert screen.question.prompt.text() == "" and screen.skill_label.text() == ""  # the last round's is gone
    assert not screen.answers.isEnabled()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_dealer_screens_boxes_show_their_names_whole(qtbot, sized_window, game):
    """No "third disclos" nor "EZ Baccar": every option box is as wide as its longest choice, and the
    window keeps its width at Projector on 1024x768 (issue 29)."""
    from PySide6.QtWidgets import QComboBox

    _, dealer, profile = GAMES[game]
    size = (1024, 768)
    window = sized_window("projector", size, profile=profile)
    screen = _open(window, dealer)
    screen.fold.button.setChecked(True)  # the options, unfolded
    _settle(window, size)
    assert (window.width(), window.height()) == size
    for box in screen.options.findChildren(QComboBox):
        widest = max(box.fontMetrics().horizontalAdvance(box.itemText(i)) for i in range(box.count()))
        assert box.width() >= widest + 10, (box.accessibleName(), box.width(), widest)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_demonstration_mode_uses_the_whole_width_and_wraps_its_caption(qtbot, sized_window, game):
    """The dealer screens' demonstration: the table's pane spans the screen (no empty answers'
    column: it was 62%), the caption's heading and words wrap, none cut (issue 29)."""
    _, dealer, profile = GAMES[game]
    size = (1920, 1080)
    window = sized_window("projector", size, profile=profile)
    screen = _open(window, dealer)
    screen.set_demo(True)
    _settle(window, size)
    assert screen.pane.width() >= 0.95 * screen.width(), (screen.pane.width(), screen.width())
    caption = screen.pane.caption
    for label in (caption.title, caption.caption, caption.citation):
        assert label.wordWrap() and label.height() >= label.heightForWidth(label.width()), label.text()


@pytest.mark.parametrize("seats", range(10, 15))
def test_the_shoe_never_covers_the_curators_seat_number(qtbot, seats):
    """The shoe offered to a player lies on the rail beside the seat's number, never over it (issue 29)."""
    from PySide6.QtGui import QPainterPath, QTransform

    from trainer.ui.baccarat import table_layout as L
    from trainer.ui.baccarat.table_items import ShoeItem
    from trainer.ui.baccarat.table_paint import cell_label

    layout = L.TableLayout(seats, ())
    for seat in range(1, seats + 1):
        x, y, turn = layout.shoe_spot(f"seat{seat}")
        shoe = QPainterPath()
        shoe.addRect(-ShoeItem.W / 2, -ShoeItem.H / 2, ShoeItem.W, ShoeItem.H)
        shoe = QTransform().translate(x, y).rotate(turn).map(shoe)
        number = QPainterPath()
        number.addPolygon(cell_label(layout.cells[f"seat{seat}"], 1.0).polygon())
        assert not shoe.intersects(number), seat


# --- the felt's sizes (issue 29, goals 1 and 6) ------------------------------------------------------

#: The least height on screen of a tile or a card at 1280x720 Projector, and of a die (issue 29).
ITEM_PX, DIE_PX = 48, 32


def _item_height(key: str) -> float:
    """A tile's (its top face's length) or a card's height in scene units on the screen ``key``."""
    from trainer.ui.baccarat import table_layout as BL
    from trainer.ui.paigow import table_layout as PL

    return BL.CARD_H if key.startswith("baccarat") else PL.TILE_H


@pytest.mark.parametrize("key,profile", [
    ("table", "pa-2019"), ("baccarat-table", "pa-631a-ez"), ("baccarat-dealer", "pa-631a-ez"), ("dealer", "pa-2019"),
])
def test_tiles_and_cards_48px_tall_at_1280x720_projector(qtbot, sized_window, key, profile):
    """A class reads the tiles and the cards from the back of the room: 48 px tall or more on each table
    and dealer screen on a 1280x720 projector at Projector, the felt still filling its share."""
    size = (1280, 720)
    window = sized_window("projector", size, profile=profile)
    screen = _open(window, key)
    pane = getattr(screen, "pane", None) or screen.primary
    scene = pane.scene

    def shown() -> int:
        return sum(1 for item in scene.items() if item.isVisible() and type(item).__name__ in ("TileItem", "CardItem"))

    if "dealer" not in key:  # a table screen: on to a step where the cards are dealt
        index = 0
        while not shown() and index < len(pane.player):
            index += 1
            pane.player.goto(index)
    assert shown(), key  # tiles or cards are on the felt
    _settle(window, size)
    view = _views(window)[0]
    px = _item_height(key) * view.transform().m11()
    assert px >= ITEM_PX, f"{key}: {px:.1f} px tall"
    assert felt_share(view) >= (TABLE_SHARE if "table" in key else DEALER_SHARE), key


@pytest.mark.parametrize("game", sorted(GAMES))
def test_dealer_screens_status_is_one_row_and_the_table_widens_at_projector(qtbot, sized_window, game):
    """At 1280x720 Projector the dealer screens' status is one row (a short verdict on it whole), the
    trainee and the clock are in the answers' column (after the answers, issue 40), and the table takes
    two thirds of the width (its tiles 48 px tall; the rest widens the column, issue 40);
    View → Text size → Normal on the same window gives the column back its five eighths' share and
    its larger question (issue 29: the Dealer's seat's tiles 48 px tall)."""
    from trainer.ui.scaling import apply_text_size

    _, dealer, profile = GAMES[game]
    size = (1280, 720)
    window = sized_window("projector", size, profile=profile)
    screen = _open(window, dealer)
    screen._say_last("✔ Correct: Win", "#2e9d5b")
    screen._update_clock()
    _settle(window, size)
    line = screen.status.fontMetrics().height()
    row = screen.status.parentWidget()
    assert row.height() < 2 * line and screen.last.height() < 2 * line, (row.height(), line)
    assert screen.last.y() == screen.status.y()  # beside the score, not under it
    assert all(screen.side.isAncestorOf(w) for w in (screen.trainee_label, screen.clock_label))
    assert screen.clock_label.text().startswith("This action") and screen.clock_label.isVisible()
    total = screen.pane.width() + screen.side_scroll.width()
    assert screen.pane.width() >= 0.66 * total, (screen.pane.width(), total)

    def prompt_scale() -> float:  # the question's size over the text's
        return screen.question.prompt.font().pointSizeF() / QApplication.font().pointSizeF()

    assert prompt_scale() < 1.05  # (the column is narrower: its answers and chip tray stay in sight)
    apply_text_size(QApplication.instance(), "normal")
    _settle(window, size)
    assert abs(screen.pane.width() - 0.625 * total) < 0.01 * total, (screen.pane.width(), total)
    assert prompt_scale() > 1.7
    assert (window.width(), window.height()) == size


def test_the_dice_have_a_place_of_their_own_with_their_total(qtbot, sized_window, monkeypatch):
    """Once the shaker is open, every step of the delivery shows the dice beside the shaker, 32 px or
    more at 1280x720 Projector, with their total (621a.6(b)); never only the small dice in the cup."""
    from PySide6.QtCore import QRectF

    from trainer.ui.paigow import table_layout as L

    size = (1280, 720)
    window = sized_window("projector", size)
    table = window.show_screen("table")
    _settle(window, size)
    view, scene = table.primary.view, table.primary.scene
    opened = 0
    for index in range(len(table.primary.player) + 1):
        table.primary.player.goto(index)
        frame = scene.frame
        if not (frame and frame.dice and frame.shaker == "open"):
            continue
        opened += 1
        beside = scene.dice_beside
        assert beside.isVisible() and beside.dice == frame.dice, index
        scale = view.transform().m11()
        assert all(r.height() * scale >= DIE_PX for r in beside.die_rects()), index
        assert len(beside.die_rects()) == len(frame.dice)
        # clear of the cup, the cover slid off and every position's spot
        box = beside.sceneBoundingRect()
        assert not box.intersects(scene.shaker.sceneBoundingRect().adjusted(0, 40, 0, 0)), box
        assert not any(box.intersects(QRectF(*spot.rect())) for spot in L.SPOTS.values()), box
    assert opened > 3  # the dice stay in sight through the delivery
    said = {text for text, px in _table_texts(monkeypatch, view) if px >= DIE_PX * 0.6}
    assert f"= {sum(scene.frame.dice)}" in said, sorted(said)


@pytest.mark.parametrize("key", ["baccarat-table", "baccarat-dealer"])
def test_the_ez_odds_are_on_a_placard_beside_the_felt(qtbot, sized_window, monkeypatch, key):
    """The EZ table's odds and its inscription "pushes on a Dragon 7" (631a.2(b)(3), (6)(ii)) are on the
    placards beside the felt (the scene's top corners, outside the rail), larger than the felt's middle
    could write them (7.4 px at 1920x1080 on calling the game before)."""
    from PySide6.QtCore import QRectF

    from trainer.ui.baccarat import table_layout as L
    from trainer.ui.baccarat.table_paint import placard_labels
    from trainer.ui.baccarat.timeline import odds_lines
    from trainer.rules.baccarat.profiles import profile_named

    size = (1920, 1080)
    window = sized_window("projector", size, profile="pa-631a-ez")
    _open(window, key)
    _settle(window, size)
    view = _views(window)[0]
    drawn = _table_texts(monkeypatch, view)
    odds = odds_lines(profile_named("pa-631a-ez"))
    placards = placard_labels(odds, view.transform().m11())
    texts = {label.text for label in placards}
    on_screen = [(text, px) for text, px in drawn if text in texts]
    assert len(on_screen) == len(placards) == 2, on_screen
    words = " ".join(" ".join(text.split()) for text in texts)
    for phrase in ("PUSHES ON A DRAGON 7", "TIE 8 TO 1", "DRAGON 7 INSURANCE 40 TO 1", "PANDA 8 INSURANCE 25 TO 1"):
        assert phrase in words, (phrase, words)
    assert min(px for _, px in on_screen) >= 10, on_screen
    for label, rect in zip(placards, L.PLACARDS):
        x, y, w, h = rect
        assert QRectF(x, y, w, h).contains(label.polygon().boundingRect()), (label.text, rect)
        corner = (x + w if x < L.CX else x, y + h)  # the placard's corner nearest the felt: outside the rail
        dx, dy = (corner[0] - L.CX) / (L.RX + L.RAIL), (corner[1] - L.CY) / (L.RY + L.RAIL)
        assert dx * dx + dy * dy >= 1, rect


def test_chip_buttons_grow_with_the_text_size(qtbot):
    """A chip button is round and as large beside its value as the text size makes it: at Projector the
    $1 chip is larger than at Normal (it was 68 px at both, issue 29), "$1,000" still fits."""
    from PySide6.QtGui import QFontInfo

    from trainer.ui.scaling import apply_text_size
    from trainer.ui.widgets.typed_answer import CHIP_EMS, ChipButton

    app = QApplication.instance()
    sides = {}
    try:
        for text_size in ("normal", "projector"):
            apply_text_size(app, text_size)
            for cents in (100, 2500, 100000):
                chip = ChipButton(cents, "#222222", "#ffffff")
                qtbot.addWidget(chip)
                assert chip.width() == chip.height() >= round(CHIP_EMS * QFontInfo(chip.font()).pixelSize())
                assert chip.width() >= chip.fontMetrics().horizontalAdvance(chip.text()) + 22
                sides[text_size, cents] = chip.width()
    finally:
        apply_text_size(app, "normal")
    assert sides["projector", 100] > sides["normal", 100] * 1.2, sides
