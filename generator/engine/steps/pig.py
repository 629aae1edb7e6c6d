"""The pig (SU-08): the holder of the pig card may reveal it; a revealed pig restricts its lead
(TT-09, in trick play) and scores (SC-T1, SC-T4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import NO, YES
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..cards import CardTable
    from ..state import Game, State

PIG = "reveal-pig"


def pig_card(spec: "GameSpec", table: "CardTable") -> int | None:
    """The pig card of a game, if it has one (the scorer asks too, before any phase exists)."""
    pig = spec.setup.pig
    return table.index(pig.card) if pig else None


def _pig_seen(state: "State", player: int) -> int | None:
    """The pig card, once its holder has revealed it."""
    return pig_card(state.game.spec, state.game.table) if state.pig_revealed else None


class RevealPig(Phase):
    rule = "revealing the pig"
    dropped_by = {"setup.pig": None}
    decisions = (PIG,)
    hand_fields = {"pig_revealed": False}
    views = {"pig": _pig_seen}

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.pig = pig_card(game.spec, game.table)

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.setup.pig is not None

    def start(self, state: "State") -> bool:
        holder = state.holder(self.pig)
        return holder is not None and state.open(self, PIG, holder)

    def legal(self, state: "State") -> list[int]:
        return [NO, YES]

    def apply(self, state: "State", action: int) -> None:
        state.pig_revealed = action == YES
        state.advance()

    def told(self, state: "State", action: int) -> str | None:
        name = state.game.spec.setup.pig.name
        return f"shows the {name}" if action == YES else f"keeps the {name} to themselves"
