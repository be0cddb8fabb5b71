"""The command line's parser and value types: a bad value is one line that names the option, the
value (escaped, so a newline or a text-direction mark cannot garble the terminal) and what is allowed.

>>> printable("Ann\\nLee\\u202e")
'Ann\\\\nLee\\\\u202e'
>>> integer(1, 6)("3"), name(" Ann   Lee ")
(3, 'Ann Lee')
>>> integer(1, 6)("²")
Traceback (most recent call last):
argparse.ArgumentTypeError: '²' is not a whole number from 1 to 6
"""

from __future__ import annotations

import argparse
import re
from typing import Any, Callable, NoReturn

from trainer.rules.errors import TrainerError, printable, quoted as _shown  # noqa: F401 - printable: for the commands
from trainer.rules.rng import MAX_SCREEN_SEED  # noqa: F401 - for the commands

#: Seeds are stored with every answer: SQLite's INTEGER range (spec R1).
MAX_SEED = 2**63 - 1
_DIGITS = re.compile(r"-?[0-9]{1,30}")


class UsageError(TrainerError):
    """A command line argparse could not read; ``prog`` is the (sub)command it belongs to."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (no usage block), and whose text options
    refuse an empty value instead of falling back to a default (options added to a group
    name their ``type`` themselves)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(self.prog, f"{message} (see {self.prog} --help)")

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        for action in self._actions:
            # ``--player-third=--``: argparse takes ``--`` as "no more options" and stores [] unchecked
            stored = getattr(parsed, action.dest, None)
            if type(action) is argparse._StoreAction and action.nargs is None and isinstance(stored, list):
                self.error(f"argument {'/'.join(action.option_strings) or action.dest}: needs a value, not '--'")
        return parsed, extras

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        if kwargs.get("action", "store") == "store" and "type" not in kwargs and "choices" not in kwargs:
            kwargs["type"] = text
        return super().add_argument(*args, **kwargs)


def text(value: str) -> str:
    """Any text but an empty one: ``--house-way ''`` is a mistake, not a request for the default."""
    if not value.strip():
        raise argparse.ArgumentTypeError("needs a value, not an empty one")
    return value


def path(value: str) -> str:
    """A file or folder as typed; an empty one is left to the command, which names what it needed
    (``trainer.paths.usable_folder``: an empty folder is never the current folder)."""
    if "\x00" in value:  # only reachable through main([...]): a command line cannot hold one
        raise argparse.ArgumentTypeError(f"{_shown(value)} is not a file name (it holds a NUL character)")
    return value


def integer(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number written in ASCII digits, ``low``..``high``. Other digits
    (``²``, ``①``, ``٣``) are refused rather than read differently from how they look."""
    allowed = f"from {low} to {high}" if high is not None else f"of {low} or more"

    def parse(value: str) -> int:
        given = value.strip()
        number = int(given) if _DIGITS.fullmatch(given) else None
        if number is None or number < low or (high is not None and number > high):
            raise argparse.ArgumentTypeError(f"{_shown(value)} is not a whole number {allowed}")
        return number

    return parse


seed = integer(0, MAX_SEED)
screen_seed = integer(0, MAX_SCREEN_SEED)
_deck_count = integer(6, 8)


def decks(value: str) -> int:
    """Decks in a Baccarat shoe, six to eight (631a.3(a)); the profile says which of these its rules allow."""
    try:
        return _deck_count(value)
    except argparse.ArgumentTypeError as exc:
        raise argparse.ArgumentTypeError(f"{exc}: a shoe holds six to eight decks (631a.3(a))") from None


def name(value: str) -> str:
    """A trainee's name as the progress store keeps it (:func:`trainer.progress.store.normal_name`)."""
    from trainer.progress.store import normal_name

    try:
        return normal_name(value)
    except TrainerError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
