"""A skill's items in teaching order, and questions made for a chosen item.

Each question trains one *item* of its skill (a tile face, a house-way step, a cell of Table 1): the
spaced-repetition card. :func:`items` lists a skill's items in the order a trainee meets them: the
order its drill module registers (``@drill(..., items=...)``: tiles by rank, Table 1 row by row, ...),
else the items found by making questions from fixed seeds, the commonest first.

:class:`ItemQuestions` makes questions for chosen items from one seeded stream: every seed it tries
is kept under its item, so asking for the items of a session in turn costs about as many questions
as meeting each item once (a generic search: no drill needs an item-targeted generator).

>>> items("tile-id", "pa-2019")[:4]
('6-6', '1-1', '4-4', '1-3')
>>> source = ItemQuestions("tile-id", "pa-2019", seed=3)
>>> [source.question("5-5").item, source.question("1-3").item]
['5-5', '1-3']
>>> same = [ItemQuestions("tile-id", "pa-2019", seed=3).question("5-5") for _ in range(2)]
>>> same[0] == same[1]
True
"""

from __future__ import annotations

import random
import re
from collections import Counter

from trainer.drills.games import game_named
from trainer.drills.model import Question, Setup
from trainer.drills.registry import Profile, Skill, _make, check_offered, item_title, profile_for, skill_named

#: Seeds made to find a skill's items when its module lists none (enough to meet an item 1 in 50).
DISCOVERY_SEEDS = 150
#: Seeds tried for one item before any other item is accepted (an item the generator never makes).
TRIES = 3000


def _setup(skill: Skill, profile: Profile | str | None, house_way: str | None) -> Setup:
    p = profile_for(skill, profile)
    check_offered(skill, p)
    return game_named(skill.game).setup(p, house_way)


_ITEMS: dict[tuple[str, str, str, str], tuple[str, ...]] = {}


def items(skill_id: str, profile: Profile | str | None = None, house_way: str | None = None) -> tuple[str, ...]:
    """``skill_id``'s items under ``profile`` (None: the skill's game's default; a casino's amended profile
    has its own, e.g. its house way's rules) in teaching order."""
    skill = skill_named(skill_id)
    setup = _setup(skill, profile, house_way)
    key = (skill.id, setup.profile.name, setup.profile.casino_sha256, setup.house_way.name if setup.house_way else "")
    if key not in _ITEMS:
        if skill.items is not None:
            _ITEMS[key] = tuple(skill.items(setup))
        else:
            found = Counter(_item_of(skill, seed, setup) for seed in range(DISCOVERY_SEEDS))
            _ITEMS[key] = tuple(item for item, _ in sorted(found.items(), key=lambda kv: (-kv[1], kv[0])))
    return _ITEMS[key]


#: Compact items of the Baccarat hand drills, in words (a session's review names its missed items).
_CODED = (
    (re.compile(r"B(\d)-s"), "Banker {0}, the Player stood"),
    (re.compile(r"B(\d)-(\d)"), "Banker {0}, the Player's third card {1}"),
    (re.compile(r"P(\d)-natural"), "Player {0} against a Natural"),
    (re.compile(r"P(\d)"), "Player {0}"),
    (re.compile(r"(\d)-cards-(\d)"), "{0} cards counting {1}"),
)


def item_name(item: str) -> str:
    """An item as the review names it: :func:`item_title`, and Baccarat's cells in words.

    >>> item_name("B3-8"), item_name("B5-s"), item_name("3-cards-7"), item_name("5-5")
    ("Banker 3, the Player's third card 8", 'Banker 5, the Player stood', '3 cards counting 7', '5-5')
    """
    for pattern, words in _CODED:
        match = pattern.fullmatch(item)
        if match:
            return words.format(*match.groups())
    return item_title(item)


def _item_of(skill: Skill, seed: int, setup: Setup) -> str:
    if skill.preview is not None:
        return skill.preview(random.Random(seed), setup)
    return _make(skill, seed, setup).item


class ItemQuestions:
    """Questions of one skill for chosen items, from one seeded stream (same seed, same questions).

    ``question(item)`` takes the first unused seed of the stream already known to make ``item``, else
    tries further seeds of the stream (keeping each under its item for later); after :data:`TRIES`
    it gives the next seed's question whatever its item. ``question(None)``: the next seed's.
    """

    def __init__(self, skill: str, profile: Profile | str | None = None, house_way: str | None = None, *,
                 seed: int | None = None) -> None:
        self.skill = skill_named(skill)
        self._setup = _setup(self.skill, profile, house_way)
        self._seeds = random.Random(seed)
        self._found: dict[str, list[Question | int]] = {}

    def _next(self) -> Question | int:
        seed = self._seeds.getrandbits(48)
        return seed if self.skill.preview is not None else _make(self.skill, seed, self._setup)

    def _question(self, made: Question | int) -> Question:
        return _make(self.skill, made, self._setup) if isinstance(made, int) else made

    def _item(self, made: Question | int) -> str:
        if isinstance(made, int):
            assert self.skill.preview is not None
            return self.skill.preview(random.Random(made), self._setup)
        return made.item

    def question(self, item: str | None) -> Question:
        """A question training ``item`` (see the class docstring)."""
        if item is None:
            return self._question(self._next())
        if self._found.get(item):
            return self._question(self._found[item].pop(0))
        for _ in range(TRIES):
            made = self._next()
            if self._item(made) == item:
                return self._question(made)
            self._found.setdefault(self._item(made), []).append(made)
        return self._question(self._next())
