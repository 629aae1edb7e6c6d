"""What a card played to the table captures or builds, compiled once per game.

**The action encoding**: ``card | (mask << SHIFT)``: the card played from hand and the table cards
it takes, as a bitmask over card ids (bit ``c`` set: card ``c`` is taken). A mask of 0 lays the
card on the table. Every capture a card offers is its own action (in a spread, which card of a
rank is matched, or which cards add up, is the player's choice).

A **build** (``play.builds``) sets the flag ``BUILD`` (the bit above every card's) and writes its
total above that (``VALUE_SHIFT``): ``card | (mask << SHIFT) | BUILD | (total << VALUE_SHIFT)``,
where the mask names the table cards bundled with the card played (for a raise, the cards of the
build raised). A capture's or a lay's number is the same with builds in the game or not, so the
games without them play exactly as before.

**Builds on the table** (``state.builds``): one ``(owner, total, cards)`` per build, ``cards`` the
sorted card ids bundled. The cards stay on the table (``state.layout``), so the card audit and
the last capturer's take see them as any other; a build only says which of them go together.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from generator.spec import derived

#: Bits of an action that name the card played (a pack has fewer than 128 cards).
SHIFT = 7
CARD = (1 << SHIFT) - 1
#: The bits of an action's mask that are cards; the flag and the total of a build lie above them.
PACK = (1 << 128) - 1
BUILD = 1 << (SHIFT + 128)
VALUE_SHIFT = SHIFT + 129


def action(card: int, taken: Sequence[int] = ()) -> int:
    mask = 0
    for c in taken:
        mask |= 1 << c
    return card | (mask << SHIFT)


def build_action(card: int, bundled: Sequence[int], total: int) -> int:
    """Playing ``card`` to make (or raise) a build of ``total`` with the table cards ``bundled``."""
    return action(card, bundled) | BUILD | (total << VALUE_SHIFT)


def card_of(action: int) -> int:
    return action & CARD


def is_build(action: int) -> bool:
    return bool(action & BUILD)


def total_of(action: int) -> int:
    """The total a build action declares (0 for a capture or a lay)."""
    return action >> VALUE_SHIFT if action & BUILD else 0


def taken_of(action: int) -> list[int]:
    """The table cards an action takes (or bundles, for a build), in card order."""
    mask, out = (action >> SHIFT) & PACK, []
    while mask:   # the set bits only, lowest first: a few cards, not the whole pack
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def number_value(deck, rank: str) -> int | None:
    """What a card counts for in a sum capture: an Ace one, a number card its number; a court
    card nothing (it can only be matched)."""
    if rank == "A":
        return 1
    if rank in derived.COURT_VALUES[deck.kind] or not rank.isdigit():
        return None
    return int(rank)


def sum_sets(pool: Sequence[int], values: Sequence[int | None], target: int) -> list[list[int]]:
    """Every set of two or more of ``pool``'s cards whose numbers add up to ``target`` (cards
    sorted by id)."""
    cards = sorted((c for c in pool if values[c] is not None and values[c] < target), key=lambda c: (values[c], c))
    out: list[list[int]] = []

    def walk(i: int, left: int, chosen: list[int]) -> None:
        if left == 0:
            if len(chosen) > 1:
                out.append(sorted(chosen))
            return
        for j in range(i, len(cards)):
            v = values[cards[j]]
            if v > left:   # sorted by value: nothing further fits
                return
            chosen.append(cards[j])
            walk(j + 1, left - v, chosen)
            chosen.pop()

    walk(0, target, [])
    return out


def maximal_collections(groups: list[list[int]]) -> list[list[int]]:
    """Every collection of disjoint groups to which no further group can be added (its cards
    sorted), each once: the choices of a capture that must take every group it can."""
    masks = []
    for g in groups:
        m = 0
        for c in g:
            m |= 1 << c
        if m not in masks:
            masks.append(m)
    n = len(masks)
    found: set[int] = set()

    def walk(i: int, chosen: int) -> None:
        if i == n:
            if all(m & chosen for m in masks):   # maximal: every group meets the collection
                found.add(chosen)
            return
        m = masks[i]
        if not m & chosen:
            walk(i + 1, chosen | m)
            # leaving a free group out is right only if a later group that meets it is taken
            if not any(masks[j] & m and not masks[j] & chosen for j in range(i + 1, n)):
                return
        walk(i + 1, chosen)

    walk(0, 0)
    out = []
    for chosen in sorted(found):
        out.append([c for c in range(chosen.bit_length()) if chosen >> c & 1])
    return out


class TableSets:
    """The loose cards of one position and the sets of them adding up to each total, worked out
    once for all the cards of a hand (a turn with builds asks for the same sums many times)."""

    __slots__ = ("loose", "numbers", "builds", "values", "_sums")

    def __init__(self, values: Sequence[int | None], layout: Sequence[int], builds: Sequence[tuple]):
        bundled = {c for b in builds for c in b[2]}
        self.loose = [c for c in layout if c not in bundled]
        self.numbers = [c for c in self.loose if values[c] is not None]
        self.builds = builds
        self.values = values
        self._sums: dict[int, list[list[int]]] = {}

    def sums(self, total: int) -> list[list[int]]:
        """Every set of two or more loose number cards adding up to ``total``."""
        found = self._sums.get(total)
        if found is None:
            found = self._sums[total] = sum_sets(self.numbers, self.values, total)
        return found

    def of_value(self, total: int) -> list[list[int]]:
        """The groups of loose number cards worth ``total``: each single card, then each sum."""
        values = self.values
        return [[c] for c in self.numbers if values[c] == total] + self.sums(total)


class FishRules:
    """Which table cards a card takes or builds with, and what counts as a sweep."""

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
        self.every = getattr(p, "combinations", "one") == "every" and not self.pile
        self.builds = bool(getattr(p, "builds", False)) and not self.pile
        #: The highest total a build may have: the highest number card of the pack.
        self.top = max((v for v in self.value if v is not None), default=0)
        # the level of each card (0: the lowest rank), for the bots
        ranks = spec.deck.ranks()
        self.level = [len(ranks) - 1 - ranks.index(r) if r in ranks else 0 for r in table.rank]

    def captures(self, card: int, layout: Sequence[int], builds: Sequence[tuple] = (),
                 table: TableSets | None = None) -> list[list[int]]:
        """Every set of table cards ``card`` may take (empty list: it takes nothing); ``builds``
        are the builds on the table, each taken only whole and by its total (``table``: their
        sums, if worked out already)."""
        if not layout:
            return []
        if self.every or builds:
            return self._groups_captures(card, layout, builds, table)
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

    def groups(self, card: int, layout: Sequence[int], builds: Sequence[tuple],
               table: TableSets | None = None) -> list[list[int]]:
        """The groups of table cards equal to ``card``: each loose card of its rank, each set of
        loose number cards adding up to it, each build of its total."""
        rank, values = self.rank, self.value
        if table is None:
            table = TableSets(values, layout, builds)
        r, v = rank[card], values[card]
        out: list[list[int]] = [[c] for c in table.loose if rank[c] == r]
        if self.sums and v is not None:
            out.extend(table.sums(v))
        if v is not None:
            out.extend(sorted(b[2]) for b in builds if b[1] == v)
        return out

    def _groups_captures(self, card: int, layout: Sequence[int], builds: Sequence[tuple],
                         table: TableSets | None) -> list[list[int]]:
        if self.sweeper is not None and self.rank[card] == self.sweeper:
            return [sorted(layout)]
        groups = self.groups(card, layout, builds, table)
        if not groups:
            return []
        if self.every:   # every disjoint group at once; where they overlap, the player chooses
            return maximal_collections(groups)
        if self.match_all:   # the cards of its rank go together, as without builds
            same = [g[0] for g in groups if len(g) == 1 and self.rank[g[0]] == self.rank[card]]
            others = [g for g in groups if not (len(g) == 1 and self.rank[g[0]] == self.rank[card])]
            return ([sorted(same)] if same else []) + others
        return groups

    # -- builds -------------------------------------------------------------------------------

    def raises(self, card: int, hand: Sequence[int], builds: Sequence[tuple], mine) -> list[tuple[int, list[int]]]:
        """The builds ``card`` may raise, as (new total, the build's cards): a build of one set
        whose owner is not on the player's side (``mine(owner)``), raised to at most the top
        number, the player holding another card of the new total."""
        v = self.value[card]
        if v is None:
            return []
        values = self.value
        out = []
        for owner, total, cards in builds:
            new = total + v
            if mine(owner) or new > self.top or sum(values[c] for c in cards) != total:
                continue   # one's own side's build, too high, or a group build (several sets)
            if self.holds(hand, card, new):
                out.append((new, list(cards)))
        return out

    def holds(self, hand: Sequence[int], card: int, total: int) -> bool:
        values = self.value
        return any(c != card and values[c] == total for c in hand)

    def new_builds(self, card: int, hand: Sequence[int], layout: Sequence[int],
                   builds: Sequence[tuple], table: TableSets | None = None) -> list[tuple[int, list[int]]]:
        """The builds ``card`` may make, as (total, the table cards bundled with it): the card
        with loose number cards adding up to a total it holds another card of (at most the top
        number), and for a group build further sets of that total — loose cards, or a build of
        that total, which the group absorbs."""
        v = self.value[card]
        if v is None:
            return []
        values = self.value
        if table is None:
            table = TableSets(values, layout, builds)
        held = [0] * (self.top + 1)   # the player's number cards by value, this one left out
        for c in hand:
            if c != card and values[c] is not None:
                held[values[c]] += 1
        seen: set[tuple[int, frozenset]] = set()
        out: list[tuple[int, list[int]]] = []
        for total in range(v, self.top + 1):
            if not held[total]:
                continue
            firsts = [[]] if total == v else table.of_value(total - v)
            of_total = table.of_value(total)
            whole = [sorted(b[2]) for b in builds if b[1] == total]
            for first in firsts:
                sets = [g for g in of_total if g[0] not in first and not set(g).intersection(first)] + whole
                for extra in _disjoint_collections(sets):
                    if not first and not extra:
                        continue   # nothing bundled: that is a lay
                    cards = sorted(first + [c for s in extra for c in s])
                    key = (total, frozenset(cards))
                    if key not in seen:
                        seen.add(key)
                        out.append((total, cards))
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


def _disjoint_collections(sets: list[list[int]]) -> list[list[list[int]]]:
    """Every collection (the empty one first) of pairwise disjoint sets from ``sets``."""
    out: list[list[list[int]]] = []

    def walk(i: int, used: set[int], chosen: list[list[int]]) -> None:
        if i == len(sets):
            out.append(list(chosen))
            return
        walk(i + 1, used, chosen)
        s = sets[i]
        if not used.intersection(s):
            chosen.append(s)
            walk(i + 1, used | set(s), chosen)
            chosen.pop()

    walk(0, set(), [])
    out.sort(key=len)
    return out
