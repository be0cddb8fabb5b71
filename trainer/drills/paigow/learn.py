"""Pai Gow's Learn pages and flashcards (see :mod:`trainer.drills.learn`), from the rules engine.

Tiles: the reference card (621a.3(h) ranks, 621a.3(c) pairs, 621a.3(e) values, 621a.3(f) Gee Joon; spec
N1 names) and the ladder of hands (621a.3(c),(e),(g)); House way: the steps (621a.8(d)(1)-(4)) with a
worked example per step, set tile by tile; Payouts: the vigorish and settlements (621a.11(a), 621a.8(g)-(i)).
Each section in the active profile's sections.

>>> from trainer.drills.learn import learn_page
>>> page = learn_page("House way", "nj")
>>> [len(w.frames) > 2 for w in page.sections[0].walkthroughs]
[True, True, True, True]
>>> page.sections[0].facts[0].citations
('N.J.A.C. 19:47-10.7(d)1',)
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, islice

from trainer.drills.learn import (Fact, Flashcard, Section, TileCard, cards_for, examples,
                                  teaches)
from trainer.drills.paigow.common import casino_of_way
from trainer.drills.paigow.house_way_learn import casino_section, regulation_section, rule_cards, walkthrough
from trainer.drills.paigow.tile_drills import ordinal
from trainer.rules.paigow.hands import Hand, HandKind, settings
from trainer.rules.paigow.house_way import house_way_named, set_by_house_way
from trainer.rules.paigow.profiles import Profile
from trainer.rules.paigow.tiles import FACES, Tile

GAME = "paigow"


def _partner(tile: Tile) -> Tile:
    """The face that makes a permissible pair with ``tile`` (its twin, its Chop twin, the other Gee Joon)."""
    return next(f for f in FACES if Hand.of(tile, f).kind in (HandKind.SUPREME, HandKind.MATCHED, HandKind.MIXED))


def tile_cards(profile: Profile) -> tuple[TileCard, ...]:
    """The 21 faces (32 tiles) by rank, highest first, as the reference card shows them.

    >>> c = tile_cards(profile_named("pa-2019"))
    >>> (c[0].tile, c[0].pair, c[0].pair_rank), (c[-1].tile, c[-1].pair, c[-1].gee_joon)
    (('6-6', 'pair of Twelves (6-6)', 2), ('1-2', 'Supreme Pair', (3, 6)))
    >>> sum(x.copies for x in c)
    32
    """
    cards = []
    for tile in sorted(FACES, key=lambda t: (t.rank, -t.pips)):
        partner = _partner(tile)
        pair = Hand.of(tile, partner)
        cites = [profile.cite("tile_rank"), profile.cite("pairs"), profile.cite("value")]
        if tile.is_gee_joon:
            cites.append(profile.cite("gee_joon"))
        cards.append(TileCard(str(tile), tile.copies, tile.name, tile.chinese_name, tile.pips, tile.pips % 10,
                              tile.rank, str(partner), pair.describe(), pair.pair_rank or 0, (3, 6) if tile.is_gee_joon else (),
                              tuple(dict.fromkeys(cites))))
    return tuple(cards)


@teaches(GAME, "Tiles")
def _tile_card(profile: Profile, weak: frozenset[str]) -> Section:
    return Section("The 32 tiles by rank", facts=(
        Fact("Eleven faces come in two copies, ten in one: 32 tiles. Rank 1 is the highest; two Chop faces "
             "share a rank.", (profile.cite("tile_rank"),)),
        Fact("A hand's value is the last digit of its spots' total (e.g. 6-6 with 3-4 is 19: 9).",
             (profile.cite("value"),)),
        Fact("The Gee Joon tiles (1-2 and 2-4) may each count 3 or 6 in a value hand.", (profile.cite("gee_joon"),)),
    ), tiles=tile_cards(profile), columns=(
        Fact("Rank", (profile.cite("tile_rank"),)), Fact("Pairs with", (profile.cite("pairs"),)),
        Fact("Value", (profile.cite("value"),)), Fact("Gee Joon counts", (profile.cite("gee_joon"),))))


@cache  # (the same for every profile: found once, not at each open of a page that shows it)
def _pair_ladder() -> tuple[Hand, ...]:
    """One hand of each permissible pair rank (1-20), highest first."""
    best: dict[int, Hand] = {}
    for a, b in combinations(FACES + FACES, 2):
        hand = Hand.of(a, b)
        if hand.kind.is_pair and hand.pair_rank not in best and (a != b or a.copies == 2):
            best[hand.pair_rank] = hand
    return tuple(best[r] for r in sorted(best))


@teaches(GAME, "Hands")
@teaches(GAME, "Tiles")
def _ladder(profile: Profile, weak: frozenset[str]) -> Section:
    facts = []
    for hand in _pair_ladder():
        cite = profile.cite("pairs")
        facts.append(Fact(f"{hand.pair_rank}. {_capital(hand.describe())}: {hand}", (cite,)))
    facts += [
        Fact("Every pair, Wong and Gong beats every value hand. Value hands then rank 9 (highest) down to 0; "
             "a 9 with the Teen or Day (e.g. 6-6 1-6) is what dealers call a high nine.", (profile.cite("value"),)),
        Fact("Equal values: the hand with the higher-ranking tile wins; equal top tiles are a copy, won by the "
             "dealer or the bank.", (profile.cite("equal_value"), profile.cite("top_tile_copy"))),
    ]
    if profile.zero_zero_to_banker:
        facts.append(Fact("Every value-zero hand is equally bad: zero against zero goes to the dealer or the bank.",
                          (profile.cite("zero_zero"),)))
    return Section("Hands, from the highest", facts=tuple(facts))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@cache
def _deal_for_step(way_name: str, step: int, nth: int = 0) -> tuple[Tile, ...]:
    """The ``nth`` four tiles (in the set's order) that the house way sets at ``step``: a fixed worked example."""
    way = house_way_named(way_name)
    faces = sorted(FACES, key=lambda t: t.rank)
    pool = [t for t in faces for _ in range(t.copies)]
    found = (c for c in combinations(pool, 4) if len(set(settings(c))) == 3 and set_by_house_way(c, way).step == step)
    return next(islice(found, nth, None))


@teaches(GAME, "House way")
def _house_way(profile: Profile, weak: frozenset[str]) -> Section:
    way = house_way_named(profile.default_house_way)
    rules = casino_of_way(way)
    if rules is not None:  # a casino's Rules Submission: its own rules first (spec W3)
        return casino_section(rules, profile)
    facts = tuple(Fact(f"Step {s.number}: {s.wording}", (s.cite(profile),)) for s in way.steps)
    facts += (Fact("The stronger hand always goes in the high position.", (profile.cite("dealer_hands"),)),)
    return Section(way.heading(profile), facts=facts,
                   walkthroughs=tuple(walkthrough(_deal_for_step(way.name, s.number), way, profile)
                                      for s in way.steps))


@teaches(GAME, "House way")
def _left_to_regulation(profile: Profile, weak: frozenset[str]) -> Section | None:
    rules = casino_of_way(house_way_named(profile.default_house_way))
    return None if rules is None else regulation_section(rules, profile)


@cards_for(GAME, "House way")
def _house_way_flashcards(profile: Profile) -> list[Flashcard]:
    """A card a step of the regulation's way (or a rule of a casino's): a second hand it decides, to set."""
    way = house_way_named(profile.default_house_way)
    rules = casino_of_way(way)
    if rules is not None:
        return rule_cards(rules, profile)
    cards = []
    for step in way.steps:
        tiles = _deal_for_step(way.name, step.number, 1)
        decision = set_by_house_way(tiles, way, profile)
        cards.append(Flashcard("house-way", f"step{step.number}", f"By the {way.heading(profile)}, how are "
                               f"{' '.join(map(str, tiles))} set, and which step decides?",
                               f"{decision.setting}. Step {step.number}: {step.wording}", (step.cite(profile),)))
    return cards


@teaches(GAME, "Payouts")
def _payouts(profile: Profile, weak: frozenset[str]) -> Section:
    facts = (Fact("A winning Pai Gow Wager (both hands higher) is paid 1 to 1, less a 5% vigorish.",
                  (profile.cite("win"), profile.cite("vigorish"))),
             Fact("One hand higher and one not is a push: the wager is returned.", (profile.cite("push"),)),
             Fact("Neither hand higher: the wager is collected.", (profile.cite("lose"),)))
    return Section("Payouts and vigorish", facts=facts,
                   examples=examples(("vigorish", "pai-gow-payout"), profile))


@teaches(GAME, "Payouts")
def _side_wagers(profile: Profile, weak: frozenset[str]) -> Section | None:
    shown = examples(("pair-fortunes", "dice-wagers"), profile, per_skill=1)
    return Section("Side wagers of this jurisdiction", examples=shown) if shown else None


@cards_for(GAME, "Tiles")
def _tile_flashcards(profile: Profile) -> list[Flashcard]:
    """The faces by rank, three times over: their names, their ranks, their pairs (each on the face's
    ``tile-id`` card, as the tile drill's questions are)."""
    faces = tile_cards(profile)
    names = [Flashcard("tile-id", c.tile, f"What is the traditional name of {c.tile}?",
                       f"{c.chinese_name} — {c.name}", (profile.cite("tile_rank"), "spec N1"), c.tile) for c in faces]
    ranks = [Flashcard("tile-id", c.tile, f"What is the rank of {c.tile} among the 17 tile ranks?",
                       f"{ordinal(c.rank)} of 17", (profile.cite("tile_rank"),), c.tile) for c in faces]
    pairs = [Flashcard("tile-id", c.tile, f"What does {c.tile} pair with, and what is the pair called?",
                       f"{c.pair}: pair rank {c.pair_rank} of 20", (profile.cite("pairs"),), c.tile) for c in faces]
    return names + ranks + pairs


def profile_named(name: str) -> Profile:  # (the doctests' short name for the game's profiles)
    from trainer.rules.paigow.profiles import profile_named as named

    return named(name)
