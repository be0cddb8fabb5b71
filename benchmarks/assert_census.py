"""The assertion census (issue 42: "no test loses what it asserts"): which assertions each test runs.

    .venv/bin/python benchmarks/assert_census.py run OUT.json [PYTEST ARGS...]
    .venv/bin/python benchmarks/assert_census.py compare BEFORE.json AFTER.json

``run`` runs pytest with this file as a plugin and pytest's ``pytest_assertion_pass`` hook on (a fresh
``PYTHONPYCACHEPREFIX``: pytest's cached rewritten files carry no hook), and writes, per test, its
outcome and every passing ``assert`` it executed (by the assertion's source text) with how many times.
``compare`` prints the totals of both (tests, passed, distinct assertions, executions) and every test
that is gone or runs an assertion text it ran before no longer; it exits 1 if there is one. (It replaces
``benchmarks/assert_count.py``, a plain count, which read the cached rewritten files and so missed them.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = "PAIGOW_ASSERT_CENSUS"

_passed: Counter[tuple[str, str]] = Counter()
_outcomes: dict[str, str] = {}


def pytest_assertion_pass(item, lineno, orig, expl) -> None:  # noqa: ARG001 - pytest's hook signature
    _passed[(item.nodeid, " ".join(orig.split()))] += 1


def pytest_runtest_logreport(report) -> None:
    if report.when == "call" or report.outcome != "passed":
        _outcomes.setdefault(report.nodeid, report.outcome)


def pytest_sessionfinish(session) -> None:  # noqa: ARG001 - pytest's hook signature
    """Each process (xdist's controller and every worker) writes what it saw into the census folder."""
    folder = os.environ.get(FOLDER)
    if folder:
        name = os.environ.get("PYTEST_XDIST_WORKER", "controller")
        rows = [[test, text, n] for (test, text), n in _passed.items()]
        Path(folder, f"{name}-{os.getpid()}.json").write_text(json.dumps({"asserts": rows, "outcomes": _outcomes}))


def run(out: Path, args: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="census-") as folder:
        pyc = Path(folder, "pyc")
        env = {**os.environ, FOLDER: folder, "PYTHONPYCACHEPREFIX": str(pyc), "QT_QPA_PLATFORM": "offscreen"}
        code = subprocess.call([sys.executable, "-m", "pytest", "-p", "benchmarks.assert_census", "-p", "no:cacheprovider",
                                "-o", "enable_assertion_pass_hook=true", *args], cwd=ROOT, env=env)
        tests: dict[str, dict] = defaultdict(lambda: {"outcome": "", "asserts": Counter()})
        for part in Path(folder).glob("*.json"):
            data = json.loads(part.read_text())
            for test, text, n in data["asserts"]:
                tests[test]["asserts"][text] += n
            for test, outcome in data["outcomes"].items():
                tests[test]["outcome"] = outcome
    out.write_text(json.dumps(tests, indent=0, sort_keys=True))
    print(summary(tests, out.name))
    return code


def summary(tests: dict[str, dict], label: str) -> str:
    outcomes = Counter(t["outcome"] for t in tests.values())
    sites = sum(len(t["asserts"]) for t in tests.values())
    runs = sum(sum(t["asserts"].values()) for t in tests.values())
    return (f"{label}: {len(tests)} tests ({', '.join(f'{n} {o}' for o, n in sorted(outcomes.items()))}), "
            f"{sites} distinct assertions a test, {runs} assertions executed")


def compare(before_path: Path, after_path: Path) -> int:
    before, after = (json.loads(p.read_text()) for p in (before_path, after_path))
    print(summary(before, before_path.name))
    print(summary(after, after_path.name))
    lost = 0
    for test, was in sorted(before.items()):
        now = after.get(test)
        if now is None:
            print(f"gone: {test}")
            lost += 1
            continue
        missing = sorted(set(was["asserts"]) - set(now["asserts"]))
        if missing:
            print(f"{test} no longer runs: {missing}")
            lost += 1
    return 1 if lost else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["run"]:
        sys.exit(run(Path(sys.argv[2]), sys.argv[3:]))
    if sys.argv[1:2] == ["compare"]:
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
    sys.exit(__doc__)
