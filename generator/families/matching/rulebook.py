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


def uses(spec: Any) -> set[str]:
    """The rule words of the rulebook lint (``text.lint.RULE_WORDS``) a matching game's play has:
    jokers when a wild rank makes some (the pack's own jokers the lint knows)."""
    stock = spec.deal.stock
    return {"jokers"} if stock is not None and stock.wild_card else set()
