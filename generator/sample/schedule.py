"""Parlour's schedules of contracts (King, Barbu, Lorum and the other compendium games), beyond the
seed book's catalogue: a game drawn as a list of hand kinds, from the options stream like every
draw of Parlour's own, so that no catalogue draw of a seed moves.

The weights, each with its reason (``docs/families.md``):

* a schedule, ``SCHEDULE_CHANCE`` = **1 in 20** of the trick-taking games without bids, an auction
  or low hands: compendium games are a small family of real games, and a schedule makes a game
  long (every contract is played), so it stays rare;
* its negative contracts, **three to five** drawn without repeats from a menu of up to six —
  the tricks won, the cards of the game's bad suit, a court rank, the highest card of the bad
  suit, the last two tricks, the last trick (the last four where the hands have four tricks or
  more) — uniform, since each is about as common as the others in real schedules;
* then its positive hands, **two to four**, each trick worth a few points: with one number of
  players and fixed hands, **1 in 2** of them with King's choice of playing up or down, the down
  start set so that both modes share out the same points;
* trumps: none in the negative hands (King's rule: without trumps a penalty card can only be
  avoided by following low), in the positive ones the dealer's choice; a game whose catalogue
  trump rule is not none keeps it in every hand, for that is the rule its setup prints.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..spec import DealSpec, DeckSpec, Players, SetupSpec, derived
from ..spec.deck import card_rank
from ..spec.scoring import CardPoints, CardPoint, Contract, HandMode, HandScore, RankPoints, Schedule, TrickPoints
from ..spec.scoring import AvoidSuit
from ..text.phrases import rank_plural
from .rng import Draw

#: The chance of a schedule (see the module's docstring).
SCHEDULE_CHANCE = Fraction(1, 20)


def _negatives(rng: random.Random, deck: DeckSpec, bad_suit: str, h: Any) -> list[Contract]:
    """The menu of negative contracts this pack and hand can carry, three to five of them drawn."""
    menu: list[Contract] = [
        Contract(contract="tricks", score=HandScore(scoring=TrickPoints(), points=-rng.randint(1, 5) * 5)),
    ]
    if bad_suit in deck.plain_suits():
        menu.append(Contract(contract=bad_suit, score=HandScore(scoring=AvoidSuit(suit=bad_suit),
                                                                points=-rng.randint(1, 5) * 5)))
    courts = [r for r in deck.ranks() if not r.isdigit()]
    if courts:
        court = rng.choice(courts)
        menu.append(Contract(contract=f"{rank_plural(court)}", score=HandScore(
            scoring=CardPoints(ranks=[RankPoints(rank=court, points=1)]), points=-rng.randint(4, 10) * 5)))
    top = next((c for c in deck.cards() if c.endswith(f" of {bad_suit}") and card_rank(c) == deck.ranks()[0]), None)
    if top is not None:
        menu.append(Contract(contract="one card", score=HandScore(
            scoring=CardPoints(cards=[CardPoint(card=top, points=1)]), points=-rng.randint(10, 30) * 5)))
    if isinstance(h, int) and h >= 4:   # hands of four tricks or more
        menu.append(Contract(contract="last two tricks", score=HandScore(scoring=TrickPoints(),
                                                                         points=-rng.randint(4, 10) * 5, last=2)))
        menu.append(Contract(contract="last trick", score=HandScore(scoring=TrickPoints(),
                                                                    points=-rng.randint(6, 20) * 5, last=1)))
    rng.shuffle(menu)
    return menu[: rng.randint(3, min(5, len(menu)))]


def draw_schedule(draw: Draw, deck: DeckSpec, deal: DealSpec, players: Players, h: Any, bad_suit: str,
                  setup: SetupSpec) -> Schedule:
    """A schedule of contracts from the options stream (the weights: the module's docstring)."""
    rng = draw.options_rng
    own = setup.trumps.method != "none"   # the catalogue's trump rule stands in every hand
    negatives = [c.model_copy(update={"trumps": "game" if own else "none"}) for c in _negatives(rng, deck, bad_suit, h)]
    per_trick = rng.randint(1, 5) * 5
    up = HandScore(scoring=TrickPoints(), points=per_trick)
    trumps = "game" if own else "dealer"
    positive = Contract(contract="positive", hands=rng.randint(2, 4), trumps=trumps, score=up)
    n = players.min
    if players.min == players.max and rng.random() < 0.5:
        tricks = derived.tricks_per_hand(deck, deal, n)
        if tricks > 0:
            # playing down: each starts with a share that makes both modes share out the same points
            down = HandMode(name="down", scoring=TrickPoints(), points=-(n - 1) * per_trick, start=per_trick * tricks)
            positive = Contract(contract="positive", hands=positive.hands, trumps=trumps,
                                modes=[HandMode(name="up", **dict(up)), down])
    return Schedule(contracts=[*negatives, positive])
