"""``paigow-trainer round --seed N``: one whole round, played correctly, as steps and chip movements.

Seeded simulated players sit down, wager and set; the dealer (or a player bank) plays the round by
the profile's rules; ``--irregularity`` injects one irregularity and plays its remedy (621a.10).
"""

from __future__ import annotations

import argparse
from typing import Any

from trainer.cli.args import integer, seed
from trainer.cli.common import add_casino_rules, add_json, add_profile, emit, profile_of
from trainer.rules.paigow.irregularities import Irregularity
from trainer.rules.paigow.profiles import ALL_STYLES

ORDER = 50


def register(sub: argparse._SubParsersAction) -> None:
    names = ", ".join(i.value for i in Irregularity)
    p = sub.add_parser("round", help="play one whole round with simulated players, step by step",
                       description="Play one seeded round of Pai Gow with simulated players: every step with its "
                                   "citation and what the dealer says, every chip movement, and each party's "
                                   "net change (they sum to zero).")
    p.add_argument("--seed", type=seed, required=True, metavar="N", help="seed of the round (spec R1)")
    add_profile(p)
    p.add_argument("--players", type=integer(1, 6), default=None, metavar="K", help="seated players, 1-6 (default: seeded)")
    p.add_argument("--bank", default="dealer", metavar="seatK",
                   help="who banks: dealer (default) or the player at seatK (621a.9)")
    p.add_argument("--co-bank", action="store_true", help="the player bank co-banks with the dealer (621a.9(e))")
    p.add_argument("--style", default=ALL_STYLES[0], metavar="S",
                   help=f"delivery style: {', '.join(ALL_STYLES)} (default {ALL_STYLES[0]})")
    p.add_argument("--method", default="manual", metavar="M",
                   help="how the number is made: manual, player-activated, rng (621a.6(a); default manual)")
    p.add_argument("--irregularity", default=None, metavar="NAME", help=f"inject one irregularity: {names}")
    add_casino_rules(p)
    add_json(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from trainer.drills.paigow.dealer_round import RoundSpec, play_spec
    from trainer.rules.paigow.delivery import check_style_name
    from trainer.rules.paigow.dice import Method
    from trainer.rules.errors import UnknownNameError
    from trainer.rules.paigow.irregularities import irregularity_named

    profile = profile_of(args)  # with --casino-rules, the casino's table: its styles, wagers, vigorish, banking
    check_style_name(args.style)
    if args.method not in {m.value for m in Method}:
        raise UnknownNameError("method", args.method, [m.value for m in Method])
    irregularity = irregularity_named(args.irregularity) if args.irregularity else None
    spec = RoundSpec(seed=args.seed, profile=profile.name, players=args.players, bank=args.bank,
                     co_bank=args.co_bank, style=args.style, irregularity=irregularity, method=Method(args.method),
                     casino=profile.casino_sha256)
    emit(args, play_spec(spec).to_dict(), transcript)
    return 0


def transcript(data: dict[str, Any]) -> str:
    """The round as a readable transcript: steps, hands and balances."""
    from trainer.rules.money import format_cents

    head = (f"Round, seed {data['seed']}, profile {data['profile']}, bank {data['bank']}"
            f"{' (co-bank)' if data['co_bank'] else ''}, style {data['style']}"
            f"{', irregularity ' + data['irregularity'] if data['irregularity'] else ''}")
    lines = [head, f"Dice {data['dice'] or '(RNG)'}, total {data['total']}, first delivery to {data['start']}", ""]
    lines += [f"{i:3}. [{s['actor']}] {s['say']}  ({s['citation']})" for i, s in enumerate(data["steps"], 1)]
    lines += ["", "Hands:"]
    for pos in data["positions"]:
        hands = f"{' '.join(pos['high'])} / {' '.join(pos['low'])}" if pos["high"] else "not played"
        results = ", ".join(f"{k} {r['outcome']} {format_cents(r['net'])}" for k, r in pos["results"].items())
        lines.append(f"  {pos['position']:<7} {' '.join(pos['tiles']):<16} {hands:<20} {results}".rstrip())
    lines += ["", "Balances: " + ", ".join(f"{k} {format_cents(v)}" for k, v in data["balances"].items())]
    return "\n".join(lines)
