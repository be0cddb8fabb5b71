"""Baccarat drills: every skill under both tables, answers recomputed with the engine from the
question's data, feedback citing 631a, every Table 1 cell drilled, the game registry."""

import pytest

from trainer.drills import check, generate, skills_for
from trainer.drills.baccarat.hand_drills import BANKER_CELLS, DRAW, STAND
from trainer.drills.exam import ExamSpec, build_exam
from trainer.drills.games import game_of_profile, games, profile_named
from trainer.drills.registry import SKILLS, all_skills
from trainer.drills.session import DrillSession
from trainer.rules.baccarat.cards import burn_count, parse_card, parse_hand, points
from trainer.rules.baccarat.draw import banker_rule, player_rule
from trainer.rules.baccarat.wagers import Coup, Outcome, dragon_bonus, house_money
from trainer.rules.errors import TrainerError


def _hands(q):
    return parse_hand(" ".join(q.data["player_cards"])), parse_hand(" ".join(q.data["banker_cards"]))


def _banker(q):
    player, banker = _hands(q)
    third = parse_card(q.data["player_third"]).value if q.data["player_third"] else None
    return DRAW if banker_rule(points(player), points(banker), third).draws else STAND


def _dragon(q):
    coup = Coup(*_hands(q))
    res = dragon_bonus(q.data["hand"], coup, profile_named(q.profile).dragon_bonus)
    names = {Outcome.WIN: "Wins", Outcome.PUSH: "Pushes (returned)", Outcome.LOSE: "Loses"}
    return names[res.outcome], q.data["wager_cents"] * res.odds


def _announced(coup, ez):
    """631a.12(a): at an EZ table a Dragon 7 or a Panda 8 is announced by name (631a.1)."""
    if ez and len(coup.banker) == 3 and coup.banker_points == 7 > coup.player_points:
        return "Dragon 7"
    if ez and len(coup.player) == 3 and coup.player_points == 8 > coup.banker_points:
        return "Panda 8"
    return {"player": "Player", "banker": "Banker", "tie": "Tie hand"}[coup.winner]


ENGINE = {
    "bac-point-count": lambda q: points(parse_hand(" ".join(q.data["cards"]))),
    "bac-natural": lambda q: {(True, False): "The Player's Hand", (False, True): "The Banker's Hand",
                              (True, True): "Both hands", (False, False): "Neither hand"}[
        tuple(points(h) >= 8 for h in _hands(q))],
    "bac-player-draws": lambda q: DRAW if player_rule(*map(points, _hands(q))).draws else STAND,
    "bac-banker-draws": _banker,
    "bac-winner": lambda q: _announced(Coup(*_hands(q)), profile_named(q.profile).ez),
    "bac-dragon-bonus": _dragon,
    "bac-house-money": lambda q: q.data["wager_cents"] * house_money(Coup(*_hands(q))).odds,
    "bac-burn": lambda q: burn_count(parse_card(q.data["card"])),
}

CASES = [(p, s.id) for p in ("pa-631a", "pa-631a-ez") for s in skills_for(p)]


def test_the_baccarat_skills_and_their_tables():
    assert {s for _, s in CASES} == {s.id for s in all_skills() if s.game == "baccarat"}
    assert all(s.startswith("bac-") for s in SKILLS if SKILLS[s].game == "baccarat")
    assert ("pa-631a-ez", "bac-ez-insurance") in CASES and ("pa-631a", "bac-ez-insurance") not in CASES


@pytest.mark.parametrize("profile, skill", CASES)
def test_every_skill_answers_and_cites_631a(profile, skill):
    for seed in range(25):
        q = generate(skill, seed=seed, profile=profile)
        assert q == generate(skill, seed=seed, profile=profile)     # replayable from its seed (spec R1)
        assert q.prompt and q.item and q.explanation and q.profile == profile
        assert any(c.startswith("631a.") for c in q.citations), q.citations
        assert all(c in q.explanation for c in q.citations)
        assert check(q, q.answer).correct
        if skill in ENGINE:
            assert q.answer == ENGINE[skill](q), q.prompt


def test_a_wrong_answer_gets_the_right_one_and_the_section():
    q = generate("bac-banker-draws", seed=3)
    wrong = STAND if q.answer == DRAW else DRAW
    fb = check(q, wrong)
    assert not fb.correct and fb.expected == q.answer and "631a.11" in fb.explanation


def test_every_banker_cell_is_drilled():
    """Spaced repetition asks for an item: every cell of 631a.11(c) and Table 1 can be asked."""
    for cell in BANKER_CELLS:
        q = generate("bac-banker-draws", seed=1, item=cell, tries=2000)
        assert q.item == cell
        b, t = cell[1], cell.split("-")[1]
        assert points(parse_hand(" ".join(q.data["banker_cards"]))) == int(b)
        assert (q.data["player_third"] is None) == (t == "s")


def test_the_game_registry():
    assert [g.id for g in games()] == ["paigow", "baccarat"]
    assert game_of_profile("pa-631a-ez").title == "Baccarat" and game_of_profile("nj").id == "paigow"
    assert generate("bac-burn", seed=1).profile == "pa-631a" and generate("tile-id", seed=1).profile == "pa-2019"
    with pytest.raises(TrainerError, match="not offered by profile pa-2019"):
        generate("bac-burn", seed=1, profile="pa-2019")


def test_sessions_and_exams_take_the_skills_game():
    session = DrillSession(["bac-burn", "bac-cut"], seed=2)
    assert session.profile.name == "pa-631a" and session.next_question().skill in ("bac-burn", "bac-cut")
    assert {s for s in DrillSession(profile="pa-631a").skills} <= {s for _, s in CASES}
    exam = build_exam(ExamSpec(seed=5, skills=("bac-banker-draws", "bac-natural"), count=6), printed=True)
    assert exam.spec.profile == "pa-631a" and len(exam.questions) == 6
    with pytest.raises(TrainerError):
        ExamSpec(seed=5, skills=("bac-burn", "tile-id"), count=2)
