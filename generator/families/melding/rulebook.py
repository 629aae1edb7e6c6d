"""What a melding rulebook says beyond its *Play* template: how a hand is won (the quick
reference's *Goal*, ``Family.goal``)."""

from __future__ import annotations

from typing import Any


def goal(spec: Any) -> str:
    runs = "runs in one suit" if spec.play.melds.runs == "same-suit" else "runs"
    return f"be the first to meld all your cards, in sets of a rank and {runs}"

#: The intro facts of the family's own modules (NM-06), and when a game has each.
INTRO_FACTS = {
    "desert": lambda spec: spec.play.desert is not None,
    "rearranging": lambda spec: spec.play.melds.rearrange != "none",
    "full-house": lambda spec: spec.play.melds.full_house is not None,
}
