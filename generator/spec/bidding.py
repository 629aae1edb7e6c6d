"""Bidding before play: trick bidding (BD-01) and the auction for the landlord (BD-03)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .words import Words


class TrickBidding(BaseModel):
    """BD-01: each player bids how many tricks they will take."""

    model_config = ConfigDict(extra="forbid")

    order: Literal["simultaneous", "dealer", "dealer-left"] = Field(
        description="all at once, or in turn clockwise starting with the dealer or the dealer's left"
    )
    blind: Literal["none", "any", "zero"] = Field(
        "none", description="a player may bid before looking at their cards: any number, or only zero"
    )
    hook: bool = Field(False, description="the last bidder may not make the bids add up to the tricks available")


class LandlordAuction(BaseModel):
    """BD-03: players bid 1…max players for the right to take the kitty and play against the rest.

    The winner (the ``title``) takes the kitty into hand and discards as many cards face down, so
    hands stay equal; if everyone passes, the cards are redealt."""

    model_config = ConfigDict(extra="forbid")

    title: Words = Field("landlord", description="what the winner is called: plain words (spec.words)")


class BiddingSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tricks: TrickBidding | None = None
    auction: LandlordAuction | None = None

    def any(self) -> bool:
        return self.tricks is not None or self.auction is not None
