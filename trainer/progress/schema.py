"""The progress database schema: an explicit version (``PRAGMA user_version``) and numbered migrations.

A database at version *n* is brought to :data:`LATEST` by running migrations *n+1* ... in order, in
one transaction that also sets ``user_version``, so a crash mid-upgrade leaves the database at the
version it had (one commit, one disk flush: a new file is ready sooner). Migrations are append-only history: never edit one that has shipped, add the next.

Version 1: trainees and the answer log.
Version 2: skill items, profile and mode on each answer; FSRS cards rebuilt from the log; the log
           made append-only by triggers (rows of a deleted trainee may still be removed).
Version 3: hints on answers; exam results; settings (the current trainee).
Version 4: the file is stamped with :data:`APPLICATION_ID` (``PRAGMA application_id``), which every
           migration from now on also sets; a file of an older version without it is recognised
           by its tables (:func:`verdict`). A file of any other program is never written to.

Version 5: a school's server. Answers and exams carry a client-made ``uid`` (sending one twice,
           from a PC's outbox or a migration, stores it once); ``outbox`` holds answers waiting
           for the school's server; ``skill_totals`` (a cache of the log, like ``cards``) lets the
           class view read 200 trainees at once; ``classes`` and ``class_members``.
Version 6: on PostgreSQL, answers indexed by (trainee, skill, time): the class view's medians.
Version 7: trainees' ``name_key`` (the name without case, by Unicode case folding), unique: ``Ölaf``
           and ``ölaf`` are one trainee on a PC's file as on a school's server (SQLite's NOCASE
           folded ASCII only, PostgreSQL's ``lower()`` more); names that clashed get a number.
Version 8: ``class_casino_rules``: the casino's Rules Submission an instructor published to a class
           (the file's name, its text, its SHA-256 and the casino's name); its trainees train on it.
Version 9: ``casino_rules``: the text of every casino's Rules Submission a question or an exam was made
           on, once, by its SHA-256 (questions and exam specs carry only the SHA-256), so an old
           question is made again on the casino's way and choices when the file is not loaded; the
           classes' published files are copied in. On this PC's file it also keeps the class's rules
           last read from a school's server (``trainer.progress.casino_texts``).
Version 10: a live class quiz on a school's server (``trainer.progress.live``): ``live_quizzes`` (the
           quiz's code, class, skills, count, seed, casino, and where the class is: question number
           and state), ``live_joins`` (who joined) and ``live_answers`` (one per trainee per question).
           On a PC's file the tables are made too and stay empty (a live quiz needs the server).
Version 11: every card replayed from the log: a right guess among two or three choices counts less than
           recall, and FSRS spaces in days.
Version 12: flashcard ratings that earlier versions logged as drill answers become flashcard records
           (the answers' append-only guard lifted for this one change, then restored).
Version 13: answers indexed by (trainee, time) and (trainee, skill, item, time): the day's session reads
           today's answers, and which of their items were answered before today, without the whole log.
Version 14: ``fsrs_fits``: FSRS's parameters fitted to a class's answers (``trainer.progress.fitting``), with
           the answers counted, the log-loss before and after and when; the newest is the school's, which
           the scheduler then uses (``trainer.progress.fits``).

Concurrent first opens: the migration takes the write lock (``BEGIN IMMEDIATE``) *before* reading
the version, so of several processes opening a new file at once exactly one migrates it.

The same migrations build a PostgreSQL database (``trainer.progress.database`` words the SQL for
it); a step worded differently for each is a :class:`Dialected` pair. PostgreSQL has no
``user_version``/``application_id`` header, so it keeps both in one more table, ``paigow_schema``,
and the migration's lock is a transaction-scoped advisory lock.

``REFERENCES`` clauses document the links; foreign keys are not enforced, because deleting a
trainee removes the trainee row first (which is what lets the append-only trigger allow removing
that trainee's log) and then the trainee's answers, cards and exams, in one transaction.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import cache
from typing import Callable

Call = Callable[[sqlite3.Connection], None]


@dataclass(frozen=True)
class Dialected:
    """One step worded for each database (None: nothing to do there)."""

    sqlite: str | Call | None
    postgresql: str | Call | None


Step = str | Call | Dialected


@dataclass(frozen=True)
class Migration:
    """Migration to ``version``: SQL statements and Python steps, run in order in one transaction."""

    version: int
    title: str
    steps: tuple[Step, ...]


_V1 = (
    Dialected("""CREATE TABLE trainees (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_utc TEXT NOT NULL)""", """CREATE TABLE trainees (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        created_utc TEXT NOT NULL)"""),
    Dialected(None, "CREATE UNIQUE INDEX trainees_by_name ON trainees (lower(name))"),
    """CREATE TABLE answers (
        id INTEGER PRIMARY KEY,
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        skill TEXT NOT NULL,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
        ms INTEGER NOT NULL CHECK (ms >= 0),
        ts_utc TEXT NOT NULL,
        seed INTEGER NOT NULL)""",
    "CREATE INDEX answers_by_trainee ON answers (trainee_id, skill, ts_utc)",
)


def _flashcard_ratings_apart(conn: sqlite3.Connection) -> None:
    """Earlier versions logged a flashcard's self-rating as a practice answer to a drill question of its
    item (issue 40, item 7), the rating word as the answer given: mark those flashcard records, and count
    and space each trainee's cards again without them in the drill statistics.

    They are told apart for certain: the answer is a rating word (Again, Hard, Good, Easy) of a practice
    answer, and that word is no choice of the question it is logged with. No drill asks for one of these
    words, and an answer the drill cannot read is never logged (``ProgressStore.record``). Their times stay
    as logged: the real time of a Good or an Easy was not kept (a Good read 2,001 ms)."""
    import json

    from trainer.progress.cards import FLASHCARD, FLASHCARD_RATINGS, rebuild_cards
    from trainer.progress.totals import rebuild_totals

    marks = ", ".join("?" * len(FLASHCARD_RATINGS))
    rows = conn.execute(f"SELECT id, trainee_id, question, answer FROM answers WHERE mode = 'practice' "
                        f"AND answer IN ({marks})", FLASHCARD_RATINGS).fetchall()
    rated = [(row_id, who) for row_id, who, question, answer in rows if answer not in _choices(json, question)]
    for row_id, _who in rated:
        conn.execute("UPDATE answers SET mode = ? WHERE id = ?", (FLASHCARD, row_id))
    for who in sorted({who for _row, who in rated}):
        rebuild_totals(conn, who)
        rebuild_cards(conn, who)


def _choices(json, question: str) -> list[str]:
    """The choices (and each part's) of a logged question; none where it cannot be read."""
    try:
        data = json.loads(question)
        return [*data.get("choices", ()), *(c for part in data.get("parts", ()) for c in part.get("choices", ()))]
    except (ValueError, TypeError, AttributeError):
        return []


def _rebuild_all_cards(conn: sqlite3.Connection) -> None:
    # Imported here: the schema must not load the card logic (fsrs) at start-up.
    from trainer.progress.cards import rebuild_cards

    for (trainee_id,) in conn.execute("SELECT id FROM trainees").fetchall():
        rebuild_cards(conn, trainee_id)


#: The answer log is append-only: an update refused (SQLite), an update or delete refused (PostgreSQL's
#: trigger; its function lets a deleted trainee's rows go).
_NO_UPDATE = """CREATE TRIGGER answers_append_only_update BEFORE UPDATE ON answers
        BEGIN SELECT RAISE(ABORT, 'the answer log is append-only'); END"""
_NO_CHANGE = """CREATE TRIGGER answers_append_only BEFORE UPDATE OR DELETE ON answers
        FOR EACH ROW EXECUTE FUNCTION answers_append_only()"""

_V2 = (
    "ALTER TABLE answers ADD COLUMN item TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE answers ADD COLUMN profile TEXT NOT NULL DEFAULT 'pa-2019'",
    "ALTER TABLE answers ADD COLUMN mode TEXT NOT NULL DEFAULT 'practice'",
    # Version 1 kept the item and profile only inside the question JSON.
    Dialected("""UPDATE answers SET
        item = COALESCE(json_extract(question, '$.item'), ''),
        profile = COALESCE(json_extract(question, '$.profile'), 'pa-2019')""", None),
    """CREATE TABLE cards (
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        skill TEXT NOT NULL,
        item TEXT NOT NULL,
        card TEXT NOT NULL,
        due_utc TEXT NOT NULL,
        reviews INTEGER NOT NULL,
        PRIMARY KEY (trainee_id, skill, item))""",
    _rebuild_all_cards,
    Dialected(_NO_UPDATE,
              """CREATE FUNCTION answers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM trainees WHERE id = OLD.trainee_id) THEN
            RETURN OLD; END IF;
        RAISE EXCEPTION 'the answer log is append-only'; END $$"""),
    Dialected("""CREATE TRIGGER answers_append_only_delete BEFORE DELETE ON answers
        WHEN EXISTS (SELECT 1 FROM trainees WHERE id = OLD.trainee_id)
        BEGIN SELECT RAISE(ABORT, 'the answer log is append-only'); END""",
              _NO_CHANGE),
)

_V3 = (
    "ALTER TABLE answers ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0",
    """CREATE TABLE exams (
        id INTEGER PRIMARY KEY,
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        seed INTEGER NOT NULL,
        spec TEXT NOT NULL,
        score INTEGER NOT NULL,
        total INTEGER NOT NULL,
        finished_utc TEXT NOT NULL,
        result TEXT NOT NULL)""",
    "CREATE INDEX exams_by_trainee ON exams (trainee_id, finished_utc)",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)

_V5 = (
    "ALTER TABLE answers ADD COLUMN uid TEXT",
    "CREATE UNIQUE INDEX answers_by_uid ON answers (uid)",
    "ALTER TABLE exams ADD COLUMN uid TEXT",
    "CREATE UNIQUE INDEX exams_by_uid ON exams (uid)",
    """CREATE TABLE outbox (
        uid TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        trainee TEXT NOT NULL,
        payload TEXT NOT NULL,
        queued_utc TEXT NOT NULL)""",
    """CREATE TABLE skill_totals (
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        skill TEXT NOT NULL,
        answered INTEGER NOT NULL,
        correct INTEGER NOT NULL,
        ms_total INTEGER NOT NULL,
        last_utc TEXT NOT NULL,
        PRIMARY KEY (trainee_id, skill))""",
    """INSERT INTO skill_totals (trainee_id, skill, answered, correct, ms_total, last_utc)
        SELECT trainee_id, skill, COUNT(*), SUM(correct), SUM(ms), MAX(ts_utc) FROM answers
        GROUP BY trainee_id, skill""",
    """CREATE TABLE classes (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        instructor TEXT NOT NULL,
        password TEXT NOT NULL,
        ready_percent INTEGER NOT NULL DEFAULT 90 CHECK (ready_percent BETWEEN 0 AND 100),
        ready_answers INTEGER NOT NULL DEFAULT 20 CHECK (ready_answers >= 0),
        created_utc TEXT NOT NULL)""",
    """CREATE TABLE class_members (
        class_id INTEGER NOT NULL REFERENCES classes(id),
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        PRIMARY KEY (class_id, trainee_id))""",
)

_V6 = (
    # On a school's server only: its class view reads each skill's median straight from this index.
    Dialected(None, "CREATE INDEX answers_by_time ON answers (trainee_id, skill, ms)"),
)

def key_trainee_names(conn: sqlite3.Connection) -> None:
    """Give every trainee the key their name is unique by (:func:`trainer.progress.names.name_key`).
    Names that were two trainees under the old rules (``Ölaf`` and ``ölaf`` on a PC's file) but
    share a key: the later one gets a number (``ölaf (2)``), so nobody's records are merged."""
    from trainer.progress.names import name_key

    taken: set[str] = set()
    for trainee_id, name in conn.execute("SELECT id, name FROM trainees ORDER BY id").fetchall():
        new, n = name, 2
        while name_key(new) in taken:
            new, n = f"{name[:54]} ({n})", n + 1
        taken.add(name_key(new))
        conn.execute("UPDATE trainees SET name = ?, name_key = ? WHERE id = ?", (new, name_key(new), trainee_id))


_V7 = (
    "ALTER TABLE trainees ADD COLUMN name_key TEXT",
    key_trainee_names,
    "CREATE UNIQUE INDEX trainees_by_key ON trainees (name_key)",
    # PostgreSQL's lower() and SQLite's NOCASE each folded case their own way: one rule now, the key.
    Dialected(None, "DROP INDEX trainees_by_name"),
)

_V8 = (
    # The file's text (the loader reads UTF-8 only), so one column type serves SQLite and PostgreSQL.
    """CREATE TABLE class_casino_rules (
        class_id INTEGER PRIMARY KEY REFERENCES classes(id),
        file_name TEXT NOT NULL,
        content TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        casino TEXT NOT NULL,
        published_utc TEXT NOT NULL)""",
)

_V9 = (
    """CREATE TABLE casino_rules (
        sha256 TEXT PRIMARY KEY,
        file_name TEXT NOT NULL,
        content TEXT NOT NULL,
        casino TEXT NOT NULL,
        stored_utc TEXT NOT NULL)""",
    # several classes may share one file: kept once
    """INSERT INTO casino_rules (sha256, file_name, content, casino, stored_utc)
        SELECT sha256, MIN(file_name), MIN(content), MIN(casino), MIN(published_utc)
        FROM class_casino_rules GROUP BY sha256""",
)

_V10 = (
    """CREATE TABLE live_quizzes (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        class_id INTEGER NOT NULL REFERENCES classes(id),
        skills TEXT NOT NULL,
        count INTEGER NOT NULL CHECK (count >= 1),
        seed INTEGER NOT NULL,
        profile TEXT NOT NULL,
        casino TEXT NOT NULL DEFAULT '',
        number INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL CHECK (state IN ('open', 'question', 'revealed', 'ended')),
        opened_utc TEXT NOT NULL,
        changed_utc TEXT NOT NULL)""",
    """CREATE TABLE live_joins (
        quiz_id INTEGER NOT NULL REFERENCES live_quizzes(id),
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        joined_utc TEXT NOT NULL,
        PRIMARY KEY (quiz_id, trainee_id))""",
    # One answer per trainee per question (the key): ``answer`` as the answer log keeps it, ``given`` as the drill
    # reads it (what the projector's chart counts); ``uid`` is the id of its row in the answer log.
    """CREATE TABLE live_answers (
        quiz_id INTEGER NOT NULL REFERENCES live_quizzes(id),
        number INTEGER NOT NULL,
        trainee_id INTEGER NOT NULL REFERENCES trainees(id),
        answer TEXT NOT NULL,
        given TEXT NOT NULL,
        correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
        ms INTEGER NOT NULL,
        uid TEXT NOT NULL,
        answered_utc TEXT NOT NULL,
        PRIMARY KEY (quiz_id, number, trainee_id))""",
)

_V12 = (  # the guard lifted for this one change, then restored
    Dialected("DROP TRIGGER answers_append_only_update", "DROP TRIGGER answers_append_only ON answers"),
    _flashcard_ratings_apart,
    Dialected(_NO_UPDATE, _NO_CHANGE),
)

_V13 = (
    # The day's session reads today's answers, and which of their items were met before today, not the whole log.
    "CREATE INDEX answers_by_day ON answers (trainee_id, ts_utc)",
    "CREATE INDEX answers_by_item ON answers (trainee_id, skill, item, ts_utc)",
)

# issue 38: one row per fit; the newest is the school's (the scheduler's) parameters. ``parameters`` is FSRS's
# list of weights as JSON; the log-loss is FSRS's own (the answers on a later day, predicted recall vs right).
_V14 = (
    """CREATE TABLE fsrs_fits (
        id INTEGER PRIMARY KEY,
        fitted_utc TEXT NOT NULL,
        class_name TEXT NOT NULL,
        reviews INTEGER NOT NULL CHECK (reviews >= 0),
        log_loss_before DOUBLE PRECISION NOT NULL,
        log_loss_after DOUBLE PRECISION NOT NULL,
        seconds DOUBLE PRECISION NOT NULL,
        parameters TEXT NOT NULL)""",
)

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "trainees and the answer log", _V1),
    Migration(2, "skill items, FSRS cards, append-only log", _V2),
    Migration(3, "hints, exams, settings", _V3),
    Migration(4, "application id: this trainer's files told apart from other programs'", ()),
    Migration(5, "a school's server: answer ids, outbox, skill totals, classes", _V5),
    Migration(6, "answers indexed by time, for the class view's medians", _V6),
    Migration(7, "trainee names unique without case by one rule on every database", _V7),
    Migration(8, "a casino's Rules Submission published to a class", _V8),
    Migration(9, "the casinos' Rules Submissions questions were made on, by SHA-256", _V9),
    Migration(10, "a live class quiz: the quiz, who joined, one answer per trainee per question", _V10),
    # issue 38: a right guess among two or three choices counts less than recall, and FSRS spaces in days
    Migration(11, "cards replayed: a guess counts less than recall", (_rebuild_all_cards,)),
    # issue 40, item 7: a flashcard's rating is its own kind of record
    Migration(12, "flashcard ratings logged as drill answers become flashcard records", _V12),
    Migration(13, "answers indexed by day and by item: a day's answers read alone", _V13),
    Migration(14, "FSRS's parameters fitted to a school's answers", _V14),
)

#: ``PRAGMA application_id`` of a progress file: "PGTR".
APPLICATION_ID = 0x50475452
#: The last version written before files were stamped with the application id.
UNSTAMPED_UP_TO = 3

#: The schema version this code writes.
LATEST = MIGRATIONS[-1].version


def version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def application_id(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA application_id").fetchone()[0])


def _plain_begin(conn: sqlite3.Connection) -> None:
    conn.execute("BEGIN IMMEDIATE")


def _stamp(conn: sqlite3.Connection, at: int) -> None:
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID:d}")
    conn.execute(f"PRAGMA user_version = {at:d}")


@dataclass(frozen=True)
class Dialect:
    """How one database keeps the schema's version, and which wording of a :class:`Dialected` step it runs."""

    name: str
    version: Callable[[sqlite3.Connection], int]
    stamp: Callable[[sqlite3.Connection, int], None]
    begin: Callable[[sqlite3.Connection], None]


SQLITE = Dialect("sqlite", version, _stamp, _plain_begin)


def _run(conn: sqlite3.Connection, step: Step, dialect: str) -> None:
    worded = getattr(step, dialect) if isinstance(step, Dialected) else step
    if isinstance(worded, str):
        conn.execute(worded)
    elif worded is not None:
        worded(conn)


def migrate(conn: sqlite3.Connection, target: int = LATEST,
            begin: Callable[[sqlite3.Connection], None] | None = None, dialect: Dialect = SQLITE) -> int:
    """Bring ``conn`` (autocommit mode) from its version up to ``target`` in one transaction (a crash
    leaves the version it had); returns the new version.

    ``begin`` starts a write transaction (the store's waits for a busy file, with feedback). The
    version is read after the lock is taken, so steps another process just ran are not run again.
    """
    (begin or dialect.begin)(conn)
    try:
        current = dialect.version(conn)
        for step in MIGRATIONS:
            if current < step.version <= target:
                for sql_or_call in step.steps:
                    _run(conn, sql_or_call, dialect.name)
                dialect.stamp(conn, step.version)
                current = step.version
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return current


def shape(conn: sqlite3.Connection) -> frozenset[tuple[str, str, tuple[str, ...]]]:
    """Every table, index and trigger of ``conn`` (type, name, column names of a table)."""
    objects = conn.execute("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchall()
    return frozenset((kind, name, tuple(r[1] for r in conn.execute(f"PRAGMA table_info(\"{name}\")"))
                      if kind == "table" else ()) for kind, name in objects)


@cache
def _shape_at(at: int) -> frozenset[tuple[str, str, tuple[str, ...]]]:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, at)
        return shape(conn)
    finally:
        conn.close()


def header_verdict(header: bytes) -> tuple[str, str] | None:
    r"""From the file's first 100 bytes alone: another program's application id means the file is
    not ours, decided without SQLite opening it (which could fold that program's pending WAL into it).

    >>> header_verdict(b"SQLite format 3\x00" + bytes(52) + (1598903374).to_bytes(4, "big") + bytes(28))
    ('foreign', "it is another program's database (application id 0x5f4d544e)")
    """
    if len(header) < 72 or not header.startswith(b"SQLite format 3\x00"):
        return None
    app = int.from_bytes(header[68:72], "big", signed=True)
    return None if app in (0, APPLICATION_ID) else ("foreign", f"it is another program's database "
                                                               f"(application id {app:#x})")


def verdict(conn: sqlite3.Connection) -> tuple[str, str] | None:
    """Why the file of ``conn`` must not be used (``(reason, why)``), or None if it is a progress
    file of this trainer (or a new, empty one). Reads only; call it holding the write lock."""
    app, found = application_id(conn), version(conn)
    if app == APPLICATION_ID:
        if found > LATEST:
            return "newer", (f"a newer version of the trainer wrote it (schema version {found}; "
                             f"this version reads up to {LATEST})")
        if found < 1:
            return "unreadable", f"its schema version {found} is not one this trainer ever wrote"
    elif app != 0:
        return "foreign", f"it is another program's database (application id {app:#x})"
    elif not (0 <= found <= UNSTAMPED_UP_TO and shape(conn) == _shape_at(found)):
        return "foreign", ("it is not a progress database of this trainer (another program's tables, "
                           f"schema version {found})")
    result = conn.execute("PRAGMA quick_check").fetchone()[0]
    return None if result == "ok" else ("corrupt", f"it is damaged ({result})")
