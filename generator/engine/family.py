"""What the engine needs of a family: the phases of its hand, in order, and its scorer.

A family's engine package (``engine/tricks/`` for trick-taking) defines one ``EngineFamily``; the
family registry (``generator.families``) names it, and ``Game`` finds it from the spec's
``play.family``. Nothing in the generic engine knows which families exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:   # pragma: no cover
    from ..spec import GameSpec
    from .phase import Phase


@dataclass(frozen=True)
class EngineFamily:
    name: str
    #: Every phase class a hand of this family may have, in the order they come.
    phases: tuple[type["Phase"], ...]
    #: Builds the hand scorer: ``scorer(spec, table)``; it has ``score(facts)``,
    #: ``instant_winner(facts)``, ``record(state, facts)`` and ``RECORD_ORDER``.
    scorer: Callable[..., Any]
    #: Where the jokers rank in this family's games (passed to ``compile_deck``).
    joker_order: Callable[["GameSpec"], str] = lambda spec: "top"


def engine_family(spec: "GameSpec") -> EngineFamily:
    """The engine of the spec's family, found through the family registry."""
    from ..families import family_of

    return family_of(spec).load("engine")
