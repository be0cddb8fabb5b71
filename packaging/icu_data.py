"""ICU's data library (``libicudata.so.NN``, Linux) rebuilt with only what Qt can ask ICU for.

Qt Core links ICU for five things, and nothing else (its imports from ICU): case mapping
(``u_strToUpper``/``u_strToLower``: code, no data), collation (``ucol_*``: the ``coll/`` tree),
time-zone ids and display names (``ucal_*``: the ``zone/`` tree, the main locale tree for the
calendar, ``zoneinfo64``, ``metaZones``, ``timezoneTypes``, ``supplementalData``), and the legacy
text encodings (``ucnv_*``: ``cnvalias.icu`` and the ``*.cnv`` tables). The data library is a
"common data" package (a header, a table of contents sorted by name, then the items, each aligned
to 16 bytes) behind one symbol, ``icudtNN_dat``. The items Qt's calls never open are left out: the
break iterators and their dictionaries (``brkitr/``: Qt finds text boundaries itself), unit,
currency, language and region display names, transliterators, spell-out rules, string-prep
profiles and the confusables table (IDNA and spoof checking: Qt does its own IDNA). That is half
the library (31 MiB -> 16). The kept items are copied byte for byte; the library keeps its soname
and symbol, so ICU's other libraries load it unchanged.

    python packaging/icu_data.py libicudata.so.73 OUT/libicudata.so.73   (what the spec does)
"""

from __future__ import annotations

import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

#: Item names (without the ``icudtNNl/`` prefix) that no ICU call Qt makes can reach.
UNUSED = re.compile(r"^(brkitr|unit|curr|lang|region|translit|rbnf)/|\.(spp|cfu)$")
ALIGN = 16
PAD = b"\xaa"  # what ICU's own packager pads with


def entry_symbol(library: Path) -> tuple[str, int, int]:
    """The data symbol's name, file offset and size (from ``readelf``: binutils, as ``strip``)."""
    text = subprocess.run(["readelf", "-W", "--dyn-syms", "--sections", str(library)],
                          capture_output=True, text=True, check=True).stdout
    symbol = re.search(r"\s([0-9a-f]+)\s+(0x[0-9a-f]+|\d+)\s+OBJECT\s+GLOBAL\s+\w+\s+\d+\s+(icudt\d+_dat)$", text, re.M)
    if not symbol:
        raise ValueError(f"{library}: no icudtNN_dat symbol")
    address, size = int(symbol[1], 16), int(symbol[2], 0)
    for section in re.finditer(r"\]\s+\S+\s+\S+\s+([0-9a-f]{8,})\s+([0-9a-f]{6,})\s+([0-9a-f]{6,})", text):
        start, offset, length = (int(section[i], 16) for i in (1, 2, 3))
        if start and start <= address < start + length:
            return symbol[3], address - start + offset, size
    raise ValueError(f"{library}: {symbol[3]} is in no section")


def items(package: bytes) -> tuple[bytes, list[tuple[str, bytes]]]:
    """The package's header and its items (name, bytes with their padding), in table order."""
    header_size, magic, data_format = struct.unpack_from("<H2s", package)[0], package[2:4], package[12:16]
    if magic != b"\xda\x27" or data_format != b"CmnD":
        raise ValueError("not an ICU common data package")
    (count,) = struct.unpack_from("<I", package, header_size)
    toc = [struct.unpack_from("<II", package, header_size + 4 + 8 * i) for i in range(count)]
    starts = [header_size + data for _, data in toc] + [len(package)]
    names = [package[header_size + name:package.index(b"\0", header_size + name)].decode("ascii") for name, _ in toc]
    return package[:header_size], [(n, package[starts[i]:starts[i + 1]]) for i, n in enumerate(names)]


def package(header: bytes, kept: list[tuple[str, bytes]]) -> bytes:
    """A common data package of ``kept`` (sorted as given) behind ``header``."""
    names = b"".join(name.encode("ascii") + b"\0" for name, _ in kept)
    table_size = 4 + 8 * len(kept)
    first = -(-(table_size + len(names)) // ALIGN) * ALIGN
    toc, name_at, data_at = [struct.pack("<I", len(kept))], table_size, first
    for name, data in kept:
        toc.append(struct.pack("<II", name_at, data_at))
        name_at += len(name) + 1
        data_at += -(-len(data) // ALIGN) * ALIGN
    body = b"".join(toc) + names
    body += PAD * (first - len(body))
    body += b"".join(data + PAD * (-len(data) % ALIGN) for _, data in kept)
    return header + body


def trimmed(library: Path, out: Path) -> Path:
    """``out``: ``library`` rebuilt with the items Qt can reach, under the same soname and symbol."""
    symbol, offset, size = entry_symbol(library)
    with library.open("rb") as f:
        f.seek(offset)
        header, all_items = items(f.read(size))
    kept = [(n, d) for n, d in all_items if not UNUSED.search(n.split("/", 1)[1])]
    with tempfile.TemporaryDirectory() as tmp:
        data, source = Path(tmp, "data.dat"), Path(tmp, "data.S")
        data.write_bytes(package(header, kept))
        source.write_text(f'.section .rodata\n.globl {symbol}\n.type {symbol}, @object\n.balign {ALIGN}\n'
                          f'{symbol}:\n.incbin "{data}"\n.size {symbol}, .-{symbol}\n'
                          '.section .note.GNU-stack,"",@progbits\n')
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["gcc", "-shared", "-nostdlib", "-Wl,-soname," + library.name, "-Wl,-s",
                        "-o", str(out), str(source)], check=True)
    return out


if __name__ == "__main__":
    trimmed(Path(sys.argv[1]), Path(sys.argv[2]))
