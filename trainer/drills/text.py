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
>>> plain_words("seat2 pays table_inventory on pai_gow (621a.8(d), spec W2)", "pa-2019")
'Seat 2 pays table inventory on Pai Gow (621a.8(d), reading: ties inside a house-way step)'
"""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from trainer.drills.model import Question

#: Internal names that reach printed text, as words. A name padded for a column eats the spaces
#: its words add, so columns stay aligned.
_NAMES = (
    (re.compile(r"\bseat([1-9][0-9]?)\b(?: (?= ))?"), r"Seat \1"),
    (re.compile(r"\btable_inventory\b"), "table inventory"),
    (re.compile(r"\bpai_gow\b"), "Pai Gow"),
    (re.compile(r"(?<![Tt]he )\bdead\b(?![ -]?[Hh]and)(?: {5}(?= ))?"), "Dead Hand"),
)


def plain_words(text: str, profile: object | None = None) -> str:
    """``text`` with internal names (``seat3``, ``table_inventory``, ``pai_gow``, ``dead``) as words
    and, read under ``profile``, the readings it cites ("spec W2") by their words. The one rendering
    of engine words for a trainee: the CLI's output and the app's prompts, choices and captions."""
    if profile is not None and "spec" in text:  # the rule book is read only for text citing a reading
        from trainer.rulebook.citations import in_words

        text = in_words(text)
    for pattern, words in _NAMES:
        text = pattern.sub(words, text)
    return text

def without_citations(explanation: str, citations: Sequence[str]) -> str:
    """An explanation without the ``(…citations…)`` a drill's draft ends it with, for a screen that shows
    the citations once, as links (``trainer.drills.common.draft``).

    >>> without_citations("6-6 is Teen (621a.3(h), spec N1).", ("621a.3(h)", "spec N1"))
    '6-6 is Teen.'
    """
    tail = f" ({', '.join(citations)})"
    for stop in (".", ""):
        if explanation.endswith(tail + stop):
            return explanation[: -len(tail + stop)] + stop
    return explanation


#: How to type each kind of answer, by ``AnswerKind`` value (this module is the CLI's words, imported
#: without the drills' model).
_KIND_HELP = {
    "setting": "type the high hand / the low hand, e.g. 6-6 4-5 / 1-3 2-3",
    "money": "type an amount, e.g. 12.50",
    "position": "type dealer, seat1..seat6 or dead",
    "number": "type a whole number",
    "chips": "type each stack as count x chip, e.g. 2x100 2x25 4x5 3x0.25",
    "call": "type the phrases in order separated by commas, or their numbers, e.g. 3 1 4",
}

#: How to type a call of Point Counts (numbers typed there are the counts, not the phrases' numbers).
_COUNTS_HELP = "type the counts in order separated by commas, e.g. 5, 3, or the phrases"


def _choices(choices: Sequence[str], indent: str = "  ", numbered: bool = False) -> list[str]:
    keys = [str(i) for i in range(1, len(choices) + 1)] if numbered else string.ascii_lowercase
    return [f"{indent}{key}) {c}" for key, c in zip(keys, choices)]


def choice_from_key(raw: str, choices: Sequence[str]) -> str:
    """A typed letter ``a``, ``b``, ... or number ``1``, ``2``, ... (as the app numbers its
    choices) stands for that choice; anything else is passed on as typed."""
    key = raw.strip().lower()
    if len(key) == 1 and key in string.ascii_lowercase[:len(choices)]:
        return choices[string.ascii_lowercase.index(key)]
    if key.isascii() and key.isdigit() and len(key) <= 3 and 1 <= int(key) <= len(choices):
        return choices[int(key) - 1]
    return raw


def render_question(q: Question, *, typed: bool = False) -> str:
    """The prompt as worded for text, the choices and (for a multi-part question) the numbered
    parts; lettered for paper, or with ``typed`` (the terminal drill) numbered as in the app and
    followed by how to type the answer."""
    from trainer.drills.model import AnswerKind

    lines = [q.typed_prompt or q.prompt]
    if q.kind in (AnswerKind.CHOICE, AnswerKind.CALL):
        lines += _choices(q.choices, numbered=typed)
    elif q.choices:  # e.g. the positions a count may reach, the hands left to expose: shown on paper too
        lines.append(f"  (one of: {', '.join(q.choices)})")
    for i, part in enumerate(q.parts, start=1):
        lines.append(f"  ({i}) {part.prompt}")
        if part.kind is AnswerKind.CHOICE:
            lines += _choices(part.choices, "      ", numbered=typed)
    if typed and q.kind.value in _KIND_HELP:
        lines.append(f"  [{_COUNTS_HELP if q.data.get('counted') else _KIND_HELP[q.kind.value]}]")
    return plain_words("\n".join(lines), q.profile)


def render_key(number: int, q: Question) -> str:
    """One line of an answer key: number, answer, explanation."""
    from trainer.drills.answers import expected_text

    return plain_words(f"{number}. {expected_text(q)} - {q.explanation}", q.profile)
