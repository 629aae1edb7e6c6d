"""How a trick-taking hand reads for a person (``parlour replay``): the trumps and every hand at
the start of play, each card played, each trick's taker, and the tricks each player took."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:   # pragma: no cover
    from ..record import HandRecord
    from ..state import State

Seat = Callable[[int], str]


class TrickNarration:
    """One per replayed game: it remembers which tricks it has told."""

    def __init__(self, names: Sequence[str], suit_names: Sequence[str], seat: Seat):
        self.names = names
        self.suit_names = suit_names
        self.seat = seat
        self.history: list[Any] | None = None
        self.told = 0

    def cards(self, cards: Sequence[int]) -> str:
        return ", ".join(self.names[c] for c in cards) or "nothing"

    def start(self, state: "State") -> list[str]:
        """At the first card of a hand: the trumps, every hand, the kitty."""
        suits = self.suit_names
        trump = state.trump
        label = suits[trump] if trump is not None and trump < len(suits) else "none yet"
        turned = f" (turned card: {self.names[state.turned]})" if state.turned is not None else ""
        lines = [f"  trumps: {label}{turned}"]
        lines += [f"  {self.seat(p)} holds {self.cards(state.hands[p])}" for p in range(state.n)]
        if state.kitty:
            lines.append(f"  kitty (face down): {self.cards(state.kitty)}")
        return lines

    def move(self, state: "State", what: str, choice: str) -> str:
        return f"    {self.seat(state.current)} plays {what} {choice}"

    def progress(self, state: "State") -> list[str]:
        """Tricks finished since the last call (a hand's last trick is still in that hand's own
        history list when the next hand has begun, so the list told from is followed by identity)."""
        lines = []
        if self.history is not None:
            for seats, cards, taker in self.history[self.told:]:
                shown = "; ".join(f"{self.seat(p)} {self.names[c]}" for p, c in zip(seats, cards))
                lines.append(f"    trick: {shown} → {self.seat(taker)} takes it")
            self.told = len(self.history)
        if state.history is not self.history:
            self.history, self.told = state.history, 0
        return lines

    @staticmethod
    def hand(record: "HandRecord") -> str:
        """The family's part of a scored hand's line."""
        return f"tricks taken: {' '.join(map(str, record.tricks))}; "
