"""Baccarat screens: the table scene, the card art and the dealer calling the game."""

from trainer.drills.baccarat import GAME
from trainer.rules.baccarat.profiles import BaccaratProfile


def baccarat_profile(ctx) -> BaccaratProfile:
    """The Baccarat profile in force (Baccarat's last one, when another game is in play)."""
    return ctx.profile_of(GAME.id)
