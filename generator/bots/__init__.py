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

    def act(self, obs: Observation) -> int:
        legal = obs.legal
        if not obs.card_play:
            return self._other(obs, legal)
        return family_hints(obs).play(obs, legal, self.rng)

    def _other(self, obs: Observation, legal: list[int]) -> int:
        from .decisions import greedy_decision

        return greedy_decision(obs, legal, self.rng)


from .strong import StrongBot  # noqa: E402  (uses bot_seed and GreedyBot above)
from .tricks import rollout as _trick_rollout  # noqa: E402
from .tricks import rollout_weight as _trick_rollout_weight  # noqa: E402


def greedy_card(obs: Observation, legal: list[int]) -> int:
    """The greedy bot's trick-taking card (its card play, with no random choice in it): the
    greedy bot plays it, and the strong bot weighs it as trick-taking's anchor."""
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


def greedy_anchor(obs: Observation, legal: list[int], rng: random.Random) -> int | None:
    """Trick-taking's anchor in card play (``strong.anchor_of``): the greedy bot's own card, which
    the search must beat by ``strong.ANCHOR_MARGIN`` a rollout to overrule. Without it the search
    lost to the greedy bot in small drawn games, where a decision's few rollouts cannot tell
    near-equal cards apart (one strong bot among two greedy bots in the typical variant finished
    ahead of 0.38 and 0.36 of them on two seeds of 600 games, the greedy bot in its seat 0.51 and
    0.48; anchored, 0.53 and 0.50); in cut-throat Whist it won 80 of 192 games against three
    greedy bots instead of 62. None (no anchor) for bids, trumps and the kitty: anchored there
    too, strong bots at every seat bid as the greedy bot does and play out the deal almost
    alike, and Oh Hell for three was rejected for a seat bias at its first look (seat 1 won 16 of
    25 games) that 150 more games did not show (55, 46 and 49 wins)."""
    return greedy_card(obs, obs.legal) if obs.card_play else None


def _trick_play(obs: Observation, legal: list[int], rng: random.Random) -> int:
    return greedy_card(obs, legal)


#: Trick-taking's bot hints (``Family.bot_hints``). A light trick rollout (with the exact ending it
#: buys) costs about 1.8 random ones, one of a simple hand about 1.2 (``tricks.rollout_weight``): the
#: budget counts it so, and a decision costs what it did with random rollouts (measured side by
#: side). The last tricks are solved exactly (``solver``) from three cards in hand. The trivial
#: policies use their own card-by-card rule.
TRICK_HINTS = BotHints(play=_trick_play, rollout=_trick_rollout, rollout_weight=_trick_rollout_weight,
                       anchor=greedy_anchor, endgame=3)
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
