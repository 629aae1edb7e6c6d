"""Shedding scoring at the end of each hand (SC-A1…SC-A5, SC-B) and the rules between hands of a
titles game (WU-01…WU-05): the hand is won by going out first.

Shared by every family that scores a hand by who goes out (climbing games whose piles are set
aside; matching; melding): each family's scoring sampler calls ``draw_shedding``. The melding-only
round end (a knock on going out) is drawn only when that family's sampler asks (``knock_out``).
"""

from __future__ import annotations

from fractions import Fraction

from ..spec import (

    BiddingSpec, CardCount, CardPassing, CardValues, Countdown, DealSpec, DeckSpec, FirstOut, HandValue, LandlordStake,

    Players, SetupSpec, TitlePig, Titles,

)
from ..spec.derived import has_court_cards
from .naming import Flavour
from .rng import Draw
from .scoring import Scored

#: SC-A3 titles, generator order: the first out (W-pick(11)), the loser (W-pick(20)), the vice (W-pick(12)).
TITLE_NAMES = (
    "leader", "emperor", "monarch", "boss", "magnate", "majesty", "mogul", "imperator", "chairman", "wizard", "magus",
)
LOSER_NAMES = (
    "peasant", "bumpkin", "peon", "serf", "ninny", "nincompoop", "oaf", "lummox", "clod", "rube", "drudge", "fool",
    "jester", "crook", "toad", "worm", "slouch", "slug", "gutterpup", "pit dweller",
)
VICE_NAMES = (
    "advisor", "aide", "director", "judge", "priest", "prince", "manager", "vizier", "bishop", "assistant", "sheriff",
    "witch",
)
#: SC-A2 table values, generator order (W-pick): majors, court cards, Aces, a revealed pig.
MAJOR_VALUES = (5, 10, 1, 11, 0)
FACE_VALUES = (5, 10, 12)
ACE_VALUES = (1, 10, 5)
PIG_VALUES = (5, 10, 15)
#: SC-A2 card counting: a revealed pig counts as W-pick(4) of these many cards.
PIG_CARDS = (4, 3, 2, 5)
#: The words for a transparent rank, W-pick(6): climbing's CL-09 and matching's P13 draw the same list.
TRANSPARENT_WORDS = ("transparent", "invisible", "glass", "clear", "crystal", "ghosts")


def draw_card_values(draw: Draw, deck: DeckSpec, setup: SetupSpec) -> tuple[CardValues, Fraction]:
    """SC-A2's table, row by row for the cards the pack has: jokers U[5..15]; tarot majors W-pick(5)
    5/10/1/11/0; court cards W-pick(3) 5/10/12; Aces W-pick(3) 1/10/5; a revealed pig W-pick(3)
    5/10/15 (+5 when that equals the majors' value or one less); number cards their pips or one,
    uniform. g = 15 + J/15 + (10 with tarot) + the court and Ace values."""
    jokers = draw.uniform_int(5, 15) if deck.jokers else None
    majors = draw.wpick(MAJOR_VALUES) if deck.kind == "tarot" else None
    faces = draw.wpick(FACE_VALUES) if has_court_cards(deck) else None
    aces = draw.wpick(ACE_VALUES) if "A" in deck.ranks() else None
    pig = None
    if setup.pig is not None:
        pig = draw.wpick(PIG_VALUES)
        if majors is not None and pig in (majors, majors - 1):
            pig += 5
    numbers = draw.choice(("pips", "one"))
    basis = Fraction(15) + Fraction(jokers or 0, 15) + (10 if majors is not None else 0) + (faces or 0) + (aces or 0)
    values = CardValues(jokers=jokers, majors=majors, faces=faces, aces=aces, pig=pig, numbers=numbers)
    return values, basis


def draw_passing(draw: Draw, penalty: int) -> CardPassing | None:
    """WU-02…WU-05, an else-if chain steered by the loser's penalty L: p 1/8 (or, with L = 0, p 1/2)
    the loser gives the best card for any one; else p 1/8 (always with L = 0) two cards for two or
    three back (uniform); else p 1/8 the title holder swaps hands for the best card shown; else p 1/8
    the loser deals (inner p 1/8: anyone else who tries to becomes the loser)."""
    if draw.chance(1 / 8) or (penalty == 0 and draw.chance(1 / 2)):
        return CardPassing(kind="best-card")
    if draw.chance(1 / 8) or penalty == 0:
        return CardPassing(kind="two-cards", returned=draw.choice((2, 3)))
    if draw.chance(1 / 8):
        return CardPassing(kind="swap-hands")
    if draw.chance(1 / 8):
        return CardPassing(kind="loser-deals", usurper=draw.chance(1 / 8))
    return None


def draw_titles(draw: Draw, setup: SetupSpec, flavour: Flavour) -> Scored:
    """SC-A3 with WU-01…WU-05 and SC-A5. Names W-pick(11) / W-pick(20); first U[2..3], second
    U[1..3], one more for the first if they are equal; the loser's penalty U[0..2]. p 1/3 the
    first out ends the hand, else players retire (p 1/3 then a vice, W-pick(12)). A pig: the title
    holder or the loser (uniform) scores or loses (uniform) U[2..5]. WU-01: the next leader W-pick(3)
    title/vice/loser with a vice, else title 8/9, loser 1/9. SC-A5 with invented rules: the title
    holder or the vice (uniform, with a vice) makes them. g = (first + second) / 2."""
    flavour.register(draw, "titles")
    title = draw.wpick(TITLE_NAMES)
    loser = draw.wpick(LOSER_NAMES)
    first, second = draw.uniform_int(2, 3), draw.uniform_int(1, 3)
    if first == second:
        first += 1
    penalty = draw.uniform_int(0, 2)
    retire = not draw.chance(1 / 3)
    vice = draw.wpick(VICE_NAMES) if retire and draw.chance(1 / 3) else None
    pig = None
    if setup.pig is not None:
        who = draw.choice(("title", "loser"))
        sign = -1 if draw.chance(1 / 2) else 1
        pig = TitlePig(who=who, points=sign * draw.uniform_int(2, 5))
    starter = draw.wpick(("title", "vice", "loser")) if vice else draw.wpick(("title", "title", "loser"))
    passing = draw_passing(draw, penalty)
    rule_maker = "title"
    if setup.extra_rules is not None and setup.extra_rules.kind == "bonus" and vice is not None:
        # SC-A5: only public (bonus) rules are made after a hand; secret ones are all made before the first
        rule_maker = draw.choice(("title", "vice"))
    scoring = Titles(
        title=title, first=first, vice=vice, second=second if vice else None, loser=loser, loser_penalty=penalty,
        retire=retire, pig=pig, starter=starter, passing=passing, rule_maker=rule_maker,
    )
    return Scored(scoring, Fraction(first + second, 2))


def draw_hand_value(draw: Draw, deck: DeckSpec, deal: DealSpec, players: Players, h: int, setup: SetupSpec,
                    bidding: BiddingSpec, gains_only: bool = False, knock_out: bool = False) -> Scored:
    """SC-A2. Round end: p 1/16 (no face-down rows) a hand worth 5 or less may knock, else the
    first out wins; p 1/24 the second time the stock runs out the smallest hand wins. Payment: with a
    landlord the bid (g 0); else p 1/2 the card-value table (p 1/4 each loser loses their own, else
    the winner gains the others'); else p 1/3 each loser loses a point per card (g H/2), else the
    winner gains a point per card the others hold (g 2 × the most players); a revealed pig counts as
    W-pick(4) 4/3/2/5 cards. Then p 1/24 the points double when the final play held only the
    lowest rank. ``gains_only`` (a matching game whose special card scores points in the hand, MT-04
    P20): the card-value table is never the losers-lose variant (nothing is drawn for it).
    ``knock_out`` (melding): after the knock on five, p 1/8 without a kitty the player who goes out
    knocks and the others have one more turn (drawn only for melding, so the other families'
    streams do not move)."""
    knock = not deal.rows and draw.chance(1 / 16)
    round_end = "knock-five" if knock else "empty-hand"
    if not knock and knock_out and deal.kitty is None and draw.chance(1 / 8):
        round_end = "knock-out"
    stock_out = draw.chance(1 / 24)
    if bidding.auction is not None:
        scored = Scored(LandlordStake(round_end=round_end, stock_out=stock_out), Fraction(0))
    elif draw.chance(1 / 2):
        losers_lose = not gains_only and draw.chance(1 / 4)
        values, basis = draw_card_values(draw, deck, setup)
        scored = Scored(HandValue(round_end=round_end, stock_out=stock_out, values=values, losers_lose=losers_lose),
                        basis)
    else:
        losers_lose = draw.chance(1 / 3)
        pig_cards = draw.wpick(PIG_CARDS) if setup.pig is not None else None
        basis = Fraction(h, 2) if losers_lose else Fraction(2 * players.max)
        scored = Scored(CardCount(round_end=round_end, stock_out=stock_out, losers_lose=losers_lose,
                                  pig_cards=pig_cards), basis)
    scored.scoring.low_finish_double = draw.chance(1 / 24)
    return scored


def draw_shedding(draw: Draw, deck: DeckSpec, deal: DealSpec, players: Players, h: int, setup: SetupSpec,
                  bidding: BiddingSpec, flavour: Flavour, points_in_hand: bool = False,
                  knock_out: bool = False) -> Scored:
    """SC-A: with countdown tokens SC-A1 (the winner gives up a token; g 0, the game ends by
    tokens); else p 1/2 SC-A2 hand value; else p 1/4 SC-A3 titles; else SC-A4 a point for going out
    first (g 1, 1.5 with a pig). With a landlord, g grows by 0.6 × the most players (EN-03).

    ``points_in_hand`` (matching's MT-04 P20, points scored when a card is played): SC-A2 is forced
    (no chance drawn), without its losers-lose table, so the points the card scores are added to
    the hand's gains. ``knock_out`` (melding): the hand-value round end may be the knock on going
    out (``draw_hand_value``)."""
    if deal.tokens is not None:
        return Scored(Countdown(), Fraction(0))
    if points_in_hand or draw.chance(1 / 2):
        scored = draw_hand_value(draw, deck, deal, players, h, setup, bidding, gains_only=points_in_hand,
                                 knock_out=knock_out)
    elif draw.chance(1 / 4):
        scored = draw_titles(draw, setup, flavour)
    else:
        scored = Scored(FirstOut(), Fraction(3, 2) if setup.pig is not None else Fraction(1))
    if bidding.auction is not None:
        scored.basis += Fraction(3, 5) * players.max
    return scored


__all__ = ["TRANSPARENT_WORDS", "draw_card_values", "draw_hand_value", "draw_passing", "draw_shedding", "draw_titles"]
