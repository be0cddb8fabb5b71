"""The robustness-3 hostile pass (issue 39): many hostile cases against the CLI and the store, counted.

``.venv/bin/python scripts/hostile_pass.py [WORKERS]`` runs every case and prints, per family, how many gave a
traceback (or an exit code that is neither 0 nor 2), hung (no end in 20 s), accepted nonsense (exit 0
for an input the rules refuse), or broke trust (an edited outbox landing a forged verdict, on another
trainee, on another database, or bringing a deleted trainee back), then the totals. It judges any
version of the trainer that runs (``PYTHONPATH=old-checkout .venv/bin/python scripts/hostile_pass.py``): the CLI
cases run ``python -m trainer`` in a fresh process each; the store cases need pgserver.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HARBOR = (Path(__file__).resolve().parent.parent / "docs" / "casino-rules" / "harbor.toml").read_text()
PAIR = 'pair = ["4", "5", "6", "10", "11"]'
TIMEOUT_S = 20
INVISIBLE = [0x034F, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]


def cli(argv: list[str], env: dict[str, str] | None = None) -> tuple[str, str]:
    """Run the CLI in a fresh process: ("ok"|"refused"|"traceback"|"hang", stderr's last line)."""
    try:
        done = subprocess.run([sys.executable, "-m", "trainer", *argv], capture_output=True, timeout=TIMEOUT_S,
                              env={**os.environ, **(env or {})}, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return "hang", " ".join(argv)[:100]
    err = done.stderr.decode("utf-8", "replace")
    if "Traceback" in err or done.returncode not in (0, 2):
        return "traceback", (err.strip().splitlines() or ["?"])[-1][:120]
    return ("ok" if done.returncode == 0 else "refused"), (err.strip().splitlines() or [""])[-1][:120]


def casino_texts() -> dict[str, str]:
    """Hostile Rules Submissions, each one the loader must refuse."""
    cases = {}
    for digit in ("²", "①", "٣x", "1²", "⑩", "¹¹"):
        cases[f"digit {digit} in a pair"] = HARBOR.replace(PAIR, f'pair = ["{digit}"]')
        cases[f"digit {digit} in a tile"] = HARBOR.replace('others_any = ["4-6"', f'others_any = ["{digit}-6"')
    for depth in (40, 200, 600, 3000):
        cases[f"array nesting {depth}"] = HARBOR + "\nx = " + "[" * depth + "]" * depth + "\n"
        cases[f"table nesting {depth}"] = HARBOR + "\nx = " + "{a=" * depth + "1" + "}" * depth + "\n"
    for juris in ("nj", "md"):
        for value in ('{ sum = "B" }', '{ sum = 3 }', '{ fortune = "A" }', '"B"', "[1]"):
            cases[f"paytables {value} on {juris}"] = HARBOR.replace('jurisdiction = "nj"', f'jurisdiction = "{juris}"'
                                                                    ).replace('vigorish_rounding = "quarter"',
                                                                              f'vigorish_rounding = "quarter"\n'
                                                                              f'paytables = {value}')
    for name, bad in (("escape", "\\u001b[2J"), ("bidi", "\\u202e"), ("bell", "\\u0007"), ("nul", "\\u0000")):
        cases[f"casino name with {name}"] = HARBOR.replace('name = "Harbor Training Casino"',
                                                           f'name = "Harbor{bad}Casino"')
        cases[f"rule name with {name}"] = HARBOR.replace('name = "Harbor pair rule A"', f'name = "Rule{bad}A"')
    cases["jurisdiction a list"] = HARBOR.replace('jurisdiction = "nj"', 'jurisdiction = ["nj"]')
    cases["jurisdiction a table"] = HARBOR.replace('jurisdiction = "nj"', 'jurisdiction = { a = 1 }')
    cases["not UTF-8"] = HARBOR.replace("Harbor", "Harbor\udcff", 1)
    return cases


def casino_cases(tmp: Path) -> list[tuple[str, list[str], dict[str, str] | None, str]]:
    """(family, argv, env, expected) for the casino files: every one must be refused."""
    out = []
    for label, text in casino_texts().items():
        path = tmp / f"c{len(out)}.toml"
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        out.append(("casino file", ["casino-rules", "check", str(path)], None, "refused"))
    fifo = tmp / "fifo.toml"
    os.mkfifo(fifo)
    loop = tmp / "loop.toml"
    loop.symlink_to(loop)
    for special in (fifo, "/dev/urandom", "/dev/zero", tmp, loop):
        for argv in (["casino-rules", "check", str(special)], ["house-way", "6-6 4-5 1-3 2-3", "--house-way", str(special)],
                     ["drill", "--skill", "tile-id", "--count", "1", "--casino-rules", str(special)]):
            out.append(("special file", argv, None, "refused"))
    return out


def export_cases(tmp: Path, data: Path) -> list[tuple[str, list[str], dict[str, str] | None, str]]:
    """The same hostile texts inside an export given to ``progress --import``."""
    import hashlib

    export = tmp / "base.json"
    subprocess.run([sys.executable, "-m", "trainer", "progress", "--data-dir", str(data), "--trainee", "Ana",
                    "--export", str(export)], capture_output=True, timeout=60)
    doc = json.loads(export.read_text())
    out = []
    for n, text in enumerate(casino_texts().values()):
        if "\udcff" in text:
            continue
        doc["casino_rules"] = [{"sha256": hashlib.sha256(text.encode()).hexdigest(), "file_name": "h.toml",
                                "content": text}]
        path = tmp / f"e{n}.json"
        path.write_text(json.dumps(doc))
        out.append(("export's casino text", ["progress", "--data-dir", str(data), "--import", str(path), "--as",
                                             f"Imp{n}"], None, "refused"))
    return out


def path_cases(tmp: Path, data: Path) -> list[tuple[str, list[str], dict[str, str] | None, str]]:
    fifo = tmp / "out.fifo"
    os.mkfifo(fifo)
    loop = tmp / "out.loop"
    loop.symlink_to(loop)
    out = []
    for target in (fifo, loop):
        out.append(("output path", ["progress", "--data-dir", str(data), "--trainee", "Ana", "--export", str(target)],
                    None, "refused"))
        out.append(("output path", ["report", "--data-dir", str(data), "--trainee", "Ana", "--out", str(target)],
                    None, "refused"))
    bad_url = os.fsdecode(b"postgresql://ana:pw@db/school\xff")
    for argv, env in ((["progress", "--database", bad_url, "--list"], None),
                      (["progress", "--list"], {"PAIGOW_TRAINER_DATABASE": bad_url}),
                      (["class", "--database", bad_url], None)):
        out.append(("database URL", argv, env, "refused"))
    for argv in (["progress", "--import", ""], ["progress", "--migrate-from", ""], ["progress", "--migrate-from", " "],
                 ["class", "--create", ""], ["class", "--casino-rules", ""], ["progress", "--switch", ""],
                 ["progress", "--import="], ["class", "--csv", ""], ["class", "--class", ""]):
        out.append(("empty value", [*argv, "--data-dir", str(data)], None, "refused"))
    for command in (["house-way", "6-6 4-5 1-3 2-3"], ["analyze", "6-6 4-5 1-3 2-3"]):
        for profile in ("nonsense", "pa-2019", "md"):
            out.append(("profile beside a file", [*command, "--profile", profile, "--house-way",
                                                  str(Path(__file__).parent.parent / "docs/casino-rules/harbor.toml")],
                        None, "refused"))
    out.append(("dice", ["snapshot", "--dice", "3;2;4", "--out", str(tmp / "d.png"), "--size", "1024x768"], None, "ok"))
    return out


def name_cases(data: Path) -> Counter:
    """Every invisible code point and lone mark as a name, in process (no hang possible here): each must be refused."""
    from trainer.progress.names import normal_name
    from trainer.rules.errors import TrainerError

    found: Counter = Counter()
    for name in [f"Ana{chr(c)}" for c in INVISIBLE] + ["\u0301", "\u0301Ana", "Ana \u0301", "\u20dd"]:
        try:
            normal_name(name)
            found["nonsense"] += 1
        except TrainerError:
            found["refused"] += 1
        except Exception:  # noqa: BLE001 - counted
            found["traceback"] += 1
    return found


def csv_cases(tmp: Path) -> Counter:
    import csv
    import io

    from trainer.progress import ProgressStore, school

    found: Counter = Counter()
    with ProgressStore(tmp / "csv.sqlite3") as store:
        names = ['=HYPERLINK("http://x","y")', "+1+2", "-2+3", "@SUM(A1)", "=1+1", "\t=1"]
        for name in names:
            try:
                store.create_trainee(name)
            except Exception:  # noqa: BLE001 - a name refused is no formula
                names.remove(name)
        school.create_class(store, "Morning", "Ms Lee", "hunter2")
        group = school.sign_in(store, "Morning", "hunter2")
        school.add_trainees(store, "Morning", names)
        rows = list(csv.reader(io.StringIO(school.report_csv(school.class_report(store, group)))))
    for row in rows[1:]:
        found["trust" if row[0].startswith(("=", "+", "-", "@", "\t")) else "refused"] += 1
    return found


def store_cases(tmp: Path) -> Counter:
    """The outbox's trust cases on a real PostgreSQL server."""
    import pgserver
    import psycopg

    from trainer.drills import check, generate
    from trainer.progress.server import open_store

    found: Counter = Counter()
    server = pgserver.get_server(str(tmp / "pg"), cleanup_mode="stop")
    admin = server.get_uri()

    def database() -> str:
        name = "h" + uuid.uuid4().hex[:12]
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return admin.replace("/postgres?", f"/{name}?", 1)

    def switch(url: str, on: bool) -> None:
        name = url.split("/")[3].split("?")[0]
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE {name} WITH ALLOW_CONNECTIONS {str(on).lower()}")
            if not on:
                conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))

    def record(store, who, seed, right=True):
        q = generate("tile-compare", seed=seed)
        given = q.answer if right else next(c for c in q.choices if c != q.answer)
        return store.record(who, q, check(q, given), given, ms=1000)

    def scenario(edit, then=None):
        url, pc_dir = database(), tmp / uuid.uuid4().hex[:8]
        store = open_store(url, data=pc_dir, note=lambda m: None)
        store._conn.retry_s = 0
        for name in ("Ana", "Bo"):
            store.create_trainee(name)
            record(store, name, 1)
        switch(url, False)
        record(store, "Bo", 2, right=False)
        record(store, "Bo", 3)
        rows = store._outbox._conn.execute("SELECT uid, payload FROM outbox").fetchall()
        for uid, payload in rows:
            store._outbox._conn.execute("UPDATE outbox SET payload = ? WHERE uid = ?", (edit(payload), uid))
        switch(url, True)
        if then:
            then(url, tmp)
        store._server._retry_at = store._retry_at = 0
        try:
            store.flush()
            record(store, "Ana", 4)  # and drills go on
            return store, url
        except Exception as exc:  # noqa: BLE001 - counted
            found["traceback"] += 1
            print("  store traceback:", type(exc).__name__, str(exc)[:100])
            return None, url

    def forged(payload: str) -> str:
        p = json.loads(payload)
        p["correct"] = True
        return json.dumps(p)

    store, _ = scenario(forged)
    if store:
        found["trust" if all(a.correct for a in store.answers("Bo")) else "refused"] += 1
    for garbage in ("{not json", "[]", "null", "[" * 50000, '{"question": 3}', "\"x\"", json.dumps({"answer": 1})):
        store, _ = scenario(lambda p, g=garbage: g)
        if store:
            found["refused"] += 1

    def renamed(url, _):
        with open_store(url, data=tmp / uuid.uuid4().hex[:8]) as desk:
            desk.rename_trainee("Bo", "Bob")

    def deleted(url, _):
        with open_store(url, data=tmp / uuid.uuid4().hex[:8]) as desk:
            desk.delete_trainee("Bo", confirm=True)

    store, _ = scenario(lambda p: p, renamed)
    if store:
        names = [t.name for t in store.trainees()]
        found["trust" if "Bo" in names or len(store.answers("Bob")) != 3 else "refused"] += 1
    store, _ = scenario(lambda p: p, deleted)
    if store:
        found["trust" if "Bo" in [t.name for t in store.trainees()] else "refused"] += 1
    # answers queued while database A was down, the PC then pointed at database B
    url_a, url_b, pc_dir = database(), database(), tmp / uuid.uuid4().hex[:8]
    a = open_store(url_a, data=pc_dir)
    a._conn.retry_s = 0
    a.create_trainee("Ana")
    switch(url_a, False)
    record(a, "Ana", 2)
    a.close()
    with open_store(url_b, data=pc_dir) as b:
        b.flush()
        found["trust" if b.trainees() else "refused"] += 1
    server.cleanup()
    return found


def main() -> int:
    workers = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    tmp = Path(tempfile.mkdtemp(prefix="hostile-"))
    data = tmp / "data"
    os.environ["PAIGOW_TRAINER_DATA_DIR"] = str(tmp / "user-data")
    subprocess.run([sys.executable, "-m", "trainer", "progress", "--data-dir", str(data), "--create", "Ana"],
                   capture_output=True, timeout=60)
    cases = casino_cases(tmp) + export_cases(tmp, data) + path_cases(tmp, data)
    table: dict[str, Counter] = {}
    with ThreadPoolExecutor(workers) as pool:
        for (family, argv, env, expected), (got, line) in zip(cases, pool.map(lambda c: cli(c[1], c[2]), cases)):
            verdict = "nonsense" if got == "ok" and expected == "refused" else got
            table.setdefault(family, Counter())[verdict] += 1
            if verdict in ("traceback", "hang", "nonsense"):
                print(f"  {verdict}: {family}: {' '.join(argv)[:90]} -> {line}")
    table["names (in process)"] = name_cases(data)
    table["class CSV cells"] = csv_cases(tmp)
    table["outbox trust (pgserver)"] = store_cases(tmp)
    total: Counter = Counter()
    print(f"{'family':28} {'cases':>6} {'traceback':>10} {'hang':>5} {'nonsense':>9} {'trust':>6}")
    for family, counts in table.items():
        total.update(counts)
        print(f"{family:28} {sum(counts.values()):6} {counts['traceback']:10} {counts['hang']:5} "
              f"{counts['nonsense']:9} {counts['trust']:6}")
    print(f"{'TOTAL':28} {sum(total.values()):6} {total['traceback']:10} {total['hang']:5} {total['nonsense']:9} "
          f"{total['trust']:6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
