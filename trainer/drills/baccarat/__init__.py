"""Baccarat drills (58 Pa. Code ch. 631a)."""
