"""Issue 37 (fair, round 2), Baccarat items 7-10: a casino's table in every question, the recut, typed
counts, and the small ones (one-seat offers, 631a.12(a)'s wordings, citations, ``casino-rules check``,
six to eight decks).

Each test's docstring names the defect it catches (each was run against the code before the fix and
failed there).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.drills.answers import check
from trainer.drills.baccarat.dealer_round import RoundSpec, playable, round_tasks
from trainer.drills.registry import generate
from trainer.rules.casino import load_casino

ROOT = Path(__file__).resolve().parents[1]
RIVERSIDE = ROOT / "docs" / "casino-rules" / "riverside-baccarat.toml"  # Tie 9 to 1, Dragon Bonus C, squeeze


def _casino(tmp_path: Path, choices: str) -> str:
    path = tmp_path / "c.toml"
    path.write_text(f'[casino]\nname = "Test Casino"\njurisdiction = "pa-631a"\n[choices]\n{choices}\n')
    return load_casino(str(path)).digest


# --- item 7: the casino's table ---------------------------------------------------------------------


def test_dealer_pay_pays_the_casinos_tie_and_dragon_bonus(tmp_path):
    """Catches: ``bac-dealer-pay`` dealt at the profile's table under a casino paying the Tie 9 to 1 and
    Dragon Bonus paytable C: a $30 Tie paid $240 (631a.13(b): $270), Dragon Bonus by paytable A (631a.13(e))."""
    digest = _casino(tmp_path, 'tie_pays = 9\ndragon_bonus = "C"')
    seen = set()
    for seed in range(400):
        q = generate("bac-dealer-pay", seed=seed, casino=digest)
        assert q.casino == digest and q.data["round"]["casino"] == digest
        stake = int(re.search(r"of \$([\d,]+\.\d\d)", q.prompt).group(1).replace(",", "").replace(".", ""))
        if q.item == "tie":
            assert q.answer == stake * 9 and "posts the Tie at 9 to 1" in q.prompt, q.prompt
            seen.add("tie")
        if q.item == "dragon-bonus":
            assert q.answer // stake in (30, 10, 4, 2, 1), q.prompt  # paytable C's odds (A pays 6 on 7, C 4)
            assert "Dragon Bonus paytable C" in q.prompt and "final hands Player" in q.prompt
            seen.add("dragon")
    assert "tie" in seen


def test_no_marker_question_where_the_casino_collects_at_payout(tmp_path):
    """Catches: marker questions at a casino that collects the vigorish at payout (631a.13(d)(1))."""
    digest = _casino(tmp_path, 'vigorish_collection = "at-payout"')
    qs = [generate("bac-dealer-vig", seed=s, casino=digest) for s in range(60)]
    assert all(q.item != "marker" and "marker" not in q.prompt for q in qs)
    deferred = _casino(tmp_path, 'vigorish_collection = "deferred"')
    assert all(generate("bac-dealer-vig", seed=s, casino=deferred).item == "marker" for s in range(20))


def test_a_squeeze_casino_asks_the_counts_one_at_a_time():
    """Catches: both counts asked at once at a casino whose table squeezes (631a.9(d)(2),(3): each hand's
    count as it is turned)."""
    digest = load_casino(str(RIVERSIDE)).digest
    qs = [generate("bac-dealer-count", seed=s, casino=digest) for s in range(40)]
    firsts = [q for q in qs if q.prompt.startswith("The cards are turned")]
    assert firsts and all(len(q.answer) == 1 for q in firsts)
    assert {q.item for q in firsts} >= {"player-count", "banker-count"}


def test_calling_the_game_deals_at_the_casinos_table():
    """Catches: Calling the game (the app's round) building its table from the profile's name alone."""
    from trainer.rules.casino import load_casino

    casino = load_casino(str(RIVERSIDE))
    spec = RoundSpec(seed=5, profile="pa-631a", casino=casino.digest)
    table = spec.table()
    assert (table.tie_pays, table.dragon_bonus, table.squeeze, table.vig_rounding) == (9, "C", True, "quarter")
    assert all(t.question.casino == casino.digest for t in round_tasks(playable(spec)))


def test_bac_pay_chips_states_the_casinos_odds_and_rounding(tmp_path):
    """Catches: a pay-chips prompt that leaves the table's odds and vigorish rounding unsaid."""
    digest = _casino(tmp_path, 'tie_pays = 9\nvigorish_rounding = "exact"')
    items = set()
    for seed in range(200):
        q = generate("bac-pay-chips", seed=seed, casino=digest)
        items.add(q.item)
        if q.item == "banker-net":
            assert "exact, to the cent" in q.prompt
        if q.item.startswith("tie"):
            assert q.item == "tie-9" and "pays 9 to 1" in q.prompt
    assert {"banker-net", "tie-9"} <= items


def test_the_printed_exam_names_the_casino():
    """Catches: a printed exam on a casino's rules that does not say which casino."""
    out = subprocess.run([sys.executable, "-m", "trainer", "exam", "--seed", "3", "--skills", "bac-dealer-pay",
                          "--count", "2", "--casino-rules", str(RIVERSIDE), "--print-questions"],
                         capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[0].startswith("Exam: seed 3, profile pa-631a, casino Riverside Training Casino")


# --- item 8: the recut --------------------------------------------------------------------------------


def test_the_dealer_recuts_after_the_last_seat_entitled():
    """Catches: the recut keyed to the highest seat (who declined) when the seat that cut was the last in
    turn (631a.5(b),(e), reading B33), and the dealer missing from the choices."""
    from trainer.drills.baccarat.procedure_drills import recutter

    assert recutter([3, 7, 10], 10) == 7 and recutter([3, 7, 10], 3) is None
    recuts = [q for q in (generate("bac-dealer-open", seed=s) for s in range(600)) if q.item.startswith("recut")]
    assert recuts
    dealer = "The dealer calling the game"
    for q in recuts:
        assert dealer in q.choices
        cutter = q.data["cutter"]
        if q.item == "recut-dealer":
            assert cutter == min(q.data["seated"]) and q.answer == dealer
        elif q.item == "recut":
            assert int(q.answer.split()[1]) < cutter
        assert "spec B33" in q.citations
    assert {q.item for q in recuts} >= {"recut", "recut-dealer"}


# --- item 9: typed counts --------------------------------------------------------------------------------


def test_counts_typed_as_numbers_are_counts():
    """Catches: "3, 1" for ``bac-dealer-count`` read as the phrase bank's 3rd and 1st phrases."""
    for seed in range(30):
        q = generate("bac-dealer-count", seed=seed)
        typed = ", ".join(phrase.split()[-1] for phrase in q.answer)
        assert check(q, typed).correct, (q.prompt, typed)
        wrong = ", ".join(str((int(n) + 1) % 10) for n in typed.split(", "))
        assert not check(q, wrong).correct


# --- item 10: the small ones ---------------------------------------------------------------------------


def test_no_one_seat_offer_of_the_cut_or_the_shoe():
    """Catches: ``bac-dealer-cut`` and ``bac-dealer-shoe`` asked with one seated player (one choice)."""
    for players in (1, 2):
        for seed in range(6):
            for t in round_tasks(playable(RoundSpec(seed=seed, players=players))):
                if t.skill in ("bac-dealer-cut", "bac-dealer-shoe"):
                    assert len(set(t.question.choices)) >= 2


@pytest.mark.parametrize("skill", ["bac-dealer-result", "bac-call-aloud"])
def test_the_result_may_be_called_counts_first(skill):
    """Catches: "9 over 3, Player wins" refused, where 631a.12(a) asks for the final counts "indicating which
    hand has won" in no order."""
    for seed in range(20):
        q = generate(skill, seed=seed)
        *before, winner, counts = q.answer
        assert check(q, ", ".join([*before, counts, winner])).correct
        assert not check(q, ", ".join([*before, winner])).correct


def test_call_aloud_names_the_drawing_rule_for_a_wrong_instruction():
    """Catches: a wrong "Player stands" named with 631a.10(b) (the instruction) where 631a.11 decides."""
    for seed in range(40):
        q = generate("bac-call-aloud", seed=seed)
        for i, phrase in enumerate(q.answer):
            if phrase in ("Player draws", "Player stands"):
                assert q.data["sections"][i] == "631a.11(b)"
            if phrase in ("Banker draws", "Banker stands"):
                assert q.data["sections"][i] == "631a.11(c)"


def test_dealer_vig_cites_each_section_once():
    """Catches: ``bac-dealer-vig`` citing 631a.13(c) twice."""
    for seed in range(20):
        q = generate("bac-dealer-vig", seed=seed)
        sections = [c for cite in q.citations for c in cite.split(", ")]
        assert len(sections) == len(set(sections)), q.citations
        assert q.explanation.count("631a.13(c)") <= 1


def test_casino_rules_check_reads_a_baccarat_file():
    """Catches: ``casino-rules check`` refusing a valid Baccarat Rules Submission."""
    out = subprocess.run([sys.executable, "-m", "trainer", "casino-rules", "check", str(RIVERSIDE), "--json"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    table = {row["choice"]: row for row in json.loads(out.stdout)["table"]}
    assert table["The Tie pays"]["value"] == "9 to 1" and table["Dragon Bonus"]["value"] == "paytable C"
    assert table["Decks in the shoe"]["citation"] == "631a.3(a)"


def test_deck_counts_are_six_to_eight_and_refusals_cite_631a_3a(tmp_path):
    """Catches: docs saying "6 or 8" decks, and a refused deck count that does not cite 631a.3(a)."""
    assert "`6` or `8`" not in (ROOT / "docs" / "casino-rules.md").read_text()
    out = subprocess.run([sys.executable, "-m", "trainer", "baccarat", "analyze", "--decks", "5"],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "631a.3(a)" in out.stderr and "Traceback" not in out.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text('[casino]\nname = "H"\njurisdiction = "pa-631a"\n[choices]\ndecks = 9\n')
    out = subprocess.run([sys.executable, "-m", "trainer", "casino-rules", "check", str(bad)], capture_output=True,
                         text=True)
    assert out.returncode == 2 and "631a.3(a)" in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_the_exam_report_names_the_casino():
    """Catches: the app's printed exam report on a casino's rules naming the profile alone."""
    from trainer.drills.exam import ExamSpec, build_exam, grade
    from trainer.ui.report import exam_report

    digest = load_casino(str(RIVERSIDE)).digest
    exam = build_exam(ExamSpec(seed=4, skills=("bac-dealer-pay",), count=2, casino=digest))
    report = exam_report("Ana", grade(exam, [q.answer for q in exam.questions]).to_dict())
    assert "pa-631a" in report.profile and "Riverside Training Casino" in report.profile
