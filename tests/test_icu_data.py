"""The bundle's smaller ICU data library (packaging/icu_data.py, issue 32): the package format is read and
written exactly, and Qt answers every ICU question it can ask the same with the smaller library as with
the original (collation, case mapping, time-zone names, legacy encodings)."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging"))
import icu_data  # noqa: E402

pytest.importorskip("PySide6")
import PySide6  # noqa: E402

LIBRARIES = sorted((Path(PySide6.__file__).parent / "Qt" / "lib").glob("libicudata.so.*"))
pytestmark = pytest.mark.skipif(not (sys.platform.startswith("linux") and LIBRARIES and shutil.which("readelf")
                                     and shutil.which("gcc")),
                                reason="Linux with PySide6's ICU, gcc and binutils")

# What Qt asks ICU for, printed: one line per answer.
QT_ASKS_ICU = r"""
from PySide6.QtCore import QByteArray, QCollator, QLocale, QStringConverter, QStringDecoder, QTimeZone
print([line.split()[-1] for line in open("/proc/self/maps") if "libicudata" in line][0])
words = ["zebra", "Äpfel", "apple", "Zürich", "öl", "ob", "ä", "b", "a", "Ångström", "ch", "cz", "ñu", "nz"]
for name in ("de_DE", "sv_SE", "es_ES", "cs_CZ", "tr_TR", "en_US", "ja_JP", "zh_CN"):
    print(name, sorted(words, key=QCollator(QLocale(name)).sortKey))
numeric = QCollator(QLocale("en_US"))
numeric.setNumericMode(True)
print(sorted(["file10", "file2", "File1"], key=numeric.sortKey))
print(QLocale("tr_TR").toUpper("istanbul"), QLocale("de_DE").toUpper("straße"), QLocale("lt").toLower("ĮĖ"))
for zone in (b"Europe/Berlin", b"America/New_York", b"Asia/Kolkata", b"Australia/Adelaide"):
    z = QTimeZone(zone)
    print(zone, [z.displayName(t, n, QLocale(loc)) for t in (QTimeZone.StandardTime, QTimeZone.DaylightTime)
                 for n in (QTimeZone.LongName, QTimeZone.ShortName) for loc in ("en_US", "de_DE", "ja_JP")])
print([(e, QStringDecoder(e).isValid(), QStringDecoder(e).name()) for e in
       ("Shift_JIS", "windows-1252", "GB18030", "KOI8-R", "Big5", "ISO-8859-2", "EUC-KR", "IBM037")])
print(len(QStringConverter.availableCodecs()))
"""


def test_the_package_is_read_and_written_byte_for_byte():
    library = LIBRARIES[0]
    _, offset, size = icu_data.entry_symbol(library)
    with library.open("rb") as f:
        f.seek(offset)
        data = f.read(size)
    header, items = icu_data.items(data)
    assert len(items) > 1000 and items[0][0].startswith("icudt")
    assert icu_data.package(header, items) == data


def test_qt_answers_the_same_with_the_smaller_library(tmp_path):
    library = LIBRARIES[0]
    small = icu_data.trimmed(library, tmp_path / library.name)
    assert small.stat().st_size < library.stat().st_size * 0.6

    def asks(folder: Path | None) -> list[str]:
        env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
        if folder:
            env["LD_LIBRARY_PATH"] = str(folder)  # searched before the Qt libraries' RUNPATH
        done = subprocess.run([sys.executable, "-c", QT_ASKS_ICU], capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()

    full, trimmed = asks(None), asks(tmp_path)
    assert Path(full[0]) == library.resolve() and Path(trimmed[0]) == small
    assert trimmed[1:] == full[1:]
    sorted_in = {line.split()[0]: ast.literal_eval(line.split(" ", 1)[1]) for line in trimmed[1:9]}
    assert sorted_in["de_DE"].index("ä") < sorted_in["de_DE"].index("b")  # the root order
    assert sorted_in["sv_SE"].index("ä") > sorted_in["sv_SE"].index("Zürich")  # Swedish: å, ä, ö after z
    assert sorted_in["es_ES"].index("ñu") > sorted_in["es_ES"].index("nz")  # Spanish: ñ after n
    assert trimmed[10].startswith("İSTANBUL STRASSE")
