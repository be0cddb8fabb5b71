"""Hostile casino files (issue 39, item 5): only a regular file under the size limit is read (a FIFO,
/dev/urandom, /dev/zero, a folder, a link loop are one line at once, in the CLI, at the app's start
and never a hang); nesting, "²" or "①" where a number belongs, a paytable on a profile that has none
are one line with the file's line; the same texts inside an export given to ``progress --import``
are one line; an edited kept parse or table in the data folder is not used."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.rules import casino
from trainer.rules.casino import CasinoFileError, parse_casino

HARBOR = (Path(__file__).parent.parent / "docs" / "casino-rules" / "harbor.toml").read_text()
PAIR_LINE = 'pair = ["4", "5", "6", "10", "11"]'
LINE_OF_PAIR = HARBOR.splitlines().index(PAIR_LINE) + 1
PAYTABLES_LINE = HARBOR.splitlines().index('vigorish_rounding = "quarter"') + 2


def _harbor(old, new):
    assert old in HARBOR
    return HARBOR.replace(old, new, 1)


@pytest.mark.parametrize("text, line, words", [
    (_harbor(PAIR_LINE, 'pair = ["²"]'), LINE_OF_PAIR, "'²' is no kind of tile"),
    (_harbor(PAIR_LINE, 'pair = ["①"]'), LINE_OF_PAIR, "'①' is no kind of tile"),
    (_harbor(PAIR_LINE, 'pair = ["1²"]'), LINE_OF_PAIR, "is no kind of tile"),
    (_harbor('vigorish_rounding = "quarter"', 'vigorish_rounding = "quarter"\npaytables = { sum = "B" }'),
     PAYTABLES_LINE, "'sum' is not a side wager this profile allows (choose from: none)"),
    (HARBOR + "\nx = " + "[" * 600 + "]" * 600 + "\n", HARBOR.count("\n") + 2, "nested more than 32 deep"),
    (HARBOR + "\nx = " + "{ a = " * 600 + "1" + " }" * 600 + "\n", HARBOR.count("\n") + 2, "nested more than 32 deep"),
])
def test_a_hostile_text_is_one_line_naming_its_line(text, line, words):
    with pytest.raises(CasinoFileError) as info:
        parse_casino("hostile.toml", text.encode())
    assert info.value.line == line and words in str(info.value) and "\n" not in str(info.value)


def test_brackets_in_texts_and_comments_do_not_count_as_nesting():
    text = _harbor('name = "Harbor house way"', 'name = "Harbor ' + "[" * 40 + ' way" # ' + "{" * 40)
    assert parse_casino("brackets.toml", text.encode()).casino == "Harbor Training Casino"


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "rules.toml"
    os.mkfifo(path)
    return path


def _specials(tmp_path, fifo):
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.truncate(casino.MAX_FILE_BYTES + 1)
    return {"fifo": (fifo, "not a regular file"), "urandom": ("/dev/urandom", "not a regular file"),
            "zero": ("/dev/zero", "not a regular file"), "folder": (tmp_path, "is a folder"),
            "loop": (loop, "too many levels of symbolic links"), "big": (big, "larger than 4 MB"),
            "missing": (tmp_path / "none.toml", "no such file")}


@pytest.mark.parametrize("kind", ["fifo", "urandom", "zero", "folder", "loop", "big", "missing"])
def test_only_a_regular_file_under_the_limit_is_read(tmp_path, fifo, capsys, kind):
    path, words = _specials(tmp_path, fifo)[kind]
    assert main(["casino-rules", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and str(path) in err, err


def test_a_remembered_fifo_never_freezes_the_apps_start(tmp_path, fifo):
    """The app remembers the last casino file; one that became a FIFO is refused at once."""
    code = ("import sys; from trainer.ui.casino_rules import *; from trainer.rules.casino import load_casino\n"
            "try:\n    load_casino(sys.argv[1])\nexcept Exception as exc:\n    print(type(exc).__name__, exc)\n")
    done = subprocess.run([sys.executable, "-c", code, str(fifo)], capture_output=True, text=True, timeout=60)
    assert "CasinoFileError" in done.stdout and "not a regular file" in done.stdout


def test_the_same_texts_inside_an_export_are_one_line_at_import(tmp_path, capsys):
    data = tmp_path / "data"
    assert main(["progress", "--data-dir", str(data), "--create", "Ana"]) == 0
    export = tmp_path / "ana.json"
    assert main(["progress", "--data-dir", str(data), "--trainee", "Ana", "--export", str(export)]) == 0
    capsys.readouterr()
    doc = json.loads(export.read_text())
    for n, text in enumerate([_harbor(PAIR_LINE, 'pair = ["①"]'), HARBOR + "x = " + "[" * 900 + "]" * 900,
                              _harbor('vigorish_rounding = "quarter"', 'paytables = { sum = "B" }')]):
        doc["casino_rules"] = [{"sha256": hashlib.sha256(text.encode()).hexdigest(), "file_name": "h.toml",
                                "content": text}]
        export.write_text(json.dumps(doc))
        assert main(["progress", "--data-dir", str(data), "--import", str(export), "--as", f"Bo{n}"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "casino_rules[0]: h.toml:" in err, err


def test_an_edited_kept_parse_is_not_used(tmp_path, monkeypatch):
    path = tmp_path / "harbor.toml"
    path.write_text(HARBOR + "\n# a copy to edit the kept parse of\n")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    casino.load_casino(str(path))
    kept = casino.parsed_cache(digest)
    head, _, body = kept.read_text().partition("\n")
    kept.write_text(head + "\n" + body.replace("Harbor Training Casino", "Forged Casino"))
    monkeypatch.setattr(casino, "_LOADED", {})
    assert casino.load_casino(str(path)).casino == "Harbor Training Casino"
    assert "Forged" not in kept.read_text()  # parsed again, and kept again


def test_an_edited_kept_table_is_built_again(tmp_path):
    import numpy as np

    from trainer.paths import data_dir

    builds = []

    def build():
        builds.append(1)
        return np.arange(6).reshape(2, 3)

    digest = "cd" * 32
    first = casino.kept_table(digest, ("trainer.rules.casino",), build)
    [kept] = (data_dir() / "casino-rules").glob(f"{digest}.*.npy")
    forged = np.full((2, 3), 5)
    with open(kept, "wb") as f:
        np.save(f, forged, allow_pickle=False)
    assert (casino.kept_table(digest, ("trainer.rules.casino",), build) == first).all() and len(builds) == 2


@pytest.mark.parametrize("old, new", [
    ('name = "Harbor Training Casino"', 'name = "Harbor\\u001b[2J Casino"'),
    ('name = "Harbor house way"', 'name = "Harbor \\u202egnorw way"'),
    ('name = "Harbor pair rule A"', 'name = "Rule\\u0007A"'),
])
def test_names_with_terminal_escapes_or_bidi_controls_are_refused_with_their_line(old, new):
    text = _harbor(old, new)
    with pytest.raises(CasinoFileError) as info:
        parse_casino("escapes.toml", text.encode())
    said = str(info.value)
    assert info.value.line == HARBOR.splitlines().index(old) + 1 and "control or text-direction" in said
    assert said.isprintable()


def test_bytes_that_are_not_utf8_name_their_line():
    data = HARBOR.encode().replace(b"Harbor pair rule A", b"Harbor pair rule \xff", 1)
    with pytest.raises(CasinoFileError) as info:
        parse_casino("latin1.toml", data)
    assert info.value.line == data[:data.index(b"\xff")].count(b"\n") + 1 and "not UTF-8 text" in str(info.value)
