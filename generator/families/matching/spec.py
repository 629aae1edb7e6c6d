"""Play for the matching family (MT-01…MT-07, SH-01): each player in turn plays a card that matches
the top card of a discard pile by suit or rank, or passes and draws; special cards change the turn;
the first to empty their hand goes out. Crazy Eights, Uno, Mau-Mau, Switch and Mao are the real
ones.

The deal gives the table a stock and one or two face-up discard piles (``deal.stock``, DL-08…DL-10).
In *cheat mode* (MT-02) every card is played face down with a claimed card, and any other player may
challenge the claim.

Readings Parlour prints where the seed book is silent, contradictory or wrong (catalogue §1.9, §2):

* *Nothing to match.* When a pile is picked up (the draw rule ``pile``, a challenge in cheat mode) or
  shuffled into the stock (the ``reshuffle`` effect), the pile is empty: the next card played to it
  is free, any card at all.
* *The stock runs out* (MT-05): all but the top card of each discard pile are shuffled into a new
  stock; if no card is left for it, a player who would draw draws nothing.
* *A blocked hand* (Parlour's rule, printed as this edition's addition). The book never says what ends a hand nobody can win. If every player in turn
  passes while no card is played or drawn (the stock and the discards exhausted), the hand is
  blocked: it ends, and the player with the fewest cards wins it (a tie: the tied player whose turn
  is current or comes soonest), as the "second stock exhaustion" rule of SC-A2 has it.
* *Jokers* (row J, and the cards of the wild rank of DL-09) "can be played as any card": the player
  names the card the joker stands for (a rank, then a suit), and it counts as that card: it must be
  matched as that card and fires that rank's special effect. A joker turned as the first card of a
  discard pile is named by the dealer before looking at their hand.
* *Countdown wilds* (CW, with countdown tokens): a player's wild rank is the number card whose pips
  equal the tokens they hold (the Ace counts one). A count that names no rank of the pack (eleven and
  more, a removed rank) gives that player no wild. A wild can always be played, its player names
  the suit to follow, and an effect its rank has fires too.
* *The named card* (P11) draws *five*: the catalogue's count never varied, and Parlour keeps it as a
  number in the spec (``count``).
* *Effects that replace matching for one play* (``top-follow``, ``bound``, ``name-rank``): the next
  card must meet that rule instead of matching the top card's suit or rank; cards that can always
  be played (wild, open, jokers) still can.
* *Draw chains* (P05): ``stacked`` — the next player plays a card of the rank or draws ``draw``;
  each card of the rank played on the chain adds ``step`` to what the player after must draw; a
  player who draws ends the chain and their turn. ``targeted`` — the player names any other player,
  who draws ``draw`` or plays a card of the rank and names a player in turn, who draws ``draw`` +
  ``step`` or passes it on, and so on; then play resumes from the left of the player who started it.
* *Cover or draw* (P18): the covering card is laid as a cover, not a play: it becomes the top card
  and its own effect does not fire.
* *Copycat* (P19): a card of the rank laid on a card whose rank has an effect fires that effect (with
  its decisions) instead of its own; it still counts as its own rank and suit for matching.
* *A card that may not be played last* (``not-last``): it may not be the last card to leave a hand.
* *Cheat mode* (MT-02): a claim must match the claimed top card (or be a card that can always be
  played); a player who holds no true matching card must lie. After a claim the other players, in
  turn from the claimer's left, may challenge; the first to challenge turns the card: a liar picks up
  the pile, a wrong challenger picks it up instead; play goes on from the claimer's left (right if
  play is reversed). A claim that stands (unchallenged, or challenged and true) fires the claimed
  card's effect. A player goes out when the claim of their last card stands. There is no drawing and
  no passing in cheat mode.
* *Several cards at once* (MT-06 'same-rank', the book's "several cards of the same rank, all of
  which are a legal play"): each card of the play could have been played alone on the pile as it
  was before the play (matching its top card, meeting the rule for the next card, or a card that
  can always be played); a card that only matches the card laid before it in the play does not.
  A joker is always played alone, in either form of the rule.
* *Two players*: a skip or a reverse gives the player another turn.

Readings the rulebook prints for the details the list above leaves open (``families/matching/play.md.j2``):

* *Two discard piles*: a card may go on either, matching that pile's top card; a player who picks up
  the pile (``draw`` 'pile') picks up either one, as they choose; when the stock runs out, both piles
  give all but their top cards. A ``reshuffle`` card shuffles the pile it was played on, itself
  included, into the stock.
* *Playing the drawn card* with ``draw`` 'pile': the player may then play any one card at once onto
  the emptied pile.
* *A blocked hand* is won "as if they had gone out": the scoring treats its winner as the player who
  went out. With rows, the fewest cards in hand and rows win.
* *Rows* (SH-02): a face-down card that does not match goes back, and the player passes as a player
  who cannot play does (drawing or picking up the pile); in cheat mode it is played unseen with a
  claim like any other card.
* *Cheat mode*: a card that can always be played may always be claimed; a player never passes or
  draws instead of playing, but still draws when an effect, a draw chain or a missed call says so.
* *Knocking on going out* (scoring ``knock-out``): going out does not end the hand at once; the
  scoring's knock does.
* *Tarot*: the majors are a suit of their own with no ranks: a major matches any other major and no
  card of the four suits.
* *The opening discard*: a joker turned to start a pile is named by the dealer whatever
  ``opening_effect`` says (it must be matched as some card); ``opening_effect`` decides only whether
  the named card's effect fires.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.spec.play import PlaySection
from generator.spec.words import MAX_CARDS, MAX_POINTS, Code, Words

#: MT-04's effects, by the name Parlour gives them (the catalogue's ids in brackets):
#: ``wild`` (P01 i): can always be played; its player names the suit to follow.
#: ``open`` (P01 ii): can always be played, and any card may be played on it.
#: ``not-last`` (P01, P03 replaced): may not be the last card to leave a hand.
#: ``kitty-take`` (P02): the first player to play one takes the kitty into their hand.
#: ``kitty-give`` (P02): the first time one is played, its player may make the next player take the kitty.
#: ``reshuffle`` (P03): the discard pile is shuffled into the stock, and the same player plays again.
#: ``reverse`` (P04), ``again`` (P06, another turn), ``skip`` (P07, the next player misses a turn).
#: ``draw-chain`` (P05): targeted or stacked, see ``Effect``.
#: ``all-draw`` (P08): every player, from the player's left round to the player, draws one card.
#: ``top-follow`` (P09): the next card must be of one of the three top ranks of the pack (any suit).
#: ``pass-hands`` (P10): every player passes their whole hand to their left or right.
#: ``give`` (P12): its player may give one card from their hand to another player.
#: ``transparent`` (P13): after it is played it goes to the bottom of the discard pile.
#: ``tuck`` (P14): its player may tuck one other card from their hand beneath it.
#: ``cordial`` (P15): its player names another suit; the next card may be of that suit too.
#: ``trade`` (P16): its player may trade hands with any other player.
#: ``name-rank`` (P17): its player names a rank; the next player must play that rank or pass.
#: ``cover`` (P18): its player must cover it with another card of its suit, or draw a card.
#: ``copycat`` (P19): laid on a card whose rank has an effect, it fires that effect.
#: ``points`` (P20): its player scores ``points`` at once (with tokens: may give up a token).
#: ``bound`` (P21): the next card must be lower (or higher) than it or equal, in the rank list.
EffectKind = Literal[
    "wild", "open", "not-last", "kitty-take", "kitty-give", "reshuffle", "reverse", "draw-chain", "again",
    "skip", "all-draw", "top-follow", "pass-hands", "give", "transparent", "tuck", "cordial", "trade",
    "name-rank", "cover", "copycat", "points", "bound",
]

#: The parameters each kind takes (every other parameter stays unset).
EFFECT_PARAMS: dict[str, tuple[str, ...]] = {
    "reshuffle": ("always",),
    "draw-chain": ("chain", "draw", "step"),
    "pass-hands": ("direction",),
    "transparent": ("word",),
    "cordial": ("word",),
    "points": ("points",),
    "bound": ("bound",),
}
_PARAMS = ("always", "chain", "draw", "step", "direction", "word", "points", "bound")


class Effect(BaseModel):
    """One special card of MT-04: every card of ``rank`` has the effect ``kind`` when played (in cheat
    mode: when claimed and the claim stands). The readings of the catalogue's ambiguities are in the
    module's docstring."""

    model_config = ConfigDict(extra="forbid")

    rank: Code
    kind: EffectKind
    always: bool = Field(False, description="reshuffle: the card can also always be played")
    chain: Literal["targeted", "stacked"] | None = Field(
        None, description="draw-chain: the player names whom the chain hits ('targeted'), or it hits the next "
        "player ('stacked')")
    draw: int | None = Field(None, ge=1, le=MAX_CARDS, description="draw-chain: cards the first player hit draws")
    step: int | None = Field(None, ge=1, le=MAX_CARDS, description="draw-chain: cards added for each further card "
                             "of the rank played on the chain")
    direction: Literal["left", "right"] | None = Field(None, description="pass-hands: which way hands go")
    word: Words | None = Field(None, description="transparent, cordial: what such a card is called (plain words)")
    points: int | None = Field(None, ge=1, le=MAX_POINTS,
                               description="points: scored at once (none with countdown tokens: a token given up)")
    bound: Literal["lower", "higher"] | None = Field(None, description="bound: the next card is lower (or higher) "
                                                     "than it or equal")

    @model_validator(mode="after")
    def _params_of_the_kind(self) -> "Effect":
        """A parameter another kind takes would be printed nowhere and played by no one."""
        allowed = EFFECT_PARAMS.get(self.kind, ())
        for name in _PARAMS:
            value = getattr(self, name)
            if name not in allowed and value not in (None, False):
                raise ValueError(f"a {self.kind!r} effect takes no {name!r}")
        needed = {"draw-chain": ("chain", "draw", "step"), "pass-hands": ("direction",), "transparent": ("word",),
                  "cordial": ("word",), "bound": ("bound",)}.get(self.kind, ())
        for name in needed:
            if getattr(self, name) is None:
                raise ValueError(f"a {self.kind!r} effect needs {name!r}")
        return self


class NamedCard(BaseModel):
    """P11: one card of the pack, with a nickname: whoever plays it (``who`` 'player'), or the next
    player (``who`` 'next'), draws ``count`` cards."""

    model_config = ConfigDict(extra="forbid")

    card: Code
    nickname: Words | None = Field(None, description="the card's nickname (plain words)")
    who: Literal["player", "next"]
    count: int = Field(5, ge=1, le=MAX_CARDS, description="cards drawn (the seed book's is always five)")


class Cheat(BaseModel):
    """MT-02: cards are played face down with a claimed card; ``word`` is what a challenger calls."""

    model_config = ConfigDict(extra="forbid")

    word: Words = Field("cheat", description="the challenge word: bunco, flimflam, gyp, spoof … (plain words)")


class MatchPlay(PlaySection):
    """The matching family's play section."""

    model_config = ConfigDict(extra="forbid")

    family: Literal["matching"] = "matching"
    first_turn: Literal["dealer", "dealer-left"] = Field(description="MT-01: who takes the first turn of a hand")
    cheat: Cheat | None = Field(None, description="MT-02: cards are played face down with a claimed card")
    effects: list[Effect] = Field(default_factory=list, max_length=30,
                                  description="MT-04: the special cards, one rank each, highest rank first")
    named_card: NamedCard | None = Field(None, description="MT-04 P11: the card that makes someone draw")
    countdown_wild: bool = Field(False, description="MT-04 CW (countdown tokens): the number card whose pips equal "
                                 "a player's tokens is wild for them")
    must_play: bool = Field(False, description="MT-05: a player who can play must (otherwise a player may pass "
                            "at will)")
    draw: Literal["stock", "pile"] = Field("stock", description="MT-05: a player who passes draws a card from the "
                                           "stock, or picks up the whole discard pile")
    play_drawn: bool = Field(False, description="MT-05: a drawn card that can be played may be played at once")
    after_draw: Literal["drawn", "any"] = Field(
        "drawn", description="with play_drawn: after drawing, only the card drawn may be played ('drawn', the "
        "catalogue's), or any card that can be played, the drawn one or another ('any', a common rule of Crazy "
        "Eights)")
    multiple: Literal["none", "same-rank", "rank-or-suit"] = Field(
        "none", description="MT-06: several cards as one play, all of one rank (each a legal play), or all of one "
        "rank or all of one suit; the top card is matched next and only its effect fires")
    opening_effect: Literal["none", "dealer"] = Field(
        "none", description="MT-07: a special card turned to start a discard pile has no effect, or acts as if the "
        "dealer had played it")
    call: Words | None = Field(None, description="SH-01: the word a player left with one card must call before the "
                               "next player's turn, or draw a card")

    @model_validator(mode="after")
    def _one_effect_a_rank(self) -> "MatchPlay":
        """Each success of MT-04 takes a new rank: two effects on one rank would leave the order in
        which they fire unsaid."""
        ranks = [effect.rank for effect in self.effects]
        if len(set(ranks)) != len(ranks):
            raise ValueError("two special effects on one rank: each special card has its own rank")
        kinds = [effect.kind for effect in self.effects if effect.kind != "not-last"]
        if len(set(kinds)) != len(kinds):
            # not-last may stand twice: it replaces both P01 and P03 in the catalogue
            raise ValueError("one effect on two ranks: each kind of special card is drawn once")
        return self

    @model_validator(mode="after")
    def _no_drawing_in_cheat_mode(self) -> "MatchPlay":
        """MT-02: in cheat mode a player always plays (lying when they must) and never passes or
        draws, so MT-05's rules would be printed nowhere and played by no one."""
        if self.cheat is not None and (self.must_play or self.draw != "stock" or self.play_drawn):
            raise ValueError("cheat mode has no passing or drawing: must_play, draw and play_drawn keep their "
                             "defaults")
        if self.after_draw != "drawn" and not (self.play_drawn and self.draw == "stock"):
            raise ValueError("after_draw 'any' says what may be played after a card is drawn from the stock: it "
                             "needs play_drawn and draw 'stock'")
        return self

    def effect_of(self, rank: str) -> Effect | None:
        """The effect cards of ``rank`` have, if any."""
        return next((effect for effect in self.effects if effect.rank == rank), None)

    def kitty_use(self) -> str | None:
        """A special card that takes or gives the kitty (MT-04 P02)."""
        return "effect" if any(e.kind in ("kitty-take", "kitty-give") for e in self.effects) else None

    def face_down_piles(self) -> bool:
        return self.cheat is not None   # MT-02
