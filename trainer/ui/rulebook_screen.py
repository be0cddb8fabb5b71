"""The Rule book screen: the regulation texts and the trainer's readings, with search.

Left: a search field over a tree of the documents and their sections (the active profile's text
and the readings open); while a search is typed, the matching paragraphs instead, each opening its
section with the words highlighted. Right: the section in large type, the cited paragraph marked.
Every citation link in the app arrives here through ``open_link`` (the main window calls it).

Keys: Ctrl+F (or /) searches, Enter in the search goes to the first hit, Esc clears it, Alt+Left
or Backspace (or the Back button) goes back to the section read before and, past the first, to the
screen whose citation opened the book; Ctrl++ and Ctrl+- change the reading size.
"""

from __future__ import annotations

import html
import itertools

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout, QLineEdit, QPushButton, QListWidget, QListWidgetItem, QSplitter, QStackedWidget, QTextBrowser, QTreeWidget,
    QTreeWidgetItem, QVBoxLayout, QWidget,
)

from trainer.rulebook.citations import SCHEME, linked, profile_doc, resolve
from trainer.rulebook.documents import Block, Document, Section, load_book
from trainer.rulebook.search import highlight_spans, search
from trainer.ui.scaling import set_font
from trainer.ui.widgets.labels import make_label
from trainer.ui.widgets.screen import Screen
from trainer.ui.theme import Theme
from trainer.ui.when_shown import when_shown

_ANCHOR = Qt.ItemDataRole.UserRole
#: Reading size steps (times the app's base font) for Ctrl++ / Ctrl+-.
_SIZES = (1.2, 1.35, 1.5, 1.7, 1.95, 2.25)
#: The rule a snapshot opens at: the first of these the profile has.
_SNAPSHOT_RULES = ("house_way", "banker_rule")


def _marks(theme: Theme) -> tuple[str, str]:
    """Background of the cited paragraph and of a search hit."""
    return ("#3a3520", "#8a6d00") if theme.name == "dark" else ("#fff4c2", "#ffd54a")


def _highlighted(text: str, query: str, colour: str) -> str:
    out, last = [], 0
    for start, end in highlight_spans(text, query):
        out += [html.escape(text[last:start]), f'<span style="background:{colour}">{html.escape(text[start:end])}</span>']
        last = end
    return "".join(out + [html.escape(text[last:])])


def _block_html(doc: Document, block: Block, theme: Theme, target: str, query: str) -> str:
    cited, hit = _marks(theme)
    body = _highlighted(block.text, query, hit) if query else linked(block.text, doc.id)
    if block.heading:
        body = f"<b>{body}</b>"
    depth = max(0, len(block.path) - 1) * 28
    background = f"background:{cited};" if target and block.anchor == target else ""
    anchor = f'<a name="{block.anchor}"></a>' if block.first else ""
    return f'<p style="margin-left:{depth}px;{background}">{anchor}{body}</p>'


def _table_html(doc: Document, rows: list[Block], theme: Theme, query: str) -> str:
    """Consecutive table rows of a text as one table, a cell per column (search words highlighted)."""
    hit = _marks(theme)[1]
    depth = max(0, len(rows[0].path) - 1) * 28

    def cell(text: str) -> str:
        body = _highlighted(text, query, hit) if query else linked(text, doc.id)
        return f'<td style="padding:2px 14px 2px 0">{body}</td>'
    trs = "".join(f"<tr>{''.join(cell(c) for c in row.cells)}</tr>" for row in rows)
    anchors = "".join(f'<a name="{b.anchor}"></a>' for b in rows if b.first)
    return f'{anchors}<table style="margin-left:{depth}px" cellspacing="0">{trs}</table>'


def _reads_html(section: Section, book: dict[str, Document], own: str) -> str:
    """A reading's "What it reads" list, the active profile's text first, each citation a link."""
    reads = sorted(section.reads, key=lambda r: r[0] != own)
    lines = []
    for doc_id, cites in reads:
        shown = " · ".join(linked(c, doc_id) for c in cites)
        lines.append(f"<li><b>{html.escape(book[doc_id].short)}:</b> {shown}</li>")
    return f"<p><b>What it reads</b></p><ul>{''.join(lines)}</ul>" if lines else ""


def section_html(section: Section, book: dict[str, Document], theme: Theme, *, target: str = "", query: str = "",
                 own: str = "") -> str:
    """One section as HTML: its heading, its paragraphs (cross-references as links), for a reading
    the sections it reads. ``target`` marks the cited paragraph, ``query`` highlights its words."""
    doc = book[section.doc]
    head = (f"Reading: {section.title}" if section.doc == "readings" else
            f"{section.label} — {section.title}" if section.key != "preamble" else section.title)
    anchor = f'<a name="{section.anchor}"></a>'
    parts = [f"<p style='color:gray'>{html.escape(doc.title)}</p><h2>{anchor}{html.escape(head)}</h2>"]
    for is_row, blocks in itertools.groupby(section.blocks, key=lambda b: bool(b.cells)):
        if is_row:
            parts.append(_table_html(doc, list(blocks), theme, query))
        else:
            parts += [_block_html(doc, b, theme, target, query) for b in blocks]
    if section.reads:
        parts.append(_reads_html(section, book, own))
    return "".join(parts)


class RuleBookScreen(Screen):
    """Documents, section tree, search, and the reading pane."""

    #: Back past the first section: the screen (its key) whose citation opened the book.
    screenRequested = Signal(str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.book = load_book()
        self.index: dict[str, Section] = {}
        for doc in self.book.values():
            for s in doc.sections:
                self.index[s.anchor] = s
                self.index.update({b.anchor: s for b in s.blocks})
        self.section: Section | None = None
        self.target = ""
        #: What Back returns to, the last first: a section's anchor, or ``("screen", key)`` for the screen
        #: a citation was clicked on.
        self.history: list[str | tuple[str, str]] = []
        self.size_step = 2
        self._build()
        self._wire()
        self.restyle()
        self.show_tree()
        first = self.book[profile_doc(ctx.profile)].sections
        self.open_anchor(first[1].anchor if len(first) > 1 else first[0].anchor, remember=False)

    # -- construction -----------------------------------------------------------------------------
    def _build(self) -> None:
        self.search_field = QLineEdit()
        self.search_field.setPlaceholderText("Search the rule book  (Ctrl+F)")
        self.search_field.setClearButtonEnabled(True)
        self.search_field.setAccessibleName("Search the rule book")
        set_font(self.search_field, 1.3)
        self.count = make_label("", 1.1)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setAccessibleName("Documents and sections")
        self.tree.setWordWrap(True)
        set_font(self.tree, 1.15)
        self.results = QListWidget()
        self.results.setAccessibleName("Search results")
        self.results.setWordWrap(True)
        self.results.setSpacing(5)
        set_font(self.results, 1.15)
        self.left_pages = QStackedWidget()
        self.left_pages.addWidget(self.tree)
        self.left_pages.addWidget(self.results)
        left = QWidget()
        lay = QVBoxLayout(left)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.search_field)
        lay.addWidget(self.count)
        lay.addWidget(self.left_pages, 1)
        self.reader = QTextBrowser()
        self.reader.setAccessibleName("Rule book text")
        self.reader.setOpenLinks(False)  # its own links (cross-references, a reading's sections) open here
        self.back_button = QPushButton("← Back")
        self.back_button.setToolTip("Back to what you read before (Alt+Left or Backspace)")
        self.back_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.back_button.clicked.connect(self.back)
        right = QWidget()
        col = QVBoxLayout(right)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignLeft)
        col.addWidget(self.reader, 1)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 5)
        split.setSizes([420, 1100])
        row = QHBoxLayout(self)
        row.addWidget(split)

    def _fill_tree(self) -> None:
        self.tree.clear()
        self.items: dict[str, QTreeWidgetItem] = {}
        own = profile_doc(self.ctx.profile)
        for doc in self.book.values():
            top = QTreeWidgetItem([doc.short])
            top.setToolTip(0, doc.title)
            top.setData(0, _ANCHOR, doc.sections[0].anchor)
            self.tree.addTopLevelItem(top)
            groups: dict[str, QTreeWidgetItem] = {}
            for s in doc.sections:
                parent = top
                if s.group:
                    if s.group not in groups:
                        groups[s.group] = QTreeWidgetItem(top, [s.group])
                        groups[s.group].setData(0, _ANCHOR, s.anchor)
                    parent = groups[s.group]
                short = doc.dialect.short.format(key=s.key) if doc.dialect else ""
                label = s.label if s.doc == "readings" or s.key == "preamble" else f"{short}  {s.title}"
                item = QTreeWidgetItem(parent, [label])
                item.setData(0, _ANCHOR, s.anchor)
                item.setToolTip(0, s.title)
                self.items[s.anchor] = item
            top.setExpanded(doc.id in (own, "readings"))

    def _wire(self) -> None:
        self.search_field.textChanged.connect(self.set_query)
        self.search_field.returnPressed.connect(self._first_hit)
        self.tree.currentItemChanged.connect(lambda item, _: item and self._open_item(item))
        self.tree.itemActivated.connect(lambda item, _: self._open_item(item))
        self.results.currentItemChanged.connect(lambda item, _: item and self._open_item(item))
        self.reader.anchorClicked.connect(lambda url: self.open_link(url.toString()))
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for key in ("Ctrl+F", "/"):
            QShortcut(QKeySequence(key), self, self.focus_search, context=context)
        QShortcut(QKeySequence("Esc"), self, self._escape, context=context)
        QShortcut(QKeySequence("Alt+Left"), self, self.back, context=context)
        for key, step in (("Ctrl++", 1), ("Ctrl+=", 1), ("Ctrl+-", -1)):
            QShortcut(QKeySequence(key), self, lambda s=step: self.resize_text(s), context=context)
        self.ctx.profileChanged.connect(lambda _: when_shown(self, self._profile_changed))  # (issue 42)

    # -- navigation -------------------------------------------------------------------------------
    def open_link(self, link: str, came_from: str = "") -> None:
        """Open the section a citation link names (``rulebook:<anchor>``), its paragraph marked;
        ``came_from``: the screen the link was clicked on, where Back returns after this section."""
        if came_from:
            self.history.append(("screen", came_from))
        self.open_anchor(link.removeprefix(SCHEME), remember=not came_from)

    def open_anchor(self, anchor: str, remember: bool = True) -> None:
        section = self.index.get(anchor)
        if section is None:
            return
        if remember and self.section is not None:
            self.history.append(self.target or self.section.anchor)
        self.section, self.target = section, anchor if anchor != section.anchor else ""
        self.render()
        self.reader.scrollToAnchor(anchor)
        self._mark_in_tree(section)
        self._show_back()

    def _mark_in_tree(self, section: Section) -> None:
        """Select the open section in the tree (its parents opened), without opening it again."""
        item = self.items.get(section.anchor)
        if item is not None and self.tree.currentItem() is not item:
            self.tree.blockSignals(True)
            self.tree.setCurrentItem(item)
            self.tree.blockSignals(False)
            self.tree.scrollToItem(item)

    def back(self) -> None:
        """The section read before, or the screen whose citation opened this one."""
        if not self.history:
            return
        last = self.history.pop()
        if isinstance(last, tuple):
            self._show_back()
            self.screenRequested.emit(last[1])
        else:
            self.open_anchor(last, remember=False)

    def _show_back(self) -> None:
        self.back_button.setEnabled(bool(self.history))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Backspace that no field took (the search keeps its own) goes back, as in a browser."""
        if event.key() == Qt.Key.Key_Backspace and not event.modifiers():
            self.back()
            return
        super().keyPressEvent(event)

    def _open_item(self, item: QTreeWidgetItem | QListWidgetItem) -> None:
        anchor = item.data(0, _ANCHOR) if isinstance(item, QTreeWidgetItem) else item.data(_ANCHOR)
        if anchor:
            self.open_anchor(anchor)

    def render(self) -> None:
        if self.section is None:
            return
        self.reader.setHtml(section_html(self.section, self.book, self.theme, target=self.target,
                                         query=self.search_field.text().strip(),
                                         own=profile_doc(self.ctx.profile)))

    # -- search -----------------------------------------------------------------------------------
    def set_query(self, text: str) -> None:
        """Search as the trainee types: the hits replace the tree; an empty search brings it back."""
        if not text.strip():
            self.show_tree()
            self.render()
            return
        hits = search(text, first=profile_doc(self.ctx.profile))
        self.results.clear()
        for h in hits:
            snippet = h.text if len(h.text) < 160 else h.text[:157] + "…"
            where = f"{self.book[h.doc].short} · {h.label}" if h.doc != "readings" else f"Reading: {h.title}"
            item = QListWidgetItem(f"{where}\n{snippet}")
            item.setData(_ANCHOR, h.anchor)
            self.results.addItem(item)
        self.count.setText(f"{len(hits)} paragraph{'s' if len(hits) != 1 else ''} found" if hits else
                           "Nothing found: try fewer or other words")
        self.count.show()
        self.left_pages.setCurrentWidget(self.results)
        self.render()

    def show_tree(self) -> None:
        if self.tree.topLevelItemCount() == 0:
            self._fill_tree()
        self.count.hide()
        self.left_pages.setCurrentWidget(self.tree)

    def _first_hit(self) -> None:
        if self.results.count():
            self.results.setCurrentRow(0)
            self.results.setFocus()

    def focus_search(self) -> None:
        self.search_field.setFocus()
        self.search_field.selectAll()

    def _escape(self) -> None:
        if self.search_field.text():
            self.search_field.clear()
            self.search_field.setFocus()

    def prepare_snapshot(self, seed: int, move: int | None) -> None:
        """For ``paigow-trainer snapshot --screen rulebook``: the profile's house way (Baccarat: the
        Banker's drawing rule), its paragraph marked."""
        profile = self.ctx.profile
        refs = resolve(profile.cite(next(r for r in _SNAPSHOT_RULES if profile.has(r))), profile)
        if refs:
            self.open_anchor(refs[0].anchor)

    # -- look -------------------------------------------------------------------------------------
    def resize_text(self, step: int) -> None:
        self.size_step = max(0, min(len(_SIZES) - 1, self.size_step + step))
        set_font(self.reader, _SIZES[self.size_step])

    def theme_changed(self, theme: Theme) -> None:
        set_font(self.reader, _SIZES[self.size_step])
        self.render()

    def _profile_changed(self) -> None:
        self._fill_tree()
        self.render()
        if self.section is not None:
            self._mark_in_tree(self.section)


def create_screen(ctx) -> QWidget:
    return RuleBookScreen(ctx)
