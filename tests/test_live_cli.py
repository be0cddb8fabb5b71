"""``paigow-trainer live host|join`` (issue 41) as real processes on a real PostgreSQL server: the
live-class bar (a host, three trainees, a killed trainee rejoining, reveal counts, results, each
answer in progress once), late answers refused, the server away, and the one-line refusals."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from trainer.progress import school
from trainer.progress.server import open_store

ROOT = Path(__file__).resolve().parents[1]
SKILLS = "tile-compare,vigorish"


class Live:
    """A ``paigow-trainer live`` process: its JSON lines read by a thread, commands and answers written."""

    #: every process started, killed at the end of its test (one a failed test left waiting for ever)
    started: list[subprocess.Popen] = []

    def __init__(self, args: list[str], tmp: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "trainer", "live", *args, "--json"], cwd=tmp, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.lines: queue.Queue[str | None] = queue.Queue()
        #: the live counts the host printed (``count`` events), in order
        self.counts: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()
        Live.started.append(self.proc)

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def next_event(self, timeout: float = 30.0) -> dict:
        line = self.lines.get(timeout=timeout)
        assert line is not None, f"the process ended: {self.proc.wait()} {self.proc.stderr.read()}"
        return json.loads(line)

    def expect(self, kind: str, timeout: float = 30.0) -> dict:
        """The next event of ``kind`` (``waiting`` lines and the host's live counts on the way are skipped,
        the counts kept in :attr:`counts`)."""
        event = self.expect_any(timeout)
        assert event["event"] == kind, event
        return event

    def expect_any(self, timeout: float = 30.0) -> dict:
        """The next event that is neither ``waiting`` nor a live ``count``."""
        while (event := self.next_event(timeout))["event"] in ("waiting", "count"):
            if event["event"] == "count":
                self.counts.append({k: v for k, v in event.items() if k != "event"})
        return event

    def count_reaches(self, counted: dict, timeout: float = 30.0) -> None:
        """Wait until the host has printed the live count ``counted``."""
        while counted not in self.counts:
            event = self.next_event(timeout)
            assert event["event"] in ("waiting", "count"), event
            if event["event"] == "count":
                self.counts.append({k: v for k, v in event.items() if k != "event"})

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def finish(self) -> int:
        return self.proc.wait(timeout=60)


@pytest.fixture(autouse=True)
def _no_process_left():
    yield
    while Live.started:
        proc = Live.started.pop()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.fixture
def school_db(pg_url, tmp_path):
    """Class Morning (Ana, Ben, Cy; Dee is not in it) and its instructor's password file."""
    with open_store(pg_url, data=tmp_path / "setup") as store:
        for name in ("Ana", "Ben", "Cy", "Dee"):
            store.create_trainee(name)
        school.create_class(store, "Morning", "Ms Lee", "s3cret")
        school.add_trainees(store, "Morning", ["Ana", "Ben", "Cy"])
    (tmp_path / "pw").write_text("s3cret\n")
    return pg_url


def host(url: str, tmp: Path, *extra: str, count: int = 3, password: str = "pw") -> Live:
    return Live(["host", "--class", "Morning", "--skills", SKILLS, "--count", str(count), "--seed", "7",
                 "--password-file", str(tmp / password), "--database", url, "--data-dir", str(tmp / "host"),
                 *extra], tmp)


def join(url: str, tmp: Path, code: str, name: str) -> Live:
    return Live(["join", code, "--trainee", name, "--database", url, "--data-dir", str(tmp / name)], tmp)


def wrong_choice(question: dict) -> str:
    return next(c for c in question["choices"] if c != question["answer"]) if question["choices"] else "$0.01"


def test_a_live_class(school_db, tmp_path):
    """The bar: a host and three trainees; one killed mid-quiz rejoins at the current question with its
    answer kept; reveal counts; a late answer refused; results; every answer in progress once."""
    teacher = host(school_db, tmp_path)
    code = teacher.expect("open")["code"]
    pcs = {name: join(school_db, tmp_path, code, name) for name in ("Ana", "Ben", "Cy")}
    for pc in pcs.values():
        pc.expect("joined")

    teacher.send("next")
    first = teacher.expect("question")
    for name, pc in pcs.items():
        shown = pc.expect("question")
        assert shown == {k: first[k] for k in ("event", "number", "prompt", "choices")}  # never the key
    pcs["Ana"].send(first["answer"])
    pcs["Ben"].send(wrong_choice(first))
    for name in ("Ana", "Ben"):
        assert pcs[name].expect("answered")["number"] == 1
    pcs["Ana"].proc.kill()  # Ana's PC crashes after answering: it restarts and rejoins
    pcs["Ana"].finish()
    pcs["Ana"] = join(school_db, tmp_path, code, "Ana")
    pcs["Ana"].expect("joined")
    again = pcs["Ana"].expect("question")
    assert again["number"] == 1 and again["answered"] == first["answer"]  # her answer kept, not asked again

    teacher.send("reveal")
    shown = teacher.expect("reveal")
    assert (shown["answered"], shown["correct"], sum(shown["counts"].values())) == (2, 1, 2)
    assert shown["counts"][first["answer"]] == 1
    verdicts = {name: pc.expect("reveal") for name, pc in pcs.items()}
    assert {n: v["correct"] for n, v in verdicts.items()} == {"Ana": True, "Ben": False, "Cy": None}
    assert verdicts["Ben"]["citations"] == first["citations"] and verdicts["Ben"]["answer"] == first["answer"]
    pcs["Cy"].send(first["answer"])  # after Reveal: refused, nothing kept
    assert pcs["Cy"].expect("refused") == {"event": "refused", "number": 1,
                                           "message": "too late: the answers to question 1 are closed"}

    teacher.send("next")
    second = teacher.expect("question")
    for pc in pcs.values():
        assert pc.expect("question")["number"] == 2
    for name, pc in pcs.items():
        pc.send(second["answer"])
        assert pc.expect("answered")["number"] == 2
    teacher.send("reveal")
    assert teacher.expect("reveal")["answered"] == 3
    for pc in pcs.values():
        assert pc.expect("reveal")["correct"] is True
    teacher.send("end")
    results = teacher.expect("end")
    assert results["results"] == [{"trainee": "Ana", "answered": 2, "correct": 2},  # most right first, then by name
                                  {"trainee": "Ben", "answered": 2, "correct": 1},
                                  {"trainee": "Cy", "answered": 1, "correct": 1}]
    assert [q["answered"] for q in results["questions"]] == [2, 3]
    assert teacher.finish() == 0
    for pc in pcs.values():
        assert pc.expect("end") == {"event": "end"} and pc.finish() == 0
    with open_store(school_db, data=tmp_path / "check") as store:
        logged = {name: [(a.mode, a.correct) for a in store.answers(name)] for name in ("Ana", "Ben", "Cy")}
    assert logged == {"Ana": [("live", True)] * 2, "Ben": [("live", False), ("live", True)],
                      "Cy": [("live", True)]}


def test_an_answer_after_reveal_is_refused(school_db, tmp_path):
    """Reveal closes the answers: one sent on a PC that had not heard yet is refused with a message."""
    from trainer.progress import live

    teacher = host(school_db, tmp_path)
    code = teacher.expect("open")["code"]
    ana = join(school_db, tmp_path, code, "Ana")
    ana.expect("joined")
    teacher.send("next")
    question = teacher.expect("question")
    ana.expect("question")
    with open_store(school_db, data=tmp_path / "other") as store:
        quiz = live.find_quiz(store, code)
        live.reveal(store, quiz)
        with pytest.raises(live.LateAnswer, match="too late"):
            live.answer(store, quiz, "Ana", 1, question["answer"], 100)
    assert ana.expect("reveal")["correct"] is None
    teacher.send("end")
    assert teacher.expect("end")["results"] == [{"trainee": "Ana", "answered": 0, "correct": 0}]
    assert teacher.finish() == 0 and ana.finish() == 0


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "trainer", "live", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)


def test_refusals_are_one_line_and_exit_2(school_db, tmp_path):
    (tmp_path / "bad").write_text("guess\n")
    wrong = host(school_db, tmp_path, password="bad")
    assert wrong.finish() == 2
    assert wrong.proc.stderr.read().strip() == "paigow-trainer: error: wrong password for the instructor of 'Morning'"
    teacher = host(school_db, tmp_path)
    code = teacher.expect("open")["code"]
    outsider = run_cli("join", code, "--trainee", "Dee", "--database", school_db, "--data-dir", str(tmp_path / "d"),
                       "--json", cwd=tmp_path)
    assert outsider.returncode == 2 and outsider.stdout == ""
    assert outsider.stderr.splitlines() == ["paigow-trainer: error: Dee is not in class Morning: only its trainees "
                                            "join its live quiz (the instructor adds trainees to the class)"]
    unknown = run_cli("join", "QQQQQQ", "--trainee", "Ana", "--database", school_db, "--data-dir",
                      str(tmp_path / "a"), "--json", cwd=tmp_path)
    assert unknown.returncode == 2 and "no live quiz has the code 'QQQQQQ'" in unknown.stderr
    alone = run_cli("join", code, "--trainee", "Ana", "--database", f"sqlite:///{tmp_path}/p.sqlite3", "--json",
                    cwd=tmp_path)
    assert alone.returncode == 2 and len(alone.stderr.splitlines()) == 1
    assert "a live quiz needs a school database (PostgreSQL)" in alone.stderr
    teacher.send("end")
    assert teacher.expect("end")["results"] == [] and teacher.finish() == 0


def test_the_server_away_and_back(school_db, tmp_path, server_reachable):
    """The server goes away: the host says so and the quiz keeps its place; the trainee's PC says it
    waits for the school server; both go on when it is back, the trainee's answer kept once."""
    teacher = host(school_db, tmp_path)
    code = teacher.expect("open")["code"]
    ana = join(school_db, tmp_path, code, "Ana")
    ana.expect("joined")
    teacher.send("next")
    first = teacher.expect("question")
    ana.expect("question")
    server_reachable(False)
    assert ana.next_event()["message"] == "waiting for the school server"
    teacher.send("reveal")
    said = teacher.next_event()
    assert said["event"] == "waiting" and "the quiz keeps its place" in said["message"]
    ana.send(first["answer"])
    time.sleep(1.0)
    server_reachable(True)
    # the answer and the Reveal both waited for the server: whichever reached it first decides
    seen = {}
    while len(seen) < 2:
        event = ana.expect_any()
        seen[event["event"] if event["event"] == "reveal" else "outcome"] = event
    assert seen["outcome"]["event"] in ("answered", "refused") and seen["reveal"]["number"] == 1
    shown = teacher.expect("reveal")
    assert shown["answered"] == (1 if seen["outcome"]["event"] == "answered" else 0)
    assert seen["reveal"]["correct"] is (True if shown["answered"] else None)
    teacher.send("end")
    teacher.expect("end")
    assert teacher.finish() == 0 and ana.expect("end") and ana.finish() == 0
    with open_store(school_db, data=tmp_path / "check") as store:
        assert len(store.answers("Ana")) == shown["answered"]


def test_the_end_of_the_hosts_commands_ends_the_quiz(school_db, tmp_path):
    teacher = host(school_db, tmp_path)
    code = teacher.expect("open")["code"]
    ana = join(school_db, tmp_path, code, "Ana")
    ana.expect("joined")
    teacher.proc.stdin.close()
    assert teacher.expect("end")["results"] == [{"trainee": "Ana", "answered": 0, "correct": 0}]
    assert teacher.finish() == 0
    assert ana.expect("end") == {"event": "end"} and ana.finish() == 0


def test_a_quiz_on_a_casinos_rules_reaches_pcs_without_the_file(school_db, tmp_path):
    """--casino-rules: the server keeps the file's text, so a trainee's PC makes the question on the
    casino's way (and judges it so) without the file."""
    harbor = str(ROOT / "docs" / "casino-rules" / "harbor.toml")
    teacher = Live(["host", "--class", "Morning", "--skills", "house-way", "--count", "1", "--seed", "11",
                    "--casino-rules", harbor, "--password-file", str(tmp_path / "pw"), "--database", school_db,
                    "--data-dir", str(tmp_path / "host")], tmp_path)
    code = teacher.expect("open")["code"]
    ana = join(school_db, tmp_path, code, "Ana")
    ana.expect("joined")
    teacher.send("next")
    asked = teacher.expect("question")
    assert ana.expect("question")["prompt"] == asked["prompt"]
    ana.send(asked["answer"])
    ana.expect("answered")
    teacher.send("reveal")
    assert teacher.expect("reveal")["correct"] == 1
    assert ana.expect("reveal")["correct"] is True
    teacher.send("end")
    teacher.expect("end")
    assert teacher.finish() == 0 and ana.expect("end") and ana.finish() == 0


def test_the_host_prints_the_live_count(school_db, tmp_path):
    """``live host`` prints how many trainees are connected, and while a question is asked how many have
    answered it, each time it changes (issue 40's leftovers)."""
    teacher = host(school_db, tmp_path)
    code = teacher.expect("open")["code"]
    teacher.count_reaches({"joined": 0})
    pcs = [join(school_db, tmp_path, code, name) for name in ("Ana", "Ben")]
    for pc in pcs:
        pc.expect("joined")
    teacher.count_reaches({"joined": 2})
    teacher.send("next")
    first = teacher.expect("question")
    teacher.count_reaches({"joined": 2, "answered": 0})
    for pc in pcs:
        pc.expect("question")
    pcs[0].send(first["answer"])
    pcs[0].expect("answered")
    teacher.count_reaches({"joined": 2, "answered": 1})
    assert all(a != b for a, b in zip(teacher.counts, teacher.counts[1:]))  # printed only when it changes
    teacher.send("end")
    assert teacher.expect("end")["results"] and teacher.finish() == 0
