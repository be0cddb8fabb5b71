"""The House way page's worked examples (set tile by tile), and the page under a casino's Rules Submission (spec W3, N.J.A.C. 19:47-10.7(e)): its rules in the
file's order, each with a worked example dealt from the hands that rule decides and set tile by tile; then
what the file leaves to the regulation's steps (621a.8(d)(1)-(4), in the profile's own sections); and a
flashcard per rule (on the house-way drill's item of that rule, the same FSRS card).

>>> from pathlib import Path
>>> from trainer.rules.paigow.casino_rules import load_casino_rules
>>> rules = load_casino_rules(str(Path(__file__).parents[3] / "docs" / "casino-rules" / "harbor.toml"))
>>> section = casino_section(rules, rules.profile)
>>> section.title, len(section.walkthroughs), section.walkthroughs[0].frames[1].caption[:41]
('Harbor house way', 5, 'Harbor pair rule A: Never split a pair of')
>>> [w.title.split(":")[0] for w in regulation_section(rules, rules.profile).walkthroughs]
['Step 2', 'Step 3', 'Step 4']
"""

from __future__ import annotations

from typing import Any

from trainer.drills.learn import Fact, Flashcard, Frame, Section, Walkthrough
from trainer.rules.paigow.casino_index import CasinoIndex, Decider, casino_index
from trainer.rules.paigow.hands import Setting
from trainer.rules.paigow.house_way import REGULATORY, HouseWay, set_by_house_way
from trainer.rules.paigow.profiles import Profile
from trainer.rules.paigow.tiles import Tile


def placing(loose: tuple[str, ...], setting: Setting, citation: str) -> list[Frame]:
    """The high hand placed, then the low hand: the last two frames of a worked example."""
    high = tuple(str(t) for t in setting.high.tiles)
    low = tuple(str(t) for t in setting.low.tiles)
    rest = list(loose)
    for t in high:
        rest.remove(t)
    return [Frame(f"High hand: {' '.join(high)} ({setting.high.describe()}).", (citation,), tuple(rest), high, ()),
            Frame(f"Low hand: {' '.join(low)} ({setting.low.describe()}). Set: {setting}.", (citation,), (), high, low)]


def walkthrough(tiles: tuple[Tile, ...], way: HouseWay, profile: Profile) -> Walkthrough:
    """Four tiles set by ``way``: the dealt tiles, each step asked in order until one decides, then the
    high hand placed, then the low hand (the frames an animation shows one after the other).

    >>> from trainer.rules.paigow.profiles import profile_named
    >>> from trainer.rules.paigow.tiles import parse_tiles
    >>> w = walkthrough(parse_tiles("5-5 1-2 6-6 3-4"), REGULATORY, profile_named("md"))
    >>> [f.caption.split(":")[0] for f in w.frames], w.frames[-1].high, w.frames[-1].low
    (['Dealt', 'Step 1', 'Step 2', 'Step 3', 'High hand', 'Low hand'], ('6-6', '3-4'), ('5-5', '1-2'))
    >>> w.frames[3].citations
    ('MD 8.D(3)',)
    """
    decision = set_by_house_way(tiles, way, profile)
    loose = tuple(str(t) for t in tiles)
    frames = [Frame(f"Dealt: {' '.join(loose)}. Go through the house way's steps in order.",
                    (profile.cite("house_way"),), loose, (), ())]
    for step in way.steps:
        cite = step.cite(profile)
        if step.number == decision.step:
            frames.append(Frame(f"{step.heading}: {step.wording} Yes — "
                                f"{step.criterion.why(decision.setting)}.", (cite,), loose, (), ()))
            break
        frames.append(Frame(f"{step.heading}: {step.wording} Not here.", (cite,), loose, (), ()))
    return Walkthrough(f"{way.steps[decision.step - 1].heading}: {' '.join(loose)}",
                       tuple(frames + placing(loose, decision.setting, decision.citation)))



def _cite(rules: Any) -> str:
    """How the casino's own rules are cited: its Rules Submission."""
    return rules.house_way.steps[0].citation


def _rule_walkthrough(rules: Any, index: CasinoIndex, decider: Decider) -> Walkthrough:
    tiles = index.example(decider)
    decision = rules.decide(tiles)
    loose, cite = tuple(str(t) for t in tiles), _cite(rules)
    first = decider is index.deciders[0]
    frames = [Frame(f"Dealt: {' '.join(loose)}. Go through the rules of the {rules.way_name} in order: the first "
                    "that applies sets the tiles.", (cite,), loose, (), ()),
              Frame(f"{decision.label.rstrip('.')}. " + ("The first rule, and it applies." if first else
                                                         "None of the rules before it applies; this one does."),
                    (cite,), loose, (), ())]
    return Walkthrough(f"{decider.name}: {' '.join(loose)}", tuple(frames + placing(loose, decision.setting, cite)))


def casino_section(rules: Any, profile: Profile) -> Section:
    """The casino's rules in the file's order, each with its worked example."""
    index, cite = casino_index(rules), _cite(rules)
    own = [d for d in index.deciders if d.step is None]
    facts = [Fact(f"The {rules.way_name} sets the dealer's tiles by the casino's own rules, tried in order: the "
                  "first that applies decides.", (cite, profile.cite("house_way")))]
    # each rule cited at itself: the link opens the casino's rules at that rule (issue 40's leftovers)
    facts += [Fact(f"{d.name}: {' '.join(t.rstrip('.') + '.' for t in d.texts)}" if d.texts else d.name,
                   (f"{cite}, {d.name}",)) for d in own]
    facts.append(Fact("The stronger hand always goes in the high position.", (profile.cite("dealer_hands"),)))
    return Section(rules.way_name, facts=tuple(facts),
                   walkthroughs=tuple(_rule_walkthrough(rules, index, d) for d in own))


def regulation_section(rules: Any, profile: Profile) -> Section:
    """The hands the file leaves to the regulation's steps: each step that decides some, with an example."""
    index = casino_index(rules)
    left = [d for d in index.deciders if d.step is not None]
    title = f"What the {rules.way_name} leaves to the regulation"
    if not left:
        return Section(title, facts=(Fact("Every hand is set by the casino's own rules: none is left to the "
                                          "regulation's steps.", (_cite(rules), profile.cite("house_way"))),))
    facts = [Fact(f"Tiles none of the casino's rules sets follow the regulation's steps, in order ({sum(d.hands for d in left)} "
                  "of the 8,130 hands by face):", (profile.cite("house_way"),))]
    facts += [Fact(f"Step {d.step}: {d.texts[0]}", (REGULATORY.steps[d.step - 1].cite(profile),)) for d in left]
    return Section(title, facts=tuple(facts),
                   walkthroughs=tuple(_step_walkthrough(index.example(d), profile) for d in left))


def _step_walkthrough(tiles: tuple[Tile, ...], profile: Profile) -> Walkthrough:
    walk = walkthrough(tiles, REGULATORY, profile)
    dealt = walk.frames[0]
    caption = (f"Dealt: {' '.join(dealt.loose)}. None of the casino's rules applies: go through the regulation's "
               "steps in order.")
    return Walkthrough(walk.title, (Frame(caption, dealt.citations, dealt.loose, (), ()), *walk.frames[1:]))


def rule_cards(rules: Any, profile: Profile) -> list[Flashcard]:
    """A flashcard per rule of the casino's way (and per step it leaves deciding): a second hand it
    decides, to set and name the rule of."""
    index = casino_index(rules)
    cards = []
    for d in index.deciders:
        tiles = index.example(d, 1)
        text = " ".join(map(str, tiles))
        if d.step is None:
            decision = rules.decide(tiles)
            why, cites = decision.label, (_cite(rules),)
            setting = decision.setting
        else:
            regulation = set_by_house_way(tiles, REGULATORY, profile)
            step = REGULATORY.steps[d.step - 1]
            why, cites, setting = f"Step {d.step}: {step.wording}", (step.cite(profile),), regulation.setting
        cards.append(Flashcard("house-way", d.item, f"By the {rules.way_name}, how are {text} set, and which rule "
                               "decides?", f"{setting}. {why}", cites))
    return cards
