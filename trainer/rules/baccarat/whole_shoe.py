"""A whole shoe at the table: every round to the cover card, "last hand", one more hand and the change
of decks, with seated players who wager each round and sometimes leave (631a.10(d), 631a.13(d)(2)).

631a.10(d): when the cover card appears, at the start of a round or during it, it is put aside and
that hand is completed; then "last hand" is announced, and "at the completion of one more hand, the
cards shall be replaced with new decks of cards". So the shoe ends exactly one hand after the hand
in which the cover card came out (spec B5, reading B31).

631a.13(d)(2): vigorish owed on markers is "collected prior to beginning play with a new dealing shoe
of cards or when the player leaves the gaming table, whichever occurs first"; the marker stays in the
seat's numbered box until then ((d)(2)(iii)). A player who leaves between rounds pays what his box
holds first; at the change of decks every box is collected (reading B32).

The players are simulated (a training choice, not a rule): after any round but the shoe's last, one
of them may leave, never the curator holding the shoe and never the last player seated.

>>> import random
>>> shoe = deal_whole_shoe(random.Random(5), profile_named("pa-631a").with_options(vig_collection="deferred"))
>>> [r.last_hand for r in shoe.rounds][-2:], shoe.rounds[-2].cover_card, shoe.parts[-1].steps[0].action
([False, True], True, 'change-decks')
>>> sum(shoe.balances.values()), shoe.final_markers
(0, {})
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Mapping, Sequence

from trainer.rules.baccarat.profiles import BaccaratProfile, profile_named
from trainer.rules.baccarat.round import Opening, Round, TableState, collect_markers, open_table, play_round, seat_bettors
from trainer.rules.baccarat.table import Move, MoveKind, Step
from trainer.rules.record import ChipMove, balances

__all__ = ["LEAVE_RATE", "Interlude", "WholeShoe", "deal_whole_shoe", "leave_table", "change_decks"]

#: How often, after a round, one of the simulated players leaves the table (a training choice).
LEAVE_RATE = 0.03


@dataclass(frozen=True)
class Interlude:
    """Steps between rounds, or after the last: a player leaving the table, or the change of decks.
    Its moves' ``step`` indices count from its own first step; a CHIPS move collecting a marker has
    ``detail`` ``{"seat": k, "owed": 0}`` (the box emptied). ``seated`` and ``markers`` are after it."""

    steps: tuple[Step, ...]
    moves: tuple[Move, ...]
    chips: tuple[ChipMove, ...]
    seated: tuple[int, ...]
    markers: Mapping[int, int]


def _collected(markers: Mapping[int, int], p: BaccaratProfile, when: str
               ) -> tuple[list[Step], list[Move], list[ChipMove]]:
    """Each seat's marker collected (``round.collect_markers``), one CHIPS move per seat emptying its box."""
    steps, chips = collect_markers({s: c for s, c in markers.items() if c}, p, when)
    moves = [Move(MoveKind.CHIPS, i, chips=(i,), detail={"seat": int(chip.source.removeprefix("seat")), "owed": 0})
             for i, chip in enumerate(chips)]
    return list(steps), moves, list(chips)


def leave_table(seat: int, seated: Sequence[int], markers: Mapping[int, int], p: BaccaratProfile) -> Interlude:
    """Seat ``seat``'s player leaves: the vigorish his marker holds is collected first (631a.13(d)(2)(i)).

    >>> i = leave_table(3, (1, 3), {3: 48, 1: 5}, profile_named("pa-631a"))
    >>> [s.say for s in i.steps], i.seated, dict(i.markers)
    (['Seat 3, $0.48 commission as the player leaves the table.', 'Seat 3 leaves the table.'], (1,), {1: 5})
    """
    steps, moves, chips = _collected({seat: markers.get(seat, 0)}, p, "as the player leaves the table")
    steps.append(Step(f"seat{seat}", "leave", p.cite("vig_owed") if chips else "", f"Seat {seat} leaves the table."))
    moves.append(Move(MoveKind.LEAVE, len(steps) - 1, detail={"seat": seat}))
    left = MappingProxyType({s: c for s, c in markers.items() if s != seat})
    return Interlude(tuple(steps), tuple(moves), tuple(chips), tuple(s for s in seated if s != seat), left)


def change_decks(seated: Sequence[int], markers: Mapping[int, int], p: BaccaratProfile) -> Interlude:
    """After the hand that follows "last hand" the cards are replaced with new decks (631a.10(d); the
    decks are changed after each dealing shoe, 631a.3(b)), and
    every marker is collected before play begins with the new shoe (631a.13(d)(2)(i))."""
    steps, moves, chips = _collected(markers, p, "before the new shoe")
    steps.insert(0, Step("dealer", "change-decks", f"{p.cite('cover_card')}, {p.cite('new_decks')}",
                         "Change of decks: the cards are replaced with new decks."))
    moves = [Move(MoveKind.REPLACE, 0)] + [replace(m, step=m.step + 1) for m in moves]
    return Interlude(tuple(steps), tuple(moves), tuple(chips), tuple(seated), MappingProxyType({}))


@dataclass(frozen=True)
class WholeShoe:
    """A shoe from its preparation to the change of decks: the opening, then rounds and interludes in order."""

    seed: int | None
    profile: str
    seated: tuple[int, ...]
    opening: Opening
    parts: tuple[Round | Interlude, ...]

    @property
    def rounds(self) -> tuple[Round, ...]:
        return tuple(p for p in self.parts if isinstance(p, Round))

    @property
    def final_markers(self) -> dict[int, int]:
        """The vigorish still owed at the end: none, once the decks are changed."""
        return dict(self.parts[-1].markers)

    @property
    def balances(self) -> dict[str, int]:
        """Every party's net change over the shoe; the values sum to zero."""
        net: dict[str, int] = {}
        for part in self.parts:
            for party, cents in balances(part.chips).items():
                net[party] = net.get(party, 0) + cents
        return net


def deal_whole_shoe(rng: random.Random, profile: BaccaratProfile | str = "pa-631a", *, players: int | None = 5,
                    leave_rate: float = LEAVE_RATE, seed: int | None = None) -> WholeShoe:
    """A new shoe dealt to the end: ``players`` seated (random seats), each wagering new amounts every
    round; after a round one may leave (``leave_rate``); the change of decks closes it."""
    p = profile_named(profile)
    seated = tuple(b.seat for b in seat_bettors(rng, p, players))
    opening = open_table(rng, p, seated)
    table: TableState = opening.table
    parts: list[Round | Interlude] = []
    now = seated
    while not table.done:
        rnd, table = play_round(rng, table, seat_bettors(rng, p, seats=now), p, seed=seed)
        parts.append(rnd)
        if table.done:
            break
        staying = [s for s in now if s != table.curator]
        if len(now) > 1 and staying and rng.random() < leave_rate:
            part = leave_table(rng.choice(staying), now, table.markers, p)
            parts.append(part)
            now, table = part.seated, replace(table, markers=part.markers)
    parts.append(change_decks(now, table.markers, p))
    return WholeShoe(seed, p.name, seated, opening, tuple(parts))
