"""The methods ``dataclasses`` writes for each class, compiled once and kept between runs, as ``.pyc`` files are.

A dataclass's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and, frozen, ``__setattr__`` and
``__delattr__`` are written as source text and compiled when the class is made (``dataclasses._create_fn``
calls ``exec`` on each text). Python keeps no bytecode for those texts, so every start compiled them
again: the 44 dataclasses made before the Table screen paints cost ≈ 145 million instructions, a tenth
of the app's start-up (issue 42). :func:`install` gives the ``dataclasses`` module an ``exec`` that
looks each text up in a table of code objects read from one file, compiling only a text it has not
seen; :func:`save` (at exit, and by the start-up benchmark's early exit) writes the table back when
something was new. What runs is what ``exec`` would have compiled from the same text (file name
``<string>``, no future flags inherited: ``dataclasses`` has none), so the classes are the same.

The file lives where Python writes this module's own bytecode (``__pycache__``, or under
``PYTHONPYCACHEPREFIX``), is written only where Python would write bytecode (not under
``PYTHONDONTWRITEBYTECODE``), and is trusted as the ``.pyc`` files beside it are. A file from another
interpreter version or optimisation level, or unreadable, counts as empty.
"""

from __future__ import annotations

import builtins
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER, cache_from_source

#: The file's first bytes: the interpreter's bytecode magic number and optimisation level.
HEADER = MAGIC_NUMBER + bytes([sys.flags.optimize])
#: More texts than this in the file (old classes accumulate), and it is rewritten with this run's alone.
MAX_ENTRIES = 4000

#: each text's code object, marshalled: read only when its class is made (the whole table is ~1,000
#: methods; a run makes a few hundred)
_table: dict[str, bytes] | None = None
_used: set[str] = set()
_new = False


def path() -> str | None:
    """The table's file, beside this module's bytecode (None: this interpreter keeps no bytecode)."""
    try:
        pyc = cache_from_source(__file__)
    except NotImplementedError:
        return None
    return os.path.join(os.path.dirname(pyc), f"dataclass-methods.{sys.implementation.cache_tag}.bin")


def _load() -> dict[str, bytes]:
    global _table
    if _table is None:
        table: dict[str, bytes] = {}
        where = path()
        try:
            with open(where or "", "rb") as f:
                data = f.read()
            if data.startswith(HEADER):
                loaded = marshal.loads(data[len(HEADER):])
                if isinstance(loaded, dict):
                    table = loaded
        except (OSError, ValueError, EOFError, TypeError):  # none yet, unreadable or damaged: compile afresh
            pass
        _table = table
    return _table


def _exec(source, globals=None, locals=None, /) -> None:  # noqa: A002 (exec's own parameter names)
    """``exec`` as ``dataclasses`` calls it, a source text compiled only the first time it is seen."""
    global _new
    if isinstance(source, str):
        table = _load()
        data = table.get(source)
        if data is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            table[source], _new = marshal.dumps(code), True
        else:
            code = marshal.loads(data)
        _used.add(source)
        source = code
    builtins.exec(source, globals, locals)


def install() -> None:
    """From now on, dataclasses are made with the kept methods; the table is saved at exit."""
    import atexit
    import dataclasses

    if getattr(dataclasses, "exec", None) is not _exec:
        dataclasses.exec = _exec  # (a module global: ``dataclasses`` looks ``exec`` up there before builtins)
        atexit.register(save)


def save() -> None:
    """Write the table if a text was compiled since it was read (never where bytecode may not be written)."""
    global _new
    where = path()
    if not _new or _table is None or where is None or sys.dont_write_bytecode:
        return
    table = _table if len(_table) <= MAX_ENTRIES else {k: _table[k] for k in _used}
    temporary = f"{where}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(where), exist_ok=True)
        with open(temporary, "wb") as f:
            f.write(HEADER + marshal.dumps(table))
        os.replace(temporary, where)  # (whole or not at all: another process may be reading it)
        _new = False
    except OSError:  # a read-only installation: compiled again next time, as without the table
        try:
            os.remove(temporary)
        except OSError:
            pass
