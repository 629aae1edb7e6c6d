"""High or low hands (SU-07): each player from the dealer's left shows one card; if every card
shown is of the low colour, the hand is played low (its scores are inverted, SC-T6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...spec import derived
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

SHOW_HIGH_LOW = "show-high-low"


class ShowHighLow(Phase):
    rule = "showing a high or low hand"
    dropped_by = {"setup.high_low": False}
    decisions = (SHOW_HIGH_LOW,)
    hand_fields = {"shown": lambda g, n: [None] * n, "low": False}
    views = {"low_hand": lambda s, p: s.low}

    def __init__(self, game: "Game"):
        super().__init__(game)
        t = game.table
        self.low_suits = frozenset(t.suit_names.index(s) for s in derived.low_suits(game.spec.deck))

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.setup.high_low

    def start(self, state: "State") -> bool:
        state.queue = state.from_left()
        return state.open(self, SHOW_HIGH_LOW, state.queue.pop(0))

    def legal(self, state: "State") -> list[int]:
        return list(state.hands[state.current])

    def apply(self, state: "State", card: int) -> None:
        state.shown[state.current] = card
        if not state.queue:
            suit = self.game.table.suit
            state.low = all(suit[c] in self.low_suits for c in state.shown if c is not None)
        state.next_in_queue()

    def told(self, state: "State", card: int) -> str | None:
        return f"shows the {state.game.table.names[card]}"
