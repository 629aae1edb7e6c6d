"""Blind bids (BD-01 'blind'): before looking at their cards, each player in bidding order may bid
blind (any number, or only zero) for a bonus; those who do not bid with the others after the deal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import BID_BASE, NO
from ..phase import Phase
from .bids import BiddingRules, tricks_in_hand

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

BLIND = "bid-blind"


class BlindBids(Phase):
    rule = "bidding blind"
    decisions = (BLIND,)
    before_looking = frozenset({BLIND})

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.rules = BiddingRules(game.spec)

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.bidding.tricks is not None and spec.bidding.tricks.blind != "none"

    def start(self, state: "State") -> bool:
        state.queue = self.rules.bidding_order(state.dealer, state.n)
        return state.open(self, BLIND, state.queue.pop(0))

    def legal(self, state: "State") -> list[int]:
        return self.rules.blind_options(tricks_in_hand(state))

    def apply(self, state: "State", action: int) -> None:
        if action != NO:
            state.bids[state.current] = action - BID_BASE
            state.blind[state.current] = True
        state.next_in_queue()
