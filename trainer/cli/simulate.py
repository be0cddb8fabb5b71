"""``paigow-trainer simulate --rounds N --seed S``: the Pai Gow Wager's EV by simulation, to check the exact
analysis (``paigow-trainer analyze --house-edge``) against the round engine."""

from __future__ import annotations

import argparse

from trainer.cli.args import integer, seed
from trainer.cli.common import add_json, add_profile, add_progress, emit, profile_of, progress_bar

ORDER = 55
#: Ten to fifteen minutes on one core (1,000-2,000 rounds a second): a bound, with a progress bar.
MAX_ROUNDS = 1_000_000

_POLICIES = ("house-way", "optimal")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="EV of the Pai Gow Wager over many simulated dealer-banked rounds",
                       description="Play N seeded dealer-banked rounds with six players who set by the house way "
                                   "or optimally and report the EV per unit of a Pai Gow Wager (5% commission, "
                                   "unrounded) with its standard error.")
    p.add_argument("--rounds", type=integer(2, MAX_ROUNDS), required=True, metavar="N",
                   help=f"rounds to play, 2 to {MAX_ROUNDS:,}")
    p.add_argument("--seed", type=seed, required=True, metavar="S", help="seed (spec R1)")
    p.add_argument("--policy", default="house-way", metavar="P",
                   help=f"how the players set: {', '.join(_POLICIES)} (default house-way)")
    add_profile(p)
    add_json(p)
    add_progress(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from trainer.rules.errors import UnknownNameError
    from trainer.rules.paigow.players import policy_named
    from trainer.rules.paigow.round import simulate

    if args.policy not in _POLICIES:
        raise UnknownNameError("policy", args.policy, _POLICIES)
    profile = profile_of(args)
    with progress_bar(args, args.rounds, "rounds") as bar:
        result = simulate(args.rounds, args.seed, policy_named(args.policy), profile=profile, progress=bar.update)
    data = {"rounds": result.rounds, "hands": result.hands, "player_ev": result.player_ev, "stderr": result.stderr}
    emit(args, data, lambda d: f"{d['rounds']} rounds, {d['hands']} hands: player EV {d['player_ev']:+.4f} "
                               f"per unit wagered (standard error {d['stderr']:.4f})")
    return 0
