"""Bots choose actions from an Observation only (they never see the State)."""

from __future__ import annotations

import random

from ..engine.state import PLAY, Observation


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's own seed, derived from the game's, so a game replays exactly."""
    return (game_seed * 1_000_003 + seat * 7919 + 17) & 0xFFFFFFFFFFFF


class RandomBot:
    """Uniform over the legal actions."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None):
        self.rnd = (rng or random.Random(seed)).random

    def act(self, obs: Observation) -> int:
        legal = obs.legal
        return legal[int(self.rnd() * len(legal))]


class GreedyBot:
    """Plays for the trick in hand: take tricks cheaply when tricks score, shed danger when cards
    cost points. Other decisions (calling trumps, naming anti-trumps, the kitty) are made by
    simple card counting over its own hand."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> int:
        legal = obs.legal
        if obs._s.phase != PLAY:  # noqa: SLF001 - phase number is public information
            return self._other(obs, legal)
        legal = [c for c in legal if c < obs.table.size] or legal   # cards, not special actions
        if len(legal) == 1 or legal[0] >= obs.table.size:
            return legal[0]
        t = obs.table
        points = obs.points
        strength = t.strength
        if not points:  # tricks score: win as cheaply as possible, else throw the lowest
            if not obs.trick:
                return max(legal, key=lambda c: (strength[c], -c))
            winners = [c for c in legal if obs.would_win(c)]  # type: ignore[attr-defined]
            pool = winners or legal
            return min(pool, key=lambda c: (strength[c], c))
        # cards cost points: avoid winning tricks that carry penalties, dump the worst card when safe
        in_trick = sum(points.get(c, 0) for _, c in obs.trick)
        losers = [c for c in legal if not obs.would_win(c)]  # type: ignore[attr-defined]
        if losers:
            return min(losers, key=lambda c: (points.get(c, 0), -strength[c], c))
        if in_trick >= 0:
            return max(legal, key=lambda c: (points.get(c, 0), strength[c], -c))
        return min(legal, key=lambda c: (-points.get(c, 0), strength[c], c))

    def _other(self, obs: Observation, legal: list[int]) -> int:
        from .decisions import greedy_decision

        return greedy_decision(obs, legal, self.rng)


BOTS = {"random": RandomBot, "greedy": GreedyBot}
