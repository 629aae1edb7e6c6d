"""Setup before play: how trumps are chosen, and anti-trumps (SU-01…SU-03)."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from .words import MAX_CARDS, Code, Words


class _Method(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NoTrumps(_Method):
    method: Literal["none"] = "none"


class TurnUp(_Method):
    """The top card of the stock (or of the kitty, when there is one) is turned; its suit is trumps."""

    method: Literal["turn-up"] = "turn-up"


class Called(_Method):
    """A player names the trump suit: before looking at their hand, after seeing only the first
    ``seen`` cards dealt to them (the deal stops there for the call, as Omi and Court Piece have
    it), or after looking at their whole hand (``seen: all``)."""

    method: Literal["called"] = "called"
    caller: Literal["dealer", "dealer-left"]
    seen: Annotated[int, Field(ge=1, le=MAX_CARDS)] | Literal["all"] | None = Field(
        None, description="how many of their cards the caller sees first: none (null: before the deal), the first N "
        "dealt to them (1 to 100), or all")
    no_trumps: bool = Field(False, description="the caller may name no trumps instead of a suit (Botifarra, King)")


class LastCard(_Method):
    """The dealer's last card is shown as it is dealt; its suit is trumps and it stays in hand."""

    method: Literal["last-card"] = "last-card"


class Rotating(_Method):
    """Trumps change suit every hand in a fixed order (``deck.TRUMP_ROTATION``)."""

    method: Literal["rotating"] = "rotating"


class Fixed(_Method):
    method: Literal["fixed"] = "fixed"
    suit: Code


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


class Robbing(BaseModel):
    """SU-04: the holder of the lowest trump may claim the turned trump card."""

    model_config = ConfigDict(extra="forbid")

    verb: Words = Field("rob", description="what claiming it is called: rob, steal, pinch, … (plain words: spec.words)")
    form: Literal["take-and-discard", "swap"] = Field(
        description="take it into hand and discard any card face down, or exchange the low trump for it"
    )


class PigCard(BaseModel):
    """SU-08: a named card; whoever holds it may reveal it at the start of the hand. Its effects
    (play.pig_lead and the scoring's pig clauses) apply only once revealed."""

    model_config = ConfigDict(extra="forbid")

    card: Code
    name: Words = Field("pig", description="what the card is called, e.g. 'pig' (printed “the pig”; plain words: "
                        "spec.words)")


class Exchange(BaseModel):
    """SU-10: after looking, a player may propose that everyone exchanges cards; if all agree, each
    discards ``cards`` cards face down and is dealt as many from the stock. Repeats until no one
    proposes, or the stock is too small for another round."""

    model_config = ConfigDict(extra="forbid")

    name: Words = Field("exchange", description="what the exchange is called (plain words: spec.words)")
    cards: int = Field(ge=1, le=MAX_CARDS, description="cards each player exchanges (1 to 100)")
    single: bool = Field(False, description="phrased as an exchange of a single card (cards must be 1)")


class ExtraRules(BaseModel):
    """SU-09: rules the players invent during the game, drawn from the rule grammar
    (``generator.spec.laws``). ``bonus``: public laws invented after each hand by its best scorer;
    ``secret``: laws invented before the first hand, known only to their inventor; others learn
    one by breaking it and taking the play back."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["bonus", "secret"]
    name: Words = Field("bonus rule", description="what a rule is called, e.g. 'occult bylaw' (plain words: spec.words)")
    repeal: bool = Field(False, description="bonus: the inventor may instead repeal an existing rule")
    inventor: Literal["dealer", "random-player", "dealer-and-right"] = Field(
        "dealer", description="secret: who invents the rules before the first hand"
    )


class SetupSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    trumps: TrumpMethod = Field(default_factory=NoTrumps)
    anti_trumps: bool = Field(
        False, description="SU-03: the dealer, before looking, names a non-trump suit as anti-trumps"
    )
    bowers: bool = Field(
        False, description="the Jack of trumps (the right bower) and the other Jack of its colour (the left bower, "
        "a trump for the hand) are the two highest trumps, below any jokers (Euchre, Hasenpfeffer)")
    robbing: Robbing | None = None
    top_trump_point: bool = Field(
        False, description="SU-06: whoever holds the top trump may show it at once to score one point"
    )
    high_low: bool = Field(
        False, description="SU-07: before each hand players choose a card to show; if all show the low "
        "colour the hand is played low and its scores are inverted"
    )
    pig: PigCard | None = None
    extra_rules: ExtraRules | None = None
    exchange: Exchange | None = None

    def has_trumps(self) -> bool:
        return self.trumps.method != "none"
