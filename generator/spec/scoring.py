"""Scoring at the end of each hand: trick scoring (SC-T1…SC-T4) and shedding scoring (SC-A1…SC-A4,
SC-B).

Trick scoring is for trick-taking games and climbing games whose piles are taken as tricks; in a
climbing game the hand ends as soon as a player has played their last card (the unfinished trick
is set aside, won by no one). Shedding scoring is for climbing games that set their piles aside
(and the melding and matching families): the hand is won by going out first.

Readings Parlour prints where the seed book is silent (catalogue §1.11, §2.4): "face cards" are
the pack's court ranks (K, Q, J; the German King, Ober and Unter; the tarot King, Queen, Knight and
Page); a number card is worth its pip value; the "they" of a pig clause is the hand's winner; the
vice may score more than the title holder, as the book has it.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .words import MAX_CARDS, MAX_POINTS, MAX_TARGET, Code, Words


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
    quotas: list[Annotated[int, Field(ge=0, le=MAX_CARDS)]] | None = Field(
        None, max_length=8, description="a quota of tricks by seat, the dealer's first, then going left (Sergeant "
        "Major's 9, 5, 2): each scores only the tricks beyond their own quota")
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


class TrickMajority(BaseModel):
    """A hand won by taking enough of its tricks (Omi, Court Piece): the player, or side, that takes
    ``needed`` tricks or more wins the hand and scores ``points`` — ``caller_points`` instead when it
    is the player (or side) who named trumps, ``sweep`` instead for taking every trick; no one
    scores when no one reaches ``needed``. With ``stop`` the hand ends as soon as someone has
    ``needed`` tricks, the cards still held unplayed."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["majority"] = "majority"
    needed: int = Field(ge=1, le=MAX_CARDS, description="tricks that win the hand (more than half of them: 1 to 100)")
    points: int = Field(ge=1, le=MAX_POINTS, description="what the hand's winner scores (1 to 1,000)")
    caller_points: int | None = Field(None, ge=0, le=MAX_POINTS,
                                      description="what it scores instead when it named trumps (0 to 1,000)")
    sweep: int | None = Field(None, ge=1, le=MAX_POINTS, description="what taking every trick scores instead "
                              "(1 to 1,000)")
    stop: bool = Field(False, description="the hand ends as soon as someone has the tricks needed")


class Countdown(BaseModel):
    """SC-A1, SC-B (with countdown tokens, DL-04): the first player to go out wins the hand and gives
    up one token; two if the pig was revealed (the hand's winner gives them up)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["countdown"] = "countdown"


class _Shedding(BaseModel):
    """SC-A2's round end, shared by its three payments."""

    model_config = ConfigDict(extra="forbid")

    round_end: Literal["empty-hand", "knock-five", "knock-out"] = Field(
        "empty-hand", description="the hand is won by the first to go out; or a player whose hand is worth 5 or "
        "less may knock on their turn and wins at once; or (melding) a player who goes out knocks, everyone else "
        "has one more turn, and the knocker wins"
    )
    stock_out: bool = Field(False, description="the second time the stock runs out the hand ends at once and the "
                            "smallest hand wins (ties: the tied player whose turn is current or comes soonest)")
    low_finish_double: bool = Field(False, description="the hand's points are doubled if its final play held only "
                                    "cards of the lowest rank")


class CardValues(BaseModel):
    """SC-A2's table: what a card left in a hand is worth. A row left empty is not in the table
    (the pack lacks those cards); cards left in face-down rows are worth 1 each."""

    model_config = ConfigDict(extra="forbid")

    jokers: int | None = Field(None, ge=0, le=MAX_POINTS, description="each joker (0 to 1,000)")
    majors: int | None = Field(None, ge=0, le=MAX_POINTS, description="each tarot major arcana card (0 to 1,000)")
    faces: int | None = Field(None, ge=0, le=MAX_POINTS, description="each court card (0 to 1,000)")
    aces: int | None = Field(None, ge=0, le=MAX_POINTS, description="each ace (0 to 1,000)")
    pig: int | None = Field(None, ge=0, le=MAX_POINTS,
                            description="the pig, if it was revealed; unrevealed it scores as normal (0 to 1,000)")
    numbers: Literal["pips", "one"] = Field("pips", description="a number card is worth its pips, or 1")


class HandValue(_Shedding):
    """SC-A2 with the card-value table: the winner gains what the others hold, or each other player
    loses what they hold."""

    kind: Literal["card-values"] = "card-values"
    values: CardValues
    losers_lose: bool = Field(False, description="each other player loses the value of their own cards "
                              "(otherwise the winner gains the value of all of them)")


class CardCount(_Shedding):
    """SC-A2 counting cards: each other player loses a point per card they hold, or the winner gains
    a point per card the others hold. Cards in face-down rows are not counted."""

    kind: Literal["card-count"] = "card-count"
    losers_lose: bool = Field(description="each other player loses a point per card in their hand (otherwise the "
                              "winner gains a point per card in the others' hands)")
    pig_cards: int | None = Field(None, ge=1, le=MAX_CARDS, description="a revealed pig counts as this many cards")


class LandlordStake(_Shedding):
    """SC-A2 with a landlord (BD-03): if the landlord wins the hand each opponent pays them the bid,
    otherwise the landlord pays it to each opponent; doubled for every bomb (and rocket) played in
    the hand, and doubled again for a player who holds the pig."""

    kind: Literal["landlord-stake"] = "landlord-stake"


class TitlePig(BaseModel):
    """SC-A3: a revealed pig makes the title holder or the loser score or lose ``points``."""

    model_config = ConfigDict(extra="forbid")

    who: Literal["title", "loser"]
    points: int = Field(ge=-MAX_POINTS, le=MAX_POINTS, description="scored (negative: lost); −1,000 to 1,000")


class CardPassing(BaseModel):
    """WU-02…WU-05: what happens between hands.

    ``best-card``: after the deal the loser gives the title holder their highest card and gets any one
    card back. ``two-cards``: the loser gives their two highest cards and gets back ``returned`` cards
    of the title holder's choice. ``swap-hands``: before anyone looks, each player shows the top card
    of their hand; the title holder swaps hands with the owner of the highest (the vice with the
    owner of the second highest). ``loser-deals``: the loser gathers and deals every card for the next
    hand; with ``usurper``, anyone else who picks up the cards or tries to deal becomes the loser."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["best-card", "two-cards", "swap-hands", "loser-deals"]
    returned: int | None = Field(None, ge=2, le=3, description="two-cards: how many cards come back (2 or 3)")
    usurper: bool = Field(False, description="loser-deals: another player who tries to deal becomes the loser")


class Titles(BaseModel):
    """SC-A3 ("President"): the first out takes a title and scores ``first`` (and a point per card
    left in the kitty, if one is left); the loser loses ``loser_penalty``.

    ``retire``: a player who goes out retires and play goes on until one is left, who is the loser;
    with a ``vice`` the second out takes that title and scores ``second``. Otherwise the first out
    ends the hand and the single player with the most cards left (if one has most) is the loser."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["titles"] = "titles"
    title: Words = Field("president", description="the first out's title (plain words)")
    first: int = Field(ge=0, le=MAX_POINTS, description="points for the first out (0 to 1,000)")
    vice: Words | None = Field(None, description="with retire: the second out's title (plain words)")
    second: int | None = Field(None, ge=0, le=MAX_POINTS, description="with a vice: points for the second out")
    loser: Words = Field("peasant", description="the loser's title (plain words)")
    loser_penalty: int = Field(0, ge=0, le=MAX_POINTS, description="points the loser loses (0: none)")
    retire: bool = Field(True, description="play on until one player is left (otherwise the first out ends the hand)")
    pig: TitlePig | None = None
    starter: Literal["title", "vice", "loser"] = Field("title", description="who leads the first trick of the next "
                                                         "hand")
    passing: CardPassing | None = None
    rule_maker: Literal["title", "vice"] = Field(
        "title", description="with invented rules (SU-09): which title holder may make or repeal one after a hand"
    )


class FirstOut(BaseModel):
    """SC-A4: the first to go out wins the hand and scores a point, and a point more if the pig was
    revealed."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["first-out"] = "first-out"


class RankPoints(BaseModel):
    """Every card of ``rank`` a player took scores ``points``."""

    model_config = ConfigDict(extra="forbid")

    rank: Code
    points: int = Field(ge=1, le=MAX_POINTS, description="1 to 1,000")


class CardPoint(BaseModel):
    """One named card scores ``points`` for its taker, on top of what its rank scores."""

    model_config = ConfigDict(extra="forbid")

    card: Code
    points: int = Field(ge=1, le=MAX_POINTS, description="1 to 1,000")


class SuitMajority(BaseModel):
    """Taking more cards of ``suit`` than any other player scores ``points`` (no one on a tie)."""

    model_config = ConfigDict(extra="forbid")

    suit: Code
    points: int = Field(ge=1, le=MAX_POINTS, description="1 to 1,000")


class Sweeps(BaseModel):
    """Each sweep (what counts as one is the family's card play: a capture game's *Play* says)
    scores ``points``; ``name`` is what the game calls one."""

    model_config = ConfigDict(extra="forbid")

    name: Words = Field("sweep", description="what a sweep is called (plain words: spec.words)")
    points: int = Field(ge=1, le=MAX_POINTS, description="1 to 1,000")


class CardPoints(BaseModel):
    """Card points: each player scores for the cards they took in the hand (captured, in a fishing
    game; won in tricks, in a trick-taking one), by a table of ranks and named cards, plus
    majorities (the most cards; the most of a suit: no one scores a majority that is tied), plus
    points per sweep or for the last trick; counted, where a game says so, in groups (a point for
    every whole three). Shared by any family whose players take cards; the family's scorer gives
    the piles taken, the sweeps made and who won the last trick."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["card-points"] = "card-points"
    ranks: list[RankPoints] = Field(default_factory=list, description="points for each card of a rank")
    cards: list[CardPoint] = Field(default_factory=list, description="points for named cards, on top of their rank's")
    most_cards: int | None = Field(None, ge=1, le=MAX_POINTS,
                                   description="points for taking more cards than any other player (1 to 1,000)")
    most_suit: SuitMajority | None = Field(None, description="points for taking the most cards of a suit")
    sweeps: Sweeps | None = Field(None, description="points for each sweep")
    last_trick: int | None = Field(None, ge=1, le=MAX_POINTS,
                                   description="points for winning the last trick of the hand, in a game of tricks "
                                   "(1 to 1,000)")
    per_trick: int | None = Field(None, ge=1, le=MAX_POINTS,
                                  description="points for each trick won, in a game of tricks (Botifarra: 1; 1 to 1,000)")
    beyond: int | None = Field(None, ge=1, le=MAX_TARGET,
                               description="a hand scores only its points beyond this many (Botifarra: 36), never "
                               "less than nothing (1 to 10,000)")
    groups: int | None = Field(None, ge=2, le=10,
                               description="card points counted in groups: the hand scores one point for every whole "
                               "group of this many (Tresette's thirds: 3), any remainder lost (2 to 10)")


class HandScore(BaseModel):
    """How one hand of a schedule scores (King's contracts): an existing scoring kind reused as a
    counter, each thing it counts worth ``points`` (negative: a loss), on top of ``start``. What is
    counted: ``per-trick``, the tricks won; ``avoid-suit``, the cards of its suit taken;
    ``card-points``, the cards of its ranks and its named cards taken, each row worth 1 (the
    checks keep the reused kind to these plain forms, so that one table row says it all). With
    ``last`` only the hand's last tricks count (King's sixth hand: each of the last two)."""

    model_config = ConfigDict(extra="forbid")

    scoring: Annotated[Union[TrickPoints, AvoidSuit, CardPoints], Field(discriminator="kind")]
    points: int = Field(ge=-MAX_POINTS, le=MAX_POINTS, description="what each trick or card counted is worth "
                        "(negative: a loss; −1,000 to 1,000)")
    start: int = Field(0, ge=-MAX_POINTS, le=MAX_POINTS, description="each player's score for the hand before "
                       "anything is counted (King's playing down: 325)")
    last: int | None = Field(None, ge=1, le=MAX_CARDS, description="only the last this many tricks of the hand "
                             "count (King: 2)")


class HandMode(HandScore):
    """One way a hand may be scored, chosen by the dealer once trumps are named (King's up, down)."""

    name: Words = Field(description="what the mode is called: 'up', 'down' (plain words: spec.words)")


class Contract(BaseModel):
    """One kind of hand in a schedule, played ``hands`` times in a row: its trumps (none; the game's
    own rule, ``setup.trumps``; or the dealer's choice of a suit or no trumps, made on their whole
    hand) and its score, or the modes the dealer chooses between."""

    model_config = ConfigDict(extra="forbid")

    contract: Words = Field(description="the hand's name: 'tricks', 'hearts', 'positive' (plain words: spec.words)")
    hands: int = Field(1, ge=1, le=20, description="how many hands in a row are played so (1 to 20)")
    trumps: Literal["none", "game", "dealer"] = Field(
        "none", description="no trumps; the game's own trump rule (setup.trumps); or the dealer names a suit or no "
        "trumps after looking at their hand")
    score: HandScore | None = Field(None, description="how the hand scores (or modes: the dealer's choice)")
    modes: list[HandMode] | None = Field(None, min_length=2, max_length=4,
                                         description="the ways the dealer may choose to score the hand (2 to 4)")

    @model_validator(mode="after")
    def _score_or_modes(self) -> "Contract":
        if (self.score is None) == (self.modes is None):
            raise ValueError("say how the hand scores: either score or modes, not both")
        return self


class Schedule(BaseModel):
    """A game as a list of hand kinds played in order (King: six negative contracts, then four
    positive hands). The deal passes to the left after every hand as usual; ``each_dealer`` plays
    the whole schedule once for each player instead, who deals every hand of their pass. The game
    ends when the schedule is played (``ending.condition.kind: schedule``); a hand played to settle
    a tie is played as the schedule's last one."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["schedule"] = "schedule"
    contracts: list[Contract] = Field(min_length=1, max_length=20, description="the hand kinds, in order")
    each_dealer: bool = Field(False, description="the schedule is played once by each player in turn as dealer")

    def flat(self) -> list[Contract]:
        """Every hand of one pass of the schedule, in order (a contract of ``hands: 4`` four times)."""
        return [c for c in self.contracts for _ in range(c.hands)]

    def hands_at(self, players: int) -> int:
        """How many hands the game is at ``players`` (one pass, or one for each player)."""
        return sum(c.hands for c in self.contracts) * (players if self.each_dealer else 1)


#: Trick scoring (SC-T) and shedding scoring (SC-A, SC-B), told apart by ``kind``; card points;
#: a schedule of hand kinds (each scored by one of the trick or card-point kinds).
TRICK_KINDS = ("avoid-suit", "per-trick", "exact-bid", "majority")
SHEDDING_KINDS = ("countdown", "card-values", "card-count", "landlord-stake", "titles", "first-out")
TAKEN_KINDS = ("card-points",)

ScoringSpec = Annotated[
    Union[AvoidSuit, TrickPoints, ExactBid, TrickMajority, Countdown, HandValue, CardCount, LandlordStake, Titles,
          FirstOut, CardPoints, Schedule],
    Field(discriminator="kind"),
]


def losing_points(scoring) -> bool:
    """Whether hand scores are penalties, so the game ends on a negative threshold."""
    return scoring.kind == "avoid-suit" or getattr(scoring, "losers_lose", False)
