"""The whole game: one typed, versioned object, structured by phase."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.fields import FieldInfo

from ..families import ON_REGISTER, play_union
from .bidding import BiddingSpec
from .deal import DealSpec, Players
from .deck import DeckSpec
from .ending import EndingSpec
from .naming import Naming
from .provenance import Provenance
from .scoring import ScoringSpec
from .setup import SetupSpec

SPEC_VERSION = 1
#: The spec's fields that are not rules (a record of how the game was made): never printed, never parsed.
NOT_RULES = ("provenance",)
#: The play section of every registered family (``generator.families``), told apart by ``family``.
PlaySection = play_union()


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
    # The play section carries the family: one type per registered family, a tagged union on ``family``.
    play: PlaySection  # type: ignore[valid-type]
    scoring: ScoringSpec
    ending: EndingSpec
    # Not a rule: how the game was made (see ``provenance``); never printed, never parsed.
    provenance: Provenance | None = None

    @property
    def family(self) -> str:
        return self.play.family

    def rules(self) -> "GameSpec":
        """The game's rules alone: the spec without its provenance. A rulebook read back gives
        exactly this, and games with the same rules are the same game however they were made."""
        return self if self.provenance is None else self.model_copy(update={"provenance": None})


def _rebuild_play(_family: object) -> None:
    """A family registered after the spec was built (one from outside the package): the play
    section's union is built again with it, so its games validate, dump and print like any other."""
    GameSpec.model_fields["play"] = FieldInfo.from_annotation(play_union())
    GameSpec.model_rebuild(force=True)


ON_REGISTER.append(_rebuild_play)
