"""The ``paigow-trainer`` command: no arguments launches the app; subcommands share the engine.

Each subcommand lives in its own module of this package with a ``register(subparsers)`` function;
modules import heavy dependencies (numpy, Qt) inside their ``run`` so that ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from trainer import __version__
from trainer.rules.errors import TrainerError

#: Subcommand modules, in the order ``--help`` lists them.
COMMAND_MODULES = ("house_way",)

PROG = "paigow-trainer"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Pai Gow tiles dealer trainer. Run without a command to open the app.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(f"trainer.cli.{name}").register(sub)
    return parser


def _launch_app(parser: argparse.ArgumentParser) -> int:
    try:
        app = importlib.import_module("trainer.ui.app")
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("trainer.ui"):
            raise
        parser.print_help()
        return 0
    return app.run_app()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code (2 for a user mistake, with a one-line message)."""
    parser = build_parser()
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
