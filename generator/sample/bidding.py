"""Bidding before play: trick bidding (BD-01) and the auction for the landlord (BD-03)."""

from __future__ import annotations

from ..families import SamplerTraits
from ..spec import BiddingSpec, DealSpec, LandlordAuction, Players, TrickBidding, derived
from .naming import Flavour
from .rng import Draw

#: BD-03 titles of the auction's winner, generator order (W-pick(14)).
LANDLORD_TITLES = (
    "squire", "banker", "lord", "baron", "noble", "patrician", "duke", "count", "innkeeper", "house", "guard",
    "dragon", "gangster", "gendarme",
)
#: BD-01 blind bids, W-pick(3): unrestricted 8/9, "but this bid can only be zero" 1/9.
BLIND_KINDS = ("any", "any", "zero")


def draw_trick_bidding(draw: Draw, flavour: Flavour) -> TrickBidding | None:
    """BD-01, p 1/8: 1/4 simultaneous (no blind bids, no hook); else in turn from the dealer or the
    dealer's left (uniform), then 1/8 blind bids (W-pick(3) any / any / zero), then 2/3 the hook."""
    if not draw.chance(1 / 8):
        return None
    flavour.register(draw, "trick-bidding")
    if draw.chance(1 / 4):
        return TrickBidding(order="simultaneous")
    order = draw.choice(("dealer", "dealer-left"))
    blind = draw.wpick(BLIND_KINDS) if draw.chance(1 / 8) else "none"
    return TrickBidding(order=order, blind=blind, hook=draw.chance(2 / 3))


def draw_auction(draw: Draw, deal: DealSpec, players: Players, flavour: Flavour) -> LandlordAuction | None:
    """BD-03, p 1/4 with a kitty dealt face down or made of the undealt cards (the auction's winner
    takes it into hand) and at least three players: title W-pick(14). The intro fact says the others
    work together or gang up against the title holder (uniform)."""
    if not derived.kitty_at_deal(deal) or players.min < 3 or not draw.chance(1 / 4):
        return None
    title = draw.wpick(LANDLORD_TITLES)
    flavour.register(draw, draw.choice(("landlord-together", "landlord-gang")))
    return LandlordAuction(title=title)


def draw_bidding(draw: Draw, family: SamplerTraits, deal: DealSpec, players: Players, flavour: Flavour) -> BiddingSpec:
    """Trick bidding (families that bid for tricks: trick-taking), then the auction, in the generator's order."""
    tricks = draw_trick_bidding(draw, flavour) if family.bids_tricks else None
    return BiddingSpec(tricks=tricks, auction=draw_auction(draw, deal, players, flavour))
