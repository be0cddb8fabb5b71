"""Money as integer cents (spec S1): formatting for display and parsing what a trainee types.

>>> format_cents(123450), format_cents(-185), format_cents(7)
('$1,234.50', '-$1.85', '$0.07')
>>> [parse_money(s) for s in ("$1,234.50", "1234.5", "1234,50", "12", ".25", "1.234,50")]
[123450, 123450, 123450, 1200, 25, 123450]
>>> parse_money("12.345")
Traceback (most recent call last):
...
trainer.rules.errors.NotationError: '12.345' has more than two digits of cents
"""

from __future__ import annotations

import re

from trainer.rules.errors import NotationError, UnknownNameError, quoted

#: An amount a trainee types has at most this many digits of dollars (a trillion dollars and more
#: is a slip of the keyboard, not a wager).
MAX_DOLLAR_DIGITS = 12

#: How a 5% vigorish may be rounded: up to the cent, or up to a multiple of 25¢.
ROUNDINGS = ("exact", "quarter")

def format_cents(cents: int) -> str:
    """``$1,234.50``; negative amounts as ``-$1.85``."""
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    return f"{sign}${dollars:,}.{rest:02d}"


def parse_money(text: str) -> int:
    """Parse a typed amount into cents, accepting ``$1,234.50``, ``1234.5``, ``1234,50``, ``1.234,50``.

    The last ``,`` or ``.`` followed by one or two digits is the decimal mark; the other separator
    groups thousands in threes (``,`` alone before three digits is a thousands group, ``.`` alone
    before three digits is an error: a typo for cents is likelier than a European thousand).
    """
    raw = text.strip()
    body = raw.replace("$", "", 1).replace(" ", "") if raw.count("$") <= 1 else raw
    if body.startswith("-"):
        raise NotationError(f"'{text}' is negative: type the amount without a sign")
    if not body or not re.fullmatch(r"[\d.,]+", body):
        raise NotationError(f"{quoted(text)} is not an amount of money (type it like 12.50 or $1,234.50)")
    whole, mark, cents = _split_decimal(body, text)
    group = "." if mark == "," else ","
    if whole and not (whole.isdigit() or re.fullmatch(rf"\d{{1,3}}(\{group}\d{{3}})+", whole)):
        raise NotationError(f"'{text}' has misplaced thousands separators")
    digits = re.sub(r"[.,]", "", whole).lstrip("0") or "0"
    if len(digits) > MAX_DOLLAR_DIGITS:  # also before int(), which refuses over 4,300 digits
        raise NotationError(f"{quoted(text)} is more money than any table holds")
    return int(digits) * 100 + int(cents.ljust(2, "0") or "0")


def _split_decimal(body: str, text: str) -> tuple[str, str, str]:
    """Split at the decimal mark: (whole part, the mark or "", cents digits)."""
    last = max(body.rfind("."), body.rfind(","))
    if last < 0:
        return body, "", ""
    tail = body[last + 1:]
    if len(tail) == 3 and tail.isdigit() and body[last] == ",":
        return body, ".", ""  # "1,234": a thousands group, no cents
    if len(tail) > 2:
        raise NotationError(f"'{text}' has more than two digits of cents")
    if not tail.isdigit() and tail:
        raise NotationError(f"{quoted(text)} is not an amount of money (type it like 12.50 or $1,234.50)")
    return body[:last], body[last], tail


def vigorish(won_cents: int, rounding: str = "exact") -> int:
    """5% of the amount won (Pai Gow 621a.11(a), Baccarat 631a.13(c)); ``exact`` rounds up to the
    cent, ``quarter`` up to a multiple of 25¢, at least 25¢ (spec S2, spec JQ26; Baccarat spec B9).
    The vig never exceeds the amount won, so a win smaller than 25¢ is not turned into a loss by
    quarter rounding.

    >>> vigorish(100), vigorish(100, "quarter"), vigorish(0, "quarter"), vigorish(1), vigorish(10, "quarter")
    (5, 25, 0, 1, 10)
    """
    if rounding not in ROUNDINGS:
        raise UnknownNameError("vig rounding", rounding, ROUNDINGS)
    if won_cents <= 0:
        return 0
    exact = -(-won_cents * 5 // 100)
    return exact if rounding == "exact" else min(quarter_up(exact), won_cents)


def quarter_up(cents: int) -> int:
    """``cents`` rounded up to 25¢ or the next highest multiple of 25¢ (631a.13(c)).

    >>> quarter_up(1), quarter_up(25), quarter_up(26)
    (25, 25, 50)
    """
    return -(-cents // 25) * 25
