"""Players and the deal: hand sizes, the odd card, misdeals and the kitty (DL-01…DL-07, DL-11)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .words import MAX_CARDS, MAX_PLAYERS, MIN_PLAYERS, Code, Words, shorten


class Players(BaseModel):
    model_config = ConfigDict(extra="forbid")

    min: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS, description="the fewest players: 2 to 8")
    max: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS, description="the most players: 2 to 8, and not fewer than min")

    @model_validator(mode="after")
    def _min_not_above_max(self) -> "Players":
        """A range that runs backwards has no player count at all: every layer would find nothing
        to deal, play or print."""
        if self.min > self.max:
            raise ValueError(f"the player range runs backwards: min is {self.min}, max is {self.max}")
        return self

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

    suit: Code
    must_show: bool = Field(description="true: the player must show and force a redeal; false: they may")


class Kitty(BaseModel):
    """DL-11: cards set aside face down.

    ``dealt``: ``size`` cards dealt face down after the hands; ``undealt``: every card not dealt;
    ``contributed``: after the deal each player lays one card of their choice face down.
    """

    model_config = ConfigDict(extra="forbid")

    name: Words = Field("kitty", description="what the cards set aside are called: plain words (spec.words)")
    form: Literal["dealt", "undealt", "contributed"]
    size: int | None = Field(None, ge=1, le=10, description="with form 'dealt': how many cards (1 to 10)")


class DealSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hand_size: int | Literal["all"] = Field(
        description="cards per player (1 to 100), or 'all': deal the whole pack evenly, setting aside the few left over"
    )
    hand_size_over_three: int | None = Field(None, ge=1, le=MAX_CARDS,
                                             description="cards per player with more than three players (1 to 100)")
    odd_card: OddCard | None = None
    misdeal: Misdeal | None = None
    kitty: Kitty | None = None

    @field_validator("hand_size")
    @classmethod
    def _hand_size_bounds(cls, value: int | str) -> int | str:
        """Hand sizes are bounded like every count (spec.words): a deal of ten million cards each
        would be dealt, printed and checked card by card."""
        if isinstance(value, int) and not 1 <= value <= MAX_CARDS:
            raise ValueError(f"a hand has 1 to {MAX_CARDS} cards (got {shorten(value)})")
        return value

    def cards_each(self, players: int, deck_size: int) -> int:
        """Cards dealt to each player (before any odd card) at this player count."""
        if self.hand_size == "all":
            reserve = self.kitty.size if self.kitty and self.kitty.form == "dealt" and self.kitty.size else 0
            return (deck_size - reserve) // players
        if self.hand_size_over_three is not None and players > 3:
            return self.hand_size_over_three
        return self.hand_size
