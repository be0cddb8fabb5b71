"""Baccarat screens: the table scene, the card art and the dealer calling the game."""
