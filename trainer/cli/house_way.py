"""``paigow-trainer house-way "6-6 4-5 1-3 2-3"``: set four tiles by a house way and explain why."""

from __future__ import annotations

import argparse

from trainer.cli.common import add_house_way, add_json, add_profile, casino_of, emit, house_way_of, profile_of
from trainer.rules.paigow.house_way import allowed_settings, set_by_house_way
from trainer.rules.paigow.tiles import parse_tiles

ORDER = 10


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("house-way", help="set four tiles by the house way, with the deciding step",
                       description="Set four tiles by the house way and name the step that decided it.")
    p.add_argument("tiles", help='four tiles, e.g. "6-6 4-5 1-3 2-3"')
    add_profile(p)
    add_house_way(p)
    add_json(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    profile = profile_of(args)
    way = house_way_of(args, profile)
    tiles = parse_tiles(args.tiles, count=4)
    decision = set_by_house_way(tiles, way, profile)
    casino = casino_of(args)
    data = {
        "high": [str(t) for t in decision.setting.high.tiles],
        "low": [str(t) for t in decision.setting.low.tiles],
        "step": decision.step,
        "citation": decision.citation,
        "explanation": decision.explanation,
        "allowed": sorted(str(s) for s in allowed_settings(tiles, way).settings),  # every one the step allows
        "house_way": way.name,
        "profile": profile.name,
        # the casino's rule that set the tiles; None where the regulation's steps did (its section cited)
        "rule": None if casino is None else casino.decide(tiles).label,
        "casino": None if casino is None else casino.casino,
    }
    emit(args, data, lambda d: f"High: {' '.join(d['high'])}   Low: {' '.join(d['low'])}\n{d['explanation']}")
    return 0
