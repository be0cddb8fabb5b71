"""Options and output shared by the subcommands."""

from __future__ import annotations

import argparse
import json
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
    """Print ``data`` as JSON with ``--json``, else as the human-readable ``text(data)``."""
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print(text(data))
