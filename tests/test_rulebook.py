"""The rule book: shipped texts parsed into sections, every citation the trainer produces resolved,
readings in words, search (621a.*, MD, N.J.A.C. 19:47-10, 631a; spec readings)."""

from __future__ import annotations

import re
import subprocess
from importlib import resources
from pathlib import Path

import pytest

from trainer.drills.exam import ExamSpec, build_exam
from trainer.drills.games import profile_named
from trainer.drills.dealer_round import DealerRound
from trainer.drills.paigow.dealer_round import RoundSpec, playable, play_spec
from trainer.drills.registry import skills_for
from trainer.rulebook.citations import find, in_words, linked, refs, resolve, shown
from trainer.rulebook.documents import DOCUMENT_IDS, DOCUMENTS, anchor_for, load_book, load_document
from trainer.rulebook.search import highlight_spans, search
from trainer.rules.baccarat.irregularities import Irregularity as BaccaratIrregularity
from trainer.rules.baccarat.profiles import PROFILES as BACCARAT
from trainer.rules.baccarat.round import play_one, play_shoe
from trainer.rules.paigow.irregularities import Irregularity
from trainer.rules.paigow.profiles import PROFILES
from trainer.rules.rng import rng_for

BOOK = load_book()
ROOT = Path(__file__).resolve().parents[1]
#: Reading ids built in code rather than written out (dealer_round's JI rows, delivery's D6.k).
BUILT = {f"JI{n}" for n in range(1, 9)} | {f"D6.{n}" for n in range(1, 11)}
#: Every profile of every game, and the text each reads.
OWN = {"pa-2019": "pa-2019", "pa-2012": "pa-2012", "md": "md", "nj": "nj", "pa-631a": "baccarat", "pa-631a-ez": "baccarat"}
#: The Baccarat readings written out (there are no B21 and B22).
BACCARAT_READINGS = {f"B{n}" for n in range(1, 26)} - {"B21", "B22"} | {"B28", "B29", "B30", "B31", "B32", "B33"}


def all_anchors() -> set[str]:
    return {a for d in BOOK.values() for s in d.sections for a in (s.anchor, *(b.anchor for b in s.blocks))}


ANCHORS = all_anchors()


def test_texts_ship_as_package_data():
    files = resources.files("trainer.rulebook")
    assert files.joinpath("readings.md").is_file()
    for spec in DOCUMENTS:
        assert files.joinpath("texts", spec.file).is_file()
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"rulebook/texts/*.md"' in pyproject and '"rulebook/readings.md"' in pyproject
    assert "trainer/rulebook/texts" in (ROOT / "packaging" / "paigow-trainer.spec").read_text()


def test_each_document_loads_alone_and_is_the_books():
    """One document is parsed on first use (``in_words`` needs only the readings, issue 15); the
    whole book is the same documents."""
    assert list(BOOK) == list(DOCUMENT_IDS) and all(BOOK[d] is load_document(d) for d in DOCUMENT_IDS)
    with pytest.raises(KeyError, match="no rule-book document"):
        load_document("pa-1999")
    assert in_words("621a.8(d) and MD 8.D, spec Q99") == "621a.8(d) and MD 8.D, spec Q99"  # unknown: as written


@pytest.mark.parametrize("doc, keys", [
    ("pa-2019", [f"621a.{n}" for n in range(1, 12)]),
    ("pa-2012", [f"621a.{n}" for n in range(1, 11)]),
    ("md", [str(n) for n in range(1, 11)]),
    ("nj", [f"10.{n}" for n in range(1, 11)]),
    ("baccarat", [f"631a.{n}" for n in range(1, 16)]),
])
def test_every_section_of_every_text_is_found_in_order(doc, keys):
    found = [s.key for s in BOOK[doc].sections if s.key != "preamble"]
    assert found == keys
    assert all(s.title and s.blocks for s in BOOK[doc].sections)


def test_anchors_are_unique_and_safe():
    seen = [b.anchor for d in BOOK.values() for s in d.sections for b in s.blocks if b.first]
    assert len(seen) == len(set(seen))
    assert all(re.fullmatch(r"[\w.:-]+", a) for a in seen)


def test_every_profile_of_every_game_is_read_in_its_text():
    assert set(OWN) == set(PROFILES) | set(BACCARAT.names())


@pytest.mark.parametrize("name", sorted(OWN))
def test_every_profile_section_resolves_to_that_exact_paragraph(name):
    """``cite(rule)`` for every rule of every profile opens its own text at the cited paragraph."""
    profile = profile_named(name)
    own = OWN[name]
    for rule, section in profile.sections.items():
        found = resolve(profile.cite(rule), profile)
        assert found, (name, rule)
        first = re.split(r",\s?", section)[0]
        key, path = _split(name, first)
        assert found[0].doc == own and found[0].anchor == anchor_for(own, key, path), (name, rule, found[0])


def _split(profile: str, cited: str) -> tuple[str, tuple[str, ...]]:
    """``621a.8(d)(2)`` -> (``621a.8``, (d, 2)); ``8.D(2)`` -> (``8``, (D, 2)); ``10.8(k)5`` -> (``10.8``, (k, 5))."""
    if profile == "md":
        m = re.fullmatch(r"(\d+)(?:\.([A-Z])(?:-[A-Z])?)?((?:\(\w+\))*)", cited)
        return m[1], ((m[2],) if m[2] else ()) + tuple(re.findall(r"\((\w+)\)", m[3]))
    m = re.fullmatch(r"(\d+a?\.\d+)((?:\(\w+\))*)(\d*)", cited)
    return m[1], tuple(re.findall(r"\((\w+)\)", m[2])) + ((m[3],) if m[3] else ())


def _trainer_citations(name: str) -> set[str]:
    """Every citation a large exam over all skills, and the game's rounds, show under ``name``."""
    skills = tuple(s.id for s in skills_for(name))
    cites = {c for q in build_exam(ExamSpec(seed=11, skills=skills, count=120, profile=name)).questions
             for c in q.citations}
    return cites | ROUNDS[name](name)


def _paigow_rounds(name: str) -> set[str]:
    """Dealer rounds with every irregularity, house- and player-banked, co-banked."""
    cites: set[str] = set()
    profile = PROFILES[name]
    banks = ["dealer"] + (["seat2"] if profile.player_bank else [])
    for seed, bank in enumerate(banks * 2):
        for irregular in (None, *Irregularity):
            spec = playable(RoundSpec(seed=seed, profile=name, bank=bank, irregularity=irregular,
                                      co_bank=bool(seed % 2) and profile.co_bank and bank != "dealer"))
            cites |= {s.citation for s in play_spec(spec).steps}
            cites |= {c for t in DealerRound(spec).tasks for c in t.question.citations}
    return cites


def _baccarat_rounds(name: str) -> set[str]:
    """A whole shoe (preparation, rounds, markers collected) and a round with every irregularity,
    under the profile's options and under the other ones (squeeze, deferred vigorish, simulated round)."""
    run = play_shoe(rng_for(3)[0], name, players=5)
    steps = [*run.opening.steps, *run.closing, *(s for r in run.rounds for s in r.steps)]
    chips = [*run.closing_chips, *(c for r in run.rounds for c in r.chips)]
    for kind in BaccaratIrregularity:
        for options in ({}, {"third_card_remedy": "simulated", "vig_collection": "deferred", "squeeze": True}):
            r = play_one(5, name, players=3, irregularity=kind, **options)
            steps += r.steps
            chips += r.chips
    return {s.citation for s in steps} | {c.citation for c in chips}


ROUNDS = {**{name: _paigow_rounds for name in PROFILES}, **{name: _baccarat_rounds for name in BACCARAT.names()}}


@pytest.mark.parametrize("name", sorted(OWN))
def test_every_citation_of_exams_and_rounds_opens_a_section(name):
    for citation in _trainer_citations(name):
        found = find(citation, name)
        assert found and all(f.ref is not None for f in found), citation
        assert all(f.ref.anchor in ANCHORS for f in found)
        # nothing of the string is left unread but separators
        rest = citation
        for f in reversed(found):
            rest = rest[:f.start] + rest[f.end:]
        assert re.fullmatch(r"[\s,;]*", rest), (citation, rest)
        assert all(f.ref.doc in (OWN[name], "readings") for f in found), (citation, name)


def test_every_reading_cited_in_the_code_is_written():
    out = subprocess.run(["grep", "-rhoE", r"spec §?[A-Z]+[0-9]+(\.[0-9]+)?", "trainer"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    ids = {re.sub(r"spec §?", "", m) for m in out.split("\n") if m} | BUILT
    readings = BOOK["readings"]
    assert {i for i in ids if readings.section(i) is None} == set()


def test_readings_name_the_sections_they_read_and_no_file_or_internal_id():
    for s in BOOK["readings"].sections:
        assert s.blocks and s.reads, s.key
        text = s.title + " " + s.text
        assert not re.search(r"\.md\b|pai_gow|table_inventory|\bspec\b|\b(?:J[A-Z]|[BDHWNR])\d+\b|seat\d|pa-631a|_",
                             text), s.key
        for doc, cites in s.reads:
            for c in cites:
                got = resolve(c, doc)
                assert got and got[0].doc == doc, (s.key, doc, c)


def test_the_baccarat_readings_are_a_chapter_reading_631a():
    readings = BOOK["readings"]
    baccarat = [s for s in readings.sections if s.group == "Baccarat"]
    assert {s.key for s in baccarat} == BACCARAT_READINGS
    assert all({doc for doc, _ in s.reads} == {"baccarat"} for s in baccarat)
    assert readings.section("B3").reads == (("baccarat", ("631a.9(c)", "631a.10(c)", "631a.11")),)


@pytest.mark.parametrize("citation, profile, anchor, label", [
    ("621a.8(d)(2)", "pa-2019", "pa-2019:621a.8.d.2", "621a.8(d)(2)"),
    ("621a.8(k),(l)", "pa-2012", "pa-2012:621a.8.k", "621a.8(k),(l)"),
    ("621a.3(h)", "pa-2012", "pa-2012:621a.3.h", "621a.3(h)"),
    ("621a.11(a)", "pa-2012", "pa-2019:621a.11.a", "621a.11(a)"),  # only in the 2019 text
    ("MD 8.D", "md", "md:8.D", "MD 8.D"),
    ("8.D", "md", "md:8.D", "8.D"),
    ("3.E-G", "md", "md:3.E", "3.E-G"),
    ("MD 3.B(2)(b)(ii)", "md", "md:3.B.2.b.ii", "MD 3.B(2)(b)(ii)"),
    ("N.J.A.C. 19:47-10.7(d)", "nj", "nj:10.7.d", "N.J.A.C. 19:47-10.7(d)"),
    ("10.7(d)", "nj", "nj:10.7.d", "10.7(d)"),
    ("10.8(k)5", "nj", "nj:10.8.k.5", "10.8(k)5"),
    ("MD 8.D", "nj", "md:8.D", "MD 8.D"),  # a named code is read in that code
    ("631a.12(b)", "pa-2019", "baccarat:631a.12.b", "631a.12(b)"),
    ("spec W2", "md", "readings:W2", "Reading: ties inside a house-way step"),
    ("spec §D6.5", "nj", "readings:D6.5", "Reading: Jung Quat (take the heart)"),
    ("spec D6.11", "nj", "readings:D6", "Reading: the delivery styles"),  # falls back to its parent
    ("631a.11(c)(2)(iii), Table 1", "pa-631a", "baccarat:631a.11.c.2.iii", "631a.11(c)(2)(iii), Table 1"),
    ("631a.13(d)(2)(ii)", "pa-631a-ez", "baccarat:631a.13.d.2.ii", "631a.13(d)(2)(ii)"),
    ("spec B9", "pa-631a", "readings:B9", "Reading: how much vigorish"),
    ("spec B25", "pa-631a-ez", "readings:B25", "Reading: irregularities in a round"),
])
def test_resolve(citation, profile, anchor, label):
    [ref] = resolve(citation, profile)
    assert (ref.anchor, ref.label) == (anchor, label)


@pytest.mark.parametrize("text, profile", [
    ("8.D", "pa-2019"), ("10.7(d)", "md"), ("$10.50 paid", "nj"), ("seat 3 and 5 players", "md"),
    ("a 9 and a 7", "md"), ("total 12.", "nj"),
])
def test_bare_numbers_of_another_code_or_money_are_not_citations(text, profile):
    assert resolve(text, profile) == []


def test_list_and_text_in_words_and_as_links():
    cites = ("MD 8.D", "spec W2", "MD 8.D")
    assert shown(cites, "md") == "MD 8.D · Reading: ties inside a house-way step"
    assert shown(cites, "md", words=True).startswith("MD 8.D (Procedure for Completing a Round of Play")
    assert [r.label for r in refs(cites, "md")] == ["MD 8.D", "Reading: ties inside a house-way step"]
    text = "Step 2 (621a.8(d)(2), spec W2): a pair <beats> all."
    assert in_words(text) == "Step 2 (621a.8(d)(2), reading: ties inside a house-way step): a pair <beats> all."
    html = linked(text, "pa-2019", "color: red;")
    assert '<a href="rulebook:pa-2019:621a.8.d.2" style="color: red;">621a.8(d)(2)</a>' in html
    assert '<a href="rulebook:readings:W2" style="color: red;">reading: ties inside a house-way step</a>' in html
    assert "&lt;beats&gt;" in html and "spec" not in html


def test_search_finds_paragraphs_holding_every_word():
    hits = search("dealer supreme pair")
    assert hits and all(all(w in (h.text + h.label + h.title).lower() for w in ("supreme", "pair", "dealer"))
                        for h in hits)
    assert {h.doc for h in hits} >= {"pa-2019", "pa-2012", "md", "nj"}
    assert search("house way ties")[0].doc == "readings"  # a reading whose title holds every word first
    assert search("vigorish", first="baccarat")[0].doc == "baccarat"  # the profile's text before the readings
    assert search("third card", first="baccarat")[0].doc == "baccarat"
    assert search("zzqx") == [] and search("") == []
    text = "The Supreme Pair beats a supreme hand"
    assert highlight_spans(text, "supreme pair") == [(4, 11), (12, 16), (25, 32)]


@pytest.mark.parametrize("args", [
    ["round", "--seed", "3", "--bank", "seat2", "--co-bank"],
    ["round", "--seed", "5", "--profile", "md", "--irregularity", "wrong-count"],
    ["deal", "--seed", "2", "--style", "jung-quat", "--profile", "nj", "--bank", "seat2"],
    ["exam", "--seed", "1", "--skills", "all", "--count", "40", "--print-questions", "--profile", "md"],
    ["house-way", "6-6 4-5 1-3 2-3"],
])
def test_cli_text_reads_in_words(capsys, args):
    from trainer.cli import main

    assert main(args) == 0
    out = capsys.readouterr().out
    assert not re.search(r"\bspec\b|pai_gow|table_inventory|\bseat\d|§D|\bJ[A-Z]\d+\b", out), out
    assert "Seat " in out or "house way" in out.lower()


def test_tables_of_the_texts_keep_their_cells_and_no_published_markup():
    rows = [b.cells for b in BOOK["baccarat"].section("631a.11").blocks if b.cells]
    assert ("3", "D", "D", "D", "D", "D", "D", "D", "D", "S", "D") in rows  # Table 1, Banker 3
    assert ("Win by 9 points", "30 to 1", "20 to 1", "30 to 1") in [
        b.cells for b in BOOK["baccarat"].section("631a.13").blocks]
    texts = [b.text for d in BOOK.values() for s in d.sections for b in s.blocks]
    assert not [t for t in texts if re.search(r"</?[iub]>|\*", t)]
