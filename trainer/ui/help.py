"""Help → Getting started and the glossary (F1 from every screen).

The words are plain data (``GLOSSARY``, ``SUGGESTED_PATH``) so the welcome page, this dialog and the
tests share them; the dialog is a thin Qt layer: a tab for getting started, a tab with a filter box
over the glossary.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QLineEdit, QListWidget, QListWidgetItem, QSplitter, QTabWidget, QTextBrowser,
    QVBoxLayout, QWidget,
)


@dataclass(frozen=True)
class Step:
    """One step of the suggested path: what to learn, where (a screen, and a skill to start)."""

    title: str
    why: str
    screen: str
    skill: str = ""


#: Where a new trainee begins: tiles → house way → delivery → payouts → a whole round.
SUGGESTED_PATH: tuple[Step, ...] = (
    Step("Tiles", "Name the 32 tiles and rank them: every later step reads tiles.", "drills", "tile-id"),
    Step("House way", "Set four tiles into a high and a low hand the way the house does.", "drills",
         "house-way"),
    Step("Delivery", "Count the dice to the first position and deliver the woodpile in each style.",
         "table"),
    Step("Payouts", "Settle a Pai Gow Wager with the vigorish, then the side wagers.", "drills",
         "pai-gow-payout"),
    Step("A whole round", "Run a round from the dealer's seat: count, deliver, set, expose, call, pay.",
         "dealer"),
)

#: (term, meaning) in the regulations' words where they have one; alphabetical.
GLOSSARY: tuple[tuple[str, str], ...] = tuple(sorted((
    ("Bank", "Whoever covers the other wagers in a round: the house (the dealer) or a player who "
             "banks; the bank wins copies. A marker shows the banking seat."),
    ("Co-bank", "The house sharing a player bank's wagers half and half, where the rules offer it."),
    ("Copy", "Two high hands or two low hands of identical rank: the dealer or the bank wins it."),
    ("Day", "The Two (1-1) tile, second in rank; with a Nine it makes a Wong, with an Eight a Gong."),
    ("Dead Hand", "The four tiles dealt to the area left of the dealer where nobody plays; they are "
                  "delivered like every other position and then set aside."),
    ("Delivery style", "The order and manner in which the dealer hands out the eight stacks, e.g. "
                       "House Way From the Right or Jung Quat; the Table screen animates all ten."),
    ("Dice count", "The three dice's total counted from the dealer as one, counterclockwise over all "
                   "eight positions, names who receives the first stack."),
    ("Gee Joon", "The Three (1-2) and Six (2-4) tiles. Together they are the Supreme Pair; apart, "
                 "each may count as 3 or 6, whichever makes the hand higher."),
    ("Gong", "A Twelve (6-6) or Two (1-1) with an Eight: the nineteenth and twentieth ranked pairs."),
    ("High hand", "The two-tile hand that ranks higher than the low hand made of the other two tiles."),
    ("House way", "The fixed rules by which the dealer sets the dealer's four tiles."),
    ("Low hand", "The two-tile hand that ranks lower than the high hand."),
    ("Marker", "An object placed on a stack or a seat to show the bank (and the co-bank)."),
    ("Mixed pair", "Two tiles with the same number of spots that look different, e.g. 3-6 and 4-5."),
    ("Pai Gow Wager", "The main wager: it wins when both of the player's hands beat the bank's, loses "
                      "when neither does, and pushes otherwise."),
    ("Push", "A tie on the wager: one hand won and one lost, so no money changes hands."),
    ("Setting the hands", "Forming a high hand and a low hand from the four tiles dealt."),
    ("Shaker", "The cup holding the three dice that are shaken to count the first position."),
    ("Stack", "Four tiles standing one on the other; the woodpile is eight of them."),
    ("Supreme Pair", "The Three (1-2) and Six (2-4) together: the highest ranking hand."),
    ("Teen", "The Twelve (6-6) tile, the highest ranking single tile."),
    ("Tile names", "Tiles are named by their spots, e.g. Twelve (6-6), and in Chinese: Teen (6-6), "
                   "Day (1-1), Yun (4-4), Gor (1-3), Mooy (5-5), Chong (3-3), Bon (2-2), Foo (5-6), "
                   "Ping (4-6), Tit (1-6), Look (1-5), Chop Gow (nines), Chop Bot (eights), Chop Chit "
                   "(sevens), Chop Ng (fives), Gee Joon (1-2, 2-4)."),
    ("Value", "A hand without a pair counts its spots, keeping the last digit: 0 to 9."),
    ("Vigorish", "A fee collected on winning Pai Gow Wagers, usually 5% of the win."),
    ("Wong", "A Twelve (6-6) or Two (1-1) with a Nine: the seventeenth and eighteenth ranked pairs."),
    ("Woodpile", "The 32 tiles, shuffled and stacked into eight stacks of four in front of the dealer."),
), key=lambda entry: entry[0].lower()))


def getting_started_html() -> str:
    """The Getting started page: what the app is for, the suggested path, the keys."""
    path = "".join(f"<li><b>{escape(s.title)}</b>: {escape(s.why)}</li>" for s in SUGGESTED_PATH)
    return (
        "<h2>Getting started</h2>"
        "<p>This trainer teaches dealing Pai Gow tiles to the letter of the regulations of the "
        "jurisdiction chosen in the <b>Profile</b> menu. Every answer is checked and explained with "
        "the section it follows.</p>"
        f"<h3>A suggested path</h3><ol>{path}</ol>"
        "<h3>The screens</h3><ul>"
        "<li><b>Table</b> (Ctrl+1): watch any delivery style, move by move, with its section.</li>"
        "<li><b>Drills</b> (Ctrl+2): questions of one skill, or what to practise next.</li>"
        "<li><b>Progress</b> (Ctrl+3): accuracy and speed per skill; what is due.</li>"
        "<li><b>Exam</b> (Ctrl+4): a fixed exam, its result and a printable report.</li>"
        "<li><b>Dealer's seat</b> (Ctrl+5): run a whole round as the dealer.</li>"
        "<li><b>Player's seat</b> (Ctrl+6): play hands and see what each setting is worth.</li></ul>"
        "<h3>Keys</h3><ul>"
        "<li><b>F1</b>: this help; <b>Shift+F1</b>: the glossary.</li>"
        "<li><b>Tab</b> / <b>Shift+Tab</b> move between controls; <b>Enter</b> answers.</li>"
        "<li><b>Ctrl+T</b>: dark theme; <b>F11</b>: full screen; View → Text size → <b>Projector</b> "
        "for a classroom.</li></ul>"
    )


class HelpDialog(QDialog):
    """Getting started and the glossary, in two tabs; the glossary filters as you type."""

    TABS = ("start", "glossary")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Help — Pai Gow Dealer Trainer")
        self.resize(900, 640)
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Help")
        start = QTextBrowser()
        start.setHtml(getting_started_html())
        start.setAccessibleName("Getting started")
        start.setAccessibleDescription("What the trainer is for, where to begin, and its keys")
        self.tabs.addTab(start, "Getting started")
        self.tabs.addTab(self._glossary_tab(), "Glossary")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Close).setAccessibleName("Close help")
        lay = QVBoxLayout(self)
        lay.addWidget(self.tabs)
        lay.addWidget(buttons)

    def _glossary_tab(self) -> QWidget:
        page = QWidget()
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Find a term…")
        self.filter.setAccessibleName("Find a term")
        self.filter.setAccessibleDescription("Shows only the glossary terms containing these letters")
        self.filter.setClearButtonEnabled(True)
        self.terms = QListWidget()
        self.terms.setAccessibleName("Glossary terms")
        self.meaning = QTextBrowser()
        self.meaning.setAccessibleName("Meaning")
        for term, _ in GLOSSARY:
            self.terms.addItem(QListWidgetItem(term))
        self.terms.currentRowChanged.connect(self._show_term)
        self.filter.textChanged.connect(self._filter)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.terms)
        split.addWidget(self.meaning)
        split.setSizes([300, 600])
        lay = QVBoxLayout(page)
        lay.addWidget(self.filter)
        lay.addWidget(split, 1)
        self.terms.setCurrentRow(0)
        return page

    def _show_term(self, row: int) -> None:
        if 0 <= row < len(GLOSSARY):
            term, meaning = GLOSSARY[row]
            self.meaning.setHtml(f"<h2>{escape(term)}</h2><p style='font-size: large'>{escape(meaning)}</p>")

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        first = -1
        for row, (term, meaning) in enumerate(GLOSSARY):
            hit = needle in term.lower() or needle in meaning.lower()
            self.terms.item(row).setHidden(not hit)
            if hit and first < 0:
                first = row
        if first >= 0:
            self.terms.setCurrentRow(first)

    def show_tab(self, tab: str) -> None:
        self.tabs.setCurrentIndex(self.TABS.index(tab))
        (self.filter if tab == "glossary" else self.tabs.currentWidget()).setFocus()
