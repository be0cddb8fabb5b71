"""A casino's Rules Submission as a TOML file: which profile it amends and the choices it makes.

Every text lets the certificate holder's Rules Submission choose within the regulation: which
paytable, which delivery styles, whether a player may bank (621a.8(b), 621a.9(e), 621a.11; MD 9.E(4);
N.J.A.C. 19:47-10.7(e); 631a.3(a), 631a.13). A file names the casino and the profile it amends and
may give only some choices: the rest stay the profile's defaults. A choice the profile does not
allow is an error naming the file's line (:class:`CasinoFileError`), never a silent default.

>>> source = SourceLines('[casino]\\nname = "Harbor"\\n\\n[choices]\\nsquezze = true\\n')
>>> source.line_of(("choices", "squezze")), source.line_of(("casino",))
(5, 1)
"""

from __future__ import annotations

import hashlib
import importlib
import io
import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable, Iterable

from trainer.rules.errors import TrainerError, printable

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\" ]+?)\s*\]\]?\s*(#.*)?$")
_HEADERS = re.compile(r"^[ \t]*(\[\[?)[ \t]*([A-Za-z0-9_.\-\" ]+?)[ \t]*\]\]?[ \t]*(?:#.*)?$", re.MULTILINE)
_KEY = re.compile(r"^\s*\"?([A-Za-z0-9_\-]+)\"?\s*=")


class CasinoFileError(TrainerError):
    """A Rules Submission file that cannot be used: ``file:line: problem`` on one line."""

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {printable(problem)}")
        self.path, self.line, self.problem = path, line, problem


class SourceLines:
    """Where each table and key of a TOML text starts, to name the line of a problem tomllib cannot.

    A place is a path: a table's name parts, the index of an array-of-tables entry (counted from 0),
    then a key, e.g. ``("house_way", "exception", 3, "high")``. An unknown place falls back to the
    nearest enclosing one that is known.
    """

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def lines(self) -> dict[tuple[Any, ...], int]:
        """Each place's line, read when a line is first asked for (a file that loads needs none)."""
        lines: dict[tuple[Any, ...], int] = {}
        counts: dict[tuple[str, ...], int] = {}
        here: tuple[Any, ...] = ()
        for number, line in enumerate(self.text.splitlines(), start=1):
            header = _HEADER.match(line) if line.lstrip().startswith("[") else None
            if header:
                name = tuple(part.strip().strip('"') for part in header.group(2).split("."))
                if header.group(1) == "[[":
                    counts[name] = counts.get(name, -1) + 1
                    here = (*name, counts[name])
                else:
                    here = name
                lines.setdefault(here, number)
                continue
            key = _KEY.match(line) if "=" in line else None
            if key:
                lines.setdefault((*here, key.group(1)), number)
        return lines

    @cached_property
    def headers(self) -> dict[tuple[Any, ...], int]:
        """The lines of the tables alone, found by one pass of a regular expression (``check`` asks for the
        line of thousands of explicit hands)."""
        lines: dict[tuple[Any, ...], int] = {}
        counts: dict[tuple[str, ...], int] = {}
        line, at = 1, 0
        for found in _HEADERS.finditer(self.text):
            line, at = line + self.text.count("\n", at, found.start()), found.start()
            name = tuple(part.strip().strip('"') for part in found.group(2).split("."))
            if found.group(1) == "[[":
                counts[name] = counts.get(name, -1) + 1
                name = (*name, counts[name])
            lines.setdefault(name, line)
        return lines

    def line_of(self, place: tuple[Any, ...]) -> int | None:
        if place in self.headers:
            return self.headers[place]
        for end in range(len(place), 0, -1):
            if place[:end] in self.lines:
                return self.lines[place[:end]]
        return None


@dataclass(frozen=True)
class FileReader:
    """A parsed file with its name and lines: raises :class:`CasinoFileError` at a place."""

    path: str
    data: dict[str, Any]
    source: SourceLines

    def fail(self, place: tuple[Any, ...], problem: str) -> CasinoFileError:
        return CasinoFileError(self.path, self.source.line_of(place), problem)

    def table(self, place: tuple[Any, ...], value: Any, keys: Iterable[str], required: Iterable[str] = ()) -> dict:
        """``value`` as a table holding only ``keys`` and every key of ``required``."""
        where = f"[{_dotted(place)}]" if place else "the file"
        if not isinstance(value, dict):
            raise self.fail(place, f"{where} must be a table")
        for key in value:
            if key not in keys:
                raise self.fail((*place, key), f"unknown key '{printable(str(key))}' in {where} "
                                               f"(choose from: {', '.join(keys)})")
        for key in required:
            if key not in value:
                raise self.fail(place, f"{where} needs '{key}'")
        return value

    def text(self, place: tuple[Any, ...], value: Any) -> str:
        """A non-empty text, shown as written: a control character (a terminal's escape) or a
        text-direction mark would make a name on screen or in a terminal say something else."""
        if not isinstance(value, str) or not value.strip():
            raise self.fail(place, f"'{place[-1]}' must be a non-empty text in quotes")
        if any(not (c.isprintable() or c == " ") for c in value.strip()):
            raise self.fail(place, f"'{place[-1]}' holds a control or text-direction character "
                                   f"({printable(value.strip())[:60]}): write plain text")
        return value.strip()

    def texts(self, place: tuple[Any, ...], value: Any) -> tuple[str, ...]:
        """A text or a list of texts."""
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not value:
            raise self.fail(place, f"'{place[-1]}' must be a text or a list of texts")
        return tuple(self.text(place, v) for v in value)


def _dotted(place: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in place if not isinstance(p, int))


def read_file(path: str, data: bytes, digest: str | None = None) -> FileReader:
    """Parse ``data`` (the file's bytes) as TOML; a syntax error names the line tomllib found. With the
    bytes' SHA-256 ``digest``, a file parsed before is read from the parse cache (``parsed_cache``)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CasinoFileError(path, data.count(b"\n", 0, exc.start) + 1,
                              f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    cached = parsed_cache(digest)
    parsed = _cached(cached, digest)
    if parsed is None:
        deep = _too_deep(text)
        if deep is not None:
            raise CasinoFileError(path, deep, f"arrays or tables nested more than {MAX_DEPTH} deep")
        try:
            parsed = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            found = re.search(r"\(at line (\d+), column \d+\)", str(exc))
            problem = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(exc))
            raise CasinoFileError(path, int(found.group(1)) if found else None, f"TOML syntax: {problem}") from None
        _cache(cached, digest, parsed)
    return FileReader(path, parsed, SourceLines(text))


def parsed_cache(digest: str | None) -> Path | None:
    """Where the parse of the file with this SHA-256 is kept, as JSON (the standard library reads a complete
    table of 8,130 hands 25 times faster as JSON than as TOML): the data folder's ``casino-rules``; None
    without a digest or a usable data folder. The same bytes always parse alike, so it never goes stale."""
    if digest is None:
        return None
    from trainer.paths import data_dir

    try:
        return data_dir() / "casino-rules" / f"{digest}.json"
    except TrainerError:
        return None


def _too_deep(text: str) -> int | None:
    """The line where arrays and inline tables nest deeper than :data:`MAX_DEPTH` (tomllib would
    recurse out of stack), or None; brackets in quoted texts and comments do not count."""
    depth, line, quote, i = 0, 1, "", 0
    while i < len(text):
        c = text[i]
        if c == "\n":
            line += 1
        if quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end - 1
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return line
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None


def _check(digest: str, body: bytes) -> str:
    """What a kept parse or table of the file with SHA-256 ``digest`` must carry: an edited or damaged
    one is not used (the file is parsed again)."""
    return hashlib.sha256(digest.encode() + b"\n" + body).hexdigest()


def _cached(cached: Path | None, digest: str | None) -> dict[str, Any] | None:
    import json

    try:
        if cached is None or digest is None or not cached.is_file():
            return None
        head, _, body = cached.read_bytes().partition(b"\n")
        if json.loads(head) != {"sha256": digest, "check": _check(digest, body)}:
            return None
        parsed = json.loads(body)
        return parsed if isinstance(parsed, dict) else None
    except (OSError, ValueError, RecursionError):  # unreadable, half-written or edited: parse the file again
        return None


def _cache(cached: Path | None, digest: str, parsed: dict[str, Any]) -> None:
    """Keep a parse (a file with TOML dates or times, which JSON has not, is not kept), with the
    file's SHA-256 and a check of its own bytes."""
    import json
    import os

    if cached is None:
        return
    try:
        body = json.dumps(parsed).encode()
        head = json.dumps({"sha256": digest, "check": _check(digest, body)}).encode()
        cached.parent.mkdir(exist_ok=True)
        temporary = cached.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(head + b"\n" + body)
        os.replace(temporary, cached)
    except (OSError, TypeError, ValueError):
        pass


def kept_table(digest: str, modules: Iterable[str], build: Callable[[], Any]) -> Any:
    """An array computed from the file with this SHA-256 by the code of ``modules``: read from the data
    folder's ``casino-rules`` where it was kept (named by the file's and the code's hashes, so a change
    of either never reads a stale table), else ``build()`` and kept."""
    import sys

    import numpy as np

    folder = parsed_cache(digest)
    if folder is None:
        return build()
    code = hashlib.sha256()
    for name in modules:
        code.update(Path(sys.modules[name].__file__).read_bytes())
    kept = folder.with_name(f"{digest}.{code.hexdigest()[:16]}.npy")
    try:
        raw = kept.read_bytes()
        if kept.with_suffix(".check").read_text() == _check(digest, raw):  # else edited or damaged: built again
            return np.load(io.BytesIO(raw), allow_pickle=False)
    except (OSError, ValueError):
        pass
    table = build()
    try:
        import os

        buffer = io.BytesIO()
        np.save(buffer, table, allow_pickle=False)
        kept.parent.mkdir(exist_ok=True)
        for target, content in ((kept, buffer.getvalue()), (kept.with_suffix(".check"),
                                                             _check(digest, buffer.getvalue()).encode())):
            temporary = target.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_bytes(content)
            os.replace(temporary, target)
    except OSError:
        pass
    return table


@dataclass(frozen=True)
class Choice:
    """One choice a Rules Submission may make: its key in ``[choices]``, what it says, and how it
    amends a profile (raising TrainerError with the allowed values when the profile forbids it)."""

    key: str
    help: str
    apply: Callable[[Any, Any], Any]


def apply_choices(reader: FileReader, profile: Any, choices: dict[str, Choice]) -> Any:
    """``profile`` amended by the file's ``[choices]`` table, each checked against the profile."""
    given = reader.table(("choices",), reader.data.get("choices", {}), tuple(choices))
    for key, value in given.items():
        try:
            profile = choices[key].apply(profile, value)
        except TrainerError as exc:
            raise reader.fail(("choices", key), f"choices.{key}: {exc}") from None
    return profile


def one_of(kind: str, value: Any, allowed: Iterable[Any]) -> Any:
    """``value`` if it is one of ``allowed``, else an error listing them."""
    allowed = tuple(allowed)
    if value not in allowed or isinstance(value, bool) != isinstance(allowed[0] if allowed else value, bool):
        shown = ", ".join(str(a).lower() if isinstance(a, bool) else str(a) for a in allowed) or "none"
        raise TrainerError(f"{printable(repr(value))} is not a {kind} this profile allows (choose from: {shown})")
    return value


def some_of(kind: str, value: Any, allowed: Iterable[str]) -> tuple[str, ...]:
    """A non-empty list of distinct values each in ``allowed``."""
    if not isinstance(value, list) or not value or len(set(map(str, value))) != len(value):
        raise TrainerError(f"give the {kind}s as a list of distinct names")
    return tuple(one_of(kind, v, allowed) for v in value)


#: Each game's Rules Submission module: ``PROFILE_NAMES`` (the profiles a file may amend) and
#: ``build(reader, digest, casino, jurisdiction)``; the file's jurisdiction picks the game.
GAME_MODULES = ("trainer.rules.paigow.casino_rules", "trainer.rules.baccarat.casino_rules")

_LOADED: dict[str, Any] = {}
#: The file name and bytes of each Rules Submission parsed in this process, by SHA-256.
_SOURCES: dict[str, tuple[str, bytes]] = {}
#: Where else the text of a Rules Submission may be kept, asked by SHA-256 for ``(file name, bytes)`` or
#: None: the progress store adds its own when opened (a question made on a casino's rules names them by
#: SHA-256 alone and is made again from the text kept there, trainer.progress.casino_texts).
KEPT: list[Callable[[str], tuple[str, bytes] | None]] = []


def casino_text(digest: str) -> tuple[str, bytes] | None:
    """The file name and bytes of the Rules Submission with this SHA-256: parsed in this process, else
    where ``KEPT`` finds it; None if nowhere."""
    if digest in _SOURCES:
        return _SOURCES[digest]
    for find in list(KEPT):
        found = find(digest)
        if found is not None and hashlib.sha256(found[1]).hexdigest() == digest:
            return found
    return None


def casino_by_digest(digest: str) -> Any:
    """The Rules Submission with this SHA-256 (a question's or an exam's ``casino``), parsed from wherever
    its text is (``casino_text``); a :class:`TrainerError` naming what to do when it is nowhere."""
    if digest in _LOADED:
        return _LOADED[digest]
    found = casino_text(digest)
    if found is None:
        raise TrainerError("this was made on a casino's rules that are not on this PC (open the casino's file: "
                           "File → Casino rules… in the app, --casino-rules FILE on the command line)")
    return parse_casino(*found)


#: The largest Rules Submission read (a complete table of 8,130 explicit hands is about 600 KB).
MAX_FILE_BYTES = 4 << 20
#: The deepest nesting of arrays and inline tables a Rules Submission may have (its own need 3).
MAX_DEPTH = 32


def load_casino(path: str) -> Any:
    """A Rules Submission file of any game, parsed once per content (by its SHA-256). Only a regular
    file of at most :data:`MAX_FILE_BYTES` is read: a FIFO or a device (``/dev/urandom``) is refused
    before reading, never waited on for ever."""
    from trainer.paths import read_regular

    try:
        data = read_regular(Path(path), MAX_FILE_BYTES, "the casino's Rules Submission (.toml)")
    except TrainerError as exc:
        said = str(exc)
        raise CasinoFileError(path, None, "no such file" if said.startswith("no such file") else
                              said.replace(f"{path}:", "it:", 1).replace(f"{path} ", "it ", 1)) from None
    if len(data) > MAX_FILE_BYTES:
        raise CasinoFileError(path, None, f"it is larger than {MAX_FILE_BYTES >> 20} MB: not a Rules Submission")
    return parse_casino(path, data)


def parse_casino(path: str, data: bytes) -> Any:
    """The Rules Submission in ``data`` (a file's bytes, or a text kept with the progress or carried by
    an export): any mistake in it is a :class:`CasinoFileError`, never another exception."""
    digest = hashlib.sha256(data).hexdigest()
    if digest not in _LOADED:
        if len(data) > MAX_FILE_BYTES:
            raise CasinoFileError(path, None, f"it is larger than {MAX_FILE_BYTES >> 20} MB: not a Rules Submission")
        try:
            _LOADED[digest] = _parsed(path, data, digest)
        except TrainerError:
            raise
        except (ValueError, KeyError, IndexError, TypeError, RecursionError) as exc:  # a case no check names yet
            raise CasinoFileError(path, None, f"cannot be read ({type(exc).__name__}: "
                                              f"{str(exc).splitlines()[0][:80] if str(exc) else 'no detail'})") from None
    _SOURCES.setdefault(digest, (Path(path).name, data))
    return _LOADED[digest]


def _parsed(path: str, data: bytes, digest: str) -> Any:
    """``data`` parsed and built by its jurisdiction's game (``parse_casino``)."""
    reader = read_file(path, data, digest)
    if not isinstance(reader.data.get("casino"), dict):
        raise reader.fail(("casino",), "the file needs a [casino] table with its name and jurisdiction")
    casino = reader.table(("casino",), reader.data["casino"], ("name", "jurisdiction"), ("name", "jurisdiction"))
    modules = [importlib.import_module(m) for m in GAME_MODULES]
    names = [n for m in modules for n in m.PROFILE_NAMES]
    game = next((m for m in modules if casino["jurisdiction"] in m.PROFILE_NAMES), None)
    if game is None:
        raise reader.fail(("casino", "jurisdiction"), f"unknown jurisdiction {printable(repr(casino['jurisdiction']))} "
                                                      f"(choose from: {', '.join(names)})")
    return game.build(reader, digest, reader.text(("casino", "name"), casino["name"]), casino["jurisdiction"])
