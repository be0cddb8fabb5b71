"""``paigow-trainer live``: a live class quiz on a school's database (issue 41).

    paigow-trainer live host --class NAME --skills IDS --count N --seed S [--casino-rules F]
                             [--password-file F] [--database URL] --json
    paigow-trainer live join CODE --trainee NAME [--database URL] --json

Both print one JSON object per line (``--json``; else one line of words each). The host (the
instructor: the class's password as for ``class``) prints ``{"event": "open", "code": ...}``, the live
count whenever it changes (``{"event": "count", "joined": 3}``, with ``"answered"`` while a question is
asked), and reads commands from standard input, one per line: ``next`` (the question, with its key), ``reveal``
(how many answered, how many right, each answer's count), ``end`` (the results; exit 0; the end of
standard input ends the quiz too). A trainee's
``join`` prints ``joined``, then each question (never its key) and reads one answer line (a choice's
text or a typed answer as in the drills; a multi-part answer as a JSON list), ``reveal`` (right,
wrong, or null: no answer), ``end`` (exit 0). An answer after Reveal is refused (``refused``).

A wrong password, a trainee not in the class, an unknown code, a PC's file instead of a school's
database: one line, exit 2. While the school's server is unreachable both say so (``waiting``) and
go on when it is back: the quiz keeps its place on the server, and a trainee's PC that restarts
rejoins at the current question with its answers kept.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Callable

from trainer.cli.args import integer, name, seed
from trainer.cli.common import add_casino_rules, add_json, add_password, instructor_password
from trainer.cli.progress import add_data_dir, open_store

ORDER = 77

#: How often a PC tries the school's server again while it is away.
RETRY_S = 1.0
#: How often the host reads the live count while it waits for a command (seconds).
COUNT_S = 0.5
#: The longest an answer line waits to be sent while a question is asked (the push is waited for in
#: steps this long: shorter steps cost thirty PCs sharing a machine more than they gain).
ANSWER_S = 0.2


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("live", help="a live class quiz: the instructor asks, every trainee's PC answers",
                       description="A live class quiz on the school's database: the instructor hosts it, each "
                                   "trainee's PC joins it with the code the host shows.")
    roles = p.add_subparsers(dest="role", metavar="ROLE", required=True)
    h = roles.add_parser("host", help="open a quiz for a class and run it (commands on stdin: next, reveal, end)",
                         description="Open a live quiz for a class; then read next, reveal and end from standard "
                                     "input, one per line.")
    h.add_argument("--class", dest="group", required=True, metavar="NAME", help="the class")
    h.add_argument("--skills", required=True, metavar="A,B,...", help="skill ids separated by commas")
    h.add_argument("--count", type=integer(1), required=True, metavar="N", help="number of questions")
    h.add_argument("--seed", type=seed, required=True, help="the quiz's seed: the same seed, the same questions")
    add_casino_rules(h)
    add_password(h)
    j = roles.add_parser("join", help="join a class's live quiz with its code and answer its questions",
                         description="Join a live quiz (the code on the projector) as a trainee of its class; "
                                     "answers are read from standard input, one line per question.")
    j.add_argument("code", help="the quiz's code")
    j.add_argument("--trainee", required=True, type=name, metavar="NAME", help="the trainee answering")
    for role in (h, j):
        add_data_dir(role)
        add_json(role)
        role.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return _host(args) if args.role == "host" else _join(args)


class _Out:
    """One event per line: JSON with ``--json``, else in words."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json
        self._waiting = False

    def __call__(self, event: dict[str, Any]) -> None:
        self._waiting = event["event"] == "waiting"
        print(json.dumps(event) if self.as_json else _words(event), flush=True)

    def waiting(self, message: str) -> None:
        """Say once that the server is away (not again each retry)."""
        if not self._waiting:
            self({"event": "waiting", "message": message})


def _words(event: dict[str, Any]) -> str:
    kind = event["event"]
    if kind == "question":
        choices = "".join(f"\n  {i}. {c}" for i, c in enumerate(event.get("choices", []), 1))
        key = f"\n  answer: {event['answer']}" if "answer" in event else ""
        return f"Question {event['number']}: {event['prompt']}{choices}{key}"
    if kind == "reveal":
        if "counts" in event:
            return (f"Question {event['number']}: {event['correct']} of {event['answered']} right; "
                    f"answer {event['answer']} ({', '.join(event['citations'])})")
        verdict = {True: "right", False: "wrong", None: "no answer given"}[event["correct"]]
        return f"Question {event['number']}: {verdict}; answer {event['answer']}. {event['explanation']}"
    if kind == "end" and "results" in event:
        return "Results:" + "".join(f"\n  {r['trainee']}: {r['correct']} of {r['answered']} right"
                                    for r in event["results"])
    if kind == "open":
        return f"Live quiz open for class {event['class']}: code {event['code']}"
    if kind == "count":
        return f"{event['joined']} joined" + (f", {event['answered']} answered" if "answered" in event else "")
    return event.get("message") or kind.capitalize()


def _patiently(store: Any, out: _Out, step: Callable[[], Any]) -> Any:
    """``step()``; while the school's server is away, say so once and try again when it is back
    (each step is safe to repeat: the quiz's moves go to a given place, answers are kept once)."""
    from trainer.progress.database import ServerUnavailable

    while True:
        try:
            return step()
        except ServerUnavailable as exc:
            out.waiting(f"waiting for the school server ({exc}); the quiz keeps its place")
            time.sleep(RETRY_S)
            store.retry_now()


# --- the instructor -----------------------------------------------------------------------------------------

def _host(args: argparse.Namespace) -> int:
    from trainer.progress import live, school

    out = _Out(args.json)
    with open_store(args) as store:
        live.need_school(store)
        group = school.sign_in(store, school.school_class(store, args.group).name, instructor_password(args))
        skills = tuple(s.strip() for s in args.skills.split(",") if s.strip())
        profile, digest = _casino(args)
        quiz = live.open_quiz(store, group, skills, args.count, args.seed, profile=profile, casino=digest)
        out({"event": "open", "code": quiz.code, "class": group.name, "count": quiz.count})
        lines, counted = _Lines(), None
        while (line := lines.take(COUNT_S)) is not None or not lines.ended:
            if line is None:  # (no command yet: the live count, when it changes)
                counted = _count(store, out, quiz, counted)
                continue
            command = line.strip().lower()
            if not command:
                continue
            if command not in _COMMANDS:
                out({"event": "error", "message": f"unknown command {command!r}: next, reveal or end"})
                continue
            quiz = _command(store, out, quiz, command)
            if quiz.state == "ended":
                return 0
        _command(store, out, quiz, "end")  # the commands ended without one: the class is not left waiting
    return 0


def _count(store: Any, out: _Out, quiz: Any, before: dict[str, Any] | None) -> dict[str, Any]:
    """The live count: the trainees connected, and while a question is asked how many have answered it;
    printed (``{"event": "count", "joined": 2, "answered": 1}``) when it differs from ``before``."""
    from trainer.progress import live

    def read() -> dict[str, Any]:
        counted = {"event": "count", "joined": live.joined(store, quiz)}
        return counted | ({"answered": live.tally(store, quiz).answered} if quiz.state == "question" else {})

    now = _patiently(store, out, read)
    if now != before:
        out(now)
    return now


def _casino(args: argparse.Namespace) -> tuple[str | None, str | None]:
    """``--casino-rules FILE``'s profile and SHA-256, or (None, None)."""
    if not args.casino_rules:
        return None, None
    from trainer.cli.common import casino_setup

    profile = casino_setup(args)[0]
    return profile.name, profile.casino_sha256


_COMMANDS = ("next", "reveal", "end")


def _command(store: Any, out: _Out, quiz: Any, command: str) -> Any:
    """Do ``command``, print what it shows, and return the quiz as it now is."""
    from trainer.progress import live
    from trainer.rules.errors import TrainerError

    move = {"next": live.ask_next, "reveal": live.reveal, "end": live.end}[command]
    try:
        moved = _patiently(store, out, lambda: move(store, quiz))
    except TrainerError as exc:
        out({"event": "error", "message": str(exc)})
        return quiz
    if command == "next":
        out(live.question_event(moved.question(), moved.number, key=True))
    elif command == "reveal":
        out(live.class_reveal_event(moved.question(), _patiently(store, out, lambda: live.tally(store, moved))))
    else:
        ranked = _patiently(store, out, lambda: (live.results(store, moved), live.tallies(store, moved)))
        out({"event": "end", "results": [r.__dict__ for r in ranked[0]],
             "questions": [{"number": t.number, "answered": t.answered, "correct": t.correct} for t in ranked[1]]})
    return moved


# --- a trainee ----------------------------------------------------------------------------------------------

def _join(args: argparse.Namespace) -> int:
    from trainer.progress import live

    out = _Out(args.json)
    with open_store(args, offline=True) as store:
        live.need_school(store)
        quiz = _patiently(store, out, lambda: live.find_quiz(store, args.code))
        trainee = _patiently(store, out, lambda: live.join(store, quiz, args.trainee)).name
        out({"event": "joined", "code": quiz.code, "class": quiz.class_name})
        follower = _patiently(store, out, lambda: live.Follower(store, quiz, trainee))
        try:
            return _follow(store, out, follower, _Lines())
        finally:
            follower.close()


class _Lines:
    """Standard input's lines, read by a thread of their own so the push is never kept waiting."""

    def __init__(self) -> None:
        import queue
        import threading

        self._queue: queue.Queue[str | None] = queue.Queue()
        #: standard input has ended (and every line before the end was taken)
        self.ended = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in sys.stdin:
            self._queue.put(line)
        self._queue.put(None)

    def take(self, wait: float = 0.0) -> str | None:
        """A line read, if one waits or comes within ``wait`` seconds (None: none, or standard input has
        ended: :attr:`ended`)."""
        import queue

        try:
            line = self._queue.get(timeout=wait) if wait else self._queue.get_nowait()
        except queue.Empty:
            return None
        self.ended = self.ended or line is None
        return line


def _follow(store: Any, out: _Out, follower: Any, lines: _Lines) -> int:
    """Show the class's questions and reveals as they come; answer the question asked from ``lines``."""
    from trainer.progress.database import ServerUnavailable

    asked: tuple[int, float] | None = None  # the question waiting for this trainee's answer, and when shown
    while True:
        try:
            events = follower.events(ANSWER_S if asked else 0.5)
        except ServerUnavailable:
            out.waiting("waiting for the school server")
            time.sleep(RETRY_S)
            store.retry_now()
            continue
        for event in events:
            out(event)
            if event["event"] == "end":
                return 0
            if event["event"] == "question":
                asked = None if "answered" in event else (event["number"], time.monotonic())
            elif event["event"] == "reveal":
                asked = None
        line = lines.take()
        if line is None or not line.strip():
            continue
        if asked is not None:
            asked = _answer(store, out, follower.quiz, follower.trainee, asked, line.strip())
        else:
            out(_nothing_asked(follower.quiz))


def _nothing_asked(quiz: Any) -> dict[str, Any]:
    """An answer line while no question waits for one: refused, with why."""
    if quiz.state == "revealed":
        why = f"too late: the answers to question {quiz.number} are closed"
    elif quiz.state == "question":
        why = f"question {quiz.number} is answered already (the first answer counts)"
    else:
        why = "no question is asked yet"
    return {"event": "refused", "number": quiz.number, "message": why}


def _answer(store: Any, out: _Out, quiz: Any, trainee: str, asked: tuple[int, float],
            line: str) -> tuple[int, float] | None:
    """Send ``line`` as the answer to the question asked; the question still waiting for one (an
    answer the drill cannot read), or None."""
    from trainer.drills.model import AnswerParseError
    from trainer.progress import live

    number, shown = asked
    raw = _value(line)
    ms = int((time.monotonic() - shown) * 1000)
    try:
        _patiently(store, out, lambda: live.answer(store, quiz, trainee, number, raw, ms))
    except AnswerParseError as exc:
        out({"event": "error", "number": number, "message": f"{exc}: answer again"})
        return asked
    except live.LateAnswer as exc:
        out({"event": "refused", "number": number, "message": str(exc)})
        return None
    out({"event": "answered", "number": number})
    return None


def _value(line: str) -> Any:
    """An answer line: a JSON list is a multi-part answer; anything else is the answer's text."""
    if line.startswith("["):
        try:
            value = json.loads(line)
        except ValueError:
            return line
        return value if isinstance(value, list) else line
    return line
