"""Drills: questions generated from a seed under a jurisdiction profile, checked with explanations.

Public API (stable; the Qt screens, the terminal drill and the exam build on it):

* values (``trainer.drills.model``): :class:`Question`, :class:`Part`, :class:`Feedback`,
  :class:`AnswerKind`, :class:`AnswerParseError` (a typed answer that cannot be read: show the
  message, never count it wrong);
* skills (``trainer.drills.registry``): :class:`Skill`, :func:`all_skills`, :func:`skills_for`,
  :func:`skill_named`, :func:`generate` (skill, seed, profile, house way, optional item),
  :func:`item_title` (an item in words);
* answers (``trainer.drills.answers``): :func:`check` (question, answer) -> Feedback,
  :func:`parse_answer`, :func:`expected_text`, :func:`format_value`, :data:`POSITIONS`;
* sessions (``trainer.drills.session``): :class:`DrillSession` (practice with hints, or timed),
  :class:`SessionSummary`;
* exams (``trainer.drills.exam``): :class:`ExamSpec`, :func:`build_exam`, :class:`ExamSession`,
  :func:`grade`, :class:`ExamResult`.

>>> q = generate("tile-compare", seed=42, profile="pa-2019")
>>> check(q, q.answer).correct
True
"""

import importlib

#: Each public name and the module that defines it, imported on first use (PEP 562): the app reads
#: the games' registry (``trainer.drills.games``) before its first paint, and importing a module of
#: this package runs this file, which must not import every skill then (issue 15).
_SOURCES = {
    "answers": ("POSITIONS", "check", "expected_text", "format_value", "parse_answer"),
    "model": ("AnswerKind", "AnswerParseError", "Feedback", "Part", "Question"),
    "registry": ("GROUPS", "Skill", "all_skills", "by_game", "generate", "item_title", "offered_skills",
                 "skill_named", "skills_for"),
}
_MODULE_OF = {name: module for module, names in _SOURCES.items() for name in names}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str):
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_MODULE_OF[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
