"""The dataclass methods kept between runs (``trainer.method_cache``, issue 42): the classes are the same
as without it, a second run compiles nothing, and the file is written only where bytecode may be."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Makes a few dataclasses (frozen, ordered, with defaults and a factory) with the table installed, uses
#: every written method, and prints what they did and whether a text had to be compiled.
SCRIPT = """
import dataclasses, json
from trainer import method_cache
method_cache.install()

@dataclasses.dataclass(frozen=True, order=True)
class Tile:
    name: str
    rank: int = 3
    tags: tuple = ()

@dataclasses.dataclass
class Pile:
    tiles: list = dataclasses.field(default_factory=list)
    seen: int = 0

a, b = Tile("gee joon", 1), Tile("teen", 2, ("pair",))
pile = Pile()
pile.tiles.append(a)
try:
    a.rank = 5
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
print(json.dumps({"repr": [repr(a), repr(pile)], "eq": [a == Tile("gee joon", 1), a == b], "lt": a < b,
                  "hash": hash(a) == hash(Tile("gee joon", 1)), "frozen": frozen, "fresh": Pile().tiles == [],
                  "compiled": method_cache._new, "kept": len(method_cache._load())}))
method_cache.save()
"""


def _run(tmp_path: Path, **env: str) -> dict:
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    proc = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**environ, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(tmp_path), **env})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _table_file(tmp_path: Path) -> Path:
    found = list(tmp_path.rglob("dataclass-methods.*.bin"))
    assert len(found) <= 1
    return found[0] if found else tmp_path / "none"


def test_the_second_run_compiles_no_method_and_makes_the_same_classes(tmp_path):
    first = _run(tmp_path)
    assert first["compiled"] and _table_file(tmp_path).is_file()
    second = _run(tmp_path)
    assert not second["compiled"] and second["kept"] == first["kept"] > 0
    expected = {"repr": ["Tile(name='gee joon', rank=1, tags=())", "Pile(tiles=[Tile(name='gee joon', rank=1, "
                                                                    "tags=())], seen=0)"],
                "eq": [True, False], "lt": True, "hash": True, "frozen": True, "fresh": True}
    for run in (first, second):
        assert {k: v for k, v in run.items() if k in expected} == expected


def test_a_damaged_or_foreign_file_counts_as_empty_and_is_rewritten(tmp_path):
    _run(tmp_path)
    table = _table_file(tmp_path)
    for damaged in (b"", b"not a table at all", table.read_bytes()[:40], b"\0\0\0\0" + table.read_bytes()[4:]):
        table.write_bytes(damaged)
        again = _run(tmp_path)
        assert again["compiled"] and again["repr"][0] == "Tile(name='gee joon', rank=1, tags=())"
        assert not _run(tmp_path)["compiled"]  # (written whole again)


def test_nothing_is_written_where_bytecode_may_not_be(tmp_path):
    run = _run(tmp_path, PYTHONDONTWRITEBYTECODE="1")
    assert run["compiled"] and not _table_file(tmp_path).exists()
