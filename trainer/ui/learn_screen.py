"""The Learn screen: a family's Learn page (what its drills test, taught first) and its flashcards.

The pages and cards are :mod:`trainer.drills.learn` values under the profile in play; this screen lays
them out. Opened from the Drills screen (L, the selected skill's family), the welcome's path and Help.
A flashcard's self-rating is a record of its own (``ProgressStore.record_flashcard``: no drill answer in
Progress) on the same FSRS card as the drill of its item; its time is the real thinking before the answer
was shown (:class:`trainer.drills.clock.ThinkingClock`).

Keys: Alt+P the page list; F the flashcards (Esc back to the page); on a card Space shows the answer and
1-4 rate it; on a worked example Right/Space the next step, Left back, P plays it; D opens the Drills
screen on the family's first skill.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QScrollArea, QStackedWidget, QVBoxLayout, QWidget

from trainer.drills.clock import ThinkingClock
from trainer.drills.learn import (
    FlashcardDeck, LearnPage, family_of, families, flashcard_question, flashcards, learn_page, weak_keys,
)
from trainer.rules.errors import TrainerError
from trainer.ui.scaling import refresh_fonts, set_font
from trainer.ui.widgets.labels import make_label
from trainer.ui.widgets.screen import Screen
from trainer.ui.flow_layout import FlowLayout, group
from trainer.ui.later import Later
from trainer.ui.learn_widgets import FlashcardView, section_parts, section_widget
from trainer.ui.progress_link import current_trainee, shared_store
from trainer.ui.theme import Theme
from trainer.ui.thinking import watch_thinking
from trainer.ui.when_shown import when_shown


class LearnScreen(Screen):
    """The page list, then the page (scrolling) or its flashcards."""

    #: Practise a skill now (the main window opens the Drills screen).
    practiseRequested = Signal(str)
    #: Another page is shown: the presenter window shows it too (``presented_page``).
    presentedChanged = Signal()

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.setObjectName("learn-screen")
        self.clock = ThinkingClock()
        self.deck: FlashcardDeck | None = None
        self.family = ""
        #: The skill Practise (D) opens when the page was opened for one (a welcome step's), else "".
        self.skill = ""
        self.page: LearnPage | None = None
        self._build()
        watch_thinking(self, self.clock)
        # A switch of game or trainee behind another screen waits until Learn is shown (it cost that
        # screen's first open about 40 ms).
        self.ctx.profileChanged.connect(lambda _: self._fill_pages())
        self.ctx.profileChanged.connect(lambda _: when_shown(self, self._show_kept))
        self.ctx.traineeChanged.connect(lambda _: when_shown(self, self._show_kept))
        self.restyle()
        #: the page's sections after its first, built a turn each on the screen's first open
        self.later = Later(self)
        self._opening = True
        self.reload()
        self._opening = False

    def _build(self) -> None:
        self.pages = QComboBox()
        self.pages.setAccessibleName("Learn page")
        set_font(self.pages, 1.3)
        label = QLabel("&Page:")
        label.setBuddy(self.pages)
        set_font(label, 1.3)
        self.cards_button = QPushButton("Flashcards  (F)")
        self.drill_button = QPushButton("Practise  (D)")
        for b in (self.cards_button, self.drill_button):
            set_font(b, 1.3)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.trainee_label = make_label("", 1.3, bold=True)
        bar = FlowLayout()
        for w in (group(label, self.pages), self.cards_button, self.drill_button, self.trainee_label):
            bar.addWidget(w)
        self.content = QWidget()
        self.content_lay = QVBoxLayout(self.content)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setWidget(self.content)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._flashcard: FlashcardView | None = None
        self.stack = QStackedWidget()
        self.stack.addWidget(self.scroll)
        lay = QVBoxLayout(self)
        lay.addLayout(bar)
        lay.addWidget(self.stack, 1)
        self.pages.activated.connect(lambda i: self.show_family(self.pages.itemData(i)))
        self.cards_button.clicked.connect(self.show_flashcards)
        self.drill_button.clicked.connect(self.practise)
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        QShortcut(QKeySequence("F"), self, self.show_flashcards, context=context)
        QShortcut(QKeySequence("D"), self, self.practise, context=context)
        QShortcut(QKeySequence("Esc"), self, self.show_page, context=context)

    # -- pages ---------------------------------------------------------------------------------------
    def reload(self) -> None:
        """The page list of the profile's game (a family kept if the game still has it)."""
        self._fill_pages()
        self._show_kept()

    def _fill_pages(self) -> None:
        self.pages.clear()
        for family in families(self.ctx.profile):
            self.pages.addItem(family, family)

    def _show_kept(self) -> None:
        self.show_family(self.family if self.pages.findData(self.family) >= 0 else self.pages.itemData(0))

    def show_learn(self, skill_or_family: str) -> None:
        """The page of a family, or of a skill's family (the Drills screen's selected skill)."""
        try:
            family = skill_or_family if skill_or_family in families(self.ctx.profile) else family_of(skill_or_family)
        except TrainerError:  # (an unknown skill)
            family = self.pages.itemData(0)
        if self.pages.findData(family) < 0:  # another game's skill: this game's first page
            family = self.pages.itemData(0)
        self.show_family(family)
        self.skill = skill_or_family if skill_or_family in self._family_skills() else ""

    def show_family(self, family: str) -> None:
        self.family = family
        self.skill = ""
        self.pages.setCurrentIndex(max(0, self.pages.findData(family)))
        name = current_trainee(self.ctx)
        self.trainee_label.setText(f"Trainee: {name}" if name else "No trainee: flashcards are not saved")
        weak = weak_keys(shared_store(self.ctx).answers(name)) if name else frozenset()
        page = self.page = learn_page(family, self.ctx.profile, weak)
        while self.content_lay.count():
            item = self.content_lay.takeAt(0)
            if item.widget():
                item.widget().hide()  # (now: deleteLater waits for the event loop)
                item.widget().deleteLater()
        self.content_lay.addWidget(make_label(f"Learn: {page.title}", 2.2, bold=True, wrap=True))
        self.content_lay.addStretch(1)
        first, *rest = page.sections or (None,)
        if first is not None:
            self._add_section(first)
        self.deck = FlashcardDeck(flashcards(family, self.ctx.profile))
        self.cards_button.setEnabled(self.deck.current is not None)
        refresh_fonts(self.content)
        self.show_page()
        # the first section now; on the screen's first open the others a turn each after it (issue 42)
        # (each section's title, then each of its parts: a turn each, none holding the event loop long)
        self.later.run([part for section in rest for part in self._section_later(section)])
        if not self._opening:
            self.later.finish()
        self.presentedChanged.emit()

    def _add_section(self, section) -> None:
        """A section of the page, before the stretch that ends it."""
        self.content_lay.insertWidget(self.content_lay.count() - 1, section_widget(section, self.ctx, self.theme))

    def _section_later(self, section) -> list[Callable[[], None]]:
        """A section added in parts: its box with its title, then what follows the title a part at a time."""
        box, parts = section_parts(section, self.ctx, self.theme)

        def add_box() -> None:
            self.content_lay.insertWidget(self.content_lay.count() - 1, box)
            refresh_fonts(box)

        def add(make: Callable[[], QWidget]) -> None:
            widget = make()
            box.layout().addWidget(widget)
            refresh_fonts(widget)

        return [add_box, *(lambda m=make: add(m) for make in parts)]

    def presented_page(self) -> LearnPage | None:
        """The page the presenter window shows (``trainer.ui.presenter_learn``)."""
        return self.page

    def show_page(self) -> None:
        self.clock.stop()
        self.stack.setCurrentWidget(self.scroll)
        self.scroll.setFocus()

    def practise(self) -> None:
        """The Drills screen on the skill the page was opened for, else the first of this page's family
        that the profile offers."""
        skills = self._family_skills()
        if skills:
            self.practiseRequested.emit(self.skill if self.skill in skills else skills[0])

    def _family_skills(self) -> list[str]:
        """The skills of the page's family that the profile offers, in the registry's order."""
        from trainer.drills.registry import skills_for

        return [s.id for s in skills_for(self.ctx.profile) if s.group == self.family]

    # -- flashcards ---------------------------------------------------------------------------------
    @property
    def flashcard(self) -> FlashcardView:
        """The flashcards' view, made when first asked for (the screen's first open shows the page)."""
        if self._flashcard is None:
            self._flashcard = FlashcardView(self.ctx)
            self._flashcard.revealed.connect(self._revealed)
            self._flashcard.rated.connect(self._rated)
            self.stack.addWidget(self._flashcard)
            refresh_fonts(self._flashcard)
        return self._flashcard

    def show_flashcards(self) -> None:
        if self.deck is None or (self.deck.current is None and not self.deck.reviewed):  # (no cards)
            return
        self.stack.setCurrentWidget(self.flashcard)
        self._next_card()

    def _next_card(self) -> None:
        deck = self.deck
        status = (f"{self.family} flashcards · {len(deck.upcoming())} to go · {deck.reviewed} rated"
                  + (f" · {deck.missed} again" if deck.missed else ""))
        self.flashcard.show_card(deck.current, status, self.theme)
        if deck.current is not None:
            self.clock.start()

    def _revealed(self) -> None:
        self.clock.stop()

    def _rated(self, rating: str) -> None:
        card = self.deck.rate(rating)
        name = current_trainee(self.ctx)
        if name:
            question = flashcard_question(card, self.ctx.profile, seed=self.deck.reviewed)
            shared_store(self.ctx).record_flashcard(name, question, rating, self.clock.elapsed_ms())
        self._next_card()

    def prepare_snapshot(self, seed: int, move: int | None) -> None:
        """For ``paigow-trainer snapshot --screen learn``: ``--move K`` the K-th page; past the last page,
        the first page that has flashcards, its first card with the answer shown."""
        names = families(self.ctx.profile)
        if move is None or move < len(names):
            self.show_family(names[move or 0])
            return
        self.show_family(next(f for f in names if flashcards(f, self.ctx.profile)))
        self.show_flashcards()
        self.flashcard.reveal()

    def theme_changed(self, theme: Theme) -> None:
        if self.family:
            self.show_family(self.family)


def create_screen(ctx) -> QWidget:
    """The Learn screen (see ``trainer.ui.screens``)."""
    return LearnScreen(ctx)
