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


def uses(spec: Any) -> set[str]:
    """The rule words of the rulebook lint (``text.lint.RULE_WORDS``) a melding game's play has:
    melds of sets and runs always, laying off when the game has it, jokers when a wild rank or
    progressive wilds make some (the pack's own jokers the lint knows)."""
    from .parser import jokers_in_play

    out = {"melds", "sets", "runs"}
    if spec.play.lay_off:
        out.add("lay off")
    if jokers_in_play(spec):
        out.add("jokers")
    return out
