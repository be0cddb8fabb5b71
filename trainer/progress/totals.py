"""A trainee's skill totals (answered, right, time, last answer per skill): a cache of the answer log, like
the cards, which lets a class view read 200 trainees at once (schema version 5). A flashcard's
self-rating (``cards.FLASHCARD``) is no drill answer and is never counted.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import Any

from trainer.progress.cards import FLASHCARD

#: Count one answer in its skill's totals.
COUNT_ANSWER = (
    "INSERT INTO skill_totals (trainee_id, skill, answered, correct, ms_total, last_utc) VALUES (?, ?, 1, ?, ?, ?) "
    "ON CONFLICT (trainee_id, skill) DO UPDATE SET answered = skill_totals.answered + 1, "
    "correct = skill_totals.correct + excluded.correct, ms_total = skill_totals.ms_total + excluded.ms_total, "
    "last_utc = CASE WHEN excluded.last_utc > skill_totals.last_utc THEN excluded.last_utc "
    "ELSE skill_totals.last_utc END")


def rebuild_totals(conn: sqlite3.Connection, trainee_id: int) -> None:
    """Recount a trainee's skill totals from the answer log (inside the caller's transaction)."""
    conn.execute("DELETE FROM skill_totals WHERE trainee_id = ?", (trainee_id,))
    conn.execute("INSERT INTO skill_totals (trainee_id, skill, answered, correct, ms_total, last_utc) "
                 "SELECT trainee_id, skill, COUNT(*), SUM(correct), SUM(ms), MAX(ts_utc) FROM answers "
                 f"WHERE trainee_id = ? AND mode <> '{FLASHCARD}' GROUP BY trainee_id, skill", (trainee_id,))


#: The longest answer time kept (a day): a longer one (a PC left on a question overnight, or an
#: edited file's 2**63 - 1) is kept as this, so that a skill's summed times fit 64 bits.
MAX_MS = 24 * 60 * 60 * 1000


def clamp_ms(ms: Any) -> int:
    """An answer's time in milliseconds as the log keeps it: 0 to :data:`MAX_MS`.

    >>> clamp_ms(2 ** 63 - 1), clamp_ms(-5), clamp_ms(2100)
    (86400000, 0, 2100)
    """
    return min(max(0, int(ms)), MAX_MS)


def content_uid(*fields: Any) -> str:
    """A stable id for a row logged before rows had ids: the same answer copied twice (from one
    PC's file, or two copies of it) gets the same id, so it is stored once.

    >>> row = ("answer", 7, "2024-05-01T09:00:00.000+00:00", "vigorish", "exact", 5)
    >>> content_uid(*row) == content_uid(*row) != content_uid("answer", 8, *row[2:])
    True
    """
    return "c" + hashlib.sha256(json.dumps([str(f) for f in fields]).encode()).hexdigest()[:31]
