"""Small helpers of the Pai Gow drill generators: dealing distinct tiles (the shared ones re-exported)."""

from __future__ import annotations

import random
from typing import Sequence

from trainer.drills.common import choices_with, draft, until, wager_amount
from trainer.rules.paigow.tiles import TILE_SET, Tile

__all__ = ["choices_with", "deal", "draft", "tile_names", "until", "wager_amount"]


def deal(rng: random.Random, count: int) -> list[Tile]:
    """``count`` distinct physical tiles of the 32-tile set (621a.3(h))."""
    return rng.sample(TILE_SET, count)


def tile_names(tiles: Sequence[Tile]) -> list[str]:
    return [str(t) for t in tiles]
