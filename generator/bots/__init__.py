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

from typing import Any, Callable

from .basic import GreedyBot, RandomBot, bot_seed, family_hints  # noqa: F401  (the package's names)
from .strong import StrongBot
from .trivial import GreedyPointsBot, HighestBot, LowestBot

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
