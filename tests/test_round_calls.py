"""The call at every point of a Baccarat round (reading B30): the points, in order, against an
independent statement of 631a.11 and Table 1 (exhaustive over the draw table), and the calls
Calling the game asks over random rounds (property-based)."""

import itertools

from hypothesis import given, settings, strategies as st

from trainer.drills.answers import check
from trainer.drills.baccarat.dealer_round import MOMENTS, RoundSpec, play_spec, round_tasks
from trainer.rules.baccarat.call import Point, call_of, deal_coup, round_calls
from trainer.rules.baccarat.cards import Card, card_of
from trainer.rules.baccarat.wagers import Coup

#: Table 1 of 631a.11(c)(2)(iii) as printed: the Banker's count 3-6 against the Player's third card 0-9.
TABLE_1 = {3: "DDDDDDDDSD", 4: "SSDDDDDDSS", 5: "SSSSDDDDSS", 6: "SSSSSSDDSS"}


def card(value: int) -> Card:
    return Card(value if value else 10, "h")


def banker_draws(b: int, third: int | None) -> bool:
    if third is None:
        return b <= 5  # 631a.11(c)(1)
    if b <= 2:
        return True  # (c)(2)(i)
    if b == 7:
        return False  # (c)(2)(ii)
    return TABLE_1[b][third] == "D"  # (c)(2)(iii)


def test_every_cell_of_the_draw_table_is_called_at_its_points():
    """Every pair of two-card counts, every Player's third card and every Banker's third card."""
    for p, b, s1, s2 in itertools.product(range(10), range(10), range(10), range(10)):
        coup = deal_coup((card(p), card(0)), (card(b), card(0)), (card(s1), card(s2)))
        calls = round_calls(coup, ez=False)
        texts = {c.point: [ph.text for ph in c.phrases] for c in calls}
        assert [ph for c in calls for ph in c.phrases] == list(call_of(coup, ez=False))
        assert texts[Point.COUNTS] == [f"Player {p}", f"Banker {b}"]
        assert calls[-1].point is Point.RESULT and len(calls[-1].phrases) == 2
        if p >= 8 or b >= 8:  # 631a.11(a), reading B30
            assert [c.point for c in calls] == [Point.COUNTS, Point.NATURAL, Point.RESULT]
            assert texts[Point.NATURAL] == ["No more cards"]
            continue
        player_third = s1 if p <= 5 else None  # 631a.11(b)
        draws = banker_draws(b, player_third)
        expected = [Point.COUNTS, Point.PLAYER_DRAW] + ([Point.PLAYER_THIRD] if player_third is not None else []) \
            + [Point.BANKER_DRAW] + ([Point.BANKER_THIRD] if draws else []) + [Point.RESULT]
        assert [c.point for c in calls] == expected, (p, b, s1, s2)
        assert texts[Point.PLAYER_DRAW] == ["Player draws" if player_third is not None else "Player stands"]
        assert texts[Point.BANKER_DRAW] == ["Banker draws" if draws else "Banker stands"]
        if player_third is not None:
            assert texts[Point.PLAYER_THIRD] == [f"Player {(p + s1) % 10}"]
        if draws:
            banker_card = s2 if player_third is not None else s1
            assert texts[Point.BANKER_THIRD] == [f"Banker {(b + banker_card) % 10}"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), moment=st.sampled_from(MOMENTS[:2]), squeeze=st.booleans(), ez=st.booleans(),
       players=st.integers(1, 7))
def test_calling_the_game_asks_the_whole_call_point_by_point(seed, moment, squeeze, ez, players):
    """Over random rounds: the round's call steps, in order, are the whole call; each is a call on a
    phrase bank that holds its phrases, right when called as the key says and wrong, with its
    section, when one phrase is replaced."""
    spec = RoundSpec(seed=seed, moment=moment, squeeze=squeeze or None, ez=ez or None, players=players)
    played = play_spec(spec)
    rnd = played.round
    tasks = [t for t in round_tasks(spec, played) if t.question.kind.value == "call"]
    coup = Coup(tuple(map(card_of, rnd.player)), tuple(map(card_of, rnd.banker)))
    assert [a for t in tasks for a in t.question.answer] == [p.text for p in call_of(coup, played.profile.ez)]
    assert [t.step for t in tasks] == sorted(t.step for t in tasks)
    for t in tasks:
        q = t.question
        assert set(q.answer) <= set(q.choices) and check(q, list(q.answer)).correct
        wrong = next(c for c in q.choices if c != q.answer[-1])
        verdict = check(q, [*q.answer[:-1], wrong])
        section = q.data["sections"][-1]
        assert not verdict.correct and verdict.mistake.endswith(f"({section})")
        assert verdict.mistake.startswith(f"phrase {len(q.answer)}:") and section.startswith("631a.")
