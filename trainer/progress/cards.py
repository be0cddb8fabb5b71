"""Spaced-repetition cards in the store: one per trainee x skill item, a cache of the answer log
(``trainer.progress.scheduling`` rates and schedules them). Below the store and the schema, which both
replay the log into cards (the schema when a migration adds them).
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

from fsrs import Card

from trainer.progress import scheduling
from trainer.progress.clock import iso, parse_iso
from trainer.rules.errors import UnknownNameError


def target_ms(skill: str) -> int:
    """The skill's fluent answer time (ms), or the default for a skill the registry no longer knows."""
    from trainer.drills.registry import skill_named  # loads the skill's game's drills alone

    try:
        return skill_named(skill).target_ms
    except UnknownNameError:  # an old record's skill
        return scheduling.DEFAULT_TARGET_MS


def _review_card(conn: sqlite3.Connection, trainee_id: int, skill: str, item: str, correct: bool, ms: int,
                 hinted: bool, when: datetime, choices: int = 0) -> None:
    row = conn.execute("SELECT card, reviews FROM cards WHERE trainee_id = ? AND skill = ? AND item = ?",
                       (trainee_id, skill, item)).fetchone()
    try:
        card = Card.from_json(row[0]) if row else scheduling.new_card(skill, item, when)
    except (ValueError, KeyError, TypeError):  # a card damaged on disk: the log's answer still counts
        card = scheduling.new_card(skill, item, when)
    if card.last_review is not None and when < card.last_review:
        # Given before the card's last review (another PC's answer, or one sent late from an
        # outbox): the card is replayed from the log, where this answer already is, in time order.
        rebuild_cards(conn, trainee_id, (skill, item))
        return
    card = scheduling.review(card, correct, ms, target_ms(skill), when, hinted=hinted, choices=choices)
    conn.execute("INSERT INTO cards (trainee_id, skill, item, card, due_utc, reviews) VALUES (?, ?, ?, ?, ?, ?) "
                 "ON CONFLICT (trainee_id, skill, item) DO UPDATE SET card = excluded.card, "
                 "due_utc = excluded.due_utc, reviews = excluded.reviews",
                 (trainee_id, skill, item, card.to_json(), iso(card.due), (row[1] if row else 0) + 1))


def rebuild_cards(conn: sqlite3.Connection, trainee_id: int, only: tuple[str, str] | None = None) -> None:
    """Replay a trainee's answer log through FSRS (inside the caller's transaction); ``only`` one
    (skill, item) card."""
    columns = [d[0] for d in conn.execute("SELECT * FROM answers LIMIT 0").description]
    hinted = "hinted" if "hinted" in columns else "0"  # the log had no hints before schema version 3
    where = " AND skill = ? AND item = ?" if only else ""
    params = (trainee_id, *only) if only else (trainee_id,)
    conn.execute(f"DELETE FROM cards WHERE trainee_id = ?{where}", params)
    rows = conn.execute(f"SELECT skill, item, correct, ms, ts_utc, {hinted}, question FROM answers "
                        f"WHERE trainee_id = ?{where} ORDER BY ts_utc, id", params).fetchall()
    for skill, item, correct, ms, ts, was_hinted, question in rows:
        try:
            when = parse_iso(ts)
        except (ValueError, TypeError):  # a damaged time: the row is reported where the log is read
            continue
        _review_card(conn, trainee_id, skill, item, bool(correct), ms, bool(was_hinted), when,
                     scheduling.choices_of(question))
