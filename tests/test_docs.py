"""The README is a trainee's and an instructor's page that points only inside the repository (issue 32)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "packaging" / "README.md"]


def links(page: Path) -> list[str]:
    """The targets of the page's Markdown links and images, without their #anchors (web links left out)."""
    targets = re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8"))
    return [t.split("#")[0] for t in targets if not re.match(r"[a-z]+:", t) and not t.startswith("#")]


def test_every_link_of_the_readme_and_the_docs_is_a_file_of_the_repository():
    for page in PAGES:
        for target in links(page):
            path = (page.parent / target).resolve()
            assert path.is_relative_to(ROOT) and path.exists(), f"{page.name}: {target}"


def test_no_page_points_outside_the_repository():
    for page in PAGES:
        assert "shared/spec" not in page.read_text(encoding="utf-8"), page.name


def test_the_readme_opens_with_the_two_commands_then_what_the_app_teaches():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    head = text.split("\n## ", 1)[0]
    assert "./scripts/run " in head and "./scripts/test " in head
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[:4] == ["What it teaches", "A first day", "Where progress is stored, and how to back it up",
                            "The school server (instructors)"]
    assert "Performance" not in headings and "ms" not in head.split()
