"""Progress: every trainee's answers, spaced-repetition cards, statistics and exams, in one SQLite file.

Public API (stable): :class:`ProgressStore` (open with ``ProgressStore()`` for the default data
folder, ``ProgressStore.in_dir(folder)`` or ``ProgressStore(path)``), :class:`StoreError` (the file
or its folder cannot be used), :class:`Trainee`, :class:`AnswerRecord`, :class:`DueItem`, and the
statistics values :class:`SkillStats`, :class:`DayPoint`, :class:`HeatMap`. See ``trainer.progress.store`` for the design.
"""

from trainer.progress.stats import DayPoint, DueItem, HeatMap, SkillStats, weakest
from trainer.progress.store import FILENAME, MODES, AnswerRecord, ProgressStore, StoreError, Trainee

__all__ = ["FILENAME", "MODES", "AnswerRecord", "DayPoint", "DueItem", "HeatMap", "ProgressStore", "SkillStats",
           "StoreError", "Trainee", "weakest"]
