"""One round of Baccarat, or a whole shoe, as cited steps, table moves and chip movements.

A round (631a.8-631a.14) runs: "no more bets" (631a.8(c)); "cards" (631a.9(b)); the curator deals
four cards face down, Player, Banker, Player, Banker (631a.9(c)); the dealer turns them face up
(631a.9(c)) or, at a squeeze table, hands each hand to the highest wager on it (631a.9(d)); the
Point Counts announced (631a.10(a)); House Money Wagers settled before any third card (631a.9(e));
the dealer instructs the curator (631a.10(b)) and third cards are dealt face up by 631a.11; the
result announced (631a.12(a)); losing wagers collected, then winners paid from the highest-numbered
position down, each followed by its vigorish, collected or marked (631a.12(b), 631a.13); the cards
cleared to the discard bucket (631a.12(c)); the shoe kept or passed (631a.14). The cover card
coming out is put aside and brings "last hand" (631a.10(d)); a shoe short of cards voids the round
(631a.15(e)).

Money is integer cents (spec S1) and conserved: every :class:`Round`'s ``balances`` sum to zero.
All chance comes from the one ``random.Random`` passed in (spec R1), so a seed replays the round.

>>> import random
>>> r = play_one(7)
>>> sum(r.balances.values()), r.steps[0].say, len(r.player) >= 2
(0, 'No more bets.', True)
>>> s = play_shoe(random.Random(1), "pa-631a", players=3)
>>> s.rounds[-1].last_hand, sum(s.balances.values())
(True, 0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from trainer.rules.baccarat.cards import card_of, points
from trainer.rules.baccarat.curator import must_pass, shoe_offer_order, squeezer
from trainer.rules.baccarat.draw import BANKER_DRAWS, is_natural
from trainer.rules.baccarat.irregularities import DISCARD_TWO, SIMULATED, Irregularity, remedy
from trainer.rules.baccarat.profiles import BaccaratProfile, profile_named
from trainer.rules.baccarat.shoe import Shoe, ShoePrep, prepare_shoe
from trainer.rules.baccarat.table import LAST_COVER, CardStep, Move, MoveKind, Place, Step, Zone
from trainer.rules.baccarat.wagers import WAGER_TITLES, WAGERS, Coup, Outcome, Result, house_money
from trainer.rules.money import format_cents, quarter_up
from trainer.rules.record import HOUSE, ChipMove, balances
from trainer.rules.rng import rng_for

__all__ = ["Bettor", "TableState", "Round", "ShoeRun", "seat_bettors", "Opening", "open_table", "play_round",
           "play_shoe", "play_one", "collect_markers"]

#: The order a seat's wagers are collected and paid in (the layout's order, spec B8).
WAGER_ORDER = ("banker", "player", "tie", "dragon-bonus-player", "dragon-bonus-banker", "dragon-7", "panda-8")
MAIN = ("banker", "player")
#: Simulated players: how often one takes the shoe, keeps it after a round, or makes a side wager.
ACCEPT_SHOE, KEEP_SHOE, SIDE_RATE = 0.6, 0.9, 0.2
HANDS = ("player", "banker")
#: The first four cards: Player, Banker, Player, Banker (631a.9(c)).
DEAL_ORDER = ("player", "banker", "player", "banker")
_WORDS = {"player": "Player", "banker": "Banker"}
_ZONE = {"player": Zone.PLAYER, "banker": Zone.BANKER}
_FROM_SHOE = Place(Zone.SHOE)


def natural_words(player: int, banker: int) -> str:
    """What the dealer says when a hand is a Natural (631a.11(a)): each natural hand with its count.

    >>> natural_words(8, 9), natural_words(9, 3), natural_words(2, 8)
    ('Player has a Natural 8, Banker a Natural 9', 'Player has a Natural 9', 'Banker has a Natural 8')
    """
    naturals = [(side, points) for side, points in (("Player", player), ("Banker", banker)) if is_natural(points)]
    first, *rest = naturals
    words = f"{first[0]} has a Natural {first[1]}"
    return words + "".join(f", {side} a Natural {points}" for side, points in rest)


@dataclass(frozen=True, slots=True)
class Bettor:
    """A seated player and his wagers in cents by name (``wagers.WAGERS``). ``add_house_money``:
    he adds a winning House Money payout to his wager on the Player's or Banker's Hand (631a.9(e)(1)(i))."""

    seat: int
    wagers: Mapping[str, int]
    add_house_money: bool = False

    @property
    def name(self) -> str:
        return f"seat{self.seat}"


def seat_bettors(rng: random.Random, profile: BaccaratProfile | str = "pa-631a", count: int | None = None,
                 seats: Sequence[int] = ()) -> tuple[Bettor, ...]:
    """``count`` players (1-7; random if None) at random seats (or at ``seats``), each with a wager
    on the Banker's or the Player's Hand in $5 steps from $10 to $500, sometimes side wagers the
    table offers."""
    p = profile_named(profile)
    count = len(seats) or (rng.randint(1, 7) if count is None else count)
    if not 1 <= count <= p.seats:
        raise ValueError(f"1 to {p.seats} players can sit at the table, not {count}")
    sides = [w for w in ("tie", "dragon-bonus-player", "dragon-bonus-banker", "dragon-7", "panda-8", "house-money")
             if p.offers(w)]
    bettors = []
    for seat in seats or sorted(rng.sample(range(1, p.seats + 1), count)):
        wagers = {rng.choice(MAIN): 500 * rng.randint(2, 100)}
        wagers |= {w: 500 * rng.randint(1, 10) for w in sides if rng.random() < SIDE_RATE}
        bettors.append(Bettor(seat, MappingProxyType(wagers), rng.random() < 0.5))
    return tuple(bettors)


@dataclass(frozen=True)
class TableState:
    """What carries from round to round: the shoe, the curator (None: the dealer), the vigorish owed
    on markers by seat in exact cents (631a.13(d)(2)), whether "last hand" was announced."""

    shoe: Shoe
    curator: int | None
    markers: Mapping[int, int] = field(default_factory=dict)
    last_hand: bool = False
    done: bool = False


@dataclass(frozen=True)
class Round:
    """A whole round: the hands (card ids), the wagers, the steps, moves and chips in order."""

    profile: str
    bettors: tuple[Bettor, ...]
    player: tuple[int, ...]
    banker: tuple[int, ...]
    steps: tuple[Step, ...]
    moves: tuple[Move, ...]
    chips: tuple[ChipMove, ...]
    curator: int | None
    next_curator: int | None
    markers: Mapping[int, int]
    cover_card: bool = False
    last_hand: bool = False
    void: bool = False
    seed: int | None = None
    #: The irregularity played in this round and remedied by 631a.15, if any.
    irregularity: Irregularity | None = None

    @property
    def coup(self) -> Coup:
        return Coup(tuple(card_of(c) for c in self.player), tuple(card_of(c) for c in self.banker))

    @property
    def balances(self) -> dict[str, int]:
        """Each seated player's and the table inventory's net change; the values sum to zero."""
        return {b.name: 0 for b in self.bettors} | {HOUSE: 0} | balances(self.chips)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of ``paigow-trainer baccarat round --json``."""
        coup = self.coup
        return {
            "seed": self.seed, "profile": self.profile,
            "player": [str(c) for c in coup.player], "banker": [str(c) for c in coup.banker],
            "player_points": coup.player_points, "banker_points": coup.banker_points,
            "result": "void" if self.void else coup.winner, "void": self.void,
            "wagers": {b.name: dict(b.wagers) for b in self.bettors},
            "curator": _seat_name(self.curator), "next_curator": _seat_name(self.next_curator),
            "cover_card": self.cover_card, "last_hand": self.last_hand,
            "irregularity": self.irregularity.value if self.irregularity else None,
            "steps": [s.to_dict() for s in self.steps],
            "chips": [m.to_dict() for m in self.chips],
            "markers": {f"seat{s}": c for s, c in self.markers.items()},
            "balances": self.balances,
        }


def _seat_name(seat: int | None) -> str:
    return "dealer" if seat is None else f"seat{seat}"


class _Void(Exception):
    """The shoe ran out of cards in the middle of a round (631a.15(e))."""


class _Discard(list):
    """A list that keeps nothing: the moves of a round played without its record."""

    def append(self, item: Any) -> None:
        pass


class _Builder:
    """Accumulates one round's steps, moves and chips while it is dealt. With ``record`` False only
    the chips and the cards are kept (the fast path of a simulation): no steps, no moves."""

    def __init__(self, rng: random.Random, p: BaccaratProfile, table: TableState, bettors: Sequence[Bettor],
                 record: bool = True, irregularity: Irregularity | None = None) -> None:
        self.rng, self.p, self.table, self.bettors, self.record = rng, p, table, bettors, record
        self.shoe = table.shoe
        self.next, self.cover_out = table.shoe.next, table.shoe.cover_out
        self.curator = _seat_name(table.curator)
        self.steps: list[Step] = [] if record else _Discard()
        self.moves: list[Move] = [] if record else _Discard()
        self.chips: list[ChipMove] = []
        self.hands: dict[str, list[int]] = {"player": [], "banker": []}
        self.wagers = {b.seat: dict(b.wagers) for b in bettors}
        self.markers = dict(table.markers)
        self.cover = False
        self.discarded = 0
        self.irregularity = irregularity
        self.injected = False
        self.simulate_after = False
        self.cites = p.citations
        #: The seat handed each hand at the squeeze (None: the dealer turned it), and whether equal
        #: highest wagers decided it (631a.9(d)(2),(3),(6)).
        self.handed: dict[str, int | None] = {}
        self.tied: dict[str, bool] = {}

    def step(self, actor: str, action: str, rule: str | tuple[str, ...], say: str = "") -> int:
        """Record a step citing ``rule``'s section (several rules: their sections, joined)."""
        if not self.record:
            return -1
        cite = self.cites[rule] if isinstance(rule, str) else ", ".join(self.cites[r] for r in rule)
        self.steps.append(Step(actor, action, cite, say))
        return len(self.steps) - 1

    def say(self, action: str, rule: str, say: str) -> None:
        self.moves.append(Move(MoveKind.SAY, self.step("dealer", action, rule, say)))

    def chip(self, source: str, target: str, cents: int, why: str, citation: str) -> int:
        self.chips.append(ChipMove(source, target, cents, why, citation))
        return len(self.chips) - 1

    # --- cards -----------------------------------------------------------------------------------

    def draw(self, hand: str, face_up: bool, say: str, rule: str) -> int:
        """The curator deals the next card to ``hand``; the cover card is put aside first if it comes."""
        shoe = self.shoe
        if not self.cover_out and self.next == shoe.last_cover:
            s = self.step(self.curator, "cover-card", "cover_card",
                          "The cover card: it goes to the side and this hand is completed.")
            self.moves.append(Move(MoveKind.ASIDE, s, (CardStep(LAST_COVER, _FROM_SHOE, Place(Zone.ASIDE, 0, True)),)))
            self.cover_out = self.cover = True
        if self.next == len(shoe.cards):
            raise _Void
        card = shoe.cards[self.next]
        self.next += 1
        slot = len(self.hands[hand])
        self.hands[hand].append(card)
        if not self.record:
            return card
        s = self.step(self.curator, f"deal-{hand}", rule, say)
        self.moves.append(Move(MoveKind.DEAL, s, (CardStep(card, _FROM_SHOE, Place(_ZONE[hand], slot, face_up)),)))
        return card

    def final_shoe(self, discards: int) -> Shoe:
        return replace(self.shoe, next=self.next, cover_out=self.cover_out, discards=discards)

    def points(self, hand: str, upto: int = 3) -> int:
        return points(card_of(c) for c in self.hands[hand][:upto])

    def turn(self, hand: str, slots: range | None = None) -> None:
        """The dealer turns ``hand``'s cards face up in front of himself (631a.9(c))."""
        if not self.record:
            return
        cards = self.hands[hand]
        slots = slots or range(len(cards))
        s = self.step("dealer", f"turn-{hand}", "deal", f"The {_WORDS[hand]}'s Hand is turned face up.")
        self.moves.append(Move(MoveKind.TURN, s, tuple(
            CardStep(cards[i], Place(_ZONE[hand], i), Place(_ZONE[hand], i, True)) for i in slots)))

    def squeeze(self, hand: str, slots: range, source: Zone, rule: str) -> None:
        """Hand ``hand``'s cards face down to a player; they come back face up (631a.9(d)(2)-(6)); with
        no wager on it the dealer turns them (631a.9(d)(7)). The first two cards go to the highest wager
        on the hand, equal wagers to the lowest seat ((d)(6)); a third card to the player who was handed
        and returned the hand ((d)(4),(5)), even when a House Money payout added to a wager since
        (631a.9(e)(1)(i)) makes another wager the highest."""
        if slots.start == 0:
            on_hand = {s: w[hand] for s, w in self.wagers.items() if w.get(hand)}
            self.handed[hand] = squeezer(on_hand)
            self.tied[hand] = list(on_hand.values()).count(max(on_hand.values(), default=0)) > 1
        seat = self.handed[hand]
        cards = self.hands[hand]
        if seat is None:
            s = self.step("dealer", f"turn-{hand}", "squeeze_none",
                          f"Nobody wagered on the {_WORDS[hand]}'s Hand: the dealer turns it.")
            self.moves.append(Move(MoveKind.TURN, s, tuple(
                CardStep(cards[i], Place(source, i), Place(_ZONE[hand], i, True)) for i in slots)))
            return
        rules = (rule, "squeeze_tie") if self.tied[hand] else (rule,)
        held = [Place(Zone.SEAT, i, False, seat, hand) for i in slots]
        what = f"the {_WORDS[hand]}'s Hand" if slots.start == 0 else f"the {_WORDS[hand]}'s third card"
        s = self.step("dealer", f"hand-{hand}", rules, f"Seat {seat}, {what}.")
        self.moves.append(Move(MoveKind.HAND_TO, s, tuple(
            CardStep(cards[i], Place(source, i), h) for i, h in zip(slots, held)), detail={"seat": seat}))
        returned = "cards" if len(slots) > 1 else "card"
        s = self.step(f"seat{seat}", f"return-{hand}", rules, f"Seat {seat} returns the {returned} face up.")
        self.moves.append(Move(MoveKind.RETURN, s, tuple(
            CardStep(cards[i], h, Place(_ZONE[hand], i, True)) for i, h in zip(slots, held)), detail={"seat": seat}))

    # --- the round ---------------------------------------------------------------------------------

    def play(self) -> tuple[bool, bool]:
        """Deal and settle; returns (void, banker lost)."""
        self.say("no-more-bets", "no_more_bets", "No more bets.")
        self.say("cards", "cards_call", "Cards.")
        try:
            if self.irregularity is Irregularity.EXPOSED_CARD:
                self.simulated_round("exposed_card", "A card is exposed as it is dealt")
            if self.irregularity is Irregularity.ERROR_CARD:
                self.say("card-in-error", "error_card",
                         "A card drawn in error and not disclosed is the first card of this hand.")
                self.injected = True
            for i, hand in enumerate(DEAL_ORDER):
                self.draw(hand, False, f"Card {i + 1} to the {_WORDS[hand]}'s Hand.", "deal")
            self.expose_initial()
            self.settle_house_money()
            self.third_cards()
        except _Void:
            self.void()
            return True, False
        coup = Coup(tuple(map(card_of, self.hands["player"])), tuple(map(card_of, self.hands["banker"])))
        self.announce(coup)
        self.settle(coup)
        if self.simulate_after:
            self.simulated_round("third_disclosed_simulated", "The disclosed card comes out of the shoe")
        return False, must_pass(coup.winner)

    def simulated_round(self, rule: str, what: str) -> None:
        """631a.15(c)(2), (d): the card starts a simulated round, dealt by the rules with no wagers
        accepted, its cards then discarded; the real round is dealt after it."""
        self.injected = True
        real, self.hands = self.hands, {"player": [], "banker": []}
        # The card lies face up on the layout before the dealer rules on it (dealt as any first card:
        # its section would give the ruling away).
        card = self.draw("player", True, f"{what}, face up.", "deal")
        self.say("simulated-round", rule, f"The {card_of(card).name} is the first card of a simulated round; "
                                          "no wagers.")
        for i, hand in enumerate(DEAL_ORDER[1:], 2):
            self.draw(hand, False, f"Simulated round: card {i} to the {_WORDS[hand]}'s Hand.", rule)
        self.turn("player")
        self.turn("banker")
        self.third_cards(simulated=True)
        self.clear()
        self.hands = real

    def expose_initial(self) -> None:
        if self.p.squeeze:
            cards = self.hands["banker"]
            s = self.step(self.curator, "banker-under-shoe", "squeeze_banker_aside",
                          "The Banker's Hand goes under the right corner of the shoe.")
            self.moves.append(Move(MoveKind.DEAL, s, tuple(
                CardStep(c, Place(Zone.BANKER, i), Place(Zone.UNDER_SHOE, i)) for i, c in enumerate(cards))))
            self.squeeze("player", range(2), Zone.PLAYER, "squeeze_player")
            self.say("announce-player", "squeeze_player", f"Player {self.points('player')}.")
            self.squeeze("banker", range(2), Zone.UNDER_SHOE, "squeeze_banker")
            self.say("announce-banker", "squeeze_banker", f"Banker {self.points('banker')}.")
            return
        self.turn("player")
        self.turn("banker")
        self.say("announce", "announce", f"Player {self.points('player')}, Banker {self.points('banker')}.")

    def settle_house_money(self) -> None:
        """From the dealer's right counterclockwise, seat 1 upward (631a.9(e)(1), spec B17)."""
        first4 = Coup(tuple(map(card_of, self.hands["player"])), tuple(map(card_of, self.hands["banker"])))
        res = house_money(first4)
        for bettor in self.bettors:
            cents = self.wagers[bettor.seat].pop("house-money", 0)
            if not cents:
                continue
            seat = bettor.name
            if res.outcome is Outcome.LOSE:
                i = self.chip(seat, HOUSE, cents, "losing House Money Wager collected", self.p.cite("house_money_settle"))
            else:
                main = next((w for w in MAIN if w in self.wagers[bettor.seat]), None)
                won = cents * res.odds
                if bettor.add_house_money and main:
                    self.wagers[bettor.seat][main] += won
                    why = f"House Money Wager paid {res.odds} to 1, added to the {WAGER_TITLES[main]}"
                    rule = "house_money_add"
                else:
                    why, rule = f"House Money Wager paid {res.odds} to 1", "house_money_settle"
                i = self.chip(HOUSE, seat, won, why, f"{self.p.cite(rule)}, {self.p.cite('house_money_pays')}")
            verb = "collected" if res.outcome is Outcome.LOSE else "paid"
            s = self.step("dealer", "house-money", "house_money_settle", f"Seat {bettor.seat}'s House Money Wager {verb}.")
            self.moves.append(Move(MoveKind.CHIPS, s, chips=(i,)))

    def third_cards(self, simulated: bool = False) -> None:
        """631a.10(b), 631a.11: the dealer instructs, the curator deals face up (P first, then B)."""
        pp, bp = self.points("player"), self.points("banker")
        natural = is_natural(pp) or is_natural(bp)
        if natural:
            self.say("instruct", "natural", f"{natural_words(pp, bp)}: no more cards.")
        p_draws = pp < 6 and not natural
        if not p_draws and not natural:
            self.say("instruct-player", "player_rule", "Player stands.")
        if not p_draws and not simulated and self.irregularity in (Irregularity.THIRD_UNDISCLOSED,
                                                                  Irregularity.THIRD_DISCLOSED):
            if self.unauthorised_third(not natural and BANKER_DRAWS[bp][10]):
                return
        if natural:
            return
        third = None
        if p_draws:
            self.say("instruct-player", "player_rule", "Card for the Player.")
            third = card_of(self.draw_third("player", simulated)).value
        if BANKER_DRAWS[bp][10 if third is None else third]:
            self.say("instruct-banker", "banker_rule", "Card for the Banker.")
            self.draw_third("banker", simulated)
        else:
            self.say("instruct-banker", "banker_rule", "Banker stands.")

    def unauthorised_third(self, banker_draws: bool) -> bool:
        """631a.15(b),(c): a third card dealt to the Player's Hand when not authorised. Returns True
        when it became the Banker's third card (the Banker's draw is done)."""
        self.injected = True
        kind = self.irregularity
        disclosed = kind is Irregularity.THIRD_DISCLOSED
        card = self.draw("player", disclosed, "A third card is dealt to the Player's Hand in error"
                         + (", face up." if disclosed else ", not disclosed."), "third_disclosed" if disclosed
                         else "third_undisclosed")
        self.hands["player"].pop()
        fix = remedy(kind, self.p, banker_draws)
        s = self.step("dealer", "remedy", fix.rule, fix.text)
        if banker_draws:
            self.hands["banker"].append(card)
            self.moves.append(Move(MoveKind.DEAL, s, (CardStep(card, Place(Zone.PLAYER, 2, disclosed),
                                                               Place(Zone.BANKER, 2, True)),)))
            return True
        if fix.text == DISCARD_TWO:
            extra = self.draw_to_discard()
            self.moves.append(Move(MoveKind.BURN, s, (
                CardStep(card, Place(Zone.PLAYER, 2, True), Place(Zone.DISCARD, self.shoe.discards + self.discarded, True)),
                CardStep(extra, _FROM_SHOE, Place(Zone.DISCARD, self.shoe.discards + self.discarded + 1)))))
            self.discarded += 2
            return False
        # The first card of the next hand (15(b)) or of a simulated round after this one (15(c)(2)):
        # it goes back to the front of the shoe.
        self.next -= 1
        self.moves.append(Move(MoveKind.DEAL, s, (CardStep(card, Place(Zone.PLAYER, 2, disclosed),
                                                           Place(Zone.SHOE, 0, disclosed)),)))
        self.simulate_after = fix.text == SIMULATED
        return False

    def draw_to_discard(self) -> int:
        """One more card from the shoe, face down, for the discard bucket (631a.15(c)(1))."""
        if self.next == len(self.shoe.cards):
            raise _Void
        extra = self.shoe.cards[self.next]
        self.next += 1
        return extra

    def draw_third(self, hand: str, simulated: bool = False) -> int:
        """A third card, face up (631a.9(c)), or at the squeeze to the player handed the hand
        (631a.9(d)(4),(5)); a simulated round, with no wagers, is dealt face up."""
        squeeze = self.p.squeeze and not simulated
        rule = f"squeeze_{hand}_third" if squeeze else "deal"
        card = self.draw(hand, not squeeze, f"Third card to the {_WORDS[hand]}'s Hand.", rule)
        if squeeze:
            self.squeeze(hand, range(2, 3), _ZONE[hand], rule)
        return card

    def announce(self, coup: Coup) -> None:
        """631a.12(a): the final counts and the winning hand, "tie hand", or EZ's Dragon 7 / Panda 8."""
        p, b = coup.player_points, coup.banker_points
        if self.p.ez and coup.dragon_7:
            text = f"Dragon 7: Banker 7 over Player {p}."
        elif self.p.ez and coup.panda_8:
            text = f"Panda 8: Player 8 over Banker {b}."
        elif p == b:
            text = f"Tie hand, {p} and {b}."
        else:
            text = f"Player wins, {p} over {b}." if p > b else f"Banker wins, {b} over {p}."
        self.say("result", "result", text)

    def settle(self, coup: Coup) -> None:
        """Losers first, then winners from the highest-numbered position down, each with its vigorish
        collected or marked (631a.12(b), 631a.13)."""
        placed = {w for wagers in self.wagers.values() for w in wagers}
        results = {w: WAGERS[w](coup, self.p) for w in WAGER_ORDER if w in placed}
        by_seat = sorted(self.bettors, key=lambda b: -b.seat)
        losers = [self.collect(b, w, results[w]) for b in by_seat for w in WAGER_ORDER
                  if w in self.wagers[b.seat] and results[w].outcome is Outcome.LOSE]
        if losers:
            s = self.step("dealer", "collect", "collect_pay", "Losing wagers are collected.")
            self.moves.append(Move(MoveKind.CHIPS, s, chips=tuple(losers)))
        for b in by_seat:
            for w in WAGER_ORDER:
                if w in self.wagers[b.seat] and results[w].outcome is Outcome.WIN:
                    self.pay(b, w, results[w])
        self.clear()

    def collect(self, b: Bettor, wager: str, res: Result) -> int:
        return self.chip(b.name, HOUSE, self.wagers[b.seat][wager], f"losing {WAGER_TITLES[wager]} collected",
                         f"{self.p.cite('collect_pay')}, {res.citation}")

    def pay(self, b: Bettor, wager: str, res: Result) -> None:
        cents = self.wagers[b.seat][wager]
        won = cents * res.odds
        i = self.chip(HOUSE, b.name, won, f"winning {WAGER_TITLES[wager]} paid {res.odds} to 1",
                      f"{self.p.cite('collect_pay')}, {res.citation}")
        s = self.step("dealer", "pay", "collect_pay", f"Seat {b.seat} is paid {format_cents(won)}.")
        self.moves.append(Move(MoveKind.CHIPS, s, chips=(i,)))
        if wager != "banker" or self.p.ez:
            return
        exact = -(-won * 5 // 100)
        if self.p.vig_collection == "at-payout":
            vig = exact if self.p.vig_rounding == "exact" else min(quarter_up(exact), won)
            i = self.chip(b.name, HOUSE, vig, "5% vigorish on the amount won",
                          f"{self.p.cite('vigorish')}, {self.p.cite('vig_at_payout')}")
            s = self.step("dealer", "vigorish", ("vigorish", "vig_at_payout"),
                          f"Seat {b.seat}, {format_cents(vig)} commission.")
            self.moves.append(Move(MoveKind.CHIPS, s, chips=(i,)))
        else:
            self.markers[b.seat] = self.markers.get(b.seat, 0) + exact
            s = self.step("dealer", "mark-vigorish", ("vigorish", "vig_marker"),
                          f"Seat {b.seat} owes {format_cents(self.markers[b.seat])} commission.")
            self.moves.append(Move(MoveKind.MARK, s, detail={"seat": b.seat, "owed": self.markers[b.seat]}))

    def clear(self) -> None:
        """All cards of the round to the discard bucket (631a.12(c))."""
        cards = [(h, i, c) for h in HANDS for i, c in enumerate(self.hands[h])]
        first = self.shoe.discards + self.discarded
        self.discarded += len(cards)
        if not self.record:
            return
        s = self.step("dealer", "clear", "clear", "The cards go to the discard bucket.")
        self.moves.append(Move(MoveKind.CLEAR, s, tuple(
            CardStep(c, Place(_ZONE[h], i, True), Place(Zone.DISCARD, first + k, True))
            for k, (h, i, c) in enumerate(cards))))

    def void(self) -> None:
        """631a.15(e): the round is void and every wager returned, a settled House Money Wager too."""
        returned = [self.chip(m.target, m.source, m.cents, "void round: House Money settlement returned",
                              self.p.cite("too_few")) for m in list(self.chips)]
        s = self.step("dealer", "void", "too_few", "Not enough cards to complete the round: it is void, all wagers "
                      "are returned and the cards are replaced before a new round.")
        self.moves.append(Move(MoveKind.CHIPS, s, chips=tuple(returned)))
        if self.hands["player"]:
            self.clear()


def _offer_shoe(rng: random.Random, p: BaccaratProfile, seated: Sequence[int], previous: int | None,
                steps: list[Step], moves: list[Move], rule: str) -> int | None:
    """Offer the shoe in order (631a.7(b), 631a.14(b)); the first seat to accept, or the dealer (631a.7(d)(2))."""
    for seat in shoe_offer_order(seated, previous):
        accepted = rng.random() < ACCEPT_SHOE
        steps.append(Step("dealer", "offer-shoe", p.cite(rule),
                          f"Seat {seat}, would you like the shoe?" + ("" if accepted else " (declined)")))
        moves.append(Move(MoveKind.OFFER, len(steps) - 1, detail={"seat": seat, "accepted": accepted, "shoe": True}))
        if accepted:
            return seat
    steps.append(Step("dealer", "dealer-curator", p.cite("dealer_curator"), "Nobody took the shoe: the dealer deals."))
    moves.append(Move(MoveKind.PASS, len(steps) - 1, detail={"seat": 0}))
    return None


@dataclass(frozen=True)
class Opening:
    """A new shoe prepared and offered: the preparation, the offer's steps and moves (their ``step``
    indices count on from the preparation's), and the table ready for the first round."""

    prep: ShoePrep
    steps: tuple[Step, ...]
    moves: tuple[Move, ...]
    table: TableState


def open_table(rng: random.Random, profile: BaccaratProfile | str, seated: Sequence[int], *,
               last_curator: int | None = None) -> Opening:
    """A new shoe prepared (``shoe.prepare_shoe``) and offered from seat 1 (631a.7(b))."""
    p = profile_named(profile)
    prep = prepare_shoe(rng, p, seated, last_curator=last_curator)
    steps, moves = list(prep.steps), list(prep.moves)
    curator = _offer_shoe(rng, p, seated, None, steps, moves, "shoe_offer")
    return Opening(prep, tuple(steps), tuple(moves), TableState(prep.shoe, curator))


def play_round(rng: random.Random, table: TableState, bettors: Sequence[Bettor],
               profile: BaccaratProfile | str = "pa-631a", *, seed: int | None = None,
               record: bool = True, irregularity: Irregularity | str | None = None) -> tuple[Round, TableState]:
    """Play one round at ``table``; returns it and the table for the next round. ``record=False``
    keeps only the cards and the chips (no steps or moves): the same round, faster.

    ``irregularity`` happens in the round and is remedied by 631a.15 when the round allows it (an
    unauthorised Player's third card needs a Player's Hand that stands; ``Round.irregularity`` says
    whether it happened). ``too-few`` plays the round from a shoe holding only three more cards."""
    p = profile_named(profile)
    if table.done:
        raise ValueError("this shoe is finished: the cards are replaced with new decks (631a.10(d))")
    kind = Irregularity(irregularity) if irregularity else None
    if kind is Irregularity.TOO_FEW:
        table = replace(table, shoe=replace(table.shoe, cards=table.shoe.cards[:table.shoe.next + 3]))
    b = _Builder(rng, p, table, sorted(bettors, key=lambda x: x.seat), record, kind)
    void, banker_lost = b.play()
    # A void round ends there: no shoe passes; the cards are replaced (631a.15(e)).
    curator = table.curator if void else _next_curator(rng, p, b, table.curator, banker_lost)
    last_hand = table.last_hand
    if b.cover and not void:
        b.say("last-hand", "cover_card", "Last hand.")
    markers = MappingProxyType(b.markers)
    rnd = Round(p.name, tuple(bettors), tuple(b.hands["player"]), tuple(b.hands["banker"]), tuple(b.steps),
                tuple(b.moves), tuple(b.chips), table.curator, curator, markers, b.cover, last_hand, void, seed,
                kind if b.injected or void and kind else None)
    # After the last hand, or a void round, the cards are replaced (631a.10(d), 631a.15(e)).
    shoe = b.final_shoe(table.shoe.discards + b.discarded)
    after = TableState(shoe, curator, markers, last_hand or b.cover, done=last_hand or void)
    return rnd, after


def _next_curator(rng: random.Random, p: BaccaratProfile, b: _Builder, curator: int | None,
                  banker_lost: bool) -> int | None:
    """631a.14: the shoe passes when the Banker's Hand loses; otherwise the curator may keep it.
    The dealer as curator offers it again, from seat 1, when the Banker's Hand loses (spec B7)."""
    seated = [x.seat for x in b.bettors]
    if banker_lost:
        reason = "pass_shoe"
    elif curator is not None and rng.random() >= KEEP_SHOE:
        reason = "keep_shoe"
    else:
        return curator
    steps: list[Step] = []
    moves: list[Move] = []
    new = _offer_shoe(rng, p, seated, curator, steps, moves, "new_curator")
    why = ("The Banker's Hand lost: the shoe passes." if banker_lost else "The curator passes the shoe.")
    b.step("dealer", "pass-shoe", reason, why)
    b.moves.append(Move(MoveKind.PASS, len(b.steps) - 1, detail={"seat": curator or 0}))
    for s, m in zip(steps, moves):
        b.steps.append(s)
        b.moves.append(replace(m, step=len(b.steps) - 1))
    return new


def collect_markers(markers: Mapping[int, int], p: BaccaratProfile, when: str = "before the new shoe"
                    ) -> tuple[tuple[Step, ...], tuple[ChipMove, ...]]:
    """The vigorish owed on markers, collected before a new shoe or when the player leaves the table
    (631a.13(d)(2)(i); ``when`` words it), rounded up to 25¢ when the table rounds (631a.13(c), spec B13)."""
    steps, chips = [], []
    for seat in sorted(markers, reverse=True):
        owed = markers[seat] if p.vig_rounding == "exact" else quarter_up(markers[seat])
        chips.append(ChipMove(f"seat{seat}", HOUSE, owed, "vigorish owed on the marker collected", p.cite("vig_owed")))
        steps.append(Step("dealer", "collect-marker", p.cite("vig_owed"),
                          f"Seat {seat}, {format_cents(owed)} commission {when}."))
    return tuple(steps), tuple(chips)


@dataclass(frozen=True)
class ShoeRun:
    """A whole shoe: its preparation, the opening offer of the shoe, every round until "last hand"
    and one more, and the vigorish owed collected at the end."""

    seed: int | None
    profile: str
    opening: Opening
    rounds: tuple[Round, ...]
    final: TableState
    closing: tuple[Step, ...]
    closing_chips: tuple[ChipMove, ...]

    @property
    def balances(self) -> dict[str, int]:
        net: dict[str, int] = {}
        for chips in [r.chips for r in self.rounds] + [self.closing_chips]:
            for party, cents in balances(chips).items():
                net[party] = net.get(party, 0) + cents
        return net

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of ``paigow-trainer baccarat shoe --json``."""
        prep = self.opening.prep
        return {
            "seed": self.seed, "profile": self.profile, "decks": prep.shoe.decks,
            "cut": {"by": _seat_name(prep.cut_by), "at": prep.cut_at, "second_cover_depth": prep.cover_depth},
            "burn": [str(card_of(c)) for c in prep.burn],
            "curator": _seat_name(self.opening.table.curator),
            "preparation": [s.to_dict() for s in self.opening.steps],
            "rounds": [{"player": [str(card_of(c)) for c in r.player], "banker": [str(card_of(c)) for c in r.banker],
                        "result": "void" if r.void else r.coup.winner, "curator": _seat_name(r.curator),
                        "next_curator": _seat_name(r.next_curator), "cover_card": r.cover_card,
                        "last_hand": r.last_hand} for r in self.rounds],
            "closing": [s.to_dict() for s in self.closing],
            "closing_chips": [m.to_dict() for m in self.closing_chips],
            "cards_left": self.final.shoe.remaining,
            "balances": self.balances,
        }


def play_shoe(rng: random.Random, profile: BaccaratProfile | str = "pa-631a", *, players: int | None = None,
              bettors: Sequence[Bettor] | None = None, seed: int | None = None, record: bool = True) -> ShoeRun:
    """A whole shoe: the same players wager each round (new amounts each round); ``record`` as in
    ``play_round``."""
    p = profile_named(profile)
    seats = [b.seat for b in bettors] if bettors else [b.seat for b in seat_bettors(rng, p, players)]
    opening = open_table(rng, p, seats)
    table = opening.table
    rounds = []
    while not table.done:
        now = bettors or seat_bettors(rng, p, seats=seats)
        rnd, table = play_round(rng, table, now, p, record=record)
        rounds.append(rnd)
    closing, chips = collect_markers(table.markers, p)
    return ShoeRun(seed, p.name, opening, tuple(rounds), table, closing, chips)


def play_one(seed: int | None = None, profile: BaccaratProfile | str = "pa-631a", *, players: int | None = None,
             irregularity: Irregularity | str | None = None, **options: Any) -> Round:
    """The first round of a fresh shoe from ``seed`` (``baccarat round``); ``options`` change the
    profile's table options (``ez=True``, ``vig_collection="deferred"``, ...). With an
    ``irregularity`` the shoe is played on until a round in which it can happen; the rounds passed
    over are not shown, so the round starts clean: no vigorish marked in them (631a.13(d)(2)).

    >>> r = play_one(500002, players=3, vig_collection="deferred", irregularity="third-disclosed")
    >>> r.irregularity.value, dict(r.markers)
    ('third-disclosed', {})
    """
    rng, seed = rng_for(seed)
    p = profile_named(profile).with_options(**options)
    bettors = seat_bettors(rng, p, players)
    table = open_table(rng, p, [b.seat for b in bettors]).table
    while True:
        table = replace(table, markers={})
        rnd, table = play_round(rng, table, bettors, p, seed=seed, irregularity=irregularity)
        if rnd.irregularity or not irregularity or table.done:
            return rnd
