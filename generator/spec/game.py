"""The whole game: one typed, versioned object, structured by phase."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .bidding import BiddingSpec
from .deal import DealSpec, Players
from .deck import DeckSpec
from .ending import EndingSpec
from .naming import Naming
from .play_tricks import TrickPlay
from .scoring import ScoringSpec
from .setup import SetupSpec

SPEC_VERSION = 1


class GameSpec(BaseModel):
    """A card game. Every field is executed by the engine and printed by the rulebook."""

    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = SPEC_VERSION
    naming: Naming
    players: Players
    deck: DeckSpec
    deal: DealSpec
    setup: SetupSpec = Field(default_factory=SetupSpec)
    bidding: BiddingSpec = Field(default_factory=BiddingSpec)
    # The play section carries the family; later families join this field as a tagged union.
    play: TrickPlay
    scoring: ScoringSpec
    ending: EndingSpec

    @property
    def family(self) -> str:
        return self.play.family
