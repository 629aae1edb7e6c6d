"""Setup before play: how trumps are chosen, and anti-trumps (SU-01…SU-03)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field


class _Method(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NoTrumps(_Method):
    method: Literal["none"] = "none"


class TurnUp(_Method):
    """The top card of the stock (or of the kitty, when there is one) is turned; its suit is trumps."""

    method: Literal["turn-up"] = "turn-up"


class Called(_Method):
    """A player names the trump suit before looking at their hand."""

    method: Literal["called"] = "called"
    caller: Literal["dealer", "dealer-left"]


class LastCard(_Method):
    """The dealer's last card is shown as it is dealt; its suit is trumps and it stays in hand."""

    method: Literal["last-card"] = "last-card"


class Rotating(_Method):
    """Trumps change suit every hand in a fixed order (``deck.TRUMP_ROTATION``)."""

    method: Literal["rotating"] = "rotating"


class Fixed(_Method):
    method: Literal["fixed"] = "fixed"
    suit: str


class Hidden(_Method):
    """SU-02a: the top card is laid face down and only turned the first time a player fails to follow."""

    method: Literal["hidden"] = "hidden"


class FirstCard(_Method):
    """SU-02f: the suit of the first card played in the hand is trumps for that hand."""

    method: Literal["first-card"] = "first-card"


class Majors(_Method):
    """Tarot only: the major arcana are permanent trumps."""

    method: Literal["majors"] = "majors"


TrumpMethod = Annotated[
    Union[NoTrumps, TurnUp, Called, LastCard, Rotating, Fixed, Hidden, FirstCard, Majors],
    Field(discriminator="method"),
]

#: Methods after which a suit is trumps from the start of play (the others reveal it later or never).
TRUMPS_KNOWN_AT_START = ("turn-up", "called", "last-card", "rotating", "fixed", "majors")


class SetupSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    trumps: TrumpMethod = Field(default_factory=NoTrumps)
    anti_trumps: bool = Field(
        False, description="SU-03: the dealer, before looking, names a non-trump suit as anti-trumps"
    )

    def has_trumps(self) -> bool:
        return self.trumps.method != "none"
