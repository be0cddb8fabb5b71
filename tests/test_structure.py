"""The structure bar (issue 32): no import circles among the ``trainer`` modules, no hand-written
module over 900 lines.

An import is any ``import``/``from ... import`` of a ``trainer`` module anywhere in a file: at module
level, inside a function (a lazy import still means the two files cannot be read alone), and under
``if TYPE_CHECKING:`` (a type named from another module is a dependency on it too). ``from package
import name`` is an import of ``package.name`` when that is a module, else of the package. A package's
``__init__`` that Python runs on the way to a submodule is not counted: it is not what the importing
file depends on.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "trainer"
MAX_LINES = 900
#: Generated modules (not read or edited by hand) and the script that writes each.
GENERATED = {"trainer/rules/paigow/setting_tables.py": "scripts/setting_tables.py"}


def module_files() -> dict[str, Path]:
    """Every ``trainer`` module by dotted name (a package by its own name)."""
    files = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return files


def imports(name: str, path: Path, modules: set[str]) -> set[str]:
    """The ``trainer`` modules that module ``name`` (file ``path``) imports anywhere in its text."""

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(known(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            found.update(known(f"{base}.{alias.name}") for alias in node.names)
    return found - {None, name}


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    return {name: imports(name, path, set(files)) for name, path in files.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan): each is an import circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_circle_finder_finds_a_circle_through_a_lazy_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_function_level_and_type_checking_imports():
    graph = import_graph()
    # a lazy import (inside a function) and one under TYPE_CHECKING are both edges
    assert "trainer.progress.cards" in graph["trainer.progress.schema"]
    assert "trainer.ui.progress_charts" in graph["trainer.ui.progress_screen"]


def test_no_import_circles_among_trainer_modules():
    assert circles(import_graph()) == []


def test_no_hand_written_module_over_900_lines():
    long = {}
    for path in module_files().values():
        rel = path.relative_to(ROOT).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES and rel not in GENERATED:
            long[rel] = lines
    assert long == {}


def test_the_exempt_modules_are_generated():
    for module, script in GENERATED.items():
        assert (ROOT / script).is_file()
        head = (ROOT / module).read_text(encoding="utf-8")[:600]
        assert f"``{script}`` (do not edit)" in head
