"""The standalone bundle (``./scripts/bundle``) beside the installed app: its size, and how long each
takes from start to the painted Table screen.

    python benchmarks/bench_bundle.py [--bundle dist/paigow-trainer] [--bundle OTHER ...] [--runs 11]

Each start is a fresh process timed by the wall clock from spawn to the first paint of its Table
screen (``--quit-after-paint=table``: it prints the time and leaves at once; tearing down is not
counted): the installed app (``.venv/bin/paigow-trainer``, the console script) and each bundle, one
after the other in every round so that all see the same load. Medians, with the machine's load
beside each row. Sizes: the bundle's folder unpacked, and packed as a ``.tar.gz`` (what a school
downloads).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import tarfile
import time
from pathlib import Path

from common import ROOT, environment, load, parser, row, temporary


def _first_paint(command: list[str], env: dict[str, str]) -> float:
    """Milliseconds from spawning ``command`` to the first paint it reports."""
    start = time.time()
    proc = subprocess.run(command, env=env, capture_output=True, text=True, cwd=env["HOME"])
    if proc.returncode or "first-paint" not in proc.stdout:
        raise SystemExit(f"{' '.join(command)} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return (float(proc.stdout.split("first-paint", 1)[1].split()[0]) - start) * 1000


def size(folder: Path) -> int:
    """The bytes of the folder's files (links not followed)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def packed(folder: Path, tmp: str) -> int:
    """The bytes of the folder as a ``.tar.gz`` (gzip's default level)."""
    archive = Path(tmp) / f"{folder.name}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname=folder.name)
    return archive.stat().st_size


def megabytes(n: int) -> str:
    """``n`` bytes in MiB (as ``du -h`` counts) and MB."""
    return f"{n / 2**20:.1f} MiB ({n / 1e6:.1f} MB)"


def program(bundle: Path) -> Path:
    for name in ("paigow-trainer", "paigow-trainer.exe"):
        if (bundle / name).is_file():
            return bundle / name
    raise SystemExit(f"{bundle}: no paigow-trainer program in it (build it with ./scripts/bundle)")


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--bundle", type=Path, action="append",
                    help="a bundle folder (default dist/paigow-trainer); repeat to compare builds")
    ap.add_argument("--runs", type=int, default=11)
    args = ap.parse_args(argv)
    bundles = [b.resolve() for b in args.bundle or [ROOT / "dist" / "paigow-trainer"]]
    installed = ROOT / ".venv" / ("Scripts/paigow-trainer.exe" if os.name == "nt" else "bin/paigow-trainer")
    print(f"bench_bundle on {args.root}  [{load()}]")
    with temporary() as tmp:
        env = dict(environment(args.root, tmp), HOME=tmp)
        frozen_env = {k: v for k, v in env.items() if k != "PYTHONPATH"}  # a bundle ignores it; say so
        starts = [("installed app", [str(installed)], env)]
        starts += [(f"bundle {b}", [str(program(b))], frozen_env) for b in bundles]
        for _name, command, env_ in starts:  # warm the file cache once
            _first_paint([*command, "--quit-after-paint=table"], env_)
        times: dict[str, list[float]] = {name: [] for name, _, _ in starts}
        for _ in range(args.runs):
            for name, command, env_ in starts:
                times[name].append(_first_paint([*command, "--quit-after-paint=table"], env_))
        base = statistics.median(times["installed app"])
        for name, _command, _env in starts:
            row(f"{name}: start to the painted Table screen", times[name],
                extra=f"ratio to the installed app {statistics.median(times[name]) / base:.2f}")
        for bundle in bundles:
            print(f"bundle {bundle}: {megabytes(size(bundle))} unpacked, {megabytes(packed(bundle, tmp))} as .tar.gz"
                  f"  [{load()}]", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
