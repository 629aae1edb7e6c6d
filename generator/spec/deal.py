"""Players and the deal: hand sizes, the odd card, misdeals, the kitty, countdown tokens, face-down
rows, and the stock with its discard piles (DL-01…DL-12)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .words import MAX_CARDS, MAX_PLAYERS, MIN_PLAYERS, Code, Words, shorten


#: DL-12: each player's rows hold three cards face down and three face up on them.
ROW_CARDS = 6


class Sides(BaseModel):
    """Fixed partnerships: at a player count that makes two or more whole sides of ``size``, the
    players form sides seated so that the sides take turns round the table (with two to a side,
    partners sit opposite each other); at any other count of the game's range each plays alone, a
    side of one (two players, or four, in partnerships, as some games have it). Seat ``p`` of
    ``n`` is on side ``p mod (n / size)``: the first dealer's side is side 0.

    A side plays as one player of the scoring: its members' tricks, cards taken and bids are
    counted together, the side scores the hand, and its members share its total and win or lose
    together. Whether a family can play in sides is its play section's answer
    (``PlaySection.plays_in_sides``)."""

    model_config = ConfigDict(extra="forbid")

    size: int = Field(2, ge=2, le=4, description="players on each side: 2 (partners) to 4")

    def applies(self, players: int) -> bool:
        """Whether ``players`` make two or more whole sides (else each plays alone)."""
        return players % self.size == 0 and players // self.size >= 2

    def count(self, players: int) -> int:
        """How many sides ``players`` make (each player a side of their own where sides do not apply)."""
        return players // self.size if self.applies(players) else players

    def of(self, players: int) -> list[int]:
        """The side of each seat."""
        k = self.count(players)
        return [p % k for p in range(players)]


class Coalition(BaseModel):
    """Sides formed afresh each hand (French Tarot's taker, Skat's soloist, Calabrasella's
    declarer): the player who names trumps plays that hand alone against all the others, who play
    it as one side. Within the hand a side plays as one player of the scoring, as fixed sides do
    (the others' tricks and cards counted together, each of them given the side's score); across
    hands every player keeps their own total and the game is won by a player alone. The caller is
    the one ``setup.trumps`` names (a call by the dealer or the dealer's left), so the coalition
    changes seat with the deal."""

    model_config = ConfigDict(extra="forbid")

    against: Literal["caller"] = Field("caller", description="who plays alone against the rest: the player who names "
                                       "trumps")


class Players(BaseModel):
    model_config = ConfigDict(extra="forbid")

    min: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS, description="the fewest players: 2 to 8")
    max: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS, description="the most players: 2 to 8, and not fewer than min")
    sides: Sides | None = Field(None, description="fixed partnerships (none: each plays for themselves)")
    coalition: Coalition | None = Field(None, description="sides formed each hand: the caller alone against the rest "
                                        "(none: no such sides)")

    @model_validator(mode="after")
    def _min_not_above_max(self) -> "Players":
        """A range that runs backwards has no player count at all: every layer would find nothing
        to deal, play or print."""
        if self.min > self.max:
            raise ValueError(f"the player range runs backwards: min is {self.min}, max is {self.max}")
        return self

    @model_validator(mode="after")
    def _sides_at_some_count(self) -> "Players":
        """Sides that no player count of the range can form would be a rule never played."""
        if self.sides is not None and not any(self.sides.applies(n) for n in self.counts()):
            size = self.sides.size
            raise ValueError(f"sides of {size} need a player count that makes two or more whole sides "
                             f"({2 * size}, {3 * size} …), but the game is for {self.min} to {self.max} players")
        return self

    @model_validator(mode="after")
    def _one_kind_of_sides(self) -> "Players":
        """Fixed partnerships and a coalition formed each hand would put a player on two sides."""
        if self.sides is not None and self.coalition is not None:
            raise ValueError("the players play either in fixed partnerships (sides) or as the caller against "
                             "the rest each hand (coalition), not both")
        if self.coalition is not None and self.min < 3:
            raise ValueError(f"the caller against the rest needs three players or more (two can only play one "
                             f"against one), but the game is for {self.min} to {self.max} players")
        return self

    def counts(self) -> range:
        return range(self.min, self.max + 1)

    def phrase(self) -> str:
        """The range as a sentence says it: "for 4 players", "for 3 to 5 players"."""
        return f"for {self.min} players" if self.min == self.max else f"for {self.min} to {self.max} players"


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


class KittyCapture(BaseModel):
    """TT-14, CL-13: a card (or any card of a suit) that wins the kitty.

    Trick-taking, and climbing with tricks taken: the first player to win a trick holding ``card``
    (or any card of ``suit``) also takes the kitty, as an extra trick won. Climbing with the played
    cards set aside: the first time the card (or a card of the suit) is in a pile that is set
    aside, the player who played the pile's last card takes the kitty into their hand (the book's
    "the player" of CL-13, read so)."""

    model_config = ConfigDict(extra="forbid")

    card: Code | None = None
    nickname: Words | None = Field(None, description="the card's nickname (plain words: spec.words)")
    suit: Code | None = None


class Tokens(BaseModel):
    """DL-04: each player starts with ``hand_size`` tokens and is dealt, each hand, as many cards as
    they hold tokens; the winner of a hand gives one up (SC-A1, SC-B) and the first with none left
    wins (EN-01)."""

    model_config = ConfigDict(extra="forbid")

    name: Words = Field("token", description="what a token is called: coin, counter, penny … (plain words: spec.words)")


class Stock(BaseModel):
    """DL-08…DL-10 (matching and melding): after the hands, ``discard_piles`` cards are dealt face up,
    each starting a discard pile; with ``wild_card`` one more is dealt face up to one side, and the
    other cards of its rank are jokers (wild) for the hand, the card itself out of play; the
    undealt cards form the stock, drawn from face down.

    When the stock runs out, all but the top card of each discard pile are shuffled into a new
    stock (the book's rule). If that leaves no card, a player who would draw draws nothing.

    A wild card that has no rank (a joker, a tarot major) is set aside all the same, and no rank is
    wild that hand: it has no "other cards of its rank". (The book turned a single joker back and
    dealt another, and said nothing of two jokers or of majors; one reading for all of them.)"""

    model_config = ConfigDict(extra="forbid")

    discard_piles: int = Field(1, ge=1, le=2, description="face-up discard piles dealt to start play: 1 or 2")
    wild_card: bool = Field(False, description="DL-09: a card dealt face up to one side; the other cards of its "
                            "rank are jokers for the hand")

    def table_cards(self) -> int:
        """Cards dealt face up to the table before play: the piles' first cards and the wild card."""
        return self.discard_piles + int(self.wild_card)


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
    tokens: Tokens | None = Field(None, description="DL-04: hand sizes are counted in tokens; hand_size is each "
                                  "player's starting number of tokens")
    rows: bool = Field(False, description="DL-12: each player is also dealt three cards face down, each covered by "
                       "a card face up, played once their hand is empty (SH-02)")
    stock: Stock | None = Field(None, description="DL-08…DL-10: discard piles dealt face up, the undealt cards "
                                "left as a stock (matching and melding)")

    @field_validator("hand_size")
    @classmethod
    def _hand_size_bounds(cls, value: int | str) -> int | str:
        """Hand sizes are bounded like every count (spec.words): a deal of ten million cards each
        would be dealt, printed and checked card by card."""
        if isinstance(value, int) and not 1 <= value <= MAX_CARDS:
            raise ValueError(f"a hand has 1 to {MAX_CARDS} cards (got {shorten(value)})")
        return value

    def row_cards(self) -> int:
        """Cards each player is dealt into face-down rows (DL-12): three face down, three face up."""
        return ROW_CARDS if self.rows else 0

    def cards_each(self, players: int, deck_size: int) -> int:
        """Cards dealt to each player (before any odd card) at this player count."""
        if self.hand_size == "all":
            reserve = self.kitty.size if self.kitty and self.kitty.form == "dealt" and self.kitty.size else 0
            return (deck_size - reserve - self.row_cards() * players) // players
        if self.hand_size_over_three is not None and players > 3:
            return self.hand_size_over_three
        return self.hand_size
