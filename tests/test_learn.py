"""Learn pages and flashcards (trainer.drills.learn): facts from the engine, cited in the active profile's
text, nothing foreign to it; flashcard ratings land on the drills' FSRS cards exactly as rated."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from trainer.drills.games import games
from trainer.drills.learn import (
    RATINGS, FlashcardDeck, families, flashcard_answer, flashcards, graded_answer, learn_page, weak_keys,
)
from trainer.drills.registry import generate
from trainer.progress.scheduling import rating_for
from trainer.rules.baccarat.draw import banker_rule
from trainer.rules.paigow.hands import Hand
from trainer.rules.paigow.house_way import house_way_named, set_by_house_way
from trainer.rules.paigow.tiles import FACES, Tile, parse_tiles
from trainer.rulebook.citations import resolve

PROFILES = [name for g in games() for name in g.profiles.items]


def _citations(page):
    for s in page.sections:
        yield from (c for f in (*s.facts, *s.columns) for c in f.citations)
        yield from (c for t in s.tiles for c in t.citations)
        yield from (c for w in s.walkthroughs for f in w.frames for c in f.citations)
        yield from (c for e in s.examples for c in e.citations)
        if s.chart is not None:
            yield from s.chart.citations


def _texts(page):
    for s in page.sections:
        yield s.title
        yield from (f.text for f in (*s.facts, *s.columns))
        yield from (f.caption for w in s.walkthroughs for f in w.frames)
        yield from (t for e in s.examples for t in (e.prompt, e.answer, e.why))


@pytest.mark.parametrize("profile", PROFILES)
def test_every_page_of_every_profile_cites_its_own_text_and_every_citation_opens_the_rule_book(profile):
    for family in families(profile):
        page = learn_page(family, profile)
        assert page.sections, (profile, family)
        cites = list(_citations(page))
        assert cites, (profile, family)
        for cite in cites:
            refs = resolve(cite, profile)
            assert refs and all(r.anchor for r in refs), (profile, family, cite)


def test_sections_are_cited_in_the_profiles_own_words():
    md = list(_citations(learn_page("Tiles", "md")))
    nj = list(_citations(learn_page("House way", "nj")))
    assert "MD 3.I" in md and not any(c.startswith("621a") for c in md)
    assert "N.J.A.C. 19:47-10.7(d)1" in nj and not any(c.startswith(("621a", "MD")) for c in nj)


@pytest.mark.parametrize("profile", ["pa-2012", "md", "nj"])
def test_no_dice_wagers_outside_pa_2019(profile):
    text = " ".join(_texts(learn_page("Payouts", profile)))
    assert not re.search(r"\b(Sum|Match|Beat It) Wager", text)


def test_dice_wagers_are_worked_under_pa_2019():
    assert "Sum" in " ".join(_texts(learn_page("Payouts", "pa-2019")))


def test_no_ez_wagers_on_a_standard_baccarat_table():
    assert "Panda" not in " ".join(_texts(learn_page("Baccarat payouts", "pa-631a")))
    assert "Panda" in " ".join(_texts(learn_page("Baccarat payouts", "pa-631a-ez")))


def test_the_tile_card_is_the_engine_s_tiles_by_rank():
    cards = learn_page("Tiles", "pa-2019").sections[0].tiles
    assert [c.tile for c in cards] == [str(t) for t in sorted(FACES, key=lambda t: (t.rank, -t.pips))]
    assert sum(c.copies for c in cards) == 32
    for c in cards:
        tile = Tile.parse(c.tile)
        assert (c.rank, c.name, c.chinese_name, c.spots) == (tile.rank, tile.name, tile.chinese_name, tile.pips)
        assert 1 <= c.pair_rank <= 16  # every face makes a pair, a Supreme, matched or mixed one
        assert Hand.parse(f"{c.tile} {c.partner}").pair_rank == c.pair_rank
        assert c.gee_joon == ((3, 6) if tile.is_gee_joon else ())


def test_the_ladder_lists_the_twenty_pair_ranks_in_order():
    ladder = learn_page("Hands", "pa-2019").sections[0].facts
    ranks = [int(f.text.split(".")[0]) for f in ladder if f.text[0].isdigit()]
    assert ranks == list(range(1, 21))
    assert ladder[0].text.startswith("1. Supreme Pair")


def test_the_zero_zero_rule_only_where_the_profile_has_it():
    assert any("zero" in f.text for f in learn_page("Hands", "pa-2019").sections[0].facts)
    assert not any("zero against zero" in f.text for f in learn_page("Hands", "nj").sections[0].facts)


@pytest.mark.parametrize("profile", ["pa-2019", "md", "nj"])
def test_each_house_way_walkthrough_ends_in_the_engine_s_setting_with_one_tile_in_one_place(profile):
    section = learn_page("House way", profile).sections[0]
    way = house_way_named("regulatory")
    assert len(section.walkthroughs) == len(way.steps)
    for number, walk in enumerate(section.walkthroughs, start=1):
        dealt = walk.frames[0].loose
        decision = set_by_house_way(parse_tiles(" ".join(dealt)), way)
        assert decision.step == number
        last = walk.frames[-1]
        assert (last.loose, last.high, last.low) == ((), tuple(map(str, decision.setting.high.tiles)),
                                                     tuple(map(str, decision.setting.low.tiles)))
        for frame in walk.frames:
            assert sorted(frame.loose + frame.high + frame.low) == sorted(dealt)
        # the steps are asked in order until the deciding one, each citing its own item
        asked = [f for f in walk.frames if f.caption.startswith("Step ")]
        assert [f.caption.split(":")[0] for f in asked] == [f"Step {n}" for n in range(1, number + 1)]


def test_table_1_chart_is_banker_rule_and_marks_the_weak_cells():
    weak = {"bac-banker-draws:B4-7", "bac-banker-draws:B6-s", "bac-point-count:2-cards-5"}
    chart = learn_page("Baccarat hands", "pa-631a", weak).sections[1].chart
    for b, row in enumerate(chart.cells):
        for col, cell in enumerate(row):
            third = None if col == 0 else col - 1
            assert cell == ("D" if banker_rule(0, b, third).draws else "S")
    assert chart.weak == {"bac-banker-draws:B4-7", "bac-banker-draws:B6-s"}
    assert chart.keys[6][0] == "bac-banker-draws:B6-s"


def test_weak_keys_from_the_answer_log():
    from types import SimpleNamespace as R

    log = [R(skill="s", item="a", correct=True)] * 3 + [R(skill="s", item="a", correct=False)]
    assert weak_keys(log) == {"s:a"}  # the last answer was wrong
    log += [R(skill="s", item="a", correct=True)]
    assert weak_keys(log) == frozenset()  # 4 of 5, the last right
    assert weak_keys(log + [R(skill="t", item="b", correct=False)], skills=["s"]) == frozenset()


@pytest.mark.parametrize("rating", RATINGS)
@pytest.mark.parametrize("ms", [0, 1500, 4000, 9000, 60000])
def test_a_self_rating_replays_as_itself(rating, ms):
    correct, recorded, hinted = graded_answer(rating, ms, 4000)
    assert rating_for(correct, recorded, 4000, hinted=hinted).name == rating


def test_flashcards_use_the_drills_items():
    tiles = flashcards("Tiles", "nj")
    assert {c.item for c in tiles} == {str(t) for t in FACES} and {c.skill for c in tiles} == {"tile-id"}
    assert all(a.key != b.key for a, b in zip(tiles, tiles[1:]))  # never the same card twice in a row
    cells = flashcards("Baccarat hands", "pa-631a")
    assert len(cells) == 40 and {c.skill for c in cells} == {"bac-banker-draws"}
    drilled = {generate("bac-banker-draws", seed=s).item for s in range(400)}
    assert {c.item for c in cells} <= drilled
    steps = flashcards("House way", "pa-2019")  # a card a step, on the house-way drill's item of it
    assert [c.key for c in steps] == [f"house-way:step{n}" for n in range(1, 5)]
    for card in steps:
        tiles = parse_tiles(card.front.split(" how are ")[1].split(" set")[0])
        decision = set_by_house_way(tiles, house_way_named("regulatory"))
        assert card.back.startswith(f"{decision.setting}. Step {decision.step}:") and card.item == f"step{decision.step}"


def test_the_deck_brings_a_missed_card_back_after_others():
    deck = FlashcardDeck(flashcards("Baccarat hands", "pa-631a"))
    first = deck.rate("Again")
    upcoming = [c.key for c in deck.upcoming()]
    assert upcoming.index(first.key) == FlashcardDeck.GAP
    last = FlashcardDeck(flashcards("Baccarat hands", "pa-631a")[:1])
    assert last.rate("Again") == last.current  # alone in the deck: it is the only card left


def test_a_flashcard_is_recorded_on_its_drill_card(tmp_path):
    from trainer.progress.store import ProgressStore

    store = ProgressStore(tmp_path / "p.sqlite")
    store.create_trainee("Ana")
    card = flashcards("Baccarat hands", "pa-631a")[13]  # B4-3
    t = datetime(2026, 1, 1, tzinfo=timezone.utc)
    q, fb, ms, hinted = flashcard_answer(card, "Again", 2500, "pa-631a")
    assert (q.skill, q.item, q.profile) == ("bac-banker-draws", card.item, "pa-631a")
    store.record("Ana", q, fb, "Again", ms, hinted=hinted, when=t)
    q, fb, ms, hinted = flashcard_answer(card, "Easy", 900, "pa-631a")
    store.record("Ana", q, fb, "Easy", ms, hinted=hinted, when=t + timedelta(hours=1))
    cards = store.cards("Ana")
    assert list(cards) == [("bac-banker-draws", card.item)]
    before = cards[("bac-banker-draws", card.item)]
    store.rebuild_cards("Ana")  # the log alone gives the same card
    assert store.cards("Ana")[("bac-banker-draws", card.item)].due == before.due
    assert [r.correct for r in store.answers("Ana")] == [False, True]
