"""How a fishing hand reads for a person (``parlour replay`` and the rulebook's example): each
hand and the opening table, then every turn in the rule's words (``Fish.describe``), and at the
end of the hand the cards each player captured and their sweeps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.narrate import Narration

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.record import HandRecord
    from generator.engine.state import State


class FishNarration(Narration):
    def start(self, state: "State") -> list[str]:
        lines = [f"  {self.seat(p)} holds {self.cards(state.hands[p])}" for p in range(state.n)]
        pile = state.game.spec.play.layout == "pile"
        lines.append(f"  {'pile' if pile else 'cards on the table'}: {self.cards(state.layout)}")
        return lines

    def move(self, state: "State", what: str, choice: str) -> str:
        return f"    {self.seat(state.current)} {what} {choice}"

    def progress(self, state: "State") -> list[str]:
        return []   # no tricks: the turns tell it all

    def trick(self, seats, cards, taker) -> str:   # pragma: no cover - no tricks
        return ""

    @staticmethod
    def hand(record: "HandRecord") -> str:
        captured = record.facts.get("captured") or []
        sweeps = record.facts.get("sweeps") or []
        text = f"cards captured: {' '.join(str(k) for k in captured)}; "
        if any(sweeps):
            text += f"sweeps: {' '.join(str(k) for k in sweeps)}; "
        return text
