"""Pai Gow tiles drills: each module registers its skills with :func:`trainer.drills.registry.drill`."""

from trainer.drills.games import Game
from trainer.rules.paigow.profiles import Profile, REGISTRY


def _setup(profile: Profile, house_way: str | None):
    """A drill's set-up: the profile and its house way (imported here: the app's start-up needs this
    package for the game's profiles, not the drills' model or the house way, issue 15)."""
    from trainer.drills.model import Setup
    from trainer.rules.paigow.house_way import house_way_named

    return Setup(profile, house_way_named(house_way or profile.default_house_way))


def _warm_up(profile: Profile) -> None:
    """The exact analysis of ``profile``'s house way, set up once: the Player's seat needs it (numpy, a
    few tenths of a second); the optimal players of the Dealer's seat set from a stored table."""
    from trainer.rules.paigow import analysis
    from trainer.rules.paigow.house_way import house_way_named

    way = house_way_named(profile.default_house_way)
    analysis.prepare(way, profile.zero_zero_to_banker)
    analysis.hand_table(way, profile.zero_zero_to_banker)


GAME = Game(
    id="paigow", title="Pai Gow tiles", profiles=REGISTRY,
    drill_package=__name__,
    drill_modules=("tile_drills", "hand_drills", "house_way_drills", "payout_drills", "chip_drills", "side_wager_drills",
                   "table_drills", "dealing_drills", "dealer_round"),
    groups=("Tiles", "Hands", "House way", "Payouts", "Dealing", "Dealer's seat"),
    setup=_setup,
    warm_up=_warm_up,
)
