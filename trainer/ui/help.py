"""Help → Getting started and the glossary (F1 from every screen), of the game in play.

The words are plain data, one entry a game (its id in ``trainer.drills.games``): ``SUGGESTED_PATHS``
and ``GLOSSARIES``, so the welcome page, this dialog and the tests share them; the screens' list comes
from ``trainer.ui.screens``. The dialog is a thin Qt layer: a tab for getting started, a tab with a
filter box over the glossary; ``set_game`` shows another game's.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QLineEdit, QListWidget, QSplitter, QTabWidget, QTextBrowser,
    QVBoxLayout, QWidget,
)

if TYPE_CHECKING:
    from trainer.drills.games import Game


@dataclass(frozen=True)
class Step:
    """One step of the suggested path: what to learn, where (a screen, and a skill to start)."""

    title: str
    why: str
    screen: str
    skill: str = ""


#: Where a new trainee of Pai Gow begins: tiles → house way → delivery → payouts → a whole round.
_PAIGOW_PATH: tuple[Step, ...] = (
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

#: Where a new trainee of Baccarat begins: Point Count → third cards → the shoe → payouts → calling a round.
_BACCARAT_PATH: tuple[Step, ...] = (
    Step("Point Count", "Count a hand's Point Count: every later step reads it.", "drills", "bac-point-count"),
    Step("Third cards", "Decide when the Player's Hand and then the Banker's Hand draw a third card.", "drills",
         "bac-player-draws"),
    Step("The shoe", "Watch the cards cut, loaded, burned and the shoe offered, then rounds dealt.", "table"),
    Step("Payouts", "Pay a winning Banker's Hand wager less its vigorish, then the Tie and the side wagers.",
         "drills", "bac-banker-payout"),
    Step("Calling the game", "Call a whole round: the cards, the counts, the third cards, the result, "
         "collect and pay.", "dealer"),
)

#: Each game's suggested path, by the game's id.
SUGGESTED_PATHS: dict[str, tuple[Step, ...]] = {"paigow": _PAIGOW_PATH, "baccarat": _BACCARAT_PATH}


def _alphabetical(entries: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(entries, key=lambda entry: entry[0].lower()))


#: (term, meaning) in the regulations' words where they have one; alphabetical.
_PAIGOW_GLOSSARY: tuple[tuple[str, str], ...] = _alphabetical((
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
))

#: Baccarat's words, from 58 Pa. Code ch. 631a (its definitions in 631a.1 nearly word for word).
_BACCARAT_GLOSSARY: tuple[tuple[str, str], ...] = _alphabetical((
    ("Banker's Hand", "One of the two hands dealt each round: the second and fourth cards, and a third "
                      "card when the rules say it draws. A wager on it wins when it has the higher Point Count."),
    ("Burn", "Before play the first card is taken from the shoe and shown; it and as many more cards, face "
             "down, as its value (10 and picture cards count ten, an ace one) go to the discard bucket."),
    ("Cover card", "A plain card: one cuts the stack at least ten cards from an end; the second is placed at "
                   "least 14 cards above the bottom. When it comes out, the dealer calling the game announces "
                   "\"last hand\" after that hand: one more hand, then new decks."),
    ("Curator", "The player who accepts the dealing shoe and deals the cards as the rules and the dealer "
                "calling the game direct."),
    ("Dealer calling the game", "The dealer who runs the round: announces \"no more bets\" and the Point "
                                "Counts, tells the curator which third cards to deal, announces the result, "
                                "collects and pays."),
    ("Dragon 7", "A Banker's Hand with a Point Count of 7 on three cards and a Player's Hand with less than 7."),
    ("Dragon Bonus Wager", "A side wager on one hand: it wins with a Natural against no Natural or a Natural "
                           "9 against a Natural 8, or without a Natural by four points or more."),
    ("EZ Baccarat", "A variation of Baccarat in which vigorish is not collected."),
    ("House Money Wager", "A side wager that the first two cards of the Player's Hand or the Banker's Hand, "
                          "or both, are a pair of the same rank."),
    ("Natural", "A hand with a Point Count of 8 or 9 on its first two cards."),
    ("Panda 8", "A Player's Hand with a Point Count of 8 on three cards and a Banker's Hand with less than 8."),
    ("Player's Hand", "One of the two hands dealt each round: the first and third cards, and a third card "
                      "when its Point Count is under 6 (and neither hand has a Natural)."),
    ("Point Count", "A hand's total keeping only its last digit, 0 to 9: 10 and picture cards count zero, an "
                    "ace one (ace, 2 and 9 total 12, a Point Count of 2)."),
    ("Third card", "One more card for a hand when neither has a Natural: the Player's Hand draws on 0 to 5; "
                   "the Banker's Hand on 0 to 5 if the Player's Hand stood, else by its count and the "
                   "Player's third card (Table 1)."),
    ("Tie", "Both hands with the same Point Count: a Tie Wager wins, a wager on either hand is returned."),
    ("Vigorish", "5% of the amount won on a winning Banker's Hand wager, collected at the payout or "
                 "marked at the seat and collected later (not in EZ Baccarat)."),
))

#: Each game's glossary, by the game's id.
GLOSSARIES: dict[str, tuple[tuple[str, str], ...]] = {"paigow": _PAIGOW_GLOSSARY, "baccarat": _BACCARAT_GLOSSARY}


def getting_started_html(game: Game) -> str:
    """The Getting started page of ``game``: what the app is for, the
    game's suggested path, the screens offered while it is in play, the keys."""
    from trainer.drills.games import games
    from trainer.ui.screens import screens_for

    path = "".join(f"<li><b>{escape(s.title)}</b>: {escape(s.why)}</li>" for s in SUGGESTED_PATHS[game.id])
    screens = "".join(f"<li><b>{escape(s.title)}</b> ({s.shortcut}): {escape(s.summary)}</li>"
                      for s in screens_for(game.id))
    others = " or ".join(g.title for g in games() if g.id != game.id)
    return (
        "<h2>Getting started</h2>"
        f"<p>This trainer teaches dealing {escape(game.title)} to the letter of the regulations of the "
        "jurisdiction chosen in the <b>Profile</b> menu. Every answer is checked and explained with "
        f"the section it follows. The <b>Game</b> menu switches to {escape(others)}.</p>"
        f"<h3>A suggested path</h3><ol>{path}</ol>"
        f"<h3>The screens</h3><ul>{screens}</ul>"
        "<h3>Keys</h3><ul>"
        "<li><b>F1</b>: this help; <b>Shift+F1</b>: the glossary.</li>"
        "<li><b>Tab</b> / <b>Shift+Tab</b> move between controls; <b>Enter</b> answers.</li>"
        "<li><b>Ctrl+T</b>: dark theme; <b>F11</b>: full screen; View → Text size → <b>Projector</b> "
        "for a classroom.</li></ul>"
    )


class HelpDialog(QDialog):
    """Getting started and the glossary of ``game``, in two tabs; the glossary filters as you type."""

    TABS = ("start", "glossary")

    def __init__(self, game: Game, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Help — Pai Gow Dealer Trainer")
        self.resize(900, 640)
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Help")
        self.start = QTextBrowser()
        self.start.setAccessibleName("Getting started")
        self.start.setAccessibleDescription("What the trainer is for, where to begin, and its keys")
        self.tabs.addTab(self.start, "Getting started")
        self.tabs.addTab(self._glossary_tab(), "Glossary")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Close).setAccessibleName("Close help")
        lay = QVBoxLayout(self)
        lay.addWidget(self.tabs)
        lay.addWidget(buttons)
        self.set_game(game)

    def set_game(self, game: Game) -> None:
        """Show ``game``'s getting started page and glossary (the filter kept)."""
        self.glossary = GLOSSARIES[game.id]
        self.start.setHtml(getting_started_html(game))
        self.terms.clear()
        self.terms.addItems([term for term, _ in self.glossary])
        self._filter(self.filter.text())

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
        self.terms.currentRowChanged.connect(self._show_term)
        self.filter.textChanged.connect(self._filter)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.terms)
        split.addWidget(self.meaning)
        split.setSizes([300, 600])
        lay = QVBoxLayout(page)
        lay.addWidget(self.filter)
        lay.addWidget(split, 1)
        return page

    def _show_term(self, row: int) -> None:
        if 0 <= row < len(self.glossary):
            term, meaning = self.glossary[row]
            self.meaning.setHtml(f"<h2>{escape(term)}</h2><p style='font-size: large'>{escape(meaning)}</p>")
        else:
            self.meaning.clear()

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        first = -1
        for row, (term, meaning) in enumerate(self.glossary):
            hit = needle in term.lower() or needle in meaning.lower()
            self.terms.item(row).setHidden(not hit)
            if hit and first < 0:
                first = row
        self.terms.setCurrentRow(first)  # (-1: nothing matches, no meaning shown)

    def show_tab(self, tab: str) -> None:
        self.tabs.setCurrentIndex(self.TABS.index(tab))
        (self.filter if tab == "glossary" else self.tabs.currentWidget()).setFocus()
