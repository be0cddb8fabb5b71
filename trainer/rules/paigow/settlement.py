"""Settling Pai Gow Wagers in integer cents: vigorish, house-banked tables, player bank, co-bank.

Every function returns the chip movements in the order the dealer makes them, each with the
reason and the section, so a drill can ask for each movement and a round can be replayed.
Parties are ``seat1``..``seat6``, ``table_inventory`` (the house) and ``centre`` (the middle of
the layout in a player-bank round); a banking player is named by his seat.

>>> vigorish(3000), vigorish(3700), vigorish(3700, "quarter")       # spec S2 examples
(150, 185, 200)
>>> settle_pai_gow(3700, Outcome.WIN, "quarter")
PaiGowResult(outcome=<Outcome.WIN: 'win'>, payout_cents=3700, vig_cents=200, net_cents=3500)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from trainer.rules.record import HOUSE, ChipMove, balances
from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.money import vigorish
from trainer.rules.paigow.hands import Outcome
from trainer.rules.paigow.positions import CENTRE
from trainer.rules.paigow.profiles import Profile

SEATS = tuple(f"seat{i}" for i in range(1, 7))


def party_name(party: str) -> str:
    """A party of a chip movement in the regulations' words, for the trainee.

    >>> party_name(HOUSE), party_name(CENTRE), party_name("seat3")
    ('the table inventory', 'the centre of the layout', 'seat3')
    """
    return {HOUSE: "the table inventory", CENTRE: "the centre of the layout"}.get(party, party)


@dataclass(frozen=True)
class PaiGowResult:
    """A Pai Gow Wager's settlement: what is paid, the vig collected and the player's net change."""

    outcome: Outcome
    payout_cents: int
    vig_cents: int
    net_cents: int


def settle_pai_gow(wager_cents: int, outcome: Outcome, rounding: str = "exact") -> PaiGowResult:
    """Pay a win 1 to 1 less 5% vigorish (621a.11(a)); a push or void is returned (621a.8(h),
    621a.10); a loss or surrender is collected (621a.8(e),(g)).

    >>> settle_pai_gow(2500, Outcome.LOSE).net_cents, settle_pai_gow(2500, Outcome.PUSH).net_cents
    (-2500, 0)
    """
    _check_amount(wager_cents)
    if outcome is Outcome.WIN:
        vig = vigorish(wager_cents, rounding)
        return PaiGowResult(outcome, wager_cents, vig, wager_cents - vig)
    if outcome in (Outcome.LOSE, Outcome.SURRENDER):
        return PaiGowResult(outcome, 0, 0, -wager_cents)
    return PaiGowResult(outcome, 0, 0, 0)


@dataclass(frozen=True)
class WagerLine:
    """One Pai Gow Wager to settle: the position (``seat1``.. or ``dealer``), amount and outcome."""

    position: str
    cents: int
    outcome: Outcome


@dataclass(frozen=True)
class TableSettlement:
    """All chip movements of a table's Pai Gow Wagers, in order, and each party's net change."""

    moves: tuple[ChipMove, ...]
    balances: dict[str, int] = field(default_factory=dict)


def _check_amount(cents: int) -> None:
    if not isinstance(cents, int) or cents <= 0:
        raise TrainerError(f"a wager must be a positive whole number of cents, not {cents!r}")


def _exposure_order(lines: Sequence[WagerLine]) -> list[WagerLine]:
    """From the seat farthest to the dealer's right, counterclockwise (621a.8(f), spec S3)."""
    for line in lines:
        if line.position not in SEATS:
            raise UnknownNameError("betting position", line.position, SEATS)
        _check_amount(line.cents)
    positions = [line.position for line in lines]
    if len(set(positions)) != len(positions):
        raise TrainerError("each betting position may appear once")
    return sorted(lines, key=lambda line: SEATS.index(line.position))


def settle_table(lines: Sequence[WagerLine], *, profile: Profile, rounding: str = "exact",
                 bank: str = "dealer", co_bank: bool = False,
                 dealer_wager: WagerLine | None = None) -> TableSettlement:
    """Settle every Pai Gow Wager of a round against the dealer or a player bank.

    House-banked: surrenders are collected first (621a.8(e)); then, from the seat farthest to the
    dealer's right, losers are collected and winners paid with their vig (621a.8(f)-(i), 621a.11(a));
    ``nj`` exposes every hand and collects the losers before paying any winner (nj 10.7(h),(j)).
    Player bank: see ``_settle_against_bank`` (621a.9(n)-(r)).

    >>> from trainer.rules.paigow.profiles import profile_named
    >>> s = settle_table([WagerLine("seat2", 1000, Outcome.WIN), WagerLine("seat1", 500, Outcome.LOSE)],
    ...                  profile=profile_named("pa-2019"))
    >>> [(m.source, m.target, m.cents) for m in s.moves]
    [('seat1', 'table_inventory', 500), ('table_inventory', 'seat2', 1000), ('seat2', 'table_inventory', 50)]
    """
    if rounding not in profile.vig_roundings:
        raise UnknownNameError("vig rounding", rounding, profile.vig_roundings)
    ordered = _exposure_order(lines)
    if bank == "dealer":
        if co_bank or dealer_wager:
            raise TrainerError("co-banking and a dealer's wager need a player bank (621a.9(e),(h))")
        moves = _settle_house_banked(ordered, profile, rounding)
    else:
        moves = _settle_against_bank(ordered, profile, rounding, bank, co_bank, dealer_wager)
    moves = [m for m in moves if m.cents]  # e.g. the co-bank's half of a one-cent shortfall
    return TableSettlement(tuple(moves), balances(moves))


def _surrenders(lines: list[WagerLine], profile: Profile, target: str) -> list[ChipMove]:
    return [ChipMove(line.position, target, line.cents, "surrendered Pai Gow Wager collected",
                     profile.cite("surrender")) for line in lines if line.outcome is Outcome.SURRENDER]


def _collect(line: WagerLine, profile: Profile, target: str, rule: str = "lose") -> ChipMove:
    return ChipMove(line.position, target, line.cents, "losing Pai Gow Wager collected", profile.cite(rule))


def _vig(line: WagerLine, profile: Profile, rounding: str, why_rule: str) -> ChipMove:
    return ChipMove(line.position, HOUSE, vigorish(line.cents, rounding), "5% vigorish on the amount won",
                    profile.cite(why_rule))


def _settle_house_banked(lines: list[WagerLine], profile: Profile, rounding: str) -> list[ChipMove]:
    losers = [line for line in lines if line.outcome is Outcome.LOSE]
    winners = [line for line in lines if line.outcome is Outcome.WIN]

    def pay(line: WagerLine) -> list[ChipMove]:
        return [ChipMove(HOUSE, line.position, line.cents, "winning Pai Gow Wager paid 1 to 1", profile.cite("win")),
                _vig(line, profile, rounding, "vigorish")]

    moves = _surrenders(lines, profile, HOUSE)
    if profile.pay_winners_after_all_exposed:
        moves += [_collect(line, profile, HOUSE) for line in losers]
        return moves + [m for line in winners for m in pay(line)]
    for line in lines:
        if line.outcome is Outcome.LOSE:
            moves.append(_collect(line, profile, HOUSE))
        elif line.outcome is Outcome.WIN:
            moves += pay(line)
    return moves


def _halves(cents: int) -> tuple[int, int]:
    """(house's half, bank's half): the house's is the larger on an odd cent (JQ26, Decided)."""
    return cents - cents // 2, cents // 2


def _settle_against_bank(lines: list[WagerLine], profile: Profile, rounding: str, bank: str,
                         co_bank: bool, dealer_wager: WagerLine | None) -> list[ChipMove]:
    """Player bank and co-bank (621a.9(n)-(r), spec S3, spec JQ22-JQ27).

    Surrenders and losers go to the centre; the dealer's wager (if any) is settled against the
    bank first; then winners, the dealer's first, are paid from the centre in exposure order.
    When the centre cannot cover the next winner, the bank (with a co-bank: half the bank, half
    the table inventory, the odd cent from the inventory) tops the centre up to exactly the
    remaining winning wagers. A surplus pays 5% vig (co-bank: after the house takes its half)
    and the rest goes to the bank.
    """
    if bank not in SEATS:
        raise UnknownNameError("bank position", bank, SEATS)
    if not profile.player_bank or (co_bank and not profile.co_bank):
        raise TrainerError(f"profile {profile.name} does not allow {'co-banking' if co_bank else 'a player bank'}")
    if any(line.position == bank for line in lines):
        raise TrainerError(f"the bank at {bank} makes no Pai Gow Wager of its own (621a.9(f))")
    if co_bank and dealer_wager:
        raise TrainerError(f"the dealer may not wager against a co-bank ({profile.cite('co_bank')})")
    moves = _surrenders(lines, profile, CENTRE)
    winners: list[WagerLine] = []
    if dealer_wager:
        _check_amount(dealer_wager.cents)
        if dealer_wager.outcome is Outcome.LOSE:
            moves.append(ChipMove(HOUSE, CENTRE, dealer_wager.cents, "dealer's losing wager against the bank "
                                  "moved to the centre", profile.cite("dealer_vs_bank")))
        elif dealer_wager.outcome is Outcome.WIN:
            winners.append(dealer_wager)
    rule = "co_bank_settle" if co_bank else "bank_settle"
    moves += [_collect(line, profile, CENTRE, rule) for line in lines if line.outcome is Outcome.LOSE]
    winners += [line for line in lines if line.outcome is Outcome.WIN]
    centre = sum(m.cents for m in moves)
    for i, line in enumerate(winners):
        if centre < line.cents:
            moves += _top_up(sum(w.cents for w in winners[i:]) - centre, profile, bank, co_bank)
            centre = sum(w.cents for w in winners[i:])
        centre -= line.cents
        moves += _pay_from_centre(line, profile, rounding, rule)
    return moves + _surplus(centre, profile, rounding, bank, co_bank)


def _top_up(shortfall: int, profile: Profile, bank: str, co_bank: bool) -> list[ChipMove]:
    if not co_bank:
        return [ChipMove(bank, CENTRE, shortfall, "centre exhausted: the bank covers the remaining winning wagers",
                         profile.cite("bank_settle"))]
    house, player = _halves(shortfall)
    why = "centre exhausted: {} covers half of the remaining winning wagers"
    moves = [ChipMove(bank, CENTRE, player, why.format("the co-bank"), profile.cite("co_bank_settle")),
             ChipMove(HOUSE, CENTRE, house, why.format("the table inventory"), profile.cite("co_bank_settle"))]
    return moves


def _pay_from_centre(line: WagerLine, profile: Profile, rounding: str, rule: str) -> list[ChipMove]:
    if line.position == "dealer":
        return [ChipMove(CENTRE, HOUSE, line.cents, "dealer's winning wager paid from the centre and returned "
                         "with the wager to the table inventory", profile.cite("dealer_win_returned"))]
    return [ChipMove(CENTRE, line.position, line.cents, "winning Pai Gow Wager paid from the centre",
                     profile.cite(rule)), _vig(line, profile, rounding, "bank_vig")]


def _surplus(centre: int, profile: Profile, rounding: str, bank: str, co_bank: bool) -> list[ChipMove]:
    if centre == 0:
        return []
    moves = []
    rule = "co_bank_settle" if co_bank else "bank_settle"
    if co_bank:
        house, centre = _halves(centre)
        moves.append(ChipMove(CENTRE, HOUSE, house, "half of the surplus to the table inventory", profile.cite(rule)))
    vig = vigorish(centre, rounding)
    moves.append(ChipMove(CENTRE, HOUSE, vig, "5% vigorish on the bank's surplus", profile.cite(rule)))
    if centre > vig:
        moves.append(ChipMove(CENTRE, bank, centre - vig, "rest of the surplus to the bank", profile.cite(rule)))
    return moves
