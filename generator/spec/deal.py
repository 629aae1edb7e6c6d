"""Players and the deal: hand sizes, the odd card, misdeals and the kitty (DL-01…DL-07, DL-11)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Players(BaseModel):
    model_config = ConfigDict(extra="forbid")

    min: int = Field(ge=2, le=8)
    max: int = Field(ge=2, le=8)

    def counts(self) -> range:
        return range(self.min, self.max + 1)


class OddCard(BaseModel):
    """DL-06: one player is dealt one card more, or one fewer, than the rest."""

    model_config = ConfigDict(extra="forbid")

    who: Literal["dealer-right", "dealer-left", "dealer"]
    extra: bool = Field(description="true: one extra card; false: one card fewer")


class Misdeal(BaseModel):
    """DL-07: a player dealt no card of ``suit`` shows their hand and the cards are redealt."""

    model_config = ConfigDict(extra="forbid")

    suit: str
    must_show: bool = Field(description="true: the player must show and force a redeal; false: they may")


class Kitty(BaseModel):
    """DL-11: cards set aside face down.

    ``dealt``: ``size`` cards dealt face down after the hands; ``undealt``: every card not dealt;
    ``contributed``: after the deal each player lays one card of their choice face down.
    """

    model_config = ConfigDict(extra="forbid")

    name: str = "kitty"
    form: Literal["dealt", "undealt", "contributed"]
    size: int | None = Field(None, ge=1, le=10, description="with form 'dealt': how many cards")


class DealSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hand_size: int | Literal["all"] = Field(
        description="cards per player, or 'all': deal the whole pack evenly, setting aside the few left over"
    )
    hand_size_over_three: int | None = Field(None, ge=1, description="cards per player with more than three players")
    odd_card: OddCard | None = None
    misdeal: Misdeal | None = None
    kitty: Kitty | None = None

    def cards_each(self, players: int, deck_size: int) -> int:
        """Cards dealt to each player (before any odd card) at this player count."""
        if self.hand_size == "all":
            reserve = self.kitty.size if self.kitty and self.kitty.form == "dealt" and self.kitty.size else 0
            return (deck_size - reserve) // players
        if self.hand_size_over_three is not None and players > 3:
            return self.hand_size_over_three
        return self.hand_size
