"""Real casinos' published house ways on file (docs/casino-rules/*.toml, issue 36): each file, written
with rules only, sets every one of the 8,130 hands by face as an independent implementation of its
published text does (tests/casino_texts.py, plain Python from ../shared/casino-rules/), and names the
rule the text names. Foxwoods and the Order of Operations: 0 differences over all hands."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.casino_texts import TEXTS, face_sets
from trainer.rules.paigow.casino_rules import load_casino_rules

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "casino-rules"


def by_face(setting) -> list:
    return sorted([sorted(setting.high.tiles), sorted(setting.low.tiles)])


def differences(name: str) -> tuple[list[str], int]:
    """The hands the file sets otherwise than the text (or under another rule), and how many the text decides."""
    rules = load_casino_rules(str(EXAMPLES / f"{name}.toml"))
    found, decided = [], 0
    for four in face_sets():
        expected = TEXTS[name](four)
        if expected is None:
            continue
        decided += 1
        setting, rule = expected
        got = rules.decide(four)
        if by_face(got.setting) != by_face(setting) or not (got.label or "").startswith(rule + ":"):
            found.append(f"{' '.join(map(str, four))}: file {got.setting} [{got.label}], text {setting} [{rule}]")
    return found, decided


@pytest.mark.parametrize("name", ["foxwoods", "order-of-operations"])
def test_a_complete_text_sets_every_hand_as_the_file(name: str) -> None:
    found, decided = differences(name)
    assert decided == 8130
    assert found == [], f"{len(found)} differences, e.g. " + "\n".join(found[:10])


@pytest.mark.parametrize("name", ["foxwoods", "order-of-operations"])
def test_the_header_names_the_source_and_no_hand_is_listed(name: str) -> None:
    text = (EXAMPLES / f"{name}.toml").read_text()
    assert "Source:" in text.split("[casino]")[0]
    assert "[[house_way.exception]]\ntiles" not in text and "table =" not in text


@pytest.mark.parametrize("name", ["casino-canberra", "new-zealand", "taj-mahal"])
def test_a_partial_text_sets_every_hand_it_decides_as_the_file(name: str) -> None:
    found, decided = differences(name)
    assert decided > 0
    assert found == [], f"{len(found)} differences of {decided}, e.g. " + "\n".join(found[:10])
    text = (EXAMPLES / f"{name}.toml").read_text()
    assert "PARTIAL" in text.split("[casino]")[0] and "MISSING" in text
