"""Learn pages and flashcards: what a family of skills teaches, computed from the engine, before it is tested.

A *family* is one of a game's menu groups (``Game.groups``: "Tiles", "House way", "Baccarat hands" …).
Each game's drill package has a ``learn`` module registering, with :func:`teaches`, the sections of its
families' pages; :func:`learn_page` builds a page under the active profile, so every fact cites that
profile's own text (MD 3.I under ``md``, N.J.A.C. 19:47-10.2(g) under ``nj``) and nothing foreign to the
profile appears (a skill the profile does not offer gives no example). The UI only renders these values.

A flashcard shows a fact's question, then its answer; the trainee rates it Again/Hard/Good/Easy like
Anki, and the rating is recorded, as a flashcard record of its own with its real time, on the same FSRS
card as the drill of that item (:func:`flashcard_question`, e.g. ``tile-id:6-6``;
``ProgressStore.record_flashcard``).

>>> page = learn_page("Tiles", "md")
>>> page.title, [s.title for s in page.sections][:2]
('Tiles', ['The 32 tiles by rank', 'Hands, from the highest'])
>>> page.sections[0].tiles[0].citations[0]
'MD 3.I'
>>> [c.key for c in flashcards("Tiles", "pa-2019")][:3]
['tile-id:6-6', 'tile-id:1-1', 'tile-id:4-4']
"""

from __future__ import annotations

import importlib
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from trainer.drills.games import game_named, game_of_profile, profile_named
from trainer.rules.errors import UnknownNameError


@dataclass(frozen=True)
class Fact:
    """One statement of a page and the sections that say it."""

    text: str
    citations: tuple[str, ...]


@dataclass(frozen=True)
class TileCard:
    """One face on the reference card of the tiles (621a.3, or the profile's sections)."""

    tile: str
    copies: int
    name: str
    chinese_name: str
    spots: int
    counts: int
    rank: int
    #: The face it makes a pair with (itself for a doubled face), the pair's name and rank (1-20).
    partner: str
    pair: str
    pair_rank: int
    #: The values a Gee Joon tile may count (3 or 6); () for the others.
    gee_joon: tuple[int, ...]
    citations: tuple[str, ...]


@dataclass(frozen=True)
class Frame:
    """One moment of a worked example: the tiles still to place, the high and low hands so far, and
    what the dealer thinks at that moment."""

    caption: str
    citations: tuple[str, ...]
    loose: tuple[str, ...]
    high: tuple[str, ...]
    low: tuple[str, ...]


@dataclass(frozen=True)
class Walkthrough:
    """Four tiles set step by step (an animation is its frames in order)."""

    title: str
    frames: tuple[Frame, ...]


@dataclass(frozen=True)
class Chart:
    """A table of cells (e.g. Table 1): row and column heads, each cell's text and the card it trains
    (``skill:item``); ``weak`` the cells the trainee has been missing."""

    corner: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]
    keys: tuple[tuple[str, ...], ...]
    weak: frozenset[str]
    citations: tuple[str, ...]


@dataclass(frozen=True)
class Example:
    """A worked example: a drill question with its answer and why (computed by the drill itself)."""

    prompt: str
    answer: str
    why: str
    citations: tuple[str, ...]


@dataclass(frozen=True)
class Section:
    """A part of a page; it holds the kind of content it has (the others empty)."""

    title: str
    facts: tuple[Fact, ...] = ()
    tiles: tuple[TileCard, ...] = ()
    #: Column heads of ``tiles``, each with the section that defines it.
    columns: tuple[Fact, ...] = ()
    walkthroughs: tuple[Walkthrough, ...] = ()
    chart: Chart | None = None
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class LearnPage:
    family: str
    title: str
    game: str
    sections: tuple[Section, ...]


@dataclass(frozen=True)
class Flashcard:
    """Front (the question), back (the answer and why, with its citations) and the card it trains."""

    skill: str
    item: str
    front: str
    back: str
    citations: tuple[str, ...]
    #: A tile to draw on the front, if any.
    tile: str = ""

    @property
    def key(self) -> str:
        return f"{self.skill}:{self.item}"


#: Builders of a section: ``(profile, weak keys) -> Section | None`` (None: nothing for this profile).
SectionBuilder = Callable[[Any, frozenset[str]], "Section | None"]
CardBuilder = Callable[[Any], "Iterable[Flashcard]"]

_SECTIONS: dict[tuple[str, str], list[SectionBuilder]] = defaultdict(list)
_CARDS: dict[tuple[str, str], list[CardBuilder]] = defaultdict(list)


def teaches(game: str, family: str) -> Callable[[SectionBuilder], SectionBuilder]:
    """Register a section of ``game``'s ``family`` page (sections appear in registration order)."""
    def register(build: SectionBuilder) -> SectionBuilder:
        _SECTIONS[(game, family)].append(build)
        return build
    return register


def cards_for(game: str, family: str) -> Callable[[CardBuilder], CardBuilder]:
    """Register a flashcard deck of ``game``'s ``family``."""
    def register(build: CardBuilder) -> CardBuilder:
        _CARDS[(game, family)].append(build)
        return build
    return register


def _load(game_id: str) -> None:
    """Import the game's ``learn`` module (``<drill package>.learn``), which registers its sections."""
    importlib.import_module(f"{game_named(game_id).drill_package}.learn")


def families(profile: Any) -> tuple[str, ...]:
    """The families of ``profile``'s game, in menu order: each has a Learn page."""
    return game_of_profile(profile).groups


def learn_page(family: str, profile: Any, weak: Iterable[str] = ()) -> LearnPage:
    """The Learn page of ``family`` under ``profile`` (a name or a profile); ``weak``: the trainee's weak
    ``skill:item`` keys (:func:`weak_keys`), marked where a page charts them."""
    prof = profile_named(profile)
    game = game_of_profile(prof)
    _load(game.id)
    if family not in game.groups:
        raise UnknownNameError("family", family, game.groups)
    marked = frozenset(weak)
    builders = _SECTIONS.get((game.id, family)) or [_worked_examples(family)]
    sections = tuple(s for s in (build(prof, marked) for build in builders) if s is not None)
    return LearnPage(family, family, game.id, sections)


def _worked_examples(family: str) -> SectionBuilder:
    """A family without a page of its own: a worked example of each of its skills the profile offers."""
    def build(profile: Any, weak: frozenset[str]) -> Section | None:
        from trainer.drills.registry import skills_for

        shown = examples([s.id for s in skills_for(profile) if s.group == family], profile, per_skill=1)
        return Section("Worked examples", examples=shown) if shown else None
    return build


def flashcards(family: str, profile: Any) -> tuple[Flashcard, ...]:
    """The flashcards of ``family`` under ``profile``, in teaching order (() if it has none)."""
    prof = profile_named(profile)
    game = game_of_profile(prof)
    _load(game.id)
    return tuple(card for build in _CARDS.get((game.id, family), ()) for card in build(prof))


def family_of(skill: str) -> str:
    """The family (menu group) of a skill id."""
    from trainer.drills.registry import skill_named

    return skill_named(skill).group


def examples(skills: Sequence[str], profile: Any, per_skill: int = 2, seed: int = 1) -> tuple[Example, ...]:
    """Worked examples: ``per_skill`` questions of each skill ``profile`` offers, answered and explained.

    >>> [e.answer for e in examples(["vigorish", "dice-wagers"], "nj", per_skill=1)]   # no dice wagers in nj
    ['$24.75']
    """
    from trainer.drills.answers import expected_text
    from trainer.drills.registry import generate, skills_for
    from trainer.drills.text import plain_words, without_citations

    offered = {s.id for s in skills_for(profile)}
    out = []
    for skill in (s for s in skills if s in offered):
        for n in range(per_skill):
            q = generate(skill, seed=seed + n, profile=profile)
            prompt = " ".join((q.prompt, *(p.prompt.rstrip("?") + "?" for p in q.parts)))
            out.append(Example(plain_words(prompt), plain_words(expected_text(q)),
                               plain_words(without_citations(q.explanation, q.citations)), q.citations))
    return tuple(out)


# -- flashcards and progress -------------------------------------------------------------------------

#: The self-ratings of a flashcard, in key order (1-4), as Anki names them.
RATINGS = ("Again", "Hard", "Good", "Easy")


def flashcard_question(card: Flashcard, profile: Any, seed: int = 0):
    """A drill question of the card's skill on the card's item (what the answer log stores with it)."""
    from trainer.drills.registry import generate

    return generate(card.skill, seed=seed, profile=profile, item=card.item, tries=5000)


def weak_keys(records: Iterable[Any], skills: Iterable[str] | None = None) -> frozenset[str]:
    """The ``skill:item`` keys a trainee is weak on: the last answer was wrong, or fewer than three in
    four right. ``records``: the answer log (objects with ``skill``, ``item``, ``correct``), oldest first.

    >>> from types import SimpleNamespace as R
    >>> sorted(weak_keys([R(skill="s", item="a", correct=False), R(skill="s", item="a", correct=True),
    ...                   R(skill="s", item="b", correct=True), R(skill="s", item="c", correct=False)]))
    ['s:a', 's:c']
    """
    wanted = set(skills) if skills is not None else None
    tally: dict[str, list[bool]] = defaultdict(list)
    for r in records:
        if wanted is None or r.skill in wanted:
            tally[f"{r.skill}:{r.item}"].append(bool(r.correct))
    return frozenset(k for k, marks in tally.items() if not marks[-1] or sum(marks) < 0.75 * len(marks))


class FlashcardDeck:
    """The cards of a deck in teaching order; a card rated Again comes back after ``GAP`` other cards
    (never the same card twice in a row while others are left), like Anki's learning steps.

    >>> deck = FlashcardDeck(flashcards("Baccarat hands", "pa-631a")[:5])
    >>> deck.rate("Again").item, [c.item for c in deck.upcoming()][:4]
    ('B3-0', ['B3-1', 'B3-2', 'B3-3', 'B3-0'])
    >>> _ = deck.rate("Good"); deck.reviewed, deck.missed
    (2, 1)
    """

    GAP = 3

    def __init__(self, cards: Iterable[Flashcard]) -> None:
        self._queue = list(cards)
        self.reviewed = 0
        self.missed = 0

    @property
    def current(self) -> Flashcard | None:
        return self._queue[0] if self._queue else None

    def upcoming(self) -> tuple[Flashcard, ...]:
        return tuple(self._queue)

    def rate(self, rating: str) -> Flashcard:
        """Rate the current card; Again puts it back ``GAP`` cards later. Returns the card rated."""
        if rating not in RATINGS:
            raise UnknownNameError("rating", rating, RATINGS)
        card = self._queue.pop(0)
        self.reviewed += 1
        if rating == "Again":
            self.missed += 1
            self._queue.insert(min(self.GAP, len(self._queue)), card)
        return card
