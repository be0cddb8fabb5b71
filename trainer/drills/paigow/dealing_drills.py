"""Dealing drills: the dice count to the starting position, which position a tile is delivered to
in a style, and naming a style from its moves.

Rules: 621a.6(c)-(d), 621a.9(j)-(k), 621a.7 (md 6.B-C, 7.B, 9.K-L; nj 10.6(c)-(d), 10.8(j)-(k));
spec D3 (count), D6 (styles); spec JQ18 (seat numbering). ``data``:
``dice``, ``total``, ``origin`` (``dealer`` or the bank's seat), and ``k`` (dice-start); ``style``,
``tile`` (a stack/layer address such as ``S3/2``) (delivery-tile); ``style`` and ``moves`` (the
captions shown) (style-name); ``style``, ``woodpile_seed``, ``dice``, ``bank`` (a seat or None) and
``animation`` (True) (style-animation): the deal the app animates, rebuilt by
``trainer.ui.paigow.timeline.plan_for`` exactly as :func:`animation_plan` builds it.
"""

from __future__ import annotations

import random
import re
from typing import Any, Mapping, Sequence

from trainer.drills.paigow.common import draft
from trainer.drills.model import AnswerKind, Draft, Setup
from trainer.drills.registry import drill
from trainer.drills.paigow.tile_drills import ordinal
from trainer.rules.paigow.delivery import DEFAULT_STYLE, DeliveryPlan, MoveKind, deal, plan_delivery, style_name
from trainer.rules.paigow.dice import Method, Roll, dice_colours, roll
from trainer.rules.paigow.positions import ORDER, SEATS, Position, receiving_order
from trainer.rules.paigow.woodpile import Woodpile

_POSITION_CHOICES = tuple(p.value for p in ORDER)


def _origin(rng: random.Random, setup: Setup, bank_share: float = 0.4) -> Position | None:
    """The bank's seat in a player-bank round (when the profile has one), else None (the dealer)."""
    return rng.choice(SEATS) if setup.profile.player_bank and rng.random() < bank_share else None


def _roll(rng: random.Random, setup: Setup, bank: Position | None) -> Roll:
    return roll(rng, Method.MANUAL, profile=setup.profile, bank_round=bank is not None,
                colours=dice_colours(setup.profile))


def _count_text(total: int, origin: Position) -> str:
    counted = receiving_order(origin)
    steps = ", ".join(f"{k} {counted[(k - 1) % 8]}" for k in range(1, total + 1))
    return f"counting {total} counterclockwise with {origin} as number one: {steps}"


def _count_cites(setup: Setup, bank: Position | None) -> list[str]:
    return [setup.profile.cite("count_bank" if bank else "count"), "spec D3.2", "spec JQ18"]


def _round_words(bank: Position | None) -> str:
    return f"a player-bank round, the bank at {bank}" if bank else "a house-banked round"


@drill("dice-start", "Dice to starting position", "Dealing",
       "Count the dice total to the position that receives the first stack (or the k-th).", target_ms=6000)
def dice_start(rng: random.Random, setup: Setup) -> Draft:
    bank = _origin(rng, setup)
    origin = bank or Position.DEALER
    number = _roll(rng, setup, bank)
    k = 1 if rng.random() < 0.7 else rng.randint(2, 8)
    start = receiving_order(origin)[(number.total - 1) % 8]
    answer = receiving_order(start)[k - 1]
    which = "the first stack" if k == 1 else f"delivery #{k}"
    why = f"The start is {start}, {_count_text(number.total, origin)}."
    if k > 1:
        why += f" Delivery #{k} goes to the {ordinal(k)} position counterclockwise from the start: {answer}."
    return draft(f"In {_round_words(bank)}, the dice show {number.spoken}. Which position receives {which}?",
                 AnswerKind.POSITION, answer.value, why,
                 _count_cites(setup, bank) + (["spec D3.4"] if k > 1 else []),
                 f"{'bank' if bank else 'dealer'}{'' if k == 1 else '-k'}", choices=_POSITION_CHOICES,
                 data={"dice": list(number.dice), "total": number.total, "origin": origin.value, "k": k},
                 hint="Count the origin as number one; 9 and 17 come back to the origin.")


def _style_round(rng: random.Random, setup: Setup, bank_share: float) -> tuple[str, Position | None]:
    """A style the profile offers and a bank seat where the style needs one (nj: only a bank chooses)."""
    style = rng.choice(setup.profile.styles)
    bank = _origin(rng, setup, bank_share)
    if bank is None and style != DEFAULT_STYLE and setup.profile.style_chooser == "bank":
        bank = rng.choice(SEATS)
    return style, bank


def _plan(rng: random.Random, setup: Setup, bank_share: float) -> DeliveryPlan:
    style, bank = _style_round(rng, setup, bank_share)
    # The fixture woodpile: tile ids are their addresses, so a question can name a tile by place.
    return plan_delivery(Woodpile.fixture(), style, _roll(rng, setup, bank), profile=setup.profile, bank=bank)


@drill("delivery-tile", "Where a tile goes", "Dealing",
       "In a given delivery style, which position receives the tile at a given place in the woodpile.",
       target_ms=15000, items=lambda setup: tuple(setup.profile.styles))
def delivery_tile(rng: random.Random, setup: Setup) -> Draft:
    plan = _plan(rng, setup, 0.3)
    tile = rng.randrange(32)
    stack, layer = plan.woodpile.address(tile)
    delivery = next(d for d in plan.deliveries if tile in d.tiles)
    move = next(m for m in plan.moves if m.kind is MoveKind.DELIVER and m.number == delivery.number)
    name = style_name(plan.style, setup.profile)
    why = (f"The start is {plan.start}, {_count_text(plan.roll.total, plan.origin)}. In {name}, {stack}/{layer} is "
           f"part of delivery #{delivery.number}: {move.caption}.")
    return draft(f"In {_round_words(plan.bank)}, the style is {name} and the dice total {plan.roll.total}. Which "
                 f"position receives the tile at {stack}/{layer} (stack {stack} counted from the dealer's right, "
                 f"layer {layer} from the top)?", AnswerKind.POSITION, delivery.position.value, why,
                 [move.citation] + _count_cites(setup, plan.bank) + ["spec D3.4"], plan.style,
                 choices=_POSITION_CHOICES,
                 data={"style": plan.style, "total": plan.roll.total, "dice": list(plan.roll.dice),
                       "origin": plan.origin.value, "tile": f"{stack}/{layer}"},
                 hint="Find the start from the count, then which delivery number takes that tile in this style.")


#: Moves that show the style: the indication and the deal, not the spoken, dice or marker steps.
_SHOWN = {MoveKind.PUSH, MoveKind.STACK_ONTO, MoveKind.LAY_DIAGONAL, MoveKind.CENTER, MoveKind.CLOSE_GAP,
          MoveKind.DELIVER}


def _caption(text: str) -> str:
    """A caption with the style's own glosses removed ("(the dragon head)" would give the answer)."""
    return re.sub(r" \(the (dragon head|phoenix tail)\)", "", text)


def _mirror(style: str) -> str | None:
    for a, b in (("-right", "-left"), ("-left", "-right")):
        if style.endswith(a):
            return style[: -len(a)] + b
    return None


def _style_choices(rng: random.Random, setup: Setup, style: str) -> tuple[dict[str, str], tuple[str, ...]]:
    """The profile's style names, and the choices: ``style``, its mirror, and two others, shuffled."""
    names = {s: style_name(s, setup.profile) for s in setup.profile.styles}
    mirror = _mirror(style)
    others = [s for s in setup.profile.styles if s not in (style, mirror)]
    picked = [style] + ([mirror] if mirror in names else []) + rng.sample(others, min(len(others), 2))
    rng.shuffle(picked)
    return names, tuple(names[s] for s in picked)


def _deliver_citation(plan: DeliveryPlan) -> str:
    return next(m.citation for m in plan.moves if m.kind is MoveKind.DELIVER)


@drill("style-name", "Name the delivery style", "Dealing", "Name a delivery style from the dealer's moves.",
       target_ms=15000, items=lambda setup: tuple(setup.profile.styles))
def style_from_moves(rng: random.Random, setup: Setup) -> Draft:
    plan = _plan(rng, setup, 0.0)
    names, choices = _style_choices(rng, setup, plan.style)
    captions = [_caption(m.caption) for m in plan.moves if m.kind in _SHOWN]
    why = f"These are the moves of {names[plan.style]}; its mirror style works from the other end of the row."
    return draft("Which delivery style is this? " + " / ".join(captions), AnswerKind.CHOICE, names[plan.style],
                 why, [_deliver_citation(plan), "spec D6"], plan.style, choices=choices,
                 data={"style": plan.style, "moves": captions},
                 hint="Where does the dealer start, and what is pushed forward first?")


def animation_plan(style: str, woodpile_seed: int, dice: Sequence[int], bank: str | None,
                   profile: str) -> DeliveryPlan:
    """The deal a style-animation question shows: the table screen's round for that seed and dice.

    The engine's ``deal`` from ``random.Random(woodpile_seed)`` with the dice given as text, as
    ``trainer.ui.paigow.timeline.plan_for`` deals it, so the screen rebuilds this very plan from the
    question's data (tests/test_ui_drills.py checks the two are equal).
    """
    roll = Roll.parse(",".join(map(str, dice)))
    return deal(random.Random(woodpile_seed), style, profile=profile, bank=bank, roll=roll)


def deal_facts(data: Mapping[str, Any], *, seed: bool = True) -> str:
    """The deal in words (never the moves: they name the style); ``seed`` adds the woodpile's seed, which
    replays the deal but means nothing to a trainee watching it."""
    bank = f"player bank at {data['bank']}" if data.get("bank") else "house bank"
    woodpile = f", woodpile seed {data['woodpile_seed']}" if seed else ""
    return f"{bank}{woodpile}, dice {' '.join(map(str, data['dice']))}"


@drill("style-animation", "Name the style from the animation", "Dealing",
       "Watch a short animation of the deal on the table and name its delivery style.", target_ms=20000,
       needs_screen=True)
def style_from_animation(rng: random.Random, setup: Setup) -> Draft:
    style, bank = _style_round(rng, setup, 0.0)
    number = _roll(rng, setup, bank)
    # A small seed: the trainee can type it into the table screen to study the deal afterwards.
    data = {"style": style, "woodpile_seed": rng.randrange(1, 1_000_000), "dice": list(number.dice),
            "bank": bank.value if bank else None, "animation": True}
    plan = animation_plan(style, data["woodpile_seed"], number.dice, data["bank"], setup.profile.name)
    names, choices = _style_choices(rng, setup, plan.style)
    mirror = _mirror(plan.style)
    why = f"The animation showed {names[plan.style]} ({deal_facts(data)})" + (
        f"; {names[mirror]} is its mirror, worked from the other end of the row." if mirror in names else ".")
    return draft(f"Watch the deal: which delivery style is it? ({deal_facts(data, seed=False)})",
                 AnswerKind.CHOICE, names[plan.style], why, [_deliver_citation(plan), "spec D6"], plan.style,
                 choices=choices, data=data,
                 hint="Where does the dealer start, and what is pushed forward first?")
