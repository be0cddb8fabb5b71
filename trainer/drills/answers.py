"""Reading typed answers and judging them: ``check(question, answer) -> Feedback``.

An answer that cannot be read (``"12.345"`` as money, ``"7-7"`` as a tile, a setting that uses
other tiles than the four dealt) raises ``AnswerParseError``: the UI shows its message and the
trainee types again. It is never judged wrong, and never recorded.

>>> from trainer.drills.registry import generate
>>> q = generate("tile-compare", seed=1)
>>> check(q, q.answer).correct
True
>>> check(generate("vigorish", seed=1), "12.345")
Traceback (most recent call last):
...
trainer.drills.model.AnswerParseError: '12.345' has more than two digits of cents
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, Sequence

from trainer.drills.model import AnswerKind, AnswerParseError, Feedback, Question
from trainer.rules.chips import Breakdown, chip_name, cut_and_pay, fewest_chips, parse_breakdown
from trainer.rules.errors import NotationError, quoted
from trainer.rules.paigow.hands import Hand, rank_key
from trainer.rules.money import format_cents, parse_money
from trainer.rules.paigow.positions import ORDER
from trainer.rules.paigow.profiles import profile_named
from trainer.rules.paigow.tiles import Tile, parse_tiles

#: The eight table positions in counterclockwise order (spec N3, spec D1.2).
POSITIONS = tuple(p.value for p in ORDER)

_POSITION_ALIASES = {"deadhand": "dead", "dh": "dead", "house": "dealer"}


def parse_position(raw: str) -> str:
    """``"Seat 3"``, ``"seat-3"``, ``"3"``, ``"s3"`` -> ``seat3``; ``"Dead hand"`` -> ``dead``.

    >>> [parse_position(s) for s in ("Seat 3", "3", "Dead Hand", "DEALER")]
    ['seat3', 'seat3', 'dead', 'dealer']
    """
    key = re.sub(r"[\s_\-]+", "", str(raw).lower())
    key = _POSITION_ALIASES.get(key, key)
    match = re.fullmatch(r"(?:seat|s)?([1-6])", key)
    if match:
        key = f"seat{match.group(1)}"
    if key not in POSITIONS:
        raise AnswerParseError(f"{quoted(str(raw))} is not a table position (choose from: {', '.join(POSITIONS)})")
    return key


def _parse_choice(raw: Any, choices: Sequence[str]) -> str:
    if isinstance(raw, int) and not isinstance(raw, bool):
        if 0 <= raw < len(choices):
            return choices[raw]
        raise AnswerParseError(f"choice {raw} is out of range 0-{len(choices) - 1}")
    text = str(raw).strip().casefold()
    for choice in choices:
        if choice.casefold() == text:
            return choice
    raise AnswerParseError(f"{quoted(str(raw))} is not one of the choices: {'; '.join(choices)}")


def _parse_money(raw: Any) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        if raw < 0:
            raise AnswerParseError("an amount cannot be negative")
        return raw
    try:
        return parse_money(str(raw))
    except NotationError as exc:
        raise AnswerParseError(str(exc)) from None


def _parse_number(raw: Any) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    text = str(raw).strip()
    if not re.fullmatch(r"\d{1,6}", text):
        raise AnswerParseError(f"{quoted(str(raw))} is not a whole number")
    return int(text)


def normalize_text(raw: Any) -> str:
    """Text answers compare without case, spaces, hyphens or punctuation."""
    return re.sub(r"[^0-9a-z]", "", str(raw).casefold())


def parse_placement(raw: Any, tiles: Sequence[str]) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """A trainee's placement as (high position tiles, low position tiles), kept as placed (spec H4).

    ``raw`` is ``"6-6 4-5 / 1-3 2-3"`` or a pair (high tiles, low tiles); the four tiles must be
    the four dealt (``tiles``), else it is a parse error, not a wrong answer.
    """
    if isinstance(raw, str) and raw.count("/") != 1:
        raise AnswerParseError(f"{quoted(str(raw))} is not a setting (write it high / low, like 6-6 4-5 / 1-3 2-3)")
    try:
        if isinstance(raw, str):
            high, low = (parse_tiles(h, count=2) for h in raw.split("/"))
        else:
            high, low = (parse_tiles([str(t) for t in half], count=2) for half in raw)
    except NotationError as exc:
        raise AnswerParseError(str(exc)) from None
    except (TypeError, ValueError):
        raise AnswerParseError("a setting is a high hand and a low hand of two tiles each") from None
    dealt = Counter(str(t) for t in tiles)
    used = Counter(str(t) for t in high + low)
    if used != dealt:
        raise AnswerParseError(f"use exactly the four tiles dealt: {' '.join(tiles)}")
    return high, low


def _parse_setting(raw: Any, question: Question) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    return parse_placement(raw, question.data["tiles"])


def _parse_chips(raw: Any, question: Question) -> Breakdown:
    """A typed breakdown (``2x100 4x5 3x0.25``) of the table's chips (``data["chips"]``)."""
    try:
        given = raw if isinstance(raw, Breakdown) else parse_breakdown(str(raw))
    except NotationError as exc:
        raise AnswerParseError(str(exc)) from None
    table = question.data["chips"]
    foreign = [d for d, _ in given.stacks if d not in table]
    if foreign:
        raise AnswerParseError(f"{chip_name(foreign[0])} is not one of the chips to give here: "
                               f"{', '.join(chip_name(c) for c in table)}")
    return given


def judge_chips(question: Question, given: Breakdown) -> tuple[bool, str]:
    """(correct, the mistake or the form given): any breakdown of the amount with the fewest chips is
    right, and so is the wager's stacks cut and paid (``data["wager_chips"]``, reading B28).

    >>> from trainer.drills.registry import generate
    >>> q = generate("bac-pay-chips", seed=12, profile="pa-631a")  # a Tie at 8 to 1 on five $5 chips
    >>> q.data["wager_chips"], q.answer
    ([[500, 5]], '2 × $100')
    >>> judge_chips(q, parse_breakdown("40x5"))
    (True, "cut and pay: the wager's stacks matched")
    >>> judge_chips(q, parse_breakdown("1x100 4x25"))
    (False, 'right total, too many chips: 5 chips, where 2 pay it (or cut and pay: 40 × $5)')
    """
    amount = question.data["amount_cents"]
    if given.total != amount:
        return False, f"these chips make {format_cents(given.total)}, not {format_cents(amount)}"
    chips = question.data["chips"]
    fewest = fewest_chips(amount, chips).chips
    stacks = question.data.get("wager_chips")
    wager = Breakdown.of(dict(map(tuple, stacks))) if stacks else None
    cut = cut_and_pay(amount, wager, chips) if wager is not None else None
    if cut is not None and given == cut:
        rest = ", then the rest in the fewest chips" if amount % wager.total else ""
        return True, f"cut and pay: the wager's stacks matched{rest}" + (" (the fewest chips too)"
                                                                         if given.chips == fewest else "")
    if given.chips == fewest:
        return True, "the fewest chips" if cut is not None else ""
    also = f" (or cut and pay: {cut})" if cut is not None else ""
    return False, f"right total, too many chips: {given.chips} chips, where {fewest} pay it{also}"


def split_call(raw: Any, choices: Sequence[str], counted: Sequence[str] = ()) -> tuple[str, ...]:
    """A call as its phrases: typed, separated by commas (or semicolons), or a phrase bank's numbers
    (``3 1 4`` or ``3, 1, 4``, numbered from 1 as the terminal shows them), or a sequence. A call of
    Point Counts (``counted``: the hands whose counts it calls, in order) reads typed numbers as the counts:
    ``3, 1`` is "Player 3, Banker 1" (issue 37)."""
    if isinstance(raw, str):
        text = raw.strip()
        if re.fullmatch(r"\d+(?:[\s,]+\d+)*", text) and counted:
            return _counts(re.findall(r"\d+", text), counted)
        if re.fullmatch(r"\d+(?:[\s,]+\d+)*", text) and choices:
            digits = re.findall(r"\d+", text)
            bad = [n for n in digits if len(n) > 3 or not 1 <= int(n) <= len(choices)]
            if bad:
                shown = bad[0] if len(bad[0]) <= 3 else quoted(bad[0])
                raise AnswerParseError(f"phrase {shown} is not one of 1-{len(choices)}")
            numbers = [int(n) for n in digits]
            return tuple(choices[n - 1] for n in numbers)
        phrases = tuple(p.strip() for p in re.split(r"[,;]", text))
    elif isinstance(raw, Sequence):
        phrases = tuple(str(p).strip() for p in raw)
    else:
        raise AnswerParseError("a call is its phrases, separated by commas")
    if not all(phrases):
        raise AnswerParseError("an empty phrase: separate the phrases by single commas")
    return phrases


def _counts(numbers: Sequence[str], counted: Sequence[str]) -> tuple[str, ...]:
    """Typed counts as the phrases of the hands they are called for (a count too many is a phrase of its own)."""
    bad = [n for n in numbers if len(n) > 1]
    if bad:
        raise AnswerParseError(f"{quoted(bad[0][:6])} is not a Point Count (0 to 9)")
    hands = list(counted) + [""] * (len(numbers) - len(counted))
    return tuple(f"{hand} {n}".strip() for hand, n in zip(hands, numbers))


def _orders(question: Question) -> list[list[int]]:
    """The orders of the phrases the text allows: the call's own, and each pair of phrases the text says
    in no order swapped (``data["either_order"]``: the final counts and the winner, 631a.12(a))."""
    orders = [list(range(len(question.data["accepted"])))]
    for i, j in question.data.get("either_order", ()):
        swapped = list(orders[0])
        swapped[i], swapped[j] = j, i
        orders.append(swapped)
    return orders


def judge_call(question: Question, given: tuple[str, ...]) -> tuple[bool, str]:
    """(correct, mistake): the phrases in the call's order, or in another order the text allows
    (``_orders``); the mistake is named against the call's own order."""
    verdicts = [_judge_call_order(question, given, order) for order in _orders(question)]
    return next((v for v in verdicts if v[0]), verdicts[0])


def _judge_call_order(question: Question, given: tuple[str, ...], order: list[int]) -> tuple[bool, str]:
    """(correct, mistake): each phrase checked in order against the phrases the text allows there
    (``data["accepted"]``); the first wrong or missing one is named with its section
    (``data["sections"]``)."""
    accepted = [question.data["accepted"][k] for k in order]
    sections = [question.data["sections"][k] for k in order]
    for i, wanted in enumerate(accepted):
        if i >= len(given):
            return False, f"phrase {i + 1} missing: \"{wanted[0]}\" ({sections[i]})"
        if normalize_text(given[i]) not in {normalize_text(w) for w in wanted}:
            return False, f"phrase {i + 1}: \"{given[i]}\", the call is \"{wanted[0]}\" ({sections[i]})"
    if len(given) > len(accepted):
        return False, f"phrase {len(accepted) + 1}: \"{given[len(accepted)]}\" - the call was over"
    return True, ""


_PARSERS: dict[AnswerKind, Callable[[Any, Question | None, Sequence[str]], Any]] = {
    AnswerKind.CHOICE: lambda raw, q, choices: _parse_choice(raw, choices),
    AnswerKind.MONEY: lambda raw, q, choices: _parse_money(raw),
    AnswerKind.POSITION: lambda raw, q, choices: parse_position(raw),
    AnswerKind.NUMBER: lambda raw, q, choices: _parse_number(raw),
    AnswerKind.TEXT: lambda raw, q, choices: str(raw).strip(),
    AnswerKind.CHIPS: lambda raw, q, choices: _parse_chips(raw, q),  # type: ignore[arg-type]
    AnswerKind.CALL: lambda raw, q, choices: split_call(raw, choices, q.data.get("counted", ()) if q else ()),
    AnswerKind.SETTING: lambda raw, q, choices: _parse_setting(raw, q),  # type: ignore[arg-type]
}


def parse_answer(question: Question, raw: Any) -> Any:
    """Read ``raw`` for ``question``; raise ``AnswerParseError`` with a clear message if unreadable.

    Returns the parsed value (cents for money, canonical position names, the choice text, a
    (high, low) placement for settings, a tuple of these for a multi-part question).
    """
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise AnswerParseError("no answer given")
    if question.kind is not AnswerKind.MULTI:
        return _PARSERS[question.kind](raw, question, question.choices)
    if isinstance(raw, (str, bytes)) or not isinstance(raw, Sequence):
        raise AnswerParseError(f"answer each of the {len(question.parts)} parts")
    if len(raw) != len(question.parts):
        raise AnswerParseError(f"expected {len(question.parts)} answers, got {len(raw)}")
    parsed = []
    for i, (part, value) in enumerate(zip(question.parts, raw)):
        try:
            if value is None or (isinstance(value, str) and not value.strip()):
                raise AnswerParseError("no answer given")
            parsed.append(_PARSERS[part.kind](value, question, part.choices))
        except AnswerParseError as exc:
            raise AnswerParseError(str(exc), part=i) from None
    return tuple(parsed)


def format_value(kind: AnswerKind, value: Any) -> str:
    """Display text of an answer value: money as ``$1.85``, a placement as ``high / low``."""
    if kind is AnswerKind.MONEY:
        return format_cents(value)
    if kind is AnswerKind.SETTING and not isinstance(value, str):
        high, low = value
        return f"{' '.join(map(str, high))} / {' '.join(map(str, low))}"
    if kind is AnswerKind.CALL and not isinstance(value, str):
        return ", ".join(value)
    return str(value)


def expected_text(question: Question) -> str:
    """Display text of the correct answer (parts joined by ``; ``)."""
    if question.kind is AnswerKind.MULTI:
        return "; ".join(format_value(p.kind, p.answer) for p in question.parts)
    return format_value(question.kind, question.answer)


def _same(kind: AnswerKind, expected: Any, given: Any) -> bool:
    if kind is AnswerKind.TEXT:
        return normalize_text(expected) == normalize_text(given)
    return bool(expected == given)


def judge_setting(question: Question, placed: tuple[tuple[Tile, ...], tuple[Tile, ...]]) -> tuple[bool, str]:
    """(correct, mistake) for a placement against the expected ``high / low`` (spec H4).

    A house-way question lists in ``data["accepted"]`` every setting the deciding step allows
    (``house_way.allowed_settings``; 621a.8(d), md 8.D, nj 10.7(d)): any of them is right, and only
    they, since the step's text is the rule (a setting whose hands merely rank as an allowed one's
    does not play the tiles the step names). Without that list the hands must rank as the expected
    ones (621a.3(d),(g),(i)). Either way the stronger hand goes in the high position: a reversed
    placement of hands of different rank is a mistake of its own (spec H4, JQ32).
    """
    zero_rule = profile_named(question.profile).zero_zero_to_banker

    def rank(tiles: Sequence[Tile]) -> int:
        return rank_key(Hand(tuple(tiles)), zero_zero_to_banker=zero_rule)  # type: ignore[arg-type]

    high, low = placed
    accepted = question.data.get("accepted")
    if accepted:
        hands = {_faces(high), _faces(low)}
        if any({_faces(h) for h in parse_setting_hands(a)} == hands for a in accepted):
            if rank(low) <= rank(high):
                return True, ""
            return False, "reversed placement: the stronger hand belongs in the high position (spec H4)"
        if rank(low) > rank(high):
            return False, ("wrong setting, and placed reversed: the stronger hand belongs in the high "
                           "position (spec H4)")
        ranks = {rank(high), rank(low)}
        if any({rank(h) for h in parse_setting_hands(a)} == ranks for a in accepted):
            return False, ("wrong setting: its hands rank as the house way's, but the deciding step plays "
                           "other tiles together")
        return False, "wrong setting"
    want_high, want_low = parse_setting_hands(str(question.answer))
    if (rank(high), rank(low)) == (rank(want_high), rank(want_low)):
        return True, ""  # the same hands, or hands of the same rank: the same result against any banker
    if (rank(low), rank(high)) == (rank(want_high), rank(want_low)):
        return False, "reversed placement: the stronger hand belongs in the high position (spec H4)"
    if rank(low) > rank(high):
        return False, ("wrong setting, and placed reversed: the stronger hand belongs in the high "
                       "position (spec H4)")
    return False, "wrong setting"


def parse_setting_hands(text: str) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """``"6-6 4-5 / 1-3 2-3"`` -> the high tiles and the low tiles, as written."""
    high, low = (parse_tiles(h) for h in text.split("/"))
    return high, low


def _faces(tiles: Sequence[Tile]) -> tuple[str, ...]:
    return tuple(sorted(map(str, tiles)))


#: The kinds judged by more than equality: (correct, mistake) from the question and the parsed answer;
#: for a right answer the text names the form it was given in (``Feedback.note``), if any.
_JUDGES: dict[AnswerKind, Callable[[Question, Any], tuple[bool, str]]] = {
    AnswerKind.SETTING: judge_setting, AnswerKind.CHIPS: judge_chips, AnswerKind.CALL: judge_call,
}


def check(question: Question, answer: Any) -> Feedback:
    """Judge ``answer`` (typed text or a value, see ``trainer.drills.model``) for ``question``.

    Raises ``AnswerParseError`` when the answer cannot be read. Skills with a reviewer (e.g. the
    house-way drill's EV difference) add their findings to the feedback.
    """
    given = parse_answer(question, answer)
    mistake = note = ""
    part_results: tuple[bool, ...] = ()
    if question.kind is AnswerKind.MULTI:
        part_results = tuple(_same(p.kind, p.answer, g) for p, g in zip(question.parts, given))
        correct = all(part_results)
        given_text = "; ".join(format_value(p.kind, g) for p, g in zip(question.parts, given))
    elif question.kind in _JUDGES:
        correct, mistake = _JUDGES[question.kind](question, given)
        given_text = format_value(question.kind, given)
        if correct:  # a right answer's words name the form given (chips: cut and pay, reading B28)
            note, mistake = mistake, ""
    else:
        correct = _same(question.kind, question.answer, given) or given in question.data.get("accepted", ())
        given_text = format_value(question.kind, given)
    feedback = Feedback(correct, expected_text(question), given_text, question.explanation, question.citations,
                        question.skill, question.item, mistake=mistake, parts=part_results, note=note)
    if correct:
        return feedback  # nothing to review: and the reviewers' drill modules need not load for it
    from trainer.drills.registry import reviewer_for

    review = reviewer_for(question.skill)
    return review(question, given, feedback) if review else feedback
