"""House-way drill: set four tiles as the dealer must (621a.8(d), spec W1-W2, H4).

The answer is a placement ``high / low``: every setting the deciding step allows is right, the one the
reading teaches (spec W2) is the canonical answer; a reversed placement (stronger hand in the low
position) is a mistake of its own (spec H4). A wrong answer's feedback carries the EV difference (exact
analysis, spec W4) between the house-way setting and the trainee's. ``data``: ``tiles`` (as dealt),
``step`` and ``step_citation`` (the deciding step), ``accepted`` (``accepted_settings``).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Sequence

from trainer.drills.paigow.common import casino_of_way, deal, draft, until
from trainer.drills.model import AnswerKind, Draft, Feedback, Question, Setup
from trainer.drills.registry import drill, name_items, reviewer
from trainer.rules.paigow.hands import Hand, Setting, settings
from trainer.rules.paigow.house_way import HouseWay, allowed_settings, house_way_named, set_by_house_way
from trainer.rules.paigow.players import house_way_setting, stored_optimal_setting
from trainer.rules.paigow.profiles import profile_named
from trainer.rules.paigow.tiles import Tile, parse_tiles

#: A casino's way (its Rules Submission file, spec W3): its own rules decide first.
CASINO_HINT = ("The {way} first: its explicit hands, then its rules in order; where none applies, the "
               "regulation's steps. Stronger hand in the high position.")
HINT = ("Go through the steps in order: the Supreme Pair; any pair, Wong or Gong; a hand worth 9, 8 or 7; "
        "else the highest-ranking tile with the lowest-ranking tile. Stronger hand in the high position.")


def _aim(rng: random.Random, setup: Setup) -> str:
    """The item a question aims at, the generator's first draw (also its ``preview``): a step that decides
    some hand (621a.8(d)(1)-(4)), or under a casino's way one of its rules that decides some hand, or a
    step of the regulation's that decides the hands the file leaves to it (``casino_index``)."""
    from trainer.rules.paigow.face_combos import deciding_steps  # numpy: not when the drills load

    rules = casino_of_way(setup.house_way)
    if rules is None:
        return f"step{rng.choice(deciding_steps(setup.house_way))}"
    return rng.choice(_index(rules).deciders).item


def _index(rules: Any) -> Any:
    from trainer.rules.paigow.casino_index import casino_index  # numpy: not when the drills load

    return casino_index(rules)


def _items(setup: Setup) -> tuple[str, ...]:
    """The house way's items in teaching order: its steps, or a casino's rules in the file's order then
    the regulation's steps left deciding hands (each named for the trainee's reviews and charts)."""
    rules = casino_of_way(setup.house_way)
    if rules is None:
        return tuple(f"step{s.number}" for s in setup.house_way.steps)
    deciders = _index(rules).deciders
    name_items({d.item: d.name for d in deciders if d.step is None})
    return tuple(d.item for d in deciders)


@drill("house-way", "Set by the house way", "House way",
       "Set four tiles into high and low hands by the house way in force.", target_ms=12000,
       items=_items, preview=_aim)
def house_way(rng: random.Random, setup: Setup) -> Draft:
    way = setup.house_way
    target = _aim(rng, setup)
    rules = casino_of_way(way)
    if rules is None:
        tiles = until(rng, lambda: deal(rng, 4), lambda t: f"step{set_by_house_way(t, way).step}" == target)
    else:  # dealt at once from the hands the rule decides: never searched for (issue 36)
        tiles = list(_index(rules).deal(rng, _index(rules).decider(target)))
    decision = set_by_house_way(tiles, way, setup.profile)
    cites = [decision.citation, "spec W1"] + (["spec W2"] if "spec W2" in decision.explanation else [])
    if way.rule is None:
        cites.append("spec W3")
    task = f"Set {' '.join(map(str, tiles))} by the house way in force, the {way.heading(setup.profile)}"
    return draft(f"{task}: drag or click the tiles into High and Low, or type high / low.",
                 AnswerKind.SETTING, str(decision.setting), decision.explanation, cites, target,
                 data={"tiles": [str(t) for t in tiles], "step": decision.step, "step_citation": decision.citation,
                       "accepted": accepted_settings(tiles, way)},
                 hint=HINT if way.rule else CASINO_HINT.format(way=way.title),
                 typed_prompt=f"{task}: a high hand and a low hand.")


def accepted_settings(tiles: Sequence[Tile], way: HouseWay) -> list[str]:
    """Every setting of ``tiles`` that meets the deciding step of ``way``, as ``high / low`` texts: the
    text allows each (621a.8(d), md 8.D, nj 10.7(d)); the tie-break of spec W2 only says which to teach."""
    return sorted(map(str, allowed_settings(tiles, way).settings))


def ev_difference(question: Question, high: tuple[Tile, ...], low: tuple[Tile, ...]) -> float:
    """EV per unit wagered of the house-way setting minus that of the trainee's ``high / low``
    against the same house way (spec W4; a reversed placement is judged as the hands it makes, JQ32)."""
    from trainer.rules.paigow.analysis import analyze_hand  # numpy: not when the drills load

    tiles = parse_tiles(question.data["tiles"])
    result = analyze_hand(tiles, house_way_named(question.house_way),
                          profile_named(question.profile).zero_zero_to_banker)
    index = setting_index(tiles, Setting.of(Hand(high), Hand(low)))
    return result.odds[result.house_way].ev - result.odds[index].ev


def setting_index(tiles: tuple[Tile, ...], setting: Setting) -> int:
    """Index in ``settings(tiles)`` of ``setting``: compared as the two hands' faces, whichever hand is
    named first (two hands of equal rank may stand either way round, spec H4; duplicate tiles match)."""
    return next(i for i, s in enumerate(settings(tiles)) if setting_faces(s) == setting_faces(setting))


def setting_faces(setting: Setting) -> tuple[tuple[str, ...], ...]:
    """A setting as its two hands' sorted faces, in sorted order (the same hands whichever is high)."""
    return tuple(sorted(tuple(sorted(map(str, h.tiles))) for h in (setting.high, setting.low)))


@reviewer("house-way")
def _review(question: Question, placed: Any, feedback: Feedback) -> Feedback:
    high, low = placed
    return dataclasses.replace(feedback, ev_difference=ev_difference(question, high, low))


def _may_differ(tiles: list[Tile], setup: Setup, differs: bool) -> bool:
    """False when the stored optimal setting shows that the house way's setting is (``differs``) or is
    not the best one; True when it may be, or when two of the three settings are the same hands (the
    analysis then decides which one it names)."""
    stored = stored_optimal_setting(tiles, setup.house_way, setup.profile.zero_zero_to_banker)
    if stored is None or len(set(settings(tiles))) < 3:
        return True
    return (stored != house_way_setting(tiles, setup.house_way)) == differs


#: The least EV (per unit wagered) by which the best setting must beat the next for an optimal-setting question:
#: a closer call is no fair question to ask at a table (issue 27).
MIN_EV_GAP = 0.001


@drill("optimal-setting", "Optimal setting", "House way",
       "Which of the three settings of four tiles has the highest expected value against the house way?",
       advanced=True, target_ms=20000)
def optimal_setting(rng: random.Random, setup: Setup) -> Draft:
    zz = setup.profile.zero_zero_to_banker
    differs = rng.random() < 0.5  # half the questions where the house way is not the best setting

    def analysed() -> tuple[list[Tile], Any]:
        tiles = deal(rng, 4)
        if not _may_differ(tiles, setup, differs):
            return tiles, None  # the stored optimal settings say no: not worth the analysis
        from trainer.rules.paigow.analysis import analyze_hand  # numpy: not when the drills load

        return tiles, analyze_hand(tiles, setup.house_way, zz)

    def fair(r: tuple[list[Tile], Any]) -> bool:
        if r[1] is None:
            return False
        # One best answer, clearly: the best distinct setting beats the next by MIN_EV_GAP or more.
        evs = sorted({str(s): o.exact_ev for s, o in zip(r[1].settings, r[1].odds)}.values(), reverse=True)
        clear = len(evs) == 1 or evs[0] - evs[1] >= MIN_EV_GAP
        return clear and (r[1].optimal != r[1].house_way) == differs

    tiles, result = until(rng, analysed, fair)
    options = [str(s) for s in result.settings]
    lines = [f"{text}: EV {odds.ev:+.4f} (win {odds.win:.1%}, push {odds.push:.1%}, lose {odds.lose:.1%})"
             + (" - house way" if i == result.house_way else "")
             for i, (text, odds) in enumerate(zip(options, result.odds))]
    verdict = ("The house way is also the best setting." if result.optimal == result.house_way else
               "Here the best setting is not the house way's.")
    why = (f"Against a dealer setting by the {setup.house_way.heading(setup.profile)}, over all 20,475 deals of "
           "the other 28 tiles, "
           f"a win paying 0.95 after the 5% vigorish: {'; '.join(lines)}. {verdict}")
    return draft(f"Which setting of {' '.join(map(str, tiles))} has the highest expected value against the "
                 "dealer's house way?", AnswerKind.CHOICE, options[result.optimal], why,
                 ["spec W4", setup.profile.cite("house_way"), setup.profile.cite("vigorish")],
                 "same" if result.optimal == result.house_way else "differs", choices=tuple(dict.fromkeys(options)),
                 data={"tiles": [str(t) for t in tiles], "ev": [o.ev for o in result.odds],
                       "house_way_index": result.house_way, "optimal_index": result.optimal},
                 hint="The house way is usually best; look for a split that wins the low hand more often.")
