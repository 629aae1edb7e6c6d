"""The fishing referee, written from the rulebook's *Play* section (``templates/families/fishing/
play.md.j2``) without the engine's code: what a card played to the table may capture or build.
Cards are named as the rulebook names them ("8 of hearts"); the table is what lies face up on it,
in order, and the builds on it say which of its cards go together.

The sentences it referees:

* A pile: "a card of the same rank as the top card of the pile captures the whole pile" (and then
  may not be laid instead), and "a <sweeping rank> captures the whole pile", when the pile is not
  empty.
* A spread: "A card of the same rank as a table card captures one card of that rank, the player's
  choice" (or "every card of that rank"); "A number card may instead capture two or more table
  cards whose numbers add up to its own: an Ace counts one, and court cards count nothing"; "A card
  that could capture in more than one way captures in one of them, chosen by its player"; a
  sweeping rank captures every card on the table.
* Every combination at once: "A card captures, all at once, every group of table cards equal to it:
  each card of its rank, each set of cards adding up to it, each build of its total. Where groups
  share a card, its player chooses which to take, but takes as many as fit: when the capture is
  done, no group of the cards left equals the card played."
* Builds: a number card played "onto one or more loose number cards of the table" makes "a build
  of their total, at most <the highest number>", and "the player must hold another card of that
  total"; "A build is captured only whole, by a card of its total, as one group"; "An opponent may
  raise a build of one set by playing a card onto it, if they hold another card of the new total
  … the build is then theirs. No one raises their own build (nor their partner's)"; "A group build
  bundles several sets of one total: the card played, alone or with loose cards, and further loose
  cards or builds of that total, which it takes in; it is the grouper's"; and the builder's duties:
  "A player whose build is on the table must keep a card of its total, to capture it with, and
  until it is captured or raised by someone else may not lay a card, raise a build nor build
  again, except a group build that takes in their own."
* "A card that captures nothing (and builds nothing) is laid on the table"; "A player may lay a
  card that could capture" — or, where capturing is compulsory, "a player who can capture must".
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .pack import COURTS, rank_of, suit_of

#: What the referee leaves to the engine, and why (the watcher skips these turns, by name).
NOT_REFEREED = {
    "refills": "who is dealt the next cards when every hand is empty",
}


@dataclass(frozen=True)
class Rules:
    pile: bool
    match_all: bool
    sums: bool
    sweeper: str | None
    must: bool
    courts: frozenset[str]
    every: bool = False     # every combination at once
    builds: bool = False
    top: int = 0            # a build's highest total: "at most <the pack's highest number>"

    @classmethod
    def of(cls, spec) -> "Rules":
        p = spec.play
        spread = p.layout == "spread"
        courts = frozenset(COURTS.get(spec.deck.kind, {}))
        top = max((v for v in (rank_number(courts, rank) for rank in spec.deck.ranks()) if v is not None), default=0)
        return cls(not spread, p.match == "all", p.sums and spread, p.sweeper, p.must_capture, courts,
                   spread and p.combinations == "every", spread and p.builds, top)


@dataclass(frozen=True)
class Build:
    """A build on the table: whose it is ("the build is then theirs"), its total, its cards."""
    owner: int
    total: int
    cards: frozenset[str]


#: A play: the card played, the table cards it takes (or bundles into a build), and the total it
#: builds (None for a capture, or for a card laid, which takes nothing).
Play = tuple[str, frozenset[str], "int | None"]


def rank_number(courts: frozenset[str], rank: str) -> int | None:
    """"An Ace counts one, and court cards count nothing": what a rank counts in a sum."""
    if rank == "A":
        return 1
    if rank in courts or not rank.isdigit():
        return None
    return int(rank)


def number(r: Rules, card: str) -> int | None:
    """A number card's number (None for a court card)."""
    return rank_number(r.courts, rank_of(card))


def captures(r: Rules, card: str, table: list[str], builds: tuple[Build, ...] = ()) -> set[frozenset[str]]:
    """Every set of table cards ``card`` may take (the empty set is not a capture)."""
    if not table:
        return set()
    if r.every or r.builds:
        return _group_captures(r, card, table, builds)
    rank = rank_of(card)
    if r.sweeper is not None and rank == r.sweeper:
        return {frozenset(table)}
    if r.pile:
        return {frozenset(table)} if rank_of(table[-1]) == rank else set()
    same = [c for c in table if rank_of(c) == rank]
    out: set[frozenset[str]] = set()
    if same:
        out |= {frozenset(same)} if r.match_all else {frozenset([c]) for c in same}
    v = number(r, card)
    if r.sums and v is not None:
        numbered = [c for c in table if number(r, c) is not None]
        for k in range(2, len(numbered) + 1):
            for combo in combinations(numbered, k):
                if sum(number(r, c) for c in combo) == v:
                    out.add(frozenset(combo))
    return out


def adding_up(r: Rules, cards: list[str], total: int, least: int = 2) -> list[frozenset[str]]:
    """Every set of at least ``least`` of ``cards``' number cards whose numbers add up to ``total``."""
    found: list[frozenset[str]] = []
    numbered = sorted((number(r, c), c) for c in cards if number(r, c) is not None)

    def walk(i: int, left: int, chosen: list[str]) -> None:
        if left == 0:
            if len(chosen) >= least:
                found.append(frozenset(chosen))
            return
        for j in range(i, len(numbered)):
            v, c = numbered[j]
            if v > left:   # the numbers are in order: none further fits either
                return
            walk(j + 1, left - v, chosen + [c])

    walk(0, total, [])
    return found


def loose(table: list[str], builds: tuple[Build, ...]) -> list[str]:
    """The table cards in no build ("loose cards")."""
    bundled = {c for b in builds for c in b.cards}
    return [c for c in table if c not in bundled]


def _group_captures(r: Rules, card: str, table: list[str], builds: tuple[Build, ...]) -> set[frozenset[str]]:
    """Captures where builds lie on the table, or every group is taken at once: the groups equal to
    the card are each loose card of its rank, each set of loose number cards adding up to it, and
    each build of its total, whole."""
    rank, v = rank_of(card), number(r, card)
    if r.sweeper is not None and rank == r.sweeper:
        return {frozenset(table)}
    free = loose(table, builds)
    same = [frozenset([c]) for c in free if rank_of(c) == rank]
    sums = adding_up(r, free, v) if r.sums and v is not None else []
    whole = [b.cards for b in builds if v is not None and b.total == v]
    if r.every:
        return every_at_once(same + sums + whole)
    if same and r.match_all:   # "captures every card of that rank", as one capture
        same = [frozenset().union(*same)]
    return set(same + sums + whole)


def every_at_once(groups: list[frozenset[str]]) -> set[frozenset[str]]:
    """Each choice of disjoint groups that leaves no group whole among the cards left."""
    groups = list(dict.fromkeys(groups))
    out: set[frozenset[str]] = set()

    def walk(i: int, taken: frozenset[str]) -> None:
        if i == len(groups):
            if taken and all(g & taken for g in groups):
                out.add(taken)
            return
        g = groups[i]
        if not g & taken:
            walk(i + 1, taken | g)
            if not any(h & g for h in groups[i + 1:]):
                return   # left out, it would stay whole on the table: it must be taken
        walk(i + 1, taken)

    walk(0, frozenset())
    return out


def disjoint_unions(sets: list[frozenset[str]]) -> set[frozenset[str]]:
    """The cards of each collection of pairwise disjoint sets (the empty collection too)."""
    out: set[frozenset[str]] = set()

    def walk(i: int, used: frozenset[str]) -> None:
        if i == len(sets):
            out.add(used)
            return
        walk(i + 1, used)
        if not sets[i] & used:
            walk(i + 1, used | sets[i])

    walk(0, frozenset())
    return out


def builds_made(r: Rules, card: str, hand: list[str], table: list[str],
                builds: tuple[Build, ...]) -> set[tuple[frozenset[str], int]]:
    """The builds ``card`` may make, as (the table cards bundled with it, the total): the card with
    loose number cards adding up to a total, or a group build of several sets of one total — the
    card alone or with loose cards, and further loose cards or builds of that total. The player
    holds another card of the total, which is at most the highest number."""
    v = number(r, card)
    if v is None:
        return set()
    others = [number(r, c) for c in hand if c != card]
    free = loose(table, builds)
    out: set[tuple[frozenset[str], int]] = set()
    for total in range(v, r.top + 1):
        if total not in others:
            continue
        firsts = [frozenset()] if total == v else adding_up(r, free, total - v, least=1)
        for first in firsts:
            sets = adding_up(r, [c for c in free if c not in first], total, least=1)
            sets += [b.cards for b in builds if b.total == total]
            for extra in disjoint_unions(sets):
                if first or extra:   # the card with nothing bundled is laid, not built
                    out.add((first | extra, total))
    return out


def raises(r: Rules, card: str, hand: list[str], builds: tuple[Build, ...], ours) -> set[tuple[frozenset[str], int]]:
    """The builds ``card`` may raise, as (the build's cards, the new total): a build of one set
    (its numbers add up to its total) that is not ``ours(owner)``'s, the new total at most the
    highest number and held in another card."""
    v = number(r, card)
    if v is None:
        return set()
    others = [number(r, c) for c in hand if c != card]
    out = set()
    for b in builds:
        new = b.total + v
        if ours(b.owner) or sum(number(r, c) for c in b.cards) != b.total:
            continue
        if new <= r.top and new in others:
            out.add((b.cards, new))
    return out


def turn(r: Rules, hand: list[str], table: list[str], builds: tuple[Build, ...] = (), seat: int = 0,
         sides: list[int] | None = None) -> set[Play]:
    """Every play of the turn of ``seat`` (``sides``: each seat's side, None without partners)."""
    plays: set[Play] = set()
    pending = [b for b in builds if b.owner == seat]

    def ours(owner: int) -> bool:
        return owner == seat or (sides is not None and sides[owner] == sides[seat])

    for card in hand:
        found = captures(r, card, table, builds)
        v = number(r, card)
        # "must keep a card of its total, to capture it with": the last such card may only take it
        kept = [b for b in pending if b.total == v] if sum(1 for c in hand if number(r, c) == v) == 1 else []
        plays |= {(card, taken, None) for taken in found if not kept or any(b.cards <= taken for b in kept)}
        if kept:
            continue
        if not (found and r.pile) and not pending:   # in a pile a card that matches captures: it is not laid instead
            plays.add((card, frozenset(), None))
        if r.builds:
            if not pending:
                plays |= {(card, cards, total) for cards, total in raises(r, card, hand, builds, ours)}
            plays |= {(card, cards, total) for cards, total in builds_made(r, card, hand, table, builds)
                      if not pending or any(b.cards <= cards for b in pending)}
    if r.must and any(taken and total is None for _, taken, total in plays):
        plays = {(c, t, k) for c, t, k in plays if t and k is None}
    return plays


# -- sweeps and the hand's scores ---------------------------------------------------------------

def is_sweep(sweep: str | None, card: str, taken: frozenset[str], table: list[str], first_turn: bool) -> bool:
    """"Taking a table of exactly one card with a card of its rank" (a lone card: a sweeping card
    counts only on a card of its own rank), or "a capture that takes every card on the table, from
    the second turn of the hand on"."""
    if sweep == "lone-card":
        return len(table) == 1 and len(taken) == 1 and rank_of(next(iter(taken))) == rank_of(card)
    if sweep == "clear-table":
        return bool(taken) and len(taken) == len(table) and not first_turn
    return False


def hand_scores(spec, taken: list[list[str]], sweeps: list[int]) -> list[int]:
    """The scoring table, for each player's (or side's) cards: "Every <rank> | …", "The <card> | …",
    "Taking more cards than any other player | …", "Taking more <suit> than any other player | …",
    "Each <sweep> | …"; "When two or more players tie for the most, no one scores that line"."""
    sc = spec.scoring
    by_rank = {row.rank: row.points for row in sc.ranks}
    by_card = {row.card: row.points for row in sc.cards}
    scores = [sum(by_rank.get(rank_of(c), 0) + by_card.get(c, 0) for c in cards) for cards in taken]

    def most(counts: list[int], points: int) -> None:
        top = max(counts)
        if counts.count(top) == 1:
            scores[counts.index(top)] += points

    if sc.most_cards:
        most([len(cards) for cards in taken], sc.most_cards)
    if sc.most_suit:
        most([sum(1 for c in cards if suit_of(c) == sc.most_suit.suit) for cards in taken], sc.most_suit.points)
    if sc.sweeps:
        scores = [x + sc.sweeps.points * k for x, k in zip(scores, sweeps)]
    return scores

