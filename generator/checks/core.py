"""What a static check reports (``Problem``, its reason codes) and the checks every phase shares:
that a suit or a card a rule names exists in the pack."""

from __future__ import annotations

from dataclasses import dataclass

from ..spec import GameSpec
from ..spec.deck import SUITS

CODES = ("SPEC_INVALID", "DEAL_IMPOSSIBLE", "DECK_INCONSISTENT", "NO_WIN_PATH", "RULE_CONFLICT")


@dataclass(frozen=True)
class Problem:
    code: str
    field: str
    message: str
    players: int | None = None

    def __str__(self) -> str:
        at = f" (with {self.players} players)" if self.players else ""
        return f"{self.code} {self.field}: {self.message}{at}"


def suit_problem(spec: GameSpec, field: str, suit: str | None) -> list[Problem]:
    if suit is None or suit in SUITS[spec.deck.kind]:
        return []
    return [Problem("DECK_INCONSISTENT", field, f"there is no suit '{suit}' in a {spec.deck.kind} pack")]


def card_problem(spec: GameSpec, field: str, card: str | None) -> list[Problem]:
    if card is None or card in spec.deck.cards():
        return []
    return [Problem("DECK_INCONSISTENT", field, f"the card '{card}' is not in this pack")]


__all__ = ["CODES", "Problem", "card_problem", "suit_problem"]
