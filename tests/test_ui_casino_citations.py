"""Learn's "<casino> Rules Submission" citation opens the casino's rules at the rule it cites (issue 40's
leftovers: it was dropped, a rule taught with no citation that led anywhere). Real windows (pytest-qt)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel

from trainer.rules.casino import load_casino
from trainer.rules.paigow.casino_index import casino_index
from trainer.ui import main_window as mw
from trainer.ui.casino_view import CasinoRulesView
from trainer.ui.context import AppContext

EXAMPLES = sorted(p for p in (Path(__file__).resolve().parents[1] / "docs" / "casino-rules").glob("*.toml")
                  if "pa-631a" not in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_each_rule_s_citation_opens_the_casino_s_rules_at_that_rule(qtbot, tmp_path, path):
    casino = load_casino(str(path))
    ctx = AppContext(seed=3)
    ctx.set_casino(casino)
    window = mw.MainWindow(ctx, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    window.finish_startup()
    learn = window.show_screen("learn")
    learn.show_family("House way")
    html = " ".join(label.text() for label in learn.content.findChildren(QLabel))
    cited = [unquote(rule) for rule in re.findall(r'href="casino:([^"]*)"', html)]
    rules = [d.name for d in casino_index(casino).deciders if d.step is None]
    assert set(rules) <= set(cited)  # every rule taught is cited, a link, at itself
    assert f">{casino.casino} Rules Submission</a>" in html
    for rule in rules:
        ctx.open_rule(f"casino:{rule}")  # as a click on the link (or Tab to it and Enter)
        view = window.findChild(CasinoRulesView)
        assert view is not None and view.isVisible() and window.current_key == "learn"
        assert rule in view.names
        anchor = view.names.index(rule) + 1
        block = view.text.document().find(f"{anchor}. {rule}")
        assert not block.isNull()
        top = view.text.verticalScrollBar().value()
        rect = view.text.document().documentLayout().blockBoundingRect(block.block())
        assert top <= rect.top() <= top + view.text.viewport().height()  # in sight
        assert "#fff2b3" in view.text.toHtml().lower() or "fff2b3" in view.text.toHtml().lower()
    assert len(window.findChildren(CasinoRulesView)) == 1  # one window, brought back at each rule
