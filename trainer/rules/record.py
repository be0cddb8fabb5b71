"""What a round of any game records: the dealer's steps and the chip movements (integer cents, spec S1).

A round lists its steps and its chip movements in the order the dealer makes them; ``balances``
nets them per party, and the values always sum to zero (chips are conserved).

>>> moves = [ChipMove("seat1", HOUSE, 500, "losing wager collected", "631a.12(b)"),
...          ChipMove(HOUSE, "seat2", 1000, "winning wager paid 1 to 1", "631a.13(a)")]
>>> balances(moves)
{'seat1': -500, 'table_inventory': -500, 'seat2': 1000}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

#: The house's side of every movement: the table inventory container.
HOUSE = "table_inventory"


@dataclass(frozen=True, slots=True)
class ChipMove:
    """One movement of chips, as the dealer makes it: from, to, how much, why, and the section."""

    source: str
    target: str
    cents: int
    why: str
    citation: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of every ``round --json``: from, to, cents, why, citation."""
        return {"from": self.source, "to": self.target, "cents": self.cents, "why": self.why,
                "citation": self.citation}


def balances(moves: Iterable[ChipMove]) -> dict[str, int]:
    """Net change of every party; the values always sum to zero (chips are conserved)."""
    net: dict[str, int] = {}
    for m in moves:
        net[m.source] = net.get(m.source, 0) - m.cents
        net[m.target] = net.get(m.target, 0) + m.cents
    return net


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a round: who acts, what he does, where the rule is written, what is said."""

    actor: str
    action: str
    citation: str
    say: str = ""

    def to_dict(self) -> dict[str, str]:
        """The JSON shape of every ``round --json``: actor, action, citation, say."""
        return {"actor": self.actor, "action": self.action, "citation": self.citation, "say": self.say}
