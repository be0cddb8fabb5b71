"""Baccarat drills (58 Pa. Code ch. 631a): skill ids start ``bac-``; feedback cites 631a."""

from trainer.drills.games import Game
from trainer.rules.baccarat.profiles import PROFILES


def _setup(profile, house_way: str | None):
    """A drill's set-up: the profile (Baccarat has no house way); the model is imported on first use."""
    from trainer.drills.model import Setup

    return Setup(profile)

GAME = Game(
    id="baccarat", title="Baccarat", profiles=PROFILES, drill_package=__name__,
    drill_modules=("hand_drills", "payout_drills", "chip_drills", "table_drills", "dealer_round",
                   "call_drills", "procedure_drills"),
    groups=("Baccarat hands", "Baccarat payouts", "Baccarat shoe", "Calling the game"),
    setup=_setup, skill_prefix="bac-",
)
