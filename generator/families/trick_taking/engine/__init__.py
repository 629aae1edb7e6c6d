"""The trick-taking family's engine: the phases of its hand, in order, and its scorer.

A hand: laws may be invented, trumps called; the deal; trumps fixed; a schedule's contract (its
trumps and mode, ``schedule``); anti-trumps; blind bids; a
misdeal shown; the contributed kitty; the pig; high or low; robbing; the top trump; the exchange;
trick bids; the auction; then trick play, after which ``scoring.HandScorer`` scores the hand.
Each phase decides itself whether a given game needs it.
"""

from __future__ import annotations

from generator.engine.family import EngineFamily
from generator.engine.steps.anti import NameAntiTrumps
from generator.engine.steps.auction import Auction
from generator.engine.steps.bids import TrickBids
from generator.engine.steps.blind import BlindBids
from generator.engine.steps.call import CallTrumps, NameTrumps
from generator.engine.steps.deal import Deal
from generator.engine.steps.exchange import Exchange
from generator.engine.steps.high_low import ShowHighLow
from generator.engine.steps.invent import InventLaw
from generator.engine.steps.kitty import GiveToKitty
from generator.engine.steps.misdeal import ShowMisdeal
from generator.engine.steps.pig import RevealPig
from generator.engine.steps.rob import Rob
from generator.engine.steps.top_trump import ShowTopTrump
from generator.engine.steps.trumps import FixTrumps
from .play import TrickPlay
from .schedule import ScheduledHand, make_scorer

ENGINE = EngineFamily(
    name="trick-taking",
    phases=(InventLaw, CallTrumps, Deal, NameTrumps, FixTrumps, ScheduledHand, NameAntiTrumps, BlindBids, ShowMisdeal, GiveToKitty,
            RevealPig, ShowHighLow, Rob, ShowTopTrump, Exchange, TrickBids, Auction, TrickPlay),
    scorer=make_scorer,
    joker_order=lambda spec: spec.play.jokers,
)

__all__ = ["ENGINE"]
