"""What every benchmark shares: fresh processes timed by the wall clock, their peak memory, the
machine's load, and one way to print a row.

A user waits for a whole process (interpreter, imports, first use), so headline figures run the
command in a fresh process and read the wall clock; warm figures (a second call in one process) are
printed as secondary rows. ``--root DIR`` (every benchmark) times another checkout of the trainer,
e.g. the code before a change, with this venv's Python.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def parser(doc: str) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout of the trainer to time")
    return ap


def load() -> str:
    """The machine's load average (1, 5, 15 minutes): every figure is printed with it."""
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def environment(root: Path, tmp: str) -> dict[str, str]:
    """A child's environment: the trainer from ``root``, user folders in ``tmp``, Qt offscreen
    unless a display is set, and bytecode written and read as an installed app has it (in the
    ignored ``__pycache__`` folders; a shared cache prefix would make the first child compile numpy)."""
    env = dict(os.environ, PYTHONPATH=str(root), PAIGOW_TRAINER_CONFIG_DIR=f"{tmp}/config",
               PAIGOW_TRAINER_DATA_DIR=f"{tmp}/data")
    for name in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX"):
        env.pop(name, None)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "trainer")], env=env, check=True)
    return env


@dataclass(frozen=True)
class Run:
    """One fresh process: wall-clock seconds, peak resident memory (MiB) and what it printed."""

    seconds: float
    peak_mib: float
    out: str


def fresh(argv: list[str], env: dict[str, str]) -> Run:
    """Run ``python argv...`` in a fresh process; wall clock from spawn to exit, its own peak RSS.

    It runs in the checkout it times (``env["PYTHONPATH"]``): ``python -c`` puts its folder first.
    """
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, *argv], env=env, stdout=out,
                                stderr=err, cwd=env["PYTHONPATH"])
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0), err.seek(0)
        if proc.returncode:
            raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}):\n{err.read()}")
        return Run(seconds, usage.ru_maxrss / 1024, out.read())


def entry_point(args: list[str]) -> list[str]:
    """``paigow-trainer args...`` as the console script runs it (``trainer.cli.main``)."""
    return ["-c", "import sys; from trainer.cli import main; sys.argv[0] = 'paigow-trainer'; "
                  f"raise SystemExit(main({args!r}))"]


def row(name: str, values: list[float], unit: str = "ms", extra: str = "") -> None:
    """``name  median  (min-max, n)`` and the load now."""
    print(f"{name:<52} median {statistics.median(values):8.1f} {unit}   ({min(values):.1f}-{max(values):.1f}, "
          f"n={len(values)}) {extra}  [{load()}]", flush=True)


def temporary() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="paigow-bench-")
