"""Write ``trainer/rules/paigow/optimal_table.py``: the optimal setting of every four-tile hand, read
from the exact analysis (spec W4), for each house way under each zero-zero rule.

``python scripts/optimal_table.py`` after a change to the analysis, a house way or the hand rules;
``tests/test_optimal_table.py`` fails until the table is written again.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.rules.paigow import analysis  # noqa: E402
from trainer.rules.paigow.house_way import HOUSE_WAYS  # noqa: E402
from trainer.rules.paigow.players import canonical, combo_keys  # noqa: E402
from trainer.rules.paigow.tiles import Tile  # noqa: E402

HEAD = '''"""The optimal setting of every four-tile hand (spec W4), for each house way and zero-zero rule: read
from the exact analysis by ``scripts/optimal_table.py`` (do not edit), checked against it by
``tests/test_optimal_table.py``. An optimal player sets from here without numpy or the analysis.

``TABLES[house way, zero-zero to banker][players.combo_keys()[faces]]`` is the index of the optimal
setting among ``hands.settings(players.canonical(tiles))``.
"""

TABLES: dict[tuple[str, bool], str] = {
'''


def digits(house_way: str, zero_zero_to_banker: bool) -> str:
    table = analysis.hand_table(HOUSE_WAYS[house_way], zero_zero_to_banker)
    faces = [canonical(Tile(code // 7, code % 7) for code in key) for key in combo_keys()]
    return "".join(str(int(table.optimal[table.row_of(f)])) for f in faces)


def main() -> None:
    body = ""
    for way in sorted(HOUSE_WAYS):
        for zero in (True, False):
            lines = textwrap.wrap(digits(way, zero), 100)
            body += f"    ({way!r}, {zero}): (\n" + "".join(f'        "{line}"\n' for line in lines) + "    ),\n"
    (ROOT / "trainer/rules/paigow/optimal_table.py").write_text(HEAD + body + "}\n")


if __name__ == "__main__":
    main()
