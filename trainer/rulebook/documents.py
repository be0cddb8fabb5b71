"""The rule book's documents: the regulation texts and the readings, parsed into sections.

The texts ship with the app as package data (``trainer/rulebook/texts/``), as published, with the
section structure kept: each section (``621a.8``, MD Chapter 8, N.J.A.C. 19:47-10.7, ``631a.12``)
holds its paragraphs, and every lettered or numbered paragraph gets a stable anchor built from its
path, so "621a.8(d)(2)" finds paragraph (2) of subsection (d) of § 621a.8.

>>> book = load_book()
>>> s = book["pa-2019"].section("621a.8")
>>> s.title.startswith("Procedures for completion"), s.find(("d", "2")).text[:38]
(True, '(2) If possible, the dealer shall alwa')
>>> book["md"].section("8").find(("D", "2")).label
'MD 8.D(2)'
>>> book["nj"].section("10.7").find(("d", "2")).label
'N.J.A.C. 19:47-10.7(d)2'
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from typing import Iterator

#: Marker kinds, in the order a paragraph path usually nests them (PA: (a)(1)(i)(A)).
_LOWER, _NUM, _ROMAN, _UPPER, _UPPER_DOT, _NUM_DOT = "lower", "num", "roman", "upper", "upper.", "num."
_ROMANS = frozenset("i ii iii iv v vi vii viii ix x xi xii xiii xiv xv".split())
_BULLET = re.compile(r"^[\s\-*]*")


@dataclass(frozen=True)
class Dialect:
    """How one text writes its section headings, paragraph markers and citations."""

    heading: str          #: regex: group 1 the section number, group 2 its title
    markers: tuple[str, ...]  #: marker kinds the text uses besides "(a)"-style ones
    prefix: str           #: how a citation names the text, e.g. "MD " or "N.J.A.C. 19:47-"
    section_sep: str      #: between the section and its first paragraph: "" or "."
    #: A whole section as a heading names it, and as the section tree does (``{key}`` is its number).
    named: str = "{key}"
    short: str = "{key}"


@dataclass(frozen=True)
class DocSpec:
    """One shipped text: its id (the profiles' ``source_file`` maps to it), titles and dialect."""

    id: str
    title: str
    short: str
    file: str
    dialect: Dialect


_PA = Dialect(r"^#*\s*§\s*(6\d\da\.\d+)\.\s*(.+?)\.?\s*$", (), "", "")
_MD = Dialect(r"^\*\*Chapter (\d+) - (.+?)\.\*\*\s*$", (_UPPER_DOT,), "MD ", ".", "MD Chapter {key}", "Chapter {key}")
_NJ = Dialect(r"^19:47-(10\.\d+) ([A-Z].+)$", (_NUM_DOT,), "N.J.A.C. 19:47-", "", "N.J.A.C. 19:47-{key}")

#: The texts, in the order the rule book lists them.
DOCUMENTS: tuple[DocSpec, ...] = (
    DocSpec("pa-2019", "Pennsylvania — 58 Pa. Code ch. 621a, Pai Gow (2019)", "Pennsylvania Pai Gow (2019)",
            "pa-58-621a-pai-gow-2019.md", _PA),
    DocSpec("pa-2012", "Pennsylvania — 58 Pa. Code ch. 621a, Pai Gow (2012 original)", "Pennsylvania Pai Gow (2012 original)",
            "pa-bulletin-2012-621a-pai-gow-original.md", _PA),
    DocSpec("md", "Maryland — Standard Rules, Pai Gow Tiles", "Maryland Pai Gow Tiles", "md-pai-gow-tiles-standard-rules.md", _MD),
    DocSpec("nj", "New Jersey — N.J.A.C. 19:47-10, Pai Gow", "New Jersey Pai Gow", "nj-19-47-10-pai-gow.md", _NJ),
    DocSpec("baccarat", "Pennsylvania — 58 Pa. Code ch. 631a, Baccarat", "Pennsylvania Baccarat", "pa-58-631a-baccarat.md", _PA),
)


@dataclass(frozen=True)
class Block:
    """One paragraph: its path in the section (``("d", "2")``; ``()`` before any marker) and text."""

    path: tuple[str, ...]
    text: str
    label: str
    anchor: str
    #: Whether this is the first paragraph of its path (the one an anchor points at).
    first: bool
    #: A heading inside the section ("Authority", "Source"), shown bold.
    heading: bool = False
    #: A row of a table printed in the text (its cells; ``text`` holds them joined by spaces).
    cells: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    """A section of a document: ``key`` as cited (``621a.8``, ``8``, ``10.7``, a reading's ``W2``)."""

    doc: str
    key: str
    label: str
    title: str
    anchor: str
    blocks: tuple[Block, ...]
    #: Readings only: the sections of each text the reading reads, by document id.
    reads: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: Readings only: the topic they are listed under.
    group: str = ""

    def find(self, path: tuple[str, ...]) -> Block | None:
        """The first paragraph of the longest prefix of ``path`` the section has (None: the section itself)."""
        for n in range(len(path), 0, -1):
            for b in self.blocks:
                if b.path == path[:n]:
                    return b
        return None

    @property
    def text(self) -> str:
        return "\n\n".join(b.text for b in self.blocks)


@dataclass(frozen=True)
class Document:
    id: str
    title: str
    short: str
    dialect: Dialect | None
    sections: tuple[Section, ...]

    def section(self, key: str) -> Section | None:
        return self._index().get(key)

    @functools.cache
    def _index(self) -> dict[str, Section]:
        return {s.key: s for s in self.sections}

    def __hash__(self) -> int:
        return hash(self.id)


def anchor_for(doc: str, key: str, path: tuple[str, ...] = ()) -> str:
    """A stable HTML anchor: ``pa-2019:621a.8.d.2`` (only letters, digits, ``.-:``)."""
    return ":".join((doc, ".".join((key, *path))))


def paragraph_label(dialect: Dialect, key: str, path: tuple[str, ...]) -> str:
    """How the text cites a paragraph: ``621a.8(d)(2)``, ``MD 8.D(2)``, ``N.J.A.C. 19:47-10.7(d)2``."""
    out = f"{dialect.prefix}{key}"
    for i, part in enumerate(path):
        if i == 0 and dialect.section_sep:
            out += f"{dialect.section_sep}{part}"
        elif part.isdigit() and _NUM_DOT in dialect.markers and i > 0:
            out += part
        else:
            out += f"({part})"
    return out


def _marker(line: str, dialect: Dialect) -> tuple[str, str, str] | None:
    """``(kind, label, rest)`` when ``line`` opens with a paragraph marker."""
    m = re.match(r"^\((\w{1,5})\)\s+(.*)$", line)
    if m:
        label, rest = m.groups()
        if label.isdigit():
            return _NUM, label, rest
        if len(label) == 1 and label.isupper():
            return _UPPER, label, rest
        if label.islower():
            return (_ROMAN if label in _ROMANS else _LOWER), label, rest
        return None
    if _UPPER_DOT in dialect.markers and (m := re.match(r"^([A-Z])\.\s+(.*)$", line)):
        return _UPPER_DOT, m[1], m[2]
    if _NUM_DOT in dialect.markers and (m := re.match(r"^(\d{1,2})\.\s+(.*)$", line)):
        return _NUM_DOT, m[1], m[2]
    return None


def _nest(stack: list[tuple[str, str]], kind: str, label: str) -> None:
    """Put ``label`` at its level: a kind already open closes what is below it, a new kind nests."""
    if kind == _ROMAN and len(label) == 1:
        # "(i)", "(v)", "(x)" follow "(h)", "(u)", "(w)" as letters, else they are roman numerals
        if any(k == _LOWER and ord(lab) == ord(label) - 1 for k, lab in stack):
            kind = _LOWER
    kinds = [k for k, _ in stack]
    if kind in kinds:
        del stack[kinds.index(kind):]
    stack.append((kind, label))


def _clean(line: str) -> str:
    """The line without the markup of the published copy (``**``, ``*``, ``<i>``, ``<u>``)."""
    line = re.sub(r"</?[iub]>", "", line.replace("*", ""))
    return re.sub(r"\s+", " ", line.replace("$\\S$", "§").replace("\\S", "§")).strip()


def _blocks(doc: str, key: str, dialect: Dialect, lines: list[str]) -> tuple[Block, ...]:
    blocks: list[Block] = []
    stack: list[tuple[str, str]] = []
    seen: set[tuple[str, ...]] = set()
    for raw in lines:
        line = _clean(_BULLET.sub("", raw))
        if not line or line.startswith("|") or set(line) <= set("-|: "):
            continue
        heading = raw.lstrip().startswith("#") or line in ("Authority", "Source", "Cross References")
        found = None if heading else _marker(line, dialect)
        if found:
            _nest(stack, found[0], found[1])
            line = f"({found[1]}) {found[2]}" if found[0] not in (_UPPER_DOT, _NUM_DOT) else f"{found[1]}. {found[2]}"
        path = tuple(lab for _, lab in stack)
        first = path not in seen
        seen.add(path)
        cells = tuple(_clean(c) for c in raw.strip("\n ").split("\t")) if "\t" in raw.strip() else ()
        blocks.append(Block(path, line.lstrip("# "), paragraph_label(dialect, key, path), anchor_for(doc, key, path),
                            first, heading, cells))
    return tuple(blocks)


def parse_text(spec: DocSpec, text: str) -> Document:
    """Split a regulation text into its sections; what comes before the first one is the preamble."""
    heading = re.compile(spec.dialect.heading)
    sections: list[Section] = []
    key, title, lines = "preamble", "Preamble", []

    def close() -> None:
        if lines and any(ln.strip() for ln in lines):
            label = spec.dialect.named.format(key=key) if key != "preamble" else title
            sections.append(Section(spec.id, key, label, title, anchor_for(spec.id, key),
                                    _blocks(spec.id, key, spec.dialect, lines)))

    for line in text.splitlines():
        m = heading.match(line.strip())
        if m and not m[2].rstrip(". ").endswith(tuple("0123456789")):
            close()
            key, title, lines = m[1], _clean(m[2]).rstrip("."), []
        else:
            lines.append(line)
    close()
    return Document(spec.id, spec.title, spec.short, spec.dialect, tuple(sections))


def _read(name: str) -> str:
    """A text shipped beside this module (package data, installed and bundled as files); read by
    path: ``importlib.resources`` would take ~10 ms of imports for one file."""
    with open(os.path.join(os.path.dirname(__file__), name), encoding="utf-8") as file:
        return file.read()


#: The texts by id.
SPECS: dict[str, DocSpec] = {spec.id: spec for spec in DOCUMENTS}
#: Every document's id, in the order the rule book lists them: the texts, then the readings.
DOCUMENT_IDS: tuple[str, ...] = (*SPECS, "readings")


@functools.cache
def load_document(doc_id: str) -> Document:
    """One document of the rule book (a text or the readings), parsed once, on first use."""
    if doc_id == "readings":
        from trainer.rulebook.readings import parse_readings

        return parse_readings(_read("readings.md"))
    if doc_id not in SPECS:
        raise KeyError(f"no rule-book document {doc_id}")
    return parse_text(SPECS[doc_id], _read(f"texts/{SPECS[doc_id].file}"))


@functools.cache
def load_book() -> dict[str, Document]:
    """Every document of the rule book by id: the texts, then the readings (``"readings"``)."""
    return {doc_id: load_document(doc_id) for doc_id in DOCUMENT_IDS}


def document_for_source(source_file: str) -> str:
    """The rule book's id for a profile's ``source_file`` (the file name of its text)."""
    for spec in DOCUMENTS:
        if spec.file == source_file:
            return spec.id
    raise KeyError(f"no rule-book text for {source_file}")


def all_sections(book: dict[str, Document]) -> Iterator[Section]:
    for doc in book.values():
        yield from doc.sections
