"""The progress store: one SQLite file per machine holding every trainee's answers, cards and exams.

Design (after Anki): one file in ``trainer.paths.data_dir()``; explicit schema version with
numbered migrations (``trainer.progress.schema``); every write is one transaction; WAL journal with
``synchronous=FULL``, so an answer is on disk once ``record`` returns and a killed process loses no
answered question; the answer log is append-only (SQL triggers) and everything else (cards,
statistics) can be recomputed from it. A file that is not a readable database, that a newer
version wrote, or that another program wrote (told apart by the SQLite application id, or for
files older than that by their tables) is moved aside (renamed with a UTC timestamp, never
overwritten or written into) and a fresh one is started; ``ProgressStore.notice`` then says what
happened, for the UI to show. A row damaged on disk (a flipped bit that ``quick_check`` does not
see: bad JSON, bad UTF-8) is skipped when read and reported through ``note``; the rest is intact.
A folder or file that cannot be used (read-only, a file for a folder, a broken link) is a
``StoreError`` with a one-line message, and nothing is changed.

>>> import tempfile, pathlib
>>> from trainer.drills import generate, check
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> ana = store.create_trainee("Ana")
>>> q = generate("tile-compare", seed=1)
>>> rec = store.record("Ana", q, check(q, q.answer), q.answer, ms=2100)
>>> [(s.skill, s.answered, s.accuracy) for s in store.skill_stats("Ana")]
[('tile-compare', 1, 1.0)]
>>> store.close()
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import sqlite3
import sys
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from fsrs import Card

from trainer.paths import data_dir, os_reason, usable_folder, write_file
from trainer.progress import casino_texts, fits, stats
from trainer.progress.stats import DueItem
from trainer.progress.cards import FLASHCARD, FLASHCARD_RATINGS, _review_card, rebuild_cards
from trainer.progress.totals import COUNT_ANSWER as _COUNT_ANSWER, MAX_MS, clamp_ms, content_uid, rebuild_totals
from trainer.progress.clock import iso, parse_iso, utc_now
from trainer.progress.regrade import regraded
from trainer.progress.salvage import RECOVERED as _RECOVERED, disk_full as _disk_full, readable_rows as _readable_rows
from trainer.progress.names import lookup_key as _lookup_key, name_key, normal_name, unknown_trainee
from trainer.progress.schema import key_trainee_names, header_verdict, migrate, verdict, version
from trainer.rules.errors import TrainerError, UnknownNameError, printable

if TYPE_CHECKING:  # the drills are imported on first use: the app opens the store before its first paint (issue 15)
    from trainer.drills.model import Feedback, Question

FILENAME = "progress.sqlite3"

#: How an answer was given: practice (hints allowed, untimed), timed drill, exam, a live class quiz; or a
#: flashcard's self-rating (``FLASHCARD``: its own kind of record, no drill answer).
MODES = ("practice", "timed", "exam", "live", FLASHCARD)



@dataclass(frozen=True)
class Trainee:
    id: int
    name: str
    created_utc: str


@dataclass(frozen=True)
class AnswerRecord:
    """One row of the append-only answer log."""

    id: int
    trainee: str
    skill: str
    item: str
    question: dict[str, Any]
    answer: str
    correct: bool
    ms: int
    ts_utc: str
    seed: int
    profile: str
    mode: str
    hinted: bool
    #: The id the answer got where it was given (on this PC, in the outbox, on the server): the same
    #: answer reaching a database twice (sent, then migrated) is stored once.
    uid: str | None = None


class StoreError(TrainerError):
    """The progress file or its folder cannot be used (missing, read-only, a folder, a broken link)."""


#: SQLite result codes (primary) the store tells apart.
_BUSY, _LOCKED, _CORRUPT, _NOTADB = 5, 6, 11, 26
#: ... and those that mean the file or the disk cannot be written (read-only, I/O error, full, ...).
_UNWRITABLE = (3, 8, 10, 13, 14)


def _code(exc: sqlite3.Error) -> int:
    return (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


class _Garbled(str):
    """Text stored as invalid UTF-8 (a flipped bit): decoded with replacement characters, and
    recognised as damage by the readers, which skip its row."""


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return _Garbled(raw.decode("utf-8", "replace"))


def _stderr_note(message: str) -> None:
    print(f"note: {message}", file=sys.stderr, flush=True)


class ProgressStore:
    """All progress of all trainees on this machine. Open one per process; close it when done.

    Trainees are addressed by name (case-insensitive). Methods raise ``TrainerError`` for user
    mistakes (unknown trainee, duplicate name, bad import file) with a one-line message, and
    ``StoreError`` (a ``TrainerError``) when the file or its folder cannot be used.

    ``note`` receives progress messages that are not errors: waiting for another program that is
    writing to the file, a damaged row skipped while reading (default: printed on stderr).
    """

    #: Seconds SQLite waits for another writer before the store says it is waiting (and waits on).
    busy_wait_s = 5.0
    #: The database's "unique name taken" error (PostgreSQL's store sets its own).
    _integrity_error: type[Exception] | tuple[type[Exception], ...] = sqlite3.IntegrityError
    #: Where the store's data lives, for messages and the status bar.
    url: str
    #: Locks a trainee's row for the rest of the transaction, where writers do not lock the whole
    #: database (SQLite's ``BEGIN IMMEDIATE`` does): one trainee's answers are reviewed one at a time.
    _row_lock = ""

    def __init__(self, path: Path | str | None = None, *, note: Callable[[str], None] | None = None) -> None:
        if path is not None and not str(path).strip():
            raise StoreError("the progress file's path is empty")
        self.path = Path(path) if path is not None else data_dir() / FILENAME
        self.url = f"sqlite:///{self.path}"
        usable_folder(self.path.parent)
        self.note = note or _stderr_note
        #: Why the previous file was moved aside on opening, for the UI to show; else None.
        self.notice: str | None = None
        #: Where the damaged, newer or foreign file now is, if one was moved aside.
        self.moved_aside: Path | None = None
        self._told: set[tuple[str, object]] = set()
        self._salvageable = False
        try:
            self._conn = self._open()
        except sqlite3.Error as exc:
            raise self._unusable(exc) from None
        casino_texts.offer(self)

    @classmethod
    def in_dir(cls, folder: Path | str | None = None, **kw: Any) -> ProgressStore:
        """The store in ``folder`` (default ``trainer.paths.data_dir()``, which honours
        ``PAIGOW_TRAINER_DATA_DIR``). An empty ``folder`` is an error, not the current folder."""
        if folder is None:
            return cls(None, **kw)
        return cls(usable_folder(folder) / FILENAME, **kw)

    # --- opening, damage, transactions -------------------------------------------------------

    def _unusable(self, exc: sqlite3.Error) -> StoreError:
        reason = str(exc)
        if _code(exc) in (10, 13) and self.path is not None and _disk_full(Path(self.path)):  # IOERR, FULL
            reason = "the disk is full (free some space; what was saved before is kept)"
        return StoreError(f"cannot use the progress file {self.path}: {reason}")

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=self.busy_wait_s)
        conn.row_factory = sqlite3.Row
        conn.text_factory = _decode
        return conn

    def _usable_file(self) -> tuple[tuple[int, int], bytes]:
        """Create the file if missing; a broken link, a folder or a read-only file is a
        ``StoreError``. Returns the file's identity (device, inode) and its first 100 bytes."""
        if self.path.is_symlink() and not self.path.exists():
            raise StoreError(f"the progress file {self.path} is a link to {os.readlink(self.path)}, which does "
                             "not exist: restore it or remove the link")
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS) and self.path.is_file():
                raise StoreError(f"the progress file {self.path} is read-only: make it writable "
                                 "(nothing was changed)") from None
            raise StoreError(f"cannot open the progress file {self.path}: {os_reason(exc, self.path)}") from None
        try:
            st, header = os.fstat(fd), os.read(fd, 100)
        finally:
            os.close(fd)
        return (st.st_dev, st.st_ino), header

    def _open(self) -> sqlite3.Connection:
        for _ in range(5):  # each pass moves one unusable file aside (another process may race us)
            identity, header = self._usable_file()
            problem = header_verdict(header)
            if problem is None:
                conn = self._connect()
                try:
                    problem = self._inspect(conn)
                    if problem is None:
                        self._ready(conn)
                except BaseException:
                    conn.close()
                    raise
                if problem is None:
                    if self.moved_aside is not None and self._salvageable:
                        self._recover(conn, self.moved_aside)
                    return conn
                conn.close()
            self._salvageable = problem[0] in ("corrupt", "unreadable")
            self._move_aside(identity, *problem)
        raise StoreError(f"cannot open the progress file {self.path}: it keeps being replaced by another program")

    def _ready(self, conn: sqlite3.Connection) -> None:
        # WAL + FULL: each committed answer survives a killed process or a power cut.
        self._retry_busy(conn, "PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        migrate(conn, begin=self._begin)

    def _inspect(self, conn: sqlite3.Connection) -> tuple[str, str] | None:
        """Under the write lock (so no other process is half-way through creating it): None if the
        file is ours or new, else why it must be moved aside. Writes nothing."""
        try:
            self._begin(conn)
            try:
                return verdict(conn)
            finally:
                conn.execute("ROLLBACK")
        except sqlite3.DatabaseError as exc:
            if _code(exc) not in (_CORRUPT, _NOTADB):
                raise
            return "unreadable", f"it is not a readable progress database ({exc})"

    def _move_aside(self, identity: tuple[int, int], reason: str, why: str) -> None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return  # another process moved it aside already
        if (st.st_dev, st.st_ino) != identity:
            return  # ... and has started a new file in its place: use that one
        stamp = utc_now().strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{self.path.name}.{reason}-{stamp}")
        n = 1
        while target.exists():  # never overwrite an earlier copy
            target = self.path.with_name(f"{self.path.name}.{reason}-{stamp}-{n}")
            n += 1
        try:
            self.path.rename(target)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise StoreError(f"the progress file {self.path} cannot be used ({why}) and cannot be moved aside: "
                             f"{os_reason(exc, self.path)}") from None
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.rename(target.with_name(target.name + suffix))
        self.moved_aside = target
        self.notice = (f"The progress file {self.path} could not be used: {why}. It was kept, unchanged, as "
                       f"{target.name}, and a new empty progress file was started.")

    def _recover(self, conn: sqlite3.Connection, damaged: Path) -> None:
        """Copy every row still readable in the ``damaged`` file (moved aside) into the new one
        (``conn``), so one damaged page does not hide a trainee's whole history; ``notice`` says how
        many answers came back and how many entries could not be read. Cards and totals are
        rebuilt from the recovered log."""
        try:
            source = sqlite3.connect(f"file:{damaged}?mode=ro", uri=True, isolation_level=None)
        except sqlite3.Error:
            return
        source.text_factory = _decode
        recovered: dict[str, int] = {}
        lost = 0
        try:
            if version(source) < 5:  # before answer ids: too old to copy row by row; kept aside as it is
                return
            self._begin(conn)
            try:
                for table in _RECOVERED:
                    rows, damaged_rows = _readable_rows(source, table)
                    lost += damaged_rows
                    columns = [d[1] for d in conn.execute(f"PRAGMA table_info({table})")]
                    for row in rows:
                        if any(isinstance(row[k], _Garbled) for k in row.keys()):  # a flipped bit in its text
                            lost += 1
                            continue
                        kept = {k: row[k] for k in row.keys() if k in columns}
                        conn.execute(f"INSERT OR IGNORE INTO {table} ({', '.join(kept)}) "
                                     f"VALUES ({', '.join('?' * len(kept))})", tuple(kept.values()))
                    recovered[table] = len(rows)
                key_trainee_names(conn)
                for (trainee_id,) in conn.execute("SELECT id FROM trainees").fetchall():
                    rebuild_cards(conn, trainee_id, parameters=fits.parameters(conn))
                    rebuild_totals(conn, trainee_id)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        except sqlite3.DatabaseError:
            return  # not even that much of it can be read: it stays aside, the new file empty
        finally:
            source.close()
        self.notice = (f"{(self.notice or '').replace('a new empty progress file', 'a new progress file')} "
                       f"Recovered from it into the new file: {recovered.get('answers', 0)} answers "
                       f"and {recovered.get('exams', 0)} exams of {recovered.get('trainees', 0)} trainees"
                       + (f"; {lost} damaged entries could not be read." if lost else "."))

    def _retry_busy(self, conn: sqlite3.Connection, sql: str) -> None:
        """Run ``sql``; while another process holds the write lock, say so through ``note`` and
        wait on: an answer being recorded is never dropped because the file is busy."""
        waited = 0.0
        while True:
            try:
                conn.execute(sql)
                return
            except sqlite3.OperationalError as exc:
                if _code(exc) not in (_BUSY, _LOCKED):
                    raise
            waited += self.busy_wait_s
            self.note(f"waiting for the progress file {self.path}: another program is writing to it "
                      f"({waited:.0f} s so far; nothing is lost while waiting)")

    def _begin(self, conn: sqlite3.Connection) -> None:
        self._retry_busy(conn, "BEGIN IMMEDIATE")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed on success, rolled back on any error."""
        try:
            self._begin(self._conn)
        except sqlite3.Error as exc:
            raise self._unusable(exc) from None
        try:
            yield self._conn
        except BaseException as exc:
            self._rollback()
            if isinstance(exc, sqlite3.OperationalError) and _code(exc) in _UNWRITABLE:
                raise self._unusable(exc) from None
            raise
        try:
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise self._unusable(exc) from None

    def _rollback(self) -> None:
        """Undo a failed transaction, unless SQLite already has: after a full disk or an I/O error
        it rolls back itself, and a second ROLLBACK would fail ("cannot rollback - no transaction
        is active") over the error that says what happened."""
        if self._conn.in_transaction:
            self._conn.execute("ROLLBACK")

    def close(self) -> None:
        self._conn.close()

    def connection_state(self) -> str | None:
        """A line for the status bar about a school's server (None: progress is kept on this PC)."""
        return None

    def _need_server(self, what: str) -> None:
        """A school's server is needed to ``what`` (this PC's file needs none)."""

    def owned_by_user(self) -> bool:
        """Whether the user owns the database (may set its first instructor): this PC's file, yes."""
        return True

    def flush(self) -> int:
        """Send answers waiting for a school's server; returns how many were sent (none here)."""
        return 0

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return version(self._conn)

    # --- trainees ------------------------------------------------------------------------------

    def trainees(self) -> list[Trainee]:
        """Every trainee, by name."""
        rows = self._conn.execute("SELECT id, name, created_utc FROM trainees ORDER BY name COLLATE NOCASE")
        return [Trainee(*row) for row in rows]

    def trainee(self, name: str) -> Trainee:
        """The trainee called ``name``; an unknown name lists the known ones."""
        row = self._conn.execute("SELECT id, name, created_utc FROM trainees WHERE name_key = ?",
                                 (name_key(_lookup_key(name)),)).fetchone()
        if row is None:
            raise unknown_trainee(name, [t.name for t in self.trainees()])
        return Trainee(*row)

    def identity(self, name: str) -> tuple[str, int]:
        """Who ``name`` is, however they are renamed later (here or on another PC): for a drill to
        go on under the trainee's new name (:meth:`current_name`)."""
        return self._identity_of(), self.trainee(name).id

    def current_name(self, who: tuple[str, int], name: str) -> str:
        """The name now of the trainee ``who`` (:meth:`identity`), who was called ``name``; ``name``
        if they are gone, or ``who`` was taken on another database (a server that was away)."""
        if who[0] != self._identity_of():
            return name
        row = self._conn.execute("SELECT name FROM trainees WHERE id = ?", (who[1],)).fetchone()
        return str(row[0]) if row else name

    def _identity_of(self) -> str:
        """Which database the ids of :meth:`identity` are of now."""
        return self.url

    def create_trainee(self, name: str) -> Trainee:
        """Add a trainee; names are 1-60 characters, unique regardless of case."""
        clean = normal_name(name)
        with self._write() as conn:
            self._insert_trainee(conn, clean, iso(utc_now()))
        return self.trainee(clean)

    def ensure_trainee(self, name: str) -> Trainee:
        """The trainee called ``name``, created if missing (by this process or, at the same moment,
        another one: never a "duplicate" error)."""
        clean = normal_name(name)
        try:
            return self.trainee(clean)
        except UnknownNameError:
            pass
        with self._write() as conn:
            add_trainee(conn, clean, iso(utc_now()))
        return self.trainee(clean)

    def _insert_trainee(self, conn: sqlite3.Connection, name: str, created: str) -> int:
        try:
            return int(conn.execute("INSERT INTO trainees (name, name_key, created_utc) VALUES (?, ?, ?) RETURNING id",
                                    (name, name_key(name), created)).fetchone()[0])
        except self._integrity_error:
            raise TrainerError(f"a trainee called '{name}' already exists") from None

    def rename_trainee(self, old: str, new: str) -> Trainee:
        """Rename a trainee; their progress follows."""
        trainee, clean = self.trainee(old), normal_name(new)
        with self._write() as conn:
            try:
                conn.execute("UPDATE trainees SET name = ?, name_key = ? WHERE id = ?", (clean, name_key(clean), trainee.id))
            except self._integrity_error:
                raise TrainerError(f"a trainee called '{clean}' already exists") from None
            if self._setting(conn, "current_trainee") == trainee.name:
                self._set_setting(conn, "current_trainee", clean)
        return self.trainee(clean)

    def delete_trainee(self, name: str, *, confirm: bool = False) -> None:
        """Erase a trainee and all their progress. The UI asks first; ``confirm=True`` is required."""
        trainee = self.trainee(name)
        if not confirm:
            raise TrainerError(f"deleting '{trainee.name}' erases all their progress; confirm to delete")
        with self._write() as conn:
            self._delete(conn, trainee.id)
            if self._setting(conn, "current_trainee") == trainee.name:
                conn.execute("DELETE FROM settings WHERE key = 'current_trainee'")

    @staticmethod
    def _delete(conn: sqlite3.Connection, trainee_id: int) -> None:
        # The trainee row goes first: the append-only trigger allows removing a deleted trainee's log.
        conn.execute("DELETE FROM trainees WHERE id = ?", (trainee_id,))
        for table in ("answers", "cards", "exams", "skill_totals", "class_members", "live_joins", "live_answers"):
            conn.execute(f"DELETE FROM {table} WHERE trainee_id = ?", (trainee_id,))

    @property
    def current_trainee(self) -> Trainee | None:
        """The trainee last switched to (kept across runs), or None."""
        name = self._setting(self._conn, "current_trainee")
        try:
            return self.trainee(name) if name else None
        except UnknownNameError:
            return None

    def switch_trainee(self, name: str) -> Trainee:
        """Make ``name`` the current trainee."""
        trainee = self.trainee(name)
        with self._write() as conn:
            self._set_setting(conn, "current_trainee", trainee.name)
        return trainee

    @staticmethod
    def _setting(conn: sqlite3.Connection, key: str) -> str | None:
        row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    @staticmethod
    def _set_setting(conn: sqlite3.Connection, key: str, value: str) -> None:
        conn.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    # --- the answer log ---------------------------------------------------------------------------

    def record(self, trainee: str, question: Question, feedback: Feedback, answer: Any, ms: int, *,
               mode: str = "practice", hinted: bool = False, when: datetime | None = None,
               uid: str | None = None) -> AnswerRecord:
        """Log one judged answer and update its FSRS card, in one transaction.

        ``answer`` is what the trainee gave (text, or a sequence for a multi-part question);
        ``ms`` the time from showing the question to the answer. Parse errors are never recorded:
        only call this with the ``Feedback`` that ``check`` returned. ``uid``: the answer's id, when
        the caller made it (a live quiz's answer, recorded again after a crash, is logged once).
        """
        who = self.trainee(trainee)
        entry = new_entry(question, feedback, answer, ms, mode, hinted, when, uid)
        with self._write() as conn:
            row_id = self._append(conn, who.id, entry)
        return self._record_by_id(row_id)

    def record_flashcard(self, trainee: str, question: Question, rating: str, ms: int, *,
                         when: datetime | None = None) -> AnswerRecord:
        """Log a flashcard's self-rating ``rating`` (Again .. Easy) on the card of its drill item, with
        its real time (``ms``: from showing the card to showing its answer): its own kind of record
        (mode ``flashcard``), which rates the card by ``scheduling.flashcard_rating`` and is counted in
        no drill statistics (skill totals, Progress, reports)."""
        if rating not in FLASHCARD_RATINGS:
            raise UnknownNameError("rating", rating, FLASHCARD_RATINGS)
        return self.record(trainee, question, _SelfRated(rating != "Again"), rating, ms, mode=FLASHCARD, when=when)

    def _append(self, conn: sqlite3.Connection, trainee_id: int, e: _Entry) -> int:
        """Log ``e``, count it in the skill totals and review its card; an answer whose ``uid`` is
        already in the log (sent again after a lost connection) changes nothing. Returns the row's id."""
        if e.mode not in MODES:
            raise TrainerError(f"unknown answer mode '{e.mode}' (choose from: {', '.join(MODES)})")
        q = e.question
        inserted = conn.execute(
            "INSERT INTO answers (trainee_id, skill, item, question, answer, correct, ms, ts_utc, seed, profile, "
            "mode, hinted, uid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (uid) DO NOTHING RETURNING id",
            (trainee_id, q.skill, q.item, json.dumps(q.to_dict()), e.answer, int(e.correct), clamp_ms(e.ms),
             iso(e.when), q.seed, q.profile, e.mode, int(e.hinted), e.uid)).fetchone()
        if inserted is None:
            return int(conn.execute("SELECT id FROM answers WHERE uid = ?", (e.uid,)).fetchone()[0])
        casino_texts.keep(conn, q.casino)
        rated = e.answer if e.mode == FLASHCARD else None
        if rated is None:
            conn.execute(_COUNT_ANSWER, (trainee_id, q.skill, int(e.correct), clamp_ms(e.ms), iso(e.when)))
        _review_card(conn, trainee_id, q.skill, q.item, e.correct, e.ms, e.hinted, e.when, len(q.choices), rated=rated,
                     parameters=fits.parameters(conn))
        return int(inserted[0])

    def answers(self, trainee: str, *, skill: str | None = None) -> list[AnswerRecord]:
        """The trainee's answer log, oldest first (optionally one skill)."""
        who = self.trainee(trainee)
        sql = f"{_SELECT_ANSWERS} WHERE a.trainee_id = ?" + (" AND a.skill = ?" if skill else "") + " ORDER BY a.id"
        return self._intact("answers", self._conn.execute(sql, (who.id, skill) if skill else (who.id,)), _record)

    def day_answers(self, trainee: str, start: datetime) -> tuple[list[AnswerRecord], frozenset[tuple[str, str]]]:
        """The trainee's answers from ``start`` on, oldest first, and the items among them answered before
        ``start`` (one index look-up each): a day's figures without reading the whole log."""
        who, since = self.trainee(trainee), iso(start)
        rows = self._conn.execute(f"{_SELECT_ANSWERS} WHERE a.trainee_id = ? AND a.ts_utc >= ? ORDER BY a.id",
                                  (who.id, since))
        before = self._conn.execute(
            "SELECT a.skill, a.item FROM answers a WHERE a.trainee_id = ? AND a.ts_utc >= ? AND EXISTS "
            "(SELECT 1 FROM answers b WHERE b.trainee_id = a.trainee_id AND b.skill = a.skill AND b.item = a.item "
            "AND b.ts_utc < ?)", (who.id, since, since))
        return self._intact("answers", rows, _record), frozenset((r[0], r[1]) for r in before)

    def _record_by_id(self, row_id: int) -> AnswerRecord:
        return _record(self._conn.execute(f"{_SELECT_ANSWERS} WHERE a.id = ?", (row_id,)).fetchone())

    def _intact(self, table: str, rows: Iterable[sqlite3.Row], build: Callable[[sqlite3.Row], Any]) -> list[Any]:
        """``build`` of each row; a row damaged on disk (bad UTF-8 or JSON) is skipped and reported
        once through ``note``: one flipped bit must not make a trainee's whole record unreadable."""
        built = []
        for row in rows:
            try:
                if any(isinstance(value, _Garbled) for value in row):
                    raise ValueError("text that is not UTF-8")
                built.append(build(row))
            except (ValueError, KeyError, TypeError) as exc:
                key = (table, row[0])
                if key not in self._told:
                    self._told.add(key)
                    self.note(f"skipped a damaged entry in the progress file ({table} row {row[0]}: "
                              f"{str(exc).splitlines()[0][:80]}); everything else is intact")
        return built

    # --- scheduling -----------------------------------------------------------------------------

    def cards(self, trainee: str) -> dict[tuple[str, str], Card]:
        """Every FSRS card of the trainee, by (skill, item)."""
        who = self.trainee(trainee)
        rows = self._conn.execute("SELECT skill || ':' || item, skill, item, card FROM cards WHERE trainee_id = ?",
                                  (who.id,))
        return dict(self._intact("cards", rows, lambda r: ((r["skill"], r["item"]), Card.from_json(r["card"]))))

    def next_up(self, trainee: str, skills: Sequence[str] | None = None, *, now: datetime | None = None,
                limit: int = 10) -> list[DueItem]:
        """What to practise next: due items (longest overdue first), then skills never practised,
        then the rest by lowest predicted recall. ``skills`` limits the list (default: all skills)."""
        from trainer.drills.registry import all_skills

        wanted = list(skills) if skills is not None else [s.id for s in all_skills()]
        return stats.next_up(self.cards(trainee), wanted, now or utc_now(), limit)

    def rebuild_cards(self, trainee: str) -> None:
        """Recompute the trainee's cards from the answer log (they are a cache of it)."""
        who = self.trainee(trainee)
        with self._write() as conn:
            rebuild_cards(conn, who.id, parameters=fits.parameters(conn))

    # --- statistics (all from the answer log) ------------------------------------------------------

    def drill_answers(self, trainee: str) -> list[AnswerRecord]:
        """The trainee's answers to drills, exams and rounds, oldest first: the log without flashcard ratings."""
        return [r for r in self.answers(trainee) if r.mode != FLASHCARD]

    def skill_stats(self, trainee: str) -> list[stats.SkillStats]:
        """Per skill: answers, correct, accuracy, median ms, last practised, next due."""
        return stats.skill_stats(self.drill_answers(trainee), self.cards(trainee))

    def daily_series(self, trainee: str, skills: Iterable[str] | None = None) -> list[stats.DayPoint]:
        """Accuracy and median time per skill per UTC day, for charts."""
        return stats.daily_series(self.drill_answers(trainee), skills)

    def heatmap(self, trainee: str, by: str = "item") -> stats.HeatMap:
        """Skill x item (``by="item"``) or skill x day (``by="day"``) accuracy matrix, for a heat map."""
        return stats.heatmap(self.drill_answers(trainee), by)

    # --- exams ------------------------------------------------------------------------------------

    def record_exam(self, trainee: str, result: Any, *, when: datetime | None = None) -> int:
        """Store a graded exam (``trainer.drills.exam.ExamResult``) and log its answers (mode ``exam``),
        in one transaction. Returns the exam's id."""
        who = self.trainee(trainee)
        entries, row = exam_parts(result, when or utc_now())
        with self._write() as conn:
            return self._apply_exam(conn, who.id, entries, row)

    def _apply_exam(self, conn: sqlite3.Connection, trainee_id: int, entries: list[_Entry], row: dict[str, Any]) -> int:
        for entry in entries:
            self._append(conn, trainee_id, entry)
        return self._insert_exam(conn, trainee_id, row)

    @staticmethod
    def _taken_elsewhere(conn: sqlite3.Connection, table: str, trainee_id: int, uids: list[str | None]) -> set[str]:
        """Which of ``uids`` another trainee's rows of ``table`` hold."""
        wanted = [u for u in uids if u]
        taken: set[str] = set()
        for i in range(0, len(wanted), 500):
            chunk = wanted[i:i + 500]
            taken.update(r[0] for r in conn.execute(
                f"SELECT uid FROM {table} WHERE trainee_id <> ? AND uid IN ({', '.join('?' * len(chunk))})",
                (trainee_id, *chunk)))
        return taken

    def _insert_exam(self, conn: sqlite3.Connection, trainee_id: int, e: dict[str, Any]) -> int:
        """Store one exam row (fields as in an export); one already stored (same ``uid``) is not
        stored twice. Returns its id."""
        uid = e.get("uid") or content_uid("exam", trainee_id, e["finished_utc"], e["seed"], e["score"])
        row = conn.execute(
            "INSERT INTO exams (trainee_id, seed, spec, score, total, finished_utc, result, uid) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING RETURNING id",
            (trainee_id, e["seed"], json.dumps(e["spec"]), e["score"], e["total"], e["finished_utc"],
             json.dumps(e["result"]), uid)).fetchone()
        return int(row[0]) if row else int(conn.execute("SELECT id FROM exams WHERE uid = ?", (uid,)).fetchone()[0])

    def exams(self, trainee: str) -> list[dict[str, Any]]:
        """The trainee's stored exam results (as ``ExamResult.to_dict()``), oldest first, each with
        ``id`` and ``finished_utc``."""
        who = self.trainee(trainee)
        rows = self._conn.execute("SELECT id, finished_utc, result FROM exams WHERE trainee_id = ? ORDER BY id",
                                  (who.id,))
        return self._intact("exams", rows, lambda r: {**_exam_result(r["result"]), "id": r["id"],
                                                      "finished_utc": r["finished_utc"]})

    # --- export and import --------------------------------------------------------------------------

    def export_trainee(self, name: str, path: Path | str) -> Path:
        """Write one trainee's progress (answer log and exams) to a JSON file; returns its path.

        The file is written whole or not at all (:func:`trainer.paths.write_file`); a path that
        cannot be written (a folder, a missing or read-only folder, a full disk) is one line and
        leaves nothing behind; "" is a ``StoreError``."""
        from trainer.progress.transfer import export_data

        if not str(path).strip():
            raise StoreError("no export file given: name the JSON file to write")
        out = Path(path)
        if out.is_dir():
            raise StoreError(f"{out} is a folder: give the export file's name")
        data = export_data(self.trainee(name), self.answers(name), self._exam_rows(name))
        return write_file(out, json.dumps(data, indent=1))

    def _exam_rows(self, name: str) -> list[dict[str, Any]]:
        who = self.trainee(name)
        rows = self._conn.execute("SELECT id, seed, spec, score, total, finished_utc, result, uid FROM exams "
                                  "WHERE trainee_id = ? ORDER BY id", (who.id,))
        return self._intact("exams", rows, lambda r: {
            "seed": r["seed"], "spec": json.loads(r["spec"]), "score": r["score"], "total": r["total"],
            "finished_utc": r["finished_utc"], "result": _exam_result(r["result"]),
            **({"uid": r["uid"]} if r["uid"] else {})})

    def import_trainee(self, path: Path | str, *, name: str | None = None, replace: bool = False) -> Trainee:
        """Add a trainee from an exported JSON file (under ``name`` if given).

        The whole file is validated first, and every answer and exam re-graded
        (``trainer.progress.regrade``: a file's ``correct`` flags and scores prove nothing); a bad
        file, or a record that cannot be re-graded, raises ``TrainerError`` naming it and nothing is
        written. An existing trainee of that name is an error unless ``replace=True``, which swaps
        the old progress for the file's in the same transaction and keeps the trainee in their
        classes. Cards are rebuilt from the imported log.
        """
        from trainer.progress.transfer import load_export

        data = load_export(Path(path))
        target = normal_name(name or data.name)
        answers, exams, refused = regraded(data.answers, data.exams)
        if refused:
            raise TrainerError(f"{Path(path).name}: {refused[0]}; nothing was imported")
        with self._write() as conn:
            existing = conn.execute("SELECT id FROM trainees WHERE name_key = ?", (name_key(target),)).fetchone()
            if existing and not replace:
                raise TrainerError(f"a trainee called '{target}' already exists; import under another name "
                                   "or choose to replace")
            classes = [r[0] for r in conn.execute("SELECT class_id FROM class_members WHERE trainee_id = ?",
                                                  (existing[0],))] if existing else []
            if existing:
                self._delete(conn, existing[0])
            trainee_id = self._insert_trainee(conn, target, data.created_utc)
            for class_id in classes:
                conn.execute("INSERT INTO class_members (class_id, trainee_id) VALUES (?, ?)", (class_id, trainee_id))
            self._insert_log(conn, trainee_id, answers, exams, copy=True)
        return self.trainee(target)

    def copy_trainees_from(self, source: ProgressStore) -> list[dict[str, Any]]:
        """Copy every trainee of ``source`` (e.g. a PC's file) into this store: a trainee of the same
        name gets the answers and exams not already there, each trainee in one transaction. An answer
        keeps the id it got where it was given, so one that already reached this store (sent from
        the PC's outbox, or copied before) is not added again: copying again adds nothing. Every
        answer and exam is re-graded (``trainer.progress.regrade``); one that cannot be is left out
        and counted. Returns per trainee how many answers were new and how many were refused (with
        the first reason)."""
        from trainer.progress.transfer import export_data

        copied = []
        for trainee in source.trainees():
            data = export_data(trainee, source.answers(trainee.name), source._exam_rows(trainee.name))
            answers, exams, refused = regraded(data["answers"], data["exams"])
            try:  # the name rules hold for a copied name too (an edited file's may break them)
                name: str | None = normal_name(trainee.name)
            except TrainerError as exc:
                name, refused = None, [f"all {len(data['answers'])} answers: {exc}"]
            with self._write() as conn:
                trainee_id = add_trainee(conn, name, trainee.created_utc, self._row_lock) if name else 0
                new = self._insert_log(conn, trainee_id, answers, exams, copy=False) if trainee_id else 0
            copied.append({"trainee": printable(trainee.name), "new_answers": new, "refused": len(refused),
                           **({"why_refused": refused[0]} if refused else {})})
        return copied

    def _insert_log(self, conn: sqlite3.Connection, trainee_id: int, answers: Iterable[dict[str, Any]],
                    exams: Iterable[dict[str, Any]], *, copy: bool) -> int:
        """Add answers and exams (fields as in an export) to a trainee's log, each at most once, then
        rebuild the caches. Returns how many answers were new.

        An answer or exam is stored under its own ``uid`` (so one already here, from the outbox or
        an earlier copy, is not stored twice), or, having none (logged before answers had ids), under
        one derived from its content and this trainee. ``copy``: the records are a copy for this
        trainee (an import, maybe under another name), so an id another trainee holds is derived
        afresh instead of skipping the record."""
        before = conn.execute("SELECT COUNT(*) FROM answers WHERE trainee_id = ?", (trainee_id,)).fetchone()[0]
        answers, exams = list(answers), list(exams)
        for digest in casino_texts.digests_in(answers, exams):
            casino_texts.keep(conn, digest)
        taken = self._taken_elsewhere(conn, "answers", trainee_id, [a.get("uid") for a in answers]) if copy else set()
        conn.executemany(
            "INSERT INTO answers (trainee_id, skill, item, question, answer, correct, ms, ts_utc, seed, "
            "profile, mode, hinted, uid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING",
            [(trainee_id, a["skill"], a["item"], json.dumps(a["question"]), a["answer"], int(a["correct"]),
              clamp_ms(a["ms"]), a["ts_utc"], a["seed"], a["profile"], a["mode"], int(a["hinted"]),
              a["uid"] if a.get("uid") and a["uid"] not in taken else
              content_uid("answer", trainee_id, a.get("uid"), a["ts_utc"], a["skill"], a["item"], a["seed"],
                          a["answer"], a["ms"], a["mode"])) for a in answers])
        taken = self._taken_elsewhere(conn, "exams", trainee_id, [e.get("uid") for e in exams]) if copy else set()
        for e in exams:
            self._insert_exam(conn, trainee_id, {k: v for k, v in e.items() if k != "uid" or v not in taken})
        rebuild_cards(conn, trainee_id, parameters=fits.parameters(conn))
        rebuild_totals(conn, trainee_id)
        return int(conn.execute("SELECT COUNT(*) FROM answers WHERE trainee_id = ?",
                                (trainee_id,)).fetchone()[0]) - int(before)


@dataclass(frozen=True)
class _SelfRated:
    """What :meth:`ProgressStore.record` reads of a judged answer's feedback, for a flashcard's rating."""

    correct: bool


@dataclass(frozen=True)
class _Entry:
    question: Question
    correct: bool
    answer: str
    ms: int
    mode: str
    hinted: bool
    when: datetime
    #: The answer's id everywhere (this PC, the outbox, the school's server): made where it was given.
    uid: str = field(default_factory=lambda: uuid.uuid4().hex)

    def __post_init__(self) -> None:
        # The log keeps milliseconds: the card is reviewed at the time the log says, so a replay of
        # the log gives the very same card.
        object.__setattr__(self, "when", self.when.replace(microsecond=self.when.microsecond // 1000 * 1000))


def new_entry(question: Question, feedback: Feedback, answer: Any, ms: int, mode: str, hinted: bool,
              when: datetime | None, uid: str | None) -> _Entry:
    """The log's entry of a judged answer (``uid`` None: a new id)."""
    entry = _Entry(question, feedback.correct, _answer_text(answer, question), ms, mode, hinted, when or utc_now())
    return entry if uid is None else replace(entry, uid=uid)


def exam_parts(result: Any, finished: datetime) -> tuple[list[_Entry], dict[str, Any]]:
    """A graded exam as the answers it logs (mode ``exam``) and its exams row (with a new ``uid``)."""
    entries = [_Entry(g.question, g.correct, _answer_text(g.answer, g.question), g.ms or 0, "exam", False, finished)
               for g in result.graded if g.answer is not None]
    return entries, {"seed": result.spec.seed, "spec": result.spec.to_dict(), "score": result.score,
                     "total": result.total, "finished_utc": iso(finished), "result": result.to_dict(),
                     "uid": uuid.uuid4().hex}


def entry_payload(e: _Entry) -> dict[str, Any]:
    """An answer as JSON-ready data (the outbox keeps it so)."""
    return {"question": e.question.to_dict(), "correct": e.correct, "answer": e.answer, "ms": e.ms, "mode": e.mode,
            "hinted": e.hinted, "when": iso(e.when), "uid": e.uid}


def entry_from(p: dict[str, Any]) -> _Entry:
    from trainer.drills.model import Question

    return _Entry(Question.from_dict(p["question"]), p["correct"], p["answer"], p["ms"], p["mode"], p["hinted"],
                  parse_iso(p["when"]), p["uid"])


_SELECT_ANSWERS = ("SELECT a.id, t.name, a.skill, a.item, a.question, a.answer, a.correct, a.ms, a.ts_utc, a.seed, "
                   "a.profile, a.mode, a.hinted, a.uid FROM answers a JOIN trainees t ON t.id = a.trainee_id")


def _record(row: sqlite3.Row) -> AnswerRecord:
    return AnswerRecord(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5], bool(row[6]), row[7], row[8],
                        row[9], row[10], row[11], bool(row[12]), row[13])


def _exam_result(text: str) -> dict[str, Any]:
    result = json.loads(text)
    if not isinstance(result, dict) or not isinstance(result.get("spec"), dict):
        raise ValueError("not an exam result")
    return result


def _answer_text(answer: Any, question: Question) -> str:
    """How an answer is logged, so that checking it again gives the same verdict
    (``trainer.progress.regrade``): text as typed; a multi-part answer as a JSON list; a value (an
    amount in cents, a placement) as the checker shows it (``$24.75``, not ``2475``, which reads as dollars)."""
    from trainer.drills.answers import format_value
    from trainer.drills.model import AnswerKind

    if isinstance(answer, str):
        return answer
    if isinstance(answer, (list, tuple)) and question.kind is AnswerKind.MULTI:
        return json.dumps([a if isinstance(a, (str, int)) else str(a) for a in answer])
    return format_value(question.kind, answer)


def add_trainee(conn: sqlite3.Connection, name: str, created: str, lock: str = "") -> int:
    """The id of the trainee called ``name`` (already normal), added if missing, in the caller's
    transaction (another PC adding the same name at the same moment is no error); ``lock``: the
    store's row lock, held to the end of the transaction."""
    conn.execute("INSERT INTO trainees (name, name_key, created_utc) VALUES (?, ?, ?) ON CONFLICT (name_key) DO NOTHING",
                 (name, name_key(name), created))
    return int(conn.execute(f"SELECT id FROM trainees WHERE name_key = ?{lock}", (name_key(name),)).fetchone()[0])
