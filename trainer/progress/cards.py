"""Spaced-repetition cards in the store: one per trainee x skill item, a cache of the answer log
(``trainer.progress.scheduling`` rates and schedules them). Below the store and the schema, which both
replay the log into cards (the schema when a migration adds them).
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

from fsrs import Card, Rating

from trainer.progress import scheduling
from trainer.progress.clock import iso, parse_iso
from trainer.rules.errors import UnknownNameError


#: The mode of a flashcard's self-rating in the answer log: its own kind of record (issue 40), which
#: reviews its drill item's card by the rating but is no drill answer (skill totals, Progress).
FLASHCARD = "flashcard"
#: A flashcard's self-ratings, as Anki and FSRS name them (key 1 .. 4).
FLASHCARD_RATINGS = ("Again", "Hard", "Good", "Easy")


def target_ms(skill: str) -> int:
    """The skill's fluent answer time (ms), or the default for a skill the registry no longer knows."""
    from trainer.drills.registry import skill_named  # loads the skill's game's drills alone

    try:
        return skill_named(skill).target_ms
    except UnknownNameError:  # an old record's skill
        return scheduling.DEFAULT_TARGET_MS


def _review_card(conn: sqlite3.Connection, trainee_id: int, skill: str, item: str, correct: bool, ms: int,
                 hinted: bool, when: datetime, choices: int = 0, rated: str | None = None,
                 parameters: tuple[float, ...] | None = None) -> None:
    """Review the card of (skill, item) with one answer of the log; ``rated``: a flashcard's
    self-rating ("Again" .. "Easy"), which rates the card itself (``scheduling.flashcard_rating``);
    ``parameters``: FSRS's, the school's fitted ones (``trainer.progress.fits``) or None, the default."""
    row = conn.execute("SELECT card, reviews FROM cards WHERE trainee_id = ? AND skill = ? AND item = ?",
                       (trainee_id, skill, item)).fetchone()
    try:
        card = Card.from_json(row[0]) if row else scheduling.new_card(skill, item, when)
    except (ValueError, KeyError, TypeError):  # a card damaged on disk: the log's answer still counts
        card = scheduling.new_card(skill, item, when)
    if card.last_review is not None and when < card.last_review:
        # Given before the card's last review (another PC's answer, or one sent late from an
        # outbox): the card is replayed from the log, where this answer already is, in time order.
        rebuild_cards(conn, trainee_id, (skill, item), parameters)
        return
    card = scheduling.review(card, correct, ms, target_ms(skill), when, hinted=hinted, choices=choices,
                             parameters=parameters) if rated is None else _self_rated(card, rated, ms, when, parameters)
    conn.execute("INSERT INTO cards (trainee_id, skill, item, card, due_utc, reviews) VALUES (?, ?, ?, ?, ?, ?) "
                 "ON CONFLICT (trainee_id, skill, item) DO UPDATE SET card = excluded.card, "
                 "due_utc = excluded.due_utc, reviews = excluded.reviews",
                 (trainee_id, skill, item, card.to_json(), iso(card.due), (row[1] if row else 0) + 1))


def _self_rated(card: Card, rated: str, ms: int, when: datetime, parameters: tuple[float, ...] | None = None) -> Card:
    """The card after a flashcard rated ``rated`` at ``when``; as for a drill's answer, a rating other
    than Again within ``SAME_SESSION`` of the card's last review is no new evidence."""
    rating = Rating(scheduling.flashcard_rating(Rating[rated].value, ms))
    if rating != Rating.Again and card.last_review is not None and when - card.last_review < scheduling.SAME_SESSION:
        return card
    return scheduling.schedulers(parameters)[0].review_card(card, rating, when, ms)[0]


def rebuild_cards(conn: sqlite3.Connection, trainee_id: int, only: tuple[str, str] | None = None,
                  parameters: tuple[float, ...] | None = None) -> None:
    """Replay a trainee's answer log through FSRS with ``parameters`` (None: the default; inside the caller's
    transaction); ``only`` one (skill, item) card."""
    columns = [d[0] for d in conn.execute("SELECT * FROM answers LIMIT 0").description]
    hinted = "hinted" if "hinted" in columns else "0"  # the log had no hints before schema version 3
    mode = "mode" if "mode" in columns else "''"  # nor modes before version 2
    where = " AND skill = ? AND item = ?" if only else ""
    params = (trainee_id, *only) if only else (trainee_id,)
    conn.execute(f"DELETE FROM cards WHERE trainee_id = ?{where}", params)
    rows = conn.execute(f"SELECT skill, item, correct, ms, ts_utc, {hinted}, question, {mode}, answer FROM answers "
                        f"WHERE trainee_id = ?{where} ORDER BY ts_utc, id", params).fetchall()
    for skill, item, correct, ms, ts, was_hinted, question, how, answer in rows:
        try:
            when = parse_iso(ts)
        except (ValueError, TypeError):  # a damaged time: the row is reported where the log is read
            continue
        _review_card(conn, trainee_id, skill, item, bool(correct), ms, bool(was_hinted), when,
                     scheduling.choices_of(question),
                     rated=answer if how == FLASHCARD and answer in FLASHCARD_RATINGS else None, parameters=parameters)
