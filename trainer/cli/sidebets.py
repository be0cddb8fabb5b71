"""``paigow-trainer sidebets --profile P``: every side wager and paytable of a profile, with its
exact house edge (spec S4, S5; spec JP1-JP4)."""

from __future__ import annotations

import argparse

from trainer.cli.common import add_json, add_profile, emit, profile_of
from trainer.rules.paigow.side_wagers import house_edge, paytables_for

ORDER = 30


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sidebets", help="side wagers of a profile: paytables and exact house edges",
                       description="List the side wagers a profile offers, each paytable's lines and its "
                                   "exact house edge (35,960 hands or 216 dice outcomes).")
    add_profile(p)
    add_json(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    profile = profile_of(args)
    data = [{
        "wager": table.wager,
        "paytable": table.name,
        "citation": table.citation,
        "rule": table.rule,
        "house_edge": float(house_edge(table)),
        "lines": [{"key": line.key, "wording": line.wording, "odds": line.odds} for line in table.lines],
    } for table in paytables_for(profile)]
    emit(args, data, lambda rows: _text(profile.title, rows))
    return 0


def _text(title: str, rows: list[dict]) -> str:
    if not rows:
        return f"{title}: no side wagers."
    out = [title]
    for row in rows:
        out.append(f"\n{row['wager']} paytable {row['paytable']} ({row['citation']}): "
                   f"house edge {row['house_edge'] * 100:.2f}%")
        out += [f"  {line['wording']:<55} {line['odds']}" for line in row["lines"]]
    return "\n".join(out)
