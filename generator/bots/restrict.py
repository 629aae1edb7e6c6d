"""Restricted play for the INERT_RULE check: a strong bot forbidden one optional rule feature.

Each restriction takes an Observation and the legal actions and returns the actions still
allowed (never none). The playtest finds which features a game has by looking at where the
players had decisions in random self-play (``features``).
"""

from __future__ import annotations

from typing import Callable

from ..engine import Observation

Restriction = Callable[[Observation, list[int]], list[int]]


def no_trumps(obs: Observation, legal: list[int]) -> list[int]:
    """Never play a trump (or a joker) when another card may be played."""
    if obs.phase != "play":
        return legal
    trump = obs.win_trump
    if trump is None:
        return legal
    eff = obs.effective_suits
    size = obs.table.size
    return [a for a in legal if not (0 <= a < size and eff[a] == trump)] or legal


def _first_in(phase: str) -> Restriction:
    def restriction(obs: Observation, legal: list[int]) -> list[int]:
        return legal[:1] if obs.phase == phase else legal
    restriction.__doc__ = f"In phase {phase!r}, always take the first legal action (decline, or the first suit)."
    return restriction


#: Optional decisions whose removal the INERT_RULE check tries, when random play met them.
OPTIONAL_PHASES = ("call-trumps", "name-anti-trumps", "show-misdeal", "reveal-pig", "rob", "show-top-trump",
                   "propose-exchange", "bid-blind", "invent-law", "show-high-low")

#: Features a bot can be forbidden: "trumps" in card play, and for every optional decision phase
#: of the engine, the choice itself (the bot always takes the first legal action there: it
#: declines a yes/no option, names the first suit, bids the least).
RESTRICTIONS: dict[str, Restriction] = {"trumps": no_trumps}

#: Every feature name ``strong-without:FEATURE`` accepts, as the playtest writes them.
FEATURES = (*RESTRICTIONS, *(f"phase:{phase}" for phase in OPTIONAL_PHASES))


def restriction_for(feature: str) -> Restriction:
    """The restriction of a feature named in ``FEATURES``; ValueError naming the known ones otherwise
    (checked when the bot is made, not half-way through a game)."""
    if feature in RESTRICTIONS:
        return RESTRICTIONS[feature]
    if feature in FEATURES:
        return _first_in(feature.split(":", 1)[1])
    raise ValueError(f"unknown feature {feature!r} (known: {', '.join(FEATURES)})")
