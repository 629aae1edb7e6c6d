"""The legal moves of the seat to play, numbered from 1 and named in the rulebook's words (the
phase's own wording, ``State.action_to_string``, which ``parlour replay`` prints too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Move:
    number: int     # what the person types or clicks (1, 2 …)
    action: int     # the engine's action id
    words: str      # "Q of spades", "draw from the stock", "bid 3"

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "words": self.words}


#: Answers that need their question beside them to be understood on their own.
BARE = frozenset({"yes", "no"})


def numbered(state: Any) -> list[Move]:
    """The legal moves of the seat to play now, in the engine's order; a bare yes or no says
    what it answers ("play drawn: no")."""
    question = state.decision.replace("-", " ")
    out = []
    for i, a in enumerate(state.legal_actions()):
        words = state.action_to_string(a)
        out.append(Move(i + 1, a, f"{question}: {words}" if words in BARE else words))
    return out


def pick(moves: list[Move], typed: str) -> Move | None:
    """The move a person typed: its number, or its words exactly (case aside); None if neither."""
    text = typed.strip()
    if text.isdigit():
        k = int(text)
        return moves[k - 1] if 1 <= k <= len(moves) else None
    low = text.lower()
    found = [m for m in moves if m.words.lower() == low]
    return found[0] if len(found) == 1 else None
