"""Jurisdiction profiles as data (jurisdictions.md), and the engine's purity (no Qt in trainer/rules)."""

import ast
import re
from pathlib import Path

import pytest

from trainer.rules.errors import UnknownNameError
from trainer.rules.paigow.profiles import ALL_STYLES, PROFILES, profile_named
from trainer.rules.paigow.side_wagers import paytables_for

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


@pytest.mark.parametrize("name, wagers, collect, reset", [
    ("pa-2019", "621a.5", "621a.8(k),(l)", "621a.10(f)"),
    ("pa-2012", "621a.5", "621a.8(j),(l)", "621a.10(f)"),
    ("md", "MD 5", "MD 8.J, 8.M", "MD 10.F"),                # md 10.F (the spec's JI7 missed it)
    ("nj", "N.J.A.C. 19:47-10.5", "N.J.A.C. 19:47-10.7(k),(l)", "N.J.A.C. 19:47-10.9(f)"),
])
def test_round_sections_are_profile_data(name, wagers, collect, reset):
    profile = profile_named(name)
    assert (profile.cite("wagers"), profile.cite("collect_tiles"), profile.cite("house_way_reset")) == \
        (wagers, collect, reset)


def test_bank_rotation_returns_to_the_dealer_in_nj_only():  # nj 10.8(c), JQ19
    assert {n for n, p in PROFILES.items() if p.bank_rotation_returns_to_dealer} == {"nj"}


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_style_names_and_numbers_are_profile_data(name):
    profile = profile_named(name)
    assert set(profile.style_names) >= set(profile.styles)
    assert set(profile.numbered_styles) <= set(profile.styles)
    assert profile.style_number.format(n=4) in ("(4)", "4")
    if name == "md":
        assert not any("(" in n for n in profile.style_names.values())          # md 7.B(1)-(9), JV3
    if name == "nj":
        assert profile.numbered_styles == ALL_STYLES                           # nj 10.8(k)1-10
        assert all(n[1:] == n[1:].lower() for n in profile.style_names.values())
    else:
        assert profile.numbered_styles == ALL_STYLES[1:]                       # 621a.7(1)-(9), md 7.B(1)-(9)


#: A profile's name compared with, or looked up in a table keyed by, a literal name.
NAME_BRANCH = re.compile(
    r"""\b(?:profile|prof)\.name\s*(?:==|!=|\bin\b|\bnot in\b)"""
    r"""|(?:==|!=)\s*(?:self\.)?(?:profile|prof)\.name\b"""
    r"""|["'](?:pa-2019|pa-2012|md|nj)["']\s*(?:==|!=|\bin\b)"""
    r"""|(?:\.get\(|\[)\s*(?:self\.)?(?:profile|prof)\.name\b""")


def test_no_rule_module_branches_on_a_profile_name():
    for path in RULES.rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert not NAME_BRANCH.search(line), f"{path.name}:{number} branches on a profile name: {line.strip()}"


def test_the_name_check_catches_branches():
    for line in ('if profile.name == "md":', 'x = "nj" == prof.name', 'if self.profile.name in ("nj",):',
                 'cite = _WAGER_SECTION.get(self.profile.name, "")', "TABLE[profile.name]"):
        assert NAME_BRANCH.search(line), line
    assert not NAME_BRANCH.search('raise TrainerError(f"profile {profile.name} has no player bank")')
