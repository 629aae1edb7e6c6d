"""The two bots every playtest seats: ``random`` (uniform over the legal actions) and ``greedy``
(the family's simple play), with the seeds bots take from a game's.

A module of its own, not the package's ``__init__``, so that it is compiled with the other hot
modules (``compiled.HOT``): a random or greedy bot decides at every move of a Tier-1 playtest.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import Observation
from .hints import BotHints


def family_hints(obs: Observation) -> BotHints:
    """The card-play hints of the game's family (``Family.bot_hints``, a ``BotHints``)."""
    from ..families import family_of

    return family_of(obs.game.spec).load("bot_hints")


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
        self._game: Any = None   # the game whose hints ``_hints`` holds (looked up once a game)
        self._hints: BotHints | None = None

    def act(self, obs: Observation) -> int:
        legal = obs.legal
        if not obs.card_play:
            return self._other(obs, legal)
        game = obs.game
        if game is not self._game:
            self._game, self._hints = game, family_hints(obs)
        return self._hints.play(obs, legal, self.rng)  # type: ignore[union-attr]

    def _other(self, obs: Observation, legal: list[int]) -> int:
        from .decisions import greedy_decision

        return greedy_decision(obs, legal, self.rng)
