"""Play for the climbing family (CL-01…CL-13): each player in turn passes or plays a card, a set or a
run that beats the play before it; when the others have passed, the pile is taken as a trick or set
aside, and the last to play leads again. The first to empty their hand goes out.

Readings Parlour prints where the seed book is silent, contradictory or wrong (catalogue §2):

* *A "hand" that is a trick.* The book says "the hand continues until …" for what is one trick (a
  climb); Parlour says *trick* and keeps *hand* for the deal.
* *CL-04b's example.* "Higher sets" prints an example in which a lower pair beats a single; the rule
  says the set must be of higher rank, and the rule is what Parlour plays and prints.
* *Sets with single-card leads* (CL-02 singles and CL-04a/b): leads stay single cards, and sets may
  be played to beat a single (and then beaten by the sets the rule allows).
* *Who leads after the last card's player went out* (CL-12): the next player to their left who
  still holds cards.
* *A single joker and a bomb* (CL-05 "beats any play", CL-08 "beats anything except a higher
  bomb"): the single joker beats a bomb; a bomb played on a single joker does not beat it; only
  the rocket beats a single joker.
* *The rocket* is the pair of jokers; with jokers wild it is still the rocket when played as a pair
  of jokers alone.
* *Transparent cards* (CL-09) copy the rank of the play beneath; a set of them laid on a set copies
  its rank; on a run they are not a play of their own (a run cannot be copied), so they only count
  as their own rank there.
* *Wild jokers* (CL-05) stand for any card of the pack's ranks in a set or run; a joker played alone
  is a single of the top rank.
* *Run wrap* (DK-05) is printed only when runs are allowed; a wrap note in a game without runs is
  a contradiction the static checks report.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.spec.deal import KittyCapture
from generator.spec.play import PlaySection
from generator.spec.words import Code, Words


class Bomb(BaseModel):
    """CL-08: four cards of a rank may be played at any time and beat anything but a higher bomb.

    With ``rocket``: the pair of jokers beats everything, bombs too, and nothing beats it."""

    model_config = ConfigDict(extra="forbid")

    name: Words = Field("bomb", description="what four of a kind is called: bomb, shell, petard … (plain words)")
    rocket: Words | None = Field(None, description="the name of the pair of jokers that beats everything, if the "
                                 "game has one: rocket, missile … (plain words)")


class Transparent(BaseModel):
    """CL-09: a card of ``rank`` (or a set of them) counts as a copy of the play it is laid on; led
    with nothing beneath it, it counts as its own rank."""

    model_config = ConfigDict(extra="forbid")

    rank: Code
    word: Words = Field("transparent", description="what such cards are called: transparent, invisible, glass … "
                        "(plain words)")


class ClimbPlay(PlaySection):
    """The climbing family's play section."""

    model_config = ConfigDict(extra="forbid")

    family: Literal["climbing"] = "climbing"
    opening_leader: Literal["dealer", "dealer-left", "holder", "landlord"] = Field(
        description="who leads the first trick of a hand; 'holder': whoever holds opening_card, leading it as a "
        "single card; 'landlord': the winner of the auction"
    )
    opening_card: Code | None = Field(None, description="with opening_leader 'holder': the card whose holder leads")
    opening_play: Literal["alone", "with"] = Field(
        "alone", description="with opening_leader 'holder': the holder leads the card alone, as a single ('alone'), "
        "or with any lead that includes it ('with', President's usual rule: a pair or triple of threes)")
    leads: Literal["singles", "sets", "runs"] = Field(
        description="CL-02, what may be led: single cards only; a single card or a set of one rank; or a single, "
        "a set or a run of three or more cards next to each other in the rank list"
    )
    runs: Literal["same-suit", "any-suit"] | None = Field(
        None, description="with leads 'runs': whether a run's cards share a suit"
    )
    must_play: bool = Field(False, description="CL-03: a player who can beat the last play must do so")
    beating: Literal["higher", "sets-crush", "higher-sets"] = Field(
        "higher", description="CL-04: 'higher': a play is beaten by the same shape of a higher rank; 'sets-crush': "
        "a single is also beaten by any set (and any run), a set by any larger set; 'higher-sets': a single is "
        "also beaten by a set of higher rank (or a run holding a higher card), a set by a larger set of higher rank"
    )
    jokers: Literal["none", "top", "wild"] = Field(
        "none", description="CL-05: a joker played alone beats any play ('top'), or jokers are wild; 'none' only "
        "for a pack without jokers"
    )
    natural_beats_joker: bool = Field(
        False, description="CL-05 with wild jokers: a set without a joker beats the same set made with one"
    )
    low_bomb: bool = Field(False, description="CL-06: a single card of the lowest rank may be played at any time "
                           "and beats anything")
    colour_match: bool = Field(False, description="CL-07 (standard pack): a single card is also beaten by the same "
                               "rank in the other colour")
    bomb: Bomb | None = None
    transparent: Transparent | None = None
    trick_end: Literal["all-passed", "first-pass"] = Field(
        "all-passed", description="CL-11: the trick ends when all but one player have passed in sequence; or, "
        "without sets, at the first pass or once there are as many cards in it as players"
    )
    rejoin: bool = Field(True, description="CL-11: a player who has passed may play again later in the same trick")
    collection: Literal["trick", "set-aside"] = Field(
        description="CL-12: the last to play takes the pile as a trick won (trick scoring), or it is set aside face "
        "down (shedding scoring); either way they lead next"
    )
    kitty_capture: KittyCapture | None = Field(None, description="CL-13: the card or suit that wins the kitty")

    @model_validator(mode="after")
    def _opening_play_of_a_holder(self) -> "ClimbPlay":
        """Only the holder of the opening card leads it, alone or with others."""
        if self.opening_play != "alone" and self.opening_leader != "holder":
            raise ValueError("opening_play 'with' is how the holder of the opening card leads: opening_leader "
                             "'holder'")
        return self

    def sets_allowed(self) -> bool:
        """Whether sets may be played at all: led (CL-02), or laid on singles (CL-04a/b)."""
        return self.leads != "singles" or self.beating != "higher"

    def runs_allowed(self) -> bool:
        return self.leads == "runs"

    def kitty_use(self) -> str | None:
        return "capture" if self.kitty_capture is not None else None   # CL-13

    def joker_play(self) -> str:
        return self.jokers
