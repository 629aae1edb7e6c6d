"""Trick play: which cards may be played, and who wins a trick (TT-01…TT-04, TT-07, TT-08, TT-12, TT-13).

The rules are compiled once per spec into plain attributes so the per-card work is a few list
comprehensions. ``TrickRules.legal`` and ``TrickRules.winner`` are the only rule entry points
used by the state machine.
"""

from __future__ import annotations

from typing import Sequence

from generator.engine.cards import CardTable
from generator.spec import GameSpec
from generator.spec.deck import MAJORS


class TrickRules:
    def __init__(self, spec: GameSpec, table: CardTable):
        p = spec.play
        self.table = table
        self.strength = table.strength
        # With bowers (``setup.bowers``) a card's strength depends on the hand's trump suit: one
        # table per suit, compiled once (``CardTable.power``); None without bowers.
        self.powers = {s: table.power(s) for s in range(len(table.suit_names))} if table.bowers else None
        # A card's rank for "a card of a rank not yet played" and a boost rank: a tarot major is
        # alone of its rank (its number, which no suit card shares), though the card table
        # labels it with that number.
        majors = table.suit_names.index(MAJORS) if MAJORS in table.suit_names else None
        self.rank = tuple(table.names[c] if table.suit[c] == majors else table.rank[c] for c in range(table.size))
        sidx = {s: i for i, s in enumerate(table.suit_names)}
        self.following = p.following
        self.otherwise = p.otherwise
        self.no_trump_lead = p.opening_lead == "no-trump"
        self.breaking = sidx[p.breaking.suit] if p.breaking else None
        self.ban = sidx[p.first_trick_ban] if p.first_trick_ban else None
        self.weak = p.weak_led_suit is not None
        self.any_suit = p.winner == "any-suit"
        self.next_leader = p.next_leader
        # The plain case (must follow, nothing else) gets a shortcut in `legal`.
        self.plain = (self.following == "must-follow" and self.otherwise == "any" and self.ban is None)
        self.plain_lead = not (self.no_trump_lead or self.breaking is not None or self.ban is not None)

    def strength_for(self, trump: int | None) -> tuple[int, ...]:
        """The cards' strengths in a hand whose winning suit is ``trump`` (bowers move with it)."""
        if self.powers is None or trump is None:
            return self.strength
        return self.powers.get(trump, self.strength)

    # -- which cards may be played ---------------------------------------------------------

    def legal(self, hand: list[int], trick: list[int], eff: list[int], trump: int | None,
              first_trick: bool, broken: bool) -> list[int]:
        """Cards of ``hand`` that may be played to ``trick`` (cards already played, in order)."""
        if not trick:
            if self.plain_lead:
                return hand
            return self._lead(hand, eff, trump, first_trick, broken)
        led = eff[trick[0]]
        if self.plain:
            follow = [c for c in hand if eff[c] == led]
            return follow or hand
        return self._follow(hand, trick, led, eff, trump, first_trick)

    def _lead(self, hand: list[int], eff: list[int], trump: int | None, first_trick: bool, broken: bool) -> list[int]:
        options = hand
        if self.no_trump_lead and first_trick and trump is not None:
            options = [c for c in options if eff[c] != trump] or options
        if self.breaking is not None and not broken:
            options = [c for c in options if eff[c] != self.breaking] or options
        if self.ban is not None and first_trick:
            options = [c for c in options if eff[c] != self.ban] or options
        return options

    def _follow(self, hand: list[int], trick: list[int], led: int, eff: list[int], trump: int | None,
                first_trick: bool) -> list[int]:
        if self.following == "free":
            options = hand
        elif self.following == "follow-or-trump":
            options = [c for c in hand if eff[c] == led or eff[c] == trump] or hand
        else:
            options = [c for c in hand if eff[c] == led]
            if not options:
                options = self._otherwise(hand, trick, eff, trump)
        if self.ban is not None and first_trick:
            options = [c for c in options if eff[c] != self.ban] or options
        return options

    def _otherwise(self, hand: list[int], trick: list[int], eff: list[int], trump: int | None) -> list[int]:
        rule = self.otherwise
        if rule == "trump":
            chosen = [c for c in hand if eff[c] == trump] if trump is not None else []
        elif rule == "higher":
            strength = self.strength if self.powers is None else self.strength_for(trump)
            top = max(strength[c] for c in trick)
            chosen = [c for c in hand if strength[c] > top]
        elif rule == "new-suit":
            played = {eff[c] for c in trick}
            chosen = [c for c in hand if eff[c] not in played]
        elif rule == "new-rank":
            played = {self.rank[c] for c in trick}
            chosen = [c for c in hand if self.rank[c] not in played]
        else:
            chosen = []
        return chosen or hand

    # -- who wins --------------------------------------------------------------------------

    def winner(self, trick: Sequence[int], eff: list[int], trump: int | None, anti: int | None) -> int:
        """Position in ``trick`` of the winning card. ``trump`` is the suit that wins tricks
        (possibly the jokers' own suit); ``anti`` the anti-trump suit, if any."""
        strength = self.strength if self.powers is None else self.strength_for(trump)
        if trump is not None and (anti is None or all(eff[c] != anti for c in trick)):
            best, best_i = -(10**9), -1
            for i, c in enumerate(trick):
                if eff[c] == trump and strength[c] > best:
                    best, best_i = strength[c], i
            if best_i >= 0:
                return best_i
        led = eff[trick[0]]
        if self.weak:
            best, best_i = -(10**9), -1
            for i, c in enumerate(trick):
                if eff[c] != led and strength[c] > best:
                    best, best_i = strength[c], i
            if best_i >= 0:
                return best_i
        elif self.any_suit:
            best, best_i = -(10**9), 0
            for i, c in enumerate(trick):
                if strength[c] > best:
                    best, best_i = strength[c], i
            return best_i
        best, best_i = -(10**9), 0
        for i, c in enumerate(trick):
            if eff[c] == led and strength[c] > best:
                best, best_i = strength[c], i
        return best_i

    def next_lead(self, trick: Sequence[int], players: Sequence[int], won_by: int, leader: int, n: int,
                  trump: int | None = None) -> int:
        """Seat that leads the next trick (TT-13)."""
        if self.next_leader == "winner":
            return won_by
        if self.next_leader == "left-of-leader":
            return (leader + 1) % n
        strength = self.strength_for(trump)
        low, low_i = 10**9, 0
        for i, c in enumerate(trick):
            if strength[c] < low:
                low, low_i = strength[c], i
        return players[low_i]
