"""The matching family's engine: the phases of its hand, in order, and its scorer.

A hand: laws may be invented (SU-09); the deal; countdown tokens and face-down rows (climbing's
``DealTokensAndRows``, shared); the table — discard piles, the wild-rank card, the stock
(``deal.TableDeal``); cards passed between titles hands (climbing's ``PassCards``); a misdeal
shown; the contributed kitty; the pig; the exchange; the auction for a landlord; then matching
play (``play.Match``), after which ``scoring.MatchScorer`` scores the hand. Matching has no trumps.
Each phase decides itself whether a given game needs it.
"""

from __future__ import annotations

from ..family import EngineFamily
from ..shedding.passing import PassCards
from ..shedding.table import TableDeal
from ..shedding.tokens import DealTokensAndRows
from ..steps.auction import Auction
from ..steps.deal import Deal
from ..steps.exchange import Exchange
from ..steps.invent import InventLaw
from ..steps.kitty import GiveToKitty
from ..steps.misdeal import ShowMisdeal
from ..steps.pig import RevealPig
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
