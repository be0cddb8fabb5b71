"""``paigow-trainer class``: a dealer school's classes and the instructor's class view.

    paigow-trainer class [--database URL] [--class NAME] [--json]        the class view's figures
    paigow-trainer class --create NAME --instructor WHO
    paigow-trainer class --class NAME --add TRAINEE [TRAINEE ...]
    paigow-trainer class --class NAME --remove TRAINEE [TRAINEE ...]
    paigow-trainer class --class NAME --csv FILE
    paigow-trainer class --class NAME --casino-rules FILE|none   publish a casino's rules to the class
    paigow-trainer class --class NAME --fit-fsrs      FSRS fitted to the class's answers: log-loss before/after

All but ``--create`` need the class's instructor's password (``--create`` sets it; once the database
has a class, it must be an existing instructor's, which the new class gets too): the first line of
``--password-file FILE``, else ``$PAIGOW_TRAINER_INSTRUCTOR_PASSWORD``, else asked at the terminal
(not echoed), else the first line of standard input. A wrong one is one line and exit code 2.

``--casino-rules FILE`` publishes a casino's Rules Submission (docs/casino-rules.md) to the class:
checked first (a bad file is one line, exit 2, nothing stored), then kept on the database, so the
class's trainees train on it wherever they sign in (``drill`` without their own ``--casino-rules``,
the app); ``none`` takes it away. The class view names the casino (``casino``).

``--fit-fsrs`` fits FSRS's parameters to the class's answers (``trainer.progress.fitting``): the answers
counted, the log-loss with the default parameters and fitted, the date and the fit's seconds, and whether
the fit was kept (then the school's scheduler uses it), as the Class screen's "Fit to this class…" shows.

The figures are those of the app's Class screen (``trainer.progress.school.class_report``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from trainer.cli.args import integer, name
from trainer.cli.common import add_json, add_password, emit, instructor_password
from trainer.cli.progress import add_data_dir, open_store
from trainer.paths import write_file
from trainer.rules.errors import TrainerError

ORDER = 75

#: The most answers per skill a ready mark can ask for (the Class screen's box goes as far).
MAX_READY_ANSWERS = 100_000


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("class", help="a school's classes: who is ready for the exam",
                       description="Every trainee of a class: accuracy and speed per skill, exams, what is due, "
                                   "and whether they are ready for the exam.")
    add_data_dir(p)
    p.add_argument("--class", dest="group", metavar="NAME", help="the class (default: the only one)")
    actions = p.add_mutually_exclusive_group()
    actions.add_argument("--create", metavar="NAME", help="add a class (with --instructor, whose password is asked for as below)")
    actions.add_argument("--add", nargs="+", type=name, metavar="TRAINEE", help="put trainees into --class")
    actions.add_argument("--remove", nargs="+", type=name, metavar="TRAINEE", help="take trainees out of --class "
                                                                          "(their records stay)")
    actions.add_argument("--csv", metavar="FILE", type=Path, help="write the class view as CSV")
    actions.add_argument("--fit-fsrs", action="store_true",
                         help='fit the spaced-repetition parameters to the class\'s answers (at least 1000; needs '
                              '"pip install paigow-trainer[fit]"), print the log-loss before and after, and '
                              'keep them for the school\'s scheduler if they predict better')
    actions.add_argument("--casino-rules", metavar="FILE|none",
                         help="publish a casino's Rules Submission file to --class (its trainees train on it); "
                              "'none' takes it away")
    add_password(p)
    p.add_argument("--instructor", metavar="WHO", help="with --create: the instructor's name")
    p.add_argument("--ready-percent", type=integer(0, 100), metavar="P",
                   help="with --create: accuracy needed per skill, 0 to 100 (default 90)")
    p.add_argument("--ready-answers", type=integer(0, MAX_READY_ANSWERS), metavar="N",
                   help=f"with --create: answers needed per skill, 0 to {MAX_READY_ANSWERS} (default 20)")
    add_json(p)
    p.set_defaults(run=run)


def _group(store, args: argparse.Namespace):
    """The class named (or the only one), once its instructor's password is given."""
    from trainer.progress import school

    if args.group:
        name = school.school_class(store, args.group).name
    else:
        found = school.classes(store)
        if len(found) != 1:
            names = ", ".join(c.name for c in found) or "none yet; add one with --create NAME --instructor WHO"
            raise TrainerError(f"choose a class with --class NAME (classes: {names})")
        name = found[0].name
    return school.sign_in(store, name, instructor_password(args))


def _text(d: dict) -> str:
    lines = [f"Class {d['name']} (instructor {d['instructor']}): ready at {d['ready_percent']}% with "
             f"{d['ready_answers']} answers per skill"
             + (f"; casino rules: {d['casino']}" if d.get("casino") else "")]
    for t in d["trainees"]:
        acc = "-" if t["accuracy"] is None else f"{t['accuracy']:.0%}"
        mark = "READY" if t["ready"] else f"not yet ({t['why_not']})"
        lines.append(f"  {t['name']:<24} {t['answered']:>6} answers {acc:>5}  due {t['due']:>3}  "
                     f"exams {t['exams']}  {mark}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from trainer.progress import school

    mark = {k: v for k, v in (("ready_percent", args.ready_percent), ("ready_answers", args.ready_answers))
            if v is not None}
    if mark and not args.create:
        raise TrainerError("--ready-percent and --ready-answers go with --create (a class's ready mark is set "
                           "when it is added)")
    with open_store(args) as store:
        if args.create:
            if not args.instructor:
                raise TrainerError("--create needs --instructor WHO")
            password = instructor_password(args)
            signed_in = school.instructor_with(store, password) if school.classes(store) else None
            group = school.create_class(store, args.create, args.instructor, password, signed_in=signed_in,
                                        **mark)
            emit(args, {"class": group.name}, lambda d: f"Added class {d['class']}")
        elif args.add:
            group = _group(store, args)
            school.add_trainees(store, group.name, args.add)
            emit(args, {"class": group.name, "added": args.add}, lambda d: f"Added to {d['class']}: "
                                                                           f"{', '.join(d['added'])}")
        elif args.remove:
            group = _group(store, args)
            school.remove_trainees(store, group, args.remove)
            emit(args, {"class": group.name, "removed": args.remove},
                 lambda d: f"Took out of {d['class']}: {', '.join(d['removed'])}")
        elif args.casino_rules:
            _publish(store, _group(store, args), args)
        elif args.fit_fsrs:
            from trainer.progress import fits, fitting

            found, kept = fitting.fit_class(store, _group(store, args).name)
            emit(args, {**found.to_dict(), "kept": kept}, lambda d: fits.describe(found, kept))
        else:
            report = school.class_report(store, _group(store, args))
            if args.csv:
                write_file(args.csv, school.report_csv(report))
                emit(args, {"csv": str(args.csv)}, lambda d: f"Wrote {d['csv']}")
            else:
                emit(args, report.to_dict(), _text)
    return 0


def _publish(store, group, args: argparse.Namespace) -> None:
    """``--casino-rules FILE`` (checked, then published to ``group``) or ``none`` (taken away)."""
    from trainer.paths import read_regular
    from trainer.progress import school

    if args.casino_rules.strip().lower() == "none":
        school.clear_rules(store, group)
        emit(args, {"class": group.name, "casino": None},
             lambda d: f"Class {d['class']} trains on the regulation's rules again")
        return
    data = read_regular(Path(args.casino_rules), school.MAX_RULES_BYTES, "a casino's Rules Submission file")
    published = school.publish_rules(store, group, args.casino_rules, data)
    emit(args, {"class": group.name, "casino": published.casino, "file": published.file_name,
                "sha256": published.sha256},
         lambda d: f"Class {d['class']} trains on the casino rules of {d['casino']}")
