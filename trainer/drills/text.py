"""Plain-text rendering of questions, for the terminal drill and printed exams.

>>> from trainer.drills.registry import generate
>>> print(render_question(generate("tile-compare", seed=3)))
Which tile ranks higher: 3-5 or 2-6?
  a) 3-5
  b) 2-6
  c) Same rank
>>> choices = ("3-5", "2-6", "Same rank")
>>> choice_from_key("b", choices), choice_from_key("2", choices), choice_from_key("2-6", choices)
('2-6', '2-6', '2-6')
"""

from __future__ import annotations

import string
from typing import Sequence

from trainer.drills.answers import expected_text
from trainer.drills.model import AnswerKind, Question

_KIND_HELP = {
    AnswerKind.SETTING: "type the high hand / the low hand, e.g. 6-6 4-5 / 1-3 2-3",
    AnswerKind.MONEY: "type an amount, e.g. 12.50",
    AnswerKind.POSITION: "type dealer, seat1..seat6 or dead",
    AnswerKind.NUMBER: "type a whole number",
}


def _choices(choices: Sequence[str], indent: str = "  ", numbered: bool = False) -> list[str]:
    keys = [str(i) for i in range(1, len(choices) + 1)] if numbered else string.ascii_lowercase
    return [f"{indent}{key}) {c}" for key, c in zip(keys, choices)]


def choice_from_key(raw: str, choices: Sequence[str]) -> str:
    """A typed letter ``a``, ``b``, ... or number ``1``, ``2``, ... (as the app numbers its
    choices) stands for that choice; anything else is passed on as typed."""
    key = raw.strip().lower()
    if len(key) == 1 and key in string.ascii_lowercase[:len(choices)]:
        return choices[string.ascii_lowercase.index(key)]
    if key.isascii() and key.isdigit() and 1 <= int(key) <= len(choices):
        return choices[int(key) - 1]
    return raw


def render_question(q: Question, *, typed: bool = False) -> str:
    """The prompt as worded for text, the choices and (for a multi-part question) the numbered
    parts; lettered for paper, or with ``typed`` (the terminal drill) numbered as in the app and
    followed by how to type the answer."""
    lines = [q.typed_prompt or q.prompt]
    if q.kind is AnswerKind.CHOICE:
        lines += _choices(q.choices, numbered=typed)
    for i, part in enumerate(q.parts, start=1):
        lines.append(f"  ({i}) {part.prompt}")
        if part.kind is AnswerKind.CHOICE:
            lines += _choices(part.choices, "      ", numbered=typed)
    if typed and q.kind in _KIND_HELP:
        lines.append(f"  [{_KIND_HELP[q.kind]}]")
    return "\n".join(lines)


def render_key(number: int, q: Question) -> str:
    """One line of an answer key: number, answer, explanation."""
    return f"{number}. {expected_text(q)} - {q.explanation}"
