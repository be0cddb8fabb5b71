"""A live class quiz (issue 41) on a real PostgreSQL server (started here with ``pgserver``): a host
and N trainee PCs, each a ``paigow-trainer live join`` process, joined to one quiz.

1. Delivery: from the instructor's Next (the ``next`` line written to the host process) to the
   question's line out of each trainee's process: median, p95 and max over every trainee and
   question (the first question after the server's restart is reported apart).
2. Nothing lost or doubled: each question, some trainee processes are killed (one just after it
   sends its answer, one before it answers) and started again (they rejoin at the current question);
   midway the PostgreSQL server itself is restarted (``pg_ctl restart -m fast``) while half the class
   has answered. At the end every answer a PC was told was taken (``answered``, or ``answered`` on its
   question after rejoining) must be in ``live_answers`` and in the answer log (mode ``live``) exactly
   once, and nothing else.

    python benchmarks/bench_live.py [--trainees 30] [--questions 8] [--kills 2] [--restart-at 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
SKILLS = "tile-compare,vigorish,hand-compare"


class Proc:
    """A ``paigow-trainer live`` process; its lines, each stamped with the time it was read, by a thread."""

    started: list[subprocess.Popen] = []

    def __init__(self, args: list[str], cwd: str) -> None:
        self.p = subprocess.Popen([sys.executable, "-m", "trainer", "live", *args, "--json"], cwd=cwd, env=ENV,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.q: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        Proc.started.append(self.p)

    def _read(self) -> None:
        for line in self.p.stdout:
            self.q.put((time.monotonic(), json.loads(line)))
        self.q.put((time.monotonic(), None))

    def expect(self, *kinds: str, timeout: float = 120.0) -> tuple[float, dict]:
        while True:
            at, event = self.q.get(timeout=timeout)
            if event is None:
                raise RuntimeError(f"process ended ({self.p.wait()}) waiting for {kinds}")
            if event["event"] in kinds:
                return at, event

    def send(self, line: str) -> None:
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def kill(self) -> None:
        self.p.kill()
        self.p.wait()


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def setup(url: str, tmp: str, n: int) -> list[str]:
    from trainer.progress import school
    from trainer.progress.server import open_store

    names = [f"Trainee {i:02d}" for i in range(1, n + 1)]
    with open_store(url, data=f"{tmp}/setup") as store:
        for name in names:
            store.ensure_trainee(name)
        school.create_class(store, "Bench", "Instructor", "bench-pw")
        school.add_trainees(store, "Bench", names)
    Path(tmp, "pw").write_text("bench-pw\n")
    return names


class Class:
    """The host and the trainees' processes, and what each trainee's PC was told was taken."""

    def __init__(self, url: str, tmp: str, names: list[str], questions: int) -> None:
        self.url, self.tmp, self.names = url, tmp, names
        self.host = Proc(["host", "--class", "Bench", "--skills", SKILLS, "--count", str(questions), "--seed", "7",
                          "--password-file", f"{tmp}/pw", "--database", url, "--data-dir", f"{tmp}/host"], tmp)
        self.code = self.host.expect("open")[1]["code"]
        self.pcs = {name: self.join(name) for name in names}
        for pc in self.pcs.values():
            pc.expect("joined")
        self.taken: set[tuple[str, int]] = set()
        self.killed = 0

    def kill(self, name: str) -> None:
        self.pcs[name].kill()
        self.killed += 1

    def join(self, name: str) -> Proc:
        return Proc(["join", self.code, "--trainee", name, "--database", self.url, "--data-dir",
                     f"{self.tmp}/{name.replace(' ', '_')}"], self.tmp)

    def restart(self, name: str, number: int) -> bool:
        """Start ``name``'s PC again; whether it still has question ``number`` to answer."""
        self.pcs[name] = pc = self.join(name)
        pc.expect("joined")
        _, shown = pc.expect("question")
        assert shown["number"] == number, shown
        if "answered" in shown:
            self.taken.add((name, number))
        return "answered" not in shown

    def answer(self, name: str, number: int, value: str) -> None:
        self.pcs[name].send(value)

    def confirm(self, name: str, number: int) -> None:
        _, event = self.pcs[name].expect("answered", "refused")
        if event["event"] == "answered":
            self.taken.add((name, number))


def one_question(c: Class, number: int, rng: random.Random, kills: int, restart_server: callable | None) -> list[float]:
    sent = time.monotonic()
    c.host.send("next")
    _, asked = c.host.expect("question")
    arrivals = [c.pcs[name].expect("question")[0] - sent for name in c.names]
    doomed = rng.sample(c.names, min(len(c.names), 2 * kills))
    after, before = doomed[:kills], doomed[kills:]
    for name in before:  # killed before answering: it answers after it rejoins
        c.kill(name)
    answer = {name: asked["answer"] if rng.random() < 0.7 else "$0.01" if not asked["choices"] else
              rng.choice(asked["choices"]) for name in c.names}
    half = [n for n in c.names if n not in before][: len(c.names) // 2]
    rest = [n for n in c.names if n not in before and n not in half]
    for name in half:
        c.answer(name, number, answer[name])
    for name in after:  # killed just after it sent its answer: taken or not, it must be counted once
        if name in half:
            c.kill(name)
    if restart_server is not None:
        restart_server()
    for name in rest:
        c.answer(name, number, answer[name])
    for name in half + rest:
        if not (name in after and name in half):
            c.confirm(name, number)
    for name in after:
        if name in half and c.restart(name, number):
            c.answer(name, number, answer[name])
            c.confirm(name, number)
    for name in before:
        if c.restart(name, number):
            c.answer(name, number, answer[name])
            c.confirm(name, number)
    c.host.send("reveal")
    c.host.expect("reveal")
    for name in c.names:
        c.pcs[name].expect("reveal")
    return arrivals


def check(url: str, tmp: str, c: Class) -> tuple[int, int, int]:
    """(answers taken, lost, doubled) over the live rows and the answer log."""
    from trainer.progress.server import open_store

    with open_store(url, data=f"{tmp}/check") as store:
        live_rows = store._conn.execute(
            "SELECT t.name, l.number FROM live_answers l JOIN trainees t ON t.id = l.trainee_id").fetchall()
        logged = store._conn.execute("SELECT t.name, a.uid FROM answers a JOIN trainees t ON t.id = a.trainee_id "
                                     "WHERE a.mode = 'live'").fetchall()
    kept = {(n, int(k)) for n, k in live_rows}
    lost = len(c.taken - kept) + max(0, len(kept) - len(logged))
    doubled = (len(live_rows) - len(kept)) + (len(logged) - len({u for _, u in logged})) + len(kept - c.taken)
    return len(c.taken), lost, doubled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trainees", type=int, default=30)
    parser.add_argument("--questions", type=int, default=8)
    parser.add_argument("--kills", type=int, default=2, help="trainee processes killed per question, each way")
    parser.add_argument("--restart-at", type=int, default=4, help="the question during which the server restarts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import pgserver

    tmp = tempfile.mkdtemp(prefix="bench-live-")
    server = pgserver.get_server(os.path.join(tmp, "data"), cleanup_mode="stop")
    from pgserver._commands import pg_ctl
    try:
        url = server.get_uri()
        names = setup(url, tmp, args.trainees)
        print(f"{args.trainees} trainee processes, {args.questions} questions; before: {load()}", flush=True)
        started = time.monotonic()
        c = Class(url, tmp, names, args.questions)
        print(f"host and {args.trainees} trainees joined in {time.monotonic() - started:.1f} s", flush=True)
        rng = random.Random(args.seed)
        normal, after_restart, restart_s = [], [], 0.0

        def restart() -> None:
            nonlocal restart_s
            t = time.monotonic()
            pg_ctl(["-w", "restart", "-m", "fast"], pgdata=server.pgdata, user=server.system_user, timeout=60)
            restart_s = time.monotonic() - t

        for number in range(1, args.questions + 1):
            arrivals = one_question(c, number, rng, args.kills, restart if number == args.restart_at else None)
            (after_restart if number == args.restart_at + 1 else normal).extend(arrivals)
            print(f"question {number}: median {statistics.median(arrivals) * 1000:.0f} ms, "
                  f"max {max(arrivals) * 1000:.0f} ms; {load()}", flush=True)
        c.host.send("end")
        c.host.expect("end")
        taken, lost, doubled = check(url, tmp, c)
        q = statistics.quantiles(normal, n=20, method="inclusive")
        print(f"\ndelivery after Next ({len(normal)} deliveries): median {statistics.median(normal) * 1000:.0f} ms, "
              f"p95 {q[-1] * 1000:.0f} ms, max {max(normal) * 1000:.0f} ms")
        if after_restart:
            print(f"first question after the server's restart ({restart_s:.1f} s): median "
                  f"{statistics.median(after_restart) * 1000:.0f} ms, max {max(after_restart) * 1000:.0f} ms")
        print(f"answers taken {taken}; lost {lost}; doubled {doubled} "
              f"({c.killed} trainee processes killed and started again, server restarted during question "
              f"{args.restart_at}); after: {load()}")
        for pc in c.pcs.values():
            pc.p.wait(timeout=60)
    finally:
        for proc in Proc.started:  # (a run that failed leaves none waiting for ever)
            if proc.poll() is None:
                proc.kill()
        server.cleanup()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
