"""Export and import of one trainee's progress as a JSON file.

The file holds the answer log and the exam results (the cards are rebuilt from the log on import).
``load_export`` validates everything before the store writes anything; each problem is reported as
one line naming the entry and field, e.g. ``answers[12].ms: expected a whole number >= 0``.

>>> import tempfile, pathlib, json
>>> bad = pathlib.Path(tempfile.mkdtemp()) / "bad.json"
>>> _ = bad.write_text(json.dumps({"format": FORMAT, "version": 1, "trainee": {"name": "Ana"}, "answers": [{}]}))
>>> load_export(bad)
Traceback (most recent call last):
...
trainer.rules.errors.TrainerError: bad.json is not a valid progress export: trainee.created_utc: missing
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from trainer import __version__
from trainer.rules.errors import TrainerError

FORMAT = "paigow-trainer-progress"
VERSION = 1
_MODES = ("practice", "timed", "exam")


def export_data(trainee: Any, answers: Iterable[Any], exams: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON document for one trainee (``Trainee``, ``AnswerRecord``s, exam rows)."""
    return {
        "format": FORMAT, "version": VERSION, "app_version": __version__,
        "exported_utc": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "trainee": {"name": trainee.name, "created_utc": trainee.created_utc},
        "answers": [{"skill": a.skill, "item": a.item, "question": a.question, "answer": a.answer,
                     "correct": a.correct, "ms": a.ms, "ts_utc": a.ts_utc, "seed": a.seed, "profile": a.profile,
                     "mode": a.mode, "hinted": a.hinted} for a in answers],
        "exams": exams,
    }


@dataclass(frozen=True)
class ExportData:
    """A validated export, ready to insert."""

    name: str
    created_utc: str
    answers: list[dict[str, Any]]
    exams: list[dict[str, Any]]


class _Invalid(Exception):
    pass


def _is_text(v: Any) -> bool:
    return isinstance(v, str)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_time(v: Any) -> bool:
    if not isinstance(v, str):
        return False
    try:
        datetime.fromisoformat(v)
    except ValueError:
        return False
    return True


_Check = tuple[Callable[[Any], bool], str]
_TEXT: _Check = (_is_text, "expected text")
_TIME: _Check = (_is_time, "expected an ISO date and time")
_COUNT: _Check = (lambda v: _is_int(v) and v >= 0, "expected a whole number >= 0")

_ANSWER_FIELDS: dict[str, _Check] = {
    "skill": _TEXT, "item": _TEXT, "answer": _TEXT, "ts_utc": _TIME, "profile": _TEXT,
    "question": (lambda v: isinstance(v, dict), "expected an object"),
    "correct": (lambda v: isinstance(v, bool), "expected true or false"),
    "ms": _COUNT, "seed": (_is_int, "expected a whole number"),
    "mode": (lambda v: v in _MODES, f"expected one of {', '.join(_MODES)}"),
    "hinted": (lambda v: isinstance(v, bool), "expected true or false"),
}
_EXAM_FIELDS: dict[str, _Check] = {
    "seed": (_is_int, "expected a whole number"), "spec": (lambda v: isinstance(v, dict), "expected an object"),
    "score": _COUNT, "total": _COUNT, "finished_utc": _TIME,
    "result": (lambda v: isinstance(v, dict), "expected an object"),
}


def _fields(where: str, obj: Any, fields: Mapping[str, _Check]) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise _Invalid(f"{where}: expected an object")
    for key, (ok, message) in fields.items():
        if key not in obj:
            raise _Invalid(f"{where}.{key}: missing")
        if not ok(obj[key]):
            raise _Invalid(f"{where}.{key}: {message}")
    return obj


def _list(doc: dict[str, Any], key: str) -> list[Any]:
    value = doc.get(key, [])
    if not isinstance(value, list):
        raise _Invalid(f"{key}: expected a list")
    return value


def _validate(doc: Any) -> ExportData:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _Invalid(f"it is not a {FORMAT} file")
    if not _is_int(doc.get("version")) or not 1 <= doc["version"] <= VERSION:
        raise _Invalid(f"export version {doc.get('version')!r} is not one this trainer reads (1 to {VERSION})")
    trainee = _fields("trainee", doc.get("trainee"), {"name": _TEXT, "created_utc": _TIME})
    answers = [_fields(f"answers[{i}]", a, _ANSWER_FIELDS) for i, a in enumerate(_list(doc, "answers"))]
    exams = [_fields(f"exams[{i}]", e, _EXAM_FIELDS) for i, e in enumerate(_list(doc, "exams"))]
    return ExportData(trainee["name"], trainee["created_utc"], answers, exams)


def load_export(path: Path) -> ExportData:
    """Read and validate an export; any problem is a ``TrainerError`` naming the file and the field."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TrainerError(f"no such file: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TrainerError(f"cannot read {path.name}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise TrainerError(f"{path.name} is not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    try:
        return _validate(doc)
    except _Invalid as exc:
        raise TrainerError(f"{path.name} is not a valid progress export: {exc}") from None
