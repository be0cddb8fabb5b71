"""This PC's outbox, as a school's server takes it: nothing in it is trusted (issue 39).

The outbox is a table of the trainee's own progress file, which anyone at the PC can edit. So a
queued answer or exam proves nothing by itself, and on its way up it is treated as an import is:

- **re-graded** (``trainer.progress.regrade``): its ``correct`` flag, an exam's score and the
  question's text are made again from the question's seed; a forged 100/100 is graded as answered;
- **bound** to the trainee it was answered by, by that trainee's id on the school's database
  (which a rename does not change: Bo's queued answers reach Bob, and a deleted trainee is not
  brought back), and to the database it was meant for (:func:`database_key`): answers queued while
  database A was down wait for A, and never land on B;
- a row that cannot be read or re-graded (bad JSON, a skill this version does not know, its
  trainee deleted meanwhile) is **set aside** (kept in the file, marked ``aside``) with a one-line
  note; the rest is sent.

What an edited outbox can still do is what choosing a trainee at the PC and answering does (see
docs/trust-model.md): choosing a trainee needs no password on a trainee's PC.

>>> database_key("postgresql://ana:s3cret@db.example:5432/school") == database_key("postgresql://ana@db.example/school")
True
>>> database_key("postgresql://ana@db.example/school") == database_key("postgresql://ana@db.example/other")
False
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from trainer.progress.regrade import Unregradable, regrade_answer, regrade_exam

#: The kinds a queued row has: ``answer`` and ``exam`` wait to be sent; ``aside`` could not be.
SENT_KINDS = ("answer", "exam")
ASIDE = "aside"


def database_key(url: str) -> str:
    """Which database a URL names (host, port, database, user; never its password), as a short digest."""
    parts = urlsplit(str(url))
    query = {k: v for k, v in parse_qsl(parts.query) if k in ("host", "port", "dbname", "user")}
    fields = [parts.hostname or query.get("host", ""), str(parts.port or query.get("port", "5432")),
              parts.path.strip("/") or query.get("dbname", ""), parts.username or query.get("user", "")]
    return hashlib.sha256(json.dumps(fields).encode()).hexdigest()[:16]


def bound(payload: dict[str, Any], database: str, trainee_id: int | None) -> dict[str, Any]:
    """``payload`` with the database and trainee (its id there; None: created on this PC while the
    server was away, so only its name is known) it is meant for."""
    return {**payload, "for": {"database": database, "trainee_id": trainee_id}}


def binding(payload: dict[str, Any]) -> tuple[str | None, int | None]:
    """The database key and trainee id a queued row is meant for (rows queued before issue 39:
    none, so the database in force and the row's name)."""
    meant = payload.get("for") if isinstance(payload, dict) else None
    if not isinstance(meant, dict):
        return None, None
    trainee_id = meant.get("trainee_id")
    if trainee_id is not None and type(trainee_id) is not int:
        raise Unregradable("its trainee is not an id")
    return (str(meant["database"]) if meant.get("database") is not None else None), trainee_id


def meant_for(text: str, database: str) -> bool:
    """Whether a queued row (its payload's text) is for ``database``: one bound to another database
    waits for that one; one that cannot be read is for whichever is in force (which sets it aside)."""
    try:
        meant = binding(json.loads(text))[0]
    except (ValueError, TypeError, RecursionError, KeyError):
        return True
    return meant is None or meant == database


def _answer_as_exported(p: dict[str, Any]) -> dict[str, Any]:
    q = p["question"]
    return {"skill": q["skill"], "item": q["item"], "seed": q["seed"], "profile": q["profile"], "question": q,
            "answer": p["answer"], "correct": p["correct"]}


def regraded_answer(p: dict[str, Any]) -> dict[str, Any]:
    """A queued answer (``entry_payload``) with ``correct`` and ``question`` made again from its seed."""
    if not isinstance(p, dict) or not isinstance(p.get("question"), dict) or not isinstance(p.get("answer"), str):
        raise Unregradable("it is not an answer")
    try:
        again = regrade_answer(_answer_as_exported(p), as_logged=True)
    except (KeyError, TypeError) as exc:
        raise Unregradable(f"its answer lacks {exc}") from None
    return {**p, "correct": again["correct"], "question": again["question"]}


def regraded_exam(p: dict[str, Any]) -> dict[str, Any]:
    """A queued exam (its logged answers and its row) graded again; the answers must be the exam's."""
    if not isinstance(p, dict) or not isinstance(p.get("exam"), dict) or not isinstance(p.get("answers"), list):
        raise Unregradable("it is not an exam")
    exam = regrade_exam(p["exam"])
    answers = [regraded_answer(a) for a in p["answers"]]
    if len(answers) > len(exam["result"]["questions"]) or any(a.get("mode") != "exam" for a in answers):
        raise Unregradable("its answers are not its exam's")
    return {**p, "answers": answers, "exam": exam}


def readable(kind: str, text: str) -> dict[str, Any]:
    """A queued row's payload, re-graded; an :class:`Unregradable` saying why it cannot be sent."""
    try:
        payload = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        raise Unregradable("it is not readable JSON") from None
    if kind == "answer":
        return regraded_answer(payload)
    if kind == "exam":
        return regraded_exam(payload)
    raise Unregradable(f"its kind {kind!r} is not an answer or an exam")
