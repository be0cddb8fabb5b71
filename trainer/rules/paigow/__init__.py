"""Pai Gow tiles: the rules engine (58 Pa. Code ch. 621a, Maryland's standard rules, N.J.A.C. 19:47-10).

Tiles, hands, house ways, the woodpile and delivery styles, settlement, side wagers, jurisdiction
profiles and the exact analysis. Shared pieces (money, errors) live in :mod:`trainer.rules`.
"""
