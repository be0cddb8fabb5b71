"""``paigow-trainer casino-rules check FILE``: validate a casino's Rules Submission file.

Every one of the 8,130 four-tile hands by face gets exactly one setting; the report says how many
hands each rule decides, lists the rules that never decide a hand, the explicit hands that repeat
what the rules already do, and every hand where the file departs from the regulation's steps (the
exceptions N.J.A.C. 19:47-10.7(e) asks to be noted). A file that cannot be used is one line naming
the file, the line and the problem, exit 2 (docs/casino-rules.md).
"""

from __future__ import annotations

import argparse
from typing import Any

from trainer.cli.common import add_json, emit

ORDER = 15


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("casino-rules", help="validate a casino's Rules Submission file (house way, choices)",
                       description="Work with a casino's Rules Submission file (docs/casino-rules.md).")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = actions.add_parser("check", help="validate the file over all 8,130 hands",
                           description="Validate a Rules Submission file: every hand set once, idle rules, "
                                       "repeated exceptions, departures from the regulation's steps.")
    c.add_argument("file", help="the Rules Submission file (.toml)")
    add_json(c)
    c.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from trainer.rules.casino import load_casino
    from trainer.rules.paigow.casino_rules import check

    rules = load_casino(args.file)
    if hasattr(rules, "summary"):  # a table's choices alone (Baccarat): no house way to check hand by hand
        emit(args, {"file": args.file, **rules.summary()}, _table_text)
        return 0
    found = check(rules)
    profile = rules.profile

    data: dict[str, Any] = {
        "file": args.file, "casino": rules.casino, "profile": profile.name, "house_way": rules.way_name,
        "hands": found.hands,
        "decided": [{"rule": label, "line": line, "hands": n} for label, line, n in found.decided],
        "idle_rules": [{"rule": r.label, "line": r.line} for r in found.idle_rules],
        "repeated_exceptions": [{"line": rules.line_of(e), "rule": e.rule} for e in found.repeated],
        "departures": [{"tiles": d.tiles, "setting": d.setting, "rule": d.label, "regulation": d.regulation,
                        "regulation_citation": profile.cite_item("house_way", d.step)} for d in found.departures],
    }
    if args.json:
        print(_json(data))
    else:
        emit(args, data, _text)
    return 0


def _json(data: dict[str, Any]) -> str:
    """``data`` as JSON, each key and each item of a list on a line of its own: ``json.dumps(indent=2)``
    takes six times as long over the thousands of departures of a complete table (it leaves the C encoder)."""
    import json

    def value(v: Any) -> str:
        return "[\n" + ",\n".join(f"    {json.dumps(x)}" for x in v) + "\n  ]" if isinstance(v, list) and v else json.dumps(v)

    return "{\n" + ",\n".join(f"  {json.dumps(k)}: {value(v)}" for k, v in data.items()) + "\n}"


def _table_text(d: dict[str, Any]) -> str:
    lines = [f"{d['file']}: {d['casino']} (amends profile {d['profile']}): the table it makes"]
    lines += [f"  {c['choice']}: {c['value']} ({c['citation']})" for c in d["table"]]
    return "\n".join(lines)


def _text(d: dict[str, Any]) -> str:
    lines = [f"{d['file']}: {d['casino']}, {d['house_way']} (amends profile {d['profile']}): "
             f"{d['hands']:,} hands by face, each set exactly once.", "Hands each rule decides:"]
    lines += [f"  {n:>5,}  {r['rule']}" + (f" (line {r['line']})" if r["line"] else "")
              for r in d["decided"] for n in [r["hands"]]]
    lines.append("Rules that never decide a hand:" + ("" if d["idle_rules"] else " none"))
    lines += [f"  line {r['line']}: {r['rule']}" for r in d["idle_rules"]]
    lines.append("Explicit hands that repeat what the rules already do:" + ("" if d["repeated_exceptions"] else " none"))
    lines += [f"  line {e['line']}: {e['rule']}" for e in d["repeated_exceptions"]]
    lines.append(f"Hands where the file departs from the regulation's steps: {len(d['departures']):,}")
    lines += [f"  {x['tiles']}: the file sets {x['setting']} [{x['rule']}], the regulation "
              f"({x['regulation_citation']}) {x['regulation']}" for x in d["departures"]]
    return "\n".join(lines)
