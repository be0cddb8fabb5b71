"""Pai Gow tiles drills: each module registers its skills with :func:`trainer.drills.registry.drill`."""

from trainer.drills.games import Game
from trainer.drills.model import Setup
from trainer.rules.paigow.house_way import house_way_named
from trainer.rules.paigow.profiles import REGISTRY

GAME = Game(
    id="paigow", title="Pai Gow tiles", profiles=REGISTRY,
    drill_package=__name__,
    drill_modules=("tile_drills", "hand_drills", "house_way_drills", "payout_drills", "side_wager_drills",
                   "table_drills", "dealing_drills", "dealer_round"),
    groups=("Tiles", "Hands", "House way", "Payouts", "Dealing", "Dealer's seat"),
    setup=lambda profile, house_way: Setup(profile, house_way_named(house_way or profile.default_house_way)),
)
