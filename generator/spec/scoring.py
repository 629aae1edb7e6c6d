"""Scoring at the end of each hand (SC-T1, SC-T3)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field


class SpecialCard(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: str
    nickname: str | None = None
    points: int = Field(0, ge=0)


class Doubler(BaseModel):
    """A card whose taker's score for the hand is doubled."""

    model_config = ConfigDict(extra="forbid")

    card: str
    nickname: str | None = None


class AvoidSuit(BaseModel):
    """SC-T1: players lose points for cards of ``suit`` taken in tricks."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["avoid-suit"] = "avoid-suit"
    suit: str
    per_card: Literal["one", "face-value"] = "one"
    penalty_card: SpecialCard | None = Field(None, description="its taker loses a further `points`")
    bonus_card: SpecialCard | None = Field(None, description="its taker gains `points`")
    joker_loss: int | None = Field(None, ge=1, description="each joker taken loses this many points")
    shoot_the_moon: int | None = Field(
        None, ge=1, description="a player who takes every card of the suit loses nothing and gains this"
    )
    doubler: Doubler | None = Field(None, description="its taker's score for the hand is doubled")


class TrickPoints(BaseModel):
    """SC-T3: one point for each trick won, or for each beyond the ``beyond``-th."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["per-trick"] = "per-trick"
    beyond: int = Field(0, ge=0, description="0: every trick scores; N: only tricks beyond the N-th")


ScoringSpec = Annotated[Union[AvoidSuit, TrickPoints], Field(discriminator="kind")]


def losing_points(scoring: AvoidSuit | TrickPoints) -> bool:
    """Whether hand scores are penalties, so the game ends on a negative threshold."""
    return scoring.kind == "avoid-suit"
