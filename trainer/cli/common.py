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
    return profile_named(args.profile)


def add_house_way(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--house-way", metavar="NAME", default=None,
                        help=f"house way: {', '.join(HOUSE_WAYS)} (default: the profile's)")


def house_way_of(args: argparse.Namespace, profile: Profile) -> HouseWay:
    """The house way named by ``--house-way``, else the profile's default (spec W3)."""
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
