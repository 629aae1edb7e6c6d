"""Card points (``spec.scoring.CardPoints``): what the cards a player took in a hand are worth by
a table of ranks and named cards, the majorities (the most cards, the most of a suit: no one
scores a tied majority), the points per sweep and for the last trick, counted in groups where the
game says so. Shared by any family whose players take cards (a fishing game's captures, a
trick-taking game's tricks); the family's scorer gives the piles taken, the sweeps made and who
won the last trick."""

from __future__ import annotations

from typing import Sequence

from ..spec import GameSpec
from ..spec.deck import card_rank
from .cards import CardTable


class CardPointsCounter:
    """One per game: each card's worth (its rank's points plus its own), compiled once."""

    def __init__(self, spec: GameSpec, table: CardTable):
        s = spec.scoring
        by_rank = {row.rank: row.points for row in s.ranks}
        by_card = {row.card: row.points for row in s.cards}
        # A rank's row counts the suit cards of that rank: a tarot major's label is its number, but
        # "every 10" is no major (``card_rank`` of a major or a joker is None).
        self.worth = [by_rank.get(card_rank(table.names[c]), 0) + by_card.get(table.names[c], 0)
                      for c in range(table.size)]
        self.most_cards = s.most_cards or 0
        self.suit = table.suit_names.index(s.most_suit.suit) if s.most_suit is not None else None
        self.suit_points = s.most_suit.points if s.most_suit is not None else 0
        self.sweep_points = s.sweeps.points if s.sweeps is not None else 0
        self.last_trick = s.last_trick or 0
        self.per_trick = s.per_trick or 0
        self.beyond = s.beyond or 0
        self.groups = s.groups or 1
        self.card_suit = table.suit

    @staticmethod
    def majority(counts: Sequence[int]) -> int | None:
        """The seat with more than every other seat, or None when the most is shared."""
        best = max(counts)
        return counts.index(best) if counts.count(best) == 1 else None

    def parts(self, taken: Sequence[Sequence[int]], sweeps: Sequence[int], last: int | None = None,
              tricks: Sequence[int] | None = None) -> dict[str, list[int]]:
        """Each seat's points by where they come from: cards, most cards, most of the suit, sweeps,
        the last trick (``last``: the seat that won it) and the tricks won (``tricks``), in a game
        of tricks."""
        n = len(taken)
        worth = self.worth
        out = {"cards": [sum(worth[c] for c in pile) for pile in taken], "most_cards": [0] * n,
               "most_suit": [0] * n, "sweeps": [self.sweep_points * k for k in sweeps], "last_trick": [0] * n,
               "tricks": [self.per_trick * t for t in tricks] if tricks is not None else [0] * n}
        if last is not None:
            out["last_trick"][last] = self.last_trick
        if self.most_cards:
            w = self.majority([len(pile) for pile in taken])
            if w is not None:
                out["most_cards"][w] = self.most_cards
        if self.suit is not None:
            suit, of = self.suit, self.card_suit
            w = self.majority([sum(1 for c in pile if of[c] == suit) for pile in taken])
            if w is not None:
                out["most_suit"][w] = self.suit_points
        return out

    def score(self, taken: Sequence[Sequence[int]], sweeps: Sequence[int], last: int | None = None,
              tricks: Sequence[int] | None = None) -> list[int]:
        """Each seat's score: its points, in whole groups where the game counts in groups, and only
        those beyond ``beyond`` where the game says so (none below)."""
        # ``parts`` added up, seat by seat, without the table of parts: every hand is scored so.
        worth = self.worth.__getitem__
        points = [sum(map(worth, pile)) for pile in taken]
        if self.sweep_points:
            points = [t + self.sweep_points * k for t, k in zip(points, sweeps)]
        if tricks is not None and self.per_trick:
            points = [t + self.per_trick * k for t, k in zip(points, tricks)]
        if last is not None:
            points[last] += self.last_trick
        if self.most_cards:
            w = self.majority(list(map(len, taken)))
            if w is not None:
                points[w] += self.most_cards
        if self.suit is not None:
            suit, of = self.suit, self.card_suit
            w = self.majority([sum(1 for c in pile if of[c] == suit) for pile in taken])
            if w is not None:
                points[w] += self.suit_points
        groups, beyond = self.groups, self.beyond
        if groups == 1 and not beyond:
            return [t if t > 0 else 0 for t in points]
        return [max(0, t // groups - beyond) for t in points]
