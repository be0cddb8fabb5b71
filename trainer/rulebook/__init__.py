"""The rule book: the regulation texts and the trainer's readings, shipped with the app.

Pure Python (no Qt): :mod:`trainer.rulebook.documents` parses the texts into sections with stable
anchors, :mod:`trainer.rulebook.citations` resolves the engine's citation strings to them and
shows them in words, :mod:`trainer.rulebook.search` finds words in them.
"""
