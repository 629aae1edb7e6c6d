"""The top trump for a point (SU-06): its holder may show it at once and score one point."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import NO, YES
from ..cards import highest_of
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import State

SHOW_TOP = "show-top-trump"


class ShowTopTrump(Phase):
    rule = "showing the top trump"
    dropped_by = {"setup.top_trump_point": False}
    decisions = (SHOW_TOP,)
    hand_fields = {"top_point": None}

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.setup.top_trump_point

    def start(self, state: "State") -> bool:
        holder = state.holder(highest_of(self.game.table, state.trump))
        return holder is not None and state.open(self, SHOW_TOP, holder)

    def legal(self, state: "State") -> list[int]:
        return [NO, YES]

    def apply(self, state: "State", action: int) -> None:
        if action == YES:
            state.top_point = state.current
        state.advance()

    def told(self, state: "State", action: int) -> str | None:
        return "shows the highest trump, for a point" if action == YES else "does not show the highest trump"
