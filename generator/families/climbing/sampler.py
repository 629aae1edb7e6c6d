"""Play for the climbing family (CL-01…CL-13), and its scoring: taken tricks score as trick-taking
does (SC-T, no bidding), or with countdown tokens by SC-B; piles set aside score by shedding
(SC-A, ``sample.shedding``)."""

from __future__ import annotations

from fractions import Fraction

from generator.sample.deal import draw_kitty_capture
from generator.sample.naming import Flavour
from generator.sample.rng import Draw
from generator.sample.scoring import Scored
from generator.sample.scoring import draw_scoring as draw_trick_scoring
from generator.sample.shedding import TRANSPARENT_WORDS, draw_shedding
from generator.spec import BiddingSpec, Countdown, DealSpec, DeckSpec, Players, SetupSpec

from .spec import Bomb, ClimbPlay, Transparent

#: CL-08 names of four of a kind (W-pick(8)) and of the pair of jokers (W-pick(5)), generator order.
BOMB_NAMES = ("bomb", "shell", "petard", "trap", "snare", "bolt", "dart", "dagger")
ROCKET_NAMES = ("rocket", "missile", "firework", "torpedo", "fireball")
#: CL-09 words for the transparent rank, generator order (W-pick(6)).
def draw_leader(draw: Draw, deck: DeckSpec, deal: DealSpec, bidding: BiddingSpec) -> tuple[str, str | None]:
    """CL-01: the auction's winner leads when there is one; with the whole pack dealt and no run-wrap
    note, p 1/8 the holder of a uniformly random card leads it; otherwise dealer or dealer's left,
    uniform."""
    if bidding.auction is not None:
        return "landlord", None
    if deal.hand_size == "all" and not deck.run_wrap and draw.chance(1 / 8):
        return "holder", draw.choice(deck.cards())
    return draw.choice(("dealer", "dealer-left")), None


def draw_leads(draw: Draw, deal: DealSpec, leader: str) -> tuple[str, str | None]:
    """CL-02: singles p 1/16 (always with face-down rows, and when the holder of a card leads it,
    as the generator prints no shapes then); else p 2/3 singles, sets or runs, whose cards share a
    suit (3/4) or not (1/4); else singles or sets."""
    if leader == "holder" or deal.rows or draw.chance(1 / 16):
        return "singles", None
    if draw.chance(2 / 3):
        return "runs", "same-suit" if draw.chance(3 / 4) else "any-suit"
    return "sets", None


def draw_bomb(draw: Draw, deck: DeckSpec, flavour: Flavour) -> Bomb | None:
    """CL-08, p 1/8: four of a kind, name W-pick(8); with two jokers, inner p 1/4 the rocket, name
    W-pick(5)."""
    if not draw.chance(1 / 8):
        return None
    name = draw.wpick(BOMB_NAMES)
    flavour.register(draw, "bomb")
    rocket = draw.wpick(ROCKET_NAMES) if deck.jokers == 2 and draw.chance(1 / 4) else None
    return Bomb(name=name, rocket=rocket)


def draw_play(
    draw: Draw, deck: DeckSpec, deal: DealSpec, setup: SetupSpec, bidding: BiddingSpec, bad_suit: str,
    flavour: Flavour,
) -> ClimbPlay:
    """CL-01…CL-13 in the generator's order (CL-10, the invented-rules paragraph, draws nothing)."""
    leader, opening_card = draw_leader(draw, deck, deal, bidding)
    leads, runs = draw_leads(draw, deal, leader)
    # Parlour's option beyond the catalogue (President's usual rule), from its own stream: p 1/16 the
    # holder of the opening card leads it in any lead that includes it, and sets may be led (the
    # catalogue's holder leads singles only, which would leave the rule nothing to say).
    opening_play = "alone"
    if leader == "holder" and draw.option(1 / 16):
        opening_play, leads, runs = "with", "sets", None
    # CL-03: p 1/16 a player who can beat the last play must.
    must_play = draw.chance(1 / 16)
    # CL-06 drawn before CL-04, p 1/8: a single card of the lowest rank beats anything.
    low_bomb = draw.chance(1 / 8)
    # CL-04: p 1/8 sets crush singles; else p 1/8 higher sets; else the same shape of a higher rank.
    if draw.chance(1 / 8):
        beating = "sets-crush"
    elif draw.chance(1 / 8):
        beating = "higher-sets"
    else:
        beating = "higher"
    sets = leads != "singles" or beating != "higher"
    # CL-05 (a pack with jokers): p 1/8 a single joker beats any play; else wild, then with sets p 1/8
    # a natural set beats the same set made with a joker.
    jokers, natural = "none", False
    if deck.jokers:
        if draw.chance(1 / 8):
            jokers = "top"
        else:
            jokers = "wild"
            natural = sets and draw.chance(1 / 8)
    # CL-07 (no CL-06, a standard pack), p 1/8: the same rank in the other colour beats a single.
    colour_match = not low_bomb and deck.kind == "standard" and draw.chance(1 / 8)
    # CL-08 (no CL-06).
    bomb = None if low_bomb else draw_bomb(draw, deck, flavour)
    # CL-09, p 1/8: a uniform rank, word W-pick(6).
    transparent = None
    if draw.chance(1 / 8):
        transparent = Transparent(rank=draw.choice(deck.ranks()), word=draw.wpick(TRANSPARENT_WORDS))
    # CL-11: without sets p 1/2 the trick ends at the first pass; otherwise when all but one have
    # passed, and p 1/8 a player who has passed may not play again in it.
    trick_end, rejoin = "all-passed", True
    if not sets and draw.chance(1 / 2):
        trick_end = "first-pass"
        flavour.register(draw, "first-pass")
    elif draw.chance(1 / 8):
        rejoin = False
    # CL-12, uniform: the pile is taken as a trick, or set aside.
    collection = draw.choice(("trick", "set-aside"))
    # CL-13: see draw_kitty_capture.
    capture = draw_kitty_capture(draw, deck, deal, bidding, bad_suit)
    return ClimbPlay(
        opening_leader=leader,
        opening_card=opening_card,
        opening_play=opening_play,
        leads=leads,
        runs=runs,
        must_play=must_play,
        beating=beating,
        jokers=jokers,
        natural_beats_joker=natural,
        low_bomb=low_bomb,
        colour_match=colour_match,
        bomb=bomb,
        transparent=transparent,
        trick_end=trick_end,
        rejoin=rejoin,
        collection=collection,
        kitty_capture=capture,
    )


def draw_scoring(
    draw: Draw, deck: DeckSpec, deal: DealSpec, players: Players, h: int, bad_suit: str, setup: SetupSpec,
    bidding: BiddingSpec, flavour: Flavour, play: ClimbPlay,
) -> Scored:
    """The scoring branch CL-12 chose. Piles taken as tricks: with countdown tokens SC-B (the first
    out gives up a token; g 0), otherwise trick scoring as trick-taking draws it without bidding
    (SC-T1 avoid-suit p 1/3, else SC-T3 per trick with the SC-T4 extras). Piles set aside: SC-A."""
    if play.collection == "trick":
        if deal.tokens is not None:
            return Scored(Countdown(), Fraction(0))
        return draw_trick_scoring(draw, deck, deal, players, h, bad_suit, setup, bidding, flavour)
    return draw_shedding(draw, deck, deal, players, h, setup, bidding, flavour)


__all__ = ["BOMB_NAMES", "ROCKET_NAMES", "draw_bomb", "draw_leader", "draw_leads", "draw_play",
           "draw_scoring"]
