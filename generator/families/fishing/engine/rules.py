"""What a card played to the table captures, compiled once per game.

**The action encoding**: ``card | (mask << SHIFT)``: the card played from hand and the table cards
it takes, as a bitmask over card ids (bit ``c`` set: card ``c`` is taken). A mask of 0 lays the
card on the table. Every capture a card offers is its own action (in a spread, which card of a
rank is matched, or which cards add up, is the player's choice).
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from generator.spec import derived

#: Bits of an action that name the card played (a pack has fewer than 128 cards).
SHIFT = 7
CARD = (1 << SHIFT) - 1


def action(card: int, taken: Sequence[int] = ()) -> int:
    mask = 0
    for c in taken:
        mask |= 1 << c
    return card | (mask << SHIFT)


def card_of(action: int) -> int:
    return action & CARD


def taken_of(action: int) -> list[int]:
    """The table cards an action takes, in card order."""
    mask, out, c = action >> SHIFT, [], 0
    while mask:
        if mask & 1:
            out.append(c)
        mask >>= 1
        c += 1
    return out


def number_value(deck, rank: str) -> int | None:
    """What a card counts for in a sum capture: an Ace one, a number card its number; a court
    card nothing (it can only be matched)."""
    if rank == "A":
        return 1
    if rank in derived.COURT_VALUES[deck.kind] or not rank.isdigit():
        return None
    return int(rank)


class FishRules:
    """Which table cards a card takes, and what counts as a sweep."""

    def __init__(self, spec, table):
        p = spec.play
        self.pile = p.layout == "pile"
        self.rank = list(table.rank)
        self.value = [number_value(spec.deck, r) for r in table.rank]
        self.sweeper = p.sweeper
        self.match_all = p.match == "all"
        self.sums = p.sums and not self.pile
        self.must = p.must_capture
        self.sweep = p.sweep
        # the level of each card (0: the lowest rank), for the bots
        ranks = spec.deck.ranks()
        self.level = [len(ranks) - 1 - ranks.index(r) if r in ranks else 0 for r in table.rank]

    def captures(self, card: int, layout: Sequence[int]) -> list[list[int]]:
        """Every set of table cards ``card`` may take (empty list: it takes nothing)."""
        if not layout:
            return []
        rank = self.rank
        r = rank[card]
        if self.sweeper is not None and r == self.sweeper:
            return [list(layout)]
        if self.pile:
            return [list(layout)] if rank[layout[-1]] == r else []
        same = [c for c in layout if rank[c] == r]
        out: list[list[int]] = []
        if same:
            out = [same] if self.match_all else [[c] for c in same]
        v = self.value[card]
        if self.sums and v is not None:
            values = self.value
            pool = [c for c in layout if values[c] is not None and values[c] < v]
            for k in range(2, min(len(pool), v) + 1):   # k cards of at least one each sum to k or more
                for combo in combinations(pool, k):
                    if sum(values[c] for c in combo) == v:
                        out.append(sorted(combo))
        return out

    def is_sweep(self, card: int, taken: Sequence[int], layout_before: int, first_turn: bool) -> bool:
        """Whether this capture scores as a sweep: ``layout_before`` cards lay on the table."""
        if self.sweep == "lone-card":
            if layout_before != 1 or len(taken) != 1:
                return False
            return self.rank[taken[0]] == self.rank[card]
        if self.sweep == "clear-table":
            return len(taken) == layout_before and not first_turn
        return False
