"""The casino's own rules in force, as a window of their own: each rule of its house way in the order the
way tries them, with how many of the 8,130 hands it decides and two of them set as the way sets them
(:func:`trainer.rules.paigow.casino_chart.chart`). A "<casino> Rules Submission" citation (Learn, a
question's verdict) opens it at the rule it names (issue 40's leftovers: it was text that led nowhere).
Esc closes it."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from trainer.rules.paigow.casino_chart import chart


def rules_html(rules: Any, marked: str = "") -> str:
    """The rules as HTML, each at the anchor ``rule-N``; ``marked``: the rule shown first, highlighted."""
    parts = [f"<h2>{escape(rules.way_name)}</h2><p>{escape(rules.casino)} Rules Submission: the rules are tried "
             "in this order; the first that applies sets the tiles.</p>"]
    for n, entry in enumerate(chart(rules), start=1):
        style = " style='background-color: #fff2b3; color: #1b1b1b'" if entry.name == marked else ""
        examples = "".join(f"<br>&nbsp;&nbsp;{escape(tiles)} → high {escape(high)}, low {escape(low)}"
                           for tiles, high, low in entry.examples)
        parts.append(f"<div{style}><a name='rule-{n}'></a><b>{n}. {escape(entry.name)}</b>"
                     + (f": {escape(entry.text)}" if entry.text else "")
                     + f"<br>{entry.hands:,} of the 8,130 hands.{examples}</div><p></p>")
    return "".join(parts)


class CasinoRulesView(QDialog):
    """The casino's rules, read only, at the rule a citation names."""

    def __init__(self, rules: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self.setObjectName("casino-rules-view")
        self.setWindowTitle(f"{rules.casino}: {rules.way_name}")
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.text, 1)
        lay.addWidget(buttons)
        self.resize(900, 600)
        self.names = [entry.name for entry in chart(rules)]

    def show_rule(self, name: str) -> None:
        """Scroll to rule ``name`` (unknown or "": the top), highlighted."""
        self.text.setHtml(rules_html(self.rules, name))
        if name in self.names:
            self.text.scrollToAnchor(f"rule-{self.names.index(name) + 1}")
        else:
            self.text.verticalScrollBar().setValue(0)


def show_casino_rules(parent: QWidget, casino: Any, rule: str) -> CasinoRulesView | None:
    """Open (or bring back) the view of ``casino``'s Pai Gow rules at ``rule``; None where no Pai Gow
    casino's rules are in force."""
    if casino is None or not hasattr(casino, "way_name"):
        return None
    view = parent.findChild(CasinoRulesView, "casino-rules-view")
    if view is None or view.rules is not casino:
        view = CasinoRulesView(casino, parent)
    view.show_rule(rule)
    view.show()
    view.raise_()
    return view
