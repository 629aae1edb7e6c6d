"""The matching family's engine: the phases of its hand, in order, and its scorer.

A hand: laws may be invented (SU-09); the deal; countdown tokens and face-down rows (climbing's
``DealTokensAndRows``, shared); the table — discard piles, the wild-rank card, the stock
(``deal.TableDeal``); cards passed between titles hands (climbing's ``PassCards``); a misdeal
shown; the contributed kitty; the pig; the exchange; the auction for a landlord; then matching
play (``play.Match``), after which ``scoring.MatchScorer`` scores the hand. Matching has no trumps.
Each phase decides itself whether a given game needs it.
"""

from __future__ import annotations

from generator.engine.family import EngineFamily
from generator.engine.shedding.passing import PassCards
from generator.engine.shedding.table import TableDeal
from generator.engine.shedding.tokens import DealTokensAndRows
from generator.engine.steps.auction import Auction
from generator.engine.steps.deal import Deal
from generator.engine.steps.exchange import Exchange
from generator.engine.steps.invent import InventLaw
from generator.engine.steps.kitty import GiveToKitty
from generator.engine.steps.misdeal import ShowMisdeal
from generator.engine.steps.pig import RevealPig

from .play import Match
from .scoring import MatchScorer

ENGINE = EngineFamily(
    name="matching",
    phases=(InventLaw, Deal, DealTokensAndRows, TableDeal, PassCards, ShowMisdeal, GiveToKitty, RevealPig, Exchange,
            Auction, Match),
    scorer=MatchScorer,
    joker_order=lambda spec: "top",
)

__all__ = ["ENGINE"]
