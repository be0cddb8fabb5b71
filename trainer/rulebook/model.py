"""The rule book's value types and its list of texts: the shipped documents (``DOCUMENTS``) and a
document's sections and paragraphs, as ``trainer.rulebook.documents`` parses the texts and
``trainer.rulebook.readings`` the readings.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass


#: Marker kinds, in the order a paragraph path usually nests them (PA: (a)(1)(i)(A)).
_LOWER, _NUM, _ROMAN, _UPPER, _UPPER_DOT, _NUM_DOT = "lower", "num", "roman", "upper", "upper.", "num."


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
