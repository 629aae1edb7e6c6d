"""The trick-taking family's engine: the phases of its hand, in order, and its scorer.

A hand: laws may be invented, trumps called; the deal; trumps fixed; anti-trumps; blind bids; a
misdeal shown; the contributed kitty; the pig; high or low; robbing; the top trump; the exchange;
trick bids; the auction; then trick play, after which ``scoring.HandScorer`` scores the hand.
Each phase decides itself whether a given game needs it.
"""

from __future__ import annotations

from ..family import EngineFamily
from ..steps.anti import NameAntiTrumps
from ..steps.auction import Auction
from ..steps.bids import TrickBids
from ..steps.blind import BlindBids
from ..steps.call import CallTrumps
from ..steps.deal import Deal
from ..steps.exchange import Exchange
from ..steps.high_low import ShowHighLow
from ..steps.invent import InventLaw
from ..steps.kitty import GiveToKitty
from ..steps.misdeal import ShowMisdeal
from ..steps.pig import RevealPig
from ..steps.rob import Rob
from ..steps.top_trump import ShowTopTrump
from ..steps.trumps import FixTrumps
from ..trick_scoring import HandScorer
from .play import TrickPlay

ENGINE = EngineFamily(
    name="trick-taking",
    phases=(InventLaw, CallTrumps, Deal, FixTrumps, NameAntiTrumps, BlindBids, ShowMisdeal, GiveToKitty,
            RevealPig, ShowHighLow, Rob, ShowTopTrump, Exchange, TrickBids, Auction, TrickPlay),
    scorer=HandScorer,
    joker_order=lambda spec: spec.play.jokers,
)

__all__ = ["ENGINE"]
