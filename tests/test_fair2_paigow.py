"""Issue 37 (fair, round 2), Pai Gow items 2, 3, 4 and 6: no question answers itself, one text one key,
no internal id, the rule that decides cited.

Each test's docstring names the defect it catches (each was run against the code before the fix and
failed there).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from trainer.drills.answers import check
from trainer.drills.paigow.dealer_round import RoundSpec, playable, round_tasks
from trainer.drills.text import render_question
from trainer.rules.paigow.profiles import profile_named

PAIGOW = ("md", "nj", "pa-2019", "pa-2012")


def _questions(skill: str, profile: str, seeds: range, **spec: object) -> list:
    out = []
    for seed in seeds:
        made = playable(RoundSpec(seed=seed, profile=profile, **spec))  # type: ignore[arg-type]
        out += [t.question for t in round_tasks(made) if t.skill == skill]
    return out


# --- item 2: a question with one choice, or every choice right, is not asked ---------------------------


@pytest.mark.parametrize("profile", PAIGOW)
def test_the_last_hand_to_expose_is_shown_not_asked(profile):
    """Catches: ``dealer-expose`` asked with one hand left ("The hands still to expose: seat1", one choice)."""
    asked = _questions("dealer-expose", profile, range(12), players=4)
    assert asked and all(len(q.choices) >= 2 for q in asked)
    for seed in range(3):
        spec = playable(RoundSpec(seed=seed, profile=profile, players=4))
        exposed = sum(s.say.startswith("Expose seat") for s in spec.play().steps)
        asked = sum(t.skill == "dealer-expose" for t in round_tasks(spec))
        assert exposed >= 2 and asked == exposed - 1  # the last one shown, not asked


@pytest.mark.parametrize("profile", PAIGOW)
def test_no_delivery_question_where_every_stack_offered_is_right(profile):
    """Catches: ``dealer-deliver`` asked where every stack offered is right (Jung Quat's last two stacks)."""
    prof = profile_named(profile)
    for style in prof.styles:
        for q in _questions("dealer-deliver", profile, range(2), style=style, bank="seat2"):
            right = [c for c in q.choices if check(q, c).correct]
            assert 0 < len(right) < len(q.choices), (style, q.prompt, q.choices)


# --- item 3: the same text accepts the same answers ----------------------------------------------------


@pytest.mark.parametrize("profile", PAIGOW)
@pytest.mark.parametrize("style", ["dragon-phoenix-right", "dragon-phoenix-left"])
def test_dragon_head_indication_accepts_either_first_stack(profile, style):
    """Catches: the Dragon Head indication keyed S1 in one question and S2 in another with the same text
    (621a.7(8),(9), MD 7.B(8),(9), N.J.A.C. 19:47-10.8(k)9,10 give no order between the first two stacks)."""
    first, second = ("S1", "S2") if style.endswith("right") else ("S7", "S8")
    qs = [q for q in _questions("dealer-deliver", profile, range(3), style=style, bank="seat2")
          if "Indicate the style" in q.prompt]
    lifts = [q for q in qs if q.data["move"] == "stack_onto"]
    assert lifts
    for q in lifts:
        right = {c for c in q.choices if check(q, c).correct}
        if "already on" in q.prompt:
            assert len(right) == 1 and right <= {first, second}
        else:
            assert right == {first, second}
    keys: dict[str, set] = defaultdict(set)
    for q in qs:
        keys[render_question(q)].add(frozenset(c for c in q.choices if check(q, c).correct))
    assert all(len(k) == 1 for k in keys.values())


@pytest.mark.parametrize("profile", PAIGOW)
def test_a_delivery_question_names_the_position_it_goes_to(profile):
    """Catches: "which stack does the dealer's hand take first?" for a delivery to every seat."""
    qs = [q for q in _questions("dealer-deliver", profile, range(4)) if q.data["move"] == "deliver"]
    assert qs
    for q in qs:
        assert "dealer's hand" not in q.prompt
        position = q.prompt.split(" goes to ")[1].split(":")[0]
        assert position in ("dealer", "dead") or position.startswith("seat")
