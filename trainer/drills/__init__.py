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

from trainer.drills.answers import POSITIONS, check, expected_text, format_value, parse_answer
from trainer.drills.model import AnswerKind, AnswerParseError, Feedback, Part, Question
from trainer.drills.registry import (
    GROUPS, Skill, all_skills, by_game, generate, item_title, offered_skills, skill_named, skills_for,
)

__all__ = [
    "AnswerKind", "AnswerParseError", "Feedback", "GROUPS", "POSITIONS", "Part", "Question", "Skill",
    "all_skills", "by_game", "check", "expected_text", "format_value", "generate", "item_title", "offered_skills", "parse_answer", "skill_named",
    "skills_for",
]
