"""The casinos' Rules Submissions kept with the progress (schema 9, ``casino_rules``), once each by SHA-256.

A question or an exam made on a casino's rules carries only the file's SHA-256 (``Question.casino``,
``ExamSpec.casino``); its text is kept here the first time such an answer or exam is stored, so the
question is made again on the casino's way and choices (a re-graded import, a stored exam) when the
file is not loaded: an open store offers its texts to ``trainer.rules.casino.KEPT``.

On a school's server the class's published rules are read at start-up; this PC's file keeps the last
ones read for each trainee, so a drill while the server is unreachable is on them still
(:func:`remember_class_rules`, :func:`remembered_class_rules`).
"""

from __future__ import annotations

import json
import weakref
from typing import Any, Callable, Iterable

from trainer.progress.clock import iso, utc_now


def keep(conn: Any, digest: str) -> None:
    """Keep the text of the Rules Submission with SHA-256 ``digest`` in ``conn``'s database (inside the
    caller's transaction), unless it is there already or its text is nowhere to be found."""
    from trainer.rules.casino import casino_by_digest, casino_text

    if not digest or conn.execute("SELECT 1 FROM casino_rules WHERE sha256 = ?", (digest,)).fetchone():
        return
    found = casino_text(digest)
    if found is None:
        return
    conn.execute("INSERT INTO casino_rules (sha256, file_name, content, casino, stored_utc) VALUES (?, ?, ?, ?, ?) "
                 "ON CONFLICT (sha256) DO NOTHING",
                 (digest, found[0], found[1].decode("utf-8"), casino_by_digest(digest).casino, iso(utc_now())))


def kept(conn: Any, digest: str) -> tuple[str, bytes] | None:
    """The file name and bytes kept in ``conn``'s database for ``digest``, or None."""
    row = conn.execute("SELECT file_name, content FROM casino_rules WHERE sha256 = ?", (digest,)).fetchone()
    return None if row is None else (row[0], row[1].encode("utf-8"))


def offer(store: Any) -> None:
    """Let questions find the texts ``store`` keeps (``trainer.rules.casino.KEPT``) while it is open: held
    weakly, so a store dropped without closing is never asked again."""
    from trainer.rules.casino import KEPT

    ref = weakref.ref(store)

    def find(digest: str) -> tuple[str, bytes] | None:
        held = ref()
        if held is None:
            KEPT.remove(find)
            return None
        for conn in _connections(held):
            try:
                found = kept(conn, digest)
            except Exception:  # noqa: BLE001 - a closed or unreachable database keeps nothing we can read
                found = None
            if found is not None:
                return found
        return None

    KEPT.append(find)


def _connections(store: Any) -> list[Any]:
    """The store's database, then this PC's file behind a school's server (its outbox)."""
    outbox = getattr(store, "_outbox", None)
    return [store._conn] + ([outbox._conn] if outbox is not None else [])


def texts_of(digests: Iterable[str]) -> list[dict[str, str]]:
    """The kept texts of ``digests`` as an export holds them (a digest whose text is nowhere is left out:
    its questions cannot be made again, and an import says so)."""
    from trainer.rules.casino import casino_text

    found = [(d, casino_text(d)) for d in sorted(set(digests) - {""})]
    return [{"sha256": d, "file_name": t[0], "content": t[1].decode("utf-8")} for d, t in found if t is not None]


def digests_in(answers: Iterable[dict[str, Any]], exams: Iterable[dict[str, Any]]) -> set[str]:
    """The SHA-256 of every casino's rules the answers' questions and the exams' specs were made on."""
    found = {str(a.get("question", {}).get("casino") or "") for a in answers}
    found |= {str((e.get("spec") or {}).get("casino") or "") for e in exams}
    return found - {""}


# --- a class's rules, remembered on this PC -------------------------------------------------------------

def _setting(trainee: str) -> str:
    return f"class casino rules: {trainee}"


def remember_class_rules(store: Any, trainee: str, published: Any) -> None:
    """Keep on this PC (a school's server's outbox file) the class rules just read for ``trainee``: the
    class and the file's SHA-256, its text in ``casino_rules`` (None: the class has none)."""
    local = getattr(store, "_outbox", None)
    if local is None:
        return
    value = "" if published is None else json.dumps({"class": published.class_name, "sha256": published.sha256,
                                                      "file_name": published.file_name})
    conn = local._conn
    row = conn.execute("SELECT value FROM settings WHERE key = ?", (_setting(trainee),)).fetchone()
    if row is not None and row[0] == value:
        return
    with local._write() as conn:
        if published is not None and not conn.execute("SELECT 1 FROM casino_rules WHERE sha256 = ?",
                                                      (published.sha256,)).fetchone():
            conn.execute("INSERT INTO casino_rules (sha256, file_name, content, casino, stored_utc) "
                         "VALUES (?, ?, ?, ?, ?)", (published.sha256, published.file_name,
                                                    published.content.decode("utf-8"), published.casino,
                                                    iso(utc_now())))
        conn.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (_setting(trainee), value))


def remembered_class_rules(store: Any, trainee: str, build: Callable[..., Any]) -> Any:
    """The class rules last read for ``trainee`` from the school's server, kept on this PC: ``build(class
    name, file name, bytes, SHA-256, casino)``, or None (none kept, or the class had none)."""
    local = getattr(store, "_outbox", None)
    if local is None:
        return None
    row = local._conn.execute("SELECT value FROM settings WHERE key = ?", (_setting(trainee),)).fetchone()
    if row is None or not row[0]:
        return None
    known = json.loads(row[0])
    text = local._conn.execute("SELECT content, casino FROM casino_rules WHERE sha256 = ?",
                               (known["sha256"],)).fetchone()
    if text is None:
        return None
    return build(known["class"], known["file_name"], text[0].encode("utf-8"), known["sha256"], text[1])
