"""The content-fair bar of issue 27 (Pai Gow), as checks on one exam question each.

Each check returns a problem in words, or "" when the question is fair on that count. The checks
read only what a question carries (prompt, choices, explanation, data) and the rules engine's
house-way steps, so they judge any version of the generators. ``python tests/fairness_scan.py
PROFILE EXAMS`` counts the problems over ``EXAMS`` printed exams of 200 questions (seeds 7001...).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from typing import Callable

from trainer.drills.answers import check
from trainer.drills.model import AnswerKind, Question
from trainer.drills.text import plain_words, render_question
from trainer.rules.paigow.hands import Setting, settings
from trainer.rules.paigow.house_way import house_way_named
from trainer.rules.paigow.profiles import profile_named
from trainer.rules.paigow.tiles import Tile, parse_tiles

_SETTING = re.compile(r"sets (\d-\d \d-\d / \d-\d \d-\d)")


def allowed(tiles: tuple[Tile, ...], way: str) -> list[Setting]:
    """Every setting that meets the first step of ``way`` some setting meets (621a.8(d), spec W1)."""
    options = settings(tiles)
    for step in house_way_named(way).steps:
        chosen = [s for s in options if step.criterion.applies(s)]
        if chosen:
            return chosen
    raise AssertionError("no step applies")


def violation_is_allowed(q: Question) -> str:
    """An injected house-way violation must break the deciding step's own text."""
    if q.skill != "dealer-irregularity" or q.item != "house-way-violation":
        return ""
    wrong = Setting.parse(_SETTING.search(q.prompt).group(1))
    ok = {_hands(s) for s in allowed(wrong.tiles, q.house_way)}
    return f"{wrong} meets the deciding step" if _hands(wrong) in ok else ""


def _hands(setting: Setting) -> frozenset[tuple[str, ...]]:
    """A setting as its two hands' faces, in no order (3-6 4-5 and 4-5 3-6 are one hand)."""
    return frozenset(tuple(sorted(map(str, h.tiles))) for h in (setting.high, setting.low))


def rejects_allowed_setting(q: Question) -> str:
    """``house-way`` and ``dealer-set`` accept every setting the deciding step allows."""
    if q.skill not in ("house-way", "dealer-set"):
        return ""
    tiles = parse_tiles(q.data["tiles"])
    rejected = [str(s) for s in allowed(tiles, q.house_way) if not check(q, str(s)).correct]
    return f"rejects {rejected}" if rejected else ""


def deliver_without_style(q: Question) -> str:
    """Every ``dealer-deliver`` prompt names the delivery style in force."""
    if q.skill != "dealer-deliver":
        return ""
    from trainer.rules.paigow.delivery import style_name

    name = style_name(q.data["style"], profile_named(q.profile))
    return "" if name in q.prompt else f"{name!r} not in the prompt"


def deliver_rejects_stack(q: Question) -> str:
    """Where one move takes several stacks with no order in the text, each of them is accepted."""
    if q.skill != "dealer-deliver" or q.data.get("move") not in ("push", "deliver", "center"):
        return ""
    caption = q.explanation.split(": ", 1)[1].split(" (")[0]
    stacks = [s for s in dict.fromkeys(re.findall(r"\bS[1-8]\b", caption)) if s in q.choices]
    rejected = [s for s in stacks if not check(q, s).correct]
    return f"rejects {rejected}" if rejected else ""


def count_without_bank(q: Question) -> str:
    """``dealer-count`` in a bank round says which seat is the bank."""
    if q.skill != "dealer-count" or q.data["round"]["bank"] == "dealer":
        return ""
    seat = q.data["round"]["bank"]
    text = plain_words(q.prompt)
    return "" if plain_words(seat) in text else f"{seat} not in the prompt"


def expose_without_hands(q: Question) -> str:
    """``dealer-expose`` shows the hands left to expose (on screen: its prompt; on paper: its choices)."""
    if q.skill != "dealer-expose":
        return ""
    text = plain_words(q.prompt)
    missing = [c for c in q.choices if plain_words(c) not in text]
    return f"{missing} not in the prompt" if missing else ""


def printed_without_choices(q: Question) -> str:
    """A printed exam shows every choice a question offers."""
    if not q.choices:
        return ""
    printed = render_question(q)
    missing = [c for c in q.choices if plain_words(c) not in printed]
    return f"{missing} not printed" if missing else ""


_DICE = re.compile(r"dice wager|\bSum Wager|\bMatch Wager|\bBeat It\b", re.IGNORECASE)


def dice_outside_pa2019(q: Question) -> str:
    """md, nj and pa-2012 have no dice wagers: none is named to their trainees."""
    if q.profile == "pa-2019":
        return ""
    text = " ".join([q.prompt, q.explanation, str(q.answer), *q.choices, *(p.prompt for p in q.parts)])
    found = _DICE.search(text)
    return f"names {found.group(0)!r}" if found else ""


_LABEL = re.compile(r"\bJ[A-Z]{1,2}\d+\b|\bspec\b")


def internal_label(q: Question) -> str:
    """No internal label (a reading's id such as JQ8) in a prompt or a choice."""
    text = " ".join([q.prompt, *q.choices, *(p.prompt for p in q.parts)])
    found = _LABEL.search(text)
    return f"shows {found.group(0)!r}" if found else ""


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower())) - {"a", "the", "of", "or", "and", "to", "is", "in", "his"}


def giveaway_choice(q: Question) -> str:
    """An irregularity's choices do not restate the prompt's situation (a choice's words before its
    colon all in the prompt)."""
    if q.skill != "dealer-irregularity":
        return ""
    prompt = _words(q.prompt)
    heads = [c.split(":")[0] for c in q.choices if ":" in c]
    given = [h for h in heads if _words(h) and len(_words(h) & prompt) >= max(2, len(_words(h)) * 2 // 3)]
    return f"{given} restate the prompt" if given else ""


def _hand(q: Question, key: str):
    from trainer.rules.paigow.hands import Hand

    return Hand(parse_tiles(q.data[key]))


def value_rule_missing(q: Question) -> str:
    """Where values decide (two non-pair hands of different value), the value rule is cited."""
    pairs = {"hand-compare": [("player", "dealer")],
             "round-score": [("player_high", "dealer_high"), ("player_low", "dealer_low")]}.get(q.skill, [])
    rule = profile_named(q.profile).cite("value")
    for a, b in pairs:
        x, y = _hand(q, a), _hand(q, b)
        low = a.endswith("low") or q.data.get("position") == "low"
        zero_low = low and x.is_zero  # decided by "a player's zero low never wins" (621a.8(g))
        if not x.kind.is_pair and not y.kind.is_pair and x.value != y.value and not zero_low \
                and rule not in q.citations:
            return f"{x} against {y}: {rule} not cited"
    return ""


def value_copy_cites_pair_copy(q: Question) -> str:
    """A copy of two value hands cites the top-tile copy rule, not the pair-copy paragraph alone."""
    if q.skill != "dealer-call" or "a copy" not in q.explanation or "player_high" not in q.data:
        return ""
    prof = profile_named(q.profile)
    for a, b in (("player_high", "dealer_high"), ("player_low", "dealer_low")):
        x, y = _hand(q, a), _hand(q, b)
        if x.score == y.score and not x.kind.is_pair and prof.cite("top_tile_copy") not in q.citations:
            return f"{x} copies {y}: {prof.cite('top_tile_copy')} not cited"
    return ""


def payout_names_result(q: Question) -> str:
    """``pai-gow-payout`` shows the hands, not the wager's result."""
    if q.skill != "pai-gow-payout":
        return ""
    found = re.search(r"\b(wins|loses|ties|is surrendered|is void)\b", q.prompt)
    return f"says {found.group(0)!r}" if found else ""


def traditional_name_cites_section(q: Question) -> str:
    """A traditional name is the trade's: the reading is cited, no section."""
    if q.skill != "tile-id" or "traditional name" not in q.prompt:
        return ""
    return "" if q.citations == ("spec N1",) else f"cites {q.citations}"


def optimal_close_call(q: Question) -> str:
    """``optimal-setting`` asks only where the best setting beats the next by 0.001 EV or more."""
    if q.skill != "optimal-setting":
        return ""
    options = [str(s) for s in settings(parse_tiles(q.data["tiles"]))]  # the EVs' order (choices drop repeats)
    evs = sorted({c: ev for c, ev in zip(options, q.data["ev"])}.values(), reverse=True)
    return f"best by {evs[0] - evs[1]:.5f}" if len(evs) > 1 and evs[0] - evs[1] < 0.001 else ""


CHECKS: dict[str, Callable[[Question], str]] = {
    "violation allowed by the text": violation_is_allowed,
    "allowed setting rejected": rejects_allowed_setting,
    "deliver prompt without its style": deliver_without_style,
    "deliver stack the text allows rejected": deliver_rejects_stack,
    "count without the bank's seat": count_without_bank,
    "expose without the hands left": expose_without_hands,
    "printed without its choices": printed_without_choices,
    "dice wager outside pa-2019": dice_outside_pa2019,
    "internal label": internal_label,
    "giveaway choice": giveaway_choice,
    "values decide, value rule not cited": value_rule_missing,
    "value-hand copy without the top-tile rule": value_copy_cites_pair_copy,
    "payout prompt names the result": payout_names_result,
    "traditional name cites a section": traditional_name_cites_section,
    "optimal setting by less than 0.001": optimal_close_call,
}


def problems(questions: list[Question]) -> Counter[str]:
    """How many questions fail each check."""
    found: Counter[str] = Counter({name: 0 for name in CHECKS})
    for q in questions:
        for name, test in CHECKS.items():
            found[name] += bool(test(q))
    return found


def exam_questions(profile: str, exams: int, first_seed: int = 7001) -> list[Question]:
    """The questions of ``exams`` printed 200-question exams of every printable skill of ``profile``."""
    from trainer.drills.exam import ExamSpec, build_exam
    from trainer.drills.registry import skills_for

    skills = tuple(s.id for s in skills_for(profile_named(profile)) if not s.needs_screen)
    return [q for seed in range(first_seed, first_seed + exams)
            for q in build_exam(ExamSpec(seed, skills, 200, profile), printed=True).questions]


if __name__ == "__main__":
    name, count = sys.argv[1], int(sys.argv[2])
    qs = exam_questions(name, count)
    print(name, len(qs), dict(problems(qs)))
    print("questions per skill:", dict(Counter(q.skill if q.skill != "dealer-irregularity" else f"{q.skill}:{q.item}"
                                            for q in qs)))
