"""Search the rule book: every paragraph holding all the words of a query, best first.

>>> hits = search("supreme pair played")
>>> hits[0].doc, "Supreme Pair" in hits[0].text
('pa-2019', True)
>>> search("  ")
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from trainer.rulebook.documents import Document, load_book


@dataclass(frozen=True)
class Hit:
    doc: str
    section: str
    anchor: str
    label: str
    title: str
    text: str


def words(query: str) -> list[str]:
    """The words of a query, lower case (punctuation kept inside a word: "621a.8", "6-6")."""
    return [w for w in re.split(r"\s+", query.lower().strip()) if w]


def search(query: str, book: dict[str, Document] | None = None, limit: int = 300, first: str = "") -> list[Hit]:
    """Paragraphs containing every word of ``query`` (case ignored); hits in a section's title or
    label come first, then the document ``first`` (the active profile's text), then the others in
    rule-book order."""
    terms = words(query)
    if not terms:
        return []
    scored: list[tuple[int, int, Hit]] = []
    for doc in (book or load_book()).values():
        for section in doc.sections:
            head = f"{section.label} {section.title}".lower()
            for block in section.blocks:
                text = block.text.lower()
                if all(t in text or t in head or t in block.label.lower() for t in terms):
                    rank = (0 if all(t in head for t in terms) else 2) + (doc.id != first)
                    scored.append((rank, len(scored),
                                   Hit(doc.id, section.key, block.anchor, block.label, section.title, block.text)))
    scored.sort(key=lambda s: s[:2])
    return [h for _, _, h in scored[:limit]]


def highlight_spans(text: str, query: str) -> list[tuple[int, int]]:
    """Where the query's words occur in ``text`` (start, end), sorted, not overlapping."""
    spans: list[tuple[int, int]] = []
    for term in words(query):
        spans += [(m.start(), m.end()) for m in re.finditer(re.escape(term), text, re.IGNORECASE)]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
