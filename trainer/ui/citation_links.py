"""Citations as links into the rule book, for every screen that shows one.

A screen turns a citation list (or an explanation with citations in it) into HTML with
:func:`citations_html` / :func:`text_html`, shows it in a label or text browser, and hooks that
widget with :func:`link_label` / :func:`link_browser`: a click (or Tab to the link and Enter)
asks the app context to open the rule book at that section. No screen imports another.
"""

from __future__ import annotations

from html import escape
from typing import Sequence
from urllib.parse import quote, unquote

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTextBrowser

from trainer.rulebook.citations import linked, links


def _style(colour: str | None) -> str:
    return f"color: {colour};" if colour else ""


#: How a casino's own rules are cited: ``Harbor Training Casino Rules Submission`` (its rules as a whole),
#: or ``…Rules Submission, Harbor pair rule A`` (one of them).
CASINO_CITED = " Rules Submission"
#: A link to a casino's rules (:mod:`trainer.ui.casino_view`), then the rule's name ("": the first).
CASINO_SCHEME = "casino:"


def citations_html(citations: Sequence[str], profile: object, colour: str | None = None,
                   lead: str = "Citation: ") -> str:
    """``Citation: 621a.8(d)(2) · Reading: ties inside a house-way step``, each a link; a casino's
    Rules Submission links to its rules, at the rule cited."""
    own = [_casino_link(c, colour) for c in citations if CASINO_CITED in c]
    shown = " · ".join(own + [links([c for c in citations if CASINO_CITED not in c], profile, _style(colour))])
    shown = shown.strip(" ·")
    return f"{lead}{shown}" if shown else ""


def _casino_link(citation: str, colour: str | None) -> str:
    """``Harbor Training Casino Rules Submission`` as a link to the casino's rules at the rule it names."""
    document, _, rule = citation.partition(", ")
    css = f' style="{escape(_style(colour))}"' if colour else ""
    return f'<a href="{CASINO_SCHEME}{quote(rule)}"{css}>{escape(document)}</a>'


def casino_rule(link: str) -> str | None:
    """The rule a casino link opens at ("" its first); None: not a casino link."""
    return unquote(link.removeprefix(CASINO_SCHEME)) if link.startswith(CASINO_SCHEME) else None


def words(text: str) -> str:
    """``text`` with the engine's internal names (``seat3``, ``table_inventory``, ``dead``) in words,
    as every label a trainee reads shows them (:func:`trainer.drills.text.plain_words`)."""
    from trainer.drills.text import plain_words

    return plain_words(text)


def text_html(text: str, profile: object, colour: str | None = None) -> str:
    """``text`` escaped, its citations links and its reading ids and internal names in words; line
    breaks kept."""
    return linked(words(text), profile, _style(colour)).replace("\n", "<br>")


def link_label(label: QLabel, ctx) -> QLabel:
    """Make ``label`` show rich text whose rule-book links open the rule book (mouse or keyboard)."""
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setOpenExternalLinks(False)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                  | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
    label.linkActivated.connect(ctx.open_rule)
    return label


def link_browser(browser: QTextBrowser, ctx) -> QTextBrowser:
    """Make a text browser's rule-book links open the rule book instead of navigating."""
    browser.setOpenLinks(False)
    browser.anchorClicked.connect(lambda url: ctx.open_rule(url.toString()))
    return browser


def citation_colour(theme) -> str:
    """The colour citations are printed in on the screens (amber on dark, brown on light)."""
    return theme.citation_text if theme.name == "dark" else "#7a4d00"


def set_linked(label: QLabel, text: str, ctx, colour: str | None = None) -> None:
    """Show ``text`` in ``label`` with its citations as rule-book links (hooked on first use)."""
    if not label.property("ruleLinks"):
        link_label(label, ctx)
        label.setProperty("ruleLinks", True)
    label.setText(text_html(text, ctx.profile, colour))


def set_citations(label: QLabel, citations: Sequence[str], ctx, colour: str | None = None,
                  lead: str = "Citation: ") -> None:
    """Show a citation list in ``label`` as rule-book links (hooked on first use)."""
    if not label.property("ruleLinks"):
        link_label(label, ctx)
        label.setProperty("ruleLinks", True)
    label.setText(citations_html(citations, ctx.profile, colour, lead))
