"""The dealer's seat: one whole round, played by the round engine, as the dealer's actions in order.

The round engine (:func:`trainer.rules.paigow.round.play_round`) plays a correct round as cited steps.
Every step the rules leave to the dealer's judgement becomes a question of a ``dealer-*`` skill
(:data:`DEALER_SKILLS`), judged by :func:`trainer.drills.answers.check` like any drill; every other
step is narrated with its citation. A wrong action is answered with the right one and its
citation, and the round goes on as the rules require (the engine's steps do not depend on the
trainee), so one round trains every step in order and the progress store schedules each step type
as a skill.

=======================  ========  ===================================================  ================
skill                    kind      the dealer's action                                  from the step
=======================  ========  ===================================================  ================
``dealer-count``         POSITION  count the number to the first receiving position     ``count``
``dealer-deliver``       CHOICE    the stack his hand takes first, move by move          a plan move
``dealer-set``           SETTING   turn his tiles over and set them by the house way     ``set``
``dealer-expose``        POSITION  the next hand to expose, counterclockwise             ``expose``
``dealer-call``          CHOICE    win, push or lose                                     ``call``
``dealer-pay``           MONEY     each chip movement: collect, pay, vigorish            ``chips``
``dealer-irregularity``  CHOICE    the remedy of an irregularity                         its section
=======================  ========  ===================================================  ================

A payment (chips paid to a player) names the table's chips (``data["chips"]``): the dealer's seat asks it
in chips, the fewest-chips breakdown its key (:func:`trainer.drills.dealer_round.in_chips`, issue 31).

The generic walk through a round's tasks is :class:`trainer.drills.dealer_round.DealerRound`:

>>> from trainer.drills.dealer_round import DealerRound
>>> r = DealerRound(RoundSpec(seed=3, players=3))
>>> r.current.question.skill, r.current.question.kind.value
('dealer-pay', 'money')
>>> while not r.finished:
...     _ = r.answer(r.current.question.answer, ms=1000)
>>> r.summary().score
1.0
"""

from __future__ import annotations

import random
import re
from dataclasses import asdict, dataclass
from typing import Any, Iterator, Sequence

from trainer.drills.dealer_round import RoundTask, action_drill, first_playable, numbered_tasks, task_question
from trainer.drills.paigow.common import choices_with, draft
from trainer.drills.paigow.house_way_drills import accepted_settings
from trainer.drills.paigow.table_drills import ODD_CENT
from trainer.drills.model import AnswerKind, Draft
from trainer.drills.registry import drill
from trainer.rules.paigow.delivery import DEFAULT_STYLE, InPile, Move, MoveKind, NO_ROLL_HEADS, TableState, style_name
from trainer.rules.paigow.dice import Method, NoRoll, fault_citation
from trainer.rules.paigow.hands import Outcome
from trainer.rules.paigow.house_way import HouseWay, house_way_named, set_by_house_way
from trainer.rules.paigow.irregularities import LID_LIFTED_REMEDY, Irregularity, remedies, remedy
from trainer.rules.money import format_cents
from trainer.rules.paigow.players import PAI_GOW, SIDE_KEYS, seat_players
from trainer.rules.paigow.positions import Position
from trainer.rules.paigow.profiles import DEFAULT_PROFILE, Profile, profile_named
from trainer.rules.paigow.round import DEALER, Round, Step, parse_bank, play_round
from trainer.rules.paigow.settlement import CENTRE, HOUSE, ChipMove, party_name

GROUP = "Dealer's seat"

#: The skills of the dealer's seat: id -> (title, what the dealer does, fluent answer time in ms).
DEALER_SKILLS: dict[str, tuple[str, str, int]] = {
    "dealer-count": ("Count to the start", "Count the dice total to the position that receives the first stack.",
                     6000),
    "dealer-deliver": ("Deliver in the style", "Move the stacks in the order of the called delivery style.", 6000),
    "dealer-set": ("Set the dealer's hand", "Turn the dealer's tiles over and set them by the house way.", 12000),
    "dealer-expose": ("Expose in order", "Expose the players' hands from the dealer's right, counterclockwise.",
                      4000),
    "dealer-call": ("Call the result", "Call each hand against the banker's: win, push or lose.", 6000),
    "dealer-pay": ("Collect and pay", "Each chip movement of the settlement, vigorish included.", 10000),
    "dealer-irregularity": ("Handle an irregularity", "The remedy the rules give for an irregularity.", 12000),
}

#: The calls of a hand against the banker's, as the dealer announces them (621a.8(g)-(i)): a push is one
#: hand won and one not; a copy is an equal hand, which the banker wins (621a.3(d)), not a call of its own.
CALLS = {Outcome.WIN: "Win", Outcome.PUSH: "Push", Outcome.LOSE: "Lose"}

#: Moves that take their stacks together, in no order the text gives (spec D5.2, D5.3).
_UNORDERED_MOVES = (MoveKind.PUSH, MoveKind.CENTER, MoveKind.DELIVER)

#: Plan moves in which the dealer's hand goes to a stack of the woodpile (spec D5.2).
_STACK_MOVES = (MoveKind.PUSH, MoveKind.STACK_ONTO, MoveKind.LAY_DIAGONAL, MoveKind.CENTER, MoveKind.DELIVER)


@dataclass(frozen=True)
class RoundSpec:
    """What the instructor or trainee chose for a round; ``None`` fields are drawn from the seed.

    ``bank`` is ``"dealer"`` or a seat; ``style`` defaults to the profile's first style in a
    house-banked round and to a style the bank calls (drawn) in a player-bank round.
    """

    seed: int
    profile: str = DEFAULT_PROFILE
    players: int | None = None
    bank: str = "dealer"
    co_bank: bool = False
    style: str | None = None
    irregularity: Irregularity | None = None
    house_way: str | None = None
    method: Method = Method.MANUAL
    #: The SHA-256 of the casino's Rules Submission whose table the round is dealt at ("": the profile's):
    #: its styles, side wagers, paytables, vigorish and banking (``trainer.rules.paigow.casino_rules``).
    casino: str = ""

    def table(self) -> Profile:
        """The profile the round is dealt under: the casino's (its file's choices), else the profile's own."""
        if not self.casino:
            return profile_named(self.profile)
        from trainer.rules.casino import casino_by_digest

        return casino_by_digest(self.casino).profile

    def to_dict(self) -> dict[str, Any]:
        """JSON values (kept in every question of the round, so it can be replayed)."""
        return asdict(self) | {"irregularity": self.irregularity and self.irregularity.value,
                               "method": self.method.value}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RoundSpec:
        irregular = d.get("irregularity")
        return cls(**d | {"irregularity": Irregularity(irregular) if irregular else None,
                          "method": Method(d.get("method", "manual"))})

    def play(self) -> Round:
        return play_spec(self)

    def tasks(self, played: Round | None = None) -> tuple[RoundTask, ...]:
        return round_tasks(self, played)


def playable(spec: RoundSpec, tries: int = 100) -> RoundSpec:
    """``spec``, or with the next seed that makes a legal round of it (a bank must cover the other
    players' wagers, 621a.9(d)(2); a player's tile can only be exposed when a player wagers, ...)."""
    return first_playable(spec, play_spec, tries)


def play_spec(spec: RoundSpec) -> Round:
    """The round ``spec`` describes, played by the engine (the same round as ``paigow-trainer round``).

    >>> play_spec(RoundSpec(seed=7, players=2)).to_dict() == play_spec(RoundSpec(seed=7, players=2)).to_dict()
    True
    """
    profile = spec.table()
    bank = parse_bank(spec.bank, profile)
    rng = random.Random(spec.seed)
    players = seat_players(rng, profile, spec.players, include=[bank] if bank else [],
                           dice_wagers=spec.method is not Method.RNG)
    style = spec.style or (rng.choice(profile.styles) if bank else DEFAULT_STYLE)
    way = house_way_named(spec.house_way) if spec.house_way else None
    # the table's vigorish: exact where allowed (as every round before casino tables), else the casino's (S2)
    rounding = "exact" if "exact" in profile.vig_roundings else profile.vig_roundings[0]
    return play_round(rng, players, profile=profile, style=style, bank=bank, co_bank=spec.co_bank, rounding=rounding,
                      method=spec.method, irregularity=spec.irregularity, house_way=way, seed=spec.seed)


# --- from the round's steps to the dealer's questions ---------------------------------------------


class _TaskBuilder:
    """Walks the round's steps and plan moves in order and drafts a question for each dealer action."""

    def __init__(self, played: Round, spec: RoundSpec, profile: Profile, way: HouseWay) -> None:
        self.round, self.spec, self.profile, self.way = played, spec.to_dict(), profile, way
        self.rng = random.Random(played.seed)
        self.moves = iter(played.plan.moves)
        self.state: TableState = played.plan.initial_state()
        self.irregular = played.irregularity
        self.upcoming: Move | None = next(self.moves, None)
        self.last_move: Move | None = None  # the plan move before the current one
        self.exposed: set[str] = set()
        self.chips = iter(played.chips)
        self.paid = 0  # chip movements met so far
        self.centre = 0  # chips in the centre of the layout in a bank round (621a.9(o)-(r))
        self.drafts: list[tuple[str, Draft, int]] = []

    def build(self) -> list[tuple[str, Draft, int]]:
        steps = self.round.steps
        for index, step in enumerate(steps):
            for skill, made in self.drafts_for(step, steps[:index]):
                self.drafts.append((skill, made, index))
        return self.drafts

    def drafts_for(self, step: Step, before: Sequence[Step]) -> Iterator[tuple[str, Draft]]:
        move = self.plan_move(step)
        if self.irregular and _shows(self.irregular, step):
            self.irregular = None  # one question per irregularity: its remedy
            yield "dealer-irregularity", self.remedy(step, before)
        elif move is not None:
            yield from self.move_drafts(move, step)
        elif step.action == "chips":
            made = self.pay(next(self.chips), step)
            if made is not None:  # (else shown, not asked: see ``told``)
                yield "dealer-pay", made
        elif step.action == "set" and step.actor in (DEALER, self.round.bank) and "by the house way" in step.say:
            yield "dealer-set", self.set_hand(step)
        elif step.action == "expose":
            yield from self.exposure(step)
        elif step.action == "call":
            yield "dealer-call", self.call(step)

    # -- plan moves
    def plan_move(self, step: Step) -> Move | None:
        """The plan move this step performs (steps and plan moves run in the same order), else None.
        The number and the count are matched by their action alone: in a miscounted round (621a.10(c)) the
        plan deals from the wrong number while the steps say the dice as they lay."""
        move = self.upcoming
        if move is None or step.action != move.kind.value:
            return None
        if move.kind not in (MoveKind.ROLL, MoveKind.COUNT) and step.say != move.caption:
            return None
        self.upcoming = next(self.moves, None)
        return move

    def move_drafts(self, move: Move, step: Step) -> Iterator[tuple[str, Draft]]:
        before, self.state = self.state, self.state.apply(move)
        if move.kind is MoveKind.COUNT and "miscounts" not in step.say:
            yield "dealer-count", self.count(move, step)
        elif move.kind in _STACK_MOVES and move.stacks:
            accepted = self.first_stacks(move)
            if set(_stacks(before)) - set(accepted):  # else every stack offered is right: shown, not asked
                yield "dealer-deliver", self.stack_move(move, step, before, accepted)
        self.last_move = move

    def count(self, move: Move, step: Step) -> Draft:
        plan = self.round.plan
        origin = f"the bank at {plan.bank}" if plan.bank else "the dealer"
        return draft(f"The number is {plan.roll.spoken}. Counting counterclockwise with {origin} as "
                     "number one, which position receives the first stack?", AnswerKind.POSITION, str(move.position),
                     step.say, step.citation.split(", "), "bank" if plan.bank else "dealer",
                     choices=tuple(p.value for p in Position), data=self.base_data(step))

    def first_stacks(self, move: Move) -> tuple[str, ...]:
        """The stacks the text allows the dealer's hand to take first. A move that takes several stacks at
        once (pushes, delivers or centres two, 621a.7, md 7.B, nj 10.8(k)) gives them no order (spec D5.3:
        the order inside a move is presentation); nor does a run of stacks lifted onto others, as Dragon
        Head's indication places "the first and second stacks" on the third and fourth (621a.7(8),(9),
        md 7.B(8), nj 10.8(k)9, 10): either lift may come first. A stack laid across others, or the one a
        tile is taken from, comes first."""
        if move.kind in _UNORDERED_MOVES:
            return move.stacks
        following = self.upcoming
        if move.kind is MoveKind.STACK_ONTO and following is not None and following.kind is MoveKind.STACK_ONTO \
                and not self.lifted(move):
            return move.stacks[0], following.stacks[0]
        return move.stacks[:1]

    def lifted(self, move: Move) -> bool:
        """``move`` is the second lift of a run: the one before it lifted a stack too."""
        return move.kind is MoveKind.STACK_ONTO and self.last_move is not None \
            and self.last_move.kind is MoveKind.STACK_ONTO

    def stack_move(self, move: Move, step: Step, before: TableState, accepted: tuple[str, ...]) -> Draft:
        """Which stack the dealer's hand takes first (``accepted``: every one the text allows, see
        ``first_stacks``); a delivery names the position it goes to, a second lift the first one."""
        stacks = _stacks(before)
        name = style_name(self.round.style, self.profile)
        done = f"{self.last_move.stacks[0]} is already on {self.last_move.stacks[1]}. " if self.lifted(move) else ""
        if move.kind is MoveKind.DELIVER:
            ask = f"Delivery #{move.number} goes to {move.position}: from which stack do you take its tiles first?"
        else:
            what = "Indicate the style" if "Indicate" in move.caption else "Next move"
            ask = f"{what}: {done}Which stack do you take next?" if done else f"{what}: which stack do you take first?"
        why = f"{name}: {move.caption}."
        if len(accepted) > 1:
            why += f" The text gives no order between {' and '.join(accepted)}: either may be taken first."
        return draft(f"{name} is the delivery style. {ask}",
                     AnswerKind.CHOICE, move.stacks[0], why, [move.citation, "spec D6"], self.round.style,
                     choices=tuple(stacks),
                     data=self.base_data(step) | {"style": self.round.style, "move": move.kind.value,
                                                  "accepted": list(accepted)},
                     hint=f"Where does {name} start?")

    # -- setting, exposure, calls
    def set_hand(self, step: Step) -> Draft:
        whose = DEALER if step.actor == DEALER and "co-bank" not in step.say else self.round.bank
        result = self.round.position(whose)
        decision = set_by_house_way(result.tiles, self.way, self.profile)
        tiles = [str(t) for t in result.tiles]
        cites = [step.citation, decision.citation, "spec W1"] + ["spec W2"] * ("spec W2" in decision.explanation)
        accepted = accepted_settings(result.tiles, self.way)  # every setting the deciding step allows
        return draft(f"Turn over {'your' if whose == DEALER else 'the co-bank' + chr(39) + 's'} tiles "
                     f"{' '.join(tiles)} and set them by the house way: {self.way.heading(self.profile)}.",
                     AnswerKind.SETTING, str(result.setting), decision.explanation, cites,
                     f"step{decision.step}",
                     data=self.base_data(step) | {"tiles": tiles, "position": whose, "accepted": accepted})

    def exposure(self, step: Step) -> Iterator[tuple[str, Draft]]:
        seat = re.match(r"Expose (seat\d)", step.say)
        if not seat:
            return  # the bank's hands exposed to the dealer's wager: only its call is the dealer's to make
        hand = seat.group(1)
        left = [p for p in self.exposure_order() if p not in self.exposed]
        self.exposed.add(hand)
        if len(left) < 2:
            return  # one hand left: no choice to make, the step is shown (issue 37)
        shown = self.rng.sample(left, len(left))  # listed in no telling order: the rule orders them
        yield "dealer-expose", draft(
            f"The hands still to expose: {', '.join(shown)}. Which hand do you expose next?", AnswerKind.POSITION,
            hand, f"From the seat farthest to the dealer's right, counterclockwise: {', '.join(left)}.",
            [step.citation, "spec S3", "spec JS1"], "bank" if self.round.bank != DEALER else "house",
            choices=tuple(shown), data=self.base_data(step))

    def call(self, step: Step) -> Draft:
        """Win, push or lose for the hands just exposed; the step's words say which hand won (621a.8(g)-(i))."""
        seat = re.match(r"(seat\d) ", step.say)
        hand = seat.group(1) if seat else DEALER
        banker = self.round.bank
        outcome = self.round.position(hand).results[PAI_GOW].outcome
        against = "the bank's" if banker != DEALER else "the dealer's"
        who = "The dealer's hands" if hand == DEALER else f"{hand}'s hands"
        mine, theirs = self.round.position(hand).setting, self.round.position(banker).setting
        ties = [rule for words, rule in _TIE_RULES.items() if words in step.say]
        if "copy" in ties and mine is not None and theirs is not None:  # a pair's copy is 3(d), a value hand's 3(i)
            copies = [a for a, b in ((mine.high, theirs.high), (mine.low, theirs.low)) if a.score == b.score]
            ties = [r for r in ties if r != "copy"] + sorted({"copy" if h.kind.is_pair else "top_tile_copy"
                                                              for h in copies})
        # the hands' ranks decide the call (621a.3, md 3, nj 10.2), the call's words 621a.8(g)-(i)
        cites = [step.citation, self.profile.cite("push"), self.profile.cite("ranking"), "spec H5",
                 *map(self.profile.cite, ties)]
        cites += ["spec H3"] * bool(ties)
        return draft(f"{who} {mine} against {against} {theirs}: call the result.", AnswerKind.CHOICE,
                     CALLS[outcome], f"{step.say}. Both hands higher: win; neither: lose; one of the two: push.",
                     cites, outcome.value, choices=tuple(CALLS.values()),
                     data=self.base_data(step) | self.hands(hand, banker))

    def exposure_order(self) -> list[str]:
        return [m.group(1) for s in self.round.steps if (m := re.match(r"Expose (seat\d)", s.say))]

    def hands(self, hand: str, banker: str) -> dict[str, Any]:
        mine, theirs = self.round.position(hand).setting, self.round.position(banker).setting
        if mine is None or theirs is None:
            return {}
        return {"player_high": [str(t) for t in mine.high.tiles], "player_low": [str(t) for t in mine.low.tiles],
                "dealer_high": [str(t) for t in theirs.high.tiles], "dealer_low": [str(t) for t in theirs.low.tiles]}

    # -- chips
    def pay(self, chip: ChipMove, step: Step) -> Draft | None:
        """How much the dealer collects or pays in this chip movement; None where the amount is the
        wager the question would have to show (:meth:`told`)."""
        self.paid += 1
        facts = [f"the centre holds {format_cents(self.centre)}"] * (chip.source == CENTRE) + [self.stake(chip)]
        held = f" ({'; '.join(f for f in facts if f)})" if any(facts) else ""
        if chip.why.startswith("centre exhausted"):  # the top-up is what the winners still due lack (621a.9(o))
            due = sum(c.cents for c in self.round.chips[self.paid:] if c.source == CENTRE and "winning" in c.why)
            held = f" (the centre holds {format_cents(self.centre)}; the winners still due total {format_cents(due)})"
        self.centre += (chip.target == CENTRE) * chip.cents - (chip.source == CENTRE) * chip.cents
        if self.told(chip):
            return None
        halves = "half" in chip.why
        after = self.round.chips[self.paid:self.paid + 1]
        vig_next = bool(after) and "vigorish" in after[0].why and after[0].source == chip.target
        how = _how_much(chip, self.rounded() if vig_next else "")
        return draft(f"{_verb(chip)}: {_asked(chip.why)}{held}{self.facts(chip)}. {how}",
                     AnswerKind.MONEY,
                     chip.cents,
                     f"{step.say}." + (f" {ODD_CENT}" if halves else ""),
                     [chip.citation, _SPEC_OF_CHIP[_chip_item(chip).split("-")[0]]] + ["spec JQ26"] * halves,
                     _chip_item(chip),
                     data=self.base_data(step) | {"from": chip.source, "to": chip.target} | self.paid_in(chip))

    def paid_in(self, chip: ChipMove) -> dict[str, Any]:
        """A payment (chips paid to a player, not collected) names the table's chips: it can be paid in
        chips (``dealer_round.in_chips``, issue 31)."""
        return {} if _collected(chip) else {"chips": list(self.profile.chips)}

    def facts(self, chip: ChipMove) -> str:
        """What decides the amount without saying it: the vigorish rounding in force (spec S2); a side
        wager's tiles or dice, and its paytable where the profile offers several (spec S4, S5)."""
        if "vigorish" in chip.why:
            return f"; the vigorish is {self.rounded()}"
        if "half" in chip.why:  # a co-bank halves: the reading decides the odd cent (spec JQ26)
            return "; an odd cent falls to the table inventory's half"
        key = next((k for name, k in _WAGER_KEYS.items() if name in chip.why and k != PAI_GOW), None)
        seat = _seat_of(chip)
        if key is None or seat is None or not chip.why.startswith("winning"):
            return ""
        wager = next(w for w, k in SIDE_KEYS.items() if k == key)
        tables = self.profile.paytables.get(wager, ())
        facts = f"; paytable {tables[0]}" if len(tables) > 1 else ""
        if key == "pair_fortunes":
            return facts + f"; {seat}'s tiles {' '.join(map(str, self.round.position(seat).tiles))}"
        roll = self.round.plan.roll
        coloured = len(set(roll.colours)) > 1  # Beat It: name the red die (621a.11(e))
        dice = ", ".join(f"{d} ({c})" if coloured else str(d) for d, c in zip(roll.dice, roll.colours))
        pick = next(p.match_pick for p in self.round.players if p.seat == seat)
        return facts + f"; the dice {dice}" + (f"; {seat} picked {pick}" if key == "match" else "")

    def rounded(self) -> str:
        """How the table rounds the vigorish and the profile's section for it (spec S2), e.g. ``rounded up
        to the next cent per 621a.11(a)``."""
        return f"rounded {_ROUNDING[self.round.rounding]} per {self.profile.cite('vigorish')}"

    def told(self, chip: ChipMove) -> bool:
        """A losing wager collected whole: the amount is the wager, which the question would have to show
        (and the felt shows): the step is shown, not asked (issue 40; a question never holds its answer)."""
        return _collected(chip) and chip.why.startswith(("losing", "dealer's losing")) \
            and self.stake_cents(chip) == chip.cents

    def stake_cents(self, chip: ChipMove) -> int | None:
        """The wager the movement settles (:meth:`stake`), in cents; None where it names none."""
        if chip.why.startswith("dealer's"):
            return self.round.position(DEALER).wagers[PAI_GOW]
        seat = _seat_of(chip)
        named = next((key for name, key in _WAGER_KEYS.items() if name in chip.why), None)
        key = PAI_GOW if "vigorish" in chip.why else named
        return (self.round.position(seat).wagers if seat else {}).get(key)

    def stake(self, chip: ChipMove) -> str:
        """The wager the movement settles, e.g. ``seat3's Pair Fortunes Wager: $5.00``; the vigorish is on
        the Pai Gow Wager won; the dealer's wager against the bank (621a.9(h),(o),(p)); a surplus or
        shortfall through the centre (621a.9(o)-(r)) names no single wager ("")."""
        cents = self.stake_cents(chip)
        if chip.why.startswith("dealer's"):
            return f"the dealer's wager: {format_cents(cents)}"
        if cents is None:
            return ""
        key = PAI_GOW if "vigorish" in chip.why else next(k for name, k in _WAGER_KEYS.items() if name in chip.why)
        return f"{_seat_of(chip)}'s {_WAGER_NAMES[key]} Wager: {format_cents(cents)}"

    # -- irregularities
    def remedy(self, step: Step, before: Sequence[Step]) -> Draft:
        kind = self.round.irregularity
        assert kind is not None
        answer, why, cite = remedy(kind, self.profile), f"{step.say}.", step.citation
        near = [LID_LIFTED_REMEDY] if kind is Irregularity.NO_ROLL else []
        if kind is Irregularity.NO_ROLL and self.round.plan.roll.no_rolls[0].fault is NoRoll.LID_LIFTED:
            answer, near = LID_LIFTED_REMEDY, [answer]
            cite = fault_citation(self.profile, NoRoll.LID_LIFTED)
            why = f"The bank lifted the lid: {LID_LIFTED_REMEDY}, not a no roll the dealer reshakes."
        elif kind is Irregularity.PLAYER_TILE_EXPOSED:
            why = _PLAYER_TILE_RULE
        elif kind is Irregularity.HOUSE_WAY_VIOLATION:
            setter = before[-1]  # the dealer's own hand, the co-bank's he sets, or the bank's
            whose = DEALER if setter.actor == DEALER and "co-bank" not in setter.say else self.round.bank
            why += f" {set_by_house_way(self.round.position(whose).tiles, self.way, self.profile).explanation}"
        return draft(f"{_happened(kind, step, before)}. What do you do?", AnswerKind.CHOICE, answer,
                     why, [cite, f"spec {_ji(kind, step)}"], kind.value,
                     choices=choices_with(self.rng, answer, remedies(self.profile), near=near),
                     data=self.base_data(step))

    def base_data(self, step: Step) -> dict[str, Any]:
        return {"round": self.spec, "say": step.say}


#: Why a player's exposed tile is his to decide (621a.10(d), md 10.D, nj 10.9(d)): the rule, not the situation again.
_PLAYER_TILE_RULE = ("A tile the dealer exposes of a player's hand is the player's decision, not the dealer's: the "
                     "player either plays the hand out or voids it, and decides without looking at his unexposed "
                     "tiles; a voided hand's wagers are returned to him, and the other hands play on.")


#: Words of a call step (``round.result_reason``) and the rule each names: a copy, a zero-zero tie, a zero low.
_TIE_RULES = {"a copy": "copy", "both are worth zero": "zero_zero", "worth zero and never wins": "lose"}


def _stacks(state: TableState) -> tuple[str, ...]:
    """The stacks still in the woodpile area, S1 to S8."""
    return tuple(sorted({p.stack for p in state.places if isinstance(p, InPile)}, key=lambda s: int(s[1:])))


def _seat_of(chip: ChipMove) -> str | None:
    return next((p for p in (chip.source, chip.target) if p.startswith("seat")), None)


def _collected(chip: ChipMove) -> bool:
    """Chips the dealer collects (to the table inventory, the centre, the dealer's side), not pays."""
    return chip.target in (HOUSE, CENTRE, DEALER)


def _verb(chip: ChipMove) -> str:
    if _collected(chip):
        return f"Collect from {party_name(chip.source)} to {party_name(chip.target)}"
    return f"Pay {party_name(chip.target)} from {party_name(chip.source)}"


def _how_much(chip: ChipMove, vig_next: str = "") -> str:
    """The amount a chip movement asks for, in words: the winnings (the wager stays where it is; with
    ``vig_next``, how the vigorish is rounded, the whole amount won, its vigorish being the next action:
    issue 40, a felt reading "LESS 5% VIGORISH" made trainees pay the net), the vigorish, or the chips
    collected or moved (621a.8(g)-(i), 621a.9(o), 621a.11(a))."""
    if "vigorish" in chip.why:
        return "How much vigorish?"
    if chip.why.startswith("winning") and vig_next:
        return (f"How much do you pay? The whole amount won: its vigorish is collected next, separately, "
                f"{vig_next}; the wager stays.")
    if chip.why.startswith("winning"):
        return "How much do you pay (the amount won; the wager stays)?"
    if chip.target in (HOUSE, CENTRE) and chip.why.startswith(("losing", "surrendered")):
        return "How much do you collect?"
    return "How much?"


#: How the vigorish is rounded, in words (spec S2).
_ROUNDING = {"exact": "up to the next cent", "quarter": "up to the next 25 cents"}


def _asked(why: str) -> str:
    """A chip movement's words without the answer: no odds or paytable line, no vigorish rate.

    >>> _asked("winning Pair Fortunes Wager paid 3 to 1 (Identical Pair)"), _asked("5% vigorish on the amount won")
    ('winning Pair Fortunes Wager', 'vigorish on the amount won')
    """
    return re.sub(r"^5% | paid \d+ to \d+.*$", "", why)


def _chip_item(chip: ChipMove) -> str:
    """``pai-gow-pay``, ``pair-fortunes-collect``, ``vigorish``, ``centre-pay``...: what kind of movement."""
    if "vigorish" in chip.why:
        return "vigorish"
    wager = next((w for w in _WAGER_KEYS if w in chip.why), "")
    verb = "collect" if chip.target in (HOUSE, CENTRE) else "pay"
    prefix = "centre" if CENTRE in (chip.source, chip.target) else wager.lower().replace(" ", "-") or "chips"
    return f"{prefix}-{verb}"


#: The wagers as a chip movement's words name them, and their keys in a position's wagers.
_WAGER_KEYS = {"Pai Gow": PAI_GOW, "Pair Fortunes": "pair_fortunes", "Sum": "sum", "Match": "match",
               "Beat It": "beat_it"}
_WAGER_NAMES = {key: name for name, key in _WAGER_KEYS.items()}

#: The spec section of each kind of chip movement (``_chip_item``'s first word).
_SPEC_OF_CHIP = {"vigorish": "spec S2", "centre": "spec S3", "pair": "spec S4", "sum": "spec S5", "match": "spec S5",
                 "beat": "spec S5", "pai": "spec H5", "chips": "spec S1"}

#: Each irregularity's row in jurisdictions.md (a no roll: JI1 dice not flat, JI2 a die out, JI3 the lid).
_JI = {Irregularity.WRONG_COUNT: "JI4", Irregularity.PLAYER_TILE_EXPOSED: "JI5",
       Irregularity.DEALER_TILE_EXPOSED: "JI6", Irregularity.HOUSE_WAY_VIOLATION: "JI7",
       Irregularity.TILE_EXPOSED_STACKING: "JI8"}


def _ji(kind: Irregularity, step: Step) -> str:
    if kind is Irregularity.NO_ROLL:
        return "JI3" if "lid" in step.say else "JI2" if "out of" in step.say else "JI1"
    return _JI[kind]


def _shows(kind: Irregularity, step: Step) -> bool:
    """True for the step where the dealer meets the injected irregularity (its remedy follows)."""
    if kind is Irregularity.NO_ROLL:
        return step.action == "roll" and step.say.startswith(NO_ROLL_HEADS)
    return step.action in ("irregularity", "reset")


def _happened(kind: Irregularity, step: Step, before: Sequence[Step]) -> str:
    """What the dealer sees, without the remedy the step's words go on to give."""
    if kind is Irregularity.WRONG_COUNT:
        return next(s.say for s in reversed(before) if s.action == "count") + "; the tiles have been dealt"
    if kind is Irregularity.HOUSE_WAY_VIOLATION:
        return before[-1].say
    if kind is Irregularity.NO_ROLL:
        return "After the shake, " + step.say.split(": ", 1)[-1].split(";")[0]
    return step.say.split(":")[0]


def round_tasks(spec: RoundSpec, played: Round | None = None) -> tuple[RoundTask, ...]:
    """The dealer's actions in the round of ``spec`` (``played``: that round, if already played), in
    order, as questions (see the module table). ``data["round"]`` and ``data["task"]`` replay each."""
    played = played or play_spec(spec)
    profile = spec.table()
    way = house_way_named(spec.house_way or profile.default_house_way)
    built = _TaskBuilder(played, spec, profile, way).build()
    return numbered_tasks(built, lambda skill, made: task_question(skill, made, spec.seed, profile.name, way.name,
                                                                   casino=spec.casino))


# --- each step type as a drill of its own ---------------------------------------------------------


def _random_spec(rng: random.Random, setup: Any, skill: str) -> RoundSpec:
    profile = setup.profile
    bank = "dealer"
    if profile.player_bank and rng.random() < 0.3:
        bank = f"seat{rng.randint(1, 6)}"
    irregular = rng.choice(tuple(Irregularity)) if skill == "dealer-irregularity" else None
    return RoundSpec(seed=rng.getrandbits(32), profile=profile.name, bank=bank,
                     co_bank=bank != "dealer" and profile.co_bank and rng.random() < 0.3, irregularity=irregular,
                     house_way=setup.house_way.name, casino=profile.casino_sha256 or "")


for _id, (_title, _what, _ms) in DEALER_SKILLS.items():
    drill(_id, _title, GROUP, _what, target_ms=_ms)(action_drill(_id, _random_spec))
