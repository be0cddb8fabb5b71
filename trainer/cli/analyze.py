"""``paigow-trainer analyze "6-6 4-5 1-3 2-3"``: exact odds of each setting against the dealer's house way.

``--house-edge`` gives the odds over all 35,960 hands instead, for a player who sets by the house way
and for one who always sets optimally (spec W4), and explains with these figures why an optimal player
beats the regulatory house way and how a published casino house way compares. The dealer banks;
copies go to the dealer.
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from trainer.cli.common import add_house_way, add_json, add_profile, casino_of, emit, house_way_of, profile_of
from trainer.rules.errors import TrainerError
from trainer.rules.paigow.house_way import REGULATORY
from trainer.rules.paigow.tiles import parse_tiles

ORDER = 20

_HEADER = f"  {'':<22}{'Win':>8}{'Push':>8}{'Lose':>8}{'EV':>9}"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyze", help="exact odds of each setting against the dealer's house way",
                       description="Exact win/push/lose odds and EV of the three settings of four tiles "
                                   "against a dealer who sets by the house way (spec W4), or with "
                                   "--house-edge the odds over all 35,960 hands.")
    p.add_argument("tiles", nargs="?", help='four tiles, e.g. "6-6 4-5 1-3 2-3"')
    p.add_argument("--house-edge", action="store_true",
                   help="odds over every hand for a house-way player and an optimal player")
    add_profile(p)
    add_house_way(p)
    add_json(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from trainer.rules.paigow import analysis  # numpy: imported here so that --help stays fast

    if args.house_edge == (args.tiles is not None):
        raise TrainerError("give either four tiles or --house-edge, not both" if args.house_edge
                           else 'give four tiles to analyze (e.g. "6-6 4-5 1-3 2-3") or --house-edge')
    profile = profile_of(args)
    way = house_way_of(args, profile)
    zero_rule = profile.zero_zero_to_banker
    context = {"profile": profile.name, "house_way_name": way.name}
    if args.house_edge:
        edge = analysis.house_edge(way, zero_rule)
        data = {"player_house_way": edge.house_way_player.as_dict(),
                "player_optimal": edge.optimal_player.as_dict(),
                "banker_house_way": edge.banker_house_way.as_dict(), **context,
                "explanation": list(analysis.edge_explanation(edge.house_way_player, edge.optimal_player, way,
                                                              profile)),
                "published": {"optimal_player_house_edge": analysis.PUBLISHED_OPTIMAL_EDGE,
                              "source": analysis.PUBLISHED_SOURCE}}
        # a casino's way beside the regulation's (the text only: JSON keeps its keys)
        regulation = None if way.rule or args.json else analysis.house_edge(REGULATORY, zero_rule)
        casino = casino_of(args)
        if casino is not None:
            data["explanation"] = _casino_explanation(casino, edge)
        emit(args, data, lambda d: _edge_text(d, zero_rule, way.heading(profile), regulation))
        return 0
    tiles = parse_tiles(args.tiles, count=4)
    result = analysis.analyze_hand(tiles, way, zero_rule)
    rows = [{"high": [str(t) for t in s.high.tiles], "low": [str(t) for t in s.low.tiles], **o.as_dict()}
            for s, o in zip(result.settings, result.odds)]
    data = {"settings": rows, "optimal": result.optimal, "house_way": result.house_way, **context}
    casino = casino_of(args)
    if casino is not None:  # the casino's rule that sets these tiles (None: the regulation's steps)
        data["house_way_rule"] = casino.decide(tiles).rule
    emit(args, data, lambda d: _hand_text(d, zero_rule, way.heading(profile)))
    return 0


def _casino_explanation(casino, edge) -> list[str]:
    """What a casino's way does, with the figures (not the regulation's way's wording, spec W3)."""
    from trainer.rules.paigow.analysis import PUBLISHED_OPTIMAL_EDGE, PUBLISHED_SOURCE
    from trainer.rules.paigow.casino_chart import describe

    own, best = -edge.house_way_player.ev, -edge.optimal_player.ev
    profile = casino.profile
    return [
        f"A player who sets like the dealer gives the house {own:.2%} of each wager: the 5% vigorish on wins "
        f"and the copies the dealer wins ({profile.cite('copy')}, {profile.cite('vigorish')}).",
        f"The dealer sets by {casino.casino}'s {casino.way_name}: {describe(casino)}.",
        f"A player may set his tiles any way; taking the best setting every hand he pushes "
        f"{edge.optimal_player.push:.1%} of hands instead of {edge.house_way_player.push:.1%} and loses "
        f"{edge.optimal_player.lose:.1%} instead of {edge.house_way_player.lose:.1%}: against this way the house "
        f"keeps {best:.2%} from an optimal player (about {PUBLISHED_OPTIMAL_EDGE:.1%}, {PUBLISHED_SOURCE}).",
    ]


def _rules(data: dict[str, Any], zero_zero_to_banker: bool) -> str:
    zero = ("copies and zero-zero go to the dealer" if zero_zero_to_banker
            else "copies go to the dealer, two zero hands go by top tile (spec JQ3)")
    return (f"Dealer sets by the house way '{data['house_way_name']}', profile {data['profile']}; "
            f"a win pays 0.95 (5% commission); {zero}.")


def _row(label: str, odds: dict[str, float]) -> str:
    return (f"  {label:<22}{odds['win']:>8.2%}{odds['push']:>8.2%}{odds['lose']:>8.2%}"
            f"{odds['ev']:>+9.4f}")


def _hand_text(data: dict[str, Any], zero_zero_to_banker: bool, heading: str) -> str:
    lines = [_rules(data, zero_zero_to_banker).replace(f"'{data['house_way_name']}'", f"'{heading}'"), "", _HEADER]
    for i, row in enumerate(data["settings"]):
        way = f"house way ({data['house_way_rule']})" if data.get("house_way_rule") else "house way"
        marks = [m for m, on in (("optimal", i == data["optimal"]), (way, i == data["house_way"])) if on]
        setting = f"{' '.join(row['high'])} / {' '.join(row['low'])}"
        lines.append(f"{_row(setting, row)}  {', '.join(marks)}".rstrip())
    return "\n".join(lines)


def _edge_text(data: dict[str, Any], zero_zero_to_banker: bool, heading: str, regulation=None) -> str:
    """The table of edges; a casino's way side by side with the regulation's (``regulation``: its edge)."""
    house, best = data["player_house_way"], data["player_optimal"]
    beside = [] if regulation is None else [
        "The regulation's house way, for comparison:",
        _row("sets by the house way", regulation.house_way_player.as_dict()),
        _row("sets optimally", regulation.optimal_player.as_dict()),
        _row("banks, sets by the way", regulation.banker_house_way.as_dict()), ""]
    return "\n".join([
        _rules(data, zero_zero_to_banker).replace(f"'{data['house_way_name']}'", f"'{heading}'"),
        "Over all 35,960 player hands x 20,475 dealer hands.", "", _HEADER,
        _row("sets by the house way", house), _row("sets optimally", best),
        _row("banks, sets by the way", data["banker_house_way"]), "", *beside,
        f"House edge (minus the player's EV): {-house['ev']:.3%} against a house-way player, "
        f"{-best['ev']:.3%} against an optimal player.", "",
        *(textwrap.fill(line, 100) for line in data["explanation"]),
    ])
