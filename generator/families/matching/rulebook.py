"""What a matching rulebook says beyond its *Play* template: how a hand is won (the quick
reference's *Goal*, ``Family.goal``), in cheat mode by claims."""

from __future__ import annotations

from typing import Any


def goal(spec: Any) -> str:
    if spec.play.cheat is not None:
        return "be the first to get rid of your cards, played face down and claimed as matching the last"
    return "be the first to get rid of your cards, each matching the top discard by suit or rank"

#: The intro facts of the family's own modules (NM-06), and when a game has each.
INTRO_FACTS = {
    "cheat": lambda spec: spec.play.cheat is not None,
    "points-in-hand": lambda spec: any(e.kind == "points" for e in spec.play.effects),
}
