"""Bots choose actions from an Observation only (they never see the State).

* ``random`` — uniform over the legal actions;
* ``greedy`` — plays for the trick in hand (cheap wins, sheds penalty cards);
* ``strong`` — determinized Monte Carlo search (``strong.StrongBot``), a budget in rollouts;
* ``highest``, ``lowest``, ``greedy-points`` — the trivial policies of the dominance check
  (``trivial``).

``make_bot(name, seed)`` builds any of them; a bot's seed comes from the game's seed and its seat
(``bot_seed``), so a game replays exactly.
"""

from __future__ import annotations

import random
from typing import Any, Callable

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


from .strong import StrongBot  # noqa: E402  (uses bot_seed and GreedyBot above)
from .trivial import GreedyPointsBot, HighestBot, LowestBot  # noqa: E402

#: Every bot by name: a factory taking the bot's seed.
BOTS: dict[str, Callable[..., Any]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
    "highest": HighestBot,
    "lowest": LowestBot,
    "greedy-points": GreedyPointsBot,
}

#: The trivial policies of the dominance check (docs/playtest-metrics.md, DOMINANT_STRATEGY).
TRIVIAL = ("highest", "lowest", "greedy-points")


def lineup_problem(name: str) -> str | None:
    """Why ``name`` is not a bot of a line-up (``parlour replay --bots``), or None: a bot of
    ``BOTS``, or ``strong-without:FEATURE`` with a feature of ``restrict.FEATURES``. Checked
    before a game starts, so that a typo is bad input rather than an engine error."""
    from .restrict import FEATURES

    if name.startswith("strong-without:"):
        feature = name.split(":", 1)[1]
        if feature not in FEATURES:
            return f"unknown feature {feature!r} in {name!r} (features: {', '.join(FEATURES)})"
        return None
    if name not in BOTS:
        return f"unknown bot {name!r} (bots: {', '.join(BOTS)}, strong-without:FEATURE)"
    return None


def make_bot(name: str, seed: int, **options: Any) -> Any:
    """A bot by name. ``options`` go to the strong bot (``rollouts``, ``max_rollouts``,
    ``restrict``) and are ignored by the others."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    if name == "strong":
        return StrongBot(seed, **options)
    return BOTS[name](seed)


__all__ = ["BOTS", "TRIVIAL", "GreedyBot", "GreedyPointsBot", "HighestBot", "LowestBot", "RandomBot",
           "StrongBot", "bot_seed", "lineup_problem", "make_bot"]
