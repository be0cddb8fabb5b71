"""The profile mechanism shared by every game: a rule book citing its own text, and a registry.

A game's profile (Pai Gow's jurisdictions, Baccarat's table options) says where each rule is
written, so every explanation cites the profile's own regulation; lookups by name fail with a
message listing the valid names.

>>> book = RuleBook("x", "Example", "x.md", "§ ", {"deal": "1(a)"})
>>> book.cite("deal"), book.has("pay")
('§ 1(a)', False)
>>> Registry("profile", [book], "x").named("y")
Traceback (most recent call last):
...
trainer.rules.errors.UnknownNameError: unknown profile 'y' (choose from: x)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Iterable, Protocol, TypeVar

from trainer.rules.errors import UnknownNameError


@dataclass(frozen=True)
class RuleBook:
    """A named rule set: its title, regulation file, section prefix and sections by rule key."""

    name: str
    title: str
    source_file: str
    section_prefix: str
    sections: dict[str, str]

    def cite(self, rule: str) -> str:
        """The section of this profile's text for ``rule``, e.g. ``631a.11(c)`` or ``N.J.A.C. 19:47-10.7(k)``."""
        try:
            return f"{self.section_prefix}{self.sections[rule]}"
        except KeyError:
            raise KeyError(f"profile {self.name} has no section for rule '{rule}'") from None

    def has(self, rule: str) -> bool:
        return rule in self.sections


class _Named(Protocol):
    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=_Named)


class Registry(Generic[T]):
    """Values by name, with a default; ``named`` raises ``UnknownNameError`` listing the names."""

    def __init__(self, kind: str, items: Iterable[T], default: str) -> None:
        self.kind = kind
        self.items: dict[str, T] = {item.name: item for item in items}
        if default not in self.items:
            raise ValueError(f"default {kind} {default!r} is not registered")
        self.default = default

    def named(self, name: str | T) -> T:
        """Look ``name`` up (a value passes through unchanged)."""
        if not isinstance(name, str):
            return name
        try:
            return self.items[name]
        except KeyError:
            raise UnknownNameError(self.kind, name, sorted(self.items)) from None

    def names(self) -> tuple[str, ...]:
        return tuple(self.items)
