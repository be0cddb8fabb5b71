"""Progress: every trainee's answers, spaced-repetition cards, statistics and exams, in one SQLite file
(or on a dealer school's PostgreSQL server: ``open_store("postgresql://...")`` gives a
:class:`~trainer.progress.server.ServerStore`, the same API; ``trainer.progress.school`` has the classes).

Public API (stable): :class:`ProgressStore` (open with ``ProgressStore()`` for the default data
folder, ``ProgressStore.in_dir(folder)`` or ``ProgressStore(path)``), :class:`StoreError` (the file
or its folder cannot be used), :class:`Trainee`, :class:`AnswerRecord`, :class:`DueItem`, and the
statistics values :class:`SkillStats`, :class:`DayPoint`, :class:`HeatMap`. See ``trainer.progress.store`` for the design.
"""

import importlib

#: Where each public name is defined. They are imported on first use (PEP 562): the app imports the
#: light ``trainer.progress.database`` at start-up without the store, fsrs and the statistics (~25 ms,
#: issue 15), and opens the store once its first screen is on screen.
_PUBLIC = {
    "trainer.progress.stats": ("DayPoint", "DueItem", "HeatMap", "SkillStats", "weakest"),
    "trainer.progress.store": ("FILENAME", "MODES", "AnswerRecord", "ProgressStore", "StoreError", "Trainee"),
    "trainer.progress.server": ("ServerStore", "open_store"),
}
_MODULE_OF = {name: module for module, names in _PUBLIC.items() for name in names}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str):
    try:
        module = _MODULE_OF[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
