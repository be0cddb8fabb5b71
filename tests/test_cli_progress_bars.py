"""Long commands show a progress bar on stderr, never in their output (issue 13): ``exam`` counts its
questions, ``snapshot --screen player`` the hands it plays, as ``simulate`` counts rounds."""

from __future__ import annotations

import json

from trainer.cli import main
from trainer.drills.exam import ExamSpec, build_exam


def test_an_exam_ticks_once_per_question_and_the_same_questions_come_out():
    spec = ExamSpec(seed=3, skills=("tile-compare", "vigorish", "dice-start"), count=25)
    ticks = []
    ticked = build_exam(spec, printed=True, tick=lambda: ticks.append(1))
    assert len(ticks) == 25 and ticked.questions == build_exam(spec, printed=True).questions


def test_exam_with_a_progress_bar_keeps_its_json_clean(capsys):
    assert main(["exam", "--seed", "1", "--skills", "all", "--count", "30", "--print-questions", "--json",
                 "--progress"]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)["questions"]) == 30 and "Traceback" not in err


def test_the_players_seat_snapshot_ticks_once_per_hand(tmp_path):
    from trainer.ui.snapshot import render

    ticks = []
    image = render(screen="player", size=(640, 360), move=2, tick=lambda: ticks.append(1))
    assert len(ticks) == 2 and (image.width(), image.height()) == (640, 360)
