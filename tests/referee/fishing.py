"""The fishing referee, written from the rulebook's *Play* section (``templates/families/fishing/
play.md.j2``) without the engine's code: what a card played to the table may capture. Cards are
named as the rulebook names them ("8 of hearts"); the table is what lies face up on it, in order.

The sentences it referees:

* A pile: "a card of the same rank as the top card of the pile captures the whole pile" (and then
  may not be laid instead), and "a <sweeping rank> captures the whole pile", when the pile is not
  empty.
* A spread: "A card of the same rank as a table card captures one card of that rank, the player's
  choice" (or "every card of that rank"); "A number card may instead capture two or more table
  cards whose numbers add up to its own: an Ace counts one, and court cards count nothing"; "A card
  that could capture in more than one way captures in one of them, chosen by its player"; a
  sweeping rank captures every card on the table.
* "A card that captures nothing is laid on the table"; "A player may lay a card that could
  capture" — or, where capturing is compulsory, "a player who can capture must".
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .pack import COURTS, rank_of, suit_of

#: What the referee leaves to the engine, and why (the watcher skips these turns, by name).
NOT_REFEREED = {
    "every combination at once, and builds": "Diloti's captures of every disjoint group and its builds (made, "
                                             "raised, grouped, kept) are left to the engine's own tests",
    "refills": "who is dealt the next cards when every hand is empty",
    "the scores of a hand with builds or every combination": "their turns are not followed, so neither are the "
                                                             "cards each side took",
}


@dataclass(frozen=True)
class Rules:
    pile: bool
    match_all: bool
    sums: bool
    sweeper: str | None
    must: bool
    courts: frozenset[str]

    @classmethod
    def of(cls, spec) -> "Rules":
        p = spec.play
        return cls(p.layout == "pile", p.match == "all", p.sums and p.layout == "spread", p.sweeper, p.must_capture,
                   frozenset(COURTS.get(spec.deck.kind, {})))


def number(r: Rules, card: str) -> int | None:
    """"An Ace counts one, and court cards count nothing": a number card's number."""
    rank = rank_of(card)
    if rank == "A":
        return 1
    if rank in r.courts or not rank.isdigit():
        return None
    return int(rank)


def captures(r: Rules, card: str, table: list[str]) -> set[frozenset[str]]:
    """Every set of table cards ``card`` may take (the empty set is not a capture)."""
    if not table:
        return set()
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


def turn(r: Rules, hand: list[str], table: list[str]) -> set[tuple[str, frozenset[str]]]:
    """Every play of the turn: (card, cards taken), an empty set for a card laid."""
    plays: set[tuple[str, frozenset[str]]] = set()
    for card in hand:
        found = captures(r, card, table)
        plays |= {(card, taken) for taken in found}
        if not (found and r.pile):   # in a pile a card that matches captures: it is not laid instead
            plays.add((card, frozenset()))
    if r.must and any(taken for _, taken in plays):
        plays = {(c, t) for c, t in plays if t}
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

