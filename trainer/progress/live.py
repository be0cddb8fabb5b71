"""A live class quiz (issue 41) on a school's PostgreSQL server: the instructor asks, every trainee's PC answers.

No new service: the quiz is rows on the school's server, and the push is PostgreSQL's LISTEN/NOTIFY.

- ``live_quizzes`` holds each quiz (a short code, its class, skills, number of questions, seed, the
  profile and any casino's rules) and **where the class is**: the question's number and the state,
  ``open`` (nobody asked yet), ``question`` (answers taken), ``revealed`` (answers closed, the key
  shown), ``ended``. A PC that starts, or comes back after a crash or a lost server, reads it there.
- Every change of state is a ``NOTIFY`` on the quiz's channel, sent in the same transaction (so it
  reaches the PCs when the change is committed); each answer is one on the quiz's answers channel
  (the projector's live count). A PC that missed a notification reads the row anyway within
  :data:`POLL_S` seconds.
- A question is never sent: each PC makes question *k* from the quiz's seed with the drills' own
  question makers (``trainer.drills.exam.exam_question``, spec R1), so the trainees' PCs never hold
  the key before Reveal.
- ``live_answers`` keeps one answer per trainee per question (its key): a second answer (a PC that
  restarted and sent it again) changes nothing. An answer is taken only while its question is
  asked (the quiz's row is read ``FOR SHARE``; Reveal takes it ``FOR UPDATE``, so an answer is either
  counted before the Reveal or refused). Each answer is also the trainee's drill answer (mode
  ``live``), logged through the store's ordinary answer path under an id made from the quiz, the
  question and the trainee: logged once, re-gradable, the FSRS card reviewed; one whose PC died
  between the two is logged when the trainee joins again (:func:`join`).
"""

from __future__ import annotations

import json
import secrets
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator

from trainer.progress import casino_texts
from trainer.progress.database import ServerUnavailable, pg_reason, psycopg_module, redact
from trainer.progress.school import SchoolClass
from trainer.progress.server import ServerStore
from trainer.progress.regrade import _given
from trainer.progress.store import ProgressStore, Trainee, _answer_text, content_uid, iso, utc_now
from trainer.rules.errors import TrainerError

if TYPE_CHECKING:
    from trainer.drills.model import Feedback, Question

STATES = ("open", "question", "revealed", "ended")
#: Letters of a quiz's code: none that reads as another on a projector (0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G).
CODE_LETTERS = "ACDEFHJKMNPQRTUVWXY3479"
CODE_LENGTH = 6
#: Longest a PC goes without reading where the class is (a notification lost with a connection).
POLL_S = 2.0
#: A quiz unchanged for this long is no longer offered to join (a class's lesson is over).
STALE_AFTER = timedelta(hours=12)

NEEDS_SCHOOL = ("a live quiz needs a school database (PostgreSQL): give --database postgresql://user@host/db "
                "or set PAIGOW_TRAINER_DATABASE (in the app: File > School database)")


class LateAnswer(TrainerError):
    """An answer to a question that is no longer asked (revealed, or the class moved on): refused."""


@dataclass(frozen=True)
class LiveQuiz:
    """One live quiz and where the class is in it (``number`` 0: no question asked yet)."""

    id: int
    code: str
    class_id: int
    class_name: str
    skills: tuple[str, ...]
    count: int
    seed: int
    profile: str
    casino: str
    number: int
    state: str

    def question(self, number: int | None = None) -> Question:
        """Question ``number`` (default: the one the class is at), made on this PC from the seed (once:
        a PC shows it, judges its answer and reveals it; thirty PCs on one server make it at once)."""
        return _made(self.seed, self.skills, self.count, self.profile, self.casino, number or self.number)

    @property
    def channel(self) -> str:
        return f"paigow_live_{self.id:d}"

    @property
    def answers_channel(self) -> str:
        return f"paigow_live_{self.id:d}_answers"


@lru_cache(maxsize=64)
def _made(seed: int, skills: tuple[str, ...], count: int, profile: str, casino: str, number: int) -> Question:
    """Question ``number`` of the exam of the quiz's skills, count, seed, profile and casino."""
    from trainer.drills.exam import ExamSpec, exam_question

    return exam_question(ExamSpec(seed=seed, skills=skills, count=count, profile=profile, casino=casino or None),
                         number)


@dataclass(frozen=True)
class Tally:
    """The answers to one question: how many, how many right, and how many gave each answer."""

    number: int
    answered: int
    correct: int
    counts: dict[str, int]


@dataclass(frozen=True)
class Result:
    """One trainee's record in a quiz."""

    trainee: str
    answered: int
    correct: int


@dataclass(frozen=True)
class Mine:
    """A trainee's answer to one question, as kept."""

    given: str
    correct: bool


# --- the school's server ------------------------------------------------------------------------------------

def need_school(store: ProgressStore) -> ServerStore:
    """``store`` if it is a school's server; a PC's file is a one-line :data:`NEEDS_SCHOOL` error."""
    if not isinstance(store, ServerStore):
        raise TrainerError(NEEDS_SCHOOL)
    return store


def _conn(store: ProgressStore) -> Any:
    """The server's connection (a :class:`ServerUnavailable` while it is unreachable: the quiz's rows
    are there only, never in this PC's file)."""
    need_school(store)._need_server("follow a live quiz")
    return store._conn


@contextmanager
def _on_server(store: ProgressStore) -> Iterator[Any]:
    """One transaction on the server (never on this PC's file, where ``_write`` goes while it is away)."""
    need_school(store)._need_server("run a live quiz")
    with store._write() as conn:
        yield conn


def _notify(conn: Any, channel: str, payload: str) -> None:
    conn.execute("SELECT pg_notify(?, ?)", (channel, payload))


# --- the instructor -----------------------------------------------------------------------------------------

def new_code() -> str:
    """A quiz's code: six letters read off a projector (not the drills' seeded RNG: nothing to replay)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def open_quiz(store: ProgressStore, group: SchoolClass, skills: tuple[str, ...] | list[str], count: int, seed: int,
              *, profile: str | None = None, casino: str | None = None) -> LiveQuiz:
    """Open a quiz for ``group`` (the instructor, signed in): checked as an exam is (skills of one
    game offered by the profile, 1 to 200 questions), no question asked yet. ``casino``: the SHA-256
    of a loaded casino's Rules Submission, whose text the server keeps so every PC makes its questions."""
    from trainer.drills.exam import ExamSpec

    spec = ExamSpec(seed=seed, skills=tuple(skills), count=count, profile=profile, casino=casino)
    code, now = new_code(), iso(utc_now())
    with _on_server(store) as conn:
        while conn.execute("SELECT 1 FROM live_quizzes WHERE code = ?", (code,)).fetchone():
            code = new_code()
        conn.execute("INSERT INTO live_quizzes (code, class_id, skills, count, seed, profile, casino, number, state, "
                     "opened_utc, changed_utc) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 'open', ?, ?)",
                     (code, group.id, json.dumps(list(spec.skills)), spec.count, spec.seed, spec.profile,
                      casino or "", now, now))
        casino_texts.keep(conn, casino or "")
    return find_quiz(store, code)


def _allowed(at: tuple[int, str], to: tuple[int, str], count: int) -> str:
    """Why the class cannot go from ``at`` to ``to`` ("" when it can)."""
    (number, state), (new_number, new_state) = at, to
    if state == "ended":
        return "the quiz has ended"
    if new_state == "ended":
        return ""
    if new_state == "revealed":
        return "" if (state, new_number) == ("question", number) else "no question is being answered to reveal"
    if state == "question":
        return f"reveal question {number} first"
    if number >= count:
        return f"that was the last question (of {count}): end the quiz"
    return "" if new_number == number + 1 else f"the next question is {number + 1}"


def move(store: ProgressStore, quiz: LiveQuiz, number: int, state: str) -> LiveQuiz:
    """Bring the class to question ``number`` in ``state`` and tell every PC; already there: nothing
    changes (a command sent again after a lost connection is not done twice). A move the quiz does not
    allow (reveal before asking, past the last question) is a one-line ``TrainerError``."""
    with _on_server(store) as conn:
        row = conn.execute("SELECT number, state FROM live_quizzes WHERE id = ? FOR UPDATE", (quiz.id,)).fetchone()
        at = (int(row[0]), str(row[1]))
        if at != (number, state):
            why = _allowed(at, (number, state), quiz.count)
            if why:
                raise TrainerError(why)
            conn.execute("UPDATE live_quizzes SET number = ?, state = ?, changed_utc = ? WHERE id = ?",
                         (number, state, iso(utc_now()), quiz.id))
            _notify(conn, quiz.channel, f"{state} {number}")
    return find_quiz(store, quiz.code)


def ask_next(store: ProgressStore, quiz: LiveQuiz) -> LiveQuiz:
    return move(store, quiz, quiz.number + 1, "question")


def reveal(store: ProgressStore, quiz: LiveQuiz) -> LiveQuiz:
    return move(store, quiz, quiz.number, "revealed")


def end(store: ProgressStore, quiz: LiveQuiz) -> LiveQuiz:
    return move(store, quiz, quiz.number, "ended")


def tally(store: ProgressStore, quiz: LiveQuiz, number: int | None = None) -> Tally:
    """The answers given to question ``number`` (default: the current one)."""
    number = number or quiz.number
    counts: dict[str, int] = {}
    right = 0
    for given, correct, n in _conn(store).execute(
            "SELECT given, correct, COUNT(*) FROM live_answers WHERE quiz_id = ? AND number = ? GROUP BY given, correct "
            "ORDER BY given", (quiz.id, number)):
        counts[given] = counts.get(given, 0) + int(n)
        right += int(n) if correct else 0
    return Tally(number, sum(counts.values()), right, counts)


def tallies(store: ProgressStore, quiz: LiveQuiz) -> list[Tally]:
    """Every question asked so far, in order."""
    return [tally(store, quiz, n) for n in range(1, quiz.number + 1)]


def results(store: ProgressStore, quiz: LiveQuiz) -> list[Result]:
    """Every trainee who joined: answers and right answers, the most right first (then by name)."""
    rows = _conn(store).execute(
        "SELECT t.name, COUNT(a.number), COALESCE(SUM(a.correct), 0) FROM live_joins j "
        "JOIN trainees t ON t.id = j.trainee_id LEFT JOIN live_answers a ON a.quiz_id = j.quiz_id "
        "AND a.trainee_id = j.trainee_id WHERE j.quiz_id = ? GROUP BY t.name", (quiz.id,)).fetchall()
    found = [Result(str(name), int(n), int(right)) for name, n, right in rows]
    return sorted(found, key=lambda r: (-r.correct, r.trainee.casefold()))


def joined(store: ProgressStore, quiz: LiveQuiz) -> int:
    return int(_conn(store).execute("SELECT COUNT(*) FROM live_joins WHERE quiz_id = ?", (quiz.id,)).fetchone()[0])


# --- a trainee ----------------------------------------------------------------------------------------------

_SELECT = ("SELECT q.id, q.code, q.class_id, c.name, q.skills, q.count, q.seed, q.profile, q.casino, q.number, "
           "q.state FROM live_quizzes q JOIN classes c ON c.id = q.class_id")


def _quiz(row: Any) -> LiveQuiz:
    return LiveQuiz(int(row[0]), str(row[1]), int(row[2]), str(row[3]), tuple(json.loads(row[4])), int(row[5]),
                    int(row[6]), str(row[7]), str(row[8]), int(row[9]), str(row[10]))


def find_quiz(store: ProgressStore, code: str) -> LiveQuiz:
    """The quiz with ``code`` (any case, spaces ignored), as the server has it now."""
    clean = "".join(str(code).split()).upper()
    row = _conn(store).execute(f"{_SELECT} WHERE q.code = ?", (clean,)).fetchone()
    if row is None:
        raise TrainerError(f"no live quiz has the code {clean!r} (check the code on the projector)")
    return _quiz(row)


def open_quizzes(store: ProgressStore, trainee: str) -> list[LiveQuiz]:
    """The quizzes not ended in the classes ``trainee`` is in, newest first (the app's Join offer);
    one left unchanged for :data:`STALE_AFTER` (its instructor's PC died and nobody ended it) is not offered."""
    who = store.trainee(trainee)
    rows = _conn(store).execute(
        f"{_SELECT} JOIN class_members m ON m.class_id = q.class_id WHERE m.trainee_id = ? AND q.state <> 'ended' "
        "AND q.changed_utc >= ? ORDER BY q.id DESC", (who.id, iso(utc_now() - STALE_AFTER))).fetchall()
    return [_quiz(row) for row in rows]


def join(store: ProgressStore, quiz: LiveQuiz, trainee: str) -> Trainee:
    """Join ``trainee`` (who must be in the quiz's class) to ``quiz``; joining again (a PC that
    restarted) keeps the answers given, and logs any of them its PC had not logged yet."""
    who = store.trainee(trainee)
    if not _conn(store).execute("SELECT 1 FROM class_members WHERE class_id = ? AND trainee_id = ?",
                                (quiz.class_id, who.id)).fetchone():
        raise TrainerError(f"{who.name} is not in class {quiz.class_name}: only its trainees join its live quiz "
                           "(the instructor adds trainees to the class)")
    if quiz.state == "ended":
        raise TrainerError(f"the live quiz {quiz.code} of class {quiz.class_name} has ended")
    with _on_server(store) as conn:
        conn.execute("INSERT INTO live_joins (quiz_id, trainee_id, joined_utc) VALUES (?, ?, ?) "
                     "ON CONFLICT DO NOTHING", (quiz.id, who.id, iso(utc_now())))
        _notify(conn, quiz.answers_channel, "joined")
    _log_missing(store, quiz, who)
    return who


def answer_uid(quiz: LiveQuiz, number: int, who: Trainee) -> str:
    """The id of a trainee's answer to a question of a quiz in the answer log: the same every time."""
    return content_uid("live", quiz.code, quiz.id, number, who.id)


def answer(store: ProgressStore, quiz: LiveQuiz, trainee: str, number: int, raw: Any, ms: int) -> Feedback:
    """Take ``trainee``'s answer ``raw`` to question ``number``, given ``ms`` after it was shown:
    judged as in the drills (an unreadable one is an ``AnswerParseError``, nothing kept), kept once
    (a trainee's first answer to a question is the one that counts), logged as a drill answer.
    A question no longer asked is a :class:`LateAnswer`."""
    from trainer.drills.answers import check

    question = quiz.question(number)
    feedback = check(question, raw)
    who = store.trainee(trainee)
    uid = answer_uid(quiz, number, who)
    with _on_server(store) as conn:
        row = conn.execute("SELECT number, state FROM live_quizzes WHERE id = ? FOR SHARE", (quiz.id,)).fetchone()
        if (int(row[0]), str(row[1])) != (number, "question"):
            raise LateAnswer(f"too late: the answers to question {number} are closed")
        kept = conn.execute(
            "INSERT INTO live_answers (quiz_id, number, trainee_id, answer, given, correct, ms, uid, answered_utc) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING number",
            (quiz.id, number, who.id, _answer_text(raw, question), feedback.given, int(feedback.correct), int(ms), uid,
             iso(utc_now()))).fetchone()
        if kept is not None:
            _notify(conn, quiz.answers_channel, str(number))
    if kept is None:
        return _feedback_of(store, quiz, who, number)
    store.record(who.name, question, feedback, raw, ms, mode="live", uid=uid)
    return feedback


def _feedback_of(store: ProgressStore, quiz: LiveQuiz, who: Trainee, number: int) -> Feedback:
    """The verdict on the answer ``who`` gave to question ``number`` (as kept)."""
    from trainer.drills.answers import check

    row = _conn(store).execute("SELECT answer FROM live_answers WHERE quiz_id = ? AND number = ? AND trainee_id = ?",
                               (quiz.id, number, who.id)).fetchone()
    question = quiz.question(number)
    return check(question, _given(question, row[0]))


def _log_missing(store: ProgressStore, quiz: LiveQuiz, who: Trainee) -> None:
    """Log the answers ``who`` gave in ``quiz`` that the answer log lacks (their PC stopped between)."""
    from trainer.drills.answers import check

    for number, raw, ms, uid in _conn(store).execute(
            "SELECT l.number, l.answer, l.ms, l.uid FROM live_answers l WHERE l.quiz_id = ? AND l.trainee_id = ? "
            "AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.uid = l.uid) ORDER BY l.number",
            (quiz.id, who.id)).fetchall():
        question = quiz.question(int(number))
        given = _given(question, raw)
        store.record(who.name, question, check(question, given), given, int(ms), mode="live", uid=str(uid))


def mine(store: ProgressStore, quiz: LiveQuiz, trainee: str, number: int) -> Mine | None:
    """``trainee``'s answer to question ``number``, or None (none given)."""
    who = store.trainee(trainee)
    row = _conn(store).execute("SELECT given, correct FROM live_answers WHERE quiz_id = ? AND number = ? "
                               "AND trainee_id = ?", (quiz.id, number, who.id)).fetchone()
    return None if row is None else Mine(str(row[0]), bool(row[1]))


# --- the push -----------------------------------------------------------------------------------------------

class Listener:
    """A connection of its own that LISTENs on a quiz's channel: :meth:`wait` returns True as soon as a
    notification comes, False after ``seconds`` without one. A lost server is a :class:`ServerUnavailable`;
    the next :meth:`wait` listens again."""

    def __init__(self, url: str, channel: str) -> None:
        self.url, self.channel = url, channel
        self._psycopg = psycopg_module()
        self._raw: Any = None
        self._listen()

    def _listen(self) -> None:
        try:
            self._raw = self._psycopg.connect(self.url, autocommit=True, connect_timeout=3, keepalives=1,
                                              keepalives_idle=5, keepalives_interval=2, keepalives_count=2)
            self._raw.execute(f"LISTEN {self.channel}")
        except self._psycopg.Error as exc:
            self.close()
            raise ServerUnavailable(f"cannot reach the school's database {redact(self.url)}: {pg_reason(exc)}") from None

    def ensure(self) -> None:
        """Listen again if the connection was lost."""
        if self._raw is None or self._raw.closed:
            self._listen()

    def wait(self, seconds: float) -> bool:
        self.ensure()
        try:
            for _ in self._raw.notifies(timeout=seconds, stop_after=1):
                return True
        except self._psycopg.Error as exc:
            self.close()
            raise ServerUnavailable(f"lost the school's database {redact(self.url)}: {pg_reason(exc)}") from None
        return False

    def close(self) -> None:
        if self._raw is not None:
            self._raw.close()


# --- what a PC shows ----------------------------------------------------------------------------------------

def question_event(question: Question, number: int, *, key: bool = False) -> dict[str, Any]:
    """Question ``number`` as an event: what it asks and its choices; ``key`` (the instructor's
    screen only): the answer, its explanation and sections too."""
    event: dict[str, Any] = {"event": "question", "number": number, "prompt": question.prompt,
                             "choices": list(question.choices)}
    if question.parts:
        event["parts"] = [{"prompt": p.prompt, "choices": list(p.choices)} for p in question.parts]
    return {**event, **(_key(question) if key else {})}


def _key(question: Question) -> dict[str, Any]:
    from trainer.drills.answers import expected_text

    return {"answer": expected_text(question), "explanation": question.explanation,
            "citations": list(question.citations)}


def reveal_event(question: Question, number: int, given: Mine | None) -> dict[str, Any]:
    """A trainee's Reveal: right or wrong (None: no answer given), the answer, why, and the section."""
    return {"event": "reveal", "number": number, "correct": None if given is None else given.correct,
            "given": None if given is None else given.given, **_key(question)}


def class_reveal_event(question: Question, counted: Tally) -> dict[str, Any]:
    """The instructor's Reveal: how many answered, how many right, each answer's count, and the key."""
    return {"event": "reveal", "number": counted.number, "answered": counted.answered, "correct": counted.correct,
            "counts": counted.counts, **_key(question)}


class Follower:
    """What a trainee's PC shows as the class moves through a quiz: :meth:`events` waits for the push
    (at most ``seconds``), reads where the class is (the rows, so a PC that was away finds it) and
    returns what this PC has not shown yet: ``question`` (never the key; ``answered`` when this
    trainee already gave one: a PC that restarted), ``reveal`` with the trainee's verdict, ``end``."""

    def __init__(self, store: ProgressStore, quiz: LiveQuiz, trainee: str) -> None:
        self.store, self.quiz, self.trainee = need_school(store), quiz, trainee
        self.listener = Listener(self.store.url, quiz.channel)  # before the first read: no change missed
        quiz.question(1)  # the drills' modules imported now, not when the first question is asked
        self.asked = self.revealed = 0
        self._read_now, self._read_at = True, 0.0

    def events(self, seconds: float) -> list[dict[str, Any]]:
        """What changed (a :class:`ServerUnavailable` while the server is away: call again later).
        The rows are read when notified, else every :data:`POLL_S` seconds: a PC that waits in short
        steps (for its trainee's answer too) does not ask the server each time."""
        try:
            if self._read_now:
                self.listener.ensure()
            elif not self.listener.wait(seconds) and time.monotonic() < self._read_at:
                return []
            self._read_now, self._read_at = False, time.monotonic() + POLL_S
            self.quiz = find_quiz(self.store, self.quiz.code)
            return self._changes()
        except ServerUnavailable:
            self._read_now = True
            raise

    def _changes(self) -> list[dict[str, Any]]:
        quiz, found = self.quiz, []
        if quiz.state in ("question", "revealed") and quiz.number != self.asked:
            self.asked = quiz.number
            given = mine(self.store, quiz, self.trainee, quiz.number)
            found.append({**question_event(quiz.question(), quiz.number),
                          **({"answered": given.given} if given else {})})
        if quiz.state == "revealed" and quiz.number != self.revealed:
            self.revealed = quiz.number
            found.append(reveal_event(quiz.question(), quiz.number, mine(self.store, quiz, self.trainee, quiz.number)))
        if quiz.state == "ended":
            found.append({"event": "end"})
        return found

    def close(self) -> None:
        self.listener.close()
