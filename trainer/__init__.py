"""Pai Gow Dealer Trainer: the rules engine (``trainer.rules``), drills, progress and the Qt app."""

__version__ = "0.1.0"
