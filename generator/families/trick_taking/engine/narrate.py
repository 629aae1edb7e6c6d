"""How a trick-taking hand reads for a person (``parlour replay``): the trumps and every hand at
the start of play, each card played, each trick's taker, and the tricks each player took."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from generator.engine.narrate import Narration

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.record import HandRecord
    from generator.engine.state import State


class TrickNarration(Narration):
    """Trick-taking's narration: every trick is taken, so each is told card by card."""

    by_tricks = True

    def start(self, state: "State") -> list[str]:
        """At the first card of a hand: the trumps, every hand, the kitty."""
        suits = self.suit_names
        trump = state.trump
        label = suits[trump] if trump is not None and trump < len(suits) else "none yet"
        turned = f" (turned card: {self.names[state.turned]})" if state.turned is not None else ""
        lines = [f"  trumps: {label}{turned}"]
        lines += [f"  {self.seat(p)} holds {self.cards(state.hands[p])}" for p in range(state.n)]
        if state.kitty:
            lines.append(f"  {self.kitty_line(state)}: {self.cards(state.kitty)}")
        return lines

    def move(self, state: "State", what: str, choice: str) -> str:
        return f"    {self.seat(state.current)} plays {what} {choice}"

    def trick(self, seats: Sequence[int], cards: Sequence[int], taker: int | None) -> str:
        shown = "; ".join(f"{self.seat(p)} {self.names[c]}" for p, c in zip(seats, cards))
        return f"    trick: {shown} → {self.seat(taker)} takes it"

    @staticmethod
    def hand(record: "HandRecord") -> str:
        """The family's part of a scored hand's line."""
        return f"tricks taken: {' '.join(map(str, record.tricks))}; "
