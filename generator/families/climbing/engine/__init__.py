"""The climbing family's engine: the phases of its hand, in order, and its scorer.

A hand: laws may be invented (SU-09); the deal; countdown tokens and face-down rows
(``deal.DealTokensAndRows``); cards passed between the title holder and the loser
(``passing.PassCards``); a misdeal shown; the contributed kitty; the pig; the exchange; the
auction for the landlord; then climbing play (``play.Climb``), after which
``scoring.ClimbScorer`` scores the hand. Climbing has no trumps, so none of the trump steps.
Each phase decides itself whether a given game needs it.
"""

from __future__ import annotations

from generator.engine.family import EngineFamily
from generator.engine.shedding.passing import PassCards
from generator.engine.shedding.tokens import DealTokensAndRows
from generator.engine.steps.auction import Auction
from generator.engine.steps.deal import Deal
from generator.engine.steps.exchange import Exchange
from generator.engine.steps.invent import InventLaw
from generator.engine.steps.kitty import GiveToKitty
from generator.engine.steps.misdeal import ShowMisdeal
from generator.engine.steps.pig import RevealPig

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
