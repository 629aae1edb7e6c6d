"""Anti-trumps (SU-03): the dealer names a suit other than trumps; a trick holding a card of it
is won as if there were no trumps (``tricks.rules.TrickRules.winner``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import SUIT_ACTION
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import State

ANTI = "name-anti-trumps"


class NameAntiTrumps(Phase):
    rule = "naming anti-trumps"
    dropped_by = {"setup.anti_trumps": False}
    decisions = (ANTI,)
    before_looking = frozenset({ANTI})   # named before anyone looks at their cards
    hand_fields = {"anti": None}
    views = {"anti_trump": lambda s, p: s.anti}

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.setup.anti_trumps

    def start(self, state: "State") -> bool:
        return state.open(self, ANTI, state.dealer)

    def legal(self, state: "State") -> list[int]:
        return [SUIT_ACTION + s for s in range(len(self.game.table.suit_names)) if s != state.trump]

    def apply(self, state: "State", action: int) -> None:
        state.anti = action - SUIT_ACTION
        state.advance()

    def told(self, state: "State", action: int) -> str | None:
        return f"names {state.game.table.suit_names[action - SUIT_ACTION]} as anti-trumps"
