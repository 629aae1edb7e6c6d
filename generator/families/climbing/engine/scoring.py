"""Scoring a climbing hand: the shedding scorer (``shedding.scoring``: SC-A1…SC-A4, countdown
tokens, titles, the landlord's stake) for games that set their piles aside, and trick scoring
(SC-T1, SC-T3, through ``trick_scoring.HandScorer``) for games whose piles are taken as tricks.
Bombs and rockets played double the landlord's stake; a play's cards are the action's card bits
(``rules.cards_of``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.engine.cards import CardTable
from generator.engine.shedding.scoring import SheddingFacts, SheddingScorer
from generator.engine.trick_scoring import CardNames, HandFacts, HandScorer
from generator.spec import GameSpec

from .rules import CARD_BITS, ClimbRules

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State


@dataclass
class ClimbFacts(SheddingFacts):
    """A finished climbing hand: the shedding facts, and the tricks won when piles are tricks."""

    tricks: list[int] = field(default_factory=list)
    won: list[list[int]] = field(default_factory=list)
    in_play: set[int] = field(default_factory=set)
    joker_tricks: list[int] = field(default_factory=list)   # tricks won that hold a joker (SC-T4)


class ClimbScorer(SheddingScorer):
    """The shedding scorer with climbing's rules, and trick scoring for piles taken as tricks."""

    def __init__(self, spec: GameSpec, table: CardTable):
        super().__init__(spec, table)
        kind = spec.scoring.kind
        self.tricks = HandScorer(spec, table) if kind in ("avoid-suit", "per-trick", "exact-bid") else None
        self.uses_in_play = kind == "avoid-suit"

    def make_rules(self, spec: GameSpec, table: CardTable) -> ClimbRules:
        return ClimbRules(spec, table)

    def facts(self, state: "State") -> ClimbFacts:
        winner = state.knocker if state.knocker is not None else (state.out[0] if state.out else None)
        ll = getattr(state, "landlord", None)
        return ClimbFacts(list(state.out), [list(h) for h in state.hands],
                          [len(u) + len(d) for u, d in zip(state.rows_up, state.rows_down)], winner,
                          state.last_play, self.pig_card if getattr(state, "pig_revealed", False) else None,
                          ll, getattr(state, "landlord_bid", 0), state.bombs, len(state.kitty),
                          tricks=list(state.tricks_won), won=[list(w) for w in state.won],
                          in_play=set(state.in_play), joker_tricks=list(state.joker_tricks))

    def record(self, state: "State", f: ClimbFacts) -> dict[str, Any]:  # type: ignore[override]
        out = super().record(state, f)
        if self.tricks is not None:
            out["tricks"] = list(f.tricks)
            out["won"] = CardNames(tuple(map(tuple, f.won)), self.table.names)
        return out

    def score(self, f: ClimbFacts) -> list[int]:  # type: ignore[override]
        if self.tricks is not None:
            return self.tricks.score(HandFacts(list(f.tricks), f.won, f.in_play, joker_tricks=f.joker_tricks,
                                               landlord=f.landlord, landlord_bid=f.landlord_bid, pig=f.pig))
        return super().score(f)

    def _all_lowest(self, action: int) -> bool:
        return super()._all_lowest(action & CARD_BITS)   # (the bits above name jokers, not cards)


__all__ = ["ClimbFacts", "ClimbScorer"]
