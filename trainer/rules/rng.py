"""The one injectable source of chance (spec R1): every game draws from a seeded ``random.Random``.

``rng_for(seed)`` gives the generator a command or a drill passes down; ``None`` draws a fresh
seed, which is returned too so that it can be recorded and the run replayed.

>>> a, _ = rng_for(7); b, seed = rng_for(7)
>>> a.random() == b.random(), seed
(True, 7)
"""

from __future__ import annotations

import random

#: The seeds the app's table screens hold (their seed boxes, "New" picks below a million): the
#: app's and ``snapshot``'s ``--seed`` refuse a larger one rather than show another woodpile.
MAX_SCREEN_SEED = 999_999


def new_seed() -> int:
    """A fresh seed for a run nobody asked to replay (still recorded with it, spec R1)."""
    import secrets  # (here: it loads OpenSSL, about 3 ms the app's start need not wait for)

    return secrets.randbits(48)


def rng_for(seed: int | None) -> tuple[random.Random, int]:
    """The generator for ``seed`` (a fresh seed if None) and the seed used."""
    seed = new_seed() if seed is None else seed
    return random.Random(seed), seed
