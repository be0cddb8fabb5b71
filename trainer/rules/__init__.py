"""The pure rules engines, one sibling package per game, over the pieces they share.

- :mod:`trainer.rules.paigow` — Pai Gow tiles (58 Pa. Code ch. 621a, MD, N.J.A.C. 19:47-10).
- shared here: :mod:`~trainer.rules.money` (integer cents), :mod:`~trainer.rules.errors` (user errors).

No Qt import anywhere below this package.
"""
