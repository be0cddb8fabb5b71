"""Progress: every trainee's answers, spaced-repetition cards, statistics and exams, in one SQLite file
(or on a dealer school's PostgreSQL server: ``open_store("postgresql://...")`` gives a
:class:`~trainer.progress.server.ServerStore`, the same API; ``trainer.progress.school`` has the classes).

Public API (stable): :class:`ProgressStore` (open with ``ProgressStore()`` for the default data
folder, ``ProgressStore.in_dir(folder)`` or ``ProgressStore(path)``), :class:`StoreError` (the file
or its folder cannot be used), :class:`Trainee`, :class:`AnswerRecord`, :class:`DueItem`, and the
statistics values :class:`SkillStats`, :class:`DayPoint`, :class:`HeatMap`. See ``trainer.progress.store`` for the design.
"""

from trainer.progress.stats import DayPoint, DueItem, HeatMap, SkillStats, weakest
from trainer.progress.store import FILENAME, MODES, AnswerRecord, ProgressStore, StoreError, Trainee
from trainer.progress.server import ServerStore, open_store

__all__ = ["FILENAME", "MODES", "AnswerRecord", "DayPoint", "DueItem", "HeatMap", "ProgressStore", "SkillStats",
           "ServerStore", "StoreError", "Trainee", "open_store", "weakest"]
