"""``paigow-trainer deal --style cup-say-right``: stack, roll, count and deliver one round, move by move."""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
from typing import Any

from trainer.cli.args import seed
from trainer.cli.common import add_json, add_profile, emit, profile_of
from trainer.rules.paigow.profiles import ALL_STYLES

ORDER = 40

_METHODS = ("manual", "player-activated", "rng")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "deal", help="deal one round: woodpile, dice, start position and a delivery style as moves",
        description="Form the woodpile, make the number, count to the starting position and deliver the "
                    "tiles in a delivery style, listing the dealer's moves. Without --seed a random seed is "
                    "drawn and printed, so the same deal can be replayed with --seed.")
    p.add_argument("--seed", type=seed, metavar="N", help="seed for the mix and the dice (default: a random "
                   "seed, printed in the output)")
    p.add_argument("--woodpile", metavar="TILES", help='the 32 tiles, S1 top..bottom, then S2, ..., S8 '
                   '(default: mixed and stacked from the seed)')
    p.add_argument("--dice", metavar="DICE", help="three dice like 3,2,4, or a total like 9 (default: rolled "
                   "from the seed)")
    p.add_argument("--method", choices=_METHODS, default="manual",
                   help="how the number is made (default manual; rng and player-activated where the profile "
                        "allows them)")
    p.add_argument("--bank", metavar="SEAT", help="a player bank at seat1..seat6: the count starts there")
    p.add_argument("--cut", metavar="CUT", help="the bank's cut, e.g. 'S4-S5 right' or 'S3-S4 right, S5-S6 "
                   "left' (player-bank rounds only)")
    p.add_argument("--style", default=ALL_STYLES[0], metavar="STYLE",
                   help=f"delivery style: {', '.join(ALL_STYLES)} (default {ALL_STYLES[0]})")
    add_profile(p)
    add_json(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from trainer.rules.paigow.delivery import deal, style_name, style_section
    from trainer.rules.paigow.dice import Method, Roll, dice_colours
    from trainer.rules.paigow.woodpile import Cut, Woodpile

    profile = profile_of(args)
    method = Method(args.method)
    woodpile = Woodpile.parse(args.woodpile) if args.woodpile else None
    roll = None
    if args.dice:
        given = Roll.parse(args.dice)
        roll = replace(given, method=method, dice=() if method is Method.RNG else given.dice,
                       colours=dice_colours(profile))
    seed = args.seed
    if seed is None and (woodpile is None or roll is None):
        seed = random.SystemRandom().randrange(2**31)
    plan = deal(random.Random(seed), args.style, profile=profile, bank=args.bank,
                cut=Cut.parse(args.cut) if args.cut else None, woodpile=woodpile, roll=roll, method=method)
    data = {"seed": seed, **plan.to_dict(), "style_name": style_name(plan.style, profile),
            "style_section": style_section(plan.style, profile, plan.bank is not None)}
    data["front_view"] = plan.stacked.front_view()
    emit(args, data, _text)
    return 0


def _text(d: dict[str, Any]) -> str:
    lines = []
    if d["seed"] is not None:
        lines.append(f"Seed {d['seed']} (replay with --seed {d['seed']})")
    lines += ["Woodpile, dealer's view (S1 at the dealer's right, layer 1 on top):", d["front_view"]]
    if d["cut"]:
        lines.append(f"Cut: {d['cut']}")
    for attempt in d["no_rolls"]:
        lines.append(f"No roll: {', '.join(map(str, attempt['dice']))} ({attempt['fault']})")
    shown = f"dice {', '.join(map(str, d['dice']))} = " if d["dice"] else "number "
    lines.append(f"{shown}{d['total']}; counted from {d['origin']}: start {d['start']}")
    lines.append(f"Style: {d['style_name']} ({d['style_section']})")
    lines.append(f"{'#':>2}  {'position':<8}  {'tiles':<15}  from")
    lines += [f"{x['number']:>2}  {x['position']:<8}  {' '.join(x['tiles']):<15}  {x['from']}"
              for x in d["deliveries"]]
    lines.append("Moves:")
    lines += [f"{k:>3}. {m['caption']}  [{m['citation']}]" for k, m in enumerate(d["moves"], start=1)]
    return "\n".join(lines)
