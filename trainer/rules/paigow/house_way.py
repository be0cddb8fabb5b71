"""House ways: how the dealer (or the bank) must set four tiles into high and low hands.

The regulatory house way is 621a.8(d)(1)-(4) (md 8.D, nj 10.7(d); spec W1). A house way is data: an
ordered list of steps, each a criterion on a setting, a citation and its wording. The first step
that some setting satisfies decides, and every setting that meets it obeys the text (``allowed_settings``);
of those the trainer teaches the stronger high hand, then the stronger low hand (spec W2), a reading that
is never ground for a reset. Casino house ways are extra named data, never replacements (spec W3).

>>> d = set_by_house_way(parse_tiles("6-6 4-5 1-3 2-3"))
>>> str(d.setting), d.step, d.citation
('6-6 4-5 / 1-3 2-3', 2, '621a.8(d)(2)')
>>> set_by_house_way(parse_tiles("6-6 4-5 1-3 2-3"), profile=profile_named("md")).citation
'MD 8.D(2)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Protocol

from trainer.rules.errors import TrainerError, UnknownNameError
from trainer.rules.paigow.hands import Hand, HandKind, Setting, same_rank, settings
from trainer.rules.paigow.profiles import Profile, profile_named
from trainer.rules.paigow.tiles import Tile, parse_tiles


class Criterion(Protocol):
    """A test one setting passes or fails; ``why`` words it for the trainee."""

    def applies(self, setting: Setting) -> bool: ...

    def why(self, setting: Setting) -> str: ...


def _hands(setting: Setting) -> tuple[Hand, Hand]:
    return setting.high, setting.low


@dataclass(frozen=True)
class KeepsSupremePair:
    """A hand of the setting is the Supreme Pair (621a.8(d)(1))."""

    def applies(self, setting: Setting) -> bool:
        return any(h.kind is HandKind.SUPREME for h in _hands(setting))

    def why(self, setting: Setting) -> str:
        return "the Supreme Pair (1-2 with 2-4) is played together"


@dataclass(frozen=True)
class MakesPair:
    """A hand of the setting is a pair, Wong or Gong (621a.8(d)(2), 621a.3(c))."""

    def applies(self, setting: Setting) -> bool:
        return any(h.kind.is_pair for h in _hands(setting))

    def why(self, setting: Setting) -> str:
        made = [h for h in _hands(setting) if h.kind.is_pair]
        return " and ".join(f"{h} makes a {h.describe()}" for h in made)


@dataclass(frozen=True)
class MakesValue:
    """A hand of the setting has one of ``values`` (621a.8(d)(3): nine, eight or seven)."""

    values: tuple[int, ...] = (9, 8, 7)

    def applies(self, setting: Setting) -> bool:
        return any(h.value in self.values for h in _hands(setting))

    def why(self, setting: Setting) -> str:
        made = [h for h in _hands(setting) if h.value in self.values]
        return " and ".join(f"{h} is worth {h.value}" for h in made)


@dataclass(frozen=True)
class HighestWithLowest:
    """The highest-ranking tile is played with the lowest-ranking tile (621a.8(d)(4), 621a.3(h))."""

    def applies(self, setting: Setting) -> bool:
        tiles = setting.tiles
        top = min(tiles, key=lambda t: t.rank)
        bottom = max(tiles, key=lambda t: t.rank)
        return any(top in h.tiles and bottom in h.tiles for h in _hands(setting))

    def why(self, setting: Setting) -> str:
        tiles = setting.tiles
        top = min(tiles, key=lambda t: t.rank)
        bottom = max(tiles, key=lambda t: t.rank)
        return f"the highest-ranking tile {top} goes with the lowest-ranking tile {bottom}"


@dataclass(frozen=True)
class Step:
    """One step of a house way: a criterion, its citation, and its published wording.

    ``item`` is the step's number in the regulations' house way (621a.8(d)(1)-(4), md 8.D(1)-(4),
    nj 10.7(d)1-4), cited in the active profile's own text; None for a casino's own step.
    """

    number: int
    citation: str
    wording: str
    criterion: Criterion
    item: int | None = None
    #: how the trainee reads the step's name ("" : ``Step {number}``): a casino's way keeps the
    #: regulation's own numbers for the steps after its rules, as its Learn page shows them (issue 40)
    label: str = ""

    @property
    def heading(self) -> str:
        """``Step 2``, or the step's own name (a casino's rules)."""
        return self.label or f"Step {self.number}"

    def cite(self, profile: Profile | None = None) -> str:
        """The step's section in ``profile``'s text (``citation`` when it is no regulatory item)."""
        return self.citation if self.item is None or profile is None else profile.cite_item("house_way", self.item)


@dataclass(frozen=True)
class HouseWay:
    """A named house way: the steps in order, with the source of its wording.

    ``rule``: the profile rule whose section the title cites (the regulatory house way's), if any.
    """

    name: str
    title: str
    source: str
    steps: tuple[Step, ...]
    rule: str | None = None

    def heading(self, profile: Profile | None = None) -> str:
        """The title with the section of ``profile``'s text, e.g. ``Regulatory house way (MD 8.D)``."""
        if self.rule is None:
            return self.title
        return f"{self.title} ({(profile or profile_named('pa-2019')).cite(self.rule)})"


@dataclass(frozen=True)
class Decision:
    """The setting a house way chooses, the step that decided it and why (for the trainee)."""

    setting: Setting
    step: int
    citation: str
    explanation: str
    house_way: str


_REGULATORY_STEPS = (
    Step(1, "621a.8(d)(1)", "If the dealer has the Supreme Pair, it shall be played as the Supreme Pair.",
         KeepsSupremePair(), 1),
    Step(2, "621a.8(d)(2)", "If possible, the dealer shall always play a pair, Wong or Gong.", MakesPair(), 2),
    Step(3, "621a.8(d)(3)", "If the dealer does not have a pair, Wong or Gong, the dealer shall play any "
         "two tiles together which have a value equal to nine, eight or seven.", MakesValue(), 3),
    Step(4, "621a.8(d)(4)", "If the dealer does not have a pair, Wong, Gong or a combination of two tiles "
         "with a value of nine, eight or seven, the dealer shall play the highest ranking tile with the "
         "lowest ranking tile.", HighestWithLowest(), 4),
)

#: The house way of the regulations: profile default in every jurisdiction (spec W1).
REGULATORY = HouseWay(
    name="regulatory",
    title="Regulatory house way",
    source="58 Pa. Code 621a.8(d)(1)-(4); md 8.D(1)-(4); N.J.A.C. 19:47-10.7(d)1-4; tie-break spec W2",
    steps=_REGULATORY_STEPS,
    rule="house_way",
)

HOUSE_WAYS: dict[str, HouseWay] = {hw.name: hw for hw in (REGULATORY,)}
#: Casino ways built from Rules Submission files loaded in this process (``casino_rules`` adds them
#: here, so this module need not know how a file is read).
LOADED_WAYS: dict[str, HouseWay] = {}


def house_way_named(name: str) -> HouseWay:
    """Look a house way up by name (a casino's, from a Rules Submission file loaded in this process, by
    the name it was given); an unknown name lists the valid ones."""
    way = HOUSE_WAYS.get(name) or LOADED_WAYS.get(name)
    if way is None and name.startswith("casino-"):  # a casino's way (questions made before they named its file)
        raise TrainerError("this was made on a casino's house way whose rules are not loaded (open the casino's "
                           "file: File → Casino rules… in the app, --casino-rules FILE on the command line)")
    if way is None:
        raise UnknownNameError("house way", name, sorted(HOUSE_WAYS))
    return way


def _strength(setting: Setting) -> tuple[int, int]:
    """Spec W2: the stronger high hand, then the stronger low hand."""
    return setting.high.score, setting.low.score


@dataclass(frozen=True)
class Allowed:
    """What a house way allows for four tiles: the step that decides (the first that some setting meets)
    and every setting that meets it. The text of the step is the rule: each of these settings obeys it,
    and no other does (621a.8(d), md 8.D, nj 10.7(d); spec W1). Which one to *teach* is the reading's
    tie-break (spec W2), not a ground for a reset (621a.10(f)).

    >>> a = allowed_settings(parse_tiles("1-1 4-4 4-5 2-4"))
    >>> a.step.number, sorted(map(str, a.settings))   # MD 8.D(2): the Gong and the Wong both play a pair
    (2, ['1-1 4-4 / 4-5 2-4', '1-1 4-5 / 4-4 2-4'])
    """

    step: Step
    settings: frozenset[Setting]

    def allows(self, setting: Setting) -> bool:
        """True when ``setting`` meets the deciding step: the same two hands, whatever the order of their
        tiles (3-6 and 4-5 rank alike, so a hand may list either first) or of the hands themselves."""
        return _hands_key(setting) in {_hands_key(s) for s in self.settings}


def _hands_key(setting: Setting) -> frozenset[tuple[Tile, ...]]:
    return frozenset(tuple(sorted(h.tiles)) for h in (setting.high, setting.low))


def allowed_settings(tiles: Iterable[Tile], house_way: HouseWay = REGULATORY) -> Allowed:
    """Every setting of four tiles that meets the first step of ``house_way`` some setting meets."""
    options = settings(tiles)
    for step in house_way.steps:
        chosen = frozenset(s for s in options if step.criterion.applies(s))
        if chosen:
            return Allowed(step, chosen)
    raise AssertionError(f"house way {house_way.name} has no final step that always applies")


def set_by_house_way(tiles: Iterable[Tile], house_way: HouseWay = REGULATORY,
                     profile: Profile | None = None) -> Decision:
    """Set four tiles by ``house_way``: the first step some setting satisfies decides (spec W1), and the
    reading's tie-break picks one of the settings it allows (spec W2; ``allowed_settings`` gives them all).

    The citation and explanation name ``profile``'s sections (pa-2019's when None).

    >>> d = set_by_house_way(parse_tiles("6-6 1-2 5-5 3-4"))
    >>> str(d.setting), d.step   # 6-6 1-2 = 8 (1-2 counts 6) and 6-6 3-4 = 9 both meet step 3; W2 takes 9
    ('6-6 3-4 / 5-5 1-2', 3)
    >>> set_by_house_way(parse_tiles("1-1 2-3 4-6 2-5")).step   # 1-1 4-6 = 2, 1-1 2-5 = 9
    3
    """
    tiles = tuple(tiles)
    options, allowed = settings(tiles), allowed_settings(tiles, house_way)
    step, chosen = allowed.step, list(dict.fromkeys(s for s in options if s in allowed.settings))
    best = max(chosen, key=_strength)
    return Decision(best, step.number, step.cite(profile), _explain(step, best, chosen, house_way, profile),
                    house_way.name)


def _explain(step: Step, setting: Setting, chosen: list[Setting], house_way: HouseWay, profile: Profile | None) -> str:
    text = f"{step.heading} ({step.cite(profile)}): {step.wording} Here {step.criterion.why(setting)}."
    zero_rule = profile.zero_zero_to_banker if profile else True
    if len(chosen) > 1 and all(same_rank(s, setting, zero_zero_to_banker=zero_rule) for s in chosen):
        text += (f" {' and '.join(map(str, chosen))} all meet this step and make hands of equal rank: any of them "
                 "is set by the house way.")
    elif len(chosen) > 1:
        others = " and ".join(str(s) for s in chosen if s != setting)
        text += (f" {others} also {'meets' if len(chosen) == 2 else 'meet'} this step, and the text does not say "
                 "which to play: each obeys the house way and none is reset. The trainer's reading teaches "
                 f"{setting}, the stronger high hand, then the stronger low hand (spec W2).")
    return f"{text} House way in force: {house_way.heading(profile)}."


def house_way_setting_index(tiles: tuple[Tile, ...], house_way: HouseWay = REGULATORY) -> int:
    """Index (0-2) in ``settings(tiles)`` of the house-way setting."""
    chosen = set_by_house_way(tiles, house_way).setting
    return next(i for i, s in enumerate(settings(tiles)) if s == chosen)
