"""The end of the game (EN-01…EN-04)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .words import MAX_TARGET


class _End(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Target(_End):
    """The game ends after a hand in which someone reaches ``points``; the highest score wins."""

    kind: Literal["target"] = "target"
    points: int = Field(ge=1, le=MAX_TARGET, description="1 to 10,000")


class Threshold(_End):
    """For penalty scoring: the game ends after a hand in which someone's score is −``points`` or lower."""

    kind: Literal["threshold"] = "threshold"
    points: int = Field(ge=1, le=MAX_TARGET, description="1 to 10,000 (the game ends at −points)")


class Rounds(_End):
    """As many hands as there are players (each deals once)."""

    kind: Literal["rounds"] = "rounds"


class Shrinking(_End):
    """Each hand is dealt one card smaller, down to one card; with ``back_up`` then back up to the full size."""

    kind: Literal["shrinking"] = "shrinking"
    back_up: bool = False


class Scheduled(_End):
    """The game ends when its schedule of hands is played (``scoring.kind: schedule``)."""

    kind: Literal["schedule"] = "schedule"


class TokensGone(_End):
    """EN-01 (countdown tokens, DL-04): the first player to give up their last token wins; only the
    hand's winner gives one up, so there is never a tie."""

    kind: Literal["tokens"] = "tokens"


EndCondition = Annotated[Union[Target, Threshold, Rounds, Shrinking, TokensGone, Scheduled], Field(discriminator="kind")]


class EndingSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    condition: EndCondition
    ties: Literal["extra-hand", "latest-winner"] | None = Field(
        None, description="a shared first place: play another hand, or the tied player who most recently had "
        "the best score in a hand wins; none (null) when the game ends by tokens, which cannot tie"
    )

    @model_validator(mode="after")
    def _ties_when_a_tie_can_happen(self) -> "EndingSpec":
        """Tokens end the game with one winner; every other ending needs a rule for a tie."""
        if self.condition.kind == "tokens" and self.ties is not None:
            raise ValueError("a game that ends by tokens cannot tie: leave out ties")
        if self.condition.kind != "tokens" and self.ties is None:
            raise ValueError("ties: say how a shared first place is settled (extra-hand or latest-winner)")
        return self
