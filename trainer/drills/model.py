"""Values of the drill engine: questions, their parts, answers' feedback and the drill set-up.

Everything here is an immutable value, so a question can be logged, exported, replayed from its
seed (spec R1) and shown by any front end (Qt screens, the terminal drill, the printed exam).

Answer kinds and what ``check`` accepts for each (see ``trainer.drills.answers``):

=========  ======================================  ==========================================
kind       ``Question.answer`` (canonical)         accepted from the trainee
=========  ======================================  ==========================================
CHOICE     one of ``choices`` (str)                the choice text, or its 0-based index (int)
SETTING    ``"high / low"`` as placed (str)        ``"6-6 4-5 / 1-3 2-3"`` or (high, low) tiles
MONEY      cents (int)                             ``"$1,234.50"``, ``"1234,50"`` or int cents
POSITION   ``dealer``, ``seat1``..``seat6``, dead  ``"Seat 3"``, ``"3"``, ``"dead hand"``, ...
NUMBER     an int                                  ``"12"`` or an int
TEXT       free text (str)                         compared without case, spaces or hyphens
MULTI      tuple of the parts' answers             a sequence, one entry per part
CHIPS      a breakdown ``"2 × $100, 3 × $0.25"``   ``"2x100 3x0.25"``: any with the fewest chips
CALL       the phrases in order (tuple of str)     ``"Player 5, Banker 3, ..."`` or a sequence
=========  ======================================  ==========================================
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from trainer.rules.errors import TrainerError

if TYPE_CHECKING:  # (the games' registry imports this module at start-up; the house way can wait)
    from trainer.rules.paigow.house_way import HouseWay


class AnswerKind(enum.Enum):
    """What a question expects; the UI picks its input widget from this."""

    CHOICE = "choice"
    SETTING = "setting"
    MONEY = "money"
    POSITION = "position"
    NUMBER = "number"
    TEXT = "text"
    MULTI = "multi"
    CHIPS = "chips"
    CALL = "call"


class AnswerParseError(TrainerError):
    """A typed answer the drill cannot read (bad money, unknown tile, ...).

    Never a wrong answer: the UI shows the message and lets the trainee type again; nothing is
    recorded. ``part`` is the 0-based part of a multi-part question, else None.
    """

    def __init__(self, message: str, part: int | None = None) -> None:
        super().__init__(message if part is None else f"part {part + 1}: {message}")
        self.part = part


#: The kinds whose answer is a tuple (a list in JSON).
_SEQUENCES = (AnswerKind.MULTI, AnswerKind.CALL)


@dataclass(frozen=True)
class Part:
    """One step of a multi-part question (e.g. one chip movement of a table settlement)."""

    prompt: str
    kind: AnswerKind
    answer: Any
    choices: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"prompt": self.prompt, "kind": self.kind.value, "answer": self.answer, "choices": list(self.choices)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Part:
        return cls(d["prompt"], AnswerKind(d["kind"]), d["answer"], tuple(d.get("choices", ())))


@dataclass(frozen=True)
class Draft:
    """What a drill generator builds; ``generate`` adds the skill, seed, profile and house way."""

    prompt: str
    kind: AnswerKind
    answer: Any
    explanation: str
    citations: tuple[str, ...]
    item: str
    choices: tuple[str, ...] = ()
    parts: tuple[Part, ...] = ()
    hint: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)
    typed_prompt: str = ""


@dataclass(frozen=True)
class Question:
    """One drill question, replayable from ``(skill, seed, profile, house_way, casino)`` (spec R1).

    ``answer`` is canonical (see the module table); ``explanation`` is shown after any answer and
    ends with its citations, which ``citations`` also lists (regulation section and spec id,
    e.g. ``("621a.8(d)(2)", "spec W1")``). ``item`` is the skill item that spaced repetition
    schedules (e.g. the tile face, the house-way step). ``hint`` is for practice mode only.
    ``data`` holds structured facts for drawing the question (tiles, dice, wager, ...): keys are
    documented by each drill and are JSON values. ``typed_prompt``, where the screen's wording
    does not fit a typed answer (the terminal drill, a printed exam), is the prompt there.
    """

    skill: str
    item: str
    seed: int
    profile: str
    house_way: str
    prompt: str
    kind: AnswerKind
    answer: Any
    explanation: str
    citations: tuple[str, ...]
    choices: tuple[str, ...] = ()
    parts: tuple[Part, ...] = ()
    hint: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)
    typed_prompt: str = ""
    #: The SHA-256 of the casino's Rules Submission the question was made on ("" the profile's own):
    #: with it the question is made again on the casino's way and choices (``generate(casino=...)``).
    casino: str = ""

    @property
    def key(self) -> str:
        """``skill:item``, the spaced-repetition card this question trains."""
        return f"{self.skill}:{self.item}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (for the answer log, exports and printed exams)."""
        d = asdict(self)
        d.update(kind=self.kind.value, citations=list(self.citations), choices=list(self.choices),
                 parts=[p.to_dict() for p in self.parts], data=dict(self.data),
                 answer=list(self.answer) if self.kind in _SEQUENCES else self.answer)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Question:
        kind = AnswerKind(d["kind"])
        return cls(
            skill=d["skill"], item=d["item"], seed=int(d["seed"]), profile=d["profile"],
            house_way=d.get("house_way", "regulatory"), prompt=d["prompt"], kind=kind,
            answer=tuple(d["answer"]) if kind in _SEQUENCES else d["answer"],
            explanation=d["explanation"], citations=tuple(d["citations"]), choices=tuple(d.get("choices", ())),
            parts=tuple(Part.from_dict(p) for p in d.get("parts", ())), hint=d.get("hint", ""),
            data=dict(d.get("data", {})), typed_prompt=d.get("typed_prompt", ""), casino=d.get("casino", ""),
        )


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer.

    ``expected`` and ``given`` are display texts (money as ``$1.85``, settings as ``high / low``).
    ``mistake`` names a recognised error (e.g. a reversed placement, spec H4), else "".
    ``ev_difference`` (house-way drills, when the exact analysis is available): expected value per
    unit wagered of the house-way setting minus that of the trainee's setting. ``parts`` gives each
    part's correctness for a multi-part question. ``note`` names the form of a right answer where the
    text allows more than one (a payout cut and paid, or in the fewest chips, reading B28).
    """

    correct: bool
    expected: str
    given: str
    explanation: str
    citations: tuple[str, ...]
    skill: str
    item: str
    mistake: str = ""
    ev_difference: float | None = None
    parts: tuple[bool, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Setup:
    """The rules a drill is generated under: the game's profile and, in Pai Gow, the house way in force."""

    profile: Any
    house_way: HouseWay | None = None
