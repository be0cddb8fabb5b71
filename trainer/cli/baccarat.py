"""``paigow-trainer baccarat analyze|draw|round|shoe``: Baccarat's engine from the terminal (58 Pa. Code ch. 631a).

- ``analyze [--decks 6|7|8] [--tie-pays N]``: exact house edge of every wager;
- ``draw --player "5 K" --banker "3 3" [--player-third 8]``: whether each hand draws, and the section;
- ``round --seed N [--players K] [--ez] [--vig at-payout|deferred]``: one round fully played;
- ``shoe --seed N``: a whole shoe, from the cut and the burn to "last hand".

Numbers and seeds are read by the types of ``trainer.cli.args``, as in every other command: ASCII
digits within bounds, else one line naming the option (exit 2).
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

from trainer.cli.args import decks, integer, seed
from trainer.cli.common import add_json, emit
from trainer.rules.errors import TrainerError

ORDER = 95


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("baccarat", help="Baccarat (58 Pa. Code ch. 631a): analyze, draw, round, shoe",
                       description="Baccarat's rules engine: exact house edges, the third-card rules, "
                                   "a round or a whole shoe played step by step.")
    bac = p.add_subparsers(dest="baccarat_command", metavar="COMMAND")
    for name, helptext, adder, run in _COMMANDS:
        q = bac.add_parser(name, help=helptext, description=helptext)
        q.add_argument("--profile", default="pa-631a", metavar="P", help="Baccarat profile: pa-631a, pa-631a-ez")
        adder(q)
        add_json(q)
        q.set_defaults(run=run)
    p.set_defaults(run=_no_command)


def _no_command(args: argparse.Namespace) -> int:
    raise TrainerError(f"choose a baccarat command: {', '.join(c[0] for c in _COMMANDS)}")


def _profile(args: argparse.Namespace, **options: Any) -> Any:
    """The ``--profile`` named (checked by every command, ``draw`` included) with ``options``."""
    from trainer.rules.baccarat.profiles import profile_named

    return profile_named(args.profile).with_options(decks=getattr(args, "decks", None), **options)


# --- analyze --------------------------------------------------------------------------------------

def _add_analyze(p: argparse.ArgumentParser) -> None:
    p.add_argument("--decks", type=decks, metavar="6|7|8", help="decks in the shoe, six to eight (631a.3(a); "
                                                                "default the profile's, 8)")
    p.add_argument("--tie-pays", type=integer(1, 1000), metavar="N",
                   help="a winning Tie's odds to 1, at least 8 (631a.13(b))")


def _run_analyze(args: argparse.Namespace) -> int:
    from trainer.rules.baccarat.analysis import analyze

    profile = _profile(args, tie_pays=args.tie_pays)
    edges = analyze(profile.decks, tie_pays=profile.tie_pays, profile=profile)
    data = {"decks": profile.decks, "tie_pays": profile.tie_pays, "wagers": [e.to_dict() for e in edges]}
    emit(args, data, lambda d: "\n".join(
        [f"Baccarat, {d['decks']} decks, Tie pays {d['tie_pays']} to 1: exact house edge of each wager", ""]
        + [f"  {w['name']:<24}{w['house_edge'] * 100:8.4f}%   {w['citation']}" for w in d["wagers"]]))
    return 0


# --- draw -----------------------------------------------------------------------------------------

def _add_draw(p: argparse.ArgumentParser) -> None:
    p.add_argument("--player", metavar="CARDS", help='the Player\'s first two cards, e.g. "5 K" (required)')
    p.add_argument("--banker", metavar="CARDS", help='the Banker\'s first two cards, e.g. "3 3" (required)')
    p.add_argument("--player-third", metavar="CARD", help="the Player's third card, when the Player draws")


def _two_cards(text: str | None, hand: str) -> tuple:
    from trainer.rules.baccarat.cards import parse_hand

    if text is None:
        raise TrainerError(f"give the {hand}'s first two cards with --{hand.lower()}, e.g. --{hand.lower()} \"5 K\"")
    cards = parse_hand(text)
    if len(cards) != 2:
        raise TrainerError(f"the {hand}'s Hand takes two cards before any third card (631a.9(c)), "
                           f"got {len(cards)}")
    return cards


def _run_draw(args: argparse.Namespace) -> int:
    from trainer.rules.baccarat.cards import parse_card, points
    from trainer.rules.baccarat.draw import banker_rule, is_natural, player_rule

    _profile(args)
    player, banker = _two_cards(args.player, "Player"), _two_cards(args.banker, "Banker")
    pp, bp = points(player), points(banker)
    p_rule = player_rule(pp, bp)
    third = parse_card(args.player_third) if args.player_third is not None else None
    if third is not None and not p_rule.draws:
        raise TrainerError(f"the Player's Hand stands on {pp} against {bp} ({p_rule.citation}): "
                           f"it takes no third card")
    b_rule = None if p_rule.draws and third is None else banker_rule(pp, bp, third.value if third else None)
    cites = [p_rule.citation] + ([b_rule.citation] if b_rule and b_rule.citation != p_rule.citation else [])
    data = {"player_points": pp, "banker_points": bp, "natural": is_natural(pp) or is_natural(bp),
            "player_draws": p_rule.draws, "player_third": str(third) if third else None,
            "banker_draws": b_rule.draws if b_rule else None, "citation": "; ".join(cites)}
    emit(args, data, _draw_text)
    return 0


def _draw_text(d: dict[str, Any]) -> str:
    def verdict(draws: bool | None) -> str:
        return "waits for the Player's third card" if draws is None else "draws" if draws else "stands"
    nat = " (a Natural: no more cards)" if d["natural"] else ""
    third = f", Player's third card {d['player_third']}" if d["player_third"] else ""
    return (f"Player {d['player_points']}, Banker {d['banker_points']}{nat}{third}: "
            f"Player {verdict(d['player_draws'])}, Banker {verdict(d['banker_draws'])}  ({d['citation']})")


# --- round and shoe -----------------------------------------------------------------------------

def _add_table(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=seed, metavar="N", help="seed (spec R1; required)")
    p.add_argument("--players", type=integer(1, 14), metavar="K", help="seated players, 1-14 (default: seeded, 1-7)")
    p.add_argument("--decks", type=decks, metavar="6|7|8", help="decks in the shoe, six to eight (631a.3(a); "
                                                                "default the profile's, 8)")
    p.add_argument("--ez", action="store_true", help="an EZ Baccarat table: no vigorish (631a.1)")
    p.add_argument("--squeeze", action="store_true", help="the squeeze of 631a.9(d)")
    p.add_argument("--vig", metavar="WHEN", help="collect the vigorish at-payout or deferred (631a.13(d))")


def _table_options(args: argparse.Namespace) -> tuple[Any, int, int | None]:
    profile = _profile(args, ez=args.ez or None, squeeze=args.squeeze or None, vig_collection=args.vig)
    if args.seed is None:
        raise TrainerError("give a seed with --seed N: the same seed replays the same cards")
    return profile, args.seed, args.players


def _add_round(p: argparse.ArgumentParser) -> None:
    _add_table(p)
    p.add_argument("--irregularity", metavar="NAME", help="play one irregularity and its remedy (631a.15): "
                   "error-card, third-undisclosed, third-disclosed, exposed-card, too-few")


def _run_round(args: argparse.Namespace) -> int:
    from trainer.rules.baccarat.irregularities import Irregularity
    from trainer.rules.baccarat.round import play_one
    from trainer.rules.errors import UnknownNameError

    profile, seed, players = _table_options(args)
    if args.irregularity is not None and args.irregularity not in {i.value for i in Irregularity}:
        raise UnknownNameError("irregularity", args.irregularity, [i.value for i in Irregularity])
    emit(args, play_one(seed, profile, players=players, irregularity=args.irregularity).to_dict(), _round_text)
    return 0


def _round_text(d: dict[str, Any]) -> str:
    from trainer.rules.money import format_cents

    lines = [f"Baccarat round, seed {d['seed']}, profile {d['profile']}: Player {' '.join(d['player'])} "
             f"({d['player_points']}), Banker {' '.join(d['banker'])} ({d['banker_points']}), {d['result']}", ""]
    lines += [f"{i:3}. [{s['actor']}] {s['say'] or s['action']}  ({s['citation']})" for i, s in enumerate(d["steps"], 1)]
    lines += ["", "Chips:"] + [f"  {c['from']} -> {c['to']} {format_cents(c['cents'])}: {c['why']} ({c['citation']})"
                               for c in d["chips"]]
    if d["markers"]:
        lines.append("Vigorish marked: " + ", ".join(f"{k} {format_cents(v)}" for k, v in d["markers"].items()))
    lines += ["", "Balances: " + ", ".join(f"{k} {format_cents(v)}" for k, v in d["balances"].items())]
    return "\n".join(lines)


def _run_shoe(args: argparse.Namespace) -> int:
    from trainer.rules.baccarat.round import play_shoe
    from trainer.rules.rng import rng_for

    profile, seed, players = _table_options(args)
    rng, seed = rng_for(seed)
    emit(args, play_shoe(rng, profile, players=players, seed=seed).to_dict(), _shoe_text)
    return 0


def _shoe_text(d: dict[str, Any]) -> str:
    from trainer.rules.money import format_cents

    cut = d["cut"]
    lines = [f"Baccarat shoe, seed {d['seed']}, {d['decks']} decks: cut by {cut['by']} at {cut['at']} cards, "
             f"second cover card {cut['second_cover_depth']} cards above the bottom; burn {' '.join(d['burn'])}; "
             f"curator {d['curator']}", ""]
    for i, r in enumerate(d["rounds"], 1):
        marks = (" [cover card]" if r["cover_card"] else "") + (" [last hand]" if r["last_hand"] else "")
        lines.append(f"{i:3}. Player {' '.join(r['player']):<10} Banker {' '.join(r['banker']):<10} "
                     f"{r['result']:<7} curator {r['curator']} -> {r['next_curator']}{marks}")
    lines += [f"  {s['say']} ({s['citation']})" for s in d["closing"]]
    lines += ["", f"Cards left in the shoe: {d['cards_left']}",
              "Balances: " + ", ".join(f"{k} {format_cents(v)}" for k, v in d["balances"].items())]
    return "\n".join(lines)


_COMMANDS: tuple[tuple[str, str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]], ...] = (
    ("analyze", "exact house edge of every Baccarat wager", _add_analyze, _run_analyze),
    ("draw", "whether the Player's and the Banker's Hands draw a third card (631a.11)", _add_draw, _run_draw),
    ("round", "one Baccarat round, fully played, as steps and chip movements", _add_round, _run_round),
    ("shoe", "a whole Baccarat shoe: the cut, the burn, every round until the last hand", _add_table, _run_shoe),
)
