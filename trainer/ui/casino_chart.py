"""A casino's house-way chart as an A4 PDF (``casino-rules table FILE --pdf OUT``), drawn by the
printable reports' own layout (:mod:`trainer.ui.report`): the casino, its way and profile, then one row
for each rule in the order the way tries them, with two hands it decides set as the way sets them."""

from __future__ import annotations

from pathlib import Path

from trainer.rules.paigow.casino_chart import chart
from trainer.rules.paigow.casino_rules import CasinoRules
from trainer.ui.report import Report, render_pages, write_pdf


def chart_report(rules: CasinoRules) -> Report:
    """The chart as a printable report: rules in order, each with its two examples."""
    from trainer.ui.report import _date

    rows: list[tuple[str, ...]] = []
    for n, entry in enumerate(chart(rules), start=1):
        rows.append((f"{n}. {entry.name}: {entry.text}" if entry.text else f"{n}. {entry.name}",))
        rows += [(f"      {tiles}", high, low) for tiles, high, low in entry.examples]
    return Report(
        title="House way chart", trainee=rules.casino, date=_date(None), profile=rules.profile.title,
        summary=(rules.way_name, "Rules are tried in the order below: the first that applies sets the hand. "
                                 "Under each rule, two hands it decides, set as the way sets them."),
        skill_header=("Rule, then two hands it decides", "High hand", "Low hand"), skill_rows=tuple(rows), wrong=(),
        wrong_title="", who="Casino", table_title="Rules, in order")


def write_chart(rules: CasinoRules, out: Path | str) -> int:
    """Write the chart as an A4 PDF; returns the number of pages."""
    return write_pdf(chart_report(rules), out)


def render_chart(rules: CasinoRules, dpi: int = 110) -> list:
    """The chart's pages as images (the same layout as the PDF)."""
    return render_pages(chart_report(rules), dpi)
