"""Drawing a stepping game's play section and its scoring."""

from __future__ import annotations

from fractions import Fraction

from generator.sample.naming import Flavour
from generator.sample.rng import Draw
from generator.sample.scoring import Scored
from generator.spec import BiddingSpec, DealSpec, DeckSpec, FirstOut, Players, SetupSpec

from .spec import StepPlay


def draw_play(draw: Draw, deck: DeckSpec, deal: DealSpec, setup: SetupSpec, bidding: BiddingSpec, bad_suit: str,
              flavour: Flavour) -> StepPlay:
    """Who starts, uniform; p 1/4 the ranks wrap round."""
    return StepPlay(first_turn=draw.choice(("dealer", "dealer-left")), wrap=draw.chance(1 / 4))


def draw_scoring(draw: Draw, deck: DeckSpec, deal: DealSpec, players: Players, h: int, bad_suit: str,
                 setup: SetupSpec, bidding: BiddingSpec, flavour: Flavour, play: StepPlay) -> Scored:
    """A point for going out first (SC-A4)."""
    return Scored(FirstOut(), Fraction(1))
