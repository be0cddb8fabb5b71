"""Jurisdiction profiles as data (jurisdictions.md), and the engine's purity (no Qt in trainer/rules)."""

import ast
from pathlib import Path

import pytest

from trainer.rules.errors import UnknownNameError
from trainer.rules.profiles import ALL_STYLES, PROFILES, profile_named
from trainer.rules.side_wagers import paytables_for

RULES = Path(__file__).resolve().parents[1] / "trainer" / "rules"
RULE_KEYS = ("tile_rank", "pairs", "copy", "house_way", "vigorish", "lose", "win", "count", "deal", "styles",
             "bank_settle", "co_bank_settle", "surrender")


def test_four_profiles():
    assert sorted(PROFILES) == ["md", "nj", "pa-2012", "pa-2019"]


def test_unknown_profile_lists_the_valid_ones():
    with pytest.raises(UnknownNameError, match=r"unknown profile 'de' \(choose from: md, nj, pa-2012, pa-2019\)"):
        profile_named("de")


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_every_profile_cites_every_core_rule(name):
    profile = profile_named(name)
    for key in RULE_KEYS:
        assert profile.cite(key)
    assert profile.styles[0] == "house-way-right" and set(profile.styles) == set(ALL_STYLES)
    assert all(profile.paytables[w] for w in profile.side_wagers)
    paytables_for(profile)        # every paytable name resolves


@pytest.mark.parametrize("name, vig", [("pa-2019", "621a.11(a)"), ("pa-2012", "621a.8(k)"), ("md", "MD 8.K"),
                                       ("nj", "N.J.A.C. 19:47-10.7(k)")])
def test_vigorish_cited_per_jurisdiction(name, vig):
    assert profile_named(name).cite("vigorish") == vig


def test_differences_are_data():
    assert [p.zero_zero_to_banker for p in PROFILES.values()] == [True, True, True, False]   # JQ3
    assert profile_named("pa-2019").side_wagers == ("pair-fortunes", "sum", "match", "beat-it")
    assert profile_named("md").side_wagers == ("pair-fortunes",)
    assert not profile_named("nj").rng_allowed and profile_named("nj").style_chooser == "bank"
    assert profile_named("pa-2019").player_activated_shaker and not profile_named("pa-2012").player_activated_shaker


def test_no_rule_module_imports_qt():
    qt = ("PySide6", "pyqtgraph", "shiboken6")
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.split(".")[0] in qt for n in names), f"{path.name} imports Qt"
