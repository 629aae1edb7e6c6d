"""How a climbing hand reads for a person (``parlour replay``): every hand (and row) at the start
of play, each play, each trick's end (taken or set aside), and the order players went out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:   # pragma: no cover
    from ..record import HandRecord
    from ..state import State

Seat = Callable[[int], str]


class ClimbNarration:
    """One per replayed game: it remembers which tricks it has told."""

    def __init__(self, names: Sequence[str], suit_names: Sequence[str], seat: Seat):
        self.names = names
        self.seat = seat
        self.history: list[Any] | None = None
        self.told = 0

    def cards(self, cards: Sequence[int]) -> str:
        return ", ".join(self.names[c] for c in cards) or "nothing"

    def start(self, state: "State") -> list[str]:
        lines = [f"  {self.seat(p)} holds {self.cards(state.hands[p])}" for p in range(state.n)]
        for p in range(state.n):
            if state.rows_up[p] or state.rows_down[p]:
                lines.append(f"  {self.seat(p)}'s rows: {self.cards(state.rows_up[p])} face up on "
                             f"{len(state.rows_down[p])} face down")
        if state.kitty:
            lines.append(f"  kitty (face down): {self.cards(state.kitty)}")
        return lines

    def move(self, state: "State", what: str, choice: str) -> str:
        verb = "" if what in ("pass", "knock") or what.startswith("turn ") else "plays "
        what = {"pass": "passes", "knock": "knocks"}.get(what, what)
        return f"    {self.seat(state.current)} {verb}{what} {choice}"

    def progress(self, state: "State") -> list[str]:
        lines = []
        if self.history is not None:
            for seats, _, taker in self.history[self.told:]:
                last = self.seat(seats[-1]) if seats else "no one"
                end = f"{self.seat(taker)} takes it" if taker is not None else f"set aside (last: {last})"
                lines.append(f"    trick of {len(seats)} plays → {end}")
            self.told = len(self.history)
        if state.history is not self.history:
            self.history, self.told = state.history, 0
        return lines

    @staticmethod
    def hand(record: "HandRecord") -> str:
        out = record.facts.get("out") or []
        return f"out in order: {' '.join(str(p + 1) for p in out) or 'no one'}; "
