"""The misdeal (DL-07): a player dealt no card of the misdeal suit may (or must) show their hand,
and the cards are thrown in and dealt again. A hand that must be shown is thrown in at once,
before anyone decides anything (``thrown_in``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import NO, YES
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

SHOW = "show-misdeal"


class ShowMisdeal(Phase):
    rule = "showing a hand for a misdeal"
    dropped_by = {"deal.misdeal": None}
    decisions = (SHOW,)

    def __init__(self, game: "Game"):
        super().__init__(game)
        misdeal = game.spec.deal.misdeal
        self.suit = game.table.suit_names.index(misdeal.suit)
        self.must = misdeal.must_show

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.deal.misdeal is not None

    def lacking(self, state: "State") -> list[int]:
        """Seats, from the dealer's left, dealt no card of the misdeal suit."""
        suits = self.game.table.suit
        return [p for p in state.from_left() if all(suits[c] != self.suit for c in state.hands[p])]

    def thrown_in(self, state: "State") -> bool:
        return self.must and bool(self.lacking(state))

    def start(self, state: "State") -> bool:
        if self.must:
            return False
        state.queue = self.lacking(state)
        return bool(state.queue) and state.open(self, SHOW, state.queue.pop(0))

    def legal(self, state: "State") -> list[int]:
        return [NO, YES]

    def apply(self, state: "State", action: int) -> None:
        if action == YES:
            state.redeal()
        else:
            state.next_in_queue()

    def told(self, state: "State", action: int) -> str | None:
        return "shows their hand, and the cards are dealt again" if action == YES else "does not show their hand"

    def hide(self, state: "State", public: "State", player: int) -> None:
        if state.decision == SHOW:
            public.queue = []   # which other seats lack the suit is theirs to know
