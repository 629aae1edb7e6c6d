"""Calling trumps (SU-02 'called'): before the deal, the dealer or the player at their left names
the trump suit without looking at any card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import SUIT_ACTION
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

CALL = "call-trumps"


class CallTrumps(Phase):
    rule = "calling trumps"
    decisions = (CALL,)
    before_looking = frozenset({CALL})
    hand_fields = {"called": None}

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.offset = {"dealer": 0, "dealer-left": 1}[game.spec.setup.trumps.caller]

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.setup.trumps.method == "called"

    def start(self, state: "State") -> bool:
        return state.open(self, CALL, (state.dealer + self.offset) % state.n)

    def legal(self, state: "State") -> list[int]:
        return [SUIT_ACTION + s for s in range(len(self.game.table.suit_names))]

    def apply(self, state: "State", action: int) -> None:
        state.called = action - SUIT_ACTION
        state.advance()

    def told(self, state: "State", action: int) -> str | None:
        return f"names {state.game.table.suit_names[action - SUIT_ACTION]} as trumps"
