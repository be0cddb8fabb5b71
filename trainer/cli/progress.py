"""``paigow-trainer progress``: a trainee's per-skill record, and trainee management.

    paigow-trainer progress [--trainee NAME] [--data-dir D] [--json]     per-skill statistics
    paigow-trainer progress --list | --next | --create NAME | --switch NAME
    paigow-trainer progress --rename OLD NEW | --delete NAME --yes
    paigow-trainer progress --export FILE [--trainee NAME] | --import FILE [--as NAME] [--replace]
    paigow-trainer progress --database URL --migrate-from sqlite:///old.sqlite3   copy a PC's trainees

``--database URL`` (or ``$PAIGOW_TRAINER_DATABASE``) names the progress database: ``sqlite:///path``
or a school's ``postgresql://user@host/db``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from trainer.cli.args import name, path
from trainer.cli.common import add_json, add_password, emit, instructor_allows
from trainer.rules.errors import TrainerError

ORDER = 70


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", metavar="D", type=path, default=None,
                        help="folder of the progress file (default: the user data folder, or "
                             "$PAIGOW_TRAINER_DATA_DIR)")
    parser.add_argument("--database", metavar="URL", default=None,
                        help="progress database: sqlite:///path/file.sqlite3 or postgresql://user@host/db "
                             "(default: $PAIGOW_TRAINER_DATABASE, else the progress file in the data folder)")


def open_store(args: argparse.Namespace, *, offline: bool = False):  # -> ProgressStore
    """The progress store of ``--database`` (or ``--data-dir``); a moved-aside file's notice goes to
    stderr. ``offline`` (a drill): a school's server that does not answer is no error, as in the app:
    the answers wait on this PC (a note on stderr says so) and are sent when it is back."""
    import sys

    from trainer.progress.server import open_store as open_url

    store = open_url(args.database, data=args.data_dir, offline=offline)
    if store.notice:
        print(f"note: {store.notice}", file=sys.stderr)
    if offline and not getattr(store, "online", True):
        print(f"note: {store.connection_state()}", file=sys.stderr)
    return store


def trainee_name(store, given: str | None) -> str:
    """``--trainee`` if given, else the current trainee; none at all is a clear error."""
    if given:
        return store.trainee(given).name
    current = store.current_trainee
    if current is None:
        names = ", ".join(t.name for t in store.trainees()) or "none yet; add one with --create NAME"
        raise TrainerError(f"no trainee chosen: use --trainee NAME (trainees: {names})")
    return current.name


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("progress", help="per-skill progress of a trainee; manage trainees",
                       description="Show a trainee's per-skill counts, accuracy, median time and next due "
                                   "date, or manage trainees.")
    p.add_argument("--trainee", type=name, metavar="NAME", help="trainee (default: the current one)")
    add_data_dir(p)
    actions = p.add_mutually_exclusive_group()
    actions.add_argument("--list", action="store_true", help="list the trainees")
    actions.add_argument("--next", action="store_true", help="what to practise next (spaced repetition)")
    actions.add_argument("--create", type=name, metavar="NAME",
                         help="add a trainee (the first one added becomes the current one)")
    actions.add_argument("--switch", type=name, metavar="NAME", help="make NAME the current trainee")
    actions.add_argument("--rename", type=name, nargs=2, metavar=("OLD", "NEW"), help="rename a trainee")
    actions.add_argument("--delete", type=name, metavar="NAME",
                         help="delete a trainee and all their progress (needs --yes)")
    actions.add_argument("--export", metavar="FILE", type=path, help="write the trainee's progress to a JSON file")
    actions.add_argument("--import", dest="import_file", metavar="FILE", type=path,
                         help="add a trainee from an exported JSON file")
    actions.add_argument("--migrate-from", metavar="URL",
                         help="copy every trainee of another progress database (e.g. a PC's "
                              "sqlite:///path/progress.sqlite3) into --database; running it again adds nothing twice")
    p.add_argument("--yes", action="store_true", help="confirm --delete")
    p.add_argument("--as", dest="as_name", type=name, metavar="NAME", help="with --import: the name to import under")
    p.add_argument("--replace", action="store_true", help="with --import: replace a trainee of the same name")
    add_password(p)
    add_json(p)
    p.set_defaults(run=run)


def _stats_text(d: dict[str, Any]) -> str:
    """The statistics table, each game's skills under its title."""
    from trainer.drills import by_game

    lines = [f"Trainee: {d['trainee']}"]
    if not d["skills"]:
        return lines[0] + "\nNo answers yet."
    width = max(len(s["title"]) for s in d["skills"])
    lines.append(f"{'skill':<{width}} {'answered':>8} {'accuracy':>8} {'median s':>8}  next due (UTC)")
    stats = {s["skill"]: s for s in d["skills"]}
    for game, skills in by_game(stats):
        lines.append(f"{game}:")
        for s in map(stats.get, skills):
            acc = "-" if s["accuracy"] is None else f"{s['accuracy']:.0%}"
            med = "-" if s["median_ms"] is None else f"{s['median_ms'] / 1000:.1f}"
            lines.append(f"{s['title']:<{width}} {s['answered']:>8} {acc:>8} {med:>8}  "
                         f"{(s['next_due_utc'] or '-')[:16]}")
    return "\n".join(lines)


def _next_text(n: dict[str, Any]) -> str:
    """One skill to practise next, in words: ``House way — House way step 2 (due)``."""
    from trainer.drills import item_title
    from trainer.ui.report import skill_title

    item = f" — {item_title(n['item'])}" if n["item"] else ""
    return f"{skill_title(n['skill'])}{item} ({n['reason']})"


def _next_list_text(d: dict[str, Any]) -> str:
    """What to practise next, each game's under its title."""
    from trainer.drills import by_game

    return "\n".join(line for game, skills in by_game(n["skill"] for n in d["next"])
                     for line in (f"{game}:", *(f"  {_next_text(n)}" for n in d["next"] if n["skill"] in skills)))


#: Options that go only with some actions (None: showing the statistics, no action given).
_GOES_WITH = {"yes": ("delete",), "as_name": ("import_file",), "replace": ("import_file",),
             "password_file": ("rename", "delete", "import_file", "migrate_from"),
              "trainee": (None, "next", "export")}
_ACTIONS = ("list", "next", "create", "switch", "rename", "delete", "export", "import_file", "migrate_from")
_FLAGS = {"as_name": "--as", "import_file": "--import", "migrate_from": "--migrate-from",
          "password_file": "--password-file"}


def _flag(dest: str) -> str:
    return _FLAGS.get(dest, f"--{dest}")


def _check_pairs(args: argparse.Namespace) -> None:
    """``--yes`` without ``--delete`` (and the like) is a mistake, never silently ignored."""
    action = next((a for a in _ACTIONS if getattr(args, a)), None)
    for dest, allowed in _GOES_WITH.items():
        if getattr(args, dest) and action not in allowed:
            wanted = ", ".join(_flag(a) if a else "the statistics (no action)" for a in allowed)
            raise TrainerError(f"{_flag(dest)} goes with {wanted}" + (f", not with {_flag(action)}" if action else ""))


def current_if_none(store, trainee):
    """``trainee``, made the current one if the store has none (the first trainee added)."""
    if store.current_trainee is None:
        store.switch_trainee(trainee.name)
    return trainee


def _delete(store, args: argparse.Namespace) -> None:
    trainee = store.trainee(args.delete)
    if not args.yes:
        raise TrainerError(f"deleting '{trainee.name}' erases all their progress: add --yes to confirm")
    instructor_allows(store, args, f"delete {trainee.name}", (trainee.name,))
    store.delete_trainee(trainee.name, confirm=True)


def _import(store, args: argparse.Namespace):
    from trainer.progress.transfer import load_export

    target = args.as_name or load_export(Path(args.import_file)).name
    if args.replace:
        instructor_allows(store, args, f"replace {target}'s records", (target,))
    else:  # a trainee of that name already there is refused by the store, with what to do
        instructor_allows(store, args, f"import into {target}", (target,), class_members_only=True)
    try:
        return store.import_trainee(args.import_file, name=args.as_name, replace=args.replace)
    except TrainerError as exc:
        if args.replace or "already exists" not in str(exc):
            raise
        raise TrainerError(f"{exc} (--as NEW_NAME imports under another name, --replace replaces them)") from None


def _copied_text(c: dict[str, Any]) -> str:
    """One trainee's line of ``--migrate-from``: ``Ana: 5 new answers; 1 refused (answers[3] cannot ...)``."""
    refused = f"; {c['refused']} refused ({c['why_refused']})" if c["refused"] else ""
    return f"{c['trainee']}: {c['new_answers']} new answers{refused}"


def run(args: argparse.Namespace) -> int:
    _check_pairs(args)
    with open_store(args) as store:
        if args.list:
            current = store.current_trainee
            data: Any = [{"name": t.name, "created_utc": t.created_utc,
                          "current": bool(current and current.id == t.id)} for t in store.trainees()]
            emit(args, data, lambda d: "\n".join(f"{'*' if t['current'] else ' '} {t['name']}" for t in d)
                 or "No trainees yet.")
        elif args.create or args.switch:
            trainee = (current_if_none(store, store.create_trainee(args.create)) if args.create
                       else store.switch_trainee(args.switch))
            emit(args, {"trainee": trainee.name}, lambda d: f"{'Added' if args.create else 'Now training'}: "
                                                             f"{d['trainee']}")
        elif args.rename:
            instructor_allows(store, args, f"rename {store.trainee(args.rename[0]).name}", (args.rename[0],))
            trainee = store.rename_trainee(*args.rename)
            emit(args, {"trainee": trainee.name}, lambda d: f"Renamed to {d['trainee']}")
        elif args.delete:
            _delete(store, args)
            emit(args, {"deleted": args.delete}, lambda d: f"Deleted {d['deleted']}")
        elif args.export is not None:
            path = store.export_trainee(trainee_name(store, args.trainee), args.export)
            emit(args, {"exported": str(path)}, lambda d: f"Exported to {d['exported']}")
        elif args.import_file:
            trainee = _import(store, args)
            emit(args, {"imported": trainee.name}, lambda d: f"Imported {d['imported']}")
        elif args.migrate_from:
            from trainer.progress.server import open_store as open_url

            with open_url(args.migrate_from, data=args.data_dir) as source:
                instructor_allows(store, args, "copy records into trainees in a class",
                                  tuple(t.name for t in source.trainees()), class_members_only=True)
                copied = store.copy_trainees_from(source)
            emit(args, {"copied": copied}, lambda d: "\n".join(_copied_text(c) for c in d["copied"])
                 or "No trainees to copy.")
        elif args.next:
            name = trainee_name(store, args.trainee)
            data = {"trainee": name, "next": [item.__dict__ for item in store.next_up(name)]}
            emit(args, data, _next_list_text)
        else:
            name = trainee_name(store, args.trainee)
            data = {"trainee": name, "skills": [s.to_dict() for s in store.skill_stats(name)]}
            emit(args, data, _stats_text)
    return 0
