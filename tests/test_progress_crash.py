"""Crash safety: a process killed with SIGKILL while recording loses no committed answer."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from trainer.progress import ProgressStore

ROOT = Path(__file__).resolve().parents[1]

WRITER = textwrap.dedent("""
    import sys
    from trainer.drills import check, generate
    from trainer.progress import ProgressStore

    store = ProgressStore(sys.argv[1])
    store.ensure_trainee("Ana")
    n = 0
    while True:
        q = generate("tile-compare", seed=n)
        store.record("Ana", q, check(q, q.answer), q.answer, 1000)
        n += 1
        print(n, flush=True)  # printed only after the commit returned
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_mid_stream_loses_no_committed_answer(tmp_path):
    path = tmp_path / "progress.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True, env=env)
    committed = 0
    try:
        for line in proc.stdout:
            committed = int(line)
            if committed >= 40:
                break
        os.kill(proc.pid, signal.SIGKILL)  # mid-stream: the writer is busy with the next answer
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL and committed >= 40
    with ProgressStore(path) as store:
        assert store.notice is None
        log = store.answers("Ana")
        assert len(log) >= committed
        assert [r.seed for r in log] == list(range(len(log)))
        assert store._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
