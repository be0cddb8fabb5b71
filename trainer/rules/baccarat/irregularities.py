"""Irregularities and their remedies (631a.15).

``remedy(kind, profile, banker_draws)`` gives what the dealer does and the subsection, so a drill
asks for it and the dealer-calling screen can play it. ``banker_draws``: whether the Banker's Hand
is required to draw under 631a.11(c) (it decides 631a.15(b) and (c)).

>>> remedy(Irregularity.ERROR_CARD, profile_named("pa-631a")).citation
'631a.15(a)'
>>> remedy(Irregularity.THIRD_DISCLOSED, profile_named("pa-631a"), banker_draws=False).text
'Place the disclosed card and one more card, drawn face down and not shown, in the discard bucket.'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from trainer.rules.baccarat.profiles import BaccaratProfile, profile_named

__all__ = ["Irregularity", "Remedy", "remedy", "SITUATIONS", "profile_named"]


class Irregularity(enum.StrEnum):
    #: A card drawn in error from the shoe and not disclosed (631a.15(a)).
    ERROR_CARD = "error-card"
    #: A third card dealt to the Player's Hand when not authorised, not disclosed (631a.15(b)).
    THIRD_UNDISCLOSED = "third-undisclosed"
    #: The same card disclosed when dealt, or found face up in the shoe (631a.15(c)).
    THIRD_DISCLOSED = "third-disclosed"
    #: Any other card disclosed when dealt, or found face up in the shoe (631a.15(d)).
    EXPOSED_CARD = "exposed-card"
    #: Too few cards left in the shoe to complete the round (631a.15(e)).
    TOO_FEW = "too-few"


#: What happened, in the trainee's words.
SITUATIONS = {
    Irregularity.ERROR_CARD: "A card is drawn from the shoe in error and nobody has seen it.",
    Irregularity.THIRD_UNDISCLOSED: "The curator deals the Player's Hand a third card it is not entitled to; "
                                    "the card has not been seen.",
    Irregularity.THIRD_DISCLOSED: "The curator deals the Player's Hand a third card it is not entitled to, "
                                  "face up.",
    Irregularity.EXPOSED_CARD: "A card is exposed as it is dealt to the first four cards of a round.",
    Irregularity.TOO_FEW: "The shoe runs out of cards before the round is complete.",
}


@dataclass(frozen=True, slots=True)
class Remedy:
    """What the dealer does, why the text sends the card there, the section, and its rule key."""

    text: str
    why: str
    citation: str
    rule: str


NEXT_HAND = "Use the card as the first card of the next hand."
BANKER_THIRD = "Use the card as the Banker's Hand's third card."
DISCARD_TWO = "Place the disclosed card and one more card, drawn face down and not shown, in the discard bucket."
SIMULATED = "Use the card as the first card of a simulated round, with no wagers, then discard its cards."
VOID = "The round is void: return every wager, and replace the cards before a new round."
#: Every remedy a trainee chooses from.
REMEDIES = (NEXT_HAND, BANKER_THIRD, DISCARD_TWO, SIMULATED, VOID)


def remedy(kind: Irregularity, profile: BaccaratProfile | str = "pa-631a", banker_draws: bool | None = None) -> Remedy:
    """The remedy of ``kind`` (631a.15(a)-(e)); (b) and (c) depend on whether the Banker draws, and
    (c)'s "stays" case on the Rules Submission's procedure (profile ``third_card_remedy``, spec B19).
    ``why`` says which words of the text apply and why.

    >>> remedy(Irregularity.TOO_FEW).why.split(":")[0]
    'The shoe cannot complete the round, so the round is void'
    """
    p = profile_named(profile)
    if kind in (Irregularity.THIRD_UNDISCLOSED, Irregularity.THIRD_DISCLOSED) and banker_draws is None:
        raise ValueError(f"{kind}: say whether the Banker's Hand must draw (631a.11(c))")
    if kind is Irregularity.ERROR_CARD:
        return _remedy(p, "error_card", NEXT_HAND, "A card drawn in error and not disclosed, other than a third "
                       "card dealt to the Player's Hand, is used as the first card of the next hand.")
    if kind is Irregularity.THIRD_UNDISCLOSED:
        if banker_draws:
            return _remedy(p, "third_undisclosed", BANKER_THIRD, "The card was not disclosed and the Banker's "
                           "Hand is required to draw: the card becomes the Banker's third card.")
        return _remedy(p, "third_undisclosed", NEXT_HAND, "The card was not disclosed and the Banker's Hand is "
                       "required to stay: the card becomes the first card of the next hand.")
    if kind is Irregularity.THIRD_DISCLOSED:
        if banker_draws:
            return _remedy(p, "third_disclosed", BANKER_THIRD, "The card was disclosed and the Banker's Hand is "
                           "required to draw: the disclosed card is used as the Banker's third card.")
        stays = "The card was disclosed and the Banker's Hand is required to stay: the Rules Submission's procedure "
        if p.third_card_remedy == "discard":
            return _remedy(p, "third_disclosed_discard", DISCARD_TWO, stays + "here places the disclosed card and "
                           "one more card, drawn face down and not shown, in the discard bucket.")
        return _remedy(p, "third_disclosed_simulated", SIMULATED, stays + "here uses the disclosed card as the "
                       "first card of a simulated round, with no wagers.")
    if kind is Irregularity.EXPOSED_CARD:
        return _remedy(p, "exposed_card", SIMULATED, "A card disclosed as it is dealt that is not an unauthorised "
                       "third card of the Player's Hand starts a simulated round: dealt by the rules, no wagers "
                       "accepted, its cards then discarded.")
    return _remedy(p, "too_few", VOID, "The shoe cannot complete the round, so the round is void: every wager is "
                   "returned, and a new round starts only after all the cards are replaced.")


def _remedy(p: BaccaratProfile, rule: str, text: str, why: str) -> Remedy:
    return Remedy(text, why, p.cite(rule), rule)
