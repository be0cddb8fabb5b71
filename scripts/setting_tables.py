"""Write ``trainer/rules/paigow/setting_tables.py``: the house way's setting of every four-tile hand,
read from ``house_way.set_by_house_way`` (spec W1-W3), and the optimal setting, read from the exact
analysis (spec W4), for each house way (and zero-zero rule).

``python scripts/setting_tables.py`` after a change to a house way, the analysis or the hand rules;
``tests/test_setting_tables.py`` fails until the tables are written again.
"""

from __future__ import annotations

import sys
import textwrap
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.rules.paigow import analysis  # noqa: E402
from trainer.rules.paigow.house_way import HOUSE_WAYS, house_way_setting_index  # noqa: E402
from trainer.rules.paigow.players import _code, canonical  # noqa: E402
from trainer.rules.paigow.tiles import TILE_SET, Tile  # noqa: E402

HEAD = '''"""The house way's and the optimal setting of every four-tile hand, for each house way (spec W1-W3)
and zero-zero rule (spec W4): read from ``set_by_house_way`` and the exact analysis by
``scripts/setting_tables.py`` (do not edit), checked against them by ``tests/test_setting_tables.py``.
A round sets its hands from here, without the object-model house way or numpy on first use.

``HANDS`` is every four-tile hand by its faces (``players._code``, four bytes), sorted; for hand ``i``
(``players.combo_keys()``), ``HOUSE_WAY[house way][i]`` and ``OPTIMAL[house way, zero-zero to
banker][i]`` are the index of the setting among ``hands.settings(players.canonical(tiles))``.
"""

'''


def codes() -> list[bytes]:
    """Every four-tile hand by its faces (``players._code``), sorted: the tables' order."""
    return sorted({_code(hand) for hand in combinations(TILE_SET, 4)})


def hands() -> list[tuple[Tile, ...]]:
    return [canonical(Tile(code // 7, code % 7) for code in key) for key in codes()]


def house_way_digits(way: str) -> str:
    return "".join(str(house_way_setting_index(f, HOUSE_WAYS[way])) for f in hands())


def optimal_digits(way: str, zero_zero_to_banker: bool) -> str:
    table = analysis.hand_table(HOUSE_WAYS[way], zero_zero_to_banker)
    return "".join(str(int(table.optimal[table.row_of(f)])) for f in hands())


def entry(key: object, digits: str) -> str:
    return f"    {key!r}: (\n" + "".join(f'        "{line}"\n' for line in textwrap.wrap(digits, 100)) + "    ),\n"


def main() -> None:
    ways = sorted(HOUSE_WAYS)
    keys = "".join(f'    "{line}"\n' for line in textwrap.wrap(b"".join(codes()).hex(), 100))
    text = (HEAD + f"HANDS = bytes.fromhex(\n{keys})\n\n" + "HOUSE_WAY: dict[str, str] = {\n" + "".join(entry(w, house_way_digits(w)) for w in ways) + "}\n\n"
            + "OPTIMAL: dict[tuple[str, bool], str] = {\n"
            + "".join(entry((w, zero), optimal_digits(w, zero)) for w in ways for zero in (True, False)) + "}\n")
    (ROOT / "trainer/rules/paigow/setting_tables.py").write_text(text)


if __name__ == "__main__":
    main()
