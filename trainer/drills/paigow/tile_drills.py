"""Tile drills: identify a tile (traditional name, spots, rank) and rank two tiles.

Ranks are 621a.3(h) (md 3.I, nj 10.2(g); spec JT1); names spec N1.
``data``: ``tiles`` (the tile faces shown).
"""

from __future__ import annotations

import random

from trainer.drills.paigow.common import choices_with, draft
from trainer.drills.model import AnswerKind, Draft, Setup
from trainer.drills.registry import drill
from trainer.rules.paigow.tiles import FACES, Tile

SAME_RANK = "Same rank"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``12th`` ..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def describe_tile(tile: Tile) -> str:
    """``6-6 is Twelve (6-6), called Teen, ranked 1st of 17``."""
    return f"{tile} is {tile.name}, called {tile.chinese_name}, ranked {ordinal(tile.rank)} of 17"


def _gee_joon_note(tile: Tile) -> str:
    if not tile.is_gee_joon:
        return ""
    return (" As a Gee Joon tile it may count 3 or 6 in a hand without its partner; 1-2 counted as 6 "
            "ranks 15th, 2-4 counted as 3 ranks 17th.")


@drill("tile-id", "Identify a tile", "Tiles", "Name a tile, count its spots or give its rank.", target_ms=4000,
       items=lambda setup: tuple(map(str, FACES)))  # by rank, 6-6 first
def tile_id(rng: random.Random, setup: Setup) -> Draft:
    tile = rng.choice(FACES)
    cites = [setup.profile.cite("tile_rank"), "spec N1"]
    data = {"tiles": [str(tile)]}
    variant = rng.choice(("name", "spots", "rank"))
    why = describe_tile(tile) + "." + _gee_joon_note(tile)
    if tile.is_gee_joon:
        cites += [setup.profile.cite("gee_joon"), "spec H2"]
    if variant == "name":  # the trade's name: no regulation names the tiles so, the reading does (spec N1)
        pool = [f.chinese_name for f in FACES]
        why += " The traditional names are the trade's, not the regulation's: no section gives them."
        return draft(f"What is the traditional name of {tile}?", AnswerKind.CHOICE, tile.chinese_name, why,
                     ["spec N1"],
                     str(tile), choices=choices_with(rng, tile.chinese_name, pool), data=data,
                     hint="The name follows the tile's spots and rank: Teen is the Twelve, Day the Two.")
    if variant == "spots":
        return draft(f"How many spots does {tile} have in all?", AnswerKind.NUMBER, tile.pips, why, cites,
                     str(tile), data=data, hint="Add both halves.")
    return draft(f"What is the rank of {tile} among the 17 individual tile ranks (1 = highest)?",
                 AnswerKind.NUMBER, tile.rank, why, cites, str(tile), data=data,
                 hint="6-6 is 1st and 1-2 is 17th; the eleven doubled faces come first.")


@drill("tile-compare", "Rank two tiles", "Tiles", "Which of two tiles ranks higher?", target_ms=4000,
       items=lambda setup: ("far", "close", "same"))
def tile_compare(rng: random.Random, setup: Setup) -> Draft:
    # One question in four pairs tiles of the same rank (3-6/4-5, 2-6/3-5, 2-5/3-4, 1-4/2-3).
    if rng.random() < 0.25:
        rank = rng.choice([r for r in {f.rank for f in FACES} if sum(f.rank == r for f in FACES) == 2])
        a, b = [f for f in FACES if f.rank == rank]
    else:
        a, b = rng.sample(FACES, 2)
    if rng.random() < 0.5:
        a, b = b, a
    answer = SAME_RANK if a.rank == b.rank else str(min(a, b, key=lambda t: t.rank))
    why = f"{describe_tile(a)}; {describe_tile(b)}."
    gap = abs(a.rank - b.rank)
    item = "same" if gap == 0 else "close" if gap <= 2 else "far"
    return draft(f"Which tile ranks higher: {a} or {b}?", AnswerKind.CHOICE, answer, why,
                 [setup.profile.cite("tile_rank"), "spec N1"], item, choices=(str(a), str(b), SAME_RANK),
                 data={"tiles": [str(a), str(b)]},
                 hint="Doubled faces (the eleven with two copies) outrank every single tile.")
