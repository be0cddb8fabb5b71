"""The answer panel: the input for one question, chosen from its answer kind (choices, the hand
setter, a typed field, a multi-part form); it emits the trainee's raw answer.
"""

from __future__ import annotations

from functools import cached_property
from typing import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from trainer.rules.paigow.tiles import Tile
from trainer.ui.citation_links import words
from trainer.ui.scaling import refresh_fonts, set_font
from trainer.ui.theme import Theme
from trainer.ui.widgets.call_builder import CallBuilder
from trainer.ui.widgets.chip_tray import ChipTray
from trainer.ui.widgets.choices import ChoiceList, ChoiceRow
from trainer.ui.widgets.labels import error_label, make_label
from trainer.ui.widgets.number_keys import NUMBER_KINDS, number_field
from trainer.ui.widgets.screen import after_in_tab_order
from trainer.ui.widgets.tiles import HandSetter
from trainer.ui.widgets.typed_answer import TYPED_HELP, TypedAnswer, line_edit


class PartsForm(QWidget):
    """A multi-part answer: one row per part (choices or a typed field); Enter submits them all.

    Emits a list with one raw entry per part: the chosen text (None if none), or the text typed.
    """

    submitted = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.inputs: list[QWidget] = []
        self._form = QGridLayout()
        self._form.setHorizontalSpacing(16)
        self._form.setVerticalSpacing(10)
        self.error = error_label()
        help_text = make_label("Tab moves between parts · 1–9 pick a choice · Enter submits", 1.1, wrap=True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._form)
        layout.addWidget(self.error)
        layout.addWidget(help_text)
        layout.addStretch(1)

    def set_parts(self, parts: Sequence) -> None:
        while self._form.count():
            item = self._form.takeAt(0)
            if item.widget():
                item.widget().hide()  # (until deleted: out of the form, it would lie over the new parts)
                item.widget().deleteLater()
        self.inputs = []
        self.error.clear()
        for row, part in enumerate(parts):
            label = make_label(words(f"{row + 1}. {part.prompt}"), 1.4, wrap=True)
            if part.choices:
                field: QWidget = ChoiceRow(part.choices)
            else:
                field = line_edit(TYPED_HELP.get(part.kind.value, TYPED_HELP["text"])[0], part.prompt)
                set_font(field, 1.6, bold=True)
                number_field(field, part.kind.value in NUMBER_KINDS)
                field.returnPressed.connect(self.submit)
            self._form.addWidget(label, row, 0)
            self._form.addWidget(field, row, 1)
            self.inputs.append(field)
        self._form.setColumnStretch(0, 3)
        self._form.setColumnStretch(1, 4)
        refresh_fonts(self)
        if self.inputs:
            self.setFocusProxy(self.inputs[0])

    def values(self) -> list:
        return [f.choices[f.value()] if isinstance(f, ChoiceRow) and f.value() is not None else
                None if isinstance(f, ChoiceRow) else f.text() for f in self.inputs]

    def submit(self) -> None:
        self.submitted.emit(self.values())

    def show_error(self, message: str, part: int | None = None) -> None:
        self.error.setText(message)
        if part is not None and 0 <= part < len(self.inputs):
            self.inputs[part].setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submit()
        else:
            super().keyPressEvent(event)


def setting_text(high: Sequence[Tile], low: Sequence[Tile]) -> str:
    """A placement as typed: ``6-6 4-5 / 1-3 2-3`` (high position first, tiles as placed)."""
    return f"{' '.join(map(str, high))} / {' '.join(map(str, low))}"


def position_label(position: str) -> str:
    """``seat3`` -> ``Seat 3``, ``dead`` -> ``Dead hand``, ``dealer`` -> ``Dealer``."""
    if position.startswith("seat"):
        return f"Seat {position[4:]}"
    return {"dead": "Dead hand"}.get(position, position.capitalize())


class AnswerPanel(QStackedWidget):
    """The input for one question, chosen from its answer kind; emits the trainee's raw answer.

    ``answered`` carries what ``trainer.drills.check`` accepts, as the answer log should read it: the
    choice's text, the text typed, ``"high / low"`` as placed, the chips paid (``"2 × $100, 1 × $25"``), the
    phrases called, separated by commas, or a list with one entry per part. Unreadable answers come back through
    ``show_error`` (the drill's parse error), never as a wrong answer.

    Chip payouts are paid on the chip tray and calls built on the call builder; F2 switches these to the
    typed field and back, and the choice holds for the following questions (``typing``: a speed drill).
    """

    answered = Signal(object)

    def __init__(self, parent: QWidget | None = None, only_shown: bool = False,
                 heights_ignored: tuple[str, ...] = ()) -> None:
        super().__init__(parent)
        #: the stack holds only the page shown (``_hold_only``): the Drills screen's scrolled page
        self.only_shown = only_shown
        #: pages (``setter``...) whose height the panel never takes (the dealer's column: the tall hand setter)
        self.heights_ignored = heights_ignored
        self.choices = ChoiceList()
        self.typing = False
        self._question = None
        self._values: tuple[str, ...] = ()
        self._given: int | None = None
        self._theme: Theme | None = None
        self.addWidget(self.choices)
        self._hold_only(self.choices)
        self.choices.chosen.connect(self._chosen)

    # the other inputs are made when a question first needs them (or a caller asks for one): a screen's
    # first open makes only the choices (issue 42: the chip tray and the call builder are the costliest)
    @cached_property
    def setter(self) -> HandSetter:
        setter = self._new_page("setter", HandSetter())
        setter.submitted.connect(lambda high, low: self.answered.emit(setting_text(high, low)))
        if self._theme is not None:
            setter.set_theme(self._theme)
        return setter

    @cached_property
    def typed(self) -> TypedAnswer:
        return self._new_page("typed", TypedAnswer())

    @cached_property
    def parts(self) -> PartsForm:
        return self._new_page("parts", PartsForm())

    @cached_property
    def tray(self) -> ChipTray:
        return self._new_page("tray", ChipTray())

    @cached_property
    def caller(self) -> CallBuilder:
        return self._new_page("caller", CallBuilder())

    def _new_page(self, name: str, page: QWidget) -> QWidget:
        """``page`` made the input ``name``: in the stack (aside, with ``only_shown``), after the choices in
        the Tab order, with its fonts and accessible names, as if made with the panel."""
        from trainer.ui.accessibility import name_controls

        self.addWidget(page)
        if self.only_shown:
            self.removeWidget(page)  # (still the panel's child)
        if name in ("tray", "caller", *self.heights_ignored):  # sized only when shown (``show_question``)
            page.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        if name != "setter":
            page.submitted.connect(self.answered.emit)
        after_in_tab_order(self.choices, page)
        refresh_fonts(page)
        name_controls(page)
        return page

    def show_question(self, question, positions: Sequence[str] = ()) -> None:
        """Show the input for ``question`` (``positions``: the table positions, for POSITION answers)."""
        kind = question.kind.value
        self._values, self._given, self._question = (), None, question
        if kind == "choice":
            self._values = tuple(question.choices)
            self.choices.set_choices(question.choices)
            page: QWidget = self.choices
        elif kind == "position" and positions:
            self._values = tuple(positions)
            self.choices.set_choices([position_label(p) for p in positions])
            page = self.choices
        elif kind == "setting":
            self.setter.set_tiles([Tile.parse(t) for t in question.data["tiles"]])
            page = self.setter
        elif kind == "multi":
            self.parts.set_parts(question.parts)
            page = self.parts
        elif kind == "chips" and not self.typing:
            self.tray.set_chips(question.data["chips"])
            page = self.tray
        elif kind == "call" and not self.typing:
            self.caller.set_phrases(question.choices)
            page = self.caller
        else:
            self.typed.reset(kind)
            page = self.typed
        for built in filter(None, map(self.__dict__.get, ("tray", "caller"))):  # sized only when shown: the
            built.setSizePolicy(QSizePolicy.Policy.Preferred,  # panel is no taller for them
                                QSizePolicy.Policy.Preferred if built is page else QSizePolicy.Policy.Ignored)
        self._hold_only(page)
        self.setEnabled(True)
        page.setFocus()

    def _hold_only(self, page: QWidget) -> None:
        """Show ``page``; with ``only_shown``, the only page the stack holds: a stack is as wide as its widest
        page and, at each width, as tall as its tallest (hidden pages too): the hand setter and a form of
        nine parts made the choices of the next question need a window wider and taller than 1280x720 at
        Projector. The pages put aside stay the panel's children."""
        if self.indexOf(page) < 0:
            self.addWidget(page)
        self.setCurrentWidget(page)
        for other in [self.widget(i) for i in range(self.count())] if self.only_shown else ():
            if other is not page:
                self.removeWidget(other)
        if self.only_shown:
            self.updateGeometry()  # (the layout round the panel keeps its heights for a width until told)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """F2 (left over by the inputs): a chip payout or a call typed, or built again."""
        built = self._question is not None and self._question.kind.value in ("chips", "call")
        if event.key() == Qt.Key.Key_F2 and built and self.isEnabled():
            self.typing = not self.typing
            self.show_question(self._question)
        else:
            super().keyPressEvent(event)

    def show_error(self, message: str, part: int | None = None) -> None:
        """Show the drill's message (an unreadable answer, or why it was not saved) on the input."""
        self.currentWidget().show_error(message, part)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        if "setter" in self.__dict__:
            self.setter.set_theme(theme)

    def _chosen(self, index: int) -> None:
        self._given = index
        self.answered.emit(self._values[index])

    def show_verdict(self, feedback) -> None:
        """Freeze the input; on the choice list, mark the right choice and the one given."""
        self.setEnabled(False)
        if self.currentWidget() is self.choices and self._values:
            labels = [position_label(v) for v in self._values] + list(self._values)
            expected = next((i % len(self._values) for i, v in enumerate(labels) if v == feedback.expected), None)
            self.choices.mark(expected, self._given)
