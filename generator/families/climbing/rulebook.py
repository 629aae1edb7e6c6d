"""What a climbing rulebook says beyond its *Play* template: how a hand is won (the quick
reference's *Goal*, ``Family.goal``)."""

from __future__ import annotations

from typing import Any


def goal(spec: Any) -> str:
    return "be the first to play out your cards, each play beating the last"

#: The intro facts of the family's own modules (NM-06), and when a game has each.
INTRO_FACTS = {"bomb": lambda spec: spec.play.bomb is not None}


def uses(spec: Any) -> set[str]:
    """The rule words of the rulebook lint (``text.lint.RULE_WORDS``) a climbing game's play has."""
    p = spec.play
    return {word for word, has in (("sets", p.sets_allowed()), ("runs", p.runs_allowed())) if has}
