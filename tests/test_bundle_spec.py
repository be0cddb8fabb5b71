"""The bundle's spec leaves out no Python module the app imports (issue 32): every trainer module and
pyqtgraph are imported in a fresh interpreter, and none of the modules they load is in the spec's
``EXCLUDES`` (``import pyqtgraph`` imports pydoc, for one: left out, the Progress charts would not open
in the bundle)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "paigow-trainer.spec"
#: Imported by pyqtgraph only where present (its Qt shim tries them); the bundle runs without them.
OPTIONAL = {"PySide6.QtSvg", "PySide6.QtTest"}

IMPORT_EVERYTHING = """
import pkgutil, sys
import trainer
for module in pkgutil.walk_packages(trainer.__path__, "trainer."):
    if not module.name.endswith("__main__"):  # (it would open the app)
        __import__(module.name)
import pyqtgraph
print("\\n".join(sys.modules))
"""


def excludes() -> list[str]:
    """The spec's ``EXCLUDES`` list, evaluated from its source."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "EXCLUDES")
    return eval(compile(ast.Expression(node.value), str(SPEC), "eval"), {})


def test_the_spec_leaves_out_no_module_the_app_imports():
    left_out = excludes()
    assert "pydoc_data" in left_out and "PySide6.QtNetwork" in left_out
    done = subprocess.run([sys.executable, "-c", IMPORT_EVERYTHING], capture_output=True, text=True, cwd=ROOT,
                          env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "trainer.ui.progress_charts" in loaded and "pydoc" in loaded
    needed = {m for m in loaded for x in left_out if (m == x or m.startswith(x + ".")) and m not in OPTIONAL}
    assert not needed
