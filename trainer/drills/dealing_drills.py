"""Dealing drills: the dice count to the starting position, which position a tile is delivered to
in a style, and naming a style from its moves.

Rules: 621a.6(c)-(d), 621a.9(j)-(k), 621a.7 (md 6.B-C, 7.B, 9.K-L; nj 10.6(c)-(d), 10.8(j)-(k));
delivery-styles.md D3 (count), D6 (styles); jurisdictions.md JQ18 (seat numbering). ``data``:
``dice``, ``total``, ``origin`` (``dealer`` or the bank's seat), and ``k`` (dice-start); ``style``,
``tile`` (a stack/layer address such as ``S3/2``) (delivery-tile); ``style`` and ``moves`` (the
captions shown) (style-name).
"""

from __future__ import annotations

import random
import re

from trainer.drills.common import draft
from trainer.drills.model import AnswerKind, Draft, Setup
from trainer.drills.registry import drill
from trainer.drills.tile_drills import ordinal
from trainer.rules.delivery import DEFAULT_STYLE, DeliveryPlan, MoveKind, plan_delivery, style_name
from trainer.rules.dice import Method, Roll, dice_colours, roll
from trainer.rules.positions import ORDER, SEATS, Position, receiving_order
from trainer.rules.woodpile import Woodpile

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
    return [setup.profile.cite("count_bank" if bank else "count"), "spec D3.2", "jurisdictions.md JQ18"]


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
       target_ms=15000)
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


@drill("style-name", "Name the delivery style", "Dealing", "Name a delivery style from the dealer's moves.",
       target_ms=15000)
def style_from_moves(rng: random.Random, setup: Setup) -> Draft:
    plan = _plan(rng, setup, 0.0)
    names = {s: style_name(s, setup.profile) for s in setup.profile.styles}
    mirror = _mirror(plan.style)
    others = [s for s in setup.profile.styles if s not in (plan.style, mirror)]
    picked = [plan.style] + ([mirror] if mirror in names else []) + rng.sample(others, min(len(others), 2))
    rng.shuffle(picked)
    captions = [_caption(m.caption) for m in plan.moves if m.kind in _SHOWN]
    cite = next(m.citation for m in plan.moves if m.kind is MoveKind.DELIVER)
    why = f"These are the moves of {names[plan.style]}; its mirror style works from the other end of the row."
    return draft("Which delivery style is this? " + " / ".join(captions), AnswerKind.CHOICE, names[plan.style],
                 why, [cite, "spec D6"], plan.style, choices=tuple(names[s] for s in picked),
                 data={"style": plan.style, "moves": captions},
                 hint="Where does the dealer start, and what is pushed forward first?")
