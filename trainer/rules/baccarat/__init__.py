"""Baccarat: the rules engine (58 Pa. Code ch. 631a).

- :mod:`.cards` — cards, their notation and the Point Count (631a.6);
- :mod:`.draw` — naturals and the third-card rules, Table 1 as data (631a.11);
- :mod:`.profiles` — the table options a Rules Submission chooses (profile ``pa-631a``);
- :mod:`.wagers` — every wager's result and payout, vigorish (631a.8, 631a.13);
- :mod:`.shoe` — decks, wash, shuffle, cut, cover cards, burn (631a.3, 631a.5, 631a.10(d));
- :mod:`.table` — the move plans a table scene renders (places and moves of every card);
- :mod:`.curator` — who holds the shoe (631a.7, 631a.14);
- :mod:`.round` — one round or a whole shoe as cited steps, moves and chip movements;
- :mod:`.analysis` — exact house edges by combinatorics over the shoe.

Shared pieces (money, errors, chips, rng, profile registry) live in :mod:`trainer.rules`.
Decided readings are ``spec B1``.. in ``docs/baccarat.md``.
"""
