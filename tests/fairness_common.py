"""The fair-2 bar (issue 37), for every game and casino file: checks on what any question offers.

Counted over many questions: a question with one choice; a question whose every choice is right; the
same text read by the trainee (its printed form) accepting different answers in different questions;
an internal id (a snake_case key, a profile's or a paytable's id, a reading's label, a file name) in any
text a trainee reads: prompt, choices, parts, explanation, hint, and the review of a wrong answer.
``python tests/fairness_common.py [COUNT]`` counts them over COUNT printed-exam questions (default 4,000)
per profile and casino file (about 30 s each on one core); ``tests/test_fair2_scan.py`` runs a small
version.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Callable

from trainer.drills.answers import check
from trainer.drills.model import AnswerKind, AnswerParseError, Question
from trainer.drills.text import plain_words, render_question

ROOT = Path(__file__).resolve().parents[1]
#: The casino files the scan asks questions on: the docs' examples (both games).
CASINO_FILES = tuple(sorted((ROOT / "docs" / "casino-rules").glob("*.toml")))
#: Kinds whose ``choices`` are the answers offered (a CALL's are a phrase bank, used many times).
_OFFERED = (AnswerKind.CHOICE, AnswerKind.POSITION)


def accepted_choices(q: Question) -> tuple[str, ...]:
    """The offered choices ``check`` accepts."""
    if q.kind not in _OFFERED:
        return ()
    return tuple(c for c in q.choices if check(q, c).correct)


def one_choice(q: Question) -> str:
    """A question (or a part) offering one choice answers itself."""
    offered = [q.choices] if q.kind in _OFFERED else []
    offered += [p.choices for p in q.parts if p.kind is AnswerKind.CHOICE]
    single = [c for c in offered if len(set(c)) == 1]
    return f"one choice: {single[0][0]!r}" if single else ""


def all_choices_right(q: Question) -> str:
    """A question whose every choice is right asks nothing."""
    if q.kind not in _OFFERED or len(set(q.choices)) < 2:
        return ""
    return f"every choice right: {q.choices}" if len(accepted_choices(q)) == len(q.choices) else ""


_INTERNAL = re.compile(
    r"\b[a-z]+_[a-z0-9_]+\b"                       # a snake_case key (pair_fortunes, vig_at_payout)
    r"|\bpa-(?:2019|2012|631a(?:-ez)?)\b"          # a profile's id
    r"|\b(?:match|sum|beat[ -]it|pair[ -]fortunes) pa\b|\bpaytable pa\b"  # a paytable's id
    r"|\bJ[A-Z]{1,2}\d+\b|\bspec [A-Z]{1,2}\d"     # a reading's label (shown in words)
    r"|\b\w+\.(?:toml|py|json)\b",                 # a file name
    re.IGNORECASE)


def _wrong_answer(q: Question) -> Any:
    wrong = [c for c in q.choices if c not in accepted_choices(q)] if q.kind in _OFFERED else []
    return wrong[0] if wrong else None


def trainee_texts(q: Question) -> list[str]:
    """Every text a trainee reads of ``q``, as shown (internal names in words): the printed question,
    the explanation, the hint, and the review of a wrong answer (where the question has one to give)."""
    texts = [render_question(q), q.prompt, q.explanation, q.hint]
    wrong = _wrong_answer(q)
    if wrong is not None:
        try:
            feedback = check(q, wrong)
            texts += [feedback.mistake, feedback.expected, feedback.given, feedback.note]
        except AnswerParseError:
            pass
    return [plain_words(t, q.profile) for t in texts if t]


def internal_id(q: Question) -> str:
    """No internal id in any text a trainee reads."""
    for text in trainee_texts(q):
        found = _INTERNAL.search(text)
        if found:
            return f"shows {found.group(0)!r}"
    return ""


def round_off_casino_table(q: Question) -> str:
    """A question of a round asked on a casino's rules is dealt at the casino's table (its odds, paytables,
    vigorish), not the profile's it amends."""
    dealt = q.data.get("round")
    if not q.casino or not isinstance(dealt, dict):
        return ""
    return "" if dealt.get("casino") == q.casino else "the round is dealt at the profile's table"


CHECKS: dict[str, Callable[[Question], str]] = {
    "one choice": one_choice,
    "every choice right": all_choices_right,
    "internal id": internal_id,
    "round off the casino's table": round_off_casino_table,
}


def answers_key(q: Question) -> Any:
    """What ``q`` accepts: its accepted choices, else its expected answer and any listed alternatives."""
    if q.kind in _OFFERED:
        return frozenset(accepted_choices(q))
    return (str(q.answer), tuple(sorted(map(str, q.data.get("accepted", ())))))


def same_text_different_answers(questions: list[Question]) -> list[str]:
    """Questions whose text, as the trainee reads it, is another's, where the two accept different answers."""
    seen: dict[tuple[str, str, str], set[Any]] = defaultdict(set)
    for q in questions:
        if q.kind in _OFFERED or q.kind is AnswerKind.MONEY or q.kind is AnswerKind.NUMBER:
            seen[(q.profile, q.casino, render_question(q))].add(answers_key(q))
    return [text for (_, _, text), keys in seen.items() if len(keys) > 1]


def problems(questions: list[Question]) -> Counter[str]:
    """How many questions fail each check (the cross-question count: texts with two keys)."""
    found: Counter[str] = Counter({name: 0 for name in CHECKS})
    for q in questions:
        for name, test in CHECKS.items():
            found[name] += bool(test(q))
    found["same text, different answers"] = len(same_text_different_answers(questions))
    return found


def casino_digest(path: Path) -> str:
    """The SHA-256 of a casino file, parsed (so questions can name it)."""
    from trainer.rules.casino import load_casino

    return load_casino(str(path)).profile.casino_sha256


def scan_questions(profile: str | None, count: int, *, casino: str | None = None, first_seed: int = 7001) -> list[Question]:
    """``count`` printed-exam questions (exams of 200, seeds ``first_seed``...) of every printable skill
    of ``profile`` or of the casino file whose SHA-256 is ``casino``."""
    from trainer.drills.exam import ExamSpec, build_exam
    from trainer.drills.registry import casino_profile, profile_for, skills_for

    prof = casino_profile(casino, profile) if casino else profile_for(None, profile)
    skills = tuple(s.id for s in skills_for(prof) if not s.needs_screen)
    out: list[Question] = []
    seed = first_seed
    while len(out) < count:
        n = min(200, count - len(out))
        out += build_exam(ExamSpec(seed, skills, n, prof.name, casino=casino), printed=True).questions
        seed += 1
    return out


def targets() -> list[tuple[str, str | None, str | None]]:
    """(label, profile, casino digest) for every profile of every game and every casino file."""
    from trainer.drills.games import games

    labels = [(name, name, None) for g in games() for name in g.profiles.names()]
    return labels + [(path.name, None, casino_digest(path)) for path in CASINO_FILES]


if __name__ == "__main__":
    import sys
    import time

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    for label, profile, casino in targets():
        start = time.perf_counter()
        qs = scan_questions(profile, count, casino=casino)
        found = problems(qs)
        print(f"{label:24} {len(qs):5} questions  {dict(found)}  ({time.perf_counter() - start:.0f} s)", flush=True)
