"""Play for the melding family (ML-01…ML-07, SH-01), and its scoring: a hand is won by going out,
so it is scored by shedding (SC-A, ``sample.shedding``) with melding's own round end (the knock on
going out) and its own clause (the pig in a meld), or by countdown tokens.

The catalogue's order is kept: the first turn, the shape of a turn, then the steps of the lost turn
list in order (desert, draw, meld, lay off, dump, stump, the discard's called block), the wild
cards, the rearrangement penalty, the full house, then calling. The deal's part (two discard piles,
the wild-rank card, the stock) is drawn with the deal (``sample.deal.draw_stock``), the hand cut to
5…10 cards with the hand size (``sample.deal.draw_hand_size``), both shared with matching.
"""

from __future__ import annotations

from generator.sample.naming import Flavour, call_word
from generator.sample.rng import Draw
from generator.sample.scoring import Scored
from generator.sample.shedding import PIG_VALUES, draw_shedding
from generator.spec import BiddingSpec, DealSpec, DeckSpec, Players, SetupSpec

from .spec import DrawRule, MeldPlay, MeldRules

#: ML-02 a: verbs for leaving the hand early, generator order (W-pick(9)).
DESERT_VERBS = ("desert", "ditch", "sink", "load", "stow", "drop", "slip", "bundle", "flop")
#: ML-02 e: verbs for moving four of a rank from the table to the discard pile (W-pick(7)).
DUMP_VERBS = ("dump", "scrap", "shed", "chuck", "junk", "unload", "slough")
#: ML-02 f: names of four of a rank put out of the hand face down (W-pick(7)).
STUMP_NAMES = ("stump", "vault", "chest", "sphinx", "cipher", "enigma", "crux")
#: ML-02 g: words a player calls so the next player may not take their discard (W-pick(7)).
BLOCK_WORDS = ("buried", "decoy", "waylay", "captured", "hijack", "skyjack", "hands off")
#: ML-06: names of the meld of three of one rank and two of another (W-pick(7)).
FULL_HOUSE_NAMES = ("full house", "absolute", "brink", "ultimate", "apex", "nonpareil", "pinnacle")
#: ML-02 d, W-pick(3): on any player's melds 8/9 (the first two options), on one's own 1/9.
LAY_OFF_KINDS = ("any", "any", "own")
#: ML-05: the penalty cards, uniform.
PENALTIES = (3, 4)
#: ML-06 is drawn only for hands of fewer than this many cards.
FULL_HOUSE_BELOW = 7


def draw_draw_rule(draw: Draw, deal: DealSpec, bidding: BiddingSpec, one_action: bool) -> DrawRule:
    """ML-02 b: the stock part p 1/8 "two" or "one or two" (uniform), else one card; the kitty's top
    card whenever there is a kitty the auction did not take (its winner took it into hand; nothing
    is drawn); p 1/8 "wipe" (any number of cards from a discard pile's top), else its top card; then
    p 1/8 no drawing from a discard pile before one's first meld; then, in sequence mode only, p 1/8
    cards taken from a discard pile must be melded that turn."""
    stock = draw.choice(("two", "one-or-two")) if draw.chance(1 / 8) else "one"
    kitty = deal.kitty is not None and bidding.auction is None
    discard = "wipe" if draw.chance(1 / 8) else "top"
    melded_first = draw.chance(1 / 8)
    meld_drawn = not one_action and draw.chance(1 / 8)
    # Parlour's option beyond the catalogue (the real games' common rule), from its own stream: in
    # sequence mode, when taken cards need not be melded, p 1/16 a card taken may be thrown back.
    discard_taken = not one_action and not meld_drawn and draw.option(1 / 16)
    return DrawRule(stock=stock, kitty=kitty, discard=discard, melded_first=melded_first, meld_drawn=meld_drawn,
                    discard_taken=discard_taken)


def draw_meld_rules(draw: Draw, deck: DeckSpec, one_action: bool, flavour: Flavour) -> MeldRules:
    """ML-02 c: one meld or any number a turn (uniform); runs of one suit 3/4, else of any suits;
    p 1/8 a single card of a uniform rank of the pack is a meld; p 1/8 the first meld must be a run;
    p 1/8 no going out on the first turn, else p 1/8 a complete meld must be laid; p 1/8 (sequence
    mode only) the keep-card rule; p 1/8 rearranging (inner p 1/8: only one's own melds), which
    registers its adjectives and fact. The full house (ML-06) is drawn later, in the catalogue's
    order."""
    many = draw.chance(1 / 2)
    runs = "same-suit" if draw.chance(3 / 4) else "any-suit"
    single = draw.choice(deck.ranks()) if draw.chance(1 / 8) else None
    first_run = draw.chance(1 / 8)
    no_first_out = draw.chance(1 / 8)
    must_meld = not no_first_out and draw.chance(1 / 8)
    keep_card = not one_action and draw.chance(1 / 8)
    rearrange = "none"
    if draw.chance(1 / 8):
        rearrange = "own" if draw.chance(1 / 8) else "any"
        flavour.register(draw, "rearranging")
    return MeldRules(many=many, runs=runs, single=single, first_run=first_run, no_first_out=no_first_out,
                     must_meld=must_meld, keep_card=keep_card, rearrange=rearrange)


def draw_play(
    draw: Draw, deck: DeckSpec, deal: DealSpec, setup: SetupSpec, bidding: BiddingSpec, bad_suit: str,
    flavour: Flavour,
) -> MeldPlay:
    """ML-01…ML-07 and SH-01 in the generator's order.

    ML-01: dealer or dealer's left, uniform. ML-02: p 1/8 one action a turn (Machiavelli), else the
    steps in sequence; a: p 1/8 deserting, verb W-pick(9) (adjectives and fact registered); b:
    ``draw_draw_rule``; c: ``draw_meld_rules``; d (without rearranging): lay off on any player's
    melds or one's own, W-pick(3) any/any/own; e (without rearranging): p 1/8 dump, verb W-pick(7);
    f: p 1/8 stump, name W-pick(7); g (sequence mode): p 1/8 the called block, word W-pick(7).
    ML-03 with jokers or a wild-rank card: p 1/8 the joker swap (only with no wild-rank card), then
    p 1/8 one joker a meld; else p 1/8 progressive wilds. ML-04 (the stock reshuffled) draws nothing.
    ML-05 (only without rearranging): p 1/8 the penalty for an invalid meld, 3 or 4 cards (uniform).
    ML-06: p 1/16 with hands under seven cards the full house, name W-pick(7) (fact registered).
    ML-07 (a step the laws forbid is skipped) draws nothing. SH-01: p 1/8 the call, the first word of
    the game's name (NM-08). The pig in a meld is part of the scoring (``draw_scoring``)."""
    first_turn = draw.choice(("dealer", "dealer-left"))
    one_action = draw.chance(1 / 8)
    desert = None
    if draw.chance(1 / 8):
        desert = draw.wpick(DESERT_VERBS)
        flavour.register(draw, "desert")
    draw_rule = draw_draw_rule(draw, deal, bidding, one_action)
    melds = draw_meld_rules(draw, deck, one_action, flavour)
    rearranging = melds.rearrange != "none"
    lay_off = None if rearranging else draw.wpick(LAY_OFF_KINDS)
    dump = draw.wpick(DUMP_VERBS) if not rearranging and draw.chance(1 / 8) else None
    stump = draw.wpick(STUMP_NAMES) if draw.chance(1 / 8) else None
    block = draw.wpick(BLOCK_WORDS) if not one_action and draw.chance(1 / 8) else None
    joker_swap = one_joker = progressive = False
    wild_card = deal.stock is not None and deal.stock.wild_card
    if deck.jokers or wild_card:
        joker_swap = not wild_card and draw.chance(1 / 8)
        one_joker = draw.chance(1 / 8)
    else:
        progressive = draw.chance(1 / 8)
    penalty = draw.choice(PENALTIES) if not rearranging and draw.chance(1 / 8) else None
    hand = deal.hand_size if isinstance(deal.hand_size, int) else 0
    if hand < FULL_HOUSE_BELOW and draw.chance(1 / 16):
        melds = melds.model_copy(update={"full_house": draw.wpick(FULL_HOUSE_NAMES)})
        flavour.register(draw, "full-house")
    call = call_word(flavour.name) if draw.chance(1 / 8) else None
    # Parlour's options beyond the catalogue, from their own stream: with one discard pile, p 1/16
    # the stock is re-formed by turning the pile over, all but its top card (Rummy's usual rule).
    # The blocked hand, Parlour's rule for hands that could go on for ever, is kept in every
    # sampled game (the playtest needs games that end).
    one_pile = deal.stock is None or deal.stock.discard_piles == 1
    restock = "turn" if one_pile and draw.option(1 / 16) else "shuffle"
    return MeldPlay(
        first_turn=first_turn, one_action=one_action, desert=desert, draw=draw_rule, melds=melds, lay_off=lay_off,
        dump=dump, stump=stump, block=block, joker_swap=joker_swap, one_joker=one_joker,
        progressive_wilds=progressive, penalty=penalty, call=call, restock=restock,
    )


def draw_scoring(
    draw: Draw, deck: DeckSpec, deal: DealSpec, players: Players, h: int, bad_suit: str, setup: SetupSpec,
    bidding: BiddingSpec, flavour: Flavour, play: MeldPlay,
) -> Scored:
    """SC-A (or SC-A1 with countdown tokens), with melding's round end: in SC-A2's chain, after the
    knock on five, p 1/8 (no kitty) the knock on going out.

    Then SC-A2's last clause, the pig in a meld: with a pig and scoring by the cards left in hand
    (card values or card count; a landlord's stake pays nothing else), the player who revealed the
    pig scores P if it lies in a meld at the end of the hand. P is the pig's value in the card-value
    table (the catalogue's same letter), or with card counting, where the table gives none,
    W-pick(3) 5/10/15. It is written into the play section (``play.pig_meld``), where the rule is
    printed and played."""
    scored = draw_shedding(draw, deck, deal, players, h, setup, bidding, flavour, knock_out=True)
    s = scored.scoring
    if setup.pig is not None and s.kind in ("card-values", "card-count"):
        points = s.values.pig if s.kind == "card-values" and s.values.pig is not None else draw.wpick(PIG_VALUES)
        play.pig_meld = points
    return scored


__all__ = [
    "BLOCK_WORDS", "DESERT_VERBS", "DUMP_VERBS", "FULL_HOUSE_NAMES", "LAY_OFF_KINDS", "STUMP_NAMES",
    "draw_draw_rule", "draw_meld_rules", "draw_play", "draw_scoring",
]
