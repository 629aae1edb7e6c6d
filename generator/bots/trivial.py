"""Trivial policies for the dominance check (DOMINANT_STRATEGY in docs/playtest-metrics.md).

Each looks only at the cards it may play now. If one of them does as well as the strong bot, the
game has a strategy that needs no thought. Outside card play (naming trumps, bids, the kitty …)
they take the first legal action, except that the kitty gets their weakest card.
"""

from __future__ import annotations

from ..engine import Observation


def _cards(obs: Observation) -> list[int]:
    """Legal actions that are plain cards (special actions such as a wild joker's uses come last)."""
    size = obs.table.size
    legal = obs.legal
    return [a for a in legal if 0 <= a < size] or list(legal)


class _Trivial:
    #: The name of this policy among a family's hints (a field of ``BotHints``).
    hint = ""

    def __init__(self, seed: int | None = None):
        self.seed = seed

    def act(self, obs: Observation) -> int:
        legal = obs.legal
        if obs.card_play:
            from . import family_hints

            policy = getattr(family_hints(obs), self.hint)   # the family's own, if it has one
            if policy is not None:
                return policy(obs, legal)
        if obs.phase == "give-to-kitty":
            return min(legal, key=lambda c: (obs.table.strength[c], c))
        if obs.phase != "play":
            return legal[0]
        cards = _cards(obs)
        if cards[0] >= obs.table.size:
            return cards[0]
        return self.choose(obs, cards)

    def choose(self, obs: Observation, cards: list[int]) -> int:  # pragma: no cover - interface
        raise NotImplementedError


class HighestBot(_Trivial):
    """Always plays its strongest legal card."""

    hint = "highest"

    def choose(self, obs: Observation, cards: list[int]) -> int:
        strength = obs.table.strength
        return max(cards, key=lambda c: (strength[c], -c))


class LowestBot(_Trivial):
    """Always plays its weakest legal card."""

    hint = "lowest"

    def choose(self, obs: Observation, cards: list[int]) -> int:
        strength = obs.table.strength
        return min(cards, key=lambda c: (strength[c], c))


class GreedyPointsBot(_Trivial):
    """Takes the most points it can from the trick as it lies now, and nothing else: a card that
    would win the trick so far is worth the trick (one point when tricks score, else the cards'
    values, penalties negative); a card that would not win is worth nothing. Ties go to the
    weaker card."""

    hint = "greedy_points"

    def choose(self, obs: Observation, cards: list[int]) -> int:
        strength = obs.table.strength
        points = obs.points
        in_trick = sum(points.get(c, 0) for _, c in obs.trick)

        def gain(c: int) -> int:
            if not obs.would_win(c):  # type: ignore[attr-defined]
                return 0
            return (in_trick + points.get(c, 0)) if points else 1

        return max(cards, key=lambda c: (gain(c), -strength[c], -c))
