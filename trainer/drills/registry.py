"""The skill registry: every drill, its generator, and ``generate`` to make a question from a seed.

Drill modules register their generators with ``@drill(...)``. A module whose engine module is not
installed yet (e.g. ``trainer.rules.paigow.delivery``) is skipped, so its skills are simply not offered.

>>> q = generate("tile-compare", seed=7)
>>> q == generate("tile-compare", seed=7), q.skill, q.seed
(True, 'tile-compare', 7)
"""

from __future__ import annotations

import importlib
import random
import secrets
from dataclasses import dataclass
from typing import Any, Callable

from trainer.drills.model import Draft, Feedback, Question, Setup
from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.paigow.house_way import house_way_named
from trainer.rules.paigow.profiles import DEFAULT_PROFILE, Profile, profile_named

Generator = Callable[[random.Random, Setup], Draft]


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


SKILLS: dict[str, Skill] = {}

#: Optional per-skill review of a wrong answer: adds e.g. the EV difference to the feedback.
Reviewer = Callable[[Question, Any, Feedback], Feedback]
_REVIEWERS: dict[str, Reviewer] = {}

#: Menu groups in display order.
GROUPS = ("Tiles", "Hands", "House way", "Payouts", "Dealing", "Dealer's seat", "Calling the game")

#: Drill modules, imported once on first use of the registry.
_MODULES = ("tile_drills", "hand_drills", "house_way_drills", "payout_drills", "side_wager_drills",
            "table_drills", "dealing_drills", "dealer_round")
_loaded = False


def drill(id: str, title: str, group: str, description: str, *, advanced: bool = False,
          applies: Callable[[Profile], bool] = _always, target_ms: int = 8000,
          needs_screen: bool = False) -> Callable[[Generator], Generator]:
    """Decorator registering a generator ``make(rng, setup) -> Draft`` as skill ``id``."""
    def register(make: Generator) -> Generator:
        if id in SKILLS:
            raise ValueError(f"skill {id} registered twice")
        SKILLS[id] = Skill(id, title, group, description, make, advanced, applies, target_ms, needs_screen)
        return make
    return register


def reviewer(skill_id: str) -> Callable[[Reviewer], Reviewer]:
    """Decorator registering ``review(question, parsed_answer, feedback) -> feedback`` for wrong answers."""
    def register(review: Reviewer) -> Reviewer:
        _REVIEWERS[skill_id] = review
        return review
    return register


def reviewer_for(skill_id: str) -> Reviewer | None:
    _load()
    return _REVIEWERS.get(skill_id)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for name in _MODULES:
        try:
            importlib.import_module(f"trainer.drills.paigow.{name}")
        except ModuleNotFoundError as exc:
            # An engine module written by someone else may not exist yet: skip its drills.
            if not (exc.name or "").startswith("trainer.rules"):
                raise


def all_skills() -> list[Skill]:
    """Every registered skill, in menu order (group, then registration)."""
    _load()
    return sorted(SKILLS.values(), key=lambda s: GROUPS.index(s.group))


def skills_for(profile: Profile | str, *, advanced: bool = True) -> list[Skill]:
    """The skills the profile offers (``advanced=False`` leaves out the advanced ones)."""
    p = profile_named(profile) if isinstance(profile, str) else profile
    return [s for s in all_skills() if s.applies(p) and (advanced or not s.advanced)]


def skill_named(skill_id: str) -> Skill:
    """Look a skill up; an unknown id is an error listing the valid ones."""
    _load()
    try:
        return SKILLS[skill_id]
    except KeyError:
        raise UnknownNameError("skill", skill_id, [s.id for s in all_skills()]) from None


def check_offered(skill: Skill, profile: Profile) -> None:
    """Raise ``TrainerError`` (listing the profile's skills) unless ``profile`` has ``skill``'s rule."""
    if not skill.applies(profile):
        valid = ", ".join(k.id for k in skills_for(profile))
        raise TrainerError(f"skill '{skill.id}' is not offered by profile {profile.name} (choose from: {valid})")


def new_seed() -> int:
    """A fresh seed for a question nobody asked to replay (still recorded with it, spec R1)."""
    return secrets.randbits(48)


def generate(skill: str | Skill, *, seed: int | None = None, profile: Profile | str = DEFAULT_PROFILE,
             house_way: str | None = None, item: str | None = None, tries: int = 200) -> Question:
    """A question of ``skill`` from ``seed`` under ``profile`` and ``house_way`` (profile default).

    With ``item``, seeds derived from ``seed`` are tried until the question trains that item
    (spaced repetition asks for a due item); after ``tries`` any item is accepted. Same arguments,
    same question (spec R1).
    """
    s = skill if isinstance(skill, Skill) else skill_named(skill)
    p = profile_named(profile) if isinstance(profile, str) else profile
    check_offered(s, p)
    setup = Setup(p, house_way_named(house_way or p.default_house_way))
    seed = new_seed() if seed is None else seed
    question = _make(s, seed, setup)
    if item is not None:
        seeds = random.Random(seed)
        for _ in range(tries):
            if question.item == item:
                break
            question = _make(s, seeds.getrandbits(48), setup)
    return question


def _make(skill: Skill, seed: int, setup: Setup) -> Question:
    draft = skill.make(random.Random(seed), setup)
    return Question(skill=skill.id, seed=seed, profile=setup.profile.name, house_way=setup.house_way.name,
                    **{f: getattr(draft, f) for f in Draft.__dataclass_fields__})
