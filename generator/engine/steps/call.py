"""Calling trumps (SU-02 'called'): before the deal, the dealer or the player at their left names
the trump suit without looking at any card (``CallTrumps``); or, after the deal, on the first cards
dealt to them or their whole hand (``NameTrumps``: Omi, Court Piece, Botifarra)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import NO_TRUMPS, SUIT_ACTION
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

CALL = "call-trumps"
NAME = "name-trumps"


class _Call(Phase):
    """What both calls share: the caller's seat, the choices (every suit, and no trumps where the
    caller may name none) and what a choice does."""

    decision = CALL

    def __init__(self, game: "Game"):
        super().__init__(game)
        t = game.spec.setup.trumps
        self.offset = {"dealer": 0, "dealer-left": 1}[t.caller]
        self.choices = [SUIT_ACTION + s for s in range(len(game.table.suit_names))] + ([NO_TRUMPS] if t.no_trumps else [])

    def start(self, state: "State") -> bool:
        return state.open(self, self.decision, (state.dealer + self.offset) % state.n)

    def legal(self, state: "State") -> list[int]:
        return list(self.choices)

    def apply(self, state: "State", action: int) -> None:
        state.called = None if action == NO_TRUMPS else action - SUIT_ACTION
        state.advance()

    def told(self, state: "State", action: int) -> str | None:
        if action == NO_TRUMPS:
            return "names no trumps: the hand has no trump suit"
        return f"names {state.game.table.suit_names[action - SUIT_ACTION]} as trumps"


class CallTrumps(_Call):
    """Before the deal, without looking at a card."""

    rule = "calling trumps"
    decisions = (CALL,)
    before_looking = frozenset({CALL})
    hand_fields = {"called": None}

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.setup.trumps.method == "called" and spec.setup.trumps.seen is None


class NameTrumps(_Call):
    """The caller names trumps having seen the first ``seen`` cards dealt to them, the deal
    stopped there (its other cards unseen: ``first_cards_only``), or their whole hand."""

    rule = "naming trumps"
    decision = NAME
    decisions = (NAME,)
    first_cards_only = frozenset({NAME})   # on the first cards dealt, where the deal keeps them (seen: N)

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.setup.trumps.method == "called" and spec.setup.trumps.seen is not None
