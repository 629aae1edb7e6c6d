"""The fishing family's engine: the shared deal (hands and the stock), the opening table
(``LayTable``), the turns (``Fish``: capture or lay, refills from the stock, the last capturer's
take), and ``FishScorer`` (the shared card points over the captured cards and sweeps)."""

from __future__ import annotations

from generator.engine.family import EngineFamily
from generator.engine.steps.deal import Deal

from .play import Fish, LayTable
from .scoring import FishScorer

ENGINE = EngineFamily(name="fishing", phases=(Deal, LayTable, Fish), scorer=FishScorer)

__all__ = ["ENGINE", "Fish", "FishScorer", "LayTable"]
