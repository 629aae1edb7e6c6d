"""The auction for the landlord (BD-03): from the dealer, players bid up or pass out; the last
bidder (or the first to reach the top bid) becomes the landlord, takes the kitty into hand and
lays as many cards away. If everyone passes, the cards are thrown in and dealt again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import BID_BASE, PASS_BID
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

AUCTION, LAY_AWAY = "auction", "lay-away"


class Auction(Phase):
    rule = "the auction"
    decisions = (AUCTION, LAY_AWAY)
    puts_away = {LAY_AWAY: "discards"}
    hand_fields = {"landlord": None, "landlord_bid": 0, "in_auction": [], "high_bid": 0, "high_bidder": None,
                   "to_lay_away": 0}
    views = {"landlord": lambda s, p: s.landlord, "auction_high_bid": lambda s, p: s.high_bid}

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.top_bid = game.spec.players.max

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.bidding.auction is not None

    def start(self, state: "State") -> bool:
        state.in_auction = [(state.dealer + k) % state.n for k in range(state.n)]
        state.high_bid, state.high_bidder = 0, None
        return state.open(self, AUCTION, state.in_auction[0])

    def legal(self, state: "State") -> list[int]:
        if state.decision == LAY_AWAY:
            return list(state.hands[state.current])
        return [PASS_BID] + [BID_BASE + k for k in range(state.high_bid + 1, self.top_bid + 1)]

    def apply(self, state: "State", action: int) -> None:
        if state.decision == LAY_AWAY:
            return self._laid_away(state, action)
        p = state.current
        i = state.in_auction.index(p)
        if action == PASS_BID:
            state.in_auction.pop(i)
        else:
            state.high_bid, state.high_bidder = action - BID_BASE, p
            i += 1
        done = (state.high_bid == self.top_bid
                or (state.high_bidder is not None and state.in_auction == [state.high_bidder]))
        if not state.in_auction:   # everyone passed: throw the cards in and deal again
            return state.redeal()
        if not done:
            state.current = state.in_auction[i % len(state.in_auction)]
            return
        # The landlord takes the kitty into hand and lays as many cards away.
        ll = state.landlord = state.high_bidder
        state.landlord_bid = state.high_bid
        state.to_lay_away = len(state.kitty)
        state.hands[ll].extend(state.kitty)
        state.hands[ll].sort()
        state.kitty = []
        if state.to_lay_away:
            state.open(self, LAY_AWAY, ll)
        else:
            state.advance()

    def told(self, state: "State", action: int) -> str | None:
        # The cards laid away after taking the kitty, as the rules say it; the bids keep their wording.
        if state.decision == LAY_AWAY:
            return f"discards the {state.game.table.names[action]} face down"
        return None

    def _laid_away(self, state: "State", card: int) -> None:
        state.hands[state.current].remove(card)
        state.discards.append(card)
        state.to_lay_away -= 1
        if not state.to_lay_away:
            state.advance()
