"""How a climbing hand reads for a person (``parlour replay``): every hand (and row) at the start
of play, each play, each trick's end (taken or set aside), and the order players went out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from generator.engine.narrate import Narration

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.record import HandRecord
    from generator.engine.state import State


class ClimbNarration(Narration):
    """Climbing's narration: a trick is many sets, so it is told by its size and its end (taken or
    set aside), while the moves themselves were told as they came."""

    def start(self, state: "State") -> list[str]:
        lines = self.hands_and_rows(state)
        if state.kitty:
            lines.append(f"  {self.kitty_line(state)}: {self.cards(state.kitty)}")
        return lines

    def move(self, state: "State", what: str, choice: str) -> str:
        verb = "" if what in ("pass", "knock") or what.startswith("turn ") else "plays "
        what = {"pass": "passes", "knock": "knocks"}.get(what, what)
        return f"    {self.seat(state.current)} {verb}{what} {choice}"

    def trick(self, seats: Sequence[int], cards: Sequence[Any], taker: int | None) -> str:
        last = self.seat(seats[-1]) if seats else "no one"
        end = f"{self.seat(taker)} takes it" if taker is not None else f"set aside (last: {last})"
        return f"    trick of {len(seats)} plays → {end}"

    @staticmethod
    def hand(record: "HandRecord") -> str:
        out = record.facts.get("out") or []
        return f"out in order: {' '.join(str(p + 1) for p in out) or 'no one'}; "
