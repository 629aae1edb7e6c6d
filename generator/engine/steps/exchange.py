"""The exchange (SU-10): from the dealer's left, a player may propose an exchange of k cards; if
every other player agrees, each in turn discards k cards face down and all draw k from the stock;
proposals go on, from the player after the last proposer, while the stock can feed one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import NO, YES
from ..phase import Phase
from .deal import draw, drawable

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

PROPOSE, AGREE, SWAP_OUT = "propose-exchange", "agree-exchange", "discard-for-exchange"


class Exchange(Phase):
    rule = "the exchange of cards"
    dropped_by = {"setup.exchange": None}
    decisions = (PROPOSE, AGREE, SWAP_OUT)
    puts_away = {SWAP_OUT: "discards"}
    hand_fields = {"proposers": [], "proposer": None, "swap_left": {}}

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.k = game.spec.setup.exchange.cards

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.setup.exchange is not None

    def possible(self, state: "State") -> bool:
        k = self.k
        return len(state.stock) - drawable(state) >= k * state.n and all(len(h) >= k for h in state.hands)

    def start(self, state: "State") -> bool:
        if not self.possible(state):
            return False
        state.proposers = state.from_left()
        return state.open(self, PROPOSE, state.proposers.pop(0))

    def legal(self, state: "State") -> list[int]:
        return list(state.hands[state.current]) if state.decision == SWAP_OUT else [NO, YES]

    def apply(self, state: "State", action: int) -> None:
        getattr(self, "_" + state.decision.replace("-", "_"))(state, action)

    def told(self, state: "State", action: int) -> str | None:
        name = state.game.spec.setup.exchange.name
        if state.decision == PROPOSE:
            return f"proposes the {name}" if action == YES else f"does not propose the {name}"
        if state.decision == AGREE:
            return f"agrees to the {name}" if action == YES else f"refuses the {name}"
        return f"discards the {state.game.table.names[action]} face down"

    def _propose_exchange(self, state: "State", action: int) -> None:
        if action == YES:
            state.proposer = state.current
            state.queue = [(state.current + k) % state.n for k in range(1, state.n)]
            state.open(self, AGREE, state.queue.pop(0))
            return
        self._next_proposer(state)

    def _next_proposer(self, state: "State") -> None:
        if state.proposers and self.possible(state):
            state.open(self, PROPOSE, state.proposers.pop(0))
        else:
            state.advance()

    def _agree_exchange(self, state: "State", action: int) -> None:
        if action == NO:
            return self._next_proposer(state)
        if state.queue:
            state.current = state.queue.pop(0)
            return
        # Everyone agreed: each player in turn discards, then all draw replacements.
        state.swap_left = {p: self.k for p in range(state.n)}
        state.queue = state.from_left()
        state.open(self, SWAP_OUT, state.queue.pop(0))

    def _discard_for_exchange(self, state: "State", card: int) -> None:
        p = state.current
        state.hands[p].remove(card)
        state.discards.append(card)
        state.swap_left[p] -= 1
        if state.swap_left[p]:
            return
        if state.queue:
            state.current = state.queue.pop(0)
            return
        for q in state.from_left():
            draw(state, q, self.k)
        # A new round of proposals begins with the player after the one whose proposal passed.
        state.proposers = [(state.proposer + k) % state.n for k in range(1, state.n + 1)]
        self._next_proposer(state)
