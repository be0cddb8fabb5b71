"""Export and import of one trainee's progress as a JSON file.

The file holds the answer log and the exam results (the cards are rebuilt from the log on import).
``load_export`` validates everything before the store writes anything; each problem is reported as
one line naming the entry and field, e.g. ``answers[12].ms: expected a whole number >= 0``.
A hostile file is refused the same way: only a regular file of at most :data:`MAX_BYTES` is read
(never a FIFO or a device), nesting is bounded, whole numbers must fit SQLite's 64 bits, text must
be valid Unicode (no lone surrogates), times are converted to UTC and must lie between 1970 and
today, and every question and exam result must be one the trainer can show again.

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
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from trainer import __version__
from trainer.paths import read_regular
from trainer.rules.errors import TrainerError

FORMAT = "paigow-trainer-progress"
VERSION = 1
_MODES = ("practice", "timed", "exam", "live")
#: The largest export read (a trainee's whole record is a few MB).
MAX_BYTES = 64 * 1024 * 1024
#: The deepest nesting of lists and objects accepted (an export needs about eight).
MAX_DEPTH = 32
_INT64 = (-(2 ** 63), 2 ** 63 - 1)
_EARLIEST = datetime(1970, 1, 1, tzinfo=timezone.utc)


def export_data(trainee: Any, answers: Iterable[Any], exams: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON document for one trainee (``Trainee``, ``AnswerRecord``s, exam rows), with the text of each
    casino's Rules Submission its questions were made on (``casino_rules``, by SHA-256)."""
    from trainer.progress.casino_texts import digests_in, texts_of

    logged = [{"skill": a.skill, "item": a.item, "question": a.question, "answer": a.answer,
               "correct": a.correct, "ms": a.ms, "ts_utc": a.ts_utc, "seed": a.seed, "profile": a.profile,
               "mode": a.mode, "hinted": a.hinted, **({"uid": a.uid} if a.uid else {})} for a in answers]
    return {
        "format": FORMAT, "version": VERSION, "app_version": __version__,
        "exported_utc": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "trainee": {"name": trainee.name, "created_utc": trainee.created_utc},
        "answers": logged, "exams": exams, "casino_rules": texts_of(digests_in(logged, exams)),
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
    """A whole number SQLite can store (64 bits)."""
    return isinstance(v, int) and not isinstance(v, bool) and _INT64[0] <= v <= _INT64[1]


def utc_text(v: Any) -> str | None:
    """``v`` (ISO 8601 with any offset; none = UTC) as UTC text like the store writes, or None if it
    is not such a time between 1970 and a day from now (a time from the future would schedule
    reviews for centuries away)."""
    if not isinstance(v, str):
        return None
    try:
        when = datetime.fromisoformat(v)
        when = (when if when.tzinfo else when.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)
    except (ValueError, OverflowError):
        return None
    if not _EARLIEST <= when <= datetime.now(timezone.utc) + timedelta(days=1):
        return None
    return when.isoformat(timespec="milliseconds")


def _shows_again(build: Callable[[Any], Any]) -> Callable[[Any], bool]:
    """A check that ``build(v)`` (the trainer reading the value back) works."""
    def ok(v: Any) -> bool:
        try:
            build(v)
        except (ValueError, TypeError, KeyError, AttributeError, ArithmeticError):  # TrainerError: a ValueError
            return False
        return True
    return ok


def _question(d: Any) -> Any:
    from trainer.drills.model import Question

    return Question.from_dict(d)


def _exam_spec(d: Any) -> Any:
    from trainer.drills.exam import ExamSpec
    from trainer.drills.games import profile_named

    if not {"seed", "skills", "count", "profile"} <= set(d):  # what a report reads; profile has a default
        raise KeyError("seed, skills, count, profile")
    spec = ExamSpec.from_dict(d)
    profile_named(d["profile"] if isinstance(d["profile"], str) else "")  # a report titles it by name
    if not (spec.time_limit_s is None or _is_int(spec.time_limit_s)):
        raise ValueError("time_limit_s")
    return spec


def _seconds(v: Any) -> bool:
    return v is None or (isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v < 10 ** 9)


_Check = tuple[Callable[[Any], bool], str]
_TEXT: _Check = (_is_text, "expected text")
_TIME: _Check = (lambda v: utc_text(v) is not None, "expected an ISO date and time between 1970 and today")
_COUNT: _Check = (lambda v: _is_int(v) and v >= 0, "expected a whole number >= 0 (at most 2^63 - 1)")
_WHOLE: _Check = (_is_int, "expected a whole number (64 bits)")
_FLAG: _Check = (lambda v: isinstance(v, bool), "expected true or false")
_OBJECT: _Check = (lambda v: isinstance(v, dict), "expected an object")

_ANSWER_FIELDS: dict[str, _Check] = {
    "skill": _TEXT, "item": _TEXT, "answer": _TEXT, "ts_utc": _TIME, "profile": _TEXT,
    "question": (_shows_again(_question), "expected a question as the trainer exports it"),
    "correct": _FLAG, "ms": _COUNT, "seed": _WHOLE,
    "mode": (lambda v: v in _MODES, f"expected one of {', '.join(_MODES)}"),
    "hinted": _FLAG,
}
_SPEC: _Check = (_shows_again(_exam_spec), "expected an exam's seed, skills and count as the trainer exports them")
_EXAM_FIELDS: dict[str, _Check] = {
    "seed": _WHOLE, "spec": _SPEC, "score": _COUNT, "total": _COUNT, "finished_utc": _TIME, "result": _OBJECT,
}
#: What a report reads of a stored exam result (``ExamResult.to_dict()``).
_RESULT_FIELDS: dict[str, _Check] = {
    "spec": _SPEC, "score": _COUNT, "total": _COUNT, "passed": _FLAG,
    "percent": (lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 100,
                "expected a percentage"),
    "by_skill": (lambda v: isinstance(v, dict) and all(
        isinstance(c, dict) and _is_int(c.get("correct")) and _is_int(c.get("total")) for c in v.values()),
        "expected each skill's correct and total"),
    "questions": (lambda v: isinstance(v, list), "expected a list"),
    "elapsed_s": (_seconds, "expected seconds or null"), "timed_out": _FLAG,
}
_RESULT_QUESTION_FIELDS: dict[str, _Check] = {
    "index": _COUNT, "skill": _TEXT, "prompt": _TEXT, "expected": _TEXT, "correct": _FLAG,
    "explanation": _TEXT, "mistake": _TEXT,
    "given": (lambda v: v is None or isinstance(v, str), "expected text"),
    "citations": (lambda v: isinstance(v, list) and all(map(_is_text, v)), "expected a list of texts"),
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


def _exam(where: str, exam: Any) -> dict[str, Any]:
    _fields(where, exam, _EXAM_FIELDS)
    _uid(where, exam)
    result = _fields(f"{where}.result", exam["result"], _RESULT_FIELDS)
    for i, q in enumerate(result["questions"]):
        _fields(f"{where}.result.questions[{i}]", q, _RESULT_QUESTION_FIELDS)
    if exam["score"] > exam["total"]:
        raise _Invalid(f"{where}.score: more than the total ({exam['total']})")
    exam["finished_utc"] = utc_text(exam["finished_utc"])
    return exam


def _uid(where: str, record: dict[str, Any]) -> None:
    """An answer's or exam's id, if the file gives one: what the trainer makes (hex, at most 64)."""
    uid = record.get("uid")
    if uid is not None and not (isinstance(uid, str) and 1 <= len(uid) <= 64 and uid.isascii() and uid.isalnum()):
        raise _Invalid(f"{where}.uid: expected the id the trainer gave it (letters and digits)")


def _answer(where: str, answer: Any) -> dict[str, Any]:
    _fields(where, answer, _ANSWER_FIELDS)
    _uid(where, answer)
    answer["ts_utc"] = utc_text(answer["ts_utc"])
    return answer


def _sound(doc: Any) -> None:
    """Nesting at most ``MAX_DEPTH`` deep and text valid Unicode, anywhere in the document (walked
    without recursion, so no depth can exhaust the stack)."""
    stack: list[tuple[Any, str, int]] = [(doc, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _Invalid(f"{where}: nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            for key, item in value.items():
                _unicode(key, f"{where}: a key")
                stack.append((item, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            _unicode(value, where)


def _unicode(text: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _Invalid(f"{where}: text with an invalid character (a lone surrogate)") from None


def _validate(doc: Any) -> ExportData:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _Invalid(f"it is not a {FORMAT} file")
    if not _is_int(doc.get("version")) or not 1 <= doc["version"] <= VERSION:
        raise _Invalid(f"export version {repr(doc.get('version'))[:20]} is not one this trainer reads "
                       f"(1 to {VERSION})")
    _sound(doc)
    _casino_rules(doc.get("casino_rules", []))
    trainee = _fields("trainee", doc.get("trainee"), {"name": _TEXT, "created_utc": _TIME})
    answers = [_answer(f"answers[{i}]", a) for i, a in enumerate(_list(doc, "answers"))]
    exams = [_exam(f"exams[{i}]", e) for i, e in enumerate(_list(doc, "exams"))]
    return ExportData(trainee["name"], str(utc_text(trainee["created_utc"])), answers, exams)


def _casino_rules(texts: Any) -> None:
    """Read the casinos' Rules Submissions the questions were made on (each its SHA-256, file name and
    text), so the questions and exams can be made again on them."""
    import hashlib

    from trainer.rules.casino import parse_casino

    if not isinstance(texts, list):
        raise _Invalid("casino_rules: expected a list")
    for i, t in enumerate(texts):
        t = _fields(f"casino_rules[{i}]", t, {"sha256": _TEXT, "file_name": _TEXT, "content": _TEXT})
        data = t["content"].encode("utf-8")
        if hashlib.sha256(data).hexdigest() != t["sha256"]:
            raise _Invalid(f"casino_rules[{i}].content: not the text of its SHA-256")
        try:
            parse_casino(t["file_name"], data)
        except TrainerError as exc:
            raise _Invalid(f"casino_rules[{i}]: {exc}") from None


def _read_bounded(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``MAX_BYTES``."""
    data = read_regular(path, MAX_BYTES, "an export file")
    if len(data) > MAX_BYTES:
        raise TrainerError(f"{path.name} is larger than {MAX_BYTES // (1024 * 1024)} MB: not a progress export")
    return data


def load_export(path: Path) -> ExportData:
    """Read and validate an export; any problem is a ``TrainerError`` naming the file and the field."""
    data = _read_bounded(path)
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise TrainerError(f"{path.name} is not UTF-8 text: not a progress export") from None
    except json.JSONDecodeError as exc:
        raise TrainerError(f"{path.name} is not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise TrainerError(f"{path.name} is nested too deeply: not a progress export") from None
    except ValueError as exc:  # e.g. a number of more than 4300 digits
        raise TrainerError(f"{path.name} is not a progress export: {exc}") from None
    try:
        return _validate(doc)
    except _Invalid as exc:
        # One line, whatever the file's keys hold (newlines, control characters).
        where = "".join(c if c.isprintable() else "?" for c in str(exc))[:300]
        raise TrainerError(f"{path.name} is not a valid progress export: {where}") from None
