"""Play for the trick-taking family (TT-01…TT-04, TT-07, TT-08, TT-12, TT-13)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.spec.deal import KittyCapture
from generator.spec.play import PlaySection
from generator.spec.words import Code, Words


class BreakingSuit(BaseModel):
    """TT-07: ``suit`` may not be led until a card of it has been played in an earlier trick of the hand.

    Playing the first card of the suit is called ``verb`` followed by the suit ("breaking hearts").
    A verb written with the suit already at its end ("breaking hearts") means the same and is kept
    without it, so that the name is never printed with the suit twice."""

    model_config = ConfigDict(extra="forbid")

    suit: Code
    verb: Words = Field("breaking", description="the words before the suit in what playing the first card of it is "
                        "called: 'breaking' for “breaking hearts”, 'bleeding' for “bleeding hearts” (plain words: "
                        "spec.words)")

    @model_validator(mode="before")
    @classmethod
    def _verb_without_the_suit(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("verb"), str) and isinstance(data.get("suit"), str):
            words = data["verb"].split(" ")
            if len(words) > 1 and words[-1] == data["suit"]:
                data = {**data, "verb": " ".join(words[:-1])}
        return data


class Boost(BaseModel):
    """TT-10: a trick led with a card of ``rank`` goes round twice: everyone plays two cards to it."""

    model_config = ConfigDict(extra="forbid")

    rank: Code
    name: Words = Field("boost", description="what such a trick is called (plain words: spec.words)")


class TrickPlay(PlaySection):
    model_config = ConfigDict(extra="forbid")

    family: Literal["trick-taking"] = "trick-taking"
    opening_leader: Literal["dealer", "dealer-left", "holder", "landlord"] = Field(
        description="who leads the first trick; 'holder': whoever holds opening_card, leading it; "
        "'landlord': the winner of the auction"
    )
    opening_card: Code | None = None
    opening_lead: Literal["any", "no-trump"] = Field(
        "any", description="TT-02: the opening lead may not be a trump unless the leader holds only trumps"
    )
    weak_led_suit: Words | None = Field(None, description="TT-03: the name for the weak led suit, if that rule is used "
                                        "(plain words: spec.words)")
    following: Literal["must-follow", "follow-or-trump", "free"] = "must-follow"
    otherwise: Literal["any", "trump", "higher", "new-suit", "new-rank"] = Field(
        "any", description="with must-follow: what a player who cannot follow must play if they can"
    )
    overtake: Literal["must", "unless-partner"] | None = Field(
        None, description="a player who can beat the best card in the trick with a card they may play must do so; "
        "with unless-partner, not while a partner's card is winning it (Botifarra)")
    breaking: BreakingSuit | None = None
    first_trick_ban: Code | None = Field(
        None, description="TT-08: cards of this suit may not be played to the first trick unless nothing else is held"
    )
    winner: Literal["led-suit", "any-suit"] = Field(
        "led-suit", description="without a trump in the trick: highest of the led suit, or highest of any suit"
    )
    next_leader: Literal["winner", "left-of-leader", "lowest-card"] = "winner"
    jokers: Literal["top", "split", "bottom", "wild"] = Field(
        "top", description="TT-05: jokers are the highest trumps; red highest and black lowest; the lowest "
        "trumps; or wild, played as any card the player names"
    )
    joker_lead: Code | None = Field(
        None, description="TT-06: when a joker is led, everyone else must play their highest card of this suit"
    )
    boost: Boost | None = None
    pig_lead: Literal["free", "no-lead", "no-lead-or-first"] = Field(
        "free", description="TT-09: a revealed pig may not lead a trick (nor, with no-lead-or-first, be played "
        "to the first trick of its suit) unless it is the player's only card of its suit"
    )
    kitty_capture: KittyCapture | None = None

    def kitty_use(self) -> str | None:
        return "capture" if self.kitty_capture is not None else None   # TT-14

    def joker_play(self) -> str:
        return self.jokers

    def scores_cards_won(self) -> bool:
        return True   # the tricks won are the cards a card-point table counts

    def plays_in_sides(self) -> bool:
        return True   # partners' tricks are pooled before the hand is scored (``HandScorer.pool``)

    def with_partners(self) -> "TrickPlay | None":
        """Overtaking that spares a partner who is winning the trick (Botifarra's law) is the
        partnership form of "must overtake"."""
        return self.model_copy(update={"overtake": "unless-partner"}) if self.overtake == "must" else None

    def plays_schedules(self) -> bool:
        return True   # each hand's contract reuses a scoring of tricks or cards taken (``schedule``)

    def compares_across_suits(self) -> bool:
        """The highest card of any suit wins, the weak led suit, "a higher card" when unable to
        follow, or the lowest card leading next."""
        return (self.winner == "any-suit" or self.weak_led_suit is not None or self.otherwise == "higher"
                or self.next_leader == "lowest-card")

    def ranks_within_suit_only(self) -> bool:
        """A trick won in the suit led or by a trump compares cards of one suit, unless a rule above
        compares across suits."""
        return not self.compares_across_suits()
