"""Setup before play: trumps (SU-01, SU-02, tarot majors) and anti-trumps (SU-03)."""

from __future__ import annotations

from ..spec import Called, DealSpec, DeckSpec, FirstCard, Fixed, Hidden, LastCard, Majors, NoTrumps, Rotating, SetupSpec, TurnUp
from ..spec.deck import MAJORS, SUITS
from .naming import Flavour
from .rng import Draw

#: SU-02b, W-pick(6): "Turn the top card …" and "Reveal the top card …" mean the same (turn-up).
NORMAL_METHODS = ("turn-up", "turn-up", "called", "last-card", "rotating", "fixed")
#: SU-02c, W-pick(4), when every card is dealt (no undealt top card).
DEAL_ALL_METHODS = ("called", "last-card", "rotating", "fixed")


def _method(draw: Draw, name: str, deck: DeckSpec):
    if name == "turn-up":
        return TurnUp()
    if name == "called":
        return Called(caller=draw.choice(("dealer", "dealer-left")))
    if name == "last-card":
        return LastCard()
    if name == "rotating":
        return Rotating()
    suit = draw.choice(SUITS[deck.kind])
    # "The major arcana are always trumps" is the majors method.
    return Majors() if suit == MAJORS else Fixed(suit=suit)


def draw_setup(draw: Draw, family: str, deck: DeckSpec, deal: DealSpec, flavour: Flavour) -> SetupSpec:
    """SU-01: p 1/3 no trumps; else 1/32 first card fixes trumps; else trumps: 1/32 hidden, else
    W-pick(6) (W-pick(4) when every card is dealt). SU-03: 1/8 anti-trumps with a trump flag and no
    face-down card in the setup (no kitty, not hidden). Tarot: with no trumps, 1/3 majors are trumps
    (drawn after the other trump modules, so never with anti-trumps)."""
    if family != "trick-taking":
        return SetupSpec()
    method = NoTrumps()
    trump_flag = False  # the generator's flag: first-card does not raise it
    if draw.chance(1 / 3):
        pass
    elif draw.chance(1 / 32):
        method = FirstCard()
    else:
        trump_flag = True
        if draw.chance(1 / 32):
            method = Hidden()
            flavour.register(draw, "hidden-trump")
        else:
            options = DEAL_ALL_METHODS if deal.hand_size == "all" else NORMAL_METHODS
            method = _method(draw, draw.wpick(options), deck)
    anti = False
    if trump_flag and method.method != "hidden" and deal.kitty is None and draw.chance(1 / 8):
        anti = True
        flavour.register(draw, "anti-trumps")
    if deck.kind == "tarot" and method.method == "none" and draw.chance(1 / 3):
        method = Majors()
    return SetupSpec(trumps=method, anti_trumps=anti)
