"""``paigow-trainer drill --skill S --count K``: a drill in the terminal, answers read from stdin.

Choices are numbered as in the app (``1``, ``2``, ...; letters ``a``, ``b``, ... work too); a
multi-part question reads one line per part. An unreadable answer is explained and asked again,
never marked wrong. The questions follow the learning queue (new items in teaching order, a missed
item back after a few others, never one item twice in a row); the session ends with its review:
right and wrong, the median time against the fluent time, and each missed item with its right
answer (``--json``: the review as JSON on stdout, the questions on stderr). A skill shown as an
animation (``needs_screen``, e.g. style-animation) is
refused with a pointer to the app: text would give it away. Every answer is recorded for
``--trainee`` (created if new; current if there was none), else for the current trainee; with
neither, a note says nothing is recorded. A trainee in a class whose instructor published a casino's
rules (``class --casino-rules``) trains on them, named before the first question, unless
``--casino-rules`` or ``--profile`` chooses otherwise. While a school's server is down the drill trains from
this PC, as the app does: the answers wait in the outbox and are sent when it answers again.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from trainer.cli.args import integer, name, printable, seed
from trainer.cli.common import add_casino_rules, add_json, add_profile, casino_setup, class_casino
from trainer.cli.progress import add_data_dir, current_if_none, open_store
from trainer.drills.queue import NEW_PER_DAY
from trainer.rules.errors import TrainerError

ORDER = 75
MAX_QUESTIONS = 1000


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("drill", help="practise a skill in the terminal (answers from stdin)",
                       description="Practise a skill in the terminal; answers are read from stdin.")
    p.add_argument("--skill", required=True, help="skill id, e.g. house-way")
    p.add_argument("--count", type=integer(1, MAX_QUESTIONS), default=None, metavar="K",
                   help=f"number of questions, 1 to {MAX_QUESTIONS} (default 20; the app offers 10, 20, 40); "
                        "with --until-due: at most K")
    p.add_argument("--until-due", action="store_true",
                   help="the day's session: the due items, the missed ones once more and the day's new items, "
                        "then done (at most --count questions if given)")
    p.add_argument("--new-per-day", type=integer(0, MAX_QUESTIONS), default=NEW_PER_DAY, metavar="N",
                   help=f"new items a day at most, counted from the trainee's answers (default {NEW_PER_DAY})")
    p.add_argument("--seed", type=seed, default=None, help="seed, to replay the same questions")
    add_profile(p, any_game=True)
    add_casino_rules(p)
    p.add_argument("--mode", choices=("practice", "timed"), default="practice")
    p.add_argument("--trainee", type=name, metavar="NAME",
                   help="record the answers for this trainee (default: the current one)")
    add_data_dir(p)
    add_json(p)
    p.set_defaults(run=run)


def _read(prompt: str) -> str | None:
    print(prompt, end="", flush=True, file=_out)
    line = sys.stdin.readline()
    return None if not line else line.rstrip("\n")


def _ask_until_readable(question, read: Callable[[str], str | None], submit: Callable[[Any], Any]):
    """Read answers until one parses; returns submit's result, or None at end of input."""
    from trainer.drills.model import AnswerKind, AnswerParseError
    from trainer.drills.text import choice_from_key

    while True:
        if question.kind is AnswerKind.MULTI:
            raw: Any = []
            for i, part in enumerate(question.parts, start=1):
                line = read(f"({i}) > ")
                if line is None:
                    return None
                raw.append(choice_from_key(line, part.choices) if part.choices else line)
        else:
            line = read("> ")
            if line is None:
                return None
            raw = choice_from_key(line, question.choices) if question.choices else line
        try:
            return submit(raw)
        except AnswerParseError as exc:
            print(f"  ? {printable(str(exc))} - try again", file=_out)


def run(args: argparse.Namespace) -> int:
    from trainer.drills.registry import check_offered, profile_for, skill_named
    from trainer.drills.session import DrillSession
    from trainer.drills.text import plain_words, render_question

    skill = skill_named(args.skill)
    profile, house_way = casino_setup(args)
    profile = profile_for(skill, profile or args.profile)
    check_offered(skill, profile)  # one line, before anything is opened
    if skill.needs_screen:
        raise TrainerError(f"skill '{args.skill}' is shown as an animation: practise it in the app's Drills "
                           "screen (in the terminal, try style-name)")
    if hasattr(sys.stdin, "reconfigure"):  # a typed byte that is not UTF-8 is an unreadable answer, not a crash
        sys.stdin.reconfigure(errors="replace")
    global _out
    _out = sys.stderr if args.json else sys.stdout
    with open_store(args, offline=True) as store:
        trainee = _trainee(store, args.trainee)
        # the trainee's class's casino rules, unless the trainee chose their own rules or profile
        shared = None if args.casino_rules or args.profile else class_casino(store, trainee, skill.game)
        if shared is not None:
            profile, house_way, line = shared
            check_offered(skill, profile)
            print(line, file=_out)
        session = DrillSession([args.skill], profile=profile, house_way=house_way, mode=args.mode, seed=args.seed,
                               store=store, trainee=trainee,
                               length=args.count if args.until_due else args.count or 20, until_due=args.until_due,
                               new_per_day=args.new_per_day)
        total = "" if session.length is None else f"/{session.length}"
        while not session.done and len(session.history) < MAX_QUESTIONS:
            question = session.next_question()
            print(f"\n{len(session.history) + 1}{total}. {render_question(question, typed=True)}", file=_out)
            feedback = _ask_until_readable(question, _read, session.answer)
            if feedback is None:
                break
            print(plain_words(f"  {_verdict(feedback)}\n  {feedback.explanation}", profile), file=_out)
    s = session.summary()
    if args.json:
        import json

        print(json.dumps(s.to_dict(), indent=2))
    else:
        if s.answered or s.done_for_today is not None:
            print(plain_words("\nReview: " + "\n".join(s.review_lines()), profile))
        if s.done_for_today is not None:  # (the app's Practise more (M), said as the command that does it)
            print(f"To practise more: paigow-trainer drill --skill {args.skill} (without --until-due)")
    return 0


#: Where the questions go: stdout, or stderr with ``--json`` (stdout then holds the JSON review only).
_out = sys.stdout


def _trainee(store, given: str | None) -> str | None:
    """Whose answers are recorded: ``--trainee`` (added if new, and made current if there is no
    current trainee), else the current trainee; None (with a note on stderr) when there is neither."""
    if given:
        return current_if_none(store, store.ensure_trainee(given)).name
    current = store.current_trainee
    if current is None:
        print("note: no trainee chosen, so these answers are not recorded (use --trainee NAME)", file=sys.stderr)
        return None
    return current.name


def _verdict(feedback) -> str:
    """``Right. You answered 4-5.`` or ``Wrong. You answered 4-5 · correct: 6-6.``, then the mistake
    named (if it is a known one) on a line of its own."""
    if feedback.correct:
        return f"Right. You answered {feedback.given}" + (f" ({feedback.note})." if feedback.note else ".")
    mistake = f"\n  {feedback.mistake[:1].upper()}{feedback.mistake[1:]}" if feedback.mistake else ""
    return f"Wrong. You answered {feedback.given} · correct: {feedback.expected}.{mistake}"
