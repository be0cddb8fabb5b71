"""Baccarat drills (58 Pa. Code ch. 631a): skill ids start ``bac-``; feedback cites 631a."""

from trainer.drills.games import Game
from trainer.drills.model import Setup
from trainer.rules.baccarat.profiles import PROFILES

GAME = Game(
    id="baccarat", title="Baccarat", profiles=PROFILES, drill_package=__name__,
    drill_modules=("hand_drills", "payout_drills", "table_drills", "dealer_round"),
    groups=("Baccarat hands", "Baccarat payouts", "Baccarat shoe", "Calling the game"),
    setup=lambda profile, house_way: Setup(profile), skill_prefix="bac-",
)
