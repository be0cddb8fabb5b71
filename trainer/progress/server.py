"""A dealer school's shared progress on PostgreSQL, with this PC's SQLite file as the outbox.

:class:`ServerStore` is a :class:`~trainer.progress.store.ProgressStore` whose tables live on the
school's server (same tables, same migrations, see ``trainer.progress.database``). Many PCs write
at once: every write is one transaction; answers for one trainee are serialised by a lock on that
trainee's row (so two PCs never interleave a card's review), and an answer given before its card's
last review (another PC's, or one sent late) replays that card from the log.

A server that goes away never loses an answer the trainee saw confirmed: :meth:`ServerStore.record`
(and :meth:`ServerStore.record_exam`) then writes it to the ``outbox`` table of this PC's progress
file (committed, ``synchronous = FULL``) and returns; :meth:`ServerStore.flush` sends what waits,
oldest first, when the server is back (on the next answer, on opening, and every few seconds from
the app's status bar). Each answer and exam carries the id made when it was given, so one sent
twice (the connection broke after the server committed but before the PC heard) is stored once.

:func:`open_store` opens whichever store a URL names.
"""

from __future__ import annotations

import json
import sqlite3
import time
from contextlib import contextmanager, nullcontext
from datetime import datetime
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from trainer.progress import casino_texts, outbox
from trainer.progress.database import (DatabaseError, PgConnection, ServerUnavailable, chosen_url, parse_url,
                                       pg_reason, psycopg_module, redact)
from trainer.progress.schema import APPLICATION_ID, LATEST, Dialect, migrate
from trainer.progress.outbox import database_key as outbox_database_key
from trainer.progress.store import (FILENAME, AnswerRecord, ProgressStore, StoreError,
                                    add_trainee, entry_from, entry_payload, exam_parts, iso, name_key, new_entry,
                                    normal_name, unknown_trainee, utc_now)
from trainer.paths import data_dir, usable_folder
from trainer.rules.errors import TrainerError, UnknownNameError, quoted

if TYPE_CHECKING:  # imported on first use, as in the store (issue 15)
    from trainer.drills.model import Feedback, Question


def open_store(url: str | None = None, *, data: Path | str | None = None, setting: str | None = None,
               note: Callable[[str], None] | None = None, offline: bool = False) -> ProgressStore:
    """The store a URL names (``--database``, else ``$PAIGOW_TRAINER_DATABASE``, else ``setting``,
    else the progress file in ``data``, default the user data folder). ``offline``: a school's
    server that does not answer is no error (the app trains from this PC's file meanwhile)."""
    chosen = chosen_url(url, setting)
    if chosen is None:
        return ProgressStore.in_dir(data, note=note)
    dialect, target = parse_url(chosen)
    if dialect == "sqlite":
        return ProgressStore(target, note=note)
    local = usable_folder(data) if data is not None else data_dir()
    return ServerStore(target, outbox=local / FILENAME, note=note, offline=offline)


# --- PostgreSQL's keeping of the schema version --------------------------------------------------------

def _pg_begin(conn: Any) -> None:
    conn.execute("BEGIN")
    # A migration may take long on a large school (an index over every answer), and another PC may
    # be running it: here alone, wait as long as it takes.
    conn.execute("SET LOCAL lock_timeout = 0")
    conn.execute("SET LOCAL statement_timeout = 0")
    # Of several PCs opening a new database at once, one migrates it; the others wait, then see it done.
    conn.execute(f"SELECT pg_advisory_xact_lock({APPLICATION_ID:d})")


def _pg_version(conn: Any) -> int:
    """The schema version of the database; another program's database is an error (nothing written)."""
    tables = [r[0] for r in conn.execute("SELECT table_name FROM information_schema.tables "
                                         "WHERE table_schema = current_schema() ORDER BY table_name")]
    if "paigow_schema" not in tables:
        if tables:
            raise DatabaseError(f"it holds another program's tables ({', '.join(tables[:4])}"
                                f"{', ...' if len(tables) > 4 else ''}): nothing was changed; give the trainer a "
                                "database of its own")
        return 0
    row = conn.execute("SELECT application_id, version FROM paigow_schema").fetchone()
    if row is None or row[0] != APPLICATION_ID:
        raise DatabaseError("it is another program's database (its paigow_schema table is not this trainer's): "
                            "nothing was changed")
    return int(row[1])


def _pg_stamp(conn: Any, at: int) -> None:
    conn.execute("CREATE TABLE IF NOT EXISTS paigow_schema (application_id BIGINT NOT NULL, version INTEGER NOT NULL)")
    conn.execute("DELETE FROM paigow_schema")
    conn.execute("INSERT INTO paigow_schema (application_id, version) VALUES (?, ?)", (APPLICATION_ID, at))


def _online_only(what: str, method: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(method)
    def guarded(self: ServerStore, *args: Any, **kw: Any) -> Any:
        self._need_server(what)
        return method(self, *args, **kw)
    return guarded


POSTGRESQL = Dialect("postgresql", _pg_version, _pg_stamp, _pg_begin)


class ServerStore(ProgressStore):
    """All trainees of a school, on its PostgreSQL server; this PC's progress file keeps the outbox."""

    _row_lock = " FOR UPDATE"
    #: The longest an answer waits for the server (a frozen one included) before it waits on this PC.
    answer_wait_s = 3.0

    def __init__(self, url: str, *, outbox: Path | str, note: Callable[[str], None] | None = None,
                 offline: bool = False) -> None:
        self._psycopg = psycopg_module()
        self.url = url
        self._database = outbox_database_key(url)
        self.path = Path(outbox)
        self.moved_aside = None
        self.note = note or (lambda message: None)
        self._told = set()
        self._integrity_error = (self._psycopg.IntegrityError, sqlite3.IntegrityError)
        self._outbox = ProgressStore(outbox, note=note)
        self.notice = self._outbox.notice
        self._server: PgConnection | None = None
        self._why_offline = ""
        self._retry_at = 0.0
        self._connect_server()
        if not (self.online or offline):
            self._outbox.close()
            raise DatabaseError(self._why_offline)
        casino_texts.offer(self)
        self.flush()

    @property
    def _conn(self) -> Any:  # type: ignore[override]
        """The server's connection; while it is unreachable, this PC's progress file, so the app
        starts and trains from it (its answers wait in the outbox, see :meth:`record`)."""
        return self._server if self.online else self._outbox._conn

    @property
    def online(self) -> bool:
        return self._server is not None and self._server.online

    def _connect_server(self) -> None:
        """Reach the server (at most every ``PgConnection.retry_s``); unreachable: stay on this PC."""
        try:
            if self._server is not None:
                self._server.reconnect()
            elif time.monotonic() >= self._retry_at:
                self._server = self._open()
        except ServerUnavailable as exc:
            self._retry_at = time.monotonic() + PgConnection.retry_s
            self._why_offline = str(exc)

    def retry_now(self) -> bool:
        """Try the server at once, not at the next try ``PgConnection.retry_s`` allows (a live quiz
        cannot wait that long to find its class again), sending what waits; whether it is reachable."""
        self._retry_at = 0.0
        if self._server is not None:
            self._server._retry_at = 0.0
        try:
            self.flush()
        except ServerUnavailable:
            pass
        return self.online

    def _identity_of(self) -> str:
        # Offline, ids are this PC's file's, which are not the server's.
        return self.url if self.online else f"sqlite:///{self.path}"

    def _need_server(self, what: str) -> None:
        if not self.online:
            raise ServerUnavailable(f"cannot {what} while the school's database {redact(self.url)} is unreachable "
                                    "(try again when it is back)")

    @property
    def current_trainee(self) -> Any:
        """This PC's trainee: kept in this PC's file, so one PC's choice never changes another's."""
        name = self._setting(self._outbox._conn, "current_trainee")
        try:
            return self.trainee(name) if name else None
        except UnknownNameError:
            return None

    def switch_trainee(self, name: str) -> Any:
        trainee = self.trainee(name)
        with self._outbox._write() as conn:
            self._set_setting(conn, "current_trainee", trainee.name)
        return trainee

    # Offline, only answers (and creating or choosing a trainee) are kept on this PC: changing the
    # school's records waits for the server.
    def rename_trainee(self, old: str, new: str) -> Any:
        self._need_server("rename a trainee")
        before = self.trainee(old).name
        renamed = ProgressStore.rename_trainee(self, old, new)
        if self._setting(self._outbox._conn, "current_trainee") == before:  # this PC's choice follows
            self.switch_trainee(renamed.name)
        return renamed

    delete_trainee = _online_only("delete a trainee", ProgressStore.delete_trainee)
    import_trainee = _online_only("replace a trainee's records", ProgressStore.import_trainee)
    copy_trainees_from = _online_only("copy trainees to the school", ProgressStore.copy_trainees_from)

    def _unusable(self, exc: Exception) -> StoreError:
        return DatabaseError(f"cannot use the progress database {redact(self.url)}: {pg_reason(exc)}")

    def _open(self) -> PgConnection:  # type: ignore[override]
        conn = PgConnection(self.url)
        try:
            conn.patient = True
            found = migrate(conn, dialect=POSTGRESQL)  # type: ignore[arg-type]
            conn.patient = False
        except DatabaseError as exc:
            conn.close()
            raise DatabaseError(f"cannot use the progress database {redact(self.url)}: {exc}") from None
        except self._psycopg.Error as exc:
            conn.close()
            raise self._unusable(exc) from None
        if found > LATEST:
            conn.close()
            raise DatabaseError(f"cannot use the progress database {redact(self.url)}: a newer version of the "
                                f"trainer wrote it (schema version {found}; this version reads up to {LATEST}); "
                                "nothing was changed")
        return conn

    def owned_by_user(self) -> bool:
        """Whether this URL's role owns the school's database (or is a superuser): the school's IT,
        who sets the first instructor; the PCs' role does not (README, "A school's database")."""
        self._need_server("check who owns the school's database")
        row = self._conn.execute("SELECT r.rolsuper OR pg_has_role(current_user, d.datdba, 'MEMBER') FROM pg_roles r, "
                                 "pg_database d WHERE r.rolname = current_user AND d.datname = current_database()"
                                 ).fetchone()
        return bool(row and row[0])

    @property
    def schema_version(self) -> int:
        self._need_server("read the schema version")
        return _pg_version(self._conn)

    def close(self) -> None:
        if self._server is not None:
            self._server.close()
        self._outbox.close()

    def connection_state(self) -> str:
        """One line for the status bar: where the progress goes and whether answers are waiting."""
        waiting, where = self.waiting(), redact(self.url)
        if self.online:
            return f"School database {where}: connected" + (f" ({waiting} answers to send)" if waiting else "")
        if self._server is not None and self._server.timed_out:
            return (f"School database {where} did not answer in time (busy, or a trainee's records locked): "
                    f"{waiting} answers wait on this PC and will be sent")
        return f"School database {where} unreachable: {waiting} answers wait on this PC and will be sent"

    @contextmanager
    def _write(self) -> Iterator[Any]:  # type: ignore[override]
        """One transaction on the server: committed on success, rolled back on any error. While it
        is unreachable, on this PC's file (creating or switching to a trainee works offline)."""
        if not self.online:
            with self._outbox._write() as local:
                yield local
            return
        conn = self._conn
        conn.execute("BEGIN")
        try:
            yield conn
        except BaseException:
            conn.rollback()
            raise
        conn.execute("COMMIT")

    # --- the answer log, with the outbox ----------------------------------------------------------------

    def record(self, trainee: str, question: Question, feedback: Feedback, answer: Any, ms: int, *,
               mode: str = "practice", hinted: bool = False, when: datetime | None = None,
               uid: str | None = None) -> AnswerRecord:
        """Log one judged answer on the server; if it cannot be reached, in this PC's outbox (sent by
        :meth:`flush`). Either way the answer is committed somewhere when this returns."""
        name = normal_name(trainee)  # the store's rule: a name it refuses is never queued
        entry = new_entry(question, feedback, answer, ms, mode, hinted, when, uid)
        try:
            with self._answer_deadline():
                self.flush()
                return self._record_by_id(self._send(name, "answer", entry_payload(entry)))
        except ServerUnavailable:
            row_id = self._keep_here(name, "answer", entry_payload(entry), lambda conn, who: self._outbox._append(
                conn, who, entry))
            return self._outbox._record_by_id(row_id)

    def record_exam(self, trainee: str, result: Any, *, when: datetime | None = None) -> int:
        """Store a graded exam on the server, or in this PC's outbox if it cannot be reached (then 0
        is returned: the exam gets its id when it is sent)."""
        name = normal_name(trainee)
        entries, row = exam_parts(result, when or utc_now())
        payload = {"answers": [entry_payload(e) for e in entries], "exam": row}
        try:
            with self._answer_deadline():
                self.flush()
                return self._send(name, "exam", payload)
        except ServerUnavailable:
            self._keep_here(name, "exam", payload, lambda conn, who: self._outbox._apply_exam(conn, who, entries, row))
            return 0

    def _answer_deadline(self) -> Any:
        """At most ``answer_wait_s`` for the server per answer (a frozen one included): then it waits here."""
        return self._server.deadline(self.answer_wait_s) if self._server is not None else nullcontext()

    def store_answer(self, trainee: str | int, kind: str, payload: dict[str, Any]) -> int:
        """Store an answer or exam (``kind``; ``payload`` as the outbox keeps it) of trainee ``trainee``
        (a name, or the trainee's id on this database, which a rename does not change) on the server,
        re-graded (``trainer.progress.outbox``: nothing a PC sends is trusted), in one transaction;
        returns its id. One already stored (its ``uid`` is there) is not stored again. A trainee
        given by id who is gone is an :class:`~trainer.rules.errors.UnknownNameError`."""
        checked = outbox.readable(kind, json.dumps(payload))
        return self._send(trainee, kind, checked)

    def _send(self, trainee: str | int, kind: str, payload: dict[str, Any]) -> int:
        self._need_server("send an answer")
        with self._write() as conn:
            by_id = isinstance(trainee, int)
            row = conn.execute(f"SELECT id FROM trainees WHERE {'id' if by_id else 'name_key'} = ?{self._row_lock}",
                               (trainee if by_id else name_key(trainee),)).fetchone()
            if row is None:
                raise UnknownNameError("trainee", f"#{trainee}", []) if by_id else self._unknown(str(trainee))
            if kind == "exam":
                stored = self._apply_exam(conn, int(row[0]), [entry_from(a) for a in payload["answers"]],
                                          payload["exam"])
            else:
                stored = self._append(conn, int(row[0]), entry_from(payload))
        if not by_id:
            self._remember(str(trainee), int(row[0]))
        return stored

    def _remember(self, name: str, trainee_id: int) -> None:
        """Keep on this PC which trainee of this database ``name`` is, so answers queued offline
        follow the trainee (renamed, or deleted, on the server meanwhile), not the name."""
        key = f"school-trainee:{self._database}:{name_key(name)}"
        if self._setting(self._outbox._conn, key) != str(trainee_id):
            try:
                with self._outbox._write() as conn:
                    self._set_setting(conn, key, str(trainee_id))
            except StoreError:  # (a full disk on this PC: the answer is stored on the server all the same)
                pass

    def _remembered(self, name: str) -> int | None:
        value = self._setting(self._outbox._conn, f"school-trainee:{self._database}:{name_key(name)}")
        return int(value) if value and value.isdigit() else None

    def _unknown(self, name: str) -> Exception:
        return unknown_trainee(name, [t.name for t in self.trainees()])

    def _keep_here(self, name: str, kind: str, payload: dict[str, Any], log: Callable[[Any, int], int]) -> int:
        """Queue an answer or exam in the outbox, bound to this database and the trainee's id on it
        (if this PC has seen it), and log it in this PC's file (so the trainee's figures and what is
        due follow it offline), in one local transaction; returns ``log``'s id."""
        uid = payload["uid"] if kind == "answer" else payload["exam"]["uid"]
        queued = outbox.bound(payload, self._database, self._remembered(name))
        with self._outbox._write() as conn:
            who = add_trainee(conn, name, iso(utc_now()))
            conn.execute("INSERT INTO outbox (uid, kind, trainee, payload, queued_utc) VALUES (?, ?, ?, ?, ?) "
                         "ON CONFLICT (uid) DO NOTHING", (uid, kind, name, json.dumps(queued), iso(utc_now())))
            return log(conn, who)

    def _queued(self) -> list[tuple[str, str, str, str]]:
        """The outbox's rows meant for this database (or for whichever was in force), oldest first."""
        rows = self._outbox._conn.execute(
            f"SELECT uid, kind, trainee, payload FROM outbox WHERE kind IN {outbox.SENT_KINDS} "
            "ORDER BY queued_utc, rowid").fetchall()
        return [tuple(r) for r in rows if outbox.meant_for(r[3], self._database)]

    def waiting(self) -> int:
        """How many answers wait in this PC's outbox for this database."""
        return len(self._queued())

    def flush(self) -> int:
        """Send the outbox's answers meant for this database to it, oldest first, each exactly once,
        re-graded and to the trainee they were given by (``trainer.progress.outbox``); a row that
        cannot be is set aside with a note. Returns how many were sent. Stops (keeping the rest) if
        the server goes away again."""
        with self._answer_deadline():  # (the status bar's retry too: a frozen server holds no window long)
            return self._flush()

    def _flush(self) -> int:
        if not self.online:
            self._connect_server()
        if not self.online:
            return 0
        sent = 0
        for uid, kind, name, text in self._queued():
            if self._server is not None and self._server.time_left() < 1.0:
                break  # a long backlog goes up over several flushes, each short (the answer in hand goes too)
            try:
                payload = outbox.readable(kind, text)
                trainee_id = outbox.binding(payload)[1]
                try:
                    self._send(name if trainee_id is None else trainee_id, kind, payload)
                except UnknownNameError:
                    if trainee_id is not None:
                        raise outbox.Unregradable("its trainee was deleted from the school's database") from None
                    self.ensure_trainee(name)  # created on this PC while the server was away
                    self._send(name, kind, payload)
            except (outbox.Unregradable, TrainerError) as exc:
                if isinstance(exc, ServerUnavailable):
                    raise
                self._set_aside(uid, kind, name, str(exc))
                continue
            with self._outbox._write() as conn:
                conn.execute("DELETE FROM outbox WHERE uid = ?", (uid,))
            sent += 1
        return sent

    def _set_aside(self, uid: str, kind: str, name: str, why: str) -> None:
        with self._outbox._write() as conn:
            conn.execute(f"UPDATE outbox SET kind = '{outbox.ASIDE}' WHERE uid = ?", (uid,))
        self.note(f"set aside a queued {kind if kind in outbox.SENT_KINDS else 'entry'} of {quoted(name)} that "
                  f"cannot be sent ({why.splitlines()[0][:100]}); it stays in {self.path}, the rest is sent")
