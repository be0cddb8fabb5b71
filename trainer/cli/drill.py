"""``paigow-trainer drill --skill S --count K``: a drill in the terminal, answers read from stdin.

Letters pick choices (``a``, ``b``, ...); a multi-part question reads one line per part. An
unreadable answer is explained and asked again, never marked wrong. A skill shown as an animation
(``needs_screen``, e.g. style-animation) is refused with a pointer to the app: text would give it away. With ``--trainee`` (or a
current trainee) every answer is recorded in the progress file.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from trainer.cli.common import add_profile
from trainer.cli.progress import add_data_dir, open_store
from trainer.rules.errors import TrainerError

ORDER = 75


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("drill", help="practise a skill in the terminal (answers from stdin)",
                       description="Practise a skill in the terminal; answers are read from stdin.")
    p.add_argument("--skill", required=True, help="skill id, e.g. house-way")
    p.add_argument("--count", type=int, default=10, metavar="K", help="number of questions (default 10)")
    p.add_argument("--seed", type=int, default=None, help="seed, to replay the same questions")
    add_profile(p, any_game=True)
    p.add_argument("--mode", choices=("practice", "timed"), default="practice")
    p.add_argument("--trainee", metavar="NAME", help="record the answers for this trainee")
    add_data_dir(p)
    p.set_defaults(run=run)


def _read(prompt: str) -> str | None:
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    return None if not line else line.rstrip("\n")


def _ask_until_readable(question, read: Callable[[str], str | None], submit: Callable[[Any], Any]):
    """Read answers until one parses; returns submit's result, or None at end of input."""
    from trainer.drills.model import AnswerKind, AnswerParseError
    from trainer.drills.text import choice_from_letter

    while True:
        if question.kind is AnswerKind.MULTI:
            raw: Any = []
            for i, part in enumerate(question.parts, start=1):
                line = read(f"({i}) > ")
                if line is None:
                    return None
                raw.append(choice_from_letter(line, part.choices) if part.choices else line)
        else:
            line = read("> ")
            if line is None:
                return None
            raw = choice_from_letter(line, question.choices) if question.choices else line
        try:
            return submit(raw)
        except AnswerParseError as exc:
            print(f"  ? {exc} - try again")


def run(args: argparse.Namespace) -> int:
    from trainer.drills.registry import skill_named
    from trainer.drills.session import DrillSession
    from trainer.drills.text import render_question

    if skill_named(args.skill).needs_screen:  # unknown skill: one-line error before anything else
        raise TrainerError(f"skill '{args.skill}' is shown as an animation: practise it in the app's Drills "
                           "screen (in the terminal, try style-name)")
    store = open_store(args) if args.trainee else None
    if store is not None:
        store.ensure_trainee(args.trainee)
    session = DrillSession([args.skill], profile=args.profile, mode=args.mode, seed=args.seed, store=store,
                           trainee=args.trainee)
    try:
        for n in range(1, args.count + 1):
            question = session.next_question()
            print(f"\n{n}/{args.count}. {render_question(question, help_text=True)}")
            feedback = _ask_until_readable(question, _read, session.answer)
            if feedback is None:
                break
            verdict = "Right." if feedback.correct else f"Wrong: {feedback.expected}. {feedback.mistake}".rstrip()
            print(f"  {verdict}\n  {feedback.explanation}")
    finally:
        if store is not None:
            store.close()
    s = session.summary()
    if s.answered:
        print(f"\n{s.correct}/{s.answered} right ({s.accuracy:.0%}), median {s.median_ms / 1000:.1f} s")
    return 0
