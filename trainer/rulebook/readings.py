"""The readings the trainer follows, in plain words, as one rule-book document.

``readings.md`` holds them: ``# Group`` headings, then per reading a ``## ID title`` line (the id
is what code cites as "spec W2"; the title is written as it reads after "Reading: "), lines
``pa: 621a.8(d)`` / ``md: 8.D`` / ``nj: 10.7(d)`` / ``pa-631a: 631a.11(c)`` naming the sections it
reads in each text, keyed by a document id or a name of :data:`READ_KEYS` (``pa`` = both
Pennsylvania Pai Gow texts, ``pa-631a`` = Baccarat's), then its paragraphs.

>>> r = parse_readings("# House way\\n## W2 ties inside a step\\npa: 621a.8(d)\\nmd: 8.D\\n\\nThe stronger high hand.")
>>> s = r.section("W2")
>>> s.title, s.reads, s.blocks[0].text
('ties inside a step', (('pa-2019', ('621a.8(d)',)), ('pa-2012', ('621a.8(d)',)), ('md', ('8.D',))), 'The stronger high hand.')
>>> r = parse_readings("# Settlement\\n## S1 money\\npa: 621a.9\\n\\nCents.\\n# Baccarat\\n## B9 vigorish\\npa-631a: 631a.13(c)")
>>> r.section("S1").group, r.section("B9").group, r.section("B9").reads
('Settlement', 'Baccarat', (('baccarat', ('631a.13(c)',)),))
"""

from __future__ import annotations

import re

from trainer.rulebook.model import DOCUMENTS, Block, Document, Section, anchor_for

#: Keys of a reads line besides the document ids: the texts each stands for. ``pa`` is both
#: Pennsylvania Pai Gow texts; ``pa-631a`` (the Baccarat profiles' code) is the 631a text.
READ_KEYS: dict[str, tuple[str, ...]] = {"pa": ("pa-2019", "pa-2012"), "pa-631a": ("baccarat",)}
_KEYS = {**{spec.id: (spec.id,) for spec in DOCUMENTS}, **READ_KEYS}
_READS = re.compile(rf"^({'|'.join(sorted(map(re.escape, _KEYS), key=len, reverse=True))}):\s*(.+)$")


def _reading(key: str, title: str, group: str, lines: list[str]) -> Section:
    reads: list[tuple[str, tuple[str, ...]]] = []
    paragraphs: list[str] = []
    current: list[str] = []
    for line in lines:
        m = _READS.match(line.strip())
        if m and not paragraphs and not current:
            cites = tuple(c.strip() for c in m[2].split(";") if c.strip())
            reads += [(doc, cites) for doc in _KEYS[m[1]]]
        elif line.strip():
            current.append(line.strip())
        elif current:
            paragraphs.append(" ".join(current))
            current = []
    if current:
        paragraphs.append(" ".join(current))
    anchor = anchor_for("readings", key)
    blocks = tuple(Block((), p, title, anchor, i == 0) for i, p in enumerate(paragraphs))
    return Section("readings", key, f"{title[:1].upper()}{title[1:]}", title, anchor, blocks, tuple(reads), group)


def parse_readings(text: str) -> Document:
    """The readings document: one section per ``## ID title``, in file order."""
    sections: list[Section] = []
    group, key, title, lines = "", "", "", []
    heading = ""  # the group a reading is listed under: the last "# " before its "## "
    for line in text.splitlines() + ["## END"]:
        if line.startswith("## "):
            if key:
                sections.append(_reading(key, title, group, lines))
            key, _, title = line[3:].strip().partition(" ")
            group, lines = heading, []
        elif line.startswith("# "):
            heading = line[2:].strip()
        else:
            lines.append(line)
    return Document("readings", "How the trainer reads the rules", "How the trainer reads the rules", None, tuple(sections))
