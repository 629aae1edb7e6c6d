"""Bidding: trick bids (BD-01) and the auction for the landlord (BD-03)."""

from __future__ import annotations

from ..spec import GameSpec

from .actions import BID_BASE, NO, PASS_BID


class BiddingRules:
    def __init__(self, spec: GameSpec):
        b = spec.bidding
        self.tricks = b.tricks
        self.auction = b.auction
        self.order = b.tricks.order if b.tricks else None
        self.blind = b.tricks.blind if b.tricks else "none"
        self.hook = bool(b.tricks and b.tricks.hook)
        self.max_auction_bid = spec.players.max

    def bidding_order(self, dealer: int, n: int) -> list[int]:
        """Seats in the order they bid (simultaneous bids are collected in seat order from the left)."""
        first = dealer if self.order == "dealer" else (dealer + 1) % n
        return [(first + k) % n for k in range(n)]

    def blind_options(self, tricks: int) -> list[int]:
        """Actions for a player offered a blind bid: decline, or bid blind."""
        if self.blind == "zero":
            return [NO, BID_BASE]
        return [NO] + [BID_BASE + k for k in range(tricks + 1)]

    def bid_options(self, tricks: int, made: list[int | None], last: bool) -> list[int]:
        """Legal trick bids; with the hook, the last bidder may not make the total equal `tricks`."""
        options = list(range(tricks + 1))
        if self.hook and last and self.order != "simultaneous":
            total = sum(b for b in made if b is not None)
            options = [k for k in options if total + k != tricks] or options
        return [BID_BASE + k for k in options]

    def auction_options(self, highest: int) -> list[int]:
        return [PASS_BID] + [BID_BASE + k for k in range(highest + 1, self.max_auction_bid + 1)]
