"""A number or money field keeps only what an amount is typed with, and hands every other key to the
screen's shortcuts (issue 40): "?" asks for a hint and D starts the dealer's demonstration even while
the amount box has the focus, instead of typing "?" or "d" into it. A key no shortcut takes is not
typed either: a shortcut either works there or types nothing. A text field (a position, a call) keeps
every key: letters are its answer.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLineEdit

#: What a count or an amount is typed with ("$1,234.50", "12", "1 234").
NUMBER_CHARS = frozenset("0123456789.,$ ")
#: The answer kinds typed as a number.
NUMBER_KINDS = frozenset({"money", "number"})


def foreign_key(text: str, held: bool = False) -> bool:
    """True for a printable key that no number is typed with, not ``held`` with Ctrl, Alt or Meta.

    >>> foreign_key("?"), foreign_key("d"), foreign_key("5"), foreign_key("$"), foreign_key(""), foreign_key("d", True)
    (True, True, False, False, False, False)
    """
    return bool(text) and text.isprintable() and not set(text) <= NUMBER_CHARS and not held


_HELD = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier


class _NumberKeys(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) and watched.property("numberField"):
            if not foreign_key(event.text(), bool(event.modifiers() & _HELD)):
                return False
            event.ignore()  # not typed; a ShortcutOverride left unaccepted lets the screen's shortcut have it
            return True
        return False


_FILTER: _NumberKeys | None = None


def number_field(edit: QLineEdit, on: bool) -> None:
    """Make ``edit`` a number field (``on``) or a text field again (a field is reused across questions)."""
    global _FILTER
    if _FILTER is None:
        _FILTER = _NumberKeys()
    if not edit.property("numberKeysWatched"):
        edit.installEventFilter(_FILTER)
        edit.setProperty("numberKeysWatched", True)
    edit.setProperty("numberField", on)
