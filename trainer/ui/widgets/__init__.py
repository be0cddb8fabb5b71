"""The widgets the screens are built from, one module per theme: scaled labels (``labels``), the
tile widgets and hand setter (``tiles``), numbered choices (``choices``), the typed answer with its
chips (``typed_answer``), the answer panel (``answers``), the question (``question``), the verdict
(``feedback``), the screens' base class (``screen``) and the chip tray a payout is built on
(``chip_tray``). Fonts and zoom are in ``trainer.ui.scaling``.

The widgets collect what the trainee does and emit it; they never judge it. The hand setter emits
the two hands the trainee built, the choice list the chosen index, a typed field the text typed:
reading and judging it is ``trainer.drills.check``'s job, whose parse errors are shown inline.
"""
