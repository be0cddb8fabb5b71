"""Trainees' names: what the store keeps (NFC, no invisible characters), what makes two the same
(case folded), and the error for an unknown one; below the store and the schema, which both need them."""

from __future__ import annotations

import difflib
import re
import unicodedata

from trainer.rules.errors import TrainerError, UnknownNameError, quoted

MAX_NAME = 60
#: Marks that reorder how a line is shown (Unicode bidirectional controls): a name holding them
#: reads differently from what is stored.
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: Control characters, bytes that were not UTF-8 (surrogates), private and unassigned code points,
#: and format characters (invisible: a zero-width space, a soft hyphen; joiners are allowed
#: between two visible characters, where emoji and some scripts need them).
_UNFIT = {"Cc", "Cs", "Co", "Cn", "Cf"}
_JOINERS = "\u200c\u200d"
#: Letters, symbols and marks that show as nothing (Hangul fillers, the blank Braille pattern, and
#: Unicode's default-ignorable marks: the combining grapheme joiner, Khmer's inherent vowels,
#: Mongolian and the other variation selectors).
_BLANK = set("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f") | {
    chr(c) for c in (*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))}
#: Combining marks: each needs a visible character before it to sit on.
_MARKS = {"Mn", "Mc", "Me"}


def name_key(name: str) -> str:
    """What two trainees' names must not share, on this PC's file and on a school's server alike:
    the name (as :func:`normal_name` keeps it) without case, by Unicode's full
    case folding.

    >>> name_key("Ölaf") == name_key("ölaf"), name_key("Strauß") == name_key("STRAUSS")
    (True, True)
    """
    return unicodedata.normalize("NFC", name.casefold())


def normal_name(name: str) -> str:
    """A trainee's name as the store keeps and looks it up, for every caller (the CLI, the app, an
    import): Unicode NFC (``O`` + combining diaeresis is ``Ö``), spaces collapsed (``Ann  Lee`` is
    ``Ann Lee``); 1-60 characters, without control, text-direction or invisible characters (a
    zero-width space, a soft hyphen), private or unassigned code points, or bytes that were not UTF-8.

    >>> normal_name("  Ann   Lee "), normal_name("O\u0308laf") == "\u00d6laf"
    ('Ann Lee', True)
    >>> normal_name("Ann\u202eeeL")
    Traceback (most recent call last):
    ...
    trainer.rules.errors.TrainerError: 'Ann\\u202eeeL' is not a trainee name: 1 to 60 characters, without control, text-direction or invisible characters
    """
    text = str(name)
    if any(unicodedata.category(c) == "Cs" for c in text):
        raise TrainerError(f"{quoted(text)} is not UTF-8 text (check the terminal's encoding)")
    clean = " ".join(unicodedata.normalize("NFC", text).split())
    if not 1 <= len(clean) <= MAX_NAME or _BIDI.search(clean) or any(
            _invisible(clean, i) for i in range(len(clean))):
        raise TrainerError(f"{quoted(text)} is not a trainee name: 1 to {MAX_NAME} characters, "
                           "without control, text-direction or invisible characters")
    return clean


def _invisible(text: str, i: int) -> bool:
    """Whether ``text[i]`` is unfit in a name (see :func:`normal_name`): a joiner is fit only
    between two visible characters."""
    c = text[i]
    if c in _JOINERS:
        return not (0 < i < len(text) - 1 and not text[i - 1].isspace() and not text[i + 1].isspace()
                    and unicodedata.category(text[i - 1]) not in _UNFIT
                    and unicodedata.category(text[i + 1]) not in _UNFIT)
    if unicodedata.category(c) in _MARKS and (i == 0 or text[i - 1].isspace()):
        return True  # a mark on nothing (a name that is only an accent shows as nothing, or as a box)
    return unicodedata.category(c) in _UNFIT or c in _BLANK


#: Up to this many trainees, an unknown name's message lists them all; beyond, the closest few.
LIST_ALL = 8


def unknown_trainee(name: str, known: list[str]) -> UnknownNameError:
    """The error for an unknown trainee: a school's hundreds of names are not one line, so it names
    at most a few close matches.

    >>> str(unknown_trainee("Zed", ["Ana", "Bo"]))
    "unknown trainee 'Zed' (choose from: Ana, Bo)"
    >>> school = [f"Trainee {n:03}" for n in range(200)] + ["Anna Smith", "Ann Smyth"]
    >>> str(unknown_trainee("Ana Smith", school))
    "unknown trainee 'Ana Smith' (the closest of 202: Anna Smith, Ann Smyth; progress --list shows all)"
    """
    if len(known) <= LIST_ALL:
        return UnknownNameError("trainee", name, known or ["none yet"])
    keys = {name_key(k): k for k in known}
    close = [keys[k] for k in difflib.get_close_matches(name_key(str(name)), list(keys), n=3, cutoff=0.5)]
    error = UnknownNameError("trainee", name, close)
    hint = f"the closest of {len(known)}: {', '.join(close)}" if close else f"none of {len(known)} is close"
    error.args = (f"unknown trainee {quoted(str(name))} ({hint}; progress --list shows all)",)
    return error


def lookup_key(name: str) -> str:
    """``name`` as :func:`normal_name` keeps it; a name it refuses is looked up as typed (and not found)."""
    try:
        return normal_name(name)
    except TrainerError:
        return str(name)
