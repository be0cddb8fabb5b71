"""Options and output shared by the subcommands."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Callable

from trainer.rules.paigow.house_way import HOUSE_WAYS, HouseWay, house_way_named
from trainer.rules.errors import TrainerError, printable
from trainer.rules.paigow.profiles import DEFAULT_PROFILE, PROFILES, Profile, profile_named


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def add_profile(parser: argparse.ArgumentParser, *, any_game: bool = False) -> None:
    """``--profile``: a Pai Gow jurisdiction; with ``any_game`` any game's profile, by default the
    one of the skill's game (``drill``, ``exam``)."""
    if any_game:
        from trainer.drills.games import all_profile_names

        parser.add_argument("--profile", default=None, metavar="P",
                            help=f"profile: {', '.join(all_profile_names())} (default: the skill's game's)")
        return
    parser.add_argument("--profile", default=DEFAULT_PROFILE, metavar="P", action=_Given,
                        help=f"jurisdiction profile: {', '.join(PROFILES)} (default {DEFAULT_PROFILE})")


class _Given(argparse.Action):
    """Stores the value and notes that it was given (a default is no choice to check against a file's)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        setattr(namespace, f"{self.dest}_given", True)


def profile_of(args: argparse.Namespace) -> Profile:
    """``--profile``'s profile; with a casino's Rules Submission file as ``--house-way``, the profile that
    file amends, with its choices (``args.profile`` then names it, for the words ``emit`` prints)."""
    casino = casino_of(args)
    if casino is not None:
        if getattr(args, "profile_given", False) and args.profile != casino.profile.name:
            option = "--casino-rules" if getattr(args, "casino_rules", None) else "--house-way"
            raise TrainerError(f"--profile {printable(args.profile)} and {option} "
                               f"{printable(getattr(args, option[2:].replace('-', '_')))}: the "
                               f"file amends profile {casino.profile.name}; give one or the other")
        args.profile = casino.profile.name
        return casino.profile
    return profile_named(args.profile)


def add_house_way(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--house-way", metavar="NAME|FILE", default=None,
                        help=f"house way: {', '.join(HOUSE_WAYS)}, or a casino's Rules Submission file "
                             "(.toml, docs/casino-rules.md; its profile then applies) (default: the profile's)")


def is_casino_file(value: str | None) -> bool:
    """Whether a ``--house-way`` or ``--casino-rules`` value names a file rather than a house way."""
    import os

    return bool(value) and value not in HOUSE_WAYS and (value.endswith(".toml") or os.sep in value
                                                        or os.path.exists(value))


def casino_of(args: argparse.Namespace):
    """The casino's Rules Submission named by ``--house-way FILE`` or ``--casino-rules FILE``, or None."""
    value = getattr(args, "casino_rules", None) or getattr(args, "house_way", None)
    if not is_casino_file(value):
        return None
    from trainer.rules.paigow.casino_rules import load_casino_rules

    return load_casino_rules(value)


def add_casino_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--casino-rules", metavar="FILE", default=None,
                        help="a casino's Rules Submission file (.toml, docs/casino-rules.md): its profile, "
                             "choices and house way")


def casino_setup(args: argparse.Namespace) -> tuple[Profile | None, str | None]:
    """``--casino-rules FILE``'s amended profile and house way name (a Baccarat table's: None), or (None,
    ``--house-way``)."""
    if getattr(args, "casino_rules", None) is None:
        return None, getattr(args, "house_way", None)
    from trainer.rules.casino import load_casino

    casino = load_casino(args.casino_rules)
    if getattr(args, "profile", None) not in (None, casino.profile.name):
        from trainer.rules.errors import TrainerError

        raise TrainerError(f"--profile {args.profile} and --casino-rules: the file amends profile "
                           f"{casino.profile.name}; give one or the other")
    way = getattr(casino, "house_way", None)
    return casino.profile, way.name if way else None


def class_casino(store: Any, trainee: str | None, game: str) -> tuple[Profile, str | None, str] | None:
    """The casino's rules an instructor published to a class of ``trainee`` (issue 30, "shared by a
    school"), when they are of ``game``: the amended profile, its house way's name (a Baccarat table's:
    None) and the line that names them; else None."""
    if trainee is None:
        return None
    from trainer.drills.games import game_of_profile
    from trainer.progress.school import trainee_rules

    published = trainee_rules(store, trainee)
    casino = published.load() if published is not None else None
    if casino is None or game_of_profile(casino.profile).id != game:
        return None
    way = getattr(casino, "house_way", None)
    line = f"Casino rules of class {published.class_name}: {casino.casino}" + (f" ({casino.way_name})" if way else "")
    return casino.profile, way.name if way else None, line


def house_way_of(args: argparse.Namespace, profile: Profile) -> HouseWay:
    """The house way named by ``--house-way`` (a name or a casino's file), else the profile's default
    (spec W3)."""
    casino = casino_of(args)
    if casino is not None:
        return casino.house_way
    return house_way_named(args.house_way or profile.default_house_way)


def emit(args: argparse.Namespace, data: Any, text: Callable[[Any], str]) -> None:
    """Print ``data`` as JSON with ``--json``, else as the human-readable ``text(data)``, in words
    (a command with a profile: positions, parties and the readings it cites never by internal name)."""
    if args.json:
        import json

        print(json.dumps(data, indent=2))
    elif getattr(args, "profile", None):
        from trainer.drills.text import plain_words

        print(plain_words(text(data), args.profile))
    else:
        print(text(data))


def add_progress(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--progress", action="store_true",
                        help="show the progress bar on stderr even when it is not a terminal")


def progress_bar(args: argparse.Namespace, total: int, unit: str):
    """A progress bar on stderr (never in the output, so never in ``--json``) that appears once the
    work has taken a second: only on a terminal, unless ``--progress`` asks for it. Use as a
    context manager; ``bar.update()`` after each unit of work."""
    from tqdm import tqdm

    return tqdm(total=total, unit=f" {unit}", file=sys.stderr, delay=1.0, leave=False, dynamic_ncols=True,
                disable=False if args.progress else None)


#: The environment variable holding the instructor's password, for scripts.
PASSWORD_ENV = "PAIGOW_TRAINER_INSTRUCTOR_PASSWORD"
#: The longest password line read (from a file or standard input).
MAX_PASSWORD = 1024


def add_password(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--password-file", metavar="FILE", type=Path,
                        help=f"an instructor's password is this file's first line (else ${PASSWORD_ENV}, "
                             "else asked without echo)")


def _first_line(data: bytes | str, where: str) -> str:
    """The first line of ``data`` (read with a bound), if it is a password line of at most 1 KB of UTF-8."""
    raw = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
    line = raw.split(b"\n", 1)[0].rstrip(b"\r")
    if len(line) > MAX_PASSWORD:
        raise TrainerError(f"{where} does not start with a password line (more than {MAX_PASSWORD} bytes)")
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        raise TrainerError(f"{where} is not UTF-8 text") from None


def instructor_password(args: argparse.Namespace) -> str:
    """An instructor's password, never echoed: the first line of ``--password-file`` (a regular file;
    at most 1 KB is read), else ``$PAIGOW_TRAINER_INSTRUCTOR_PASSWORD``, else asked at the terminal,
    else the first line of standard input."""
    import getpass

    from trainer.paths import read_regular

    if getattr(args, "password_file", None):
        where = f"the password file {args.password_file}"
        try:
            data = read_regular(args.password_file, MAX_PASSWORD + 2, "a file holding the password")
        except TrainerError as exc:
            raise TrainerError(f"cannot read the password file: {exc}") from None
        return _first_line(data, where)
    if os.environ.get(PASSWORD_ENV):
        return os.environ[PASSWORD_ENV]
    if sys.stdin is not None and sys.stdin.isatty():
        try:
            return getpass.getpass("Instructor's password: ")
        except (EOFError, KeyboardInterrupt):
            raise TrainerError("no instructor's password given: nothing was shown or changed") from None
    if sys.stdin is None:
        return ""
    return _first_line(sys.stdin.readline(MAX_PASSWORD + 2), "standard input")


def instructor_allows(store: Any, args: argparse.Namespace, what: str, trainees: tuple[str, ...] = (), *,
                      class_members_only: bool = False) -> None:
    """Go on only if an instructor allows ``what``, as the app asks (``trainer.progress.school.needs_instructor``:
    on a school's server, or for a trainee in a class; ``class_members_only``: only the latter); else a
    one-line ``TrainerError``, nothing changed."""
    from trainer.progress import school

    needed = school.in_a_class if class_members_only else school.needs_instructor
    if not needed(store, trainees):
        return
    if not school.classes(store):
        raise TrainerError(f"to {what}, an instructor's password is needed, and no class has an instructor yet: "
                           "add one with: paigow-trainer class --create NAME --instructor WHO (nothing was changed)")
    if school.instructor_with(store, instructor_password(args)) is None:
        raise TrainerError(f"that is not an instructor's password: cannot {what} (nothing was changed)")
