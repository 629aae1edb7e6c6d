"""The play section of a stepping game."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from generator.spec.play import PlaySection


class StepPlay(PlaySection):
    """A card is laid on a discard pile when its rank is the top card's, or next to it (above or
    below) in the pack's rank list; suits do not matter. A player who cannot lay draws from the
    stock (a player who can must: a hand that could always grow would not end)."""

    model_config = ConfigDict(extra="forbid")

    family: Literal["stepping"] = "stepping"
    first_turn: Literal["dealer", "dealer-left"] = Field("dealer-left", description="who takes the first turn")
    wrap: bool = Field(False, description="the highest rank and the lowest are next to each other")
