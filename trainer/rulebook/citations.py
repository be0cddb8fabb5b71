"""Citations: find them in the engine's strings, resolve them to rule-book sections, show them in words.

A citation is read in the active profile's text: "8.D" under ``md`` is MD 8.D, "10.7(d)" under
``nj`` is N.J.A.C. 19:47-10.7(d); a citation that names its code ("MD 8.D", "N.J.A.C.
19:47-10.7(d)", "621a.8(d)(2)", "631a.12(b)") is read in that code. Pennsylvania's 621a is read
in the profile's own edition (2012 or 2019) when it has the section. "spec W2" is one of the
readings the trainer follows, shown to a trainee by its words.

>>> [r.label for r in resolve("621a.8(d)(2), spec W2", "pa-2019")]
['621a.8(d)(2)', 'Reading: ties inside a house-way step']
>>> [r.anchor for r in resolve("8.D", "md")], resolve("10.7(k),(l)", "nj")[0].anchor
(['md:8.D'], 'nj:10.7.k')
>>> shown(("621a.8(d)(2)", "spec W2"), "pa-2019")
'621a.8(d)(2) · Reading: ties inside a house-way step'
>>> [(r.anchor, r.label) for r in resolve("631a.11(c)(2)(iii), Table 1; spec B3", "pa-631a")][0]
('baccarat:631a.11.c.2.iii', '631a.11(c)(2)(iii), Table 1')
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from trainer.rulebook.documents import (DOCUMENT_IDS, DOCUMENTS, SPECS, Document, Section, document_for_source,
                                        load_document)

#: Where a link into the rule book points: ``rulebook:<anchor>``.
SCHEME = "rulebook:"

_PATH = r"((?:\([0-9a-zA-Z]{1,5}\))*)"
#: One pattern per way of citing; each yields (code, section key, path text, trailing number).
_PATTERNS = {
    "reading": r"spec\s*§?\s*(?P<reading>[A-Z]{1,3}\d+(?:\.\d+)?)",
    # a table printed inside a paragraph is read with it: "631a.11(c)(2)(iii), Table 1"
    "pa": r"(?:§\s*)?(?P<pa>6\d\da\.\d+)(?P<pa_path>" + _PATH[1:-1] + r")(?P<pa_more>(?:,\s?\([0-9a-z]{1,5}\))*)"
          r"(?:,\s?Table\s\d+)?",
    "md": r"(?:(?P<md_pre>MD\s+)|(?<![\w.($]))(?P<md>\d{1,2})(?:\.(?P<md_sub>[A-Z])(?:\s?[-–]\s?[A-Z])?)?(?P<md_path>"
          + _PATH[1:-1] + r")(?![\w.])",
    "nj": r"(?:(?P<nj_pre>N\.J\.A\.C\.\s*19:47-)|(?<![\w.:$-]))(?P<nj>10\.\d{1,2})(?P<nj_path>" + _PATH[1:-1]
          + r")(?P<nj_num>\d{1,2})?(?P<nj_more>(?:,\s?\([0-9a-z]{1,5}\))*)(?![\w.])",
}
_READING = re.compile(_PATTERNS["reading"])
_PARTS = re.compile(r"\(([0-9a-zA-Z]{1,5})\)")


@dataclass(frozen=True)
class Ref:
    """A resolved citation: where it opens the rule book and how a trainee reads it.

    ``label`` is the citation as shown (the regulation's own form, or "Reading: …" for a reading);
    ``title`` the section's title; ``anchor`` the paragraph (or section) it opens at.
    """

    doc: str
    anchor: str
    label: str
    title: str
    cited: str

    @property
    def href(self) -> str:
        return SCHEME + self.anchor

    @property
    def words(self) -> str:
        """The label with its section's title (to its first ";"), for print: ``621a.3(g) (Pai Gow tiles)``."""
        return self.label if self.doc == "readings" else f"{self.label} ({self.title.split(';')[0]})"


@dataclass(frozen=True)
class Found:
    start: int
    end: int
    ref: Ref | None


def profile_doc(profile: object) -> str:
    """The rule-book document of a profile, a profile's name (of any game), or a document id."""
    source = getattr(profile, "source_file", None)
    if source is None and str(profile) not in DOCUMENT_IDS:
        from trainer.drills.games import profile_named  # the games' registry: imported late, it imports drills

        source = profile_named(str(profile)).source_file
    return document_for_source(source) if source else str(profile)


def _ref(doc: Document, section: Section, path: tuple[str, ...], cited: str) -> Ref:
    block = section.find(path)
    anchor = block.anchor if block else section.anchor
    return Ref(doc.id, anchor, cited.strip(), section.title, cited.strip())


def _reading(key: str, cited: str) -> Ref | None:
    readings = load_document("readings")
    while key:
        section = readings.section(key)
        if section:
            return Ref("readings", section.anchor, f"Reading: {section.title}", section.title, cited)
        key = key.rpartition(".")[0]  # D6.11 falls back to D6
    return None


def _in_code(code: str, key: str, path: tuple[str, ...], own: str, cited: str) -> Ref | None:
    """Resolve in the profile's own document if it is of that code and has the section, else the first
    that has (each text parsed only when it is looked in)."""
    ids = [own] if _code(own) == code else []
    ids += [spec.id for spec in DOCUMENTS if _code(spec.id) == code]
    for doc in map(load_document, ids):
        section = doc.section(key)
        if section:
            return _ref(doc, section, path, cited)
    return None


def _code(doc_id: str) -> str:
    """How a document is cited: ``pa``, ``md`` or ``nj`` (its dialect's prefix), ``readings`` for the readings."""
    prefix = SPECS[doc_id].dialect.prefix if doc_id in SPECS else "readings"
    return {"": "pa", "MD ": "md", "N.J.A.C. 19:47-": "nj"}.get(prefix, prefix)


def _resolve_match(m: re.Match[str], own: str) -> Ref | None:
    cited = m.group(0)
    if m["reading"]:
        return _reading(m["reading"], cited)
    own_code = _code(own)
    if m["pa"]:
        return _in_code("pa", m["pa"], tuple(_PARTS.findall(m["pa_path"])), own, cited)
    if m["md"] is not None:
        if not m["md_pre"] and (own_code != "md" or not m["md_sub"]):
            return None
        path = ((m["md_sub"],) if m["md_sub"] else ()) + tuple(_PARTS.findall(m["md_path"]))
        return _in_code("md", m["md"], path, own, cited)
    if m["nj"] is not None:
        if not m["nj_pre"] and own_code != "nj":
            return None
        path = tuple(_PARTS.findall(m["nj_path"])) + ((m["nj_num"],) if m["nj_num"] else ())
        return _in_code("nj", m["nj"], path, own, cited)
    return None


@functools.cache
def _any_citation() -> re.Pattern[str]:
    """Every way of citing as one pattern (compiled on first use: ~1 ms; words alone need only readings)."""
    return re.compile("|".join(f"(?:{p})" for p in _PATTERNS.values()))


def find(text: str, profile: object) -> list[Found]:
    """Every citation in ``text`` (an engine citation or a whole explanation), read under ``profile``.

    A bare number that is not a citation of the profile's code (e.g. "10.5" under ``pa-2019``) is
    not reported.
    """
    own = profile_doc(profile)
    out = []
    for m in _any_citation().finditer(text):
        ref = _resolve_match(m, own)
        if ref is not None or m["reading"] or m["pa"] or m["md_pre"] or m["nj_pre"]:
            out.append(Found(m.start(), m.end(), ref))
    return out


def resolve(citation: str, profile: object) -> list[Ref]:
    """The sections a citation string names, in order (unresolvable parts are left out)."""
    return [f.ref for f in find(citation, profile) if f.ref is not None]


def refs(citations: Iterable[str], profile: object) -> list[Ref]:
    """The distinct sections of a citation list, in order."""
    seen: dict[str, Ref] = {}
    for c in citations:
        for r in resolve(c, profile):
            seen.setdefault(r.label, r)
    return list(seen.values())


def shown(citations: Sequence[str], profile: object, *, words: bool = False) -> str:
    """A citation list as a trainee reads it: regulations as cited, readings by their words.

    ``words`` adds each regulation's section title (the PDF report, the terminal).
    """
    return " · ".join(r.words if words else r.label for r in refs(citations, profile))


def in_words(text: str) -> str:
    """``text`` with every reading id replaced by its words ("spec W2" -> "reading: ties inside …").

    Readings read the same under every profile and regulation citations stay as cited, so only the
    readings are looked up (parsed on first use; text citing none parses nothing).
    """
    def words(m: re.Match[str]) -> str:
        ref = _reading(m["reading"], m[0])
        return _lower_first(ref.label) if ref else m[0]
    return _READING.sub(words, text)


def linked(text: str, profile: object, style: str = "") -> str:
    """``text`` as HTML with each citation a link into the rule book (readings in words).

    ``style``: a CSS style for the links (e.g. the citation colour).
    """
    def link(ref: Ref, raw: str) -> str:
        return _a(ref, raw if ref.doc != "readings" else _lower_first(ref.label), style)
    return _rewrite(text, profile, link, html.escape)


def links(citations: Sequence[str], profile: object, style: str = "") -> str:
    """A citation list as HTML links, joined by " · "."""
    return " · ".join(_a(r, r.label, style) for r in refs(citations, profile))


def _a(ref: Ref, label: str, style: str) -> str:
    css = f' style="{html.escape(style)}"' if style else ""
    return f'<a href="{ref.href}"{css}>{html.escape(label)}</a>'


def _lower_first(label: str) -> str:
    return label[:1].lower() + label[1:]


def _rewrite(text: str, profile: object, sub: Callable[[Ref, str], str],
             escape: Callable[[str], str] = lambda s: s) -> str:
    out, last = [], 0
    for f in find(text, profile):
        if f.ref is None:
            continue
        out += [escape(text[last:f.start]), sub(f.ref, text[f.start:f.end])]
        last = f.end
    out.append(escape(text[last:]))
    return "".join(out)
