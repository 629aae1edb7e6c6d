"""Reading a stepping game's *Play* section back (``templates/play.md.j2`` beside this file)."""

from __future__ import annotations

import re

from generator.text.parse.core import Draft, Rule, rule
from generator.text.parse.words import RANK, Unreadable, rank


def _first_turn(d: Draft, m: re.Match[str]) -> None:
    d.put("play.first_turn", "dealer" if m["who"] == "dealer" else "dealer-left")


def _step(d: Draft, m: re.Match[str]) -> None:
    two = m["where"] == "either discard pile"
    d.check(lambda spec: (spec.deal.stock is not None and spec.deal.stock.discard_piles == 2) == two,
            "how many discard piles there are")


def _wrap(d: Draft, m: re.Match[str]) -> None:
    top, low = rank(m["top"]), rank(m["low"])
    d.put("play.wrap", True)
    d.check(lambda spec: (spec.deck.ranks()[0], spec.deck.ranks()[-1]) == (top, low), "the highest and lowest rank")


RULES: list[Rule] = [
    rule(r"Play goes clockwise\."),
    rule(r"The (?P<who>dealer|player to the dealer's left) takes the first turn\.", _first_turn, marks="first turn"),
    rule(r"On their turn, a player lays one card face up on (?P<where>the discard pile|either discard pile)\.", _step,
         marks="step"),
    rule(r"Its rank must be the rank of the pile's top card, or next to it in the rank list, above or below; suits "
         r"do not matter\."),
    rule(rf"The (?P<top>{RANK}) and the (?P<low>{RANK}) are next to each other too\.", _wrap),
    rule(r"A player who can lay a card must do so; a player who cannot draws one card from the stock instead\.",
         marks="draw"),
    rule(r"When the stock is empty, all but the top card of each discard pile are shuffled to make a new stock\.",
         marks="stock out"),
    rule(r"A player who cannot lay a card when no card is left to draw passes\."),
    rule(r"If every player passes in turn, the hand is blocked: the player with the fewest cards wins it\.",
         marks="blocked"),
    rule(r"The first player to lay their last card goes out and wins the hand\.", marks="gone out"),
]

#: Sentence forms the text prints exactly when the spec says so: (mark, test, what).
MARKS: tuple = ()


def finish(d: Draft) -> None:
    for mark, what in (("first turn", "who takes the first turn"), ("step", "what a player lays"),
                       ("draw", "when a player draws"), ("stock out", "what happens when the stock runs out"),
                       ("blocked", "what ends a blocked hand"), ("gone out", "when a player goes out")):
        if mark not in d.seen:
            raise Unreadable(f"the rulebook never says {what}")
    if d.get("play.wrap") is None:
        d.put("play.wrap", False)
