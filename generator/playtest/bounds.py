"""Exact score bounds, for the dead tail (EARLY_DECIDED): the share of a game still played after
its winner is settled.

At each checkpoint (the end of every trick, and between hands) ``ScoreBounds.final_ranges``
gives, for every seat, the lowest and highest total it can still finish with, whatever the
cards still to be played and however they are played. The winner is settled at the first
checkpoint where its lowest possible final total is above every other seat's highest.

Bounds are exact where the scoring is simple enough to bound from the cards alone: points per
trick (beyond the N-th) and avoid-a-suit scoring with its penalty card, bonus card, jokers,
shooting the moon and doubler. Games whose length is open (a points target or a threshold) are
settled only once the end is certain to come with the current hand. Ranges are given only when
one seat is certain to finish strictly first (a shared first place could mean more hands under
either tie rule). For any other scoring or end (bids, landlord payments, low hands, extra laws …)
``ScoreBounds.build`` returns None and the dead tail is not measured.
"""

from __future__ import annotations

from typing import Any

from ..engine import State

_PLAY_KEYS = {"family", "opening_leader", "opening_card", "opening_lead", "weak_led_suit", "following",
              "otherwise", "breaking", "first_trick_ban", "winner", "next_leader", "jokers"}
_SCORING_KEYS = {"per-trick": {"kind", "beyond"},
                 "avoid-suit": {"kind", "suit", "per_card", "penalty_card", "bonus_card", "joker_loss",
                                "shoot_the_moon", "doubler"}}
# provenance is a record, not a rule: a game's origin never changes its scores
_TOP_KEYS = {"version", "naming", "players", "deck", "deal", "setup", "play", "scoring", "ending", "provenance"}


def _at_default(model: Any, name: str) -> bool:
    """Whether a spec field holds its default (the rule it stands for is not in the game)."""
    info = type(model).model_fields[name]
    if info.default_factory is not None:
        default = info.default_factory()
    elif info.is_required():
        return False
    else:
        default = info.default
    return getattr(model, name) == default


def _only(model: Any, allowed: set[str]) -> bool:
    return all(name in allowed or _at_default(model, name) for name in type(model).model_fields)


def _plain(spec: Any) -> bool:
    """Whether nothing beyond the rules bounded here can change a hand's scores."""
    known = _SCORING_KEYS.get(spec.scoring.kind)
    return (known is not None and _only(spec.scoring, known) and _only(spec, _TOP_KEYS)
            and _only(spec.setup, {"trumps", "anti_trumps"}) and _only(spec.play, _PLAY_KEYS))


class ScoreBounds:
    """Bounds on each seat's final total, for one compiled game at one player count."""

    @classmethod
    def build(cls, game: Any, players: int) -> "ScoreBounds | None":
        spec = game.spec
        if not _plain(spec):
            return None
        end = spec.ending.condition
        if end.kind not in ("target", "threshold", "rounds", "shrinking"):
            return None
        return cls(game, players)

    def __init__(self, game: Any, players: int):
        spec = game.spec
        table = game.table
        self.n = players
        self.end = spec.ending.condition
        each = game.dealer.cards_each(players) + 1     # an odd card may make one hand larger
        sizes = game.ending.hand_sizes(each - 1)
        self.max_tricks = max(sizes) + 1 if sizes else each
        self.total_hands = {"rounds": players, "shrinking": len(sizes or ())}.get(self.end.kind)
        s = spec.scoring
        self.kind = s.kind
        if s.kind == "per-trick":
            self.beyond = s.beyond
            self.hand_range = (0, max(0, self.max_tricks - self.beyond))
            return
        suit = table.suit_names.index(s.suit)
        self.suit_cards = frozenset(table.cards_of(suit))
        self.bonus = (table.index(s.bonus_card.card), s.bonus_card.points) if s.bonus_card else None
        self.penalty = (table.index(s.penalty_card.card), s.penalty_card.points) if s.penalty_card else None
        bonus_card = self.bonus[0] if self.bonus else None
        self.loss = {c: (1 if s.per_card == "one" else table.face[c]) for c in self.suit_cards if c != bonus_card}
        self.jokers = frozenset(table.jokers)
        self.joker_loss = s.joker_loss or 0
        self.moon = s.shoot_the_moon
        self.doubler = table.index(s.doubler.card) if s.doubler else None
        worst = -(sum(self.loss.values()) + (self.penalty[1] if self.penalty else 0)
                  + self.joker_loss * len(self.jokers))
        best = max(0, self.moon or 0) + (self.bonus[1] if self.bonus else 0)
        if self.doubler is not None:
            worst, best = 2 * worst, 2 * best
        self.hand_range = (worst, best)

    # -- one hand ---------------------------------------------------------------------------

    def _in_hand(self, state: State) -> tuple[list[int], list[int]]:
        """Lowest and highest score each seat can still make in the hand being played."""
        n = self.n
        hands = state.hands
        if self.kind == "per-trick":
            left = min(len(h) for h in hands)
            b = self.beyond
            won = state.tricks_won
            return ([max(0, won[p] - b) for p in range(n)], [max(0, won[p] + left - b) for p in range(n)])
        rest = {c for h in hands for c in h} | set(state.trick)
        loss = self.loss
        pen = self.penalty
        bonus = self.bonus
        jl = self.joker_loss
        suit_left = self.suit_cards & rest
        taken_suit = [self.suit_cards & set(w) for w in state.won]
        lows, highs = [], []
        for p in range(n):
            taken = set(state.won[p])
            now = -sum(loss.get(c, 0) for c in taken) - jl * len(taken & self.jokers)
            if pen and pen[0] in taken:
                now -= pen[1]
            if bonus and bonus[0] in taken:
                now += bonus[1]
            # worst: takes every card still out (shooting the moon ignored: a lower bound)
            low = now - sum(loss.get(c, 0) for c in rest) - jl * len(rest & self.jokers)
            if pen and pen[0] in rest:
                low -= pen[1]
            # best: takes nothing more but the bonus card, or shoots the moon if nobody else has a card of the suit
            high = now + (bonus[1] if bonus and bonus[0] in rest else 0)
            if self.moon is not None and not any(taken_suit[q] for q in range(n) if q != p) and \
                    (taken_suit[p] or suit_left):
                moon = self.moon + (bonus[1] if bonus and (bonus[0] in rest or bonus[0] in taken) else 0) \
                    - (pen[1] if pen and pen[0] in taken else 0) - jl * len(taken & self.jokers)
                high = max(high, moon)
            if self.doubler is not None and (self.doubler in rest or self.doubler in taken):
                low, high = min(low, 2 * low), max(high, 2 * high)
            lows.append(low)
            highs.append(high)
        return lows, highs

    def checkpoint(self, state: State, was_card_play: bool) -> bool:
        """Whether the move just made ended a trick within the hand (a checkpoint of the bounds;
        the end of a hand is one too, handled by the runner)."""
        return was_card_play and state.phase is not None and state.phase.card_play and not state.trick

    # -- the whole game ---------------------------------------------------------------------

    def final_ranges(self, state: State, between_hands: bool) -> tuple[list[float], list[float]] | None:
        """(lowest, highest) final total per seat from here; None while the end is not certain
        (a target or threshold not yet sure to be reached with this hand, or no seat yet sure to
        finish strictly first)."""
        totals = state.totals
        n = self.n
        if between_hands:
            lo, hi = self.hand_range
            lows, highs = [lo] * n, [hi] * n
            hands_after = (self.total_hands - state.hand_no - 1) if self.total_hands is not None else None
        else:
            lows, highs = self._in_hand(state)
            hands_after = (self.total_hands - state.hand_no - 1) if self.total_hands is not None else None
        if hands_after is None:
            kind, goal = self.end.kind, self.end.points
            if between_hands:
                return None
            if kind == "target" and not any(totals[p] + lows[p] >= goal for p in range(n)):
                return None
            if kind == "threshold" and not any(totals[p] + highs[p] <= -goal for p in range(n)):
                return None
            hands_after = 0
        hands_after = max(0, hands_after)
        lo, hi = self.hand_range
        mins = [totals[p] + lows[p] + hands_after * lo for p in range(n)]
        maxs = [totals[p] + highs[p] + hands_after * hi for p in range(n)]
        if not any(mins[p] > max(maxs[q] for q in range(n) if q != p) for p in range(n)):
            return None   # a shared first place may mean more hands (tie rules): the end is not certain
        return mins, maxs


def settled_at(checkpoints: list[tuple[int, list[float], list[float]]], winner: int) -> int | None:
    """The move count at the first checkpoint where ``winner`` can no longer be caught."""
    for moves, lows, highs in checkpoints:
        best_other = max((h for p, h in enumerate(highs) if p != winner), default=float("-inf"))
        if lows[winner] > best_other:
            return moves
    return None
