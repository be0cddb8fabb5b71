"""The games the trainer teaches, as a registry: drills, exams, progress and reports are generic over it.

A :class:`Game` names its profiles (a :class:`trainer.rules.profiles.Registry`), its drill package
and modules, its menu groups and how a drill's set-up is made from a profile. Each game's drill
package defines ``GAME``; :data:`GAME_PACKAGES` lists them in menu order. Code asks the registry
(``game_of_profile``, ``profile_named``), never ``if game == ...``.

>>> [g.id for g in games()], game_of_profile("pa-631a").id, profile_named("md").name
(['paigow', 'baccarat'], 'baccarat', 'md')
>>> profile_named("ohio")
Traceback (most recent call last):
...
trainer.rules.errors.UnknownNameError: unknown profile 'ohio' (choose from: md, nj, pa-2012, pa-2019, pa-631a, pa-631a-ez)
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Callable, Iterator

from trainer.rules.errors import UnknownNameError
from trainer.rules.profiles import Registry

if TYPE_CHECKING:
    from trainer.drills.model import Setup

#: The drill packages of the games, in menu order; each defines ``GAME``.
GAME_PACKAGES = ("trainer.drills.paigow", "trainer.drills.baccarat")


@dataclass(frozen=True)
class Game:
    """One game: id (stable: stored with skills), title, profiles, drill modules, menu groups.

    ``setup(profile, house_way)`` makes the :class:`Setup` a drill generator receives; a game
    without house ways ignores ``house_way``. ``warm_up(profile)``, if any, builds once what the
    game's screens would otherwise wait for on first use (run in a background thread at start-up).
    """

    id: str
    title: str
    profiles: Registry[Any]
    drill_package: str
    drill_modules: tuple[str, ...]
    groups: tuple[str, ...]
    setup: Callable[[Any, str | None], Setup]
    warm_up: Callable[[Any], None] | None = None
    #: How the ids of the game's skills begin (Baccarat's ``bac-``; "" for the first game's): a skill
    #: is looked up among its game's drills alone, so a question does not wait for the other games'.
    skill_prefix: str = ""

    @property
    def default_profile(self) -> str:
        return self.profiles.default


@cache
def _game_in(package: str) -> Game:
    return importlib.import_module(package).GAME


def _each_game() -> Iterator[Game]:
    """The games in menu order, each imported when reached: a lookup the first game answers does not
    wait for the others' packages (the app's start-up, issue 15)."""
    return (_game_in(package) for package in GAME_PACKAGES)


@cache
def games() -> tuple[Game, ...]:
    """Every game, in menu order."""
    return tuple(_each_game())


def first_game() -> Game:
    """The first game of the menu, the one played when nothing else was chosen."""
    return next(_each_game())


def game_of_skill(skill_id: str) -> Game:
    """The game a skill id belongs to, by its prefix (the longest that matches).

    >>> game_of_skill("bac-burn").id, game_of_skill("tile-compare").id
    ('baccarat', 'paigow')
    """
    return max((g for g in games() if skill_id.startswith(g.skill_prefix)), key=lambda g: len(g.skill_prefix))


def game_named(game_id: str) -> Game:
    for game in _each_game():
        if game.id == game_id:
            return game
    raise UnknownNameError("game", game_id, [g.id for g in games()])


def game_of_module(module: str) -> Game:
    """The game whose drill package holds ``module`` (a drill generator's ``__module__``)."""
    for game in games():
        if module.startswith(game.drill_package + "."):
            return game
    raise ValueError(f"{module} is in no game's drill package ({', '.join(GAME_PACKAGES)})")


def all_profile_names() -> list[str]:
    return sorted(name for g in games() for name in g.profiles.names())


def game_of_profile(profile: Any) -> Game:
    """The game a profile (or a profile's name) belongs to."""
    name = profile if isinstance(profile, str) else profile.name
    for game in _each_game():
        if name in game.profiles.items:
            return game
    raise UnknownNameError("profile", name, all_profile_names())


def profile_named(profile: Any) -> Any:
    """Any game's profile by name (a profile passes through)."""
    return game_of_profile(profile).profiles.named(profile)
