"""Hand drills: who wins one two-tile hand against the dealer's, and the result of a whole round.

Rules: 621a.3(c)-(i) and 621a.8(g)-(i) (spec H1-H5); zero-zero is profile-dependent
(spec JQ3). ``data``: ``player`` and ``dealer`` (two-tile hands, tiles as text) and
``position`` (``high``/``low``) for ``hand-compare``; ``player_high``, ``player_low``,
``dealer_high``, ``dealer_low`` for ``round-score``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from trainer.drills.paigow.common import deal, draft, until
from trainer.drills.model import AnswerKind, Draft, Setup
from trainer.drills.registry import drill
from trainer.rules.paigow.hands import Hand, Outcome, Setting, settings, wager_result
from trainer.rules.paigow.house_way import set_by_house_way
from trainer.rules.paigow.profiles import Profile

#: The calls of one hand, each with its reason, so no two fit one comparison (issue 12).
PLAYER, DEALER = "Player's hand is higher: player wins", "Dealer's hand is higher: dealer wins"
COPY, ZERO = "Copy (equal hands): dealer wins", "Zero-zero (both worth zero): dealer wins"

def zero_zero_reading(profile: Profile) -> str:
    """The zero-zero rule of ``profile``'s text in words: pa and md have one; nj has none, and the trainer
    reads nj literally (spec JQ3, Decided)."""
    if profile.zero_zero_to_banker:
        return (f"a zero-zero tie goes to the dealer or bank: both hands are equally bad, regardless of the "
                f"highest ranking tile ({profile.cite('zero_zero')})")
    return (f"this text has no zero-zero rule, so two zero hands go by the top tile ({profile.cite('equal_value')}); "
            "that is the literal reading the trainer follows (spec JQ3)")


@dataclass(frozen=True)
class Verdict:
    """Who takes one hand: ``answer`` (one of the four choices), the reason and its citations."""

    answer: str
    why: str
    cites: tuple[str, ...]

    @property
    def player_wins(self) -> bool:
        return self.answer == PLAYER


def hand_verdict(player: Hand, dealer: Hand, profile: Profile, *, low: bool = False) -> Verdict:
    """Judge a player's hand against the dealer's under ``profile`` (spec H1-H5, JQ3).

    >>> from trainer.rules.paigow.profiles import profile_named
    >>> zero, other = Hand.parse("1-3 3-3"), Hand.parse("5-5 4-6")
    >>> hand_verdict(zero, other, profile_named("pa-2019")).answer
    'Zero-zero (both worth zero): dealer wins'
    >>> hand_verdict(zero, other, profile_named("nj")).answer        # top tile 1-3 beats 4-6
    "Player's hand is higher: player wins"
    >>> hand_verdict(Hand.parse("1-3 3-3"), Hand.parse("5-5 1-6"), profile_named("nj"), low=True).answer
    "Dealer's hand is higher: dealer wins"
    """
    both_zero = player.is_zero and dealer.is_zero
    if both_zero and profile.zero_zero_to_banker:
        return Verdict(ZERO, f"both hands are worth zero: {zero_zero_reading(profile)}",
                       (profile.cite("zero_zero"), "spec H3"))
    zero_note = (f". Both are worth zero: {zero_zero_reading(profile)}", ("spec JQ3",)) if both_zero else ("", ())
    if low and player.is_zero:
        return Verdict(DEALER, "a player's low hand worth zero never wins the low" + zero_note[0],
                       (profile.cite("lose"), "spec H5") + zero_note[1])
    # a pair decides by pair rank (621a.3(c)); values by value (621a.3(e)), equal values by the top tile (3(g))
    rule = ("pairs" if player.kind.is_pair or dealer.kind.is_pair else
            "value" if player.value != dealer.value else "equal_value")
    if player.score == dealer.score:
        copy_rule = "copy" if player.kind.is_pair else "top_tile_copy"
        return Verdict(COPY, "equal hands are a copy, and the dealer wins a copy" + zero_note[0],
                       (profile.cite(copy_rule), "spec H3") + zero_note[1])
    winner = PLAYER if player.score > dealer.score else DEALER
    reason = {"pairs": "a permissible pair beats every hand without one, and pairs go by pair rank",
              "value": "the higher value wins",
              "equal_value": "equal values go by the rank of the highest tile"}[rule]
    return Verdict(winner, reason + zero_note[0], (profile.cite(rule), "spec H1") + zero_note[1])


def _gee_joon_note(profile: Profile, *hands: Hand) -> tuple[str, tuple[str, ...]]:
    if any(not h.kind.is_pair and any(t.is_gee_joon for t in h.tiles) for h in hands):
        return (" A Gee Joon tile (1-2 or 2-4) without its partner counts 3 or 6, whichever makes the "
                "higher value (the trainer's reading, spec H2).", (profile.cite("gee_joon"), "spec H2"))
    return "", ()


def _case(player: Hand, dealer: Hand) -> str:
    """The item a comparison trains: zero, copy, gee-joon, pairs or values."""
    if player.is_zero and dealer.is_zero:
        return "zero"
    if player.score == dealer.score:
        return "copy"
    if any(not h.kind.is_pair and any(t.is_gee_joon for t in h.tiles) for h in (player, dealer)):
        return "gee-joon"
    return "pairs" if player.kind.is_pair or dealer.kind.is_pair else "values"


def compare_choices(profile: Profile) -> tuple[str, ...]:
    """The calls of a hand comparison; "zero-zero" only where the text has that rule (nj has none, JQ3)."""
    return (PLAYER, DEALER, COPY) + ((ZERO,) if profile.zero_zero_to_banker else ())


def _one_answer(player: Hand, dealer: Hand, profile: Profile, low: bool) -> bool:
    """False where two choices would both be defensible: identical zero hands (a copy, and a zero-zero
    tie in pa/md), or a player's zero low against a zero (a zero-zero tie, a copy or in nj a higher top tile,
    and a zero low never wins)."""
    both_zero, zz = player.is_zero and dealer.is_zero, profile.zero_zero_to_banker
    return not (both_zero and (low or (zz and player.score == dealer.score)))


def _describe(hand: Hand) -> str:
    return f"{hand} ({hand.describe()})"


@drill("hand-compare", "Compare two hands", "Hands",
       "Who wins a player's two-tile hand against the dealer's: copies and zero-zero included.",
       items=lambda setup: ("pairs", "values", "gee-joon", "copy", "zero"))
def hand_compare(rng: random.Random, setup: Setup) -> Draft:
    case = rng.choice(("zero", "copy", "gee-joon", "pairs", "values"))

    def draw() -> tuple[Hand, Hand]:
        a, b, c, d = deal(rng, 4)
        return Hand.of(a, b), Hand.of(c, d)

    low = rng.random() < 1 / 3 and case != "zero"
    player, dealer = until(rng, draw, lambda hands: _case(*hands) == case and _one_answer(*hands, setup.profile, low))
    position = "low" if low else "high"
    verdict = hand_verdict(player, dealer, setup.profile, low=low)
    note, note_cites = _gee_joon_note(setup.profile, player, dealer)
    why = f"Player {_describe(player)} against dealer {_describe(dealer)}: {verdict.why}.{note}"
    return draft(f"Player's {position} hand {player} against the dealer's {position} hand {dealer}. Who wins?",
                 AnswerKind.CHOICE, verdict.answer, why, verdict.cites + note_cites, _case(player, dealer),
                 choices=compare_choices(setup.profile),
                 data={"player": [str(t) for t in player.tiles], "dealer": [str(t) for t in dealer.tiles],
                       "position": position},
                 hint="Pairs first, then value (spots mod 10), then the highest tile; ties go to the dealer.")


_RESULT_TEXT = {Outcome.WIN: "Win", Outcome.PUSH: "Push", Outcome.LOSE: "Lose"}
_RESULT_RULE = {Outcome.WIN: "win", Outcome.PUSH: "push", Outcome.LOSE: "lose"}


def _round(rng: random.Random, setup: Setup) -> tuple[Setting, Setting]:
    tiles = deal(rng, 8)
    return rng.choice(settings(tiles[:4])), set_by_house_way(tiles[4:], setup.house_way).setting


@drill("round-score", "Score a round", "Hands",
       "Win, push or lose: a player's set hand against the dealer's house-way hand.")
def round_score(rng: random.Random, setup: Setup) -> Draft:
    zz = setup.profile.zero_zero_to_banker
    target = rng.choice(tuple(_RESULT_TEXT))
    player, dealer = until(rng, lambda: _round(rng, setup),
                           lambda r: wager_result(*r, zero_zero_to_banker=zz) is target)
    outcome = wager_result(player, dealer, zero_zero_to_banker=zz)
    high = hand_verdict(player.high, dealer.high, setup.profile)
    low = hand_verdict(player.low, dealer.low, setup.profile, low=True)
    note, note_cites = _gee_joon_note(setup.profile, player.high, player.low, dealer.high, dealer.low)
    why = (f"High: player {_describe(player.high)} against dealer {_describe(dealer.high)}: {high.answer.lower()} "
           f"({high.why}). Low: player {_describe(player.low)} against dealer {_describe(dealer.low)}: "
           f"{low.answer.lower()} ({low.why}). Both hands higher: win; neither: lose; one of the two: push.{note}")
    return draft(f"Player: high {player.high}, low {player.low}. Dealer: high {dealer.high}, low {dealer.low}. "
                 "Result of the Pai Gow Wager?", AnswerKind.CHOICE, _RESULT_TEXT[outcome], why,
                 (setup.profile.cite(_RESULT_RULE[outcome]), "spec H5") + high.cites + low.cites + note_cites,
                 outcome.value, choices=tuple(_RESULT_TEXT.values()),
                 data={"player_high": [str(t) for t in player.high.tiles],
                       "player_low": [str(t) for t in player.low.tiles],
                       "dealer_high": [str(t) for t in dealer.high.tiles],
                       "dealer_low": [str(t) for t in dealer.low.tiles]},
                 hint="Compare high with high and low with low; the dealer wins copies.")
