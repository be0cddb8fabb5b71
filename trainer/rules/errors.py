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
