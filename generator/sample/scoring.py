"""Scoring at the end of each hand (SC-T1 avoid-suit, SC-T3 per trick)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .. import names
from ..spec import AvoidSuit, DealSpec, Doubler, DeckSpec, SpecialCard, TrickPoints
from .naming import Flavour
from .rng import Draw


@dataclass
class Scored:
    scoring: AvoidSuit | TrickPoints
    basis: Fraction  # g of EN-03: the expected score per hand that scales the target


def _nickname(draw: Draw, deck: DeckSpec, p: Fraction | float = 1) -> str | None:
    """NM-07: a nickname with probability p; tarot cards never carry one (the old helper's "card"
    placeholder was removed by the text clean-up)."""
    if p != 1 and not draw.chance(p):
        return None
    return None if deck.kind == "tarot" else names.nickname(draw.names_rng)


def _card(draw: Draw, deck: DeckSpec, points: bool, nickname_p: Fraction | float) -> SpecialCard:
    card = draw.choice(deck.cards())
    pts = draw.uniform_int(7, 13) if points else 0
    return SpecialCard(card=card, nickname=_nickname(draw, deck, nickname_p), points=pts)


def draw_avoid_suit(draw: Draw, deck: DeckSpec, bad_suit: str, flavour: Flavour) -> Scored:
    """SC-T1: 4/5 one point per bad-suit card (g 10), 1/5 their face value (g 35); 1/4 penalty card
    U[7..13] (nickname 1/3), else 1/4 bonus card U[7..13] (nicknamed); with jokers 1/7 a loss of
    U[3..9] per joker; 1/8 shoot the moon for U[7..31]; 1/4 a doubling card (nickname 1/3)."""
    one = draw.chance(Fraction(4, 5))
    flavour.register(draw, "avoid-suit" if one else "avoid-suit-face")
    penalty = bonus = None
    if draw.chance(1 / 4):
        penalty = _card(draw, deck, points=True, nickname_p=Fraction(1, 3))
    elif draw.chance(1 / 4):
        bonus = _card(draw, deck, points=True, nickname_p=1)
    joker_loss = draw.uniform_int(3, 9) if deck.jokers and draw.chance(1 / 7) else None
    moon = draw.uniform_int(7, 31) if draw.chance(1 / 8) else None
    doubler = None
    if draw.chance(1 / 4):
        drawn = _card(draw, deck, points=False, nickname_p=Fraction(1, 3))
        doubler = Doubler(card=drawn.card, nickname=drawn.nickname)
    scoring = AvoidSuit(
        suit=bad_suit,
        per_card="one" if one else "face-value",
        penalty_card=penalty,
        bonus_card=bonus,
        joker_loss=joker_loss,
        shoot_the_moon=moon,
        doubler=doubler,
    )
    return Scored(scoring, Fraction(10 if one else 35))


def draw_per_trick(draw: Draw, deal: DealSpec, h: int) -> Scored:
    """SC-T3: uniform between every trick and tricks beyond the N-th, N = U[⌊0.4H⌋..⌊0.6H⌋]
    (always every trick when the whole pack is dealt). g = H/2, H the nominal hand size."""
    beyond = 0
    if deal.hand_size != "all" and draw.chance(1 / 2):
        beyond = draw.uniform_int(4 * h // 10, 6 * h // 10)
    return Scored(TrickPoints(beyond=beyond), Fraction(h, 2))


def draw_scoring(draw: Draw, deck: DeckSpec, deal: DealSpec, h: int, bad_suit: str, flavour: Flavour) -> Scored:
    """SC-T1 with p 1/3 (the spec has no bidding, so it is always allowed), else SC-T3."""
    if draw.chance(1 / 3):
        return draw_avoid_suit(draw, deck, bad_suit, flavour)
    return draw_per_trick(draw, deal, h)
