"""Errors a user can cause with bad input; the CLI and the UI show their message, never a traceback."""


class TrainerError(ValueError):
    """Bad input from a user or a file; the message names the problem in plain words."""


class NotationError(TrainerError):
    """A tile, hand or woodpile written wrongly (spec N2)."""


class UnknownNameError(TrainerError):
    """An unknown profile, paytable, house way, style or other named choice.

    >>> str(UnknownNameError("profile", "xx", ["md", "nj"]))
    "unknown profile 'xx' (choose from: md, nj)"
    """

    def __init__(self, kind: str, name: str, valid: list[str] | tuple[str, ...]) -> None:
        super().__init__(f"unknown {kind} '{name}' (choose from: {', '.join(valid)})")
        self.kind, self.name, self.valid = kind, name, tuple(valid)


def printable(value: str) -> str:
    """``value`` with every unprintable character (newline, escape, text-direction mark, a byte
    that was not UTF-8) written as its escape, so a message stays one honest line."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for c in value)


def quoted(value: str) -> str:
    """``value`` as typed, for a message: quoted and escaped; a long one cut, with its length.

    >>> quoted("Ann\\nLee")
    "'Ann\\\\nLee'"
    """
    if len(value) > 40:
        return f"'{printable(value[:30])}...' ({len(value):,} characters)"
    return f"'{printable(value)}'"
