"""Trick bids (BD-01): after the deal each player bids how many tricks they will take — in turn
from the dealer or the dealer's left, or all at once (simultaneous bids stay hidden until every
bid is in); with the hook the last bidder may not make the bids add up to the tricks there are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import BID_BASE, NO
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

BID = "bid"


class BiddingRules:
    """BD-01 compiled: who bids first, blind bids, the hook."""

    def __init__(self, spec: "GameSpec"):
        b = spec.bidding.tricks
        self.order = b.order if b else None
        self.blind = b.blind if b else "none"
        self.hook = bool(b and b.hook)

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


def tricks_in_hand(state: "State") -> int:
    """Tricks the hand can have: as many as the shortest hand holds."""
    return min(len(h) for h in state.hands)


def bids_seen(state: "State", player: int) -> list[int | None]:
    """Trick bids made so far; simultaneous bids stay hidden until everyone has bid."""
    ph = state.game.phase(TrickBids)
    if ph is not None and state.decision == BID and ph.rules.order == "simultaneous":
        return [b if p == player or state.blind[p] else None for p, b in enumerate(state.bids)]
    return list(state.bids)


class TrickBids(Phase):
    decisions = (BID,)
    hand_fields = {"bids": lambda g, n: [None] * n, "blind": lambda g, n: [False] * n}
    views = {"bids": bids_seen}

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.rules = BiddingRules(game.spec)

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.bidding.tricks is not None

    def start(self, state: "State") -> bool:
        state.queue = [p for p in self.rules.bidding_order(state.dealer, state.n) if not state.blind[p]]
        return bool(state.queue) and state.open(self, BID, state.queue.pop(0))

    def legal(self, state: "State") -> list[int]:
        return self.rules.bid_options(tricks_in_hand(state), state.bids, last=not state.queue)

    def apply(self, state: "State", action: int) -> None:
        state.bids[state.current] = action - BID_BASE
        state.next_in_queue()

    def hide(self, state: "State", public: "State", player: int) -> None:
        public.bids = bids_seen(state, player)
