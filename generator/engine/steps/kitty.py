"""The contributed kitty (DL-11 'contributed'): each player from the dealer's left gives one card
face down to the kitty, which is then shuffled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import State

GIVE = "give-to-kitty"


class GiveToKitty(Phase):
    rule = "giving cards to the kitty"
    decisions = (GIVE,)
    puts_away = {GIVE: "kitty"}

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.deal.kitty is not None and spec.deal.kitty.form == "contributed"

    def start(self, state: "State") -> bool:
        state.kitty = []
        state.queue = state.from_left()
        return state.open(self, GIVE, state.queue.pop(0))

    def legal(self, state: "State") -> list[int]:
        return list(state.hands[state.current])

    def apply(self, state: "State", card: int) -> None:
        state.hands[state.current].remove(card)
        state.kitty.append(card)
        if not state.queue:
            state.shuffle(state.kitty)
        state.next_in_queue()

    def told(self, state: "State", card: int) -> str | None:
        return f"gives the {state.game.table.names[card]} to the {state.game.spec.deal.kitty.name}"
