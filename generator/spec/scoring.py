"""Scoring at the end of each hand (SC-T1, SC-T3)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from .words import MAX_CARDS, MAX_POINTS, Code, Words


class SpecialCard(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: Code
    nickname: Words | None = Field(None, description="the card's nickname (plain words: spec.words)")
    points: int = Field(0, ge=0, le=MAX_POINTS, description="0 to 1,000")


class Doubler(BaseModel):
    """A card whose taker's score for the hand is doubled."""

    model_config = ConfigDict(extra="forbid")

    card: Code
    nickname: Words | None = Field(None, description="the card's nickname (plain words: spec.words)")


class AvoidSuit(BaseModel):
    """SC-T1: players lose points for cards of ``suit`` taken in tricks."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["avoid-suit"] = "avoid-suit"
    suit: Code
    per_card: Literal["one", "face-value"] = "one"
    penalty_card: SpecialCard | None = Field(None, description="its taker loses a further `points`")
    bonus_card: SpecialCard | None = Field(None, description="its taker gains `points`")
    joker_loss: int | None = Field(None, ge=1, le=MAX_POINTS,
                                   description="each joker taken loses this many points (1 to 1,000)")
    shoot_the_moon: int | None = Field(
        None, ge=1, le=MAX_POINTS,
        description="a player who takes every card of the suit loses nothing and gains this (1 to 1,000)"
    )
    doubler: Doubler | None = Field(None, description="its taker's score for the hand is doubled")
    pig_points: int | None = Field(
        None, ge=-MAX_POINTS, le=MAX_POINTS,
        description="a revealed pig: its taker scores this (negative: a further loss); −1,000 to 1,000"
    )


class TrickExtras(BaseModel):
    """SC-T4: extras on top of trick or bid scoring."""

    model_config = ConfigDict(extra="forbid")

    joker_tricks: Literal["none", "void", "bonus"] = Field(
        "none", description="a trick holding a joker scores nothing, or one point more"
    )
    pig: Literal["none", "plus", "minus", "nothing"] = Field(
        "none", description="a revealed pig: its taker scores a point more, a point less, or nothing for the hand"
    )
    top_trump: Literal["none", "plus", "minus"] = Field(
        "none", description="whoever takes the highest trump card scores a point more, or a point less"
    )
    bid_all_wins: bool = Field(False, description="bidding every trick and taking them all wins the game at once")


class TrickPoints(BaseModel):
    """SC-T3: one point for each trick won, or for each beyond the ``beyond``-th."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["per-trick"] = "per-trick"
    beyond: int = Field(0, ge=0, le=MAX_CARDS,
                        description="0: every trick scores; N: only tricks beyond the N-th (at most 100)")
    exact_bonus: int | None = Field(None, ge=1, le=MAX_POINTS,
                                    description="with trick bidding: bonus for taking exactly the bid (1 to 1,000)")
    zero_bonus: int | None = Field(None, ge=1, le=MAX_POINTS,
                                   description="a further bonus when that exact bid was zero (1 to 1,000)")
    blind_bonus: int | None = Field(None, ge=1, le=MAX_POINTS,
                                    description="a further bonus for a successful blind bid (1 to 1,000)")
    extras: TrickExtras = Field(default_factory=TrickExtras)


class ExactBid(BaseModel):
    """SC-T2: taking exactly the bid scores 10 + the bid; the others score as ``otherwise`` says."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["exact-bid"] = "exact-bid"
    otherwise: Literal["zero", "tricks-if-under", "tricks-if-over"] = Field(
        "zero", description="a missed bid scores nothing; or its tricks if it fell short (over: nothing); "
        "or its tricks if it went over (short: nothing)"
    )
    extras: TrickExtras = Field(default_factory=TrickExtras)


ScoringSpec = Annotated[Union[AvoidSuit, TrickPoints, ExactBid], Field(discriminator="kind")]


def losing_points(scoring: AvoidSuit | TrickPoints | ExactBid) -> bool:
    """Whether hand scores are penalties, so the game ends on a negative threshold."""
    return scoring.kind == "avoid-suit"
