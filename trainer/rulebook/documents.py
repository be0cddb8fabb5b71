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
from typing import Iterator

from trainer.rulebook.model import (
    _LOWER, _NUM, _NUM_DOT, _ROMAN, _UPPER, _UPPER_DOT, DOCUMENTS, Block, Dialect, DocSpec, Document, Section, anchor_for,
)

_ROMANS = frozenset("i ii iii iv v vi vii viii ix x xi xii xiii xiv xv".split())
_BULLET = re.compile(r"^[\s\-*]*")


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
