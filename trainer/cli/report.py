"""``paigow-trainer report --trainee NAME --out r.pdf``: a trainee's PDF report.

The report is the trainee's latest exam (or ``--exam ID``): score per skill and every wrong answer
with the correct one and its citation, plus the practice record; a trainee who took no exam gets
their practice record and most recent wrong answers. Drawn with Qt (headless), as in the app.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from trainer.cli.args import MAX_SEED, integer, name, path
from trainer.cli.progress import add_data_dir, open_store, trainee_name
from trainer.rules.errors import TrainerError

ORDER = 90


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("report", help="write a trainee's PDF report (exam result, wrong answers, citations)",
                       description="Write a PDF report of a trainee's latest exam (or --exam ID) with every "
                                   "wrong answer, the correct one and its citation, and the practice record.")
    p.add_argument("--trainee", type=name, metavar="NAME", help="trainee (default: the current one)")
    p.add_argument("--out", metavar="FILE", type=path, required=True, help="the PDF file to write")
    p.add_argument("--exam", metavar="ID", type=integer(1, MAX_SEED), default=None, help="which exam (default: the latest)")
    add_data_dir(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from trainer.progress import FILENAME

    if args.data_dir is not None and not (Path(args.data_dir) / FILENAME).is_file():
        raise TrainerError(f"no progress file in {args.data_dir}")
    out = Path(args.out)
    if out.is_dir():
        raise TrainerError(f"{out} is a folder: give the PDF file's name")
    from trainer.ui.report import trainee_report, write_pdf

    store = open_store(args)
    try:
        report = trainee_report(store, trainee_name(store, args.trainee), args.exam)
    finally:
        store.close()
    pages = write_pdf(report, out)
    print(f"Wrote {out} ({pages} page{'s' if pages != 1 else ''}): {report.title.lower()} for {report.trainee}")
    return 0
