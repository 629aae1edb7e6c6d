"""The climbing family's engine: the phases of its hand, in order, and its scorer.

A hand: laws may be invented (SU-09); the deal; countdown tokens and face-down rows
(``deal.DealTokensAndRows``); cards passed between the title holder and the loser
(``passing.PassCards``); a misdeal shown; the contributed kitty; the pig; the exchange; the
auction for the landlord; then climbing play (``play.Climb``), after which
``scoring.ClimbScorer`` scores the hand. Climbing has no trumps, so none of the trump steps.
Each phase decides itself whether a given game needs it.
"""

from __future__ import annotations

from ..family import EngineFamily
from ..shedding.passing import PassCards
from ..shedding.tokens import DealTokensAndRows
from ..steps.auction import Auction
from ..steps.deal import Deal
from ..steps.exchange import Exchange
from ..steps.invent import InventLaw
from ..steps.kitty import GiveToKitty
from ..steps.misdeal import ShowMisdeal
from ..steps.pig import RevealPig
from .play import Climb
from .scoring import ClimbScorer

ENGINE = EngineFamily(
    name="climbing",
    phases=(InventLaw, Deal, DealTokensAndRows, PassCards, ShowMisdeal, GiveToKitty, RevealPig, Exchange, Auction,
            Climb),
    scorer=ClimbScorer,
    joker_order=lambda spec: "top",
)

__all__ = ["ENGINE"]
