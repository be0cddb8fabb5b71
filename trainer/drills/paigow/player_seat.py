"""Player's seat: the trainee plays a practice game as a player against the house-way dealer.

Each hand the 32 tiles are shuffled; the trainee gets four, the dealer four. The trainee sets his
tiles; the dealer sets hers by the house way in force (621a.8(d), spec W1-W3). The wager wins when
both of the trainee's hands outrank the dealer's, loses when neither does, else pushes; copies go
to the dealer (621a.3(d),(i), 621a.8(g)-(i), spec H5). A win is paid 1 to 1 less the 5% vigorish
(621a.11(a)). A placement with the stronger hand in the low position is played as the hands it
makes, the stronger one high (spec JQ32: no foul rule is invented); the result notes it.

After each hand the result carries the exact odds (``trainer.rules.paigow.analysis``, spec W4) of the
setting chosen, of the best setting and of the house way's, all against the same house-way dealer,
and the EV given up (best minus chosen, per unit wagered). Money is integer cents (spec S1); the EV
in cents is a float, for display only. All chance comes from one ``random.Random`` (spec R1): the
same seed deals the same hands whatever the trainee does.

>>> game = PracticeGame("pa-2019", seed=7)
>>> hand = game.deal()
>>> best = game.analysis().settings[game.analysis().optimal]
>>> result = game.play(str(best))
>>> result.ev_given_up, result.optimal, game.bankroll_cents == 100000 + result.net_cents
(0.0, True, True)
>>> game.set_wager("12.34")
Traceback (most recent call last):
...
trainer.rules.errors.TrainerError: a wager must be a whole number of $5.00 steps, not $12.34
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from trainer.drills.answers import parse_placement
from trainer.drills.paigow.house_way_drills import setting_index
from trainer.rules.errors import NotationError, TrainerError
from trainer.rules.paigow.hands import Hand, Outcome, Setting, outranks, rank_key, wager_result
from trainer.rules.paigow.house_way import Decision, HouseWay, house_way_named, set_by_house_way
from trainer.rules.money import format_cents, parse_money
from trainer.rules.paigow.players import DEFAULT_LIMITS, Limits
from trainer.rules.paigow.profiles import DEFAULT_PROFILE, Profile, profile_named
from trainer.rules.paigow.settlement import PaiGowResult, settle_pai_gow
from trainer.rules.paigow.tiles import TILE_SET, Tile, parse_tiles  # noqa: F401  (parse_tiles: doctest)

if TYPE_CHECKING:
    from trainer.rules.paigow.analysis import HandAnalysis, Odds

#: A new game's bankroll and wager, in cents: $1,000.00 and $25.00.
DEFAULT_BANKROLL = 100_000
DEFAULT_WAGER = 2_500


@dataclass(frozen=True)
class PlayerHand:
    """One deal: the trainee's four tiles and the dealer's four, as dealt, and the wager on it."""

    number: int
    tiles: tuple[Tile, ...]
    dealer_tiles: tuple[Tile, ...]
    wager_cents: int


@dataclass(frozen=True)
class HandVerdict:
    """One of the trainee's hands against the dealer's: ``win``, ``lose`` or ``copy``, why in a few
    words (empty when the stronger kind or value decides) and the section that decides it."""

    player: Hand
    dealer: Hand
    word: str
    citation: str
    why: str = ""


@dataclass(frozen=True)
class HandResult:
    """A played hand: the settings, the dealer's house-way decision, the money and the exact EVs.

    ``placed`` is (high, low) as the trainee placed them; ``chosen`` the setting played (the
    stronger hand high, JQ32). ``chosen_odds``, ``best_odds`` and ``house_way_odds`` are exact odds
    against the house-way dealer (spec W4).
    """

    hand: PlayerHand
    placed: tuple[tuple[Tile, ...], tuple[Tile, ...]]
    chosen: Setting
    dealer: Decision
    dealer_why: str
    dealer_citation: str
    high: HandVerdict
    low: HandVerdict
    outcome: Outcome
    outcome_citation: str
    settlement: PaiGowResult
    vig_citation: str
    analysis: HandAnalysis
    chosen_index: int
    bankroll_cents: int
    #: The profile's zero-zero rule (621a.3(g); nj none, spec JQ3): whether all zero hands rank alike.
    zero_zero_to_banker: bool = True

    @property
    def reversed(self) -> bool:
        """True when the stronger hand was placed in the low position (spec H4, JQ32); hands of equal
        rank (two zero hands in pa or md) have no stronger one."""
        zero_rule = self.zero_zero_to_banker
        high, low = (rank_key(Hand(tiles), zero_zero_to_banker=zero_rule)  # type: ignore[arg-type]
                     for tiles in self.placed)
        return low > high

    @property
    def net_cents(self) -> int:
        return self.settlement.net_cents

    @property
    def chosen_odds(self) -> Odds:
        return self.analysis.odds[self.chosen_index]

    @property
    def best(self) -> Setting:
        return self.analysis.settings[self.analysis.optimal]

    @property
    def best_odds(self) -> Odds:
        return self.analysis.odds[self.analysis.optimal]

    @property
    def house_way(self) -> Setting:
        return self.analysis.settings[self.analysis.house_way]

    @property
    def house_way_odds(self) -> Odds:
        return self.analysis.odds[self.analysis.house_way]

    @property
    def exact_ev_given_up(self) -> Fraction:
        """Best EV minus the chosen setting's, per unit wagered; 0 when the choice is a best one."""
        return self.best_odds.exact_ev - self.chosen_odds.exact_ev

    @property
    def ev_given_up(self) -> float:
        return float(self.exact_ev_given_up)

    @property
    def ev_given_up_cents(self) -> float:
        """The EV given up on this hand's wager, in cents (a float: for display, never booked)."""
        return float(self.exact_ev_given_up * self.hand.wager_cents)

    @property
    def optimal(self) -> bool:
        return self.exact_ev_given_up == 0


@dataclass(frozen=True)
class SessionTotals:
    """The game so far: hands, wins / pushes / losses, net cents, EV given up, hands set optimally."""

    hands: int = 0
    wins: int = 0
    pushes: int = 0
    losses: int = 0
    net_cents: int = 0
    ev_given_up: float = 0.0
    ev_given_up_cents: float = 0.0
    optimal_hands: int = 0


class PracticeGame:
    """A practice game at the player's seat: deal, play the trainee's setting, keep the bankroll.

    ``seed`` makes the game replayable. The wager is checked against the table ``limits`` and the
    bankroll; a change of wager applies from the next hand dealt (a wager is made before the deal).
    ``history`` holds the hands played, ``current`` the hand dealt and not yet played.
    """

    def __init__(self, profile: Profile | str = DEFAULT_PROFILE, *, seed: int | None = None,
                 bankroll_cents: int = DEFAULT_BANKROLL, wager: int | str = DEFAULT_WAGER,
                 house_way: HouseWay | str | None = None, rounding: str | None = None,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.profile: Profile = profile_named(profile) if isinstance(profile, str) else profile
        way = house_way or self.profile.default_house_way
        self.house_way: HouseWay = house_way_named(way) if isinstance(way, str) else way
        self.rounding: str = rounding or self.profile.vig_roundings[0]
        if self.rounding not in self.profile.vig_roundings:
            raise TrainerError(f"vig rounding '{self.rounding}' is not allowed in {self.profile.name} "
                               f"(choose from: {', '.join(self.profile.vig_roundings)})")
        if not isinstance(bankroll_cents, int) or isinstance(bankroll_cents, bool) or bankroll_cents <= 0:
            raise TrainerError(f"a bankroll must be a positive whole number of cents, not {bankroll_cents!r}")
        self.seed, self.bankroll_cents, self.limits = seed, bankroll_cents, limits
        self.history: list[HandResult] = []
        self.current: PlayerHand | None = None
        self._rng = random.Random(seed)
        self._wager = self.check_wager(wager)

    # -- the wager -----------------------------------------------------------------------------------
    @property
    def wager_cents(self) -> int:
        """The wager for the next hand dealt."""
        return self._wager

    def check_wager(self, wager: int | str) -> int:
        """The wager in cents, if it is one the table takes and the bankroll covers; else TrainerError."""
        cents = _wager_cents(wager)
        lim = self.limits
        if cents < lim.minimum:
            raise TrainerError(f"the table minimum is {format_cents(lim.minimum)}: {format_cents(cents)} is too little")
        if cents > lim.maximum:
            raise TrainerError(f"the table maximum is {format_cents(lim.maximum)}: {format_cents(cents)} is too much")
        if cents % lim.step:
            raise TrainerError(f"a wager must be a whole number of {format_cents(lim.step)} steps, "
                               f"not {format_cents(cents)}")
        if cents > self.bankroll_cents:
            raise TrainerError(f"the bankroll ({format_cents(self.bankroll_cents)}) cannot cover a wager of "
                               f"{format_cents(cents)}")
        return cents

    def set_wager(self, wager: int | str) -> int:
        """Change the wager (from the next hand dealt); a bad one raises TrainerError and changes nothing."""
        self._wager = self.check_wager(wager)
        return self._wager

    # -- a hand ---------------------------------------------------------------------------------------
    def deal(self) -> PlayerHand:
        """Shuffle the 32 tiles and deal four to the trainee, four to the dealer.

        A hand dealt and not yet played is returned again (no second shuffle).
        """
        if self.current is not None:
            return self.current
        self.check_wager(self._wager)  # the bankroll may have fallen below the wager
        tiles = list(TILE_SET)
        self._rng.shuffle(tiles)
        self.current = PlayerHand(len(self.history) + 1, tuple(tiles[:4]), tuple(tiles[4:8]), self._wager)
        return self.current

    def analysis(self) -> HandAnalysis:
        """Exact odds of the three settings of the current hand against the house-way dealer (spec W4)."""
        if self.current is None:
            raise TrainerError("no hand is dealt: deal one first")
        from trainer.rules.paigow.analysis import analyze_hand  # numpy: on the first hand, not at import

        return analyze_hand(self.current.tiles, self.house_way, self.profile.zero_zero_to_banker)

    def play(self, placement: Any) -> HandResult:
        """Play the trainee's ``placement`` (``"6-6 4-5 / 1-3 2-3"`` or (high, low) tiles).

        Unreadable or not the four tiles dealt: ``AnswerParseError`` (a TrainerError), nothing changes.
        """
        hand = self.current
        if hand is None:
            raise TrainerError("no hand is dealt: deal one first")
        placed = parse_placement(placement, [str(t) for t in hand.tiles])
        result = self._judge(hand, placed)
        self.bankroll_cents = result.bankroll_cents
        self.history.append(result)
        self.current = None
        return result

    def _judge(self, hand: PlayerHand, placed: tuple[tuple[Tile, ...], tuple[Tile, ...]]) -> HandResult:
        chosen = Setting.of(Hand(placed[0]), Hand(placed[1]))  # stronger hand high (JQ32)
        decision = set_by_house_way(hand.dealer_tiles, self.house_way, self.profile)
        zz = self.profile.zero_zero_to_banker
        outcome = wager_result(chosen, decision.setting, zero_zero_to_banker=zz)
        money = settle_pai_gow(hand.wager_cents, outcome, self.rounding)
        analysis = self.analysis()
        return HandResult(
            hand, placed, chosen, decision, _dealer_why(decision, self.house_way), decision.citation,
            hand_verdict(chosen.high, decision.setting.high, self.profile),
            hand_verdict(chosen.low, decision.setting.low, self.profile, low=True),
            outcome, self.profile.cite(outcome.value), money, self.profile.cite("vigorish"), analysis,
            setting_index(hand.tiles, chosen), self.bankroll_cents + money.net_cents, zz)

    def edge(self) -> tuple[str, tuple[str, ...]]:
        """This dealer's house edge in one line, and why an optimal player beats it (``edge_explanation``)."""
        # numpy: only when the explanation is asked
        from trainer.rules.paigow.analysis import PUBLISHED_OPTIMAL_EDGE, edge_explanation, house_edge

        edge = house_edge(self.house_way, self.profile.zero_zero_to_banker)
        mine, best = edge.house_way_player, edge.optimal_player
        summary = (f"Over all hands: a player who sets like the dealer has EV {mine.ev:+.2%}, one who sets "
                   f"every hand optimally {best.ev:+.2%}; a published casino house way keeps about "
                   f"{PUBLISHED_OPTIMAL_EDGE:.1%} against an optimal player.")
        return summary, edge_explanation(mine, best, self.house_way, self.profile)

    # -- the game -------------------------------------------------------------------------------------
    def totals(self) -> SessionTotals:
        """The game so far (section 621a.8(g)-(i) outcomes, net after vigorish, EV given up)."""
        h = self.history
        return SessionTotals(
            len(h), sum(r.outcome is Outcome.WIN for r in h), sum(r.outcome is Outcome.PUSH for r in h),
            sum(r.outcome is Outcome.LOSE for r in h), sum(r.net_cents for r in h),
            float(sum((r.exact_ev_given_up for r in h), Fraction(0))),
            float(sum((r.exact_ev_given_up * r.hand.wager_cents for r in h), Fraction(0))),
            sum(r.optimal for r in h))


def warm_up(profile: Profile, house_way: HouseWay | None = None) -> None:
    """Set every dealer hand by the house way for the analysis of ``profile`` now (numpy imported,
    a few milliseconds once), e.g. as a screen opens."""
    from trainer.rules.paigow.analysis import prepare

    way = house_way or house_way_named(profile.default_house_way)
    prepare(way, profile.zero_zero_to_banker)


def hand_verdict(player: Hand, dealer: Hand, profile: Profile, *, low: bool = False) -> HandVerdict:
    """One hand of the trainee's against the dealer's, in words, with the section that decides it.

    >>> p = profile_named("pa-2019")
    >>> v = hand_verdict(Hand.parse("3-6 2-2"), Hand.parse("4-5 2-2"), p)
    >>> v.word, v.citation, v.why
    ('copy', '621a.3(i)', 'copies go to the dealer')
    >>> v = hand_verdict(Hand.parse("4-4 5-5"), Hand.parse("1-3 2-2"), p)   # 8 and 8: 4-4 outranks 1-3
    >>> v.word, v.citation, v.why
    ('win', '621a.3(g)', 'on the top tile')
    """
    zz = profile.zero_zero_to_banker
    if low and player.is_zero:  # 621a.8(g): a zero low never wins
        return HandVerdict(player, dealer, "lose", profile.cite("lose"), "a low worth zero never wins")
    if zz and player.is_zero and dealer.is_zero:
        return HandVerdict(player, dealer, "copy", profile.cite("zero_zero"), "zero-zero goes to the dealer")
    if player.score == dealer.score:
        rule = "copy" if player.kind.is_pair else "top_tile_copy"
        return HandVerdict(player, dealer, "copy", profile.cite(rule), "copies go to the dealer")
    word = "win" if outranks(player, dealer, zero_zero_to_banker=zz) else "lose"
    if not player.kind.is_pair and player.value == dealer.value:  # same value: the top tile decides
        return HandVerdict(player, dealer, word, profile.cite("equal_value"), "on the top tile")
    deciding = player if word == "win" else dealer
    return HandVerdict(player, dealer, word, profile.cite("pairs" if deciding.kind.is_pair else "value"))


def setting_label(setting: Setting | Sequence[Sequence[Tile]]) -> str:
    """``6-6 4-5 / 1-3 2-3`` for a setting or a (high, low) placement."""
    if isinstance(setting, Setting):
        return str(setting)
    high, low = setting
    return f"{' '.join(map(str, high))} / {' '.join(map(str, low))}"


def _dealer_why(decision: Decision, house_way: HouseWay) -> str:
    """Why the deciding step applies, in a few words (the criterion's own wording)."""
    step = next(s for s in house_way.steps if s.number == decision.step)
    return step.criterion.why(decision.setting)


def _wager_cents(wager: int | str) -> int:
    if isinstance(wager, bool):
        raise TrainerError("a wager is an amount of money, like 25 or $25.00")
    if isinstance(wager, int):
        if wager <= 0:
            raise TrainerError(f"a wager must be a positive amount, not {format_cents(wager)}")
        return wager
    try:
        return parse_money(str(wager))
    except NotationError as exc:
        raise TrainerError(f"wager: {exc}") from None
