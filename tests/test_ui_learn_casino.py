"""The Learn screen under a casino's Rules Submission, through its real widgets (issue 36): every page renders
(Learn → House way crashed in ``_deal_for_step`` before), the House way page teaches the casino's rules with a
worked example each, stepped by keyboard to the casino's setting, and its flashcards are recorded on the
house-way drill's card of each rule."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from trainer.drills.learn import families
from trainer.rules.casino import load_casino
from trainer.rules.paigow.tiles import parse_tiles
from trainer.ui import learn_screen
from trainer.ui.learn_widgets import WalkthroughView
from trainer.ui.progress_link import shared_store

#: The Pai Gow ways on file (a Baccarat casino's file has no house way to teach).
EXAMPLES = sorted(p for p in (Path(__file__).resolve().parents[1] / "docs" / "casino-rules").glob("*.toml")
                  if "pa-631a" not in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_page_renders_under_a_casino_s_file(qtbot, shown, trainee_ctx, path):
    casino = load_casino(str(path))
    trainee_ctx.set_casino(casino)
    screen = shown(learn_screen.create_screen(trainee_ctx))
    for family in families(trainee_ctx.profile):
        screen.show_family(family)
        assert screen.family == family and screen.page.family == family
        assert screen.page.sections  # the page, never the previous one kept
    screen.show_family("House way")
    texts = " ".join(label.text() for label in screen.content.findChildren(QLabel))
    assert casino.way_name in texts
    qtbot.wait(20)  # (the last page's widgets deleted, the new ones shown)
    views = screen.findChildren(WalkthroughView)
    assert len(views) == sum(len(s.walkthroughs) for s in screen.page.sections)
    for view in views:  # by keyboard, every worked example ends in the casino's setting
        view.setFocus()
        for _ in range(len(view.walk.frames)):
            qtbot.keyClick(view, Qt.Key.Key_Right)
        tiles = parse_tiles(" ".join(view.walk.frames[0].loose))
        assert view.walk.frames[view.index].high == tuple(map(str, casino.decide(tiles).setting.high.tiles))


def test_a_rule_s_flashcard_is_recorded_on_its_drill_item(qtbot, shown, trainee_ctx):
    casino = load_casino(str(next(p for p in EXAMPLES if p.stem == "foxwoods")))
    trainee_ctx.set_casino(casino)
    screen = shown(learn_screen.create_screen(trainee_ctx))
    screen.show_family("House way")
    screen.show_flashcards()  # (F: tests/test_ui_learn.py)
    card = screen.flashcard
    assert card.isVisible() and card.card.item == "foxwoods-pair-rule-a"
    qtbot.keyClick(card, Qt.Key.Key_Space)
    assert "Foxwoods pair rule A" in card.back.text()
    qtbot.keyClick(card, Qt.Key.Key_3)  # Good
    records = shared_store(trainee_ctx).answers("Ana")
    assert [(r.skill, r.item, r.correct) for r in records] == [("house-way", "foxwoods-pair-rule-a", True)]
