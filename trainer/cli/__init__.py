"""The ``paigow-trainer`` command: no arguments launches the app; subcommands share the engine.

Each subcommand lives in its own module of this package with a ``register(subparsers)`` function
and an ``ORDER`` number (its place in ``--help``); ``--help`` finds them by scanning the package, a
command line naming a command imports only its module (``COMMANDS``), and modules import heavy
dependencies (numpy, Qt) inside their ``run`` so that ``--help`` stays fast. Options
use the types of ``trainer.cli.args`` (bounded numbers, checked names, no empty values). The app's
own options (``--screen``, ``--theme``, ...) are taken without a command and handed to the app.
Ctrl+C prints one line and exits 130 at any moment, start-up included: everything but this
module's few lines is imported inside ``main``.
"""

from __future__ import annotations

import importlib
import os
import signal
import sys

#: Nothing more is imported before ``main`` takes Ctrl+C over (not even ``typing``): names for
#: type checkers only.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import FrameType
    from typing import NoReturn

    from trainer.cli.args import Parser

# Before numpy is first imported: its BLAS would start a thread per core (and take ~50 ms more to
# import) for work that never needs more than one.
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

PROG = "paigow-trainer"


#: Each command's module in this package, so that a command line naming one imports only that
#: module (every module together takes ~50 ms to import, issue 15). A test checks it against the
#: modules ``command_modules`` finds.
COMMANDS = {"house-way": "house_way", "analyze": "analyze", "sidebets": "sidebets", "deal": "deal",
            "round": "round", "simulate": "simulate", "snapshot": "snapshot", "progress": "progress",
            "drill": "drill", "class": "school", "exam": "exam", "report": "report", "baccarat": "baccarat",
            "casino-rules": "casino_rules", "live": "live"}


def build_parser(*, commands: bool = True, only: str | None = None) -> Parser:
    """The whole command line; without ``commands`` only the app's own options (no module of a
    subcommand imported); with ``only`` (a command's name) that command alone, without the app's
    options, which argparse never reads after a command."""
    from trainer import __version__
    from trainer.cli.args import Parser

    parser = Parser(
        prog=PROG,
        description="Pai Gow tiles dealer trainer. Run without a command to open the app.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    app = _app_module() if only is None else None
    if app is not None:
        app.add_app_options(parser.add_argument_group("the app's options (without a command)"))
    if not commands:
        return parser
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in command_modules() if only is None else [importlib.import_module(f"{__name__}.{COMMANDS[only]}")]:
        module.register(sub)
    return parser


def command_modules() -> list:
    """The subcommand modules of this package, in their ``ORDER``."""
    import pkgutil

    found = (importlib.import_module(f"{__name__}.{info.name}") for info in pkgutil.iter_modules(__path__))
    return sorted((m for m in found if hasattr(m, "register")), key=lambda m: m.ORDER)


def _app_module():
    """``trainer.ui.app``, or None in an installation without the app."""
    try:
        return importlib.import_module("trainer.ui.app")
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("trainer.ui"):
            raise
        return None


def _starts_app(argv: list[str]) -> bool:
    """True when ``argv`` is only the app's options, checked without importing every subcommand's
    module (that would add ~0.2 s to the app's start-up, issue 15); anything else, help or a
    mistake included, is left to the whole parser."""
    from trainer.cli.args import UsageError

    if _app_module() is None or {"-h", "--help"} & set(argv):
        return False
    try:
        return not build_parser(commands=False).parse_known_args(argv)[1]
    except UsageError:
        return False


def _run(argv: list[str]) -> int:
    named = argv[0] if argv and argv[0] in COMMANDS else None
    if named is None and _starts_app(argv):
        return _app_module().run_app(argv)
    parser = build_parser(only=named)
    args = parser.parse_args(argv)
    _refuse_empty_values(argv)
    if args.command is None:
        app = _app_module()
        if app is None:
            parser.print_help()
            return 0
        return app.run_app(argv)
    if argv[0] != args.command:  # the app's options come before a command, where it would ignore them
        from trainer.cli.args import UsageError, printable

        raise UsageError(PROG, f"{printable(argv[0])} is an option of the app, not of '{args.command}': "
                               f"give the command first (see {PROG} {args.command} --help)")
    return args.run(args) or 0


#: Options whose empty value their own check names better (an empty path is never the current folder).
_OWN_EMPTY_CHECK = ("--data-dir", "--out", "--export")


def _refuse_empty_values(argv: list[str]) -> None:
    """An option given an empty value (``--import ''``) is a mistake, never "not given": else the
    command would do another action (show the progress) and say nothing was wrong. (Run after
    parsing: an option's own type names its empty value first.)"""
    from trainer.cli.args import UsageError

    for i, arg in enumerate(argv):
        given = arg.split("=", 1)[1] if arg.startswith("--") and "=" in arg else None
        if given is None and i and argv[i - 1].startswith("-") and "=" not in argv[i - 1]:
            given, arg = arg, argv[i - 1]
        flag = arg.split("=", 1)[0]
        if given is not None and not given.strip() and flag not in _OWN_EMPTY_CHECK:
            raise UsageError(PROG, f"argument {flag}: an empty value (give one, or leave the option out)")


def _fail(message: str, code: int) -> int:
    from trainer.progress.database import redact
    from trainer.rules.errors import printable

    print(printable(redact(message)), file=sys.stderr)  # never a database password, whoever wrote the message
    return code


def quit_interrupted(*_: object) -> NoReturn:
    """Leave at once on Ctrl+C with the line ``main`` prints, exit code 130 (a signal handler:
    nothing half-built is torn down, what was saved stays saved, what was printed is flushed)."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError, RuntimeError):  # closed, a broken pipe, or interrupted mid-write
        pass
    os.write(2, f"{PROG}: interrupted\n".encode())
    os._exit(130)


def _on_ctrl_c(signum: int, frame: FrameType | None) -> None:
    """Ctrl+C: a KeyboardInterrupt where ``_main`` turns it into one line (a command at work, e.g. a
    drill between two questions); anywhere else leave at once with the same line: while a module is
    being imported (start-up, a command's first use of numpy or Qt), where an exception can come out
    as another error or a crash (PySide6 aborts), and in the instants before and after ``_main``."""
    while frame is not None:
        if frame.f_code is _main.__code__:
            raise KeyboardInterrupt
        if frame.f_code.co_filename.startswith("<frozen importlib._bootstrap"):
            break
        frame = frame.f_back
    quit_interrupted()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code: 2 for a user mistake (one line on stderr), 130 when
    interrupted with Ctrl+C (what was already saved stays saved)."""
    try:
        before = signal.signal(signal.SIGINT, _on_ctrl_c)
    except ValueError:  # called from another thread than the main one: signals are not its business
        before = None
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)


def _main(argv: list[str]) -> int:
    from trainer import method_cache

    method_cache.install()  # (before the first dataclass: their methods compiled once, not at every start)
    from trainer.cli.args import UsageError
    from trainer.rules.errors import TrainerError

    try:
        return _run(argv)
    except UsageError as exc:
        return _fail(f"{exc.prog}: error: {exc}", 2)
    except TrainerError as exc:
        return _fail(f"{PROG}: error: {exc}", 2)
    except KeyboardInterrupt:
        return _fail(f"{PROG}: interrupted", 130)
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a file or folder named on the command line that cannot be used
        return _fail(f"{PROG}: error: {_os_problem(exc)}", 2)


def _os_problem(exc: OSError) -> str:
    """``File name too long: '999...'``: the system's words and the file, without Python's ``[Errno N]``."""
    names = [f"'{n}'" for n in (exc.filename, exc.filename2) if n is not None]
    return f"{exc.strerror or exc}: {' -> '.join(names)}" if names else str(exc.strerror or exc)
