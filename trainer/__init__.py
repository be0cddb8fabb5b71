"""Pai Gow Dealer Trainer, for Pai Gow tiles and Baccarat: the rules engine (``trainer.rules``), drills,
progress and the Qt app."""

#: The trainer's version (``pyproject.toml`` reads it from here; Help → About and ``--version`` show it).
__version__ = "1.0.0"
