"""A question waits only for its own game's drills: the registry imports a game's drill modules when
one of its skills is first asked for (issue 15: the first question of a skill in a fresh process)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from trainer.drills import all_skills
from trainer.drills.games import game_of_skill, games


@pytest.mark.parametrize("skill, game", [("tile-id", "paigow"), ("bac-dealer-banker-draw", "baccarat")])
def test_a_first_question_and_answer_load_only_their_games_drills(skill, game, tmp_path):
    code = ("import sys\n"
            "from trainer.drills.session import DrillSession\n"
            "from trainer.progress import ProgressStore\n"
            f"store = ProgressStore({str(tmp_path / 'p.sqlite3')!r})\n"
            "store.create_trainee('Ana')\n"
            f"session = DrillSession([{skill!r}], seed=1, store=store, trainee='Ana')\n"
            "session.answer(session.next_question().answer, ms=900)\n"
            "session.next_question()\n"
            "print(sorted({m.split('.')[2] for m in sys.modules if m.count('.') >= 3\n"
            "              and m.startswith(('trainer.drills.paigow.', 'trainer.drills.baccarat.'))}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == repr([game])


def test_every_skill_id_names_its_game():
    assert all(game_of_skill(s.id).id == s.game for s in all_skills())
    assert {s.game for s in all_skills()} == {g.id for g in games()}


def test_a_skill_is_looked_up_in_the_one_module_that_registers_it():
    """``module_naming`` finds, for every skill, the module whose import registers it (seen in a fresh
    process, importing each game's drill modules one at a time), so a first question imports only it."""
    code = ("import importlib, json\n"
            "from trainer.drills import registry\n"
            "from trainer.drills.games import games\n"
            "found = {}\n"
            "for g in games():\n"
            "    for m in g.drill_modules:\n"
            "        name, before = f'{g.drill_package}.{m}', set(registry.SKILLS)\n"
            "        importlib.import_module(name)\n"
            "        found.update({s: [name, registry.module_naming(g, s)] for s in set(registry.SKILLS) - before})\n"
            "print(json.dumps(found))\n")
    found = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert len(found) == len(all_skills())
    assert {s: pair for s, pair in found.items() if pair[0] != pair[1]} == {}


def test_the_first_optimal_setting_question_imports_no_other_drill_module():
    code = ("import sys\n"
            "from trainer.drills.registry import generate\n"
            "generate('optimal-setting', seed=1)\n"
            "from trainer.drills.paigow import GAME\n"
            "print(sorted(m for m in GAME.drill_modules if f'trainer.drills.paigow.{m}' in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == repr(["house_way_drills"])
