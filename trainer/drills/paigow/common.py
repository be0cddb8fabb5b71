"""Small helpers of the Pai Gow drill generators: dealing distinct tiles (the shared ones re-exported)."""

from __future__ import annotations

import random
from typing import Any, Sequence

from trainer.drills.common import choices_with, draft, until, wager_amount
from trainer.rules.paigow.tiles import TILE_SET, Tile

__all__ = ["casino_of_way", "choices_with", "deal", "draft", "tile_names", "until", "wager_amount"]


def deal(rng: random.Random, count: int) -> list[Tile]:
    """``count`` distinct physical tiles of the 32-tile set (621a.3(h))."""
    return rng.sample(TILE_SET, count)


def tile_names(tiles: Sequence[Tile]) -> list[str]:
    return [str(t) for t in tiles]


def casino_of_way(way: Any) -> Any:
    """The casino's Rules Submission (``CasinoRules``) whose house way ``way`` is; None for the
    regulation's way (its own step's criterion holds the rules; read without importing the casino engine)."""
    found = (getattr(s.criterion, "rules", None) for s in (way.steps if way else ()))
    return next((r for r in found if r is not None), None)
