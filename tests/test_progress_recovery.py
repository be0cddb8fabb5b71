"""A damaged page of the progress file (issue 28): the file is moved aside as before, and every row
still readable in it is recovered into the new file; the notice says how many could not be read."""

from __future__ import annotations

import sqlite3

from trainer.drills import check, generate
from trainer.progress import ProgressStore


def _damage_a_page_of_answers(path):
    """Overwrite the header of one leaf page of the answer log (the middle one) with nonsense."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    pages = [r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name = 'answers' AND pagetype = 'leaf' "
                                        "ORDER BY pageno")]
    conn.close()
    with open(path, "r+b") as f:
        f.seek((pages[len(pages) // 2] - 1) * size)
        f.write(bytes([13]) + b"\xff" * 11)


def test_one_damaged_page_loses_only_its_own_answers(tmp_path):
    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path) as store:
        store.create_trainee("Ana")
        store.create_trainee("Bo")
        for seed in range(300):
            q = generate("tile-compare", seed=seed)
            store.record("Ana" if seed % 3 else "Bo", q, check(q, q.answer), q.answer, 1000)
        store.switch_trainee("Ana")
    _damage_a_page_of_answers(path)
    with ProgressStore(path) as store:
        assert store.moved_aside is not None and store.moved_aside.exists()
        kept = len(store.answers("Ana")) + len(store.answers("Bo"))
        assert 250 < kept < 300  # one page's worth lost, the rest of both histories shown
        assert f"{kept} answers and 0 exams of 2 trainees" in store.notice
        assert f"; {300 - kept} damaged entries could not be read." in store.notice
        assert store.current_trainee.name == "Ana"  # the settings came back too
        assert store.skill_stats("Ana")[0].answered == len(store.answers("Ana"))  # totals rebuilt
        q = generate("tile-compare", seed=999)
        store.record("Ana", q, check(q, q.answer), q.answer, 1000)  # and the new file takes answers
