"""Robbing the turned trump (SU-04): the holder of the lowest trump may take the turned card —
swapping their low trump for it, or taking it into hand and discarding a card face down."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import NO, YES
from ..cards import lowest_of
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

ROB, ROB_DISCARD = "rob", "discard-after-robbing"


class Rob(Phase):
    rule = "robbing"
    dropped_by = {"setup.robbing": None}
    decisions = (ROB, ROB_DISCARD)
    puts_away = {ROB_DISCARD: "discards"}

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.swap = game.spec.setup.robbing.form == "swap"

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.setup.robbing is not None

    def start(self, state: "State") -> bool:
        if state.turned is None or state.trump is None:
            return False
        holder = state.holder(lowest_of(self.game.table, state.trump))
        return holder is not None and state.open(self, ROB, holder)

    def legal(self, state: "State") -> list[int]:
        return [NO, YES] if state.decision == ROB else list(state.hands[state.current])

    def told(self, state: "State", action: int) -> str | None:
        # In the rules' words: the game's own verb for robbing, and the discard the rules describe.
        if state.decision == ROB_DISCARD:
            return f"discards the {state.game.table.names[action]} face down"
        verb = state.game.spec.setup.robbing.verb
        return f"chooses to {verb} the turned card" if action == YES else f"does not {verb} the turned card"

    def apply(self, state: "State", action: int) -> None:
        p = state.current
        if state.decision == ROB_DISCARD:
            state.hands[p].remove(action)
            state.discards.append(action)
            return state.advance()
        if action == NO:
            return state.advance()
        card = state.turned
        pile = state.kitty if card in state.kitty else state.stock
        i = pile.index(card)
        if self.swap:
            low = lowest_of(self.game.table, state.trump)
            state.hands[p].remove(low)
            pile[i] = low
            state.turned = low
            state.hands[p].append(card)
            state.hands[p].sort()
            return state.advance()
        pile.pop(i)
        state.turned = None
        state.hands[p].append(card)
        state.hands[p].sort()
        state.open(self, ROB_DISCARD, p)
