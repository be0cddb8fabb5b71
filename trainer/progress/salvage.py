"""What can still be read of a damaged progress file: the store copies these rows into a fresh file
and says how many could not be read (cards and totals are rebuilt from the log)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

#: The tables a damaged file's rows are recovered from (cards and totals are rebuilt from the log).
RECOVERED = ("trainees", "answers", "exams", "settings", "outbox", "classes", "class_members")


def readable_rows(source: sqlite3.Connection, table: str) -> tuple[list[sqlite3.Row], int]:
    """The rows of ``table`` that can be read, and how many cannot: all at once if the table is
    intact; else one by one, by the row ids its indexes (or, failing those, the id range) list."""
    source.row_factory = sqlite3.Row
    try:
        return source.execute(f"SELECT rowid AS _rowid, * FROM {table}").fetchall(), 0
    except sqlite3.DatabaseError:
        pass
    ids: list[int] | None = None
    for index in [r[1] for r in source.execute(f"PRAGMA index_list({table})")]:
        try:
            ids = [r[0] for r in source.execute(f"SELECT rowid FROM {table} INDEXED BY \"{index}\"")]
            break
        except sqlite3.DatabaseError:
            continue
    if ids is None:
        try:
            ids = list(range(1, int(source.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0] or 0) + 1))
        except sqlite3.DatabaseError:
            return [], 1
    rows, damaged = [], 0
    for rowid in ids:
        try:
            row = source.execute(f"SELECT rowid AS _rowid, * FROM {table} WHERE rowid = ?", (rowid,)).fetchone()
        except sqlite3.DatabaseError:
            damaged += 1
            continue
        if row is not None:
            rows.append(row)
    return rows, damaged


def disk_full(path: Path) -> bool:
    """Whether the disk holding ``path`` has (next to) no room left: SQLite reports a full disk as
    "disk I/O error" when the journal cannot grow."""
    import shutil

    try:
        return shutil.disk_usage(path.parent).free < 1 << 20
    except OSError:
        return False
