"""``paigow-trainer casino-rules check|table FILE``: validate a casino's Rules Submission file, or list
how its house way sets every hand.

``check``: every one of the 8,130 four-tile hands by face gets exactly one setting; the report says how
many hands each rule decides, names the rules that never decide a hand and which earlier rules take
their hands, warns on settings another setting of the same tiles beats on both hands, lists the
explicit hands that repeat what the rules already do, every hand where the file departs from the
regulation's steps (the exceptions N.J.A.C. 19:47-10.7(e) asks to be noted) and, summarised, the hands
it leaves to the regulation's steps; ``--strict`` exits 1 on a warning. ``table``: each hand's setting
and deciding rule, and with ``--pdf`` a printable house-way chart (each rule with two examples). A file
that cannot be used is one line naming the file, the line and the problem, exit 2 (docs/casino-rules.md).
"""

from __future__ import annotations

import argparse
from typing import Any

from trainer.cli.args import path
from trainer.cli.common import add_json, emit

ORDER = 15


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("casino-rules", help="validate a casino's Rules Submission file, or table its house way",
                       description="Work with a casino's Rules Submission file (docs/casino-rules.md).")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = actions.add_parser("check", help="validate the file over all 8,130 hands",
                           description="Validate a Rules Submission file: every hand set once, idle rules and "
                                       "what takes their hands, settings beaten on both hands, repeated "
                                       "exceptions, departures from the regulation's steps, hands left to them.")
    c.add_argument("file", help="the Rules Submission file (.toml)")
    c.add_argument("--strict", action="store_true", help="exit 1 when there is a warning (an idle rule, "
                                                         "a setting beaten on both hands)")
    add_json(c)
    c.set_defaults(run=run)
    t = actions.add_parser("table", help="every hand's setting and deciding rule; --pdf: a house-way chart",
                           description="Every one of the 8,130 hands by face, with the setting the file's "
                                       "house way gives it and the rule that decides it.")
    t.add_argument("file", help="the Rules Submission file (.toml)")
    t.add_argument("--pdf", metavar="OUT", type=path, help="also write a printable house-way chart (A4 PDF): "
                                                           "the rules in order, each with two examples")
    add_json(t)
    t.set_defaults(run=run_table)


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
        "conflicts": [{"rule": c.rule.label, "line": c.rule.line, "hands_alone": c.alone,
                       "taken_by": [{"rule": label, "line": line, "hands": n} for label, line, n in c.takers]}
                      for c in found.conflicts],
        "dominated": [d._asdict() for d in found.dominated],
        "repeated_exceptions": [{"line": rules.line_of(e), "rule": e.rule} for e in found.repeated],
        "departures": [{"tiles": d.tiles, "setting": d.setting, "rule": d.label, "regulation": d.regulation,
                        "regulation_citation": profile.cite_item("house_way", d.step)} for d in found.departures],
        "regulation_steps": [{"step": f.step, "citation": profile.cite_item("house_way", f.step), "hands": f.hands,
                              "examples": list(f.examples)} for f in found.fall_through],
        "warnings": found.warnings,
    }
    if args.json:
        print(_json(data))
    else:
        emit(args, data, _text)
    return 1 if args.strict and found.warnings else 0


def _json(data: dict[str, Any]) -> str:
    """``data`` as JSON, each key and each item of a list on a line of its own: ``json.dumps(indent=2)``
    takes six times as long over the thousands of departures of a complete table (it leaves the C encoder)."""
    import json

    def value(v: Any) -> str:
        return "[\n" + ",\n".join(f"    {json.dumps(x)}" for x in v) + "\n  ]" if isinstance(v, list) and v else json.dumps(v)

    return "{\n" + ",\n".join(f"  {json.dumps(k)}: {value(v)}" for k, v in data.items()) + "\n}"


def _at(line: int | None) -> str:
    return f" (line {line})" if line else ""


def _table_text(d: dict[str, Any]) -> str:
    lines = [f"{d['file']}: {d['casino']} (amends profile {d['profile']}): the table it makes"]
    lines += [f"  {c['choice']}: {c['value']} ({c['citation']})" for c in d["table"]]
    return "\n".join(lines)


def _text(d: dict[str, Any]) -> str:
    lines = [f"{d['file']}: {d['casino']}, {d['house_way']} (amends profile {d['profile']}): "
             f"{d['hands']:,} hands by face, each set exactly once.", "Hands each rule decides:"]
    lines += [f"  {r['hands']:>5,}  {r['rule']}{_at(r['line'])}" for r in d["decided"]]
    lines.append("Rules that never decide a hand:" + ("" if d["conflicts"] else " none"))
    for c in d["conflicts"]:
        taken = "; ".join(f"{t['hands']:,} by {t['rule']}{_at(t['line'])}" for t in c["taken_by"])
        lines.append(f"  warning: line {c['line']}: {c['rule'].rstrip('.')}: " + (
            f"of the {c['hands_alone']:,} hands it would decide, earlier rules take {taken}" if c["hands_alone"]
            else "its conditions and patterns hold for no hand"))
    lines.append("Settings another setting of the same tiles beats on both hands:" + ("" if d["dominated"] else " none"))
    lines += [f"  warning: {x['hands']:,} by {x['label']}{_at(x['line'])}, e.g. {x['tiles']}: {x['setting']} "
              f"(beaten on both hands by {x['better']})" for x in d["dominated"]]
    lines.append("Explicit hands that repeat what the rules already do:" + ("" if d["repeated_exceptions"] else " none"))
    lines += [f"  line {e['line']}: {e['rule']}" for e in d["repeated_exceptions"]]
    lines.append(f"Hands where the file departs from the regulation's steps: {len(d['departures']):,}")
    lines += [f"  {x['tiles']}: the file sets {x['setting']} [{x['rule']}], the regulation "
              f"({x['regulation_citation']}) {x['regulation']}" for x in d["departures"]]
    left = sum(s["hands"] for s in d["regulation_steps"])
    lines.append(f"Hands left to the regulation's steps: {left:,}" + ("" if left else " (the file decides every hand)"))
    lines += [f"  {s['hands']:>5,}  by {s['citation']}, e.g. {', '.join(s['examples'])}" for s in d["regulation_steps"]]
    lines.append(f"Warnings: {d['warnings']}")
    return "\n".join(lines)


def run_table(args: argparse.Namespace) -> int:
    from trainer.rules.paigow.casino_chart import hand_rows
    from trainer.rules.paigow.casino_rules import load_casino_rules

    rules = load_casino_rules(args.file)
    rows = hand_rows(rules)
    if args.pdf is not None:
        _write_chart(rules, args.pdf)
    if args.json:
        print(_json({"casino": rules.casino, "profile": rules.profile.name, "house_way": rules.way_name,
                     "hands": [r._asdict() for r in rows]}))
    else:
        width = max(len(r.high) + len(r.low) for r in rows) + 3
        print("\n".join(f"{r.tiles}  {r.high + ' / ' + r.low:<{width}}  {r.rule or r.regulation}" for r in rows))
    return 0


def _write_chart(rules, out: str) -> None:
    import sys
    from pathlib import Path

    from trainer.rules.errors import TrainerError
    from trainer.ui.casino_chart import write_chart

    if not out.strip():
        raise TrainerError("--pdf: give the PDF file's name")
    if Path(out).is_dir():
        raise TrainerError(f"{out} is a folder: give the PDF file's name")
    pages = write_chart(rules, out)
    print(f"Wrote {out} ({pages} page{'s' if pages != 1 else ''}): the house-way chart of {rules.casino}",
          file=sys.stderr)
