"""Pai Gow tiles screens: the table scene, the dealer's and the player's seats."""
