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
    text: str
    citation: str


NEXT_HAND = "Use the card as the first card of the next hand."
BANKER_THIRD = "Use the card as the Banker's Hand's third card."
DISCARD_TWO = "Place the disclosed card and one more card, drawn face down and not shown, in the discard bucket."
SIMULATED = "Use the card as the first card of a simulated round, with no wagers, then discard its cards."
VOID = "The round is void: return every wager, and replace the cards before a new round."
#: Every remedy a trainee chooses from.
REMEDIES = (NEXT_HAND, BANKER_THIRD, DISCARD_TWO, SIMULATED, VOID)


def remedy(kind: Irregularity, profile: BaccaratProfile | str = "pa-631a", banker_draws: bool | None = None) -> Remedy:
    """The remedy of ``kind`` (631a.15(a)-(e)); (b) and (c) depend on whether the Banker draws, and
    (c)'s "stays" case on the Rules Submission's procedure (profile ``third_card_remedy``, spec B19)."""
    p = profile_named(profile)
    if kind in (Irregularity.THIRD_UNDISCLOSED, Irregularity.THIRD_DISCLOSED) and banker_draws is None:
        raise ValueError(f"{kind}: say whether the Banker's Hand must draw (631a.11(c))")
    if kind is Irregularity.ERROR_CARD:
        return Remedy(NEXT_HAND, p.cite("error_card"))
    if kind is Irregularity.THIRD_UNDISCLOSED:
        return Remedy(BANKER_THIRD if banker_draws else NEXT_HAND, p.cite("third_undisclosed"))
    if kind is Irregularity.THIRD_DISCLOSED:
        if banker_draws:
            return Remedy(BANKER_THIRD, p.cite("third_disclosed"))
        return (Remedy(DISCARD_TWO, p.cite("third_disclosed_discard")) if p.third_card_remedy == "discard"
                else Remedy(SIMULATED, p.cite("third_disclosed_simulated")))
    if kind is Irregularity.EXPOSED_CARD:
        return Remedy(SIMULATED, p.cite("exposed_card"))
    return Remedy(VOID, p.cite("too_few"))
