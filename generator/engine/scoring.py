"""Scoring a finished hand (SC-T1 avoid-suit, SC-T3 points per trick)."""

from __future__ import annotations

from ..spec import GameSpec
from .cards import CardTable


class HandScorer:
    def __init__(self, spec: GameSpec, table: CardTable):
        s = spec.scoring
        self.kind = s.kind
        if s.kind == "per-trick":
            self.beyond = s.beyond
            return
        self.suit = table.suit_names.index(s.suit)
        self.suit_cards = frozenset(table.cards_of(self.suit))
        self.loss = {c: (1 if s.per_card == "one" else table.face[c]) for c in self.suit_cards}
        self.penalty = (table.index(s.penalty_card.card), s.penalty_card.points) if s.penalty_card else None
        self.bonus = (table.index(s.bonus_card.card), s.bonus_card.points) if s.bonus_card else None
        self.jokers = frozenset(table.jokers)
        self.joker_loss = s.joker_loss or 0
        self.moon = s.shoot_the_moon
        self.doubler = table.index(s.doubler.card) if s.doubler else None

    def score(self, tricks: list[int], won: list[list[int]], in_play: set[int]) -> list[int]:
        """Hand scores per seat. ``won`` holds the cards each seat took in tricks; ``in_play`` the
        cards dealt to players this hand (shooting the moon means taking all of those of the suit)."""
        if self.kind == "per-trick":
            b = self.beyond
            return [t - b if t > b else 0 for t in tricks]
        suit_in_play = self.suit_cards & in_play
        scores = []
        for cards in won:
            taken = set(cards)
            score = 0
            mine = taken & self.suit_cards
            if self.bonus and self.bonus[0] in mine:
                mine = mine - {self.bonus[0]}
            if self.moon is not None and suit_in_play and suit_in_play <= taken:
                score += self.moon
            else:
                score -= sum(self.loss[c] for c in mine)
            if self.penalty and self.penalty[0] in taken:
                score -= self.penalty[1]
            if self.bonus and self.bonus[0] in taken:
                score += self.bonus[1]
            if self.joker_loss:
                score -= self.joker_loss * len(taken & self.jokers)
            if self.doubler is not None and self.doubler in taken:
                score *= 2
            scores.append(score)
        return scores
