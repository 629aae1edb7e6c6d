"""What a fishing rulebook says beyond its *Play* template: how a hand is won, and the worked
examples of a sum capture and of a build raised and taken, made from the game's own pack (its
number cards) so that every example is one the rules allow."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from generator.text.phrases import a_an, join_and, rank_word

from .engine.rules import number_value


def goal(spec: Any) -> str:
    p = spec.play
    if p.layout == "pile":
        return "capture the pile by matching its top card's rank, and score for the cards you capture"
    how = "matching a table card's rank" + (" or adding table cards up to your card's number" if p.sums else "")
    return f"capture cards from the table by {how}, and score for the cards you capture"


def _numbers(spec: Any) -> dict[int, str]:
    """The pack's number cards (an Ace one) by value: the rank that counts it."""
    out = {}
    for r in spec.deck.ranks():
        v = number_value(spec.deck, r)
        if v is not None:
            out[v] = r
    return out


def _word(rank: str) -> str:
    return a_an(rank_word(rank))


def sum_example(spec: Any) -> str | None:
    """A card taking table cards that add up to it (with ``combinations: every``, a card of its
    rank and two sets at once, as the seed's 8 on 8, 6, 5, 3 and 2), or None if the pack has too
    few number cards."""
    nums = _numbers(spec)
    every = spec.play.combinations == "every"
    for v in sorted(nums, key=lambda v: (abs(v - 8), -v)):   # the seed's 8 where the pack has one
        pairs = [(a, v - a) for a in sorted(nums, reverse=True) if a < v - a and v - a in nums]
        if every:
            for (a1, b1), (a2, b2) in combinations(pairs, 2):
                if len({a1, b1, a2, b2, v}) == 5:
                    table = sorted([v, a1, b1, a2, b2], reverse=True)
                    shown = join_and(rank_word(nums[x]) for x in table)
                    return (f"For example, {_word(nums[v])} played on a table of {shown} takes all five at once: "
                            f"the {rank_word(nums[v])}, the {rank_word(nums[b2])} and {rank_word(nums[a2])}, and "
                            f"the {rank_word(nums[b1])} and {rank_word(nums[a1])}.")
        elif pairs:
            a, b = pairs[0]
            return (f"For example, {_word(nums[v])} takes {_word(nums[b])} and {_word(nums[a])} from the table, "
                    f"which add up to it.")
    return None


def build_example(spec: Any) -> str | None:
    """A build made, raised by an opponent and taken: the smallest numbers that allow it in this
    pack, or None if its number cards are too few."""
    nums = _numbers(spec)
    for a, b, c in sorted(((a, b, c) for a in nums for b in nums for c in nums if a > b),
                          key=lambda t: (abs(t[0] + t[1] - 7) + abs(sum(t) - 9), t)):   # the seed's 7 raised to 9
        s, t = a + b, a + b + c
        if s in nums and t in nums and len({a, b, c, s, t}) == 5:
            w = lambda x: rank_word(nums[x])  # noqa: E731
            return (f"For example, with {_word(nums[a])} on the table, a player holding {_word(nums[s])} plays "
                    f"{_word(nums[b])} onto it and builds {s}; an opponent holding {_word(nums[t])} raises the "
                    f"build to {t} with {_word(nums[c])}, and on a later turn takes it whole with the {w(t)}: the "
                    f"{w(a)}, {w(b)} and {w(c)}, with the {w(t)} that took them.")
    return None
