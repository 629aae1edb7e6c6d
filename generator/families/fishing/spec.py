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
    * ``combinations``: in a spread, a card takes ``one`` combination (one match or one set adding
      up), or ``every`` disjoint combination equal to it at once (Diloti): each table card of its
      rank, each set of number cards adding up to it, each build of its total. Where the groups
      overlap the player chooses which to take, but must take as many as fit: when the capture is
      done, no group of the cards left equals the card played (a *maximal* collection).
    * ``builds``: in a spread with sums, a player may instead *build* (Diloti's declarations): play
      a number card onto loose number cards to make a bundle of their total, taken only whole and
      by a card of that total, which the builder must hold; an opponent holding a card of the new
      total may *raise* a build by playing a card onto it; a *group build* bundles several sets of
      one total (the card played with table cards, further loose sets, builds of that total). A
      player whose build is on the table must keep a card of its total and, until it is taken or
      raised by an opponent, may not lay a card nor build (but for a group build that takes in
      their own). Nobody raises their own side's build. Totals run to the pack's highest number
      card; courts are never built.
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
    combinations: Literal["one", "every"] = Field("one", description="in a spread: a card takes one combination, "
                                                  "or every disjoint combination equal to it at once")
    builds: bool = Field(False, description="in a spread: players may build, raise and group builds")
    must_capture: bool = Field(False, description="a player who can capture must")
    sweep: Literal["lone-card", "clear-table"] | None = Field(None, description="what scores as a sweep")

    def plays_in_sides(self) -> bool:
        return True   # partners' captures and sweeps are pooled before the hand is scored (``FishScorer.pool``)

    def draws_stock(self) -> bool:
        return True   # empty hands are refilled from the stock, which the rulebook says

    def examples(self, spec) -> tuple[str | None, str | None]:
        """The rulebook's worked examples of a sum capture and of a build raised and taken, made
        from ``spec``'s pack (``rulebook``); None where the game has no such rule."""
        from .rulebook import build_example, sum_example

        return (sum_example(spec) if self.sums and self.layout == "spread" else None,
                build_example(spec) if self.builds else None)

    def top_number(self, deck) -> int:
        """The highest total a build may have: the pack's highest number card (an Ace one)."""
        from .engine.rules import number_value

        return max((v for v in (number_value(deck, r) for r in deck.ranks()) if v is not None), default=0)
