"""A pytest plugin that counts the ``assert`` statements executed in a run (issue 42: a faster suite
asserts no less than before).

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -p benchmarks.assert_count \
        -o enable_assertion_pass_hook=true

Counts every assert that passes in a module pytest rewrites (the test files and conftest.py; a
failing assert fails its test, which the summary already counts). With xdist, each worker writes its
count to a file and the controller adds them up in its terminal summary.
"""

import json
import os
import tempfile
from pathlib import Path

_passed = 0
_FOLDER = Path(tempfile.gettempdir()) / f"paigow-assert-count-{os.getppid() if os.environ.get('PYTEST_XDIST_WORKER') else os.getpid()}"


def pytest_assertion_pass(item, lineno, orig, expl):
    global _passed
    _passed += 1


def pytest_sessionfinish(session):
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        _FOLDER.mkdir(exist_ok=True)
        (_FOLDER / f"{worker}.json").write_text(json.dumps(_passed))


def pytest_terminal_summary(terminalreporter, config):
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    counts = [json.loads(path.read_text()) for path in _FOLDER.glob("*.json")] if _FOLDER.is_dir() else []
    total = sum(counts) + _passed
    if not config.getini("enable_assertion_pass_hook"):
        terminalreporter.write_line("assert_count: pass -o enable_assertion_pass_hook=true to count asserts")
        return
    terminalreporter.write_line(f"asserts executed (passed): {total}")
    for path in _FOLDER.glob("*.json") if _FOLDER.is_dir() else ():
        path.unlink()
