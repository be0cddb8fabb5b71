"""The dealer screens' answers' column on a small window (issue 40): what goes where, and how large.

Both games' dealer screens (the Dealer's seat, Calling the game) put the question at the head of the
column beside the table, pinned above a scroll area that holds the answers and the narration: the
question never scrolls away. On a cramped window (a larger text size on a window under
:data:`~trainer.ui.option_fold.FOLD_BELOW_PX` tall: 1280x720 or 1024x768 at Projector; or 1024x768)
the question and the choices take the text's own size (never less: at Projector 24 px; at Normal the
question 16 px), the choices stand two to a row where they fit, and the trainee and the clock follow
the answers: every choice in sight at 1280x720 Projector, and the chip rack on most payments. The felt
is what gives way: at Projector on a wide window it keeps two thirds of the width, the least that
draws the tiles 48 px tall at 1280x720 (issue 29).
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from trainer.ui.option_fold import FOLD_BELOW_PX
from trainer.ui.scaling import set_font, text_factor

#: The table's share of the play page (over the column's 30): a wide window, a wide window with the
#: options folded (Projector), a 4:3 window.
TABLE_STRETCH = {"wide": 50, "folded": 60, "square": 60}
COLUMN_STRETCH = 30
#: The question is pinned above the answers while it takes at most this share of the column (a very
#: long one at a large text size scrolls with them instead: read whole, never cut).
PINNED_SHARE = 0.6
#: (usual, cramped) font scales: the question, the "Your action" line, the choices.
PROMPT, ACTION, CHOICES = (1.75, 1.0), (1.3, 1.0), (1.6, 1.0)
#: The question's and the action line's scale on a cramped window at Normal (16 px: the text is 12).
NORMAL_CRAMPED = 1.3


# (``screen``: a ``trainer.ui.paigow.dealer_screen.DealerScreen``, which imports this module)
def cramped(screen: QWidget) -> bool:
    """A short window at a larger text size, or a short 4:3 one (1024x768): the column's text smaller."""
    window = screen.window()
    return window.height() < FOLD_BELOW_PX and (text_factor() > 1 or window.width() < 1.5 * window.height())


def fit_column(screen: QWidget) -> None:
    """The table's share of the width, the column's fonts and what is pinned at its head."""
    window = screen.window()
    shape = "square" if window.width() < 1.5 * window.height() else "folded" if screen.fold.folded else "wide"
    screen.play_page.layout().setStretch(0, TABLE_STRETCH[shape])
    screen.play_page.layout().setStretch(1, COLUMN_STRETCH)
    small = cramped(screen)
    for label, scales in ((screen.question.prompt, PROMPT), (screen.skill_label, ACTION)):
        scale = scales[small] if text_factor() > 1 or not small else NORMAL_CRAMPED
        if label.property("fontScale") != scale:
            set_font(label, scale, bold=True)
    screen.answers.choices.font_scale = CHOICES[small] if text_factor() > 1 else CHOICES[0]
    # cramped, the trainee and the clock follow the answers (the question and its answers first)
    _move(screen.about, screen.scrolled if small else screen.head, 1 if small else 0)
    pin_question(screen)


def pin_question(screen: QWidget) -> None:
    """The "Your action" line and the question at the column's head while they fit its share, else
    at the head of the scrolled answers."""
    width = max(1, screen.side.width() - 12)
    need = sum(w.heightForWidth(width) for w in (screen.skill_label, screen.question.prompt))
    need += screen.question.strip.maximumHeight() if screen.question.strip.groups else 0
    pinned = need <= PINNED_SHARE * screen.side.height() or screen.side.height() < 100
    for index, w in enumerate((screen.skill_label, screen.question)):
        _move(w, screen.head if pinned else screen.scrolled, None if pinned else index)


def _move(widget, home, index: int | None) -> None:
    """``widget`` into ``home``'s layout at ``index`` (None: the end), unless it is there."""
    if widget.parentWidget() is home:
        return
    layout = home.layout()
    if index is None:
        layout.addWidget(widget)
    else:
        layout.insertWidget(index, widget)


def hold_setter(screen: QWidget) -> None:
    """The hand setter, while it is asked, never squeezed under its least height (its Submit and Undo
    buttons in its rect, the narration under it scrolled to): only then, every other action's page
    would be that tall."""
    setter = screen.answers.setter
    shown = screen.answers.currentWidget() is setter
    setter.setMinimumHeight(setter.minimumSizeHint().height() if shown else 0)
