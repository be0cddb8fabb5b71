"""Pai Gow tiles drills: each module registers its skills with :func:`trainer.drills.registry.drill`."""
