"""A family's bot hints: how the simple bots play its card play, and what the strong bot's search
borrows from it, as one typed record (``Family.bot_hints`` names it).

Every field but ``play`` has a default that means "the family adds nothing here": the strong bot
then searches with random rollouts, the generic determinization, no anchor and the plain budget,
and the trivial policies of the dominance check (``trivial``) use their card-by-card rule. A family
fills in what it has measured to help (each value's reason is written where the family sets it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:   # pragma: no cover
    from ..engine import Observation, State

#: A card play chosen from the legal actions: the greedy bot's (with its random generator).
Play = Callable[["Observation", list[int], random.Random], int]
#: A trivial policy of the dominance check: the highest, the lowest or the costliest play.
Trivial = Callable[["Observation", list[int]], int]


@dataclass(frozen=True)
class BotHints:
    """How the bots play one family's card play (see the module's docstring for the defaults)."""

    #: The greedy bot's card play.
    play: Play
    #: The dominance check's trivial policies (None: the card-by-card rule of ``trivial``).
    highest: Trivial | None = None
    lowest: Trivial | None = None
    greedy_points: Trivial | None = None
    #: How a strong bot's rollout plays out the hand, drawing from the given random numbers
    #: (None: uniformly random play).
    rollout: Callable[["State", Callable[[], float]], None] | None = None
    #: What one such rollout costs in random rollouts: a number or a function of the observation.
    rollout_weight: float | Callable[["Observation"], float] = 1
    #: The family's steady play that the search must beat to overrule it (it may answer None for a
    #: decision it leaves to the search alone); None: no anchor.
    anchor: Callable[["Observation", list[int], random.Random], int | None] | None = None
    #: Standard errors by which a play must beat the anchor (None: the strong bot's own).
    anchor_z: float | None = None
    #: How many times the plain budget a decision gets: a number or a function of the observation.
    budget_scale: int | Callable[["Observation"], int] = 1
    #: Cards in hand (at most) from which card play is solved exactly (0: never).
    endgame: int = 0
    #: The legal actions with interchangeable plays merged (None: trick-taking's own merge).
    distinct: Callable[["Observation", list[int]], list[int]] | None = None
    #: How the strong bot deals the cards it cannot see (None: the generic ``Sampler``).
    sampler: Callable[["Observation", dict[str, list[int]]], Any] | None = None
    #: A faster exact ending for the positions it models: (solver, determinized state, actions,
    #: player, ending) -> one value per action, or None where it does not model the position and
    #: the clone-based solver searches it (None: always the clone-based solver).
    solve_ending: Callable[[Any, "State", list[int], int, Any], list[float] | None] | None = None


__all__ = ["BotHints", "Play", "Trivial"]
