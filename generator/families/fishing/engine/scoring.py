"""Scoring a fishing hand: the shared card points (``generator.engine.card_points``) over each
player's captured cards and sweeps. The family's own part is only the facts of a finished hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.engine.card_points import CardPointsCounter

from .rules import FishRules

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State


@dataclass
class FishFacts:
    taken: list[list[int]]     # each seat's captured cards
    sweeps: list[int]          # each seat's sweeps
    last_capturer: int | None  # who took what was left
    left_over: int             # cards no one took (a hand without a capture)


class FishScorer:
    RECORD_ORDER = ("dealer", "deals", "scores", "totals", "captured", "sweeps", "last_capturer", "left_over")
    RECORD_OPTIONAL = frozenset({"left_over"})
    uses_in_play = False

    def __init__(self, spec, table):
        self.spec = spec
        self.table = table
        self.counter = CardPointsCounter(spec, table)
        self.rules = FishRules(spec, table)

    def facts(self, state: "State") -> FishFacts:
        return FishFacts([list(p) for p in state.catch], list(state.sweeps), state.last_capturer, state.left_over)

    def score(self, f: FishFacts) -> list[int]:
        return self.counter.score(f.taken, f.sweeps)

    def pool(self, f: FishFacts, sides: Any) -> FishFacts:
        """The hand's facts per side (``players.sides``, Diloti for four): partners' captures and
        sweeps counted together, so that each side is scored as one player."""
        members = sides.members
        last = None if f.last_capturer is None else sides.of[f.last_capturer]
        return FishFacts([[c for p in m for c in f.taken[p]] for m in members], [sum(f.sweeps[p] for p in m) for m in members],
                         last, f.left_over)

    def instant_winner(self, f: FishFacts) -> int | None:
        return None

    def record(self, state: "State", f: FishFacts) -> dict[str, Any]:
        return {"captured": [len(p) for p in f.taken], "sweeps": list(f.sweeps), "last_capturer": f.last_capturer,
                "left_over": f.left_over or None}
