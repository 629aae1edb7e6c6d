"""What a fishing rulebook says beyond its *Play* template: how a hand is won."""

from __future__ import annotations

from typing import Any


def goal(spec: Any) -> str:
    p = spec.play
    if p.layout == "pile":
        return "capture the pile by matching its top card's rank, and score for the cards you capture"
    how = "matching a table card's rank" + (" or adding table cards up to your card's number" if p.sums else "")
    return f"capture cards from the table by {how}, and score for the cards you capture"
