"""Options and output shared by the subcommands."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from trainer.rules.paigow.house_way import HOUSE_WAYS, HouseWay, house_way_named
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
    parser.add_argument("--profile", default=DEFAULT_PROFILE, metavar="P",
                        help=f"jurisdiction profile: {', '.join(PROFILES)} (default {DEFAULT_PROFILE})")


def profile_of(args: argparse.Namespace) -> Profile:
    """``--profile``'s profile; with a casino's Rules Submission file as ``--house-way``, the profile that
    file amends, with its choices (``args.profile`` then names it, for the words ``emit`` prints)."""
    casino = casino_of(args)
    if casino is not None:
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
