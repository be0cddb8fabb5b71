"""The ``paigow-trainer`` command: no arguments launches the app; subcommands share the engine.

Each subcommand lives in its own module of this package with a ``register(subparsers)`` function
and an ``ORDER`` number (its place in ``--help``); modules are found by scanning the package, and
import heavy dependencies (numpy, Qt) inside their ``run`` so that ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from typing import Sequence

# Before numpy is first imported: its BLAS would start a thread per core (and take ~50 ms more to
# import) for work that never needs more than one.
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

from trainer import __version__
from trainer.rules.errors import TrainerError

PROG = "paigow-trainer"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Pai Gow tiles dealer trainer. Run without a command to open the app.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in command_modules():
        module.register(sub)
    return parser


def command_modules() -> list:
    """The subcommand modules of this package, in their ``ORDER``."""
    found = (importlib.import_module(f"{__name__}.{info.name}") for info in pkgutil.iter_modules(__path__))
    return sorted((m for m in found if hasattr(m, "register")), key=lambda m: m.ORDER)


def _launch_app(parser: argparse.ArgumentParser, options: Sequence[str] = ()) -> int:
    try:
        app = importlib.import_module("trainer.ui.app")
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("trainer.ui"):
            raise
        parser.print_help()
        return 0
    return app.run_app(options)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code (2 for a user mistake, with a one-line message)."""
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0].startswith("--") and argv[0] not in ("--help", "--version"):
        return _launch_app(parser, argv)  # the app's own options: --theme, --screen, ...
    args = parser.parse_args(argv)
    if args.command is None:
        return _launch_app(parser)
    try:
        return args.run(args) or 0
    except TrainerError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
