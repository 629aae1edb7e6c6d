"""Play for the matching family (MT-01…MT-07, SH-01), and its scoring: a hand is won by going out
first, so it is scored by shedding (SC-A, ``sample.shedding``), or by countdown tokens.

The catalogue's order is kept: first turn, cheat mode, the ranks left for special cards, the
special cards, passing and drawing, several cards at once, a special card turned to start a
pile, then calling. The deal's part (two discard piles, the wild-rank card) is drawn with the deal
(``sample.deal.draw_stock``), since melding shares it.
"""

from __future__ import annotations

from collections.abc import Callable

from generator import names
from generator.sample.naming import Flavour, call_word
from generator.sample.rng import Draw
from generator.sample.scoring import Scored
from generator.sample.shedding import TRANSPARENT_WORDS, draw_shedding
from generator.spec import BiddingSpec, DealSpec, DeckSpec, Players, SetupSpec

from .spec import Cheat, Effect, MatchPlay, NamedCard

#: MT-02 challenge words, generator order (W-pick(8)).
CHEAT_WORDS = ("bunco", "flimflam", "gyp", "spoof", "sting", "fake", "quack", "rascal")
#: MT-04 P15 words for the cordial rank, generator order (W-pick(7)); the book's "geneous" is a typo.
CORDIAL_WORDS = ("cordial", "decent", "goodwill", "hospitality", "charity", "kindness", "generous")
#: MT-04: the chance of each rank-taking entry but P02 (the kitty's, certain with a kitty).
P_EFFECT = 1 / 5
#: MT-04 P01/P03: the chance that a card which "can always be played" may instead not be played last.
P_NOT_LAST = 1 / 8
#: MT-04 P11: the chance of each form of the named card (whoever plays it draws, else the next player).
P_NAMED = 1 / 10
#: MT-04 CW: the chance of countdown wilds in a game with countdown tokens.
P_COUNTDOWN_WILD = 1 / 3


def _wild(draw: Draw, rank: str) -> Effect:
    """P01: uniform between the wild card (two phrasings, uniform; only "A R is wild, and can
    always be played" says it can always be played) and the open card ("A R can always be played,
    and any card may be played onto a R"); a card said to be always playable becomes, p 1/8, a card
    that may not be played last."""
    if draw.chance(1 / 2):
        kind, always = "wild", draw.chance(1 / 2)
    else:
        kind, always = "open", True
    if always and draw.chance(P_NOT_LAST):
        kind = "not-last"
    return Effect(rank=rank, kind=kind)


def _kitty(draw: Draw, rank: str) -> Effect:
    """P02: uniform: the first player to play one takes the kitty, or may make the next player take it."""
    return Effect(rank=rank, kind="kitty-take" if draw.chance(1 / 2) else "kitty-give")


def _reshuffle(draw: Draw, rank: str) -> Effect:
    """P03: phrasing uniform, "A R can always be played; after doing so, …" (``always``) or "After
    playing a R, …"; the always-playable form becomes, p 1/8, a card that may not be played last."""
    always = draw.chance(1 / 2)
    if always and draw.chance(P_NOT_LAST):
        return Effect(rank=rank, kind="not-last")
    return Effect(rank=rank, kind="reshuffle", always=always)


def _draw_chain(draw: Draw, rank: str) -> Effect:
    """P05: inner p 1/4 targeted (draw 2, one more each step), else stacked (draw 2, two more each R)."""
    if draw.chance(1 / 4):
        return Effect(rank=rank, kind="draw-chain", chain="targeted", draw=2, step=1)
    return Effect(rank=rank, kind="draw-chain", chain="stacked", draw=2, step=2)


def _plain(kind: str) -> Callable[[Draw, str], Effect]:
    return lambda draw, rank: Effect(rank=rank, kind=kind)


def _pass_hands(draw: Draw, rank: str) -> Effect:
    """P10: hands go right or left, uniform."""
    return Effect(rank=rank, kind="pass-hands", direction=draw.choice(("right", "left")))


def _transparent(draw: Draw, rank: str) -> Effect:
    """P13: the word W-pick(6), the list of climbing's transparent rank (CL-09)."""
    return Effect(rank=rank, kind="transparent", word=draw.wpick(TRANSPARENT_WORDS))


def _cordial(draw: Draw, rank: str) -> Effect:
    """P15: the word W-pick(7)."""
    return Effect(rank=rank, kind="cordial", word=draw.wpick(CORDIAL_WORDS))


def _bound(draw: Draw, rank: str) -> Effect:
    """P21: lower-or-equal or higher-or-equal, uniform."""
    return Effect(rank=rank, kind="bound", bound=draw.choice(("lower", "higher")))


def draw_effects(draw: Draw, deck: DeckSpec, deal: DealSpec, bidding: BiddingSpec,
                 flavour: Flavour) -> tuple[list[Effect], NamedCard | None]:
    """MT-03/MT-04: the game's ranks are shuffled and one is kept out for the rulebook's matching
    example (so some rank never has an effect); then each entry of the table is tried in order, and
    each success takes the next rank of the pool (entries after the pool runs dry are skipped, with
    nothing drawn). P02 needs a kitty the auction did not take (the landlord took it into hand);
    P11 names a card and takes no rank; P20 scores U[3..6] at once, or with countdown tokens lets
    its player give up a token (no number). Returns the effects in the order the rulebook prints
    them, highest rank first, and the named card."""
    ranks = deck.ranks()
    pool = draw.shuffled(ranks)[1:]  # the first is the example's rank
    effects: list[Effect] = []
    named: NamedCard | None = None

    def take(chance: float, make: Callable[[Draw, str], Effect]) -> None:
        if pool and draw.chance(chance):
            effects.append(make(draw, pool.pop(0)))

    take(P_EFFECT, _wild)  # P01
    if deal.kitty is not None and bidding.auction is None:
        take(1, _kitty)  # P02
    take(P_EFFECT, _reshuffle)  # P03
    take(P_EFFECT, _plain("reverse"))  # P04
    take(P_EFFECT, _draw_chain)  # P05
    take(P_EFFECT, _plain("again"))  # P06
    take(P_EFFECT, _plain("skip"))  # P07
    take(P_EFFECT, _plain("all-draw"))  # P08
    take(P_EFFECT, _plain("top-follow"))  # P09
    take(P_EFFECT, _pass_hands)  # P10
    # P11: a card, not a rank: p 1/10 whoever plays it draws, else p 1/10 the next player does.
    who = "player" if draw.chance(P_NAMED) else "next" if draw.chance(P_NAMED) else None
    if who is not None:
        named = NamedCard(card=draw.choice(deck.cards()), nickname=names.nickname(draw.names_rng), who=who)
    take(P_EFFECT, _plain("give"))  # P12
    take(P_EFFECT, _transparent)  # P13
    take(P_EFFECT, _plain("tuck"))  # P14
    take(P_EFFECT, _cordial)  # P15
    take(P_EFFECT, _plain("trade"))  # P16
    take(P_EFFECT, _plain("name-rank"))  # P17
    take(P_EFFECT, _plain("cover"))  # P18
    take(P_EFFECT, _plain("copycat"))  # P19
    tokens = deal.tokens is not None
    take(P_EFFECT, lambda d, rank: Effect(rank=rank, kind="points", points=None if tokens else d.uniform_int(3, 6)))
    if any(e.kind == "points" for e in effects):
        flavour.register(draw, "points-in-hand")
    take(P_EFFECT, _bound)  # P21
    order = {rank: i for i, rank in enumerate(ranks)}
    effects.sort(key=lambda e: order[e.rank])
    return effects, named


def draw_play(
    draw: Draw, deck: DeckSpec, deal: DealSpec, setup: SetupSpec, bidding: BiddingSpec, bad_suit: str,
    flavour: Flavour,
) -> MatchPlay:
    """MT-01…MT-07 and SH-01 in the generator's order.

    MT-01: dealer or dealer's left, uniform (an auction's landlord does not take the first turn:
    the book leads with the landlord in trick-taking and climbing only). MT-02: p 1/16 cheat mode,
    the challenge word W-pick(8); cheat mode has no rule for passing and drawing (MT-05) and no
    several cards at once (MT-06), so nothing is drawn for them. MT-04: ``draw_effects``; CW p 1/3
    with countdown tokens. MT-05: p 1/16 a player who can play must; p 1/5 a player who passes picks
    up the discard pile, else draws from the stock; then, drawing from the stock, p 1/16 a drawn card
    that can be played may be played at once (a pile picked up is no drawn card). MT-06: p 1/8
    several cards of one rank, else p 1/8 of one rank or one suit. MT-07, with a special card (an
    effect or the named card): uniform, it acts as if the dealer had played it, or has no effect.
    SH-01: p 1/8 the call, the first word of the game's name (NM-08)."""
    first_turn = draw.choice(("dealer", "dealer-left"))
    cheat = None
    if draw.chance(1 / 16):
        cheat = Cheat(word=draw.wpick(CHEAT_WORDS))
        flavour.register(draw, "cheat")
    effects, named = draw_effects(draw, deck, deal, bidding, flavour)
    countdown_wild = deal.tokens is not None and draw.chance(P_COUNTDOWN_WILD)
    must_play, draw_from, play_drawn, multiple, after_draw = False, "stock", False, "none", "drawn"
    if cheat is None:
        must_play = draw.chance(1 / 16)
        draw_from = "pile" if draw.chance(1 / 5) else "stock"
        play_drawn = draw_from == "stock" and draw.chance(1 / 16)
        if draw.chance(1 / 8):
            multiple = "same-rank"
        elif draw.chance(1 / 8):
            multiple = "rank-or-suit"
    opening = "none"
    if effects or named is not None:
        opening = "dealer" if draw.chance(1 / 2) else "none"
    call = call_word(flavour.name) if draw.chance(1 / 8) else None
    # Parlour's option beyond the catalogue (a common rule of Crazy Eights), from its own stream:
    # with a drawn card that may be played, p 1/8 any card that can be played may be instead.
    if play_drawn and draw.option(1 / 8):
        after_draw = "any"
    return MatchPlay(
        first_turn=first_turn, cheat=cheat, effects=effects, named_card=named, countdown_wild=countdown_wild,
        must_play=must_play, draw=draw_from, play_drawn=play_drawn, after_draw=after_draw, multiple=multiple,
        opening_effect=opening, call=call,
    )


def draw_scoring(
    draw: Draw, deck: DeckSpec, deal: DealSpec, players: Players, h: int, bad_suit: str, setup: SetupSpec,
    bidding: BiddingSpec, flavour: Flavour, play: MatchPlay,
) -> Scored:
    """SC-A (or SC-A1 with countdown tokens): a special card that scores points in the hand (P20)
    forces hand-value scoring (SC-A2) without its losers-lose table."""
    points = any(effect.kind == "points" for effect in play.effects)
    return draw_shedding(draw, deck, deal, players, h, setup, bidding, flavour, points_in_hand=points)


__all__ = ["CHEAT_WORDS", "CORDIAL_WORDS", "draw_effects", "draw_play", "draw_scoring"]
