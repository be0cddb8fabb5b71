"""Dealer procedures at Baccarat (issue 31): the commission box, the squeeze, opening the table. Keys
against an independent reading of the paragraphs, citations per item, and the exam bar."""

import re

import pytest

from trainer.drills.answers import check
from trainer.drills.exam import ExamSpec, build_exam
from trainer.drills.registry import generate, skills_for

SKILLS = {"bac-dealer-markers": ("pa-631a",), "bac-dealer-squeeze": ("pa-631a", "pa-631a-ez"),
          "bac-dealer-open": ("pa-631a", "pa-631a-ez")}


def _qs(skill, profile="pa-631a", n=250):
    return [generate(skill, seed=s, profile=profile) for s in range(n)]


def _money(text):
    return round(float(text.replace("$", "").replace(",", "")) * 100)


@pytest.mark.parametrize("skill, profile", [(s, p) for s, ps in SKILLS.items() for p in ps])
def test_a_20_question_exam_has_15_distinct_prompts(skill, profile):
    exam = build_exam(ExamSpec(seed=31, skills=(skill,), count=20, profile=profile), printed=True)
    assert len({q.prompt for q in exam.questions}) >= 15
    assert all(check(q, q.answer).correct for q in exam.questions)


def test_no_commission_box_at_an_ez_table():
    """631a.13(c): an EZ Baccarat table collects no vigorish, so nothing is marked."""
    assert "bac-dealer-markers" not in {s.id for s in skills_for("pa-631a-ez")}
    assert "bac-dealer-markers" in {s.id for s in skills_for("pa-631a")}


def test_markers_keys():
    seen = set()
    for q in _qs("bac-dealer-markers"):
        seen.add(q.item)
        if q.item == "mark":  # the exact 5% of each win, to the cent up, summed (631a.13(d)(2)(ii), spec B13)
            assert q.answer == sum(-(-w // 20) for w in q.data["wins"])
            assert q.citations[:2] == ("631a.13(c)", "631a.13(d)(2)(ii)")
        elif q.item.startswith("collect-") and q.item != "collect-when":
            owed = q.data["owed_cents"]
            assert q.answer == (owed if q.item == "collect-exact" else -(-owed // 25) * 25)
            assert "25¢ or the next highest multiple of 25¢" in q.prompt or q.item == "collect-exact"
            assert q.citations[0] == "631a.13(d)(2)(i)"
        else:  # collected before a new dealing shoe or when the player leaves, whichever first (631a.13(d)(2)(i))
            now = "leave the table" in q.prompt or "new decks" in q.prompt
            assert (q.answer == "Collect the vigorish owed now") == now
            assert q.item == ("collect-when" if now else "leave-when") and q.citations[0] == "631a.13(d)(2)(i)"
    assert seen == {"mark", "collect-exact", "collect-quarter", "collect-when", "leave-when"}


def _seats_of(q):
    return [int(s) for s in re.search(r"seats ([\d, ]+)", q.prompt).group(1).replace(" ", "").split(",") if s]


def test_squeeze_keys():
    seen = set()
    for q in _qs("bac-dealer-squeeze"):
        seen.add(q.item)
        if q.item in ("highest", "tie-highest"):
            wagers = {int(s): w for s, w in q.data["wagers"].items()}
            top = max(wagers.values())
            closest = min(s for s, w in wagers.items() if w == top)  # counterclockwise from the dealer: seat 1 up
            assert q.answer == f"Seat {closest}"
            assert ("631a.9(d)(6)" in q.citations) == (q.item == "tie-highest")
        elif q.item == "no-wager":
            assert q.answer == "The dealer calling the game" and q.citations == ("631a.9(d)(7)",)
        elif q.item == "delay":  # the player immediately to the right, then counterclockwise (631a.9(f))
            seated, holder = q.data["seated"], q.data["holder"]
            declined = [int(s) for s in re.findall(r"Seat (\d+)", q.prompt.split("give it up.")[1])]
            ring = sorted(seated)
            i = ring.index(holder)
            following = [ring[(i + k) % len(ring)] for k in range(1, len(ring))]
            assert following[:len(declined)] == declined
            assert q.answer == f"Seat {following[len(declined)]}" and q.citations == ("631a.9(f)",)
        else:
            assert q.item == "order-pass" and q.citations[0] == "631a.14(a)(2)"
    assert seen == {"highest", "tie-highest", "no-wager", "delay", "order-pass"}


def test_open_keys():
    expected_cite = {"inspect": "631a.4(a)", "spread": "631a.4(b)", "after-spread": "631a.4(c)",
                     "preinspected": "631a.4(d)", "recut": "631a.5(e)", "recut-too-late": "631a.5(e)",
                     "recut-dealer": "631a.5(e)",
                     "first-card-burn": "631a.5(f)", "first-card-exposed": "631a.15(d)"}
    seen = set()
    for q in _qs("bac-dealer-open"):
        seen.add(q.item)
        assert q.citations[0] == expected_cite[q.item]
        assert q.answer not in q.prompt
        if q.item == "recut":  # the next person entitled to cut: clockwise, seat numbers falling (631a.5(b))
            ring = sorted(q.data["seated"], reverse=True)
            assert q.answer == f"Seat {ring[ring.index(q.data['cutter']) + 1]}"
        if q.item == "recut-dealer":  # nobody after the last seat: the dealer cuts (631a.5(b), reading B33)
            assert q.data["cutter"] == min(q.data["seated"]) and q.answer == "The dealer calling the game"
        if q.item == "recut-too-late":
            assert "inserted into the dealing shoe" in q.prompt
    assert seen == set(expected_cite)
