"""What a finished game leaves behind: one record per hand and one for the game.

The generic parts (dealer, deals, scores, totals) are the same for every family; what else a hand
records (tricks taken, the trump suit, bids …) comes from the family's scoring as ``facts``, in
the order the family lists its record fields, so records read the same whatever the family.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .sides import won


@dataclass
class HandRecord:
    dealer: int
    scores: list[int]
    totals: list[int]
    deals: int = 1
    facts: dict[str, Any] = field(default_factory=dict)   # the family's own facts of the hand
    order: tuple[str, ...] = ()                          # the family's order of record fields
    optional: frozenset[str] = frozenset()               # facts left out of as_dict() when unset

    def __getattr__(self, name: str) -> Any:
        # The family's facts read like fields (``hand.tricks``); only reached for unknown names.
        facts = self.__dict__.get("facts")
        if facts is not None and name in facts:
            value = facts[name] = _plain(facts[name])   # written out once, then kept
            return value
        raise AttributeError(name)

    def as_dict(self) -> dict[str, Any]:
        fields = {"dealer": self.dealer, "deals": self.deals, "scores": self.scores, "totals": self.totals,
                  **{k: getattr(self, k) for k in self.facts}}
        out = {k: fields[k] for k in self.order if k in fields}
        out.update((k, v) for k, v in fields.items() if k not in out)
        for k in self.optional:
            if _unset(out.get(k)):
                out.pop(k, None)
        return out


def _plain(value: Any) -> Any:
    """A fact as plain data: a fact kept compact in memory says how with ``as_json()``."""
    as_json = getattr(value, "as_json", None)
    return as_json() if as_json is not None else value


def _unset(value: Any) -> bool:
    """None, False, or a list of nothing but None: a fact the hand did not have."""
    return value is None or value is False or (isinstance(value, list) and all(v is None for v in value))


@dataclass
class GameRecord:
    players: int
    seed: int
    hands: list[HandRecord] = field(default_factory=list)
    winner: int | None = None
    ranking: list[int] = field(default_factory=list)   # place of each seat, 1 = first
    outcome: str = "natural"                          # 'natural', 'cap' or 'cut' (a search's copy)
    tie_rule_used: bool = False                       # first place was shared when the game could end
    moves: int = 0
    decisions: int = 0
    #: Phases whose rule applied without a decision (a hand thrown in): by class name, for the
    #: playtest's DEAD_TEXT; not part of the written record.
    applied: set[str] = field(default_factory=set)
    #: The side of each seat in a game of partnerships (``winner`` is then the winning side's
    #: first seat, and every member of that side has won); None when each plays for themselves.
    sides: list[int] | None = None

    def copy(self) -> "GameRecord":
        """A copy that a search may extend without touching this one (hand records are shared:
        they are never changed once written)."""
        return GameRecord(self.players, self.seed, list(self.hands), self.winner, list(self.ranking),
                          self.outcome, self.tie_rule_used, self.moves, self.decisions, set(self.applied), self.sides)

    def won(self, seat: int) -> bool:
        """Whether ``seat`` won the game (alone, or as a member of the winning side)."""
        return won(self.winner, self.sides, seat)

    def as_dict(self) -> dict[str, Any]:
        out = {"seed": self.seed, "players": self.players, "outcome": self.outcome,
               "winner": self.winner, "ranking": self.ranking, "tie_rule_used": self.tie_rule_used, "moves": self.moves,
               "decisions": self.decisions, "hands": [h.as_dict() for h in self.hands]}
        if self.sides is not None:
            out["sides"] = self.sides
        return out
