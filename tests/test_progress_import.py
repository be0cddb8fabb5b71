"""Hostile imports (issue 13, item 4): every bad file is one line, exit 2, and the store unchanged
(all-or-nothing); a good file with times in any offset is converted to UTC; what is imported can
be shown again (statistics, report). Ends with a hypothesis fuzz over the export format."""

from __future__ import annotations

import copy
import json
import os
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.cli import main
from trainer.drills import check, generate
from trainer.drills.exam import ExamSpec, build_exam, grade
from trainer.progress import FILENAME, ProgressStore

BIG = 2 ** 63


@pytest.fixture(scope="module")
def export(tmp_path_factory) -> dict:
    """A real export of a trainee with answers and an exam."""
    folder = tmp_path_factory.mktemp("source")
    with ProgressStore.in_dir(folder) as store:
        store.create_trainee("Ana")
        for seed in (1, 2):
            q = generate("vigorish", seed=seed)
            store.record("Ana", q, check(q, q.answer), q.answer, 1500)
        exam = build_exam(ExamSpec(seed=5, skills=("vigorish",), count=2))
        store.record_exam("Ana", grade(exam, [exam.questions[0].answer, None]))
        return json.loads(store.export_trainee("Ana", folder / "ana.json").read_text())


@pytest.fixture
def data(tmp_path) -> Path:
    folder = tmp_path / "data"
    with ProgressStore.in_dir(folder) as store:
        store.create_trainee("Bo")
    return folder


def dump(folder: Path) -> list[str]:
    """Everything in the store, as SQL: equal dumps = nothing changed."""
    import sqlite3

    conn = sqlite3.connect(folder / FILENAME)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def import_file(capsys, folder: Path, path: Path, *extra: str) -> tuple[int, str]:
    code = main(["progress", "--data-dir", str(folder), "--import", str(path), *extra])
    return code, capsys.readouterr().err


def refused(capsys, folder: Path, path: Path, *words: str) -> None:
    before = dump(folder)
    code, err = import_file(capsys, folder, path, "--as", "New")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("paigow-trainer: error: "), err
    for word in words:
        assert word in err, err
    assert dump(folder) == before


def edited(export: dict, tmp_path: Path, edit) -> Path:
    doc = copy.deepcopy(export)
    edit(doc)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(doc))
    return path


def setter(where: str, key: str, value):
    def edit(doc):
        target = doc
        for part in where.split("."):
            target = target[int(part)] if isinstance(target, list) else target[part]
        target[key] = value
    return edit


@pytest.mark.parametrize("where,key,value,words", [
    ("answers.0", "ms", BIG, ("answers[0].ms", "2^63")),
    ("answers.1", "seed", BIG, ("answers[1].seed", "64 bits")),
    ("answers.1", "seed", -BIG - 1, ("answers[1].seed",)),
    ("exams.0", "score", 10 ** 30, ("exams[0].score",)),
    ("exams.0", "score", 3, ("exams[0].score: more than the total",)),
    ("answers.0", "ts_utc", "9999-12-31T23:59:59+00:00", ("answers[0].ts_utc", "between 1970 and today")),
    ("trainee", "created_utc", "0001-01-01T00:00:00+14:00", ("trainee.created_utc",)),
    ("answers.0", "answer", "\ud800", ("answers[0].answer", "lone surrogate")),
    ("answers.0", "question", {}, ("answers[0].question",)),
    ("exams.0", "result", {}, ("exams[0].result.spec: missing",)),
    ("exams.0", "spec", {"seed": 1, "skills": ["bogus"], "count": 2}, ("exams[0].spec",)),
    ("exams.0", "spec", {"seed": 5, "skills": ["vigorish"], "count": 2}, ("exams[0].spec",)),  # no profile
    ("exams.0", "spec", {"seed": 5, "skills": ["vigorish"], "count": 2, "profile": None}, ("exams[0].spec",)),
    ("exams.0", "spec", {"seed": 5, "skills": ["vigorish"], "count": 2, "profile": "xx"}, ("exams[0].spec",)),
])
def test_out_of_range_and_unshowable_values_are_refused(capsys, tmp_path, data, export, where, key, value, words):
    refused(capsys, data, edited(export, tmp_path, setter(where, key, value)), *words)


def test_deep_nesting_is_refused(capsys, tmp_path, data, export):
    path = tmp_path / "deep.json"
    text = json.dumps(export)
    path.write_text(text[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}")
    refused(capsys, data, path, "nested")
    path.write_text(text[:-1] + ', "x": ' + "[" * 40 + "]" * 40 + "}")  # parses, but deeper than an export
    refused(capsys, data, path, "nested more than")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_waiting(capsys, tmp_path, data):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    signal.alarm(20)  # a hang fails the test instead of stalling the suite
    try:
        refused(capsys, data, fifo, "not a regular file")
    finally:
        signal.alarm(0)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_refused_without_reading_it_all(capsys, data):
    refused(capsys, data, Path("/dev/zero"), "not a regular file")


def test_a_huge_file_is_refused_after_a_bounded_read(capsys, tmp_path, data, monkeypatch):
    monkeypatch.setattr("trainer.progress.transfer.MAX_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(" " * 5000)
    refused(capsys, data, path, "larger than")


def test_times_with_an_offset_are_converted_to_utc(capsys, tmp_path, data, export):
    def edit(doc):
        doc["answers"][0]["ts_utc"] = "2024-03-01T08:30:00+14:00"
        doc["answers"][1]["ts_utc"] = "2024-03-01T09:00:00"  # no offset: UTC
    code, err = import_file(capsys, data, edited(export, tmp_path, edit), "--as", "New")
    assert code == 0, err
    with ProgressStore.in_dir(data) as store:
        assert [r.ts_utc for r in store.answers("New")][:2] == ["2024-02-29T18:30:00.000+00:00",
                                                             "2024-03-01T09:00:00.000+00:00"]
        assert len(store.cards("New")) == len({r.item for r in store.answers("New")})


def test_an_imported_exam_can_be_reported(capsys, tmp_path, data, export):
    from trainer.ui.report import trainee_report

    path = tmp_path / "ana.json"
    path.write_text(json.dumps(export))
    assert import_file(capsys, data, path)[0] == 0
    with ProgressStore.in_dir(data) as store:
        report = trainee_report(store, "Ana")
    assert report.title == "Exam report" and len(report.wrong) == 1


# --- fuzz -------------------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-BIG * 4, max_value=BIG * 4)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
    | st.sampled_from(["\ud800", "9999-12-31T23:59:59+00:00", "2024-01-01T00:00:00+14:00", "", "vigorish"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


def paths(doc, prefix=()):
    """Every (container path, key) in ``doc``."""
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        yield prefix, key
        yield from paths(value, (*prefix, key))


@st.composite
def mutated(draw, export):
    doc = copy.deepcopy(export)
    for _ in range(draw(st.integers(1, 3))):
        where, key = draw(st.sampled_from(list(paths(doc))))
        parent = doc
        for part in where:
            parent = parent[part]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "delete" and isinstance(parent, dict):
            del parent[key]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=6))] = draw(JSON_VALUES)
        else:
            parent[key] = draw(JSON_VALUES)
    return doc


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_imports_are_all_or_nothing_with_one_line(capsys, tmp_path, export, data, qapp):
    folder = tmp_path / "fuzz"
    if not (folder / FILENAME).exists():
        with ProgressStore.in_dir(folder) as store:
            store.create_trainee("Bo")
    doc = data.draw(mutated(export))
    path = tmp_path / "fuzz.json"
    path.write_text(json.dumps(doc))  # ensure_ascii: lone surrogates are written as \ud800
    before = dump(folder)
    code, err = import_file(capsys, folder, path, "--as", "Fuzz", "--replace")
    assert "Traceback" not in err
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("paigow-trainer: error: "), err
        assert dump(folder) == before
        return
    assert code == 0, err
    # What was accepted can be shown again: statistics, the next items and the PDF report.
    from trainer.ui.report import trainee_report, write_pdf

    with ProgressStore.in_dir(folder, note=lambda _: None) as store:
        store.skill_stats("Fuzz")
        store.next_up("Fuzz")
        assert write_pdf(trainee_report(store, "Fuzz"), tmp_path / "fuzz.pdf", resolution=30) >= 1


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_fuzzed_bytes_are_refused_with_one_line(capsys, tmp_path, raw):
    folder = tmp_path / "bytes"
    if not (folder / FILENAME).exists():
        ProgressStore.in_dir(folder).close()
    path = tmp_path / "raw.json"
    path.write_bytes(raw)
    before = dump(folder)
    code, err = import_file(capsys, folder, path)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert dump(folder) == before
