"""Feedback that stays put (issue 26): the verdict with one short "why" and its one citation link, in one
link colour; the hand set shown with its hands' values and no tile left highlighted.

:class:`SteadyFeedbackPanel` is the drill widgets' feedback panel with the explanation's trailing
citation list taken off (it is shown once, as the link under it); :func:`settle_setter` marks a hand
setter after its answer is judged and :func:`reset_setter` takes the marks off for the next question.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QSizePolicy, QWidget

from trainer.drills.text import without_citations
from trainer.ui.citation_links import citation_colour, set_citations, set_linked, words
from trainer.ui.scaling import set_font
from trainer.ui.widgets.feedback import FeedbackPanel, ev_text
from trainer.ui.theme import theme_named

class SteadyFeedbackPanel(FeedbackPanel):
    """The verdict, the right answer, the why and one link: the deciding rule's section, named once.

    The why loses the citation list a drill's explanation ends with and the deciding section where it
    names it again ("Step 4 (MD 8.D(4)): …" reads "Step 4: …"); its other sections stay as words. Every
    link is in the citation colour.
    """

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        set_font(self.citation, 1.3, bold=True)  # one section now: "Citation: 621a.3(c)" on one line
        for label in (self.explanation, self.citation):  # (read from the top, however tall the panel)
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.next_button.installEventFilter(self)
        self._hold_button_width()

    def _hold_button_width(self) -> None:
        """At least the width of its button (a panel whose width comes from its layout's stretch alone,
        ``keep_place``, would otherwise cut the button's words at a large text size)."""
        m = self.layout().contentsMargins()
        self.setMinimumWidth(self.next_button.minimumSizeHint().width() + m.left() + m.right())

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt API
        if watched is self.next_button and event.type() == QEvent.Type.FontChange:
            self._hold_button_width()
        return super().eventFilter(watched, event)

    def show_feedback(self, feedback, next_text: str = "Next question") -> None:
        super().show_feedback(feedback, next_text)
        self._hold_button_width()  # the button's words now ("Go on" is narrower than "Next question")
        colour = citation_colour(theme_named(self.ctx.theme))
        rule = feedback.citations[:1]
        why = without_citations(feedback.explanation, feedback.citations)
        if rule:
            why = why.replace(f" ({rule[0]})", "")
        self.explanation.setText(html.escape(words(why)).replace("\n", "<br>"))
        set_citations(self.citation, rule, self.ctx, colour)
        named = feedback.mistake or feedback.note
        given = f"You answered: {feedback.given}" + (f" — {named}" if named else "")
        if feedback.ev_difference:
            given += "\n" + ev_text(feedback.ev_difference)
        set_linked(self.given, given, self.ctx, colour)


def keep_place(widget: QWidget, *, width_by_stretch: bool = False) -> None:
    """``widget`` keeps its room in the layout while hidden: showing it moves nothing beside it. With
    ``width_by_stretch`` its width comes from the layout's stretch alone, never from what it shows (a
    long explanation does not narrow the question beside it)."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    if width_by_stretch:
        policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
    widget.setSizePolicy(policy)


def reserve_marks(choices) -> None:
    """Give each choice button, from the start, the width it will need once the verdict ticks or crosses
    it (``ChoiceList.mark`` puts "✔" or "✘" in place of its key number, and a 3 px border round it): the
    column does not widen at the verdict. Only what the mark is wider than the number is reserved, so the
    reserve never widens the window at 1280x720 (a reserve of the whole mark made it 1,327 px wide)."""
    for i, button in enumerate(choices.buttons):
        button.setMinimumWidth(0)
        button.ensurePolished()  # (its style sheet's padding counts)
        metrics = button.fontMetrics()
        number = metrics.horizontalAdvance(f"{i + 1}   " if i < 9 else "")
        mark = max(metrics.horizontalAdvance(f"{m}   " if i < 9 else f"{m} ") for m in ("✔", "✘")) + 2 * 3
        button.setMinimumWidth(button.minimumSizeHint().width() + max(0, mark - number))


def settle_setter(setter) -> None:
    """After the verdict: no tile highlighted, and each hand's value on its zone (the engine's words)."""
    from trainer.rules.paigow.hands import Hand

    if setter.selected is not None:
        setter.select(setter.selected)  # (selecting the selected tile again clears it)
    for zone, tiles in zip((setter.high, setter.low), setter.placement()):
        if len(tiles) == 2:
            if zone.property("plainTitle") is None:
                zone.setProperty("plainTitle", zone.title.text())
                # a longer title must not widen its hand (and move the question): its width is the zone's
                policy = zone.title.sizePolicy()
                policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
                zone.title.setSizePolicy(policy)
            hand = Hand(tiles)
            zone.title.setText(f"{zone.name.upper()}: {hand.describe() if hand.kind.is_pair else hand.value}")


def reset_setter(setter) -> None:
    """A new question: the hand zones' titles as they were."""
    for zone in (setter.high, setter.low):
        if zone.property("plainTitle") is not None:
            zone.title.setText(zone.property("plainTitle"))
