"""Play for the melding family (ML-01…ML-07, SH-01): each player in turn draws, lays down melds
(sets of one rank, runs in the rank list), lays off cards on melds on the table and discards; the
first to empty their hand goes out. Rummy, Gin, Conquian, Machiavelli and Rummikub played with
cards are the real ones.

The deal gives the table a stock and one or two face-up discard piles (``deal.stock``, DL-08…DL-10),
perhaps a kitty to draw from (DL-11) and a wild-rank card (DL-09). The seed book lost its list of the
steps of a turn; Parlour prints it as a numbered list.

Two shapes of turn (ML-02): in *sequence* mode a turn is the steps in order (desert, draw, meld, lay
off, dump, stump, discard; the optional ones marked so), ending with a discard; in *one-action*
mode (the book's Machiavelli) a player takes one of the actions (desert, draw, meld, lay off, stump)
and there is no discard.

Readings Parlour prints where the seed book is silent, contradictory or wrong (catalogue §1.8, §2):

* *A meld* is three or more cards of one rank (a set), or three or more cards next to each other in
  the game's rank list (a run), of one suit (``runs`` 'same-suit') or of any suits. A run follows the
  printed order: with "2s are higher than Aces", K-A-2 is a run and A-2-3 is not, unless the deck's
  run wrap (DK-05) lets the lowest rank follow the top one. A set holds each card once (two packs:
  two equal cards may stand in one set, never in one run). A single card of ``melds.single`` is a
  meld of its own. Melds lie face up in front of the player who laid them.
* *Jokers* (the pack's jokers, the cards of the wild rank of DL-09, the rank wild this hand with
  progressive wilds) stand for any card a meld needs; a meld must hold at least one natural card
  (three jokers are no meld). With rearranging, a joker may stand for another card once the melds
  are rearranged. With ``joker_swap`` a player, on their turn, may take a joker from a meld into
  their hand by putting in its place the card it stands for.
* *Progressive wilds* (no jokers, no wild-rank card): in the first hand the lowest rank of the rank
  list is wild, in the second the next lowest, and so on; after the top rank the count starts again
  at the lowest (the book leaves it undefined past the last rank).
* *Drawing*: a player draws one card from the stock (``draw.stock``: or two, or one or two as they
  choose), or the top card of the kitty (``draw.kitty``), or the top card of a discard pile, or with
  ``draw.discard`` 'wipe' any number of cards from the top of it (the discards are fanned so every
  card shows). With ``draw.melded_first`` a player who has not yet laid a meld this hand may not draw
  from a discard pile. With ``draw.meld_drawn`` cards taken from a discard pile must be melded (laid
  in a meld or laid off) in the same turn; a player who cannot do so may not take them. A card
  taken from a discard pile may not be discarded in the same turn (the rule of many real tables:
  without it a player could take the top card and throw it back, turn after turn), unless
  ``draw.discard_taken`` (the rule of many others) says it may.
* *The stock runs out* (ML-04): with ``restock`` 'shuffle' the whole discard pile (both, with two)
  is shuffled to form a new stock, and the discard pile starts empty; with 'turn' (Rummy's usual
  rule) the pile is turned over, all but its top card, without shuffling, and its top card stays to
  start it again. A player who would draw from an empty stock with no discards to use draws nothing.
* *A blocked hand* (``blocked``, Parlour's rule, printed as the edition's addition: the book has
  none). If the stock runs out again with no card laid on the table (in a meld or laid off) since it
  last ran out, or every player in turn draws nothing and lays nothing (the stock and the discards
  exhausted), the hand ends and the player with the fewest cards wins it, as the "second stock
  exhaustion" rule of SC-A2 has it. Hands that can no longer meld or lay off would otherwise draw
  and discard until the move cap; one-action turns need it (a turn with nothing to draw and nothing
  to lay changes nothing). A game that does without it (Rummy) leaves it out.
* *Deserting* (``desert``): at the start of their turn a player may shuffle a third of their hand
  (rounded down; half on their first turn), cards of their choice, into the stock, keep the rest
  and take no further part in the hand; the cards kept still count against them. If all but one
  player have deserted, that player wins the hand.
* *Going out.* A player whose hand is empty after a step goes out and the hand ends (or, with the
  scoring's knock on going out, every other player has one more turn). With ``melds.keep_card`` a
  player may never meld or lay off their last card: it must be discarded.
* *The first turn* (``melds.no_first_out``): a player may not meld all their cards on their first
  turn. ``melds.must_meld``: a player who holds a complete meld at the meld step must lay one.
* *Rearranging* (``melds.rearrange``): when laying a new meld a player may break up and rearrange
  the melds on the table (``own``: only their own), adding at least one card from their hand and
  leaving only valid melds; a meld's cards then belong to the player who laid the new meld. Without
  rearranging a player lays off cards on melds (``lay_off``: any player's, or only their own), and
  each meld must stay valid.
* *The rearrangement penalty* (ML-05, ``penalty``): the book prints it only when rearranging is not
  allowed, so Parlour reads it as the penalty for a meld or a lay-off that is not valid: the player
  takes the cards back and draws ``penalty`` cards from the stock. (No bot lays an invalid meld, so
  in the simulator it only ever reads as a warning.)
* *Dump* (``dump``, only without rearranging): a player may move a meld of four cards of one rank,
  with no joker, from the table to the discard pile (beneath its top card, so the card on top stays).
* *Stump* (``stump``): a player may put four cards of one rank from their hand (no joker) face down
  out of the hand.
* *The called block* (``block``, sequence mode): a player who discards a card that could be laid
  off on a meld may call the word; the next player may not take that card. A false call (the card
  could not be laid off) is pointed out by the next player, and the caller takes a card at random
  from that player's hand.
* *The full house* (ML-06, ``melds.full_house``): three cards of one rank with two of another may be
  laid as one meld; it leaves the game and its player discards the rest of their hand and goes out,
  winning the hand (the book's "wins the game" overstates it).
* *The pig in a meld* (``pig_meld``, with a pig): if the pig lies in a meld when the hand ends and a
  player revealed it at the start of the hand, that player scores ``pig_meld`` points.
* *Invented laws* (SU-09, ML-07): a step the laws leave a player unable to complete is skipped
  (one-action mode: the turn passes).
* *Two players*: nothing changes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.spec.play import PlaySection
from generator.spec.words import MAX_CARDS, MAX_POINTS, Code, Words


class DrawRule(BaseModel):
    """ML-02 b: where a player draws from (one source a turn)."""

    model_config = ConfigDict(extra="forbid")

    stock: Literal["one", "two", "one-or-two"] = Field("one", description="cards drawn from the stock: one, two, or "
                                                       "one or two as the player chooses")
    kitty: bool = Field(False, description="the top card of the kitty may be drawn instead (needs a kitty)")
    discard: Literal["top", "wipe"] = Field("top", description="the top card of a discard pile may be drawn "
                                            "instead, or ('wipe') any number of cards from its top")
    melded_first: bool = Field(False, description="a player who has not yet melded this hand may not draw from a "
                               "discard pile")
    meld_drawn: bool = Field(False, description="cards drawn from a discard pile must be melded or laid off this "
                             "turn (sequence mode only)")
    discard_taken: bool = Field(False, description="a card taken from a discard pile may be discarded in the same "
                                "turn (a common rule of the real games; otherwise it may not; sequence mode only, "
                                "not with meld_drawn)")


class MeldRules(BaseModel):
    """ML-02 c and ML-06: what a meld is and how melds are laid."""

    model_config = ConfigDict(extra="forbid")

    many: bool = Field(True, description="one or more melds a turn (otherwise at most one)")
    runs: Literal["same-suit", "any-suit"] = Field("same-suit", description="the cards of a run are of one suit, "
                                                   "or of any suits")
    single: Code | None = Field(None, description="a single card of this rank is a meld of its own")
    first_run: bool = Field(False, description="each player's first meld of the hand must be a run (with no joker)")
    no_first_out: bool = Field(False, description="a player may not meld all their cards on their first turn")
    must_meld: bool = Field(False, description="a player who holds a complete meld must lay one")
    keep_card: bool = Field(False, description="a player may never empty their hand by melding or laying off: one "
                            "card stays to discard (sequence mode only)")
    rearrange: Literal["none", "any", "own"] = Field(
        "none", description="when laying a new meld a player may rearrange the melds on the table (any player's, "
        "or only their own), adding at least one card and leaving only valid melds")
    full_house: Words | None = Field(None, description="ML-06: the name of a meld of three of one rank and two of "
                                     "another, which takes its player out (plain words)")


class MeldPlay(PlaySection):
    """The melding family's play section. The readings of the book's gaps are in the module's
    docstring."""

    model_config = ConfigDict(extra="forbid")

    family: Literal["melding"] = "melding"
    first_turn: Literal["dealer", "dealer-left"] = Field(description="ML-01: who takes the first turn of a hand")
    one_action: bool = Field(False, description="ML-02: a turn is one action (draw, meld, lay off …) with no discard "
                             "(otherwise the steps in sequence, ending with a discard)")
    desert: Words | None = Field(None, description="ML-02 a: the verb for leaving the hand early (desert, ditch, "
                                 "sink …; plain words); none: no one may")
    draw: DrawRule = Field(default_factory=DrawRule, description="ML-02 b")
    melds: MeldRules = Field(default_factory=MeldRules, description="ML-02 c, ML-06")
    lay_off: Literal["any", "own"] | None = Field(
        "any", description="ML-02 d: cards may be laid off on any player's melds, or only on one's own; none with "
        "rearranging (which takes its place)")
    dump: Words | None = Field(None, description="ML-02 e: the verb for moving a meld of four of a rank to the "
                               "discard pile (plain words); none: no one may")
    stump: Words | None = Field(None, description="ML-02 f: the name of four of a rank put out of the hand face down "
                                "(plain words); none: no one may")
    block: Words | None = Field(None, description="ML-02 g: the word a player calls so the next player may not take "
                                "their discard (plain words; sequence mode only)")
    joker_swap: bool = Field(False, description="ML-03: a player may take a joker from a meld by putting in the card "
                             "it stands for")
    one_joker: bool = Field(False, description="ML-03: a meld may hold at most one joker")
    progressive_wilds: bool = Field(False, description="ML-03: with no jokers, the lowest rank is wild in the first "
                                    "hand, the next in the second, and so on")
    penalty: int | None = Field(None, ge=1, le=MAX_CARDS, description="ML-05: cards drawn for a meld or lay-off that "
                                "is not valid (the book's 3 or 4)")
    pig_meld: int | None = Field(None, ge=1, le=MAX_POINTS, description="points for the player who revealed the pig "
                                 "if it lies in a meld at the end of the hand")
    call: Words | None = Field(None, description="SH-01: the word a player left with one card must call before the "
                               "next player's turn, or draw a card")
    restock: Literal["shuffle", "turn"] = Field(
        "shuffle", description="ML-04, when the stock runs out: the whole discard pile is shuffled into a new stock "
        "('shuffle'), or the pile is turned over, all but its top card, without shuffling ('turn', the usual rule "
        "of Rummy; one discard pile only)")
    blocked: bool = Field(True, description="Parlour's rule, printed as the edition's addition (the book has none): "
                          "the hand is blocked, and the fewest cards win it, when the stock runs out again with no "
                          "card laid on the table since it last ran out, or every player in turn draws and lays "
                          "nothing; needed with one-action turns")

    @model_validator(mode="after")
    def _lay_off_or_rearrange(self) -> "MeldPlay":
        """ML-02 d and e come only without rearranging: rearranging already lets a player add cards to
        any meld, and a dumped meld would leave nothing to rearrange."""
        rearranging = self.melds.rearrange != "none"
        if rearranging and (self.lay_off is not None or self.dump is not None):
            raise ValueError("with rearranging there is no separate lay-off or dump: lay_off and dump are none")
        if not rearranging and self.lay_off is None:
            raise ValueError("without rearranging players lay off: lay_off is 'any' or 'own'")
        return self

    @model_validator(mode="after")
    def _sequence_only(self) -> "MeldPlay":
        """A one-action turn has no discard step: the called block, the keep-card rule and cards that
        must be melded the turn they are drawn would be printed nowhere and played by no one."""
        if self.one_action and (self.block is not None or self.melds.keep_card or self.draw.meld_drawn
                                or self.draw.discard_taken):
            raise ValueError("one-action turns have no discard: block, melds.keep_card, draw.meld_drawn and "
                             "draw.discard_taken stay unset")
        if self.draw.meld_drawn and self.draw.discard_taken:
            raise ValueError("cards taken from a discard pile that must be melded are never discarded: "
                             "draw.discard_taken needs draw.meld_drawn unset")
        if self.one_action and not self.blocked:
            raise ValueError("one-action turns can come to a stop with nothing to draw and nothing to lay: the "
                             "blocked hand (blocked) is needed")
        if self.melds.no_first_out and self.melds.must_meld:
            raise ValueError("no_first_out and must_meld are two draws of one clause: at most one of them")
        return self

    def kitty_use(self) -> str | None:
        return "draw" if self.draw.kitty else None   # ML-02 b: its top card may be drawn



__all__ = ["DrawRule", "MeldPlay", "MeldRules"]
