"""A trainee's skill totals (answered, right, time, last answer per skill): a cache of the answer log, like
the cards, which lets a class view read 200 trainees at once (schema version 5). A flashcard's
self-rating (``cards.FLASHCARD``) is no drill answer and is never counted.
"""

from __future__ import annotations

import sqlite3

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
