"""The play section of a fishing game: cards dealt face up to the table, then each player in
turn plays one card from hand to capture table cards with it, or lays it on the table."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from generator.spec.play import PlaySection
from generator.spec.words import Code


class FishPlay(PlaySection):
    """Capturing from the table (Xeri, Kontsina; Cassino and Scopa are cousins).

    * ``layout``: ``pile`` — the table cards lie in one face-up pile and only its top card can be
      matched; a capture takes the whole pile (Xeri). ``spread`` — the table cards lie side by
      side and each can be taken (Kontsina).
    * ``table``: how many cards are dealt face up to the table after the hands.
    * ``fresh_table``: the opening table is dealt again when it would hand out a free capture: in a
      pile, its top card is of the sweeping rank or shares its rank with the card under it; in a
      spread, it holds a card of the sweeping rank or three cards of one rank. Its cards are
      shuffled back into the stock and the table is dealt again.
    * ``sweeper``: a rank whose cards take every card on the table (Xeri's Jack); None: no such rank.
    * ``match``: in a spread, a card matching a table card's rank takes one card of that rank
      (``one``) or every card of it (``all``). In a pile, matching the top card takes the pile.
    * ``sums``: in a spread, a numbered card (an Ace counts one) may instead take two or more
      table cards whose numbers add up to its own; courts are only ever matched.
    * ``must_capture``: a player who can capture must.
    * ``sweep``: what scores as a sweep (``scoring.sweeps`` names it and its points): ``lone-card``
      — taking a table of exactly one card with a card of its rank (a sweeping card counts only
      on a card of its own rank); ``clear-table`` — any capture that takes every card on the
      table, from the second turn of the hand on. The last capturer's taking of what is left at
      the end of the hand is never one. None when no sweep scores.
    """

    model_config = ConfigDict(extra="forbid")

    family: Literal["fishing"] = "fishing"
    layout: Literal["pile", "spread"] = Field("spread", description="one pile (its top card is matched) or the "
                                              "table cards side by side")
    table: int = Field(4, ge=1, le=8, description="cards dealt face up to the table at the start of a hand (1 to 8)")
    fresh_table: bool = Field(False, description="an opening table that gives a free capture is dealt again")
    first_turn: Literal["dealer", "dealer-left"] = Field("dealer-left", description="who takes the first turn")
    sweeper: Code | None = Field(None, description="a rank whose cards take every card on the table")
    match: Literal["one", "all"] = Field("one", description="in a spread: a match takes one card of the rank, or all")
    sums: bool = Field(False, description="in a spread: a number card may take cards whose numbers add up to its own")
    must_capture: bool = Field(False, description="a player who can capture must")
    sweep: Literal["lone-card", "clear-table"] | None = Field(None, description="what scores as a sweep")

    def plays_in_sides(self) -> bool:
        return True   # partners' captures and sweeps are pooled before the hand is scored (``FishScorer.pool``)

    def draws_stock(self) -> bool:
        return True   # empty hands are refilled from the stock, which the rulebook says
