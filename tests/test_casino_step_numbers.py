"""Under a casino's house way, a step of the regulation is named by one number everywhere the trainee reads
it (issue 40's leftovers): the question decided by it, its worked example and Learn's "What the way leaves
to the regulation" say "Step 2" with the regulation's section (the casino's way had renumbered the steps
after its own rules: the question said "Step 3" where Learn said "Step 2")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trainer.drills.learn import learn_page
from trainer.drills.paigow.house_way_learn import regulation_section, walkthrough
from trainer.drills.registry import generate
from trainer.rules.paigow.casino_index import casino_index
from trainer.rules.paigow.casino_rules import load_casino_rules
from trainer.rules.paigow.house_way import REGULATORY, set_by_house_way

EXAMPLES = sorted(p for p in (Path(__file__).resolve().parents[1] / "docs" / "casino-rules").glob("*.toml")
                  if "pa-631a" not in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_regulation_step_has_one_number_in_the_question_the_example_and_learn(path):
    rules = load_casino_rules(str(path))
    profile, way = rules.profile, rules.house_way
    index = casino_index(rules)
    learn = {f.text.split(":")[0]: f.citations for f in regulation_section(rules, profile).facts if f.text.startswith("Step ")}
    left = [d for d in index.deciders if d.step is not None]
    assert {f"Step {d.step}" for d in left} == set(learn)
    for d in left:
        shown, cite = f"Step {d.step}", REGULATORY.steps[d.step - 1].cite(profile)
        assert learn[shown] == (cite,)
        q = generate("house-way", seed=3, profile=profile, item=d.item)
        assert q.explanation.startswith(f"{shown} ({cite}): "), q.explanation  # (it said Step {d.step + 1})
        tiles = index.example(d)
        walk = walkthrough(tiles, way, profile)
        assert walk.title.startswith(f"{shown}: ") and f"{shown}: " in walk.frames[-3].caption
        named = {m for f in walk.frames for m in re.findall(r"Step \d", f.caption)}
        assert named <= {f"Step {n}" for n in range(1, d.step + 1)}  # never the renumbered ones
    decided = [d for d in index.deciders if d.step is None]
    if decided:  # a hand the casino's rules decide: named as the casino's rules, not "Step 1"
        explained = set_by_house_way(index.example(decided[0]), way, profile).explanation
        assert explained.startswith(f"The casino's rules ({rules.casino} Rules Submission): ")


def test_the_learn_page_and_a_session_agree_on_harbor():
    rules = load_casino_rules(str(next(p for p in EXAMPLES if p.stem == "harbor")))
    page = learn_page("House way", rules.profile)
    text = "\n".join(f.text for s in page.sections for f in s.facts)
    assert "Step 2:" in text and "Step 5" not in text
