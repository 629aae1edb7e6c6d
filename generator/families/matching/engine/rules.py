"""What matches what in a matching game (MT-03, MT-04), and the action encoding of the family.

A card *counts as* a rank and a suit: its own, or the ones its player named (a joker, a wild,
a claim in cheat mode). The top card of a discard pile is matched by rank or by suit; an empty
pile (picked up, shuffled away) takes any card. A *rule for the next card* may replace matching
for one play (``top-follow``, ``bound``, ``name-rank``, an ``open`` card) or widen it (a
``cordial`` card's second suit); cards that can always be played (wilds, ``open`` cards, an
``always`` reshuffle card, jokers and a player's countdown wild) still can.

**The action encoding.** Every decision of matching play is one integer:

* ``card`` (0 … pack size − 1): play that card on the first discard pile; also a card chosen in
  an effect (the card given, tucked, used to cover), or added to a play of several cards;
* ``SECOND + card``: play that card on the second discard pile;
* ``DRAW``: pass and draw from the stock (on a draw chain: draw the chain's cards; an effect's
  ``cover``: draw instead of covering); ``PICK_UP + pile``: pass and pick up that discard pile;
* ``STOP``: lay no more cards in a play of several cards; ``KNOCK``: knock (knock-five);
* ``SUIT_ACTION + suit`` (the engine's): name a suit (a wild, a countdown wild, a joker, a
  ``cordial`` card's second suit);
* ``RANK + rank index`` (index into ``MatchRules.rank_names``, highest first): name a rank (a
  joker, a ``name-rank`` card);
* ``TARGET + seat``: name a player (a targeted draw chain, the player given a card, the hand
  traded with);
* ``BLIND + i``: turn the i-th card of one's face-down row (SH-02);
* ``CLAIM + card``: in cheat mode, the card claimed for the card laid face down;
* ``NO`` / ``YES`` (the engine's): decline or take an option (call the word, play the drawn card
  — or decline it —, make the next player take the kitty, give up a token, tuck, give, trade,
  challenge).

No decision offers more than twice the pack plus a handful of actions (a turn with two discard
piles: each card on each pile, a draw and a knock; a claim: a card of the pack), so every
decision is bounded by ``2 × pack + 8``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.actions import NO, SUIT_ACTION, YES
from generator.spec.deck import MAJORS

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.cards import CardTable
    from generator.spec import GameSpec

SECOND = 50_000
DRAW = 60_000
PICK_UP = 60_010
KNOCK = 60_020
STOP = 60_030
RANK = 61_000
TARGET = 62_000
BLIND = 63_000
CLAIM = 70_000

#: The decisions of a matching turn (an effect's own are ``effects.DECISIONS``).
MATCH = "match"          # a turn: lay a card, draw, pick up, knock, turn a blind card
MORE = "add-card"        # another card for a play of several, or stop
JOKER_RANK, JOKER_SUIT = "name-joker-rank", "name-joker-suit"
TURNED_RANK, TURNED_SUIT = "name-turned-rank", "name-turned-suit"   # the dealer, before looking
PLAY_DRAWN = "play-drawn"
CALL = "call"
NAME_SUIT = "name-suit"  # a wild's (or a countdown wild's) suit
CLAIM_DECISION, CHALLENGE = "claim", "challenge"

__all__ = ["BLIND", "CALL", "CHALLENGE", "CLAIM", "CLAIM_DECISION", "DRAW", "JOKER_RANK", "JOKER_SUIT", "KNOCK",
           "MATCH", "MORE", "NAME_SUIT", "NO", "PICK_UP", "PLAY_DRAWN", "RANK", "SECOND", "STOP", "SUIT_ACTION",
           "TARGET", "TURNED_RANK", "TURNED_SUIT", "YES", "MatchRules"]

#: Effects whose cards can always be played (``reshuffle`` only with ``always``).
ALWAYS = ("wild", "open")


class MatchRules:
    """The pack and the special cards of a matching game, compiled once.

    ``rank_of[c]`` is the index of card ``c``'s rank in ``rank_names`` (highest first; -1 for a
    joker; ``ranked`` + its number for a tarot major, which has no rank), ``suit_of[c]`` its suit
    index; ``level[c]`` its height in the rank list counted from the lowest rank (0), -1 for a
    joker or a major (what the shedding scorer reads for ``low_finish_double``)."""

    def __init__(self, spec: "GameSpec", table: "CardTable"):
        self.table = table
        p = spec.play
        self.size = table.size
        jokers = set(table.jokers)
        majors = {c for c in range(table.size) if c not in jokers and table.suit_names[table.suit[c]] == MAJORS}
        # Rank labels of the ranked cards, highest first by the strength the pack gives them. The
        # tarot majors are a suit of their own with no ranks (the rulebook's words): a major's
        # number is not a rank, so a major 5 is no 5; each major gets an index of its own past the
        # ranks, so it matches another major by suit only and no card of the four suits at all.
        labels: dict[str, int] = {}
        for c in range(table.size):
            if c not in jokers and c not in majors:
                labels[table.rank[c]] = max(labels.get(table.rank[c], -10**6), table.strength[c])
        self.rank_names: tuple[str, ...] = tuple(sorted(labels, key=lambda r: -labels[r]))
        #: How many ranks there are (the indices a rank may be named by); a major's index is
        #: ``ranked + its number``.
        self.ranked = ranked = len(self.rank_names)
        index = {r: i for i, r in enumerate(self.rank_names)}
        self.rank_index = index
        top = ranked - 1
        self.rank_of = [-1 if c in jokers else ranked + table.strength[c] if c in majors else index[table.rank[c]]
                        for c in range(table.size)]
        self.suit_of = list(table.suit)
        # (-1: no place in the rank list — a joker, a major)
        self.level = [-1 if c in jokers or c in majors else top - self.rank_of[c] for c in range(table.size)]
        self.jokers = frozenset(jokers)
        self.suit_count = len(table.suit_names)
        # The cards of each (rank, suit): what a named card stands for.
        self.card_of: dict[tuple[int, int], int] = {(self.rank_of[c], self.suit_of[c]): c
                                                    for c in range(table.size) if c not in jokers}
        self.suits_of_rank: list[list[int]] = [sorted({s for (r, s) in self.card_of if r == k})
                                               for k in range(ranked)]
        self.cards_of_rank: list[list[int]] = [[c for c in range(table.size) if self.rank_of[c] == k]
                                               for k in range(ranked)]
        # MT-04: the effect of each rank (by rank index; a major, with no rank, has none).
        self.effect = [p.effect_of(r) for r in self.rank_names] + [None] * len(majors)
        self.kind = [e.kind if e is not None else None for e in self.effect]
        self.always_rank = [k in ALWAYS or (k == "reshuffle" and e.always) for k, e in zip(self.kind, self.effect)]
        self.top_three = frozenset(range(min(3, len(self.rank_names))))
        named = p.named_card
        self.named_card = table.index(named.card) if named is not None else None

    def natural(self, card: int) -> tuple[int, int]:
        """The rank and suit a card counts as by itself."""
        return self.rank_of[card], self.suit_of[card]

    def count_wild(self, tokens: int) -> int | None:
        """The rank index a countdown wild gives a player holding ``tokens`` (the Ace counts one),
        or None when the count names no rank of the pack."""
        label = "A" if tokens == 1 else str(tokens)
        if tokens < 1 or tokens > 10:
            return None
        return self.rank_index.get(label)

    def meets(self, rank: int, suit: int, top: tuple[int, int] | None, rule: tuple | None) -> bool:
        """Whether a card counting as (``rank``, ``suit``) may be laid on ``top`` (None: an empty
        pile) under ``rule``, the rule for the next card (None: plain matching). Cards that can
        always be played are not asked."""
        if rule is not None:
            kind = rule[0]
            if kind == "any":
                return True
            if rank >= self.ranked and kind != "also":   # a major has no rank to meet the rule with
                return False
            if kind == "top":
                return rank in self.top_three
            if kind == "rank":
                return rank == rule[1]
            if kind == "lower":    # rank indices run high to low
                return rank >= rule[1]
            if kind == "higher":
                return rank <= rule[1]
            if kind == "also" and suit == rule[1]:
                return True
        if top is None:
            return True
        return rank == top[0] or suit == top[1]
