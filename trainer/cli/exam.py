"""``paigow-trainer exam --seed N --skills a,b --count K --print-questions``: a printable exam.

The same seed, skills, count and profile always give the same questions (spec R1). The JSON form
holds every question with its answer, explanation and citations (an instructor's answer key).
Skills shown as animations (``needs_screen``) cannot be printed: ``all`` leaves them out and naming
one with ``--print-questions`` is an error (the app's Exam screen asks them). ``--trainee NAME``: when
the trainee is in a class whose instructor published a casino's rules (``class --casino-rules``), the
exam is on them, unless ``--casino-rules``, ``--profile`` or ``--house-way`` chooses otherwise.
"""

from __future__ import annotations

import argparse

from trainer.cli.args import integer, name as trainee_name, seed
from trainer.cli.common import (add_casino_rules, add_json, add_profile, add_progress, casino_setup, class_casino,
                                emit, progress_bar)
from trainer.cli.progress import add_data_dir, open_store

ORDER = 80
MAX_TIME_LIMIT_S = 86_400


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("exam", help="build a fixed exam from a seed; print its questions and answer key",
                       description="Build an exam from a seed: the same arguments always give the same questions.")
    p.add_argument("--seed", type=seed, required=True, help="the exam's seed")
    p.add_argument("--skills", required=True, metavar="A,B,...", help="skill ids separated by commas, or 'all'")
    p.add_argument("--count", type=integer(1), required=True, metavar="K", help="number of questions")
    add_profile(p, any_game=True)
    p.add_argument("--house-way", metavar="NAME", default=None, help="house way (default: the profile's)")
    add_casino_rules(p)
    p.add_argument("--time-limit", type=integer(1, MAX_TIME_LIMIT_S), metavar="S", default=None,
                   help=f"time limit in seconds (at most {MAX_TIME_LIMIT_S}, a day)")
    p.add_argument("--print-questions", action="store_true", help="print the questions and the answer key")
    p.add_argument("--trainee", type=trainee_name, metavar="NAME",
                   help="the exam of this trainee: on their class's casino rules, if an instructor published some")
    add_data_dir(p)
    add_json(p)
    add_progress(p)
    p.set_defaults(run=run)


def skill_list(text: str, profile: str | None) -> tuple[str, ...]:
    """``a,b`` -> ("a", "b"); ``all`` -> every skill of the profile (default: the first game's) that
    can be printed (not the animated ones: this command makes paper exams). Unknown ids fail in
    ``ExamSpec``."""
    from trainer.drills.registry import profile_for, skills_for

    if text.strip() == "all":
        return tuple(s.id for s in skills_for(profile_for(None, profile)) if not s.needs_screen)
    return tuple(s.strip() for s in text.split(",") if s.strip())


def _question_dict(number: int, q) -> dict:
    from trainer.drills.answers import expected_text

    return {"number": number, **q.to_dict(), "expected": expected_text(q)}


def _text(data: dict) -> str:
    from trainer.drills.model import Question
    from trainer.drills.text import render_key, render_question

    from trainer.drills.exam import casino_title

    spec = data["spec"]
    casino = casino_title(spec.get("casino"))
    head = (f"Exam: seed {spec['seed']}, profile {spec['profile']}" + (f", casino {casino}" if casino else "")
            + f", {spec['count']} questions"
            + (f", {spec['time_limit_s']} s" if spec["time_limit_s"] else ""))
    if "questions" not in data:
        return f"{head}\nSkills: {', '.join(spec['skills'])}\n(use --print-questions to print it)"
    questions = [Question.from_dict(q) for q in data["questions"]]
    body = [f"{i}. {render_question(q)}" for i, q in enumerate(questions, start=1)]
    key = [render_key(i, q) for i, q in enumerate(questions, start=1)]
    return "\n\n".join([head, *body, "Answer key", "\n".join(key)])


def _class_rules(args: argparse.Namespace):
    """The profile and house way of ``--trainee``'s class's published casino rules (of the exam's first
    skill's game), named on stderr; or None."""
    import sys

    from trainer.drills.registry import skill_named

    skills = skill_list(args.skills, None)
    if not skills:
        return None
    with open_store(args, offline=True) as store:
        shared = class_casino(store, args.trainee, skill_named(skills[0]).game)
    if shared is None:
        return None
    print(shared[2], file=sys.stderr)
    return shared[:2]


def run(args: argparse.Namespace) -> int:
    from trainer.drills.exam import ExamSpec, build_exam

    profile, house_way = casino_setup(args)
    if args.trainee and not (args.casino_rules or args.profile or args.house_way):
        profile, house_way = _class_rules(args) or (profile, house_way)
    name = profile.name if profile else args.profile
    spec = ExamSpec(seed=args.seed, skills=skill_list(args.skills, name), count=args.count,
                    profile=name, time_limit_s=args.time_limit, house_way=house_way,
                    casino=getattr(profile, "casino_sha256", "") or None)
    data: dict = {"spec": spec.to_dict()}
    if args.print_questions:
        with progress_bar(args, spec.count, "questions") as bar:
            questions = build_exam(spec, printed=True, tick=bar.update).questions
        data["questions"] = [_question_dict(i, q) for i, q in enumerate(questions, start=1)]
    emit(args, data, _text)
    return 0
