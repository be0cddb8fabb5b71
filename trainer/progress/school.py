"""A dealer school's classes and the instructor's class view, from the progress store.

A class is a named group of trainees with an instructor, whose password is kept only as a scrypt
hash (``hashlib.scrypt``, a standard memory-hard KDF, with a random salt): the class view asks for
it. :func:`class_report` gathers, for every trainee of a class, accuracy and speed per skill (from
``skill_totals``, the log's running totals, so 200 trainees x 10,000 answers load in well under a
second), exams taken and their scores, how many items are due today (as the trainee's app counts them,
Anki's way: due before the trainee's next day starts, ``clock.due_by``), and whether the trainee is **ready
for the exam**: every skill the class practises answered at least ``ready_answers`` times with an
accuracy of at least ``ready_percent``. The screen, the CLI and the PDF all show this one report.

>>> h = hash_password("s3cret", n=2 ** 4)
>>> h.startswith("scrypt$16$8$1$"), verify_password("s3cret", h), verify_password("S3cret", h)
(True, True, False)
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import math
import os
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from statistics import median
from typing import Any, Callable

from trainer.progress.store import ProgressStore, normal_name, iso, utc_now
from trainer.progress.clock import due_by
from trainer.rules.errors import TrainerError, UnknownNameError

#: scrypt's cost (2**14, r=8: 16 MiB and some tens of ms per check, as OWASP suggests at least).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 14, 8, 1


def hash_password(password: str, *, n: int = SCRYPT_N) -> str:
    """``scrypt$n$r$p$salt$hash`` (hex) of ``password`` with a new random salt."""
    if not password:
        raise TrainerError("the instructor's password must not be empty")
    salt = os.urandom(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=n, r=SCRYPT_R, p=SCRYPT_P, dklen=32)
    return f"scrypt${n}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (constant-time comparison)."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        given = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p),
                               dklen=len(digest) // 2)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(given.hex(), digest)


@dataclass(frozen=True)
class SchoolClass:
    id: int
    name: str
    instructor: str
    ready_percent: int
    ready_answers: int


@dataclass(frozen=True)
class SkillFigure:
    """One trainee's record in one skill. ``median_ms`` is the median answer time."""

    skill: str
    answered: int
    correct: int
    accuracy: float | None
    median_ms: float | None


@dataclass(frozen=True)
class TraineeRow:
    name: str
    answered: int
    accuracy: float | None
    due: int
    exams: int
    last_exam: str | None
    best_exam: float | None
    ready: bool
    why_not: str
    skills: tuple[SkillFigure, ...]
    #: What keeps the trainee from the ready mark: ``(skill, "answers", count)`` or
    #: ``(skill, "accuracy", fraction)`` (``why_not`` says it in words, with skill ids).
    missing: tuple[tuple[str, str, float], ...] = ()
    #: Answers given in the class's live quizzes (issue 41), and how many were right: each is also
    #: one of ``answered`` (a drill answer of mode ``live``).
    live_answered: int = 0
    live_correct: int = 0


@dataclass(frozen=True)
class ClassReport:
    name: str
    instructor: str
    ready_percent: int
    ready_answers: int
    generated_utc: str
    skills: tuple[str, ...]
    trainees: tuple[TraineeRow, ...]
    #: The casino whose Rules Submission the instructor published to the class (None: the regulation's).
    casino: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def ready_count(self) -> int:
        return sum(t.ready for t in self.trainees)


# --- classes ------------------------------------------------------------------------------------------

def create_class(store: ProgressStore, name: str, instructor: str, password: str, *, ready_percent: int = 90,
                 ready_answers: int = 20, signed_in: SchoolClass | None = None) -> SchoolClass:
    """Add a class (names unique); the password is stored only as its scrypt hash. Once a database
    has a class, only an instructor (``signed_in``: the class they signed in to) adds another: else
    anyone could make themselves an instructor, whose password renames and deletes trainees. On a
    school's server the first class (and instructor) is added by the role that owns the database
    (the school's IT, once), never by the first PC to ask."""
    clean, who = normal_name(name), normal_name(instructor)
    _check_threshold(ready_percent, ready_answers)
    if signed_in is None and classes(store):
        raise TrainerError("only an instructor adds a class once there is one: sign in with an existing class's "
                           "instructor's password first (nothing was added)")
    if signed_in is None and not store.owned_by_user():
        raise TrainerError("this school database has no instructor yet: the first one is set once by the school's "
                           "IT, with the database owner's URL (README: \"A school's database\"); nothing was added")
    hashed = hash_password(password)
    with store._write() as conn:
        try:
            conn.execute("INSERT INTO classes (name, instructor, password, ready_percent, ready_answers, created_utc) "
                         "VALUES (?, ?, ?, ?, ?, ?)", (clean, who, hashed, ready_percent, ready_answers,
                                                       iso(utc_now())))
        except store._integrity_error:
            raise TrainerError(f"a class called '{clean}' already exists") from None
    return school_class(store, clean)


def classes(store: ProgressStore) -> list[SchoolClass]:
    rows = store._conn.execute("SELECT id, name, instructor, ready_percent, ready_answers FROM classes ORDER BY name")
    return [SchoolClass(*row) for row in rows]


def school_class(store: ProgressStore, name: str) -> SchoolClass:
    found = {c.name: c for c in classes(store)}
    if name not in found:
        raise UnknownNameError("class", name, sorted(found) or ["none yet"])
    return found[name]


def add_trainees(store: ProgressStore, class_name: str, names: list[str]) -> None:
    """Put trainees into a class (already there: nothing changes)."""
    group = school_class(store, class_name)
    ids = [store.trainee(n).id for n in names]
    with store._write() as conn:
        for trainee_id in ids:
            conn.execute("INSERT INTO class_members (class_id, trainee_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                         (group.id, trainee_id))


def remove_trainees(store: ProgressStore, group: SchoolClass, names: list[str]) -> None:
    """Take trainees out of ``group`` (the instructor, signed in); their records stay. A name not in
    the class changes nothing; an unknown name is an error (nothing changed)."""
    ids = [store.trainee(n).id for n in names]
    with store._write() as conn:
        for trainee_id in ids:
            conn.execute("DELETE FROM class_members WHERE class_id = ? AND trainee_id = ?", (group.id, trainee_id))


def sign_in(store: ProgressStore, class_name: str, password: str) -> SchoolClass:
    """The class, if ``password`` is its instructor's; else a ``TrainerError``."""
    store._need_server("show the class view")
    group = school_class(store, class_name)
    row = store._conn.execute("SELECT password FROM classes WHERE id = ?", (group.id,)).fetchone()
    if not verify_password(password, row[0]):
        raise TrainerError(f"wrong password for the instructor of '{group.name}'")
    return group


def instructor_with(store: ProgressStore, password: str) -> SchoolClass | None:
    """The first class whose instructor's password is ``password``, or None."""
    rows = store._conn.execute("SELECT name, password FROM classes ORDER BY name").fetchall()
    return next((school_class(store, name) for name, hashed in rows if verify_password(password, hashed)), None)


def needs_instructor(store: ProgressStore, trainees: tuple[str, ...] | list[str] = ()) -> bool:
    """Whether renaming, deleting or replacing ``trainees`` needs an instructor's password: always
    on a school's server (the app's rule, README "Classes"), and for a trainee in a class on any
    database (an instructor grades them)."""
    return store.connection_state() is not None or in_a_class(store, trainees)


def in_a_class(store: ProgressStore, trainees: tuple[str, ...] | list[str]) -> bool:
    """Whether any of ``trainees`` (unknown names skipped) is in a class: records copied into them
    (an import, a PC's file migrated) need an instructor's password."""
    ids = []
    for name in trainees:
        try:
            ids.append(store.trainee(name).id)
        except UnknownNameError:
            continue
    return any(store._conn.execute("SELECT 1 FROM class_members WHERE trainee_id = ?", (i,)).fetchone()
               for i in ids)


def set_threshold(store: ProgressStore, group: SchoolClass, ready_percent: int, ready_answers: int) -> SchoolClass:
    """Change when a trainee of the class counts as ready for the exam (the instructor, signed in)."""
    _check_threshold(ready_percent, ready_answers)
    with store._write() as conn:
        conn.execute("UPDATE classes SET ready_percent = ?, ready_answers = ? WHERE id = ?",
                     (ready_percent, ready_answers, group.id))
    return school_class(store, group.name)


def _check_threshold(percent: int, answers: int) -> None:
    if not (0 <= int(percent) <= 100 and int(answers) >= 0):
        raise TrainerError("the ready mark is an accuracy of 0 to 100% and a number of answers of 0 or more")


# --- a casino's Rules Submission, shared with a class (issue 30) -------------------------------------------

#: The largest Rules Submission file a class keeps (a complete table of 8,130 explicit hands is ~1 MB).
MAX_RULES_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class PublishedRules:
    """A casino's Rules Submission file as an instructor published it to a class."""

    class_name: str
    file_name: str
    content: bytes
    sha256: str
    casino: str

    def load(self) -> Any:
        """The rules (``trainer.rules.casino.parse_casino``), a problem named after the class's file."""
        from trainer.rules.casino import parse_casino

        return parse_casino(f"{self.file_name} (class {self.class_name})", self.content)


def publish_rules(store: ProgressStore, group: SchoolClass, file_name: str, content: bytes) -> PublishedRules:
    """Give ``group`` (the instructor, signed in) a casino's Rules Submission: checked by the loader
    first (a bad file raises its one-line ``CasinoFileError`` and nothing is stored), then kept with its
    name (without its folder) and SHA-256 in place of any the class had."""
    from trainer.progress.casino_texts import keep
    from trainer.rules.casino import parse_casino

    store._need_server("publish a casino's rules to a class")  # never into this PC's outbox file
    if len(content) > MAX_RULES_BYTES:
        raise TrainerError(f"{file_name}: larger than {MAX_RULES_BYTES // 2 ** 20} MB: not a Rules Submission "
                           "(nothing was published)")
    casino = parse_casino(file_name, content)
    digest, file_name = hashlib.sha256(content).hexdigest(), os.path.basename(file_name)  # not the instructor's folders
    with store._write() as conn:
        conn.execute("DELETE FROM class_casino_rules WHERE class_id = ?", (group.id,))
        conn.execute("INSERT INTO class_casino_rules (class_id, file_name, content, sha256, casino, published_utc) "
                     "VALUES (?, ?, ?, ?, ?, ?)", (group.id, file_name, content.decode("utf-8"), digest,
                                                   casino.casino, iso(utc_now())))
        keep(conn, digest)   # the questions made on it name it by its SHA-256 alone
    return PublishedRules(group.name, file_name, content, digest, casino.casino)


def clear_rules(store: ProgressStore, group: SchoolClass) -> None:
    """Take ``group``'s casino rules away (the instructor, signed in): its trainees train on the regulation's."""
    store._need_server("take a class's casino rules away")
    with store._write() as conn:
        conn.execute("DELETE FROM class_casino_rules WHERE class_id = ?", (group.id,))


def published_rules(store: ProgressStore, group: SchoolClass) -> PublishedRules | None:
    """The casino rules published to ``group``, or None."""
    row = store._conn.execute("SELECT file_name, content, sha256, casino FROM class_casino_rules WHERE class_id = ?",
                              (group.id,)).fetchone()
    return None if row is None else PublishedRules(group.name, row[0], row[1].encode("utf-8"), row[2], row[3])


def trainee_rules(store: ProgressStore, trainee: str) -> PublishedRules | None:
    """The casino rules of a class ``trainee`` is in (of several, the first class by name that has
    some), or None (an unknown trainee too: nobody's class). Read from a school's server, they are kept
    on this PC: while the server is unreachable, the last ones read are the trainee's rules."""
    from trainer.progress.casino_texts import remember_class_rules, remembered_class_rules

    if not getattr(store, "online", True):
        return remembered_class_rules(store, trainee, PublishedRules)
    row = _class_with_rules(store, trainee)
    found = None if row is None else published_rules(store, school_class(store, row[0]))
    remember_class_rules(store, trainee, found)
    return found


def trainee_rules_digest(store: ProgressStore, trainee: str) -> str | None:
    """The SHA-256 of ``trainee_rules`` (None: none), read without the file's text: a cheap check that the
    rules in force are still the class's (the app asks it when a screen is opened or it is back in focus)."""
    if not getattr(store, "online", True):
        kept = trainee_rules(store, trainee)
        return kept.sha256 if kept is not None else None
    row = _class_with_rules(store, trainee)
    return None if row is None else str(row[1])


def _class_with_rules(store: ProgressStore, trainee: str) -> tuple[str, str] | None:
    """The first class by name of ``trainee`` that has casino rules, and their SHA-256; or None."""
    try:
        trainee_id = store.trainee(trainee).id
    except UnknownNameError:
        return None
    return store._conn.execute(
        "SELECT c.name, r.sha256 FROM class_casino_rules r JOIN classes c ON c.id = r.class_id "
        "JOIN class_members m ON m.class_id = r.class_id WHERE m.trainee_id = ? ORDER BY c.name LIMIT 1",
        (trainee_id,)).fetchone()


# --- the class view ---------------------------------------------------------------------------------------

def class_report(store: ProgressStore, group: SchoolClass, now: datetime | None = None) -> ClassReport:
    """Every trainee of ``group``: per-skill accuracy and median time, exams, what is due, ready mark.
    Skills come in the drill menu's order (loaded in a thread while the database works)."""
    store._need_server("show the class view")
    with ThreadPoolExecutor(1) as pool:
        menu = pool.submit(_menu_order)
        members = store._conn.execute(
            "SELECT t.id, t.name FROM class_members m JOIN trainees t ON t.id = m.trainee_id WHERE m.class_id = ? "
            "ORDER BY t.name COLLATE NOCASE", (group.id,)).fetchall()
        ids = {row[0]: row[1] for row in members}
        medians = _median_ms(store, group.id)
        totals: dict[int, list[SkillFigure]] = {i: [] for i in ids}
        for trainee_id, skill, answered, correct in store._conn.execute(
                "SELECT s.trainee_id, s.skill, s.answered, s.correct FROM skill_totals s "
                "JOIN class_members m ON m.trainee_id = s.trainee_id WHERE m.class_id = ?", (group.id,)):
            totals[trainee_id].append(SkillFigure(skill, int(answered), int(correct), int(correct) / int(answered),
                                                  medians.get((trainee_id, skill))))
        due = dict(store._conn.execute(
            "SELECT c.trainee_id, COUNT(*) FROM cards c JOIN class_members m ON m.trainee_id = c.trainee_id "
            "WHERE m.class_id = ? AND c.due_utc < ? GROUP BY c.trainee_id",
            (group.id, iso(due_by(now or utc_now())))).fetchall())  # due today, as the trainee's app counts
        exams: dict[int, list[tuple[int, int, str]]] = {i: [] for i in ids}
        for trainee_id, score, total, finished in store._conn.execute(
                "SELECT e.trainee_id, e.score, e.total, e.finished_utc FROM exams e "
                "JOIN class_members m ON m.trainee_id = e.trainee_id WHERE m.class_id = ? ORDER BY e.finished_utc",
                (group.id,)):
            exams[trainee_id].append((int(score), int(total), finished))
        live = {int(t): (int(n), int(right)) for t, n, right in store._conn.execute(
            "SELECT l.trainee_id, COUNT(*), SUM(l.correct) FROM live_answers l JOIN live_quizzes q ON q.id = l.quiz_id "
            "WHERE q.class_id = ? GROUP BY l.trainee_id", (group.id,))}
        rank = {skill: i for i, skill in enumerate(menu.result())}
    skills = tuple(sorted({f.skill for figures in totals.values() for f in figures},
                          key=lambda s: (rank.get(s, len(rank)), s)))
    rows = tuple(replace(trainee_row(ids[i], totals[i], skills, int(due.get(i, 0)), exams[i], group),
                         live_answered=live.get(i, (0, 0))[0], live_correct=live.get(i, (0, 0))[1]) for i in ids)
    published = published_rules(store, group)
    return ClassReport(group.name, group.instructor, group.ready_percent, group.ready_answers, iso(now or utc_now()),
                       skills, rows, published.casino if published else None)


def _menu_order() -> list[str]:
    """Every skill's id in the drill menu's order (a skill since removed from the menu goes last)."""
    from trainer.drills.registry import all_skills

    return [s.id for s in all_skills()]


def _median_ms(store: ProgressStore, class_id: int) -> dict[tuple[int, str], float]:
    """Median answer time of each trainee of the class per skill."""
    if not isinstance(store._conn, sqlite3.Connection):
        # The middle one or two of each trainee's skill in the (trainee, skill, ms) index: no sort of
        # the class's answers (percentile_cont took 5-8 s for 2,000,000).
        return {(t, s): float(m) for t, s, m in store._conn.execute(
            "SELECT s.trainee_id, s.skill, (SELECT AVG(x.ms) FROM (SELECT a.ms FROM answers a "
            "WHERE a.trainee_id = s.trainee_id AND a.skill = s.skill ORDER BY a.ms "
            "LIMIT 2 - s.answered % 2 OFFSET (s.answered - 1) / 2) x) FROM skill_totals s "
            "JOIN class_members m ON m.trainee_id = s.trainee_id WHERE m.class_id = ?", (class_id,))}
    # SQLite takes no LIMIT from the outer row; a PC's file holds a few trainees, so Python sorts.
    by: dict[tuple[int, str], list[int]] = {}
    for trainee_id, skill, ms in store._conn.execute(
            "SELECT a.trainee_id, a.skill, a.ms FROM answers a JOIN class_members m ON m.trainee_id = a.trainee_id "
            "WHERE m.class_id = ?", (class_id,)):
        by.setdefault((trainee_id, skill), []).append(ms)
    return {key: float(median(values)) for key, values in by.items()}


def trainee_row(name: str, figures: list[SkillFigure], skills: tuple[str, ...], due: int,
                 exams: list[tuple[int, int, str]], group: SchoolClass) -> TraineeRow:
    """One trainee's line of the class view (times per skill only: one over all skills would mix a
    4-second tile question with a 20-second payout)."""
    by_skill = {f.skill: f for f in figures}
    ordered = tuple(by_skill[s] for s in skills if s in by_skill)
    answered = sum(f.answered for f in ordered)
    correct = sum(f.correct for f in ordered)
    counts = {s: by_skill[s].answered if s in by_skill else 0 for s in skills}
    missing = tuple((s, "answers", float(n)) for s, n in counts.items() if n < group.ready_answers)
    missing += tuple((s, "accuracy", by_skill[s].accuracy or 0.0) for s in skills
                     if s in by_skill and (by_skill[s].accuracy or 0) * 100 < group.ready_percent)
    why = describe_missing(missing, group.ready_percent, group.ready_answers) if skills else "no answers yet"
    last = f"{exams[-1][0]}/{exams[-1][1]}" if exams else None
    best = max((s / t for s, t, _ in exams if t), default=None)
    return TraineeRow(name, answered, correct / answered if answered else None, due, len(exams), last, best, bool(skills) and not missing, why, ordered, missing)


def describe_missing(missing: tuple[tuple[str, str, float], ...], percent: int, answers: int,
                     title: Callable[[str], str] = str) -> str:
    """What a trainee still needs, in words (``title`` names a skill).

    >>> describe_missing((("vigorish", "answers", 3.0), ("tile-id", "accuracy", 0.846)), 85, 20)
    'vigorish: 3 of 20 answers; tile-id: 84% right, 85% needed'
    """
    return "; ".join(f"{title(skill)}: {int(value)} of {answers} answers" if kind == "answers" else
                     f"{title(skill)}: {math.floor(value * 100)}% right, {percent}% needed"
                     for skill, kind, value in missing)


# --- export -----------------------------------------------------------------------------------------------

Cell = tuple[str, Any]


def report_table(report: ClassReport, *, combined: bool = False) -> tuple[list[str], list[list[Cell]]]:
    """The class as a table (header, rows of ``(text, sort key)``): the screen's columns and the CSV.
    A missing figure shows empty and sorts first. ``combined``: one column per skill (its id as
    the heading), ``accuracy · median time``, sorted by accuracy (the screen's narrower table)."""
    header = ["Trainee", "Ready", "Answers", "Accuracy", "Due", "Exams", "Last exam", "Best exam", "Live quiz"]
    if combined:
        header += list(report.skills)
    else:
        header += [f"{s} {what}" for s in report.skills for what in ("accuracy", "median time (s)")]
    rows = []
    for t in report.trainees:
        by_skill = {f.skill: f for f in t.skills}
        row: list[Cell] = [(t.name, t.name.lower()), ("ready" if t.ready else "not yet", int(t.ready)),
                           _num(t.answered), _pct(t.accuracy), _num(t.due), _num(t.exams),
                           (t.last_exam or "", t.last_exam or ""), _pct(t.best_exam), _live(t)]
        for s in report.skills:
            f = by_skill.get(s)
            cells = [_pct(f.accuracy), _secs(f.median_ms)] if f else [("", -1.0), ("", -1.0)]
            row += [(f"{cells[0][0]} · {cells[1][0]} s" if f else "", cells[0][1])] if combined else cells
        rows.append(row)
    return header, rows


def report_rows(report: ClassReport) -> list[list[str]]:
    """The class as a table of text, header first."""
    header, rows = report_table(report)
    return [header] + [[text for text, _ in row] for row in rows]


#: What a spreadsheet reads as the start of a formula (OWASP's "CSV injection").
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def inert(cell: str) -> str:
    """A cell as a spreadsheet shows it and never runs it: one starting like a formula gets a leading
    apostrophe, as OWASP advises (a trainee called ``=HYPERLINK(...)`` stays a name).

    >>> inert("=HYPERLINK(1)"), inert("Ana"), inert("90%")
    ("'=HYPERLINK(1)", 'Ana', '90%')
    """
    return f"'{cell}" if cell.startswith(_FORMULA) else cell


def report_csv(report: ClassReport) -> str:
    """The class view as CSV, each cell :func:`inert`."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([[inert(c) for c in row] for row in report_rows(report)])
    return out.getvalue()


def _live(t: TraineeRow) -> Cell:
    """Right of answered in the class's live quizzes (``3/4``), empty when none."""
    return (f"{t.live_correct}/{t.live_answered}", t.live_answered) if t.live_answered else ("", -1.0)


def _num(value: int) -> Cell:
    return str(value), value


def _pct(value: float | None) -> Cell:
    return ("", -1.0) if value is None else (f"{value:.0%}", value)


def _secs(ms: float | None) -> Cell:
    return ("", -1.0) if ms is None else (f"{ms / 1000:.1f}", ms)
