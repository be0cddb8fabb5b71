"""The skill registry: every drill, its generator, and ``generate`` to make a question from a seed.

Drill modules register their generators with ``@drill(...)``; a skill belongs to the game whose
drill package holds its module (``trainer.drills.games``), and is offered under that game's
profiles only. A module whose engine module is not installed yet is skipped, so its skills are
simply not offered.

>>> q = generate("tile-compare", seed=7)
>>> q == generate("tile-compare", seed=7), q.skill, q.seed
(True, 'tile-compare', 7)
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from trainer.drills.model import Draft, Feedback, Question, Setup
from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.drills.games import Game, game_named, game_of_module, game_of_profile, game_of_skill, games, profile_named
from trainer.rules.rng import new_seed

Generator = Callable[[random.Random, Setup], Draft]
#: The item the generator will make from ``rng`` (``preview(rng, setup)``), read at a fraction of the
#: cost of making the question: for a skill whose items are too rare to meet by making questions.
Preview = Callable[[random.Random, Setup], str]
#: A skill's items in teaching order under a set-up (``trainer.drills.items``).
Items = Callable[[Setup], tuple[str, ...]]
#: A game's profile (Pai Gow's ``Profile``, Baccarat's ``BaccaratProfile``, ...).
Profile = Any
DEFAULT_PROFILE = games()[0].default_profile


def _always(profile: Profile) -> bool:
    return True


@dataclass(frozen=True)
class Skill:
    """One drill: id (stable, stored in the progress log), title and group for menus, generator.

    ``applies(profile)`` says whether the profile has the rule (e.g. dice wagers only in
    ``pa-2019``). ``target_ms`` is a fluent answer time: the spaced-repetition rating uses it.
    ``needs_screen``: the question is shown as an animation, so text front ends (the terminal
    drill, printed exams) cannot ask it.
    """

    id: str
    title: str
    group: str
    description: str
    make: Generator
    advanced: bool = False
    applies: Callable[[Profile], bool] = _always
    target_ms: int = 8000
    needs_screen: bool = False
    #: The id of the game the skill belongs to (``trainer.drills.games``).
    game: str = "paigow"
    #: The item of the question a seed makes, without making it (see :data:`Preview`).
    preview: Preview | None = None
    #: The skill's items in teaching order (see :data:`Items`); None: found by making questions.
    items: Items | None = None


SKILLS: dict[str, Skill] = {}

#: Optional per-skill review of a wrong answer: adds e.g. the EV difference to the feedback.
Reviewer = Callable[[Question, Any, Feedback], Feedback]
_REVIEWERS: dict[str, Reviewer] = {}

#: Menu groups in display order, game by game (a name may recur in another game).
GROUPS = tuple(dict.fromkeys(group for game in games() for group in game.groups))
#: The games whose drill modules are imported.
_loaded: set[str] = set()


def drill(id: str, title: str, group: str, description: str, *, advanced: bool = False,
          applies: Callable[[Profile], bool] = _always, target_ms: int = 8000,
          needs_screen: bool = False, preview: Preview | None = None,
          items: Items | None = None) -> Callable[[Generator], Generator]:
    """Decorator registering a generator ``make(rng, setup) -> Draft`` as skill ``id``."""
    def register(make: Generator) -> Generator:
        if id in SKILLS:
            raise ValueError(f"skill {id} registered twice")
        game = game_of_module(make.__module__)
        if game_of_skill(id) is not game:
            raise ValueError(f"skill {id}: {game.title}'s skill ids begin with {game.skill_prefix!r}")
        if group not in game.groups:
            raise ValueError(f"skill {id}: group {group!r} is not one of {game.title}'s {game.groups}")
        SKILLS[id] = Skill(id, title, group, description, make, advanced, applies, target_ms, needs_screen,
                           game.id, preview, items)
        return make
    return register


def reviewer(skill_id: str) -> Callable[[Reviewer], Reviewer]:
    """Decorator registering ``review(question, parsed_answer, feedback) -> feedback`` for wrong answers."""
    def register(review: Reviewer) -> Reviewer:
        _REVIEWERS[skill_id] = review
        return review
    return register


def reviewer_for(skill_id: str) -> Reviewer | None:
    _load(game_of_skill(skill_id))
    return _REVIEWERS.get(skill_id)


def _load(game: Game | None = None) -> None:
    """Import the drill modules of ``game`` (None: of every game), each game's once: a question of one
    game's skill does not wait for the other games' drills."""
    for g in games() if game is None else (game,):
        if g.id in _loaded:
            continue
        _loaded.add(g.id)
        for name in (f"{g.drill_package}.{module}" for module in g.drill_modules):
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as exc:
                # An engine module written by someone else may not exist yet: skip its drills.
                if not (exc.name or "").startswith("trainer.rules"):
                    raise


def module_naming(game: Game, skill_id: str) -> str | None:
    """The first of ``game``'s drill modules whose source names ``skill_id``: the one that registers
    it, so that a first question waits for its own module only, not every drill of its game (issue
    15). None where there is no source to read (a bundle): then the whole game is loaded."""
    sources = {}
    for name in (f"{game.drill_package}.{module}" for module in game.drill_modules):
        spec = importlib.util.find_spec(name)
        try:
            sources[name] = Path(spec.origin).read_text(encoding="utf-8") if spec and spec.origin else ""
        except OSError:
            return None
    # registered by ``@drill("id", ...)``, else named in a module's table of skills (the dealer's actions)
    for named in (f'drill("{skill_id}"', f'"{skill_id}"'):
        found = next((name for name, text in sources.items() if named in text), None)
        if found:
            return found
    return None


def _in_menu_order() -> list[Skill]:
    """The skills loaded so far, in menu order (game, group, then registration)."""
    order = {(game.id, group): i for i, (game, group) in enumerate((g, x) for g in games() for x in g.groups)}
    return sorted(SKILLS.values(), key=lambda s: order[(s.game, s.group)])


def all_skills() -> list[Skill]:
    """Every registered skill, in menu order (game, group, then registration)."""
    _load()
    return _in_menu_order()


def skills_for(profile: Profile | str, *, advanced: bool = True) -> list[Skill]:
    """The skills the profile offers: its game's skills whose rule it has (``advanced=False``
    leaves out the advanced ones)."""
    p = profile_named(profile)
    game = game_of_profile(p)
    _load(game)
    return [s for s in _in_menu_order() if s.game == game.id and s.applies(p) and (advanced or not s.advanced)]


def skill_named(skill_id: str) -> Skill:
    """Look a skill up; an unknown id is an error listing the valid ones."""
    if skill_id not in SKILLS:
        game = game_of_skill(skill_id)
        module = module_naming(game, skill_id)
        if module:
            importlib.import_module(module)
        if skill_id not in SKILLS:
            _load(game)
    try:
        return SKILLS[skill_id]
    except KeyError:
        raise UnknownNameError("skill", skill_id, [s.id for s in all_skills()]) from None


#: The heading of skills no game knows (an old record's id).
OTHER_SKILLS = "Other"


def by_game(skill_ids: Iterable[str]) -> list[tuple[str, list[str]]]:
    """``skill_ids`` grouped under their game's title, games in menu order, each group in the given
    order; ids no game knows (an old record) last, under :data:`OTHER_SKILLS`. Empty groups left out.

    >>> by_game(["bac-burn", "tile-compare", "old-skill"])
    [('Pai Gow tiles', ['tile-compare']), ('Baccarat', ['bac-burn']), ('Other', ['old-skill'])]
    """
    _load()
    groups: dict[str, list[str]] = {game.title: [] for game in games()}
    titles = {game.id: game.title for game in games()}
    for skill in dict.fromkeys(skill_ids):
        known = SKILLS.get(skill)
        groups.setdefault(titles[known.game] if known else OTHER_SKILLS, []).append(skill)
    return [(title, ids) for title, ids in groups.items() if ids]


def check_offered(skill: Skill, profile: Profile) -> None:
    """Raise ``TrainerError`` (listing the profile's skills) unless ``profile`` has ``skill``'s rule."""
    if game_of_profile(profile).id != skill.game or not skill.applies(profile):
        valid = ", ".join(k.id for k in skills_for(profile))
        raise TrainerError(f"skill '{skill.id}' is not offered by profile {profile.name} (choose from: {valid})")


#: Item ids that do not read as words by themselves (the others read once their hyphens are spaces).
_ITEM_WORDS = {
    "far": "Far apart in rank", "close": "Close in rank", "same": "Same", "differs": "Differs",
    "exact": "Vigorish to the cent", "quarter": "Vigorish to 25¢", "values": "Hand values", "pairs": "Pairs",
    "zero": "Zero hands", "copy": "Copies", "house": "House bank", "bank": "Player bank", "dealer": "From the dealer",
    "bank-k": "Player bank, a later delivery", "dealer-k": "From the dealer, a later delivery",
    "co-bank": "Co-bank", "gee-joon-heaven": "Gee Joon and Heaven",
    "centre-collect": "Collect to the centre", "centre-pay": "Pay from the centre",
    **{f"step{n}": f"House way step {n}" for n in range(1, 5)},
}


def name_items(titles: dict[str, str]) -> None:
    """Give items named by data (a casino's rules, by their ids) the titles :func:`item_title` shows."""
    _ITEM_WORDS.update(titles)


#: Names the regulations capitalise.
_PROPER = ("Pai Gow", "Gee Joon", "Pair Fortunes", "Beat It", "Heaven", "Match", "Sum")


def item_title(item: str) -> str:
    """A skill item as a trainee reads it (the heat map, the report, what to practise next).

    >>> item_title("step2"), item_title("far"), item_title("pair-fortunes-pay"), item_title("6-6")
    ('House way step 2', 'Far apart in rank', 'Pair Fortunes pay', '6-6')
    >>> item_title("jung-quat")
    'Jung Quat (take the heart)'
    """
    if item in _ITEM_WORDS:
        return _ITEM_WORDS[item]
    style = profile_named(DEFAULT_PROFILE).style_names.get(item)
    if style or not item or item[0].isdigit():
        return style or item
    words = item.replace("-", " ").replace("_", " ")
    for name in _PROPER:
        words = words.replace(name.lower(), name)
    return words[:1].upper() + words[1:]


def profile_for(skill: Skill | str | None, profile: Profile | str | None) -> Profile:
    """``profile``, or when None the default profile of the skill's game (no skill: the first game's)."""
    if profile is not None:
        return profile_named(profile)
    game = game_named(skill_named(skill).game if isinstance(skill, str) else skill.game) if skill else games()[0]
    return profile_named(game.default_profile)


def profile_in_game(skill: Skill | str, profile: Profile | str | None) -> Profile:
    """``profile`` when it is of ``skill``'s game, else that game's default profile (a screen that
    offers every game's skills under one chosen profile)."""
    s = skill_named(skill) if isinstance(skill, str) else skill
    if profile is not None and game_of_profile(profile).id == s.game:
        return profile_named(profile)
    return profile_for(s, None)


def offered_skills(profile: Profile | str, *, advanced: bool = True) -> list[Skill]:
    """Every game's skills: those ``profile`` offers for its own game, the others' under their default profile."""
    own = game_of_profile(profile).id
    return [s for g in games() for s in skills_for(profile if g.id == own else g.default_profile, advanced=advanced)]


def generate(skill: str | Skill, *, seed: int | None = None, profile: Profile | str | None = None,
             house_way: str | None = None, item: str | None = None, tries: int = 200,
             casino: str | None = None) -> Question:
    """A question of ``skill`` from ``seed`` under ``profile`` (None: the skill's game's default)
    and ``house_way`` (profile default; games without house ways ignore it). ``casino``, the SHA-256 of
    a casino's Rules Submission (a stored question's ``casino``), puts the profile it amends in place of
    ``profile``: the question is made again on the casino's way and choices.

    With ``item``, seeds derived from ``seed`` are tried until the question trains that item
    (spaced repetition asks for a due item; a skill with a ``preview`` reads each seed's item
    without making its question); after ``tries`` any item is accepted. Same arguments, same
    question (spec R1), and the question's seed alone makes it again.
    """
    s = skill if isinstance(skill, Skill) else skill_named(skill)
    p = profile_for(s, casino_profile(casino, profile) if casino else profile)
    check_offered(s, p)
    setup = game_named(s.game).setup(p, house_way)
    seed = new_seed() if seed is None else seed
    if item is not None and s.preview is not None:
        return _previewed(s, seed, setup, item, tries * 50)
    question = _make(s, seed, setup)
    if item is not None:
        seeds = random.Random(seed)
        for _ in range(tries):
            if question.item == item:
                break
            question = _make(s, seeds.getrandbits(48), setup)
    return question


def _previewed(skill: Skill, seed: int, setup: Setup, item: str, tries: int) -> Question:
    """The question of the first seed (``seed``, then seeds derived from it) whose preview is ``item``;
    after ``tries`` seeds, the question of ``seed``."""
    assert skill.preview is not None
    seeds, candidate = random.Random(seed), seed
    for _ in range(tries):
        if skill.preview(random.Random(candidate), setup) == item:
            return _make(skill, candidate, setup)
        candidate = seeds.getrandbits(48)
    return _make(skill, seed, setup)


def casino_profile(casino: str, profile: Profile | str | None) -> Profile:
    """The profile the casino's Rules Submission with SHA-256 ``casino`` amends (``profile``, if given,
    must be the one it amends); a TrainerError when its text is nowhere on this PC."""
    from trainer.rules.casino import casino_by_digest

    amended = casino_by_digest(casino).profile
    name = profile if isinstance(profile, str) or profile is None else profile.name
    if name not in (None, amended.name):
        raise TrainerError(f"the casino's rules amend profile {amended.name}, not {name}")
    return amended


def _make(skill: Skill, seed: int, setup: Setup) -> Question:
    draft = skill.make(random.Random(seed), setup)
    return Question(skill=skill.id, seed=seed, profile=setup.profile.name, casino=setup.profile.casino_sha256,
                    house_way=setup.house_way.name if setup.house_way else "",
                    **{f: getattr(draft, f) for f in Draft.__dataclass_fields__})
