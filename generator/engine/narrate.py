"""What every card-play phase's narration shares (``parlour replay``): card names, seat names, the
hands and rows a shedding hand starts with, and telling each finished trick exactly once. A
family's narration subclasses ``Narration`` and says how a hand starts, how a move reads, how one
trick ends (``trick``) and its part of a scored hand's line (``hand``); see ``Phase.narration``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:   # pragma: no cover
    from .state import State

Seat = Callable[[int], str]


class Narration:
    """One per replayed game: it remembers which tricks it has told."""

    #: Whether a hand is told trick by trick, card by card (the worked example then shows tricks).
    by_tricks = False

    def __init__(self, names: Sequence[str], suit_names: Sequence[str], seat: Seat):
        self.names = names
        self.suit_names = suit_names
        self.seat = seat
        self.history: list[Any] | None = None
        self.told = 0

    @staticmethod
    def kitty_line(state: "State") -> str:
        """The kitty at the start of play, by the name the rulebook gives it ("talon (face down): …")."""
        kitty = state.game.spec.deal.kitty
        return f"{kitty.name if kitty is not None else 'kitty'} (face down)"

    def cards(self, cards: Sequence[int]) -> str:
        return ", ".join(self.names[c] for c in cards) or "nothing"

    def hands_and_rows(self, state: "State") -> list[str]:
        """The start of a shedding hand: each seat's hand, then the rows of each seat dealt them
        (face-up cards named, face-down ones counted)."""
        lines = [f"  {self.seat(p)} holds {self.cards(state.hands[p])}" for p in range(state.n)]
        for p in range(state.n):
            if state.rows_up[p] or state.rows_down[p]:
                lines.append(f"  {self.seat(p)}'s rows: {self.cards(state.rows_up[p])} face up on "
                             f"{len(state.rows_down[p])} face down")
        return lines

    def trick(self, seats: Sequence[int], cards: Sequence[Any], taker: int | None) -> str:
        """One finished trick's line, from its history entry (who played, what, who took it)."""
        raise NotImplementedError

    def progress(self, state: "State") -> list[str]:
        """Tricks finished since the last call (a hand's last trick is still in that hand's own
        history list when the next hand has begun, so the list told from is followed by identity)."""
        lines = []
        if self.history is not None:
            lines = [self.trick(*entry) for entry in self.history[self.told:]]
            self.told = len(self.history)
        if state.history is not self.history:
            self.history, self.told = state.history, 0
        return lines
