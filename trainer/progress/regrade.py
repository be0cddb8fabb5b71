"""Re-grading of records that come from a file (an import, a PC's progress file migrated to a school).

A file can be edited: its ``correct`` flags and exam scores prove nothing. Every question is
replayable from its skill, seed, profile and house way (spec R1), so an answer is re-graded by
making its question again and checking the logged answer against that question's key with the
drills' own checker; the regenerated question replaces the file's (a forged prompt or key never
reaches a screen). An exam is re-graded by building it again from its spec and grading the given
answers. What cannot be re-graded (an unknown skill, a question its seed does not make, an answer
the checker cannot read) is :class:`Unregradable`: the caller refuses it.

>>> from trainer.drills import generate
>>> q = generate("tile-compare", seed=3)
>>> wrong = "Same rank" if q.answer != "Same rank" else q.choices[0]
>>> forged = {"skill": q.skill, "item": q.item, "seed": q.seed, "profile": q.profile,
...           "question": q.to_dict(), "answer": wrong, "correct": True}
>>> regrade_answer(forged)["correct"]
False
"""

from __future__ import annotations

import json
from typing import Any

from trainer.rules.errors import TrainerError


class Unregradable(ValueError):
    """A record whose verdict cannot be checked again (the message says why, in a few words)."""


class NotReplayable(Unregradable):
    """A question of a known skill that its seed does not make (a dealer round's action, a flashcard's
    rating): only its logged key can check it."""


def _replayed(d: Any) -> Any:
    """The question ``d`` describes, made again from its seed; an :class:`Unregradable` if it cannot be."""
    from trainer.drills import generate
    from trainer.drills.model import Question

    try:
        logged = Question.from_dict(d)
        made = generate(logged.skill, seed=logged.seed, profile=logged.profile, house_way=logged.house_way,
                        casino=logged.casino or None)
    except (TrainerError, ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:
        raise Unregradable(f"its question cannot be made again ({str(exc).splitlines()[0][:80]})") from None
    if made.item != logged.item or made.kind != logged.kind:
        raise NotReplayable("its seed does not make its question (a full dealer round's action, or an edited file)")
    return made


def _given(question: Any, text: str) -> Any:
    """A logged answer as the checker takes it: a multi-part answer is logged as a JSON list."""
    from trainer.drills.model import AnswerKind

    if question.kind is not AnswerKind.MULTI:
        return text
    try:
        parts = json.loads(text)
    except ValueError:
        parts = None
    if not isinstance(parts, list):
        raise Unregradable("its multi-part answer is not a list")
    return parts


def regrade_answer(a: dict[str, Any], *, as_logged: bool = False) -> dict[str, Any]:
    """``a`` (an answer as exported) with ``correct`` and ``question`` as the checker makes them.
    ``as_logged``: a question its seed does not make (:class:`NotReplayable`) is checked against its
    own logged key instead (this PC's outbox: a dealer round's actions must not be lost)."""
    from trainer.drills import check
    from trainer.drills.learn import RATINGS
    from trainer.drills.model import Question

    if a["answer"] in RATINGS:  # a flashcard's self-rating: Again is a miss, the rest right (learn.graded_answer)
        try:
            return {**a, "correct": a["answer"] != "Again", "question": Question.from_dict(a["question"]).to_dict()}
        except (TrainerError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise Unregradable(f"its question cannot be read ({str(exc).splitlines()[0][:80]})") from None
    try:
        question = _replayed(a["question"])
    except NotReplayable:
        if not as_logged:
            raise
        question = Question.from_dict(a["question"])
    if (question.skill, question.item, question.seed, question.profile) != (a["skill"], a["item"], a["seed"],
                                                                               a["profile"]):
        raise Unregradable("its skill, item, seed or profile differ from its question's")
    try:
        correct = check(question, _given(question, a["answer"])).correct
    except (TrainerError, ValueError, TypeError) as exc:
        raise Unregradable(f"its answer cannot be read ({str(exc).splitlines()[0][:80]})") from None
    return {**a, "correct": correct, "question": question.to_dict()}


def regrade_exam(e: dict[str, Any]) -> dict[str, Any]:
    """``e`` (an exam row as exported) with ``score``, ``total`` and ``result`` as grading its given
    answers again makes them."""
    from trainer.drills.exam import ExamSpec, build_exam, grade

    try:
        spec = ExamSpec.from_dict(e["spec"])
        if type(spec.seed) is not int or spec.seed != e["seed"]:  # no seed: a new exam each time
            raise Unregradable("its spec's seed is not its seed")
        exam = build_exam(spec)
        asked = e["result"]["questions"]
        if len(asked) != len(exam.questions) or [q.get("index") for q in asked] != list(range(len(asked))):
            raise Unregradable("its questions are not its spec's")
        result = grade(exam, [q.get("answer") for q in asked], [q.get("ms") for q in asked],
                       elapsed_s=e["result"].get("elapsed_s"), timed_out=bool(e["result"].get("timed_out")))
        # (inside the try: a forged spec, e.g. no pass mark, fails only when the result is written)
        return {**e, "seed": spec.seed, "spec": spec.to_dict(), "score": result.score, "total": result.total,
                "result": result.to_dict()}
    except Unregradable:
        raise
    except (TrainerError, ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:
        raise Unregradable(f"it cannot be graded again ({str(exc).splitlines()[0][:80]})") from None


def regraded(answers: list[dict[str, Any]], exams: list[dict[str, Any]]
             ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """The answers and exams re-graded (``trainer.progress.regrade``), and why each one that cannot
    be was left out (``answers[3]: ...``)."""
    kept: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])
    refused = []
    for kind, records, grade, out in (("answers", answers, regrade_answer, kept[0]),
                                      ("exams", exams, regrade_exam, kept[1])):
        for i, record in enumerate(records):
            try:
                out.append(grade(record))
            except Unregradable as exc:
                refused.append(f"{kind}[{i}] cannot be re-graded: {exc}")
    return kept[0], kept[1], refused
