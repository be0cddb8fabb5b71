"""Calling the game: one Baccarat round, played by the round engine, as the dealer's actions in order.

The round engine (:mod:`trainer.rules.baccarat.round`) plays a correct round as cited steps. Every
step the dealer calling the game decides becomes a question of a ``bac-dealer-*`` skill
(:data:`DEALER_SKILLS`), judged by :func:`trainer.drills.answers.check` like any drill; the other
steps (the curator's deal, turning the cards, clearing) are narrated with their citations. A wrong
action is answered with the right one and its section, and the round goes on as the rules
require: the engine's steps do not depend on the trainee.

=============================  ======  ===========================================  ====================
skill                          kind    the dealer's action                          at the step
=============================  ======  ===========================================  ====================
``bac-dealer-cut``             CHOICE  the seat offered the cut first               ``offer-cut``
``bac-dealer-burn``            NUMBER  how many cards the burn discards             ``burn``
``bac-dealer-shoe``            CHOICE  the seat offered the shoe first              ``offer-shoe``
``bac-dealer-count``           CALL    the Point Counts called, then each new count ``announce*``...
``bac-dealer-house-money``     CHOICE  collect or pay each House Money Wager        ``house-money``
``bac-dealer-player-draw``     CALL    "Player draws" / "stands" / "No more cards"  ``instruct*``
``bac-dealer-banker-draw``     CALL    "Banker draws" / "Banker stands"             ``instruct-banker``
``bac-dealer-result``          CALL    the result called: the winner, both counts   ``result``
``bac-dealer-order``           CHOICE  losers first, then winners from the top      ``collect``/``pay``
``bac-dealer-pay``             MONEY   each winning wager's payout                  ``pay``
``bac-dealer-vig``             MONEY   the vigorish collected, or marked            ``vigorish``/``mark``
``bac-dealer-pass``            CHOICE  the shoe passes when the Banker's Hand loses ``pass-shoe``
``bac-dealer-last-hand``       CHOICE  "last hand" after the cover card             ``last-hand``
``bac-dealer-irregularity``    CHOICE  the remedy of a 631a.15 case played in it    ``remedy``...
=============================  ======  ===========================================  ====================

>>> from trainer.drills.dealer_round import DealerRound
>>> r = DealerRound(RoundSpec(seed=3, players=4))
>>> r.current.question.skill
'bac-dealer-cut'
>>> while not r.finished:
...     _ = r.answer(r.current.question.answer, ms=1000)
>>> r.summary().score
1.0
"""

from __future__ import annotations

import random
import re
from dataclasses import asdict, dataclass, replace
from typing import Any, Callable, Iterator

from trainer.drills.model import AnswerKind, Draft
from trainer.drills.common import choices_with, draft
from trainer.drills.dealer_round import (RoundTask, action_drill, first_playable, numbered_tasks,
                                         task_question)
from trainer.drills.registry import drill
from trainer.rules.baccarat.call import Call, Phrase, Point, round_calls
from trainer.rules.baccarat.cards import burn_count, card_of, points
from trainer.rules.baccarat.draw import TABLE_1, banker_rule, is_natural, player_rule
from trainer.rules.baccarat.irregularities import REMEDIES, Irregularity, remedy
from trainer.rules.baccarat.profiles import BaccaratProfile, DEFAULT_PROFILE, profile_named
from trainer.rules.baccarat.round import (Opening, Round, TableState, natural_words, open_table, play_round,
                                          seat_bettors)
from trainer.rules.baccarat.table import Move
from trainer.rules.baccarat.wagers import WAGER_TITLES, Coup, wager_named_in
from trainer.rules.errors import TrainerError
from trainer.rules.money import format_cents
from trainer.rules.record import HOUSE, ChipMove, Step

GROUP = "Calling the game"

#: The skills of calling the game: id -> (title, what the dealer does, fluent answer time in ms).
DEALER_SKILLS: dict[str, tuple[str, str, int]] = {
    "bac-dealer-cut": ("Offer the cut", "Offer the stack to cut from the highest-numbered seat, clockwise.", 5000),
    "bac-dealer-burn": ("Burn cards", "Expose the first card and burn as many more as its value.", 5000),
    "bac-dealer-shoe": ("Offer the shoe", "Offer the shoe from seat 1, or to the right of the last curator.", 5000),
    "bac-dealer-count": ("Call the counts", "Call each hand's Point Count, and its new count after a third card.",
                         4000),
    "bac-dealer-house-money": ("Settle House Money", "Settle each House Money Wager before any third card.", 8000),
    "bac-dealer-player-draw": ("Player draws or stands", "Call whether the Player's Hand draws, or no more cards.", 4000),
    "bac-dealer-banker-draw": ("Banker draws or stands", "Call whether the Banker's Hand draws "
                               "(Table 1).", 5000),
    "bac-dealer-result": ("Announce the result", "Call which hand won, a tie hand, a Dragon 7 or a Panda 8, then "
                          "both counts.", 6000),
    "bac-dealer-order": ("Collect and pay in order", "Losing wagers first, then winners from the "
                         "highest-numbered position down.", 5000),
    "bac-dealer-pay": ("Pay a winning wager", "Pay each winning wager at its odds.", 8000),
    "bac-dealer-vig": ("Take or mark the vigorish", "Collect the 5% vigorish or mark it with a marker button.",
                       8000),
    "bac-dealer-pass": ("Keep or pass the shoe", "The shoe passes whenever the Banker's Hand loses.", 5000),
    "bac-dealer-last-hand": ("Last hand", "Announce \"last hand\" after the cover card comes out.", 5000),
    "bac-dealer-irregularity": ("Handle an irregularity", "The remedy 631a.15 gives for a card out of turn or a shoe run short.",
                                12000),
}

#: When in the shoe the round falls: a new shoe (its preparation first), in play, or the last hand.
MOMENTS = ("new-shoe", "in-play", "last-hand")

#: The irregularities of 631a.15 a round can have injected, played by the engine (``too-few``: the
#: round is dealt from a shoe holding too few cards to complete it, 631a.15(e)).
IRREGULARITIES = ("error-card", "third-undisclosed", "third-disclosed", "exposed-card", "too-few")


@dataclass(frozen=True)
class RoundSpec:
    """What the trainee or instructor chose for a round; ``None`` options take the profile's."""

    seed: int
    profile: str = DEFAULT_PROFILE
    players: int | None = None
    moment: str = "new-shoe"
    irregularity: str | None = None
    seats: int = 12
    ez: bool | None = None
    vig_collection: str | None = None
    squeeze: bool | None = None
    #: Decks in the shoe, six to eight (631a.3(a), spec B10); None: the profile's.
    decks: int | None = None
    #: The values (631a.6(a)) the round's first cards show, in the order they are dealt: a drill's
    #: situation, arranged in the shoe by ``Shoe.showing``; empty: the cards as shuffled.
    stack: tuple[int, ...] = ()
    #: The SHA-256 of the casino's Rules Submission whose table the round is dealt at ("": the profile's):
    #: its odds, paytables, vigorish and squeeze (``trainer.rules.baccarat.casino_rules``).
    casino: str = ""

    def __post_init__(self) -> None:
        if self.moment not in MOMENTS:
            raise TrainerError(f"a round is at one of {', '.join(MOMENTS)}, not '{self.moment}'")
        if self.irregularity is not None and self.irregularity not in IRREGULARITIES:
            raise TrainerError(f"unknown irregularity '{self.irregularity}' (choose from: {', '.join(IRREGULARITIES)})")
        if any(v not in range(10) for v in self.stack):
            raise TrainerError(f"card values are 0 to 9, not {list(self.stack)}")
        object.__setattr__(self, "stack", tuple(self.stack))  # a list when read back from a question's data

    def table(self) -> BaccaratProfile:
        """The table the round is dealt at: the casino's (its Rules Submission's choices), else the profile's,
        with the options chosen for the round."""
        base = _casino_table(self.casino) if self.casino else profile_named(self.profile)
        return base.with_options(seats=self.seats, ez=self.ez, decks=self.decks,
                                                        vig_collection=self.vig_collection, squeeze=self.squeeze)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def play(self) -> Played:
        return play_spec(self)

    def tasks(self, played: Played | None = None) -> tuple[RoundTask, ...]:
        return round_tasks(self, played)


@dataclass(frozen=True)
class Played:
    """The round of a spec: the shoe's opening when it is new, the table before the round, the round,
    and every step in order (the opening's, then the round's)."""

    profile: BaccaratProfile
    opening: Opening | None
    start: TableState
    round: Round

    @property
    def offset(self) -> int:
        """Index of the round's first step among ``steps``."""
        return len(self.opening.steps) if self.opening else 0

    @property
    def steps(self) -> tuple[Step, ...]:
        return (self.opening.steps if self.opening else ()) + self.round.steps

    @property
    def seed(self) -> int:
        return self.round.seed or 0


def play_spec(spec: RoundSpec) -> Played:
    """The round ``spec`` describes, played by the engine from ``random.Random(spec.seed)``.

    ``in-play``: a few rounds of the shoe are played first; ``last-hand``: the shoe is played until
    the round in which the cover card comes out (631a.10(d)).

    >>> play_spec(RoundSpec(seed=4, moment="last-hand")).round.cover_card
    True
    """
    p = spec.table()
    rng = random.Random(spec.seed)
    bettors = seat_bettors(rng, p, spec.players)
    opening = open_table(rng, p, [b.seat for b in bettors])
    table = opening.table
    skip = {"new-shoe": 0, "in-play": rng.randint(1, 12), "last-hand": 10**6}[spec.moment]
    for _ in range(skip):
        before = rng.getstate()
        rnd, after = play_round(rng, table, bettors, p, seed=spec.seed, record=False)  # the same round, unrecorded
        if rnd.cover_card or after.done:
            rng.setstate(before)  # this round again, recorded
            break
        table = after
    kind = Irregularity(spec.irregularity) if spec.irregularity else None
    if spec.stack:
        table = replace(table, shoe=table.shoe.showing(spec.stack))
    rnd, _ = play_round(rng, table, bettors, p, seed=spec.seed, irregularity=kind)
    if kind is not None and rnd.irregularity is None:
        raise TrainerError(f"this round has no moment for the irregularity '{kind}' (631a.15)")
    return Played(p, opening if spec.moment == "new-shoe" else None, table, rnd)


def _casino_table(digest: str) -> BaccaratProfile:
    from trainer.rules.casino import casino_by_digest

    return casino_by_digest(digest).profile


# --- from the round's steps to the dealer's questions ---------------------------------------------

_WORDS = {"player": "Player", "banker": "Banker"}


class _TaskBuilder:
    """Walks the steps in order and drafts a question for each action of the dealer calling the game."""

    def __init__(self, played: Played, spec: RoundSpec) -> None:
        self.played, self.p, self.spec = played, played.profile, spec.to_dict()
        self.rng = random.Random(spec.seed)
        self.rnd = played.round
        self.cut_asked = False
        self.paid_seats: set[int] = set()
        self.simulating = False
        self.index = 0
        self.previous = ""
        #: The step at which the shoe passed in the round (631a.14(a)), if it did.
        self.passed: Step | None = None

    def build(self) -> list[tuple[str, Draft, int]]:
        out = []
        for index, step in enumerate(self.played.steps):
            self.index = index
            in_round = index >= self.played.offset
            for skill, made in (self.round_drafts(step) if in_round else self.opening_drafts(step)):
                out.append((skill, made, index))
            self.previous = step.action
        return out

    def base(self, step: Step) -> dict[str, Any]:
        return {"round": self.spec, "say": step.say}

    def hand(self, hand: str, upto: int = 3) -> list[str]:
        return [str(card_of(c)) for c in getattr(self.rnd, hand)[:upto]]

    # -- the shoe's preparation
    def opening_drafts(self, step: Step) -> Iterator[tuple[str, Draft]]:
        opening = self.played.opening
        assert opening is not None
        seated = [b.seat for b in self.rnd.bettors]
        if step.action == "offer-cut" and not self.cut_asked and len(seated) > 1:  # one player: no choice, shown
            self.cut_asked = True
            first = int(re.match(r"Seat (\d+)", step.say).group(1))
            yield "bac-dealer-cut", self.seat_choice(
                "The cards are shuffled. To whom do you offer the stack to cut first?", first, seated,
                "From the player in the highest-numbered position, clockwise.", step, "first-cut")
        elif step.action == "burn":
            first = card_of(opening.prep.burn[0])
            count = burn_count(first)
            yield "bac-dealer-burn", draft(
                f"The first card out of the shoe is the {first.name}. How many more cards go face down into "
                "the discard bucket?", AnswerKind.NUMBER, count,
                f"The first card's face value: a 10, jack, queen or king counts ten, an ace one: {count}.",
                [step.citation, "spec B23"], str(min(count, 10)), data=self.base(step) | {"card": str(first)})
        elif step.action == "offer-shoe":
            yield from self.shoe_offer(step, seated, previous=None)

    def seat_choice(self, prompt: str, answer: int, seated: list[int], why: str, step: Step, item: str,
                    cites: tuple[str, ...] = ()) -> Draft:
        choices = tuple(f"Seat {s}" for s in sorted(seated))
        return draft(prompt, AnswerKind.CHOICE, f"Seat {answer}", why, [*cites, step.citation, "spec B7"], item,
                     choices=choices, data=self.base(step) | {"seated": sorted(seated)})

    def shoe_offer(self, step: Step, seated: list[int], previous: int | None,
                   passed: Step | None = None) -> Iterator[tuple[str, Draft]]:
        """The first offer of a run of offers of the shoe: a new shoe's (631a.7(b)), or in play after
        the shoe ``passed`` (631a.14(a), the paragraph of that step), from the previous curator's right
        (631a.14(b)); the dealer as curator passes it from his right, seat 1 first (spec B6, B7)."""
        if self.previous == "offer-shoe" or len(seated) < 2:  # a later offer, or one player: shown, not asked
            return
        first = int(re.match(r"Seat (\d+)", step.say).group(1))
        if passed is None:
            yield "bac-dealer-shoe", self.seat_choice(
                "The shoe is ready. To whom do you offer it first?", first, seated,
                "The player in seat number one, then counterclockwise.", step, "new-shoe")
            return
        lost = "lost" in passed.say
        reason = "The Banker's Hand lost" if lost else "After the round"
        who = "the dealer, as curator," if previous is None else f"Seat {previous}, the curator,"
        verb = "passes" if lost else "gives up"
        right = ("the player immediately to the dealer's right (seat 1, or the next occupied seat counterclockwise)"
                 if previous is None else "the player immediately to the right of the previous curator")
        why = (("The curator must pass the shoe whenever the Banker's Hand loses. " if lost else "")
               + f"It is offered first to {right}, then to each other player counterclockwise.")
        yield "bac-dealer-shoe", self.seat_choice(
            f"{reason}: {who} {verb} the shoe. To whom do you offer it first?", first, seated, why, step,
            "pass" if previous is not None else "dealer-pass", (passed.citation,))

    # -- the round
    def round_drafts(self, step: Step) -> Iterator[tuple[str, Draft]]:
        remedy_draft = self.irregularity(step)
        if remedy_draft is not None:
            yield "bac-dealer-irregularity", remedy_draft
        elif self.simulating:  # a simulated round (631a.15(c)(2), (d)): dealt by the rules, nothing to call
            self.simulating = step.action != "clear"
        else:
            yield from self.actions(step)

    def actions(self, step: Step) -> Iterator[tuple[str, Draft]]:
        action = step.action
        if action == "announce" or action.startswith("announce-"):
            yield "bac-dealer-count", self.count(step)
        elif action == "house-money":
            yield "bac-dealer-house-money", self.house_money(step)
        elif action in ("instruct", "instruct-player"):
            yield "bac-dealer-player-draw", self.player_draw(step)
        elif action == "instruct-banker":  # the Player's new count, if it drew, is called first
            if len(self.rnd.player) == 3:
                yield "bac-dealer-count", self.third_count("player", step)
            yield "bac-dealer-banker-draw", self.banker_draw(step)
        elif action == "result":  # the Banker's new count, if it drew, then the result
            if len(self.rnd.banker) == 3:
                yield "bac-dealer-count", self.third_count("banker", step)
            yield "bac-dealer-result", self.result(step)
        elif action == "collect":
            order = self.collect_first(step)
            if order is not None:
                yield "bac-dealer-order", order
        elif action == "pay":
            yield from self.pay(step)
        elif action in ("vigorish", "mark-vigorish"):
            yield "bac-dealer-vig", self.vigorish(step)
        elif action == "pass-shoe":
            self.passed = step
            if "lost" in step.say:
                yield "bac-dealer-pass", self.pass_shoe(step)
        elif action == "offer-shoe":
            yield from self.shoe_offer(step, [b.seat for b in self.rnd.bettors], self.rnd.curator, self.passed)
        elif action == "last-hand":
            yield "bac-dealer-last-hand", draft(
                "The cover card came out during this round, and the hand is complete. What do you announce?",
                AnswerKind.CHOICE, "Last hand", "After the hand in which the cover card appeared, the dealer "
                "announces \"last hand\"; one more hand is dealt, then the cards are replaced.", [step.citation],
                "last-hand", choices=("Last hand", "New cards now", "Nothing: deal on", "Void the round"),
                data=self.base(step))

    def move(self) -> Move:
        """The engine's move of the current step."""
        index = self.index - self.played.offset
        return next(m for m in self.rnd.moves if m.step == index)

    def chip(self) -> ChipMove:
        """The chip movement the current step makes (a settling step makes exactly one)."""
        return self.rnd.chips[self.move().chips[0]]

    def calls(self) -> dict[Point, Call]:
        """The round's call, point by point (reading B30), from its final hands."""
        coup = Coup(tuple(card_of(c) for c in self.rnd.player), tuple(card_of(c) for c in self.rnd.banker))
        return {call.point: call for call in round_calls(coup, self.p.ez)}

    def call(self, prompt: str, phrases: tuple[Phrase, ...], bank: list[str], why: str, cites: list[str], item: str,
             step: Step, sections: list[str] | None = None, **data: Any) -> Draft:
        """A point of the round called aloud on the call builder: ``phrases`` in order, from ``bank``,
        each checked against its accepted wordings and named with its section when wrong."""
        return draft(prompt, AnswerKind.CALL, tuple(ph.text for ph in phrases), why, cites, item,
                     choices=tuple(dict.fromkeys(bank)),
                     data=self.base(step) | data | {"accepted": [list(ph.accepted) for ph in phrases],
                                                    "sections": sections or [self.p.cite(ph.rule) for ph in phrases]})

    def count(self, step: Step) -> Draft:
        """The Point Counts of the first four cards (631a.10(a)): both together, or under the squeeze
        each hand's as it is turned (``announce-player``, ``announce-banker``, 631a.9(d))."""
        hands = ("player", "banker") if step.action == "announce" else (step.action.split("-")[1],)
        counts = self.calls()[Point.COUNTS].phrases
        phrases = tuple(counts[("player", "banker").index(h)] for h in hands)
        shown = ", ".join(f"the {_WORDS[h]}'s Hand {' '.join(self.hand(h, 2))}" for h in hands)
        what = "both Point Counts, the Player's first" if len(hands) == 2 else "its Point Count"
        return self.call(f"The cards are turned: {shown}. Call {what}.", phrases, _count_bank(self.rng, phrases),
                         "Tens and face cards count zero, aces one, the others their face value; only the right "
                         "digit of the total counts.", [step.citation, self.p.cite("point_count"), "spec B2", "spec B30"],
                         "counts" if len(hands) == 2 else f"{hands[0]}-count", step,
                         counted=[_WORDS[h] for h in hands],
                         **({"player_cards": self.hand("player", 2), "banker_cards": self.hand("banker", 2)}
                            if len(hands) == 2 else {"hand": hands[0], "hand_cards": self.hand(hands[0], 2)}))

    def third_count(self, hand: str, step: Step) -> Draft:
        """A hand's new count once its third card is turned (631a.10(b), reading B29)."""
        point = Point.PLAYER_THIRD if hand == "player" else Point.BANKER_THIRD
        phrases = self.calls()[point].phrases
        cards = self.hand(hand)
        return self.call(f"The {_WORDS[hand]}'s Hand drew: {' '.join(cards)}. Call its new Point Count.", phrases,
                         _count_bank(self.rng, phrases), "The three cards' total, only its right digit.",
                         [self.p.cite("instruct"), self.p.cite("point_count"), "spec B29", "spec B30"],
                         f"{hand}-third", step, hand=hand, hand_cards=cards, counted=[_WORDS[hand]])

    def house_money(self, step: Step) -> Draft:
        chip = self.chip()
        seat = chip.source if chip.target == HOUSE else chip.target
        stake = next(b.wagers["house-money"] for b in self.rnd.bettors if b.name == seat)
        choices = (f"Collect {format_cents(stake)}", f"Pay {format_cents(stake * 3)} (3 to 1)",
                   f"Pay {format_cents(stake * 15)} (15 to 1)")
        answer = choices[0] if chip.target == HOUSE else choices[1 if chip.cents == stake * 3 else 2]
        player, banker = self.hand("player", 2), self.hand("banker", 2)
        return draft(f"Before any third card: {seat.replace('seat', 'Seat ')}'s House Money Wager of "
                     f"{format_cents(stake)}, with the Player's Hand {' '.join(player)} and the Banker's Hand "
                     f"{' '.join(banker)}. Settle it.", AnswerKind.CHOICE, answer,
                     "A pair is two cards of the same rank in the first two cards of a hand: one hand with a pair "
                     "pays 3 to 1, both 15 to 1, neither loses.", [chip.citation, self.p.cite("house_money_pays"), "spec B17"],
                     answer.split()[0].lower(), choices=choices, data=self.base(step))

    def counts(self) -> tuple[int, int]:
        return (points(card_of(c) for c in self.rnd.player[:2]), points(card_of(c) for c in self.rnd.banker[:2]))

    def player_draw(self, step: Step) -> Draft:
        pp, bp = self.counts()
        rule = player_rule(pp, bp)
        calls = self.calls()
        natural = step.action == "instruct"
        phrases = calls[Point.NATURAL if natural else Point.PLAYER_DRAW].phrases
        item = "natural" if natural else f"P{pp}"
        why = ("A Natural on either hand: no more cards to either hand." if natural else
               "The Player's Hand draws on 0 to 5 and stands on 6 or 7.")
        return self.call(f"Player {pp}, Banker {bp} on the first two cards. Call your instruction to the curator.",
                         phrases, ["Player draws", "Player stands", "No more cards"], why,
                         [rule.citation, "spec B3", "spec B30"], item, step, sections=[rule.citation],
                         player_count=pp, banker_count=bp)

    def banker_draw(self, step: Step) -> Draft:
        pp, bp = self.counts()
        third = card_of(self.rnd.player[2]) if len(self.rnd.player) > 2 else None
        rule = banker_rule(pp, bp, third.value if third else None)
        drew = f"the Player's third card is the {third.name} ({third.value})" if third else "the Player stood"
        if third is None:
            why = "The Player stood: the Banker's Hand draws on 0 to 5 and stands on 6 or 7."
        elif bp < 3 or bp == 7:
            why = "The Player drew: the Banker's Hand draws on 0 to 2 whatever the card, and stands on 7."
        else:
            row = TABLE_1[bp]
            draws = ", ".join(str(v) for v in range(10) if row[v] == "D")
            why = f"The Player drew: on {bp} the Banker's Hand follows Table 1 and draws when the Player's third " \
                  f"card is {draws}."
        return self.call(f"Banker {bp} after two cards; {drew}. Call your instruction to the curator.",
                         self.calls()[Point.BANKER_DRAW].phrases, ["Banker draws", "Banker stands"], why,
                         [rule.citation, "spec B3", "spec B30"], f"B{bp}-{third.value if third else 'stood'}", step,
                         sections=[rule.citation], banker_count=bp, third=third.value if third else None)

    def result(self, step: Step) -> Draft:
        """The result called aloud as the dealer says it, phrase by phrase: the winning hand (or the tie,
        a Dragon 7, a Panda 8), then both final counts (631a.12(a)), from a bank of the results and the
        counts both ways."""
        called = self.calls()[Point.RESULT].phrases
        counts = called[1].text.split(" over ")
        bank = ["Player wins", "Banker wins", "Tie hand"] + (["Dragon 7", "Panda 8"] if self.p.ez else [])
        bank += [called[1].text] + ([" over ".join(reversed(counts))] if len(counts) == 2 else [])
        player, banker = self.hand("player"), self.hand("banker")
        return self.call(f"Final hands: Player {' '.join(player)}, Banker {' '.join(banker)}. Call the result.",
                         called, sorted(bank), f"The dealer announces: \"{step.say}\"", [step.citation],
                         called[0].text.lower().replace(" ", "-"), step, player_cards=player, banker_cards=banker,
                         either_order=[[0, 1]])  # 631a.12(a): the final counts "indicating which hand has won"

    def winners(self) -> list[int]:
        return sorted({int(c.target[4:]) for c in self.rnd.chips if c.source == HOUSE and "paid" in c.why and
                       "House Money" not in c.why}, reverse=True)

    def collect_first(self, step: Step) -> Draft | None:
        winners = self.winners()
        if not winners:
            return None
        answer = "Collect every losing wager"
        choices = (answer, f"Pay seat {winners[0]} first", f"Pay seat {winners[-1]} first")
        return draft("The result is announced. What comes first?", AnswerKind.CHOICE, answer,
                     "Every losing wager is collected first; then the winners are paid from the highest-numbered "
                     "position down.", [step.citation, "spec B8"], "losers-first", choices=tuple(dict.fromkeys(choices)),
                     data=self.base(step))

    def pay(self, step: Step) -> Iterator[tuple[str, Draft]]:
        chip = self.chip()
        seat = int(chip.target[4:])
        left = [s for s in self.winners() if s not in self.paid_seats]
        if seat not in self.paid_seats and len(left) > 1:
            yield "bac-dealer-order", draft(
                "Which winning position do you pay next?", AnswerKind.CHOICE, f"Seat {seat}",
                "Winners are paid from the highest-numbered position down, each followed by its vigorish.",
                [self.p.cite("collect_pay"), "spec B8"], "highest-first", choices=tuple(f"Seat {s}" for s in left),
                data=self.base(step))
        self.paid_seats.add(seat)
        odds = int(re.search(r"paid (\d+) to 1", chip.why).group(1))
        wager = wager_named_in(chip.why)
        yield "bac-dealer-pay", draft(
            f"Seat {seat}'s winning {WAGER_TITLES[wager]} of {format_cents(chip.cents // odds)}{self.posted(wager)}: "
            "how much do you pay?", AnswerKind.MONEY, chip.cents, f"It is paid {odds} to 1.", [chip.citation], wager,
            data=self.base(step) | {"chips": list(self.p.chips)})  # paid in chips too (dealer_round.in_chips)

    def posted(self, wager: str) -> str:
        """What the layout shows for a wager whose odds are the table's choice (631a.13(b),(e)): the Tie's
        odds, the Dragon Bonus paytable with the final hands it is paid on; a printed question has no layout."""
        if wager == "tie":
            return f" (the layout posts the Tie at {self.p.tie_pays} to 1)"
        if wager.startswith("dragon-bonus"):
            hands = ", ".join(f"{_WORDS[h]} {' '.join(self.hand(h))}" for h in ("player", "banker"))
            return f" (final hands {hands}; the layout posts Dragon Bonus paytable {self.p.dragon_bonus})"
        return ""

    def vigorish(self, step: Step) -> Draft:
        seat = int(re.search(r"Seat (\d+)", step.say).group(1))
        won = next(c.cents for c in reversed(self.rnd.chips[:self.chips_before()]) if c.target == f"seat{seat}"
                   and c.why.startswith(f"winning {WAGER_TITLES['banker']}"))
        rounding = "rounded up to the next 25¢" if self.p.vig_rounding != "exact" else "exact"
        if step.action == "vigorish":
            chip = self.chip()
            return draft(f"Seat {seat} won {format_cents(won)} on the Banker's Hand. How much vigorish do you "
                         f"collect ({rounding})?", AnswerKind.MONEY, chip.cents, "Five percent of the amount won.",
                         [*chip.citation.split(", "), self.p.cite("vigorish"), "spec B9"], self.p.vig_rounding,
                         data=self.base(step))
        owed = self.move().detail["owed"]
        before = owed + (won * 5 // -100)  # less the exact 5%, rounded up to the cent
        had = f" (the marker in box {seat} showed {format_cents(before)})" if before else ""
        return draft(f"Seat {seat} won {format_cents(won)} on the Banker's Hand; the vigorish is marked for later"
                     f"{had}. What does the marker button in box {seat} show now?", AnswerKind.MONEY, owed,
                     "Five percent of the amount won, added to what the seat already owes; it is collected before "
                     "a new shoe or when the player leaves.", [*step.citation.split(", "), self.p.cite("vigorish"), "spec B14"],
                     "marker",
                     data=self.base(step))

    def chips_before(self) -> int:
        """How many chip movements come before the current step's (what was paid just before it)."""
        index = self.index - self.played.offset
        return sum(len(m.chips) for m in self.rnd.moves if m.step < index)

    def pass_shoe(self, step: Step) -> Draft:
        answer = "The curator must pass the shoe"
        return draft("The Banker's Hand lost. What happens to the shoe?", AnswerKind.CHOICE, answer,
                     "The curator passes the dealing shoe whenever the Banker's Hand loses.", [step.citation],
                     "banker-lost", choices=(answer, "The curator may keep the shoe", "The dealer keeps the shoe"),
                     data=self.base(step))

    # -- irregularities (631a.15), as the engine plays them in the round
    def irregularity(self, step: Step) -> Draft | None:
        """The remedy question at the step where the dealer meets the irregularity (its words, which
        give the remedy, are narrated only after the answer)."""
        kind = self.rnd.irregularity
        if kind is None or step.action not in _IRREGULAR_STEPS:
            return None
        if step.action == "simulated-round" and kind is not Irregularity.EXPOSED_CARD:
            self.simulating = True  # 631a.15(c)(2)'s simulated round, after the remedy already asked
            return None
        pp, bp = self.counts()
        draws, because, cites = None, "", []
        if step.action == "remedy":  # an unauthorised Player's third card, now lying on the layout
            shown = "face up" if kind is Irregularity.THIRD_DISCLOSED else "face down, not disclosed"
            call = "No more cards" if is_natural(pp) or is_natural(bp) else "Player stands"
            what = (f"Player {pp}, Banker {bp}: after \"{call}\", the curator deals a third card to the "
                    f"Player's Hand, {shown}")
            rule = banker_rule(pp, bp, None)
            draws, because, cites = rule.draws, _banker_because(pp, bp, rule.draws) + " ", [rule.citation]
        else:
            what = _IRREGULAR_STEPS[step.action]
            if step.action == "simulated-round":
                what = f"The {card_of(self.rnd_card(step)).name} is exposed as it is dealt, the round's first card"
            self.simulating = step.action == "simulated-round"
        fix = remedy(kind, self.p, banker_draws=draws)
        return draft(f"{what}. What do you do?", AnswerKind.CHOICE, fix.text, because + fix.why,
                     [fix.citation, *cites, "spec B25"], kind.value, choices=choices_with(self.rng, fix.text, REMEDIES),
                     data=self.base(step) | {"irregularity": kind.value})

    def rnd_card(self, step: Step) -> int:
        """The card the move just before ``step`` dealt (the exposed card, 631a.15(d))."""
        index = self.index - self.played.offset
        return next(m for m in reversed(self.rnd.moves) if m.step < index and m.cards).cards[0].card


def _count_bank(rng: random.Random, phrases: tuple[Phrase, ...]) -> list[str]:
    """The buttons of a count call, hand by hand in the call's order: each count called and two near
    it (one or two off, drawn so that the right one is not always in the same place), by value.

    >>> _count_bank(random.Random(1), (Phrase("Player 0", (), "announce"), Phrase("Banker 5", (), "announce")))
    ['Player 0', 'Player 2', 'Player 8', 'Banker 5', 'Banker 6', 'Banker 7']
    """
    bank = []
    for phrase in phrases:
        hand, n = phrase.text.split()
        values = {int(n)} | {(int(n) + k) % 10 for k in rng.sample((1, 2, 8, 9), 2)}
        bank += [f"{hand} {v}" for v in sorted(values)]
    return bank


def _banker_because(pp: int, bp: int, draws: bool) -> str:
    """Why the Banker's Hand is required to draw or stay with the Player's Hand standing (631a.11(a),(c)(1)).

    >>> print(_banker_because(9, 3, False))
    Player has a Natural 9: no more cards to either hand, so the Banker's Hand is required to stay.
    """
    if is_natural(pp) or is_natural(bp):
        return f"{natural_words(pp, bp)}: no more cards to either hand, so the Banker's Hand is required to stay."
    verdict = "required to draw" if draws else "required to stay"
    return (f"The Player's Hand stands on {pp}, and then the Banker's Hand draws on 0 to 5 and stands on 6 or 7: "
            f"on {bp} it is {verdict}.")


#: The steps at which the dealer meets an irregularity, and what he sees there (the unauthorised third
#: card's ``remedy`` step is described with the counts).
_IRREGULAR_STEPS = {
    "remedy": "",
    "card-in-error": "At the end of the last hand the curator drew a card from the shoe in error; nobody saw it",
    "simulated-round": "",
    "void": "The shoe runs out of cards before the round is complete",
}


def round_tasks(spec: RoundSpec, played: Played | None = None) -> tuple[RoundTask, ...]:
    """The dealer's actions in the round of ``spec`` (``played``: that round, if already played), in
    order, as questions; ``data["round"]`` and ``data["task"]`` replay each."""
    played = played or play_spec(spec)
    built = _TaskBuilder(played, spec).build()
    return numbered_tasks(built, lambda skill, made: task_question(skill, made, spec.seed, played.profile.name,
                                                                   casino=spec.casino))


def playable(spec: RoundSpec, tries: int = 200) -> RoundSpec:
    """``spec``, or with the next seed whose round has a moment for its irregularity."""
    return first_playable(spec, round_tasks, tries)



# --- each action as a drill of its own -------------------------------------------------------------


#: Actions a table has only with some options: the vigorish (not at an EZ table, 631a.1) and House Money
#: (when offered, 631a.8(a)(7)).
_APPLIES: dict[str, Callable[[BaccaratProfile], bool]] = {
    "bac-dealer-vig": lambda p: not p.ez, "bac-dealer-house-money": lambda p: p.house_money,
}


def _two_cards(rng: random.Random, count: int) -> tuple[int, int]:
    """Two card values whose Point Count is ``count`` (631a.6(b))."""
    first = rng.randrange(10)
    return first, (count - first) % 10


def _player_draw_situation(rng: random.Random) -> tuple[str, tuple[int, ...]]:
    """A Player's count to call (``P0``..``P7``, the Banker's no Natural; 631a.11(b)) or a Natural on either
    hand, and the values of the first four cards dealt (Player, Banker, Player, Banker) that make it."""
    item = rng.choice(("natural", *(f"P{n}" for n in range(8))))
    if item == "natural":
        natural, other = rng.choice((8, 9)), rng.randrange(10)
        pp, bp = (natural, other) if rng.random() < 0.5 else (other, natural)
    else:
        pp, bp = int(item[1:]), rng.randrange(8)
    (p1, p2), (b1, b2) = _two_cards(rng, pp), _two_cards(rng, bp)
    return item, (p1, b1, p2, b2)


def _banker_draw_situation(rng: random.Random) -> tuple[str, tuple[int, ...]]:
    """A cell of Table 1 (631a.11(c)): the Banker's count 0-7 and the Player's third card, or the Player
    stood (``B3-8``, ``B6-stood``), and the values of the cards dealt that make it."""
    bp, third = rng.randrange(8), rng.choice((None, *range(10)))
    pp = rng.choice((6, 7)) if third is None else rng.randrange(6)
    (p1, p2), (b1, b2) = _two_cards(rng, pp), _two_cards(rng, bp)
    return f"B{bp}-{'stood' if third is None else third}", (p1, b1, p2, b2) + ((third,) if third is not None else ())


#: Actions whose cases are too rare in dealt rounds to wait for: the case is drawn first (so a
#: question's item is known from its seed, :func:`_preview`) and the round is dealt to show it.
_SITUATIONS: dict[str, Callable[[random.Random], tuple[str, tuple[int, ...]]]] = {
    "bac-dealer-player-draw": _player_draw_situation, "bac-dealer-banker-draw": _banker_draw_situation,
}


def _random_spec(rng: random.Random, setup: Any, skill: str) -> RoundSpec:
    """A round at the set-up's table: a casino's is dealt as its file says (its vigorish collected as it
    collects it, 631a.13(d)); the profile's own drills both ways of collecting."""
    p = setup.profile
    table = {"profile": p.name, "casino": p.casino_sha256 or ""}
    if skill in _SITUATIONS:
        _, stack = _SITUATIONS[skill](rng)
        return RoundSpec(seed=rng.getrandbits(32), moment="in-play", stack=stack, **table)
    moment = {"bac-dealer-cut": "new-shoe", "bac-dealer-burn": "new-shoe", "bac-dealer-last-hand": "last-hand"}.get(
        skill, rng.choice(MOMENTS[:2]))
    irregular = rng.choice(IRREGULARITIES) if skill == "bac-dealer-irregularity" else None
    both_ways = skill == "bac-dealer-vig" and not p.casino_sha256
    return RoundSpec(seed=rng.getrandbits(32), moment=moment, irregularity=irregular,
                     vig_collection=rng.choice(("at-payout", "deferred")) if both_ways else None, **table)


def _preview(skill: str) -> Callable[[random.Random, Any], str] | None:
    """The item a question of ``skill`` drawn from ``rng`` trains, read from its situation alone."""
    situation = _SITUATIONS.get(skill)
    return None if situation is None else lambda rng, setup: situation(rng)[0]


for _id, (_title, _what, _ms) in DEALER_SKILLS.items():
    drill(_id, _title, GROUP, _what, target_ms=_ms, applies=_APPLIES.get(_id, lambda p: True),
          preview=_preview(_id))(action_drill(_id, _random_spec))
