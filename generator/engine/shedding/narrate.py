"""How a hand played to discard piles reads for a person (``parlour replay``), for the families
that play so (matching, melding): every hand (and row) at the start of play, the discard piles'
first cards, the wild-rank card and the kitty; no tricks; at the end, the order players went out.
Each family words its own moves (``move``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..narrate import Narration

if TYPE_CHECKING:   # pragma: no cover
    from ..record import HandRecord
    from ..state import State


class TableNarration(Narration):
    def start(self, state: "State") -> list[str]:
        lines = self.hands_and_rows(state)
        piles = [pile for pile in (state.piles if any(state.piles) else state.down_piles)]
        lines.append(f"  discard pile{'s' if len(piles) > 1 else ''}: "
                     + "; ".join(self.cards(pile[-1:]) for pile in piles))
        if state.wild_card:
            lines.append(f"  wild-rank card: {self.cards(state.wild_card)}")
        if state.kitty:
            lines.append(f"  {self.kitty_line(state)}: {self.cards(state.kitty)}")
        return lines

    def progress(self, state: "State") -> list[str]:
        return []   # a hand played to discard piles has no tricks: its moves tell it all

    def trick(self, seats, cards, taker) -> str:   # pragma: no cover - no tricks
        return ""

    @staticmethod
    def hand(record: "HandRecord") -> str:
        out = record.facts.get("out") or []
        return f"out in order: {' '.join(str(p + 1) for p in out) or 'no one'}; "
