"""Where the progress lives: a database URL, and the thin dialect layer between SQLite and PostgreSQL.

``sqlite:///path/to/progress.sqlite3`` is one file on this PC (the default, under the platformdirs
data folder); ``postgresql://user@host/db`` is a dealer school's shared server. The URL comes from
``--database``, else ``$PAIGOW_TRAINER_DATABASE``, else the app's setting, else the default file.

Both databases hold the same tables, created by the same numbered migrations
(``trainer.progress.schema``). The store's SQL is written once, in SQLite's words; on PostgreSQL
:func:`pg_sql` rewrites the few places where the two differ, so a reader sees one schema:

- ``?`` placeholders become ``%s``;
- ``INTEGER`` columns become ``BIGINT`` (SQLite's integers are 64-bit; seeds need it) and
  ``INTEGER PRIMARY KEY`` an identity column;
- ``REFERENCES`` (documentation only on SQLite) are enforced, checked at commit, so deleting a
  trainee row before its log (which the append-only trigger needs) stays one valid transaction;
- a list sorted by name regardless of case: SQLite's ``COLLATE NOCASE`` is ``lower(name)``
  (a trainee's name is unique and matched by its ``name_key``, made in Python alike for both).

PostgreSQL needs ``psycopg`` 3, an optional extra: ``pip install "paigow-trainer[school]"``.

>>> parse_url("sqlite:////tmp/p.sqlite3")
('sqlite', '/tmp/p.sqlite3')
>>> parse_url("postgresql://school@db.example/trainer")[0]
'postgresql'
>>> pg_sql("SELECT id FROM trainees WHERE name_key = ? ORDER BY name COLLATE NOCASE")
'SELECT id FROM trainees WHERE name_key = %s ORDER BY lower(name)'
>>> pg_sql("SELECT t.name FROM trainees t ORDER BY t.name COLLATE NOCASE")
'SELECT t.name FROM trainees t ORDER BY lower(t.name)'
"""

from __future__ import annotations

import os
import re
import time
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Callable, Iterator, Sequence
from urllib.parse import urlsplit

from trainer.rules.errors import TrainerError

#: The environment variable naming the progress database's URL.
ENV = "PAIGOW_TRAINER_DATABASE"

INSTALL_HINT = 'install the school extra: pip install "paigow-trainer[school]" (or: pip install "psycopg[binary]")'


class DatabaseError(TrainerError):
    """The progress database cannot be used (bad URL, unreachable server, wrong password, another
    program's or a newer trainer's database, psycopg missing): one line, nothing was changed. The
    message never holds a password (:func:`redact`), wherever it is shown."""

    def __init__(self, message: str) -> None:
        super().__init__(redact(message))


def parse_url(url: str) -> tuple[str, str]:
    """``(dialect, target)``: ``("sqlite", path)`` or ``("postgresql", the URL for libpq)``."""
    text = str(url).strip()
    scheme = text.split(":", 1)[0].lower() if ":" in text else ""
    if scheme == "sqlite":
        if not text.lower().startswith("sqlite:///") or len(text) <= len("sqlite:///"):
            raise DatabaseError(f"bad database URL {text!r}: a progress file is sqlite:///path/to/file.sqlite3")
        # As SQLAlchemy reads it: sqlite:///rel/file is relative, sqlite:////abs/file absolute.
        return "sqlite", text[len("sqlite:///"):]
    if scheme in ("postgresql", "postgres"):
        try:
            parts = urlsplit(text)
        except ValueError as exc:  # "Invalid IPv6 URL": a bracket not closed
            raise DatabaseError(f"bad database URL {redact(text)!r}: {str(exc).lower()} (write an IPv6 host as "
                                "[::1], e.g. postgresql://user@[::1]/trainer)") from None
        if not parts.path.strip("/") and "dbname=" not in parts.query:
            raise DatabaseError(f"bad database URL {redact(text)!r}: name the database, e.g. "
                                "postgresql://user@host/trainer")
        return "postgresql", text
    raise DatabaseError(f"bad database URL {redact(text)!r}: use sqlite:///path/to/file.sqlite3 or "
                        "postgresql://user@host/database")


#: Where a password can hide in a database URL, or in a message quoting one or libpq's settings.
_SECRETS = (
    (re.compile(r"(://[^:/@\s]*):\S*@"), r"\1:***@"),  # user:pass@ (to the last @: a password may hold @ or /)
    (re.compile(r"(?i)([?&;]\s*password\s*=)[^&#\s]*"), r"\1***"),  # ?password=, &password=
    (re.compile(r"(?i)(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'?|[^\s&'\"]+)"), r"\1***"),  # password=... settings
)


def redact(text: str) -> str:
    """``text`` (a database URL, or a message quoting one) without any password in it: the one
    helper for everything shown or logged (errors, the status bar, the CLI's output).

    >>> redact("postgresql://ana:s3c@ret@db/school"), redact("postgresql://ana:s3/c@db/school: refused")
    ('postgresql://ana:***@db/school', 'postgresql://ana:***@db/school: refused')
    >>> redact("postgresql://ana@db/school?sslmode=require&password=s3cret (refused)")
    'postgresql://ana@db/school?sslmode=require&password=*** (refused)'
    >>> redact("missing '=' after password='a b' in connection info string")
    "missing '=' after password=*** in connection info string"
    """
    text = str(text)
    for pattern, replacement in _SECRETS:
        text = pattern.sub(replacement, text)
    return text


def chosen_url(given: str | None = None, setting: str | None = None) -> str | None:
    """The URL in force: ``given`` (``--database``), else ``$PAIGOW_TRAINER_DATABASE``, else the
    app's ``setting``; None means the default progress file. Empty values count as unset."""
    for value in (given, os.environ.get(ENV), setting):
        if value is not None and str(value).strip():
            if any("\udc80" <= c <= "\udcff" for c in str(value)):  # bytes that were not UTF-8
                raise DatabaseError(f"the database URL '{redact(str(value)).encode('utf-8', 'backslashreplace').decode()}'"
                                    " holds bytes that are not UTF-8 text: type it again, or fix "
                                    f"{'$' + ENV if value is not given else '--database'}")
            return str(value).strip()
    return None


def psycopg_module() -> Any:
    """``psycopg`` 3, or a ``DatabaseError`` saying how to install it."""
    try:
        import psycopg
    except ImportError:
        raise DatabaseError(f"a PostgreSQL database needs the psycopg package: {INSTALL_HINT}") from None
    return psycopg


# --- PostgreSQL ---------------------------------------------------------------------------------------

_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), r) for p, r in (
    (r"%", "%%"),
    (r"\b((?:\w+\.)?name) COLLATE NOCASE\b", r"lower(\1)"),
    (r"\bINTEGER PRIMARY KEY\b", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (r"\bINTEGER\b", "BIGINT"),
    (r"(REFERENCES \w+\(\w+\))", r"\1 DEFERRABLE INITIALLY DEFERRED"),
    (r"\?", "%s"),
))


@lru_cache(maxsize=512)
def pg_sql(sql: str) -> str:
    """The store's SQLite-worded ``sql`` in PostgreSQL's words (see the module docstring)."""
    for pattern, replacement in _REWRITES:
        sql = pattern.sub(replacement, sql)
    return sql


class Row(tuple):
    """A result row readable by position and by column name, like ``sqlite3.Row``."""

    names: dict[str, int]

    def __getitem__(self, key: Any) -> Any:  # type: ignore[override]
        return tuple.__getitem__(self, self.names[key] if isinstance(key, str) else key)

    def keys(self) -> list[str]:
        return list(self.names)


def _row_factory(cursor: Any) -> Any:
    names = {c.name: i for i, c in enumerate(cursor.description or ())}
    row_type = type("Row", (Row,), {"names": names})
    return lambda values: row_type(values)


class ServerUnavailable(DatabaseError):
    """The school's server cannot be reached now (answers wait in this PC's outbox)."""


#: What a server says when it will refuse this URL until someone changes it.
_FOR_GOOD = ("wrong user name or password", "does not exist", "pg_hba.conf", "no password supplied",
             "invalid", "translate host name")


class PgConnection:
    """A psycopg connection (autocommit, so transactions are explicit ``BEGIN``/``COMMIT`` as on
    SQLite) that takes the store's SQLite-worded SQL.

    A lost server is a :class:`ServerUnavailable` (one line); the next statement outside a
    transaction reconnects, at most every ``retry_s`` seconds, so a PC whose server is down does not
    wait for a connection timeout on every answer.

    Nothing waits for ever: connecting gives up after ``timeout_s``, waiting for a row another
    program holds (``SELECT ... FOR UPDATE``) after ``lock_timeout_s``, a statement after
    ``statement_timeout_s`` (the server's own timeouts), and a server that stops answering at all
    (frozen: it cannot enforce its timeouts) is cut off by this side a second later. Each is a
    :class:`ServerUnavailable`, so the answer waits on the PC as when the server is down, and
    ``timed_out`` says why for the status bar."""

    retry_s = 10.0
    #: How long an answer or the status bar's retry waits for a new connection (see :meth:`_reconnect`).
    reconnect_wait_s = 1.0
    lock_timeout_s = 3.0
    statement_timeout_s = 10.0
    #: Set while a migration runs: it may take minutes on a large school, and waits for another PC's.
    patient = False

    def __init__(self, url: str, timeout_s: int = 3) -> None:
        self.url, self.timeout_s = url, timeout_s
        self._psycopg = psycopg_module()
        self._retry_at = 0.0
        self._pending: _Connecting | None = None
        self._deadline: float | None = None
        self._in_tx = False
        #: The last connection was given up on because the server took too long (not because it was gone).
        self.timed_out = False
        self.raw = self._connect()

    def _connect(self) -> Any:
        try:
            # A cut cable must not hang the trainee's screen: TCP gives up on an unanswered send
            # after a few seconds (then the answer goes to the outbox) instead of the system's minutes.
            wait = self.timeout_s if self._deadline is None else min(self.timeout_s, self._deadline - time.monotonic())
            # (libpq waits at least 2 s: under an answer's deadline of 3 s, its statements get the rest)
            raw = self._psycopg.connect(self.url, autocommit=True, connect_timeout=max(2, int(wait)),
                                        row_factory=_row_factory, keepalives=1, keepalives_idle=5,
                                        keepalives_interval=2, keepalives_count=2, tcp_user_timeout=5000)
            with _Watchdog(raw, self.timeout_s + 1.0 if self._deadline is None else
                           max(0.05, self._deadline - time.monotonic())):
                raw.execute(f"SET lock_timeout = {int(self.lock_timeout_s * 1000)}")
                raw.execute(f"SET statement_timeout = {int(self.statement_timeout_s * 1000)}")
            return raw
        except self._psycopg.Error as exc:
            reason = pg_reason(exc)
            # A refused login or a missing database is a mistake to fix; anything else (no answer, a
            # restarting server, a cut cable) passes, and answers wait on this PC meanwhile.
            kind = DatabaseError if any(w in reason for w in _FOR_GOOD) else ServerUnavailable
            raise kind(f"cannot connect to the progress database {redact(self.url)}: {reason}") from None

    @contextmanager
    def deadline(self, seconds: float) -> Iterator[None]:
        """Every statement inside gives up once ``seconds`` have passed since entering (a frozen
        server's included): an answer waits for the server at most that long, then on the PC."""
        before = self._deadline
        self._deadline = min(before or float("inf"), time.monotonic() + seconds)  # an outer one ends first
        try:
            yield
        finally:
            self._deadline = before

    def time_left(self) -> float:
        """Seconds until the deadline in force (:meth:`deadline`); without one, no end."""
        return float("inf") if self._deadline is None else self._deadline - time.monotonic()

    def _patience(self) -> float | None:
        """How long the next statement may take before this side cuts it off."""
        if self.patient:
            return None
        limit = self.statement_timeout_s + 1.0
        return limit if self._deadline is None else max(0.05, min(limit, self._deadline - time.monotonic()))

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        if self.raw.closed and not self._in_tx:
            self._reconnect()
        try:
            with _Watchdog(self.raw, self._patience()) as dog:
                cursor = self.raw.execute(pg_sql(sql), tuple(params))
        except self._psycopg.OperationalError as exc:
            raise self._lost(exc, dog.fired) from None
        if sql in ("BEGIN", "COMMIT", "ROLLBACK"):
            self._in_tx = sql == "BEGIN"
        return cursor

    def executemany(self, sql: str, rows: list[Sequence[Any]]) -> None:
        try:
            with _Watchdog(self.raw, self._patience()) as dog, self.raw.cursor() as cur:
                cur.executemany(pg_sql(sql), rows)
        except self._psycopg.OperationalError as exc:
            raise self._lost(exc, dog.fired) from None

    def _reconnect(self) -> None:
        """Connect again, on a thread of its own: the caller (an answer, the status bar's retry) waits
        at most ``reconnect_wait_s`` for it; a server that takes longer (frozen) is asked again later
        while the connection goes on being made, so no window waits for a connection timeout."""
        if self._pending is None:
            if time.monotonic() < self._retry_at:
                raise ServerUnavailable(f"the progress database {redact(self.url)} is unreachable")
            self._pending = _Connecting(self._connect)
        self._pending.join(self.reconnect_wait_s)
        if self._pending.is_alive():
            self.timed_out = True
            raise ServerUnavailable(f"the progress database {redact(self.url)} did not answer in time (connecting)")
        done, self._pending = self._pending, None
        if done.error is not None:
            self._retry_at = time.monotonic() + self.retry_s
            raise ServerUnavailable(str(done.error))
        self.raw, self.timed_out = done.raw, False

    def reconnect(self) -> None:
        """Connect again if the connection was lost (at most every ``retry_s``); a
        :class:`ServerUnavailable` if the server still does not answer."""
        if self.raw.closed:
            self._reconnect()

    def _lost(self, exc: Exception, cut_off: bool = False) -> ServerUnavailable:
        self._retry_at = time.monotonic() + self.retry_s
        self._in_tx = False
        self.raw.close()
        slow = cut_off or isinstance(exc, (self._psycopg.errors.LockNotAvailable, self._psycopg.errors.QueryCanceled))
        self.timed_out = slow
        if slow:
            return ServerUnavailable(f"the progress database {redact(self.url)} did not answer in time "
                                     f"({'it stopped answering' if cut_off else pg_reason(exc)})")
        return ServerUnavailable(f"lost the progress database {redact(self.url)}: {pg_reason(exc)}")

    def rollback(self) -> None:
        """End a failed transaction (nothing to do if the connection is gone: the server rolled it back)."""
        self._in_tx = False
        if not self.raw.closed:
            self.raw.execute("ROLLBACK")

    def close(self) -> None:
        if self._pending is not None:
            self._pending.abandoned = True
        self.raw.close()

    @property
    def online(self) -> bool:
        return not self.raw.closed


class _Connecting:
    """A connection being made (``connect()``, which raises :class:`DatabaseError`), on its own thread."""

    def __init__(self, connect: Callable[[], Any]) -> None:
        import threading  # (here, as in _Watchdog: not before the app's first paint)

        self.raw: Any = None
        self.error: DatabaseError | None = None
        self._thread = threading.Thread(target=self._run, args=(connect,), daemon=True, name="paigow-reconnect")
        self._thread.start()

    def _run(self, connect: Callable[[], Any]) -> None:
        try:
            self.raw = connect()
        except DatabaseError as exc:
            self.error = exc
        if self.abandoned and self.raw is not None:  # the store was closed meanwhile
            self.raw.close()

    #: Set when the store is closed before the connection is made: it is closed once made.
    abandoned = False

    def join(self, seconds: float) -> None:
        self._thread.join(seconds)

    def is_alive(self) -> bool:
        return self._thread.is_alive()


class _Watchdog:
    """Cuts the connection's socket if the block inside takes longer than ``seconds``: a frozen
    server answers no query and enforces no timeout of its own, and the kernel still acknowledges
    its packets, so only this side can give up (the statement then fails as on a lost connection)."""

    def __init__(self, raw: Any, seconds: float | None) -> None:
        self.raw, self.seconds, self.fired = raw, seconds, False
        self._timer: Any = None

    def _cut(self) -> None:
        import socket

        self.fired = True
        try:
            with socket.socket(fileno=os.dup(self.raw.pgconn.socket)) as sock:
                sock.shutdown(socket.SHUT_RDWR)
        except (OSError, ValueError, AttributeError):
            pass  # already closed: the statement has ended anyway

    def __enter__(self) -> _Watchdog:
        if self.seconds is None:
            return self
        import threading  # (here: the app imports this module before its first paint, issue 15)

        self._timer = threading.Timer(self.seconds, self._cut)
        self._timer.daemon = True
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._timer is not None:
            self._timer.cancel()


def pg_reason(exc: BaseException) -> str:
    """The first line of a psycopg error, in plain words where we know better ones."""
    text = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    text = " ".join(text.split("FATAL:")[-1].split())  # libpq's "connection to server ... failed:" prefix
    if "Connection refused" in text or "No such file or directory" in text:
        return "no server answers there (is it running, and is the host and port right?)"
    if "password authentication failed" in text:
        return "wrong user name or password"
    if "does not exist" in text and "database" in text:
        return text + " (ask the school's IT to create it)"
    return redact(text)
