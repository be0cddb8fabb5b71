"""One round of Pai Gow, fully played, as the ordered steps a dealer performs and the chips that move.

A round (spec JS1; 621a.4-621a.11) runs: mix and stack (621a.4(d),(f)); wagers (621a.5);
in a player-bank round the offer, the checks of 621a.9(d), co-banking (e), the bank's optional cut
(g) and the dealer's wager against the bank (h); "no more bets", the shake, button or RNG
(621a.6(a), 621a.9(i)); dice wagers settled on the dice, never with the RNG (621a.6(b), JQ15); the
count to the starting position and the delivery in the called style (``delivery.plan_delivery``);
stacks of positions with no wager to the Dead Hand (621a.6(e), 621a.9(l), JQ23); the shaker covered
and shaken once (621a.6(f), 621a.9(m)); players set (621a.8(a)), the bank sets (JQ8) and the dealer
turns his tiles over and sets by the house way (621a.8(c),(d), 621a.9(n)); surrenders (621a.8(e),
JQ25); exposure from the seat farthest to the dealer's right, counterclockwise, win/push/lose,
collect and pay with vigorish (621a.8(f)-(i), 621a.9(o)-(r), ``settlement.settle_table``); Pair
Fortunes after each player's Pai Gow Wager (621a.8(j), 621a.9(s)); tiles collected in order
(621a.8(k),(l)). Irregularities (``irregularities.py``) are injected by name and remedied as steps.

Money is integer cents (spec S1) and conserved: every :class:`Round`'s ``balances`` sum to zero.
All chance comes from the one ``random.Random`` passed in (spec R1), so a seed replays the round.

>>> import random
>>> rng = random.Random(5)
>>> players = seat_players(rng, profile_named("pa-2019"), 3)
>>> r = play_round(rng, players)
>>> sum(r.balances.values()), len(r.positions), r.steps[0].action
(0, 8, 'mix')
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from trainer.rules.paigow.delivery import DEFAULT_STYLE, DeliveryPlan, Move, MoveKind, plan_delivery
from trainer.rules.paigow.dice import Attempt, Method, Roll, dice_colours, possible_faults, roll as roll_dice, subsection
from trainer.rules.errors import TrainerError
from trainer.rules.record import Step
from trainer.rules.paigow.hands import Hand, Outcome, Setting, rank_key, same_rank, settings, wager_result
from trainer.rules.paigow.house_way import HouseWay, house_way_named
from trainer.rules.paigow.irregularities import Irregularity, citation as irregularity_citation
from trainer.rules.money import format_cents
from trainer.rules.paigow.players import (DICE_WAGERS, PAI_GOW, SIDE_KEYS, Policy, SimPlayer, canonical, choose_setting,
                                   house_way_setting, seat_players)
from trainer.rules.paigow.positions import ORDER, Position
from trainer.rules.paigow.profiles import DEFAULT_PROFILE, Profile, profile_named
from trainer.rules.paigow.settlement import (CENTRE, HOUSE, SEATS, ChipMove, WagerLine, balances, party_name, settle_pai_gow,
                                      settle_table)
from trainer.rules.paigow.side_wagers import Paytable, SideResult, paytable, settle_dice_wager, settle_pair_fortunes
from trainer.rules.paigow.tiles import TILE_SET, Tile
from trainer.rules.paigow.woodpile import STACKS, Cut, End, Woodpile, mix_and_stack

__all__ = ["Step", "WagerResult", "PositionResult", "Round", "BankRotation", "play_round", "play_session",
           "offer_bank", "check_bank", "parse_bank", "seat_players", "Irregularity"]

BANK = "bank"
DEALER = "dealer"


@dataclass(frozen=True, slots=True)
class WagerResult:
    """The settlement of one wager: its outcome, the party's net change in cents and the vig paid."""

    outcome: Outcome
    net: int
    vig: int = 0


#: The result of a wager voided or never settled (shared: results are immutable).
_VOID = WagerResult(Outcome.VOID, 0)


@dataclass(frozen=True, slots=True)
class PositionResult:
    """One of the eight positions at the end of the round: tiles, setting (None if not played)."""

    position: Position
    tiles: tuple[Tile, ...]
    setting: Setting | None
    wagers: Mapping[str, int]
    results: Mapping[str, WagerResult]


@dataclass(frozen=True)
class Round:
    """A whole round: the deal, the eight positions, the steps in order and the chips moved in order."""

    profile: str
    bank: str
    co_bank: bool
    plan: DeliveryPlan
    players: tuple[SimPlayer, ...]
    positions: tuple[PositionResult, ...]
    steps: tuple[Step, ...]
    chips: tuple[ChipMove, ...]
    irregularity: Irregularity | None = None
    seed: int | None = None
    #: How the vigorish is rounded in this round (spec S2): "exact" or "quarter".
    rounding: str = "exact"

    @property
    def style(self) -> str:
        return self.plan.style

    @property
    def balances(self) -> dict[str, int]:
        """Each party's net change: seated players, ``bank`` (the banking seat; 0 when the dealer
        banks) and ``table_inventory``. The values sum to zero (chips are conserved)."""
        net = balances(self.chips)
        if net.pop(CENTRE, 0):
            raise AssertionError("chips left in the centre of the layout")
        parties = {p.seat: 0 for p in self.players if p.seat != self.bank} | {BANK: 0, HOUSE: 0}
        for party, cents in net.items():
            parties[BANK if party == self.bank else party] = cents
        return parties

    def position(self, position: Position | str) -> PositionResult:
        return next(p for p in self.positions if p.position == position)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of ``paigow-trainer round --json``."""
        roll = self.plan.roll
        return {
            "seed": self.seed, "profile": self.profile, "bank": self.bank, "co_bank": self.co_bank,
            "style": self.style, "irregularity": str(self.irregularity) if self.irregularity else None,
            "dice": list(roll.dice), "total": roll.total, "start": str(self.plan.start),
            "positions": [_position_dict(p) for p in self.positions],
            "steps": [{"actor": s.actor, "action": s.action, "citation": s.citation, "say": s.say}
                      for s in self.steps],
            "chips": [{"from": m.source, "to": m.target, "cents": m.cents, "why": m.why, "citation": m.citation}
                      for m in self.chips],
            "balances": self.balances,
        }


def _position_dict(p: PositionResult) -> dict[str, Any]:
    def hand(h: Any) -> list[str] | None:
        return [str(t) for t in h.tiles] if h else None

    return {"position": str(p.position), "tiles": [str(t) for t in p.tiles],
            "high": hand(p.setting.high if p.setting else None), "low": hand(p.setting.low if p.setting else None),
            "wagers": dict(p.wagers),
            "results": {k: {"outcome": r.outcome.value, "net": r.net, "vig": r.vig} for k, r in p.results.items()}}


# --- The bank: rotation, offer, eligibility (621a.9(b)-(d), JQ19, JQ22) ---------------------------


@dataclass(frozen=True, slots=True)
class BankRotation:
    """Who is offered the bank first, round after round (621a.9(b),(c); nj 10.8(c); JQ19, Decided).

    ``first`` is the seat number offered first (0: nj's turn of the dealer, a house-banked round with
    no offer); it moves one seated seat counterclockwise every round, accepted or not. Nobody banks
    in the first round of the game (621a.9(b)) nor two rounds in a row (621a.9(c)). ``eligible``
    holds the seats that wagered against the dealer in the last round with no player bank (621a.9(d)(1)).

    >>> r = BankRotation().advance(None, ("seat2", "seat4"), ("seat2", "seat4"))
    >>> r.offer_order(("seat2", "seat4")), r.advance("seat2", ("seat2", "seat4")).offer_order(("seat2", "seat4"))
    (('seat2', 'seat4'), ('seat4',))
    """

    first: int = 1
    last_bank: str | None = None
    started: bool = False
    returns_to_dealer: bool = False
    eligible: frozenset[str] = frozenset()

    @classmethod
    def for_profile(cls, profile: Profile) -> BankRotation:
        return cls(returns_to_dealer=profile.bank_rotation_returns_to_dealer)

    def _cycle(self, seated: Iterable[str]) -> list[str]:
        """Seated seats from ``first`` counterclockwise (empty seats skipped)."""
        taken = set(seated)
        start = self.first - 1
        return [SEATS[(start + k) % len(SEATS)] for k in range(len(SEATS)) if SEATS[(start + k) % len(SEATS)] in taken]

    def offer_order(self, seated: Iterable[str]) -> tuple[str, ...]:
        """The seats offered the bank this round, in order; empty at the start and on the dealer's turn."""
        if not self.started or self.first == 0:
            return ()
        return tuple(s for s in self._cycle(seated) if s != self.last_bank)

    def advance(self, bank: str | None, seated: Iterable[str], wagered: Iterable[str] = ()) -> BankRotation:
        """The rotation for the next round, after a round banked by ``bank`` (None: the dealer) in
        which ``wagered`` seats made a Pai Gow Wager."""
        seated = tuple(seated)
        eligible = frozenset(wagered) if bank is None else self.eligible
        if not self.started:
            return replace(self, started=True, last_bank=bank, eligible=eligible)
        cycle = self._cycle(seated)
        offered = SEATS.index(cycle[0]) + 1 if self.first and cycle else self.first
        following = 0 if offered == len(SEATS) and self.returns_to_dealer else offered % len(SEATS) + 1
        return replace(self, first=following, last_bank=bank, eligible=eligible)


def parse_bank(name: str, profile: Profile) -> str | None:
    """``dealer`` (None: a house-banked round) or a seat the profile lets bank (621a.9(a),(c))."""
    position = Position.parse(name)
    if position is Position.DEALER:
        return None
    if not position.is_seat:
        raise TrainerError(f"only a player at seat1..seat6 can bank, not '{name}' ({profile.cite('bank')})")
    if not profile.player_bank:
        raise TrainerError(f"profile {profile.name} has no player bank")
    return str(position)


def check_bank(profile: Profile, players: Sequence[SimPlayer], bank: str, co_bank: bool = False,
               eligible: Iterable[str] | None = None) -> None:
    """Raise a :class:`TrainerError` unless the player at ``bank`` may bank this round (621a.9(a),(d),(e)).

    (d)(1): he wagered against the dealer in the last round with no player bank (``eligible``, or his
    ``last_house_wager``); (d)(2): his bankroll covers the other players' Pai Gow Wagers (JQ22).
    """
    if parse_bank(bank, profile) is None:
        raise TrainerError(f"a player bank sits at a seat; the dealer banks when no player does ({profile.cite('bank')})")
    if co_bank and not profile.co_bank:
        raise TrainerError(f"profile {profile.name} does not offer co-banking ({profile.cite('co_bank')})")
    player = next((p for p in players if p.seat == bank), None)
    if player is None:
        raise TrainerError(f"nobody sits at {bank} to bank ({profile.cite('bank')})")
    wagered = player.last_house_wager > 0 if eligible is None else bank in set(eligible)
    if not wagered:
        raise TrainerError(f"{bank} did not wager against the dealer in the last round with no player bank "
                           f"({profile.cite('bank_eligible')}(1))")
    cover = sum(p.pai_gow for p in players if p.seat != bank)
    if player.bankroll < cover:
        raise TrainerError(f"{bank} has {format_cents(player.bankroll)}, not enough to cover the other players' "
                           f"Pai Gow Wagers of {format_cents(cover)} ({profile.cite('bank_eligible')}(2), JQ22)")


def offer_bank(rotation: BankRotation, players: Sequence[SimPlayer], rng: random.Random, profile: Profile,
               accept_rate: float = 0.35) -> tuple[str | None, tuple[Step, ...]]:
    """Offer the bank in rotation order until an eligible player accepts (621a.9(c),(d)); the steps said."""
    cite = profile.cite("bank")
    steps = []
    for seat in rotation.offer_order(p.seat for p in players):
        try:
            check_bank(profile, players, seat, eligible=rotation.eligible)
        except TrainerError as why:
            steps.append(Step(DEALER, "offer bank", profile.cite("bank_eligible"), f"{seat} may not bank: {why}"))
            continue
        if rng.random() < accept_rate:
            steps.append(_accept(seat, profile))
            return seat, tuple(steps)
        steps.append(Step(seat, "pass bank", cite, f"{seat} passes the bank to the next player"))
    return None, tuple(steps)


def _accept(seat: str, profile: Profile) -> Step:
    return Step(seat, "accept bank", profile.cite("bank"),
                f"{seat} accepts the bank; the dealer places the marker in front of him")


# --- The round -------------------------------------------------------------------------------------


def play_round(rng: random.Random, players: Sequence[SimPlayer], *, profile: Profile | str = DEFAULT_PROFILE,
               style: str = DEFAULT_STYLE, bank: str | None = None, co_bank: bool = False,
               method: Method = Method.MANUAL, rounding: str = "exact", house_way: HouseWay | None = None,
               irregularity: Irregularity | None = None, bank_steps: Sequence[Step] = (),
               eligible: Iterable[str] | None = None, seed: int | None = None) -> Round:
    """Play one whole round with ``players`` seated; ``bank`` is a seat banking it (None: the dealer).

    ``bank_steps`` are the offer's steps (:func:`offer_bank`); ``eligible`` the seats that may bank by
    621a.9(d)(1) (None: those with a ``last_house_wager``). Bad choices raise :class:`TrainerError`.
    """
    prof = profile if isinstance(profile, Profile) else profile_named(profile)
    if bank is not None:
        check_bank(prof, players, bank, co_bank, eligible)
    elif co_bank:
        raise TrainerError(f"co-banking needs a player bank ({prof.cite('co_bank')})")
    builder = _RoundBuilder(rng, prof, players, bank, co_bank, method, rounding,
                            house_way or house_way_named(prof.default_house_way), irregularity)
    return builder.play(style, tuple(bank_steps), seed)


def play_session(rng: random.Random, rounds: int, *, profile: Profile | str = DEFAULT_PROFILE,
                 players: Sequence[SimPlayer] | None = None, co_bank_rate: float = 0.3,
                 accept_rate: float = 0.35) -> Iterator[Round]:
    """Play ``rounds`` rounds at one table, offering the bank in rotation (621a.9(b),(c), JQ19)."""
    prof = profile if isinstance(profile, Profile) else profile_named(profile)
    seated = tuple(players) if players is not None else seat_players(rng, prof)
    rotation = BankRotation.for_profile(prof)
    for _ in range(rounds):
        bank, steps = offer_bank(rotation, seated, rng, prof, accept_rate) if prof.player_bank else (None, ())
        co_bank = bank is not None and prof.co_bank and rng.random() < co_bank_rate
        style = rng.choice(prof.styles) if bank else DEFAULT_STYLE
        played = play_round(rng, seated, profile=prof, style=style, bank=bank, co_bank=co_bank,
                            bank_steps=steps, eligible=rotation.eligible if rotation.started else None)
        yield played
        wagered = [str(p.position) for p in played.positions if PAI_GOW in p.wagers and p.position.is_seat]
        rotation = rotation.advance(bank, (p.seat for p in seated), wagered)


#: The actor of a ROLL step, by who made the number (``Roll.by``); the dealer otherwise.
_ROLLED_BY = {"rng": "rng", "player": "player", "bank": BANK}
_ANNOUNCE = {Outcome.WIN: "wins", Outcome.PUSH: "pushes", Outcome.LOSE: "loses",
             Outcome.SURRENDER: "surrendered", Outcome.VOID: "is void"}


class _RoundBuilder:
    """Plays one round on a working state, recording steps and chip moves as it goes."""

    def __init__(self, rng: random.Random, profile: Profile, players: Sequence[SimPlayer], bank: str | None,
                 co_bank: bool, method: Method, rounding: str, way: HouseWay,
                 irregularity: Irregularity | None) -> None:
        self.rng, self.profile, self.way, self.irregularity = rng, profile, way, irregularity
        self.players = {p.seat: p for p in sorted(players, key=lambda p: SEATS.index(p.seat))}
        self.bank, self.co_bank, self.method, self.rounding = bank, co_bank, method, rounding
        self.steps: list[Step] = []
        self.chips: list[ChipMove] = []
        self.wagers = {seat: self._live_wagers(p) for seat, p in self.players.items()}
        self.void: set[str] = set()
        self.violation_pending = irregularity is Irregularity.HOUSE_WAY_VIOLATION
        self.all_void = False
        self.dealer_stake = 0
        self.settings: dict[str, Setting] = {}
        self.outcomes: dict[str, Outcome] = {}
        self.side: dict[str, dict[str, WagerResult]] = {seat: {} for seat in self.players}

    # -- helpers
    def step(self, actor: str, action: str, citation: str, say: str) -> None:
        self.steps.append(Step(actor, action, citation, say))

    def move(self, chip: ChipMove) -> None:
        """Record a chip movement and the step that makes it."""
        self.chips.append(chip)
        self.step(DEALER, "chips", chip.citation, f"{chip.why}: {format_cents(chip.cents)} from "
                                                  f"{party_name(chip.source)} to {party_name(chip.target)}")

    @property
    def bank_round(self) -> bool:
        return self.bank is not None

    def cite_round(self, house_rule: str, bank_shift: int, house_shift: int = 0) -> str:
        """The section of ``house_rule`` (moved ``house_shift`` letters), or in a player-bank round the
        621a.9 section ``bank_shift`` letters after 621a.9(j) (e.g. 2: 621a.9(l), 3: 621a.9(m))."""
        if self.bank_round:
            return subsection(self.profile, "count_bank", shift=bank_shift)
        return subsection(self.profile, house_rule, shift=house_shift)

    def _live_wagers(self, player: SimPlayer) -> dict[str, int]:
        """The wagers the round accepts: none from the bank (621a.9(f)), side wagers only where the profile
        offers them, dice wagers only with dice (JQ15)."""
        if player.seat == self.bank:
            return {}
        offered = {SIDE_KEYS[w] for w in self.profile.side_wagers}
        if self.method is Method.RNG:
            offered -= set(DICE_WAGERS)
        return {k: v for k, v in player.wagers.items() if v > 0 and (k == PAI_GOW or k in offered)}

    def in_play(self) -> list[str]:
        """Seats with a live Pai Gow Wager, from the dealer's right (621a.8(f))."""
        return [s for s in self.players if PAI_GOW in self.wagers[s] and s not in self.void]

    @property
    def dealer_plays(self) -> bool:
        return not self.bank_round or self.dealer_stake > 0

    # -- the round
    def play(self, style: str, bank_steps: tuple[Step, ...], seed: int | None) -> Round:
        woodpile = self.mix()
        self.place_wagers()
        cut = self.bank_setup(bank_steps) if self.bank_round else None
        plan = self.deal(woodpile, style, cut)
        tiles = {str(d.position): d.faces() for d in plan.deliveries}
        if not self.all_void:
            self.dead_hand()
            self.exposed_during_deal(tiles)
        if not self.all_void:
            self.cover_shaker()
            self.set_hands(tiles)
            self.surrenders()
            self.settle()
        self.collect_all()
        return Round(self.profile.name, self.bank or DEALER, self.co_bank, plan, tuple(self.players.values()),
                     self.positions(tiles), tuple(self.steps), tuple(self.chips), self.irregularity, seed,
                     self.rounding)

    def mix(self) -> Woodpile:
        """Mix face down and form eight stacks (621a.4(d),(f)); a tile exposed while stacking: remix (4(e))."""
        cite = self.profile.cite("mix")
        say = "Mix the tiles face down with the heels of both hands and form eight stacks of four"
        self.step(DEALER, "mix", cite, say)
        woodpile = mix_and_stack(self.rng)
        if self.irregularity is Irregularity.TILE_EXPOSED_STACKING:
            shown = TILE_SET[self.rng.choice(woodpile.ids)]
            self.step(DEALER, "irregularity", irregularity_citation(self.irregularity, self.profile),
                      f"A tile ({shown}) turned over while stacking: the whole set is remixed")
            self.step(DEALER, "mix", cite, say)
            woodpile = mix_and_stack(self.rng)
        return woodpile

    def place_wagers(self) -> None:
        cite = self.profile.cite("wagers")
        for seat, wagers in self.wagers.items():
            if wagers:
                made = ", ".join(f"{format_cents(c)} on {k.replace('_', ' ')}" for k, c in wagers.items())
                self.step(seat, "wager", cite, f"{self.players[seat].name} wagers {made}")

    def bank_setup(self, offer: tuple[Step, ...]) -> Cut | None:
        """Offer, co-bank request, the bank's optional cut, the dealer's wager (621a.9(c)-(h), JQ21)."""
        p = self.profile
        self.steps += offer or (_accept(self.bank or "", p),)
        cover = sum(self.wagers[s].get(PAI_GOW, 0) for s in self.players)
        self.step(DEALER, "confirm bank", p.cite("bank_eligible"),
                  f"{self.bank} wagered against the dealer in the last house-banked round and has chips to cover "
                  f"the other players' Pai Gow Wagers of {format_cents(cover)}")
        if self.co_bank:
            self.step(self.bank or "", "co-bank", p.cite("co_bank"),
                      f"{self.bank} asks to co-bank with the dealer: the house covers half of the winning wagers")
        cut = self.choose_cut()
        self.step(self.bank or "", "cut", p.cite("cut"),
                  f"The bank directs the cut: {cut}" if cut else "The bank does not cut: there is no cut")
        self.dealer_wager()
        return cut

    def choose_cut(self) -> Cut | None:
        """Half the time no cut; else a block of adjacent stacks to one end (621a.9(g)(1)) or, a quarter of
        the time, split in two parts sent to opposite ends (621a.9(g)(2), JQ30)."""
        if self.rng.random() < 0.5:
            return None
        first = self.rng.randint(1, STACKS - 1)
        last = self.rng.randint(first + 1, STACKS)
        split = self.rng.randint(1, last - first) if self.rng.random() < 0.25 else None
        try:
            return Cut(first, last, self.rng.choice(tuple(End)), split)
        except TrainerError:  # the cut would leave every stack in place: the bank does not cut
            return None

    def dealer_wager(self) -> None:
        """The bank's last wager against the dealer, or less or none as the bank directs (621a.9(h))."""
        cite = self.profile.cite("dealer_wager")
        if self.co_bank:
            self.step(DEALER, "no dealer wager", cite, "Co-banking: the dealer places no wager against the bank")
            return
        full = self.players[self.bank or ""].last_house_wager
        choice = self.rng.random()
        self.dealer_stake = 0 if choice < 0.15 else max(500, full // 1000 * 500) if choice < 0.3 else full
        if self.dealer_stake:
            self.step(DEALER, "dealer wager", cite, f"The dealer takes {format_cents(self.dealer_stake)} from the "
                                                    "table inventory and places it in front of the container")
            left = self.players[self.bank or ""].bankroll - sum(w.get(PAI_GOW, 0) for w in self.wagers.values())
            if self.dealer_stake > left:
                self.step(DEALER, "warning", f"{cite}, JQ22",
                          f"The dealer's wager exceeds the {format_cents(max(left, 0))} the bank has left after "
                          "covering the players' wagers")
        else:
            self.step(self.bank or "", "no dealer wager", cite, "The bank directs the dealer to place no wager")

    # -- the number and the deal
    def make_roll(self) -> Roll:
        """Shake, button or RNG (621a.6(a), 621a.9(i)); an injected no roll is shaken again (621a.10(a),(b))."""
        number = roll_dice(self.rng, self.method, profile=self.profile, bank_round=self.bank_round,
                           colours=dice_colours(self.profile))
        if self.irregularity is not Irregularity.NO_ROLL:
            return number
        faults = possible_faults(self.method, self.bank_round)
        if not faults:
            raise TrainerError("a no roll needs dice in a shaker, not the random number generator")
        bad = Attempt(tuple(self.rng.randint(1, 6) for _ in range(3)), self.rng.choice(faults))
        return replace(number, no_rolls=(bad,))

    def deal(self, woodpile: Woodpile, style: str, cut: Cut | None) -> DeliveryPlan:
        """The delivery plan's moves as steps, the dice wagers settled before the count (621a.6(b),(c))."""
        number = self.make_roll()
        kwargs = dict(profile=self.profile, bank=self.bank, cut=cut, dealer_wager=self.dealer_stake > 0)
        plan = plan_delivery(woodpile, style, number, **kwargs)
        count = next(m for m in plan.moves if m.kind is MoveKind.COUNT)

        def number_steps(counted: Step) -> None:
            self.steps += [self.move_step(m, number) for m in plan.moves if m.kind is MoveKind.ROLL]
            self.settle_dice(number)
            self.steps.append(counted)

        if self.irregularity is Irregularity.WRONG_COUNT:
            wrong = number.total + 1 if number.total < 18 else number.total - 1
            dealt = plan_delivery(woodpile, style, Roll(wrong, (), number.colours, number.method), **kwargs)
            counted = Step(DEALER, "count", count.citation,
                           f"The dealer miscounts {number.total} and starts the deal at {dealt.start}, "
                           f"not {plan.start}")
            self.deal_steps(dealt.moves, lambda: number_steps(counted), number)
            self.step(DEALER, "irregularity", irregularity_citation(self.irregularity, self.profile),
                      "Tiles dealt to the wrong positions: all hands are void and all wagers returned; the dice "
                      "wagers, settled on valid dice, stand; the tiles are reshuffled")
            self.all_void = True
            return replace(dealt, roll=number)
        self.deal_steps(plan.moves, lambda: number_steps(self.move_step(count, number)), number)
        return plan

    def move_step(self, move: Move, number: Roll) -> Step:
        actor = _ROLLED_BY.get(number.by, DEALER) if move.kind is MoveKind.ROLL else DEALER
        return Step(actor, move.kind.value, move.citation, move.caption)

    def deal_steps(self, moves: Sequence[Move], number_steps: Callable[[], None], number: Roll) -> None:
        """The plan's moves as steps; where its ROLL and COUNT moves stand, ``number_steps()`` records them."""
        placed = False
        for move in moves:
            if move.kind in (MoveKind.ROLL, MoveKind.COUNT):
                if not placed:
                    number_steps()
                    placed = True
                continue
            self.steps.append(self.move_step(move, number))

    def settle_dice(self, number: Roll) -> None:
        """Sum, Match and Beat It settled on the dice, losers collected and winners paid (621a.6(b))."""
        if not number.dice:
            return
        for seat, wagers in self.wagers.items():
            for key in (k for k in DICE_WAGERS if k in wagers):
                table = self.paytable(key)
                result = settle_dice_wager(table, wagers[key], number.dice, self.players[seat].match_pick)  # type: ignore[arg-type]
                self.settle_side(seat, key, table, wagers[key], result, self.profile.cite("dice_settle"))

    def paytable(self, key: str) -> Paytable:
        wager = next(w for w, k in SIDE_KEYS.items() if k == key)
        return paytable(wager, self.profile.paytables[wager][0])

    def settle_side(self, seat: str, key: str, table: Paytable, cents: int, result: SideResult, cite: str) -> None:
        """Collect a losing side wager, or pay a winning one by its line (621a.6(b), 621a.8(j), 621a.11(b)-(e))."""
        name = table.wager.replace("-", " ").title()
        if result.line is None:
            self.move(ChipMove(seat, HOUSE, cents, f"losing {name} Wager collected", cite))
        else:
            self.move(ChipMove(HOUSE, seat, result.payout_cents, f"winning {name} Wager paid {result.line.odds} "
                               f"({result.line.wording})", table.citation))
        self.side[seat][key] = WagerResult(Outcome.WIN if result.line else Outcome.LOSE, result.net_cents)

    # -- after the deal
    def unplayed(self) -> list[Position]:
        """Positions whose stacks go to the Dead Hand: no wager (621a.6(e)); the dealer's with no wager
        against the bank (JQ23); the bank's stack is always kept."""
        playing = set(self.in_play())
        out = [Position(s) for s in SEATS if s != self.bank and s not in playing]
        return ([] if self.dealer_plays else [Position.DEALER]) + out

    def dead_hand(self) -> None:
        unplayed = self.unplayed()
        if unplayed:
            self.step(DEALER, "dead hand", self.cite_round("dead_hand", 2),
                      f"Collect the stacks of {', '.join(unplayed)} without exposing them and place them with "
                      "the Dead Hand, to the dealer's left in front of the table inventory container")

    def exposed_during_deal(self, tiles: dict[str, tuple[Tile, ...]]) -> None:
        """A tile exposed in the deal: a player's (he may void, 621a.10(d)) or the dealer's, bank's, Dead
        Hand's or an unplayed position's (all void, 621a.10(e))."""
        kind = self.irregularity
        if kind not in (Irregularity.PLAYER_TILE_EXPOSED, Irregularity.DEALER_TILE_EXPOSED):
            return
        cite = irregularity_citation(kind, self.profile)
        if kind is Irregularity.DEALER_TILE_EXPOSED:
            where = self.rng.choice([DEALER, "dead", *([self.bank] if self.bank else [])])
            self.step(DEALER, "irregularity", cite, f"A tile of {where} ({self.rng.choice(tiles[where])}) is "
                      "exposed: all hands are void, all wagers returned (dice wagers settled on valid dice stand) "
                      "and the tiles reshuffled")
            self.all_void = True
            return
        seats = self.in_play()
        if not seats:
            raise TrainerError("a player's tile can only be exposed when a player has a Pai Gow Wager")
        seat = self.rng.choice(seats)
        self.step(DEALER, "irregularity", cite, f"The dealer exposes a tile of {seat} "
                                               f"({self.rng.choice(tiles[seat])})")
        if self.rng.random() < 0.5:
            self.step(seat, "play on", cite, f"{seat}, without looking at his other tiles, plays the hand out")
            return
        self.step(seat, "void", cite, f"{seat}, without looking at his other tiles, voids the hand: his wagers "
                                      "are returned and his tiles collected")
        self.void.add(seat)

    def cover_shaker(self) -> None:
        if self.method is Method.MANUAL:
            self.step(DEALER, "cover shaker", self.cite_round("dead_hand", 3, house_shift=1),
                      "Place the cover on the shaker, shake it once and place it to the dealer's right")

    # -- setting
    def set_hands(self, tiles: dict[str, tuple[Tile, ...]]) -> None:
        """Players set face down (621a.8(a)); the bank sets (JQ8, or the dealer for a co-bank, 621a.9(e));
        the dealer turns his tiles over and sets by the house way (621a.8(c),(d), 621a.9(n))."""
        zero = self.profile.zero_zero_to_banker
        cite = subsection(self.profile, "dealer_hands", "a")
        for seat in self.in_play():
            p = self.players[seat]
            chosen = choose_setting(p.policy, tiles[seat], self.rng, house_way=self.way,
                                    zero_zero_to_banker=zero)
            self.settings[seat] = chosen
            self.step(seat, "set", cite, f"{p.name} sets {chosen} and places both hands face down")
        if self.bank:
            self.set_bank(self.bank, tiles[self.bank])
        if self.dealer_plays:
            self.set_dealer(tiles[Position.DEALER])
        if self.violation_pending:
            raise TrainerError("no hand in this round is bound by the house way: the dealer places no wager "
                               "and the bank sets freely (JQ8)")

    def take_violation(self) -> bool:
        """True once, for the first hand set by the house way, when a house-way violation is injected."""
        taken, self.violation_pending = self.violation_pending, False
        return taken

    def set_bank(self, where: str, tiles: tuple[Tile, ...]) -> None:
        p = self.profile
        if self.co_bank:
            self.settings[where] = self.by_house_way(tiles, "dealer", p.cite("co_bank"), "the co-bank's hand")
            return
        player = self.players[where]
        right = house_way_setting(tiles, self.way)
        chosen = choose_setting(player.policy, tiles, self.rng, house_way=self.way,
                                zero_zero_to_banker=p.zero_zero_to_banker)
        if p.bank_bound_by_house_way and self.take_violation():
            chosen = _wrong_setting(tiles, right, p)
        self.step(where, "set", p.cite("dealer_vs_bank"), f"The bank sets {chosen} face down")  # JQ8
        if p.bank_bound_by_house_way and not same_rank(chosen, right, zero_zero_to_banker=p.zero_zero_to_banker):
            self.step(DEALER, "reset", irregularity_citation(Irregularity.HOUSE_WAY_VIOLATION, p),
                      f"The bank's hands are not set by the house way: reset to {right} and the round completed")
            chosen = right
        self.settings[where] = chosen

    def set_dealer(self, tiles: tuple[Tile, ...]) -> None:
        cite = f"{self.profile.cite('dealer_hands')}, {self.profile.cite('house_way')}"
        self.settings[DEALER] = self.by_house_way(tiles, DEALER, cite, "his own tiles")

    def by_house_way(self, tiles: tuple[Tile, ...], actor: str, cite: str, whose: str) -> Setting:
        """Set by the house way; an injected violation is set wrong first, then reset (621a.10(f))."""
        right = house_way_setting(tiles, self.way)
        if self.take_violation():
            wrong = _wrong_setting(tiles, right, self.profile)
            self.step(actor, "set", cite, f"The dealer turns over {whose} and sets {wrong}")
            self.step(DEALER, "reset", irregularity_citation(Irregularity.HOUSE_WAY_VIOLATION, self.profile),
                      f"{wrong} is contrary to the house way: reset to {right} and the round completed")
            return right
        self.step(actor, "set", cite, f"The dealer turns over {whose} and sets {right} by the house way "
                                      f"({self.way.title}): {self.profile.dealer_hand_placement}")
        return right

    def banker_setting(self) -> Setting:
        return self.settings[self.bank or DEALER]

    def surrenders(self) -> None:
        """A player who sees he will lose may surrender before his hands are exposed (621a.8(e), JQ25)."""
        zero = self.profile.zero_zero_to_banker
        banker = self.banker_setting()
        for seat in self.in_play():
            outcome = wager_result(self.settings[seat], banker, zero_zero_to_banker=zero)
            if outcome is Outcome.LOSE and self.rng.random() < self.players[seat].surrender_rate:
                outcome = Outcome.SURRENDER
                self.step(seat, "surrender", self.profile.cite("surrender"),
                          f"{seat} surrenders: the dealer collects the wager and stacks the four tiles face down "
                          "to the right, without exposing them")
            self.outcomes[seat] = outcome

    # -- exposure and settlement
    def settle(self) -> None:
        """Settle the Pai Gow Wagers with ``settle_table`` and Pair Fortunes after each player's (621a.8(j))."""
        p = self.profile
        seats = self.in_play()
        lines = [WagerLine(s, self.wagers[s][PAI_GOW], self.outcomes[s]) for s in seats]
        dealer_line = self.dealer_against_bank()
        table = settle_table(lines, profile=p, rounding=self.rounding, bank=self.bank or DEALER,
                             co_bank=self.co_bank, dealer_wager=dealer_line)
        surrendered = sum(1 for line in lines if line.outcome is Outcome.SURRENDER)
        moves = list(table.moves)
        for chip in moves[:surrendered]:
            self.move(chip)
        moves = moves[surrendered:]
        if p.pay_winners_after_all_exposed or self.bank_round:
            self.settle_all_exposed(seats, moves)
        else:
            self.settle_in_turn(seats, moves)

    def dealer_against_bank(self) -> WagerLine | None:
        """The dealer's hands against the bank's, settled first (621a.9(n), JQ24)."""
        if not (self.bank and self.dealer_stake):
            return None
        outcome = wager_result(self.settings[DEALER], self.banker_setting(),
                               zero_zero_to_banker=self.profile.zero_zero_to_banker)
        self.outcomes[DEALER] = outcome
        self.step(DEALER, "expose", self.profile.cite("dealer_vs_bank"),
                  f"The dealer exposes the bank's hands {self.banker_setting()} against his {self.settings[DEALER]}")
        self.step(DEALER, "call", self.profile.cite(_RESULT_RULE[outcome]), f"The dealer {_ANNOUNCE[outcome]}: "
                  + result_reason(self.settings[DEALER], self.banker_setting(), self.profile, "bank"))
        return WagerLine(DEALER, self.dealer_stake, outcome)

    def expose(self, seat: str) -> None:
        """Expose the hands (621a.8(f), 621a.9(o)), then call the result as its own step (621a.8(g)-(i)),
        so the table shows the hands before the call is made."""
        outcome = self.outcomes[seat]
        if outcome is Outcome.SURRENDER:
            return
        banker = "bank" if self.bank else "dealer"
        self.step(DEALER, "expose", self.profile.cite("bank_settle" if self.bank else "expose_order"),
                  f"Expose {seat}: {self.settings[seat]} against the {banker}'s {self.banker_setting()}")
        self.step(DEALER, "call", self.profile.cite(_RESULT_RULE[outcome]),
                  f"{seat} {_ANNOUNCE[outcome]}: "
                  + result_reason(self.settings[seat], self.banker_setting(), self.profile, banker))

    def settle_in_turn(self, seats: list[str], moves: list[ChipMove]) -> None:
        """House-banked (pa, md): each player exposed, settled, Pair Fortunes, tiles collected (621a.8(f)-(l))."""
        for seat in seats:
            self.expose(seat)
            for chip in (m for m in moves if seat in (m.source, m.target)):
                self.move(chip)
            self.pair_fortunes(seat)
            self.collect(seat)

    def settle_all_exposed(self, seats: list[str], moves: list[ChipMove]) -> None:
        """nj and player-bank rounds: all exposed, losers collected, then winners paid (nj 10.7(g)-(j),
        621a.9(o), JQ27); each player's Pair Fortunes after his Pai Gow Wager (621a.9(s))."""
        for seat in seats:
            self.expose(seat)
        anchors = _anchors(seats, moves)
        for seat in (s for s in seats if anchors[s] < 0):
            self.pair_fortunes(seat)
        for i, chip in enumerate(moves):
            self.move(chip)
            for seat in (s for s in seats if anchors[s] == i):
                self.pair_fortunes(seat)
        for seat in seats:
            self.collect(seat)

    def pair_fortunes(self, seat: str) -> None:
        if "pair_fortunes" not in self.wagers[seat]:
            return
        table = self.paytable("pair_fortunes")
        cents = self.wagers[seat]["pair_fortunes"]
        tiles = self.settings[seat].tiles
        self.settle_side(seat, "pair_fortunes", table, cents, settle_pair_fortunes(table, cents, tiles),
                         self.profile.cite("pair_fortunes_settle"))

    def collect(self, seat: str) -> None:
        if self.outcomes[seat] is Outcome.SURRENDER:
            return  # collected face down when he surrendered (621a.8(e))
        self.step(DEALER, "collect tiles", self.profile.cite("collect_tiles"),
                  f"Collect {seat}'s tiles in order, face up to the dealer's right, so each hand can be rebuilt")

    def collect_all(self) -> None:
        """The rest of the tiles, then the mix for the next round (621a.4(f))."""
        if self.all_void:
            for seat, wagers in self.wagers.items():
                for key in (k for k in wagers if k not in DICE_WAGERS):
                    self.side[seat].setdefault(key, _VOID)
        self.step(DEALER, "collect tiles", subsection(self.profile, "mix", shift=2),
                  "Collect the remaining tiles in order (dealer, bank, Dead Hand); all 32 are turned face down "
                  "and mixed for the next round")

    # -- results
    def positions(self, tiles: dict[str, tuple[Tile, ...]]) -> tuple[PositionResult, ...]:
        return tuple(PositionResult(pos, tiles[pos], self.settings.get(str(pos)), self.position_wagers(pos),
                                    MappingProxyType(self.results(pos))) for pos in ORDER)

    def position_wagers(self, pos: Position) -> Mapping[str, int]:
        if pos is Position.DEALER:
            return MappingProxyType({PAI_GOW: self.dealer_stake} if self.dealer_stake else {})
        return MappingProxyType(dict(self.wagers.get(str(pos), {})))

    def results(self, pos: Position) -> dict[str, WagerResult]:
        seat = str(pos)
        if pos is Position.DEALER:
            return self.dealer_result()
        if seat == self.bank:
            net = balances(self.chips).get(seat, 0)
            vig = sum(m.cents for m in self.chips if m.source == CENTRE and m.target == HOUSE and "vigorish" in m.why)
            return {"bank": WagerResult(Outcome.WIN if net > 0 else Outcome.LOSE if net < 0 else Outcome.PUSH,
                                        net, vig)}
        if seat not in self.wagers or PAI_GOW not in self.wagers[seat]:
            return dict(self.side.get(seat, {}))
        outcome = Outcome.VOID if self.all_void or seat in self.void else self.outcomes[seat]
        pai_gow = settle_pai_gow(self.wagers[seat][PAI_GOW], outcome, self.rounding)
        side = self.side[seat]
        sides = {k: side.get(k, _VOID) for k in self.wagers[seat] if k != PAI_GOW}
        return {PAI_GOW: WagerResult(outcome, pai_gow.net_cents, pai_gow.vig_cents)} | sides

    def dealer_result(self) -> dict[str, WagerResult]:
        if not self.dealer_stake:
            return {}
        outcome = Outcome.VOID if self.all_void else self.outcomes[DEALER]
        net = {Outcome.WIN: self.dealer_stake, Outcome.LOSE: -self.dealer_stake}.get(outcome, 0)
        return {PAI_GOW: WagerResult(outcome, net)}


def _anchors(seats: list[str], moves: list[ChipMove]) -> dict[str, int]:
    """Index of the move after which each seat's Pair Fortunes is settled: his last Pai Gow move, or for a
    seat with none (a push), the previous seat's anchor (-1: before every move)."""
    anchors, last = {}, -1
    for seat in seats:
        mine = [i for i, m in enumerate(moves) if seat in (m.source, m.target)]
        last = max(mine) if mine else last
        anchors[seat] = last
    return anchors


#: The section that says each result (621a.8(g)-(i)).
_RESULT_RULE = {Outcome.WIN: "win", Outcome.PUSH: "push", Outcome.LOSE: "lose"}


def result_reason(player: Setting, banker: Setting, profile: Profile, banker_name: str = "dealer") -> str:
    """Which hand won and why, in words: both hands higher wins, neither loses, one of the two is a
    push (621a.8(g)-(i)); a copy and (pa, md) a zero-zero tie go to the banker (621a.3(d),(g),(i));
    a low hand worth zero never wins (621a.8(g)).

    >>> result_reason(Setting.parse("6-6 4-5 / 1-3 2-3"), Setting.parse("5-5 3-3 / 2-2 1-6"), profile_named("pa-2019"))
    "high 6-6 4-5 beats the dealer's 5-5 3-3; low 1-3 2-3 beats the dealer's 2-2 1-6"
    """
    zero_rule = profile.zero_zero_to_banker

    def one(name: str, mine: Hand, theirs: Hand) -> str:
        if name == "low" and mine.is_zero:
            return f"low {mine} is worth zero and never wins"
        # ``outranks`` is ``rank_key`` greater: each key read once (this runs for every seat of every round)
        key = rank_key(mine, zero_zero_to_banker=zero_rule)
        banker_key = rank_key(theirs, zero_zero_to_banker=zero_rule)
        if key > banker_key:
            return f"{name} {mine} beats the {banker_name}'s {theirs}"
        if key == banker_key:
            tie = "both are worth zero" if mine.is_zero else "a copy"
            return f"{name} {mine} against the {banker_name}'s {theirs} is {tie}, which the {banker_name} wins"
        return f"{name} {mine} loses to the {banker_name}'s {theirs}"

    return f"{one('high', player.high, banker.high)}; {one('low', player.low, banker.low)}"


def _wrong_setting(tiles: Sequence[Tile], right: Setting, profile: Profile) -> Setting:
    """A setting of the tiles contrary to the house way (for an injected violation, 621a.10(f)): one whose
    hands do not rank as the house way's, since hands of equal rank are no violation (621a.3(d),(g),(i))."""
    zero_rule = profile.zero_zero_to_banker
    wrong = [s for s in settings(canonical(tiles)) if not same_rank(s, right, zero_zero_to_banker=zero_rule)]
    if not wrong:
        raise TrainerError(f"every setting of {' '.join(map(str, tiles))} ranks as the house way's: none is "
                           "contrary to it")
    return wrong[0]


# --- Simulation: the Pai Gow Wager's EV over many rounds --------------------------------------------

#: Units a Pai Gow Wager returns per unit wagered: a win pays 0.95 after 5% unrounded commission
#: (621a.11(a)); a surrender loses the wager (621a.8(e)); a push or void returns it.
UNITS = {Outcome.WIN: 0.95, Outcome.PUSH: 0.0, Outcome.LOSE: -1.0, Outcome.SURRENDER: -1.0, Outcome.VOID: 0.0}


@dataclass(frozen=True, slots=True)
class Simulation:
    """EV per unit of a player's Pai Gow Wager over ``rounds`` dealer-banked rounds, with its standard error
    (from the spread of the per-round means, since the hands of one round share the dealer's)."""

    rounds: int
    hands: int
    player_ev: float
    stderr: float


def simulate(rounds: int, seed: int, policy: Policy = Policy.HOUSE_WAY, *,
             profile: Profile | str = DEFAULT_PROFILE, progress: Callable[[], None] | None = None) -> Simulation:
    """Play ``rounds`` dealer-banked rounds with six players who all set by ``policy``, never surrender
    and bet no side wager; each hand's result in units of its wager (``UNITS``). ``progress`` is
    called after each round (a progress bar)."""
    if rounds < 2:
        raise TrainerError(f"simulate at least 2 rounds, not {rounds}")
    prof = profile if isinstance(profile, Profile) else profile_named(profile)
    rng = random.Random(seed)
    players = tuple(SimPlayer(seat, seat, 10**9, policy, MappingProxyType({PAI_GOW: 1000})) for seat in SEATS)
    means = []
    for _ in range(rounds):
        played = play_round(rng, players, profile=prof)
        units = [UNITS[p.results[PAI_GOW].outcome] for p in played.positions if PAI_GOW in p.results]
        means.append(sum(units) / len(units))
        if progress is not None:
            progress()
    mean = sum(means) / rounds
    variance = sum((m - mean) ** 2 for m in means) / (rounds - 1)
    return Simulation(rounds, rounds * len(players), mean, (variance / rounds) ** 0.5)
