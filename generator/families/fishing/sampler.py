"""Drawing a fishing game's play section and its card points.

The seed book has no fishing game, so these rates are Parlour's own, set from the real games the
family is built on (Xeri, Kontsina, Diloti; Cassino and Scopa as cousins) and from what the
playtest keeps. Each rate and its reason:

* **layout** — a pile 2/5, a spread 3/5: four of the five real games spread the table (Kontsina,
  Diloti, Cassino, Scopa) and a spread gives more decisions; the pile (Xeri) is the simplest
  fishing game there is and teaches the family, so it stays common.
* **table** — four cards 3/4 (all five real games), else two to six: fewer makes the first
  captures rarer, more makes them easy.
* **fresh_table** — a pile 3/4 (Xeri deals its pile again), a spread 1/2 (Diloti does, Kontsina
  does not): a free capture in the opening layout is luck no one played for.
* **first_turn** — the dealer's left 4/5 (every real game), the dealer 1/5.
* **sweeper** — a pile: the Jack (or the pack's lowest court) 2/3, as Xeri; without one a pile is
  only ever taken by matching its top card and grows long. A spread 1/5: a card that takes the
  whole table is strong where sums already take many cards. (A pack without a court card has no
  sweeper to give, so over every pack the rates are lower.)
* **match** — a spread: one card of the rank 3/4 (Kontsina), every card of it 1/4 (Diloti's
  captures of all the groups at once, in its simplest form).
* **sums** — a spread 3/4: every real spread game adds up; without it a spread is a slower Xeri.
* **must_capture** — 1/4 (Scopa makes capturing compulsory; Kontsina does not say).
* **sweep** — a pile: the lone card 3/4 (Xeri's xeri), none 1/4. A spread: the catalogue's W-pick
  of three, clearing the table 7/9 (Diloti, Scopa: the spread games' own sweep), the lone card
  1/9, none 1/9.

Two more rules of a spread, Parlour's options, drawn from a stream of their own (``_later_rules``:
seeded from where the game's stream stands, which is read and never drawn from), so that no draw
of the game's stream or of the options stream moves — not even the partnerships of a spec redrawn
after the checks refuse one — and every seed that draws neither is the game it always was. None
with the seed book's catalogue alone (``Draw.book_only``). Both are drawn in every spread and kept
only where they apply:

* **combinations** — every disjoint combination at once (Diloti), ``EVERY_CHANCE`` 1/2 of the
  spreads that add up and take every card of a rank (about one fishing game in eighteen): it is the
  same idea as taking every card of a rank carried over to sums, so half of those games take it;
  it is kept rare overall because choosing among overlapping groups is the hardest capture to
  check at a table.
* **builds** — building, raising and group builds (Diloti; Cassino's are the same idea),
  ``BUILDS_CHANCE`` 1/6 of the spreads that add up (about one fishing game in thirteen): two of
  the five real games build, but builds are the longest rules of the family to learn and make the
  slowest turns, and a generated game should more often be quick to teach.

Card points (``draw_scoring``): the honours (Ace, the courts, the 10) one point each 1/2 (Xeri),
else the Aces alone 1/4 (Diloti); the 10 of diamonds (one or two points) and the 2 of clubs (one
point) each 3/4 when the pack has them (all three real games name them), else one card of the
pack; the most cards 3/4 for two to four points; the most clubs (or the pack's first suit) 1/2
for one point (Kontsina); a sweep five to ten points (ten in Xeri and Diloti). The expected score
a hand (``basis``: the card points shared out, a majority, a third of a sweep each) scales the
target as for every family.
"""

from __future__ import annotations

import hashlib
import random
from fractions import Fraction

from generator.sample.naming import Flavour
from generator.sample.rng import Draw
from generator.sample.scoring import Scored
from generator.spec import BiddingSpec, DealSpec, DeckSpec, Players, SetupSpec, derived
from generator.spec.scoring import CardPoint, CardPoints, RankPoints, SuitMajority, Sweeps

from .spec import FishPlay

#: Parlour's options of a spread (see the module's docstring for the reasons).
EVERY_CHANCE = Fraction(1, 2)
BUILDS_CHANCE = Fraction(1, 6)


def _court_sweeper(deck: DeckSpec) -> str | None:
    """The Jack, else the pack's lowest court card, else None (a pack without courts)."""
    ranks = deck.ranks()
    if "J" in ranks:
        return "J"
    courts = [r for r in ranks if r in derived.COURT_VALUES[deck.kind]]
    return courts[-1] if courts else None


def _later_rules(draw: Draw) -> random.Random | None:
    """The stream of the spread's later options (see the module's docstring); None without
    Parlour's options."""
    if draw.options_rng is None:
        return None
    digest = hashlib.sha256(repr(draw.rng.getstate()).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _chance(rng: random.Random | None, p: Fraction) -> bool:
    return rng is not None and rng.randrange(p.denominator) < p.numerator


def draw_play(draw: Draw, deck: DeckSpec, deal: DealSpec, setup: SetupSpec, bidding: BiddingSpec, bad_suit: str,
              flavour: Flavour) -> FishPlay:
    """See the module's docstring for each rate and its reason."""
    pile = draw.chance(Fraction(2, 5))
    table = 4 if draw.chance(Fraction(3, 4)) else draw.uniform_int(2, 6)
    fresh = draw.chance(Fraction(3, 4) if pile else Fraction(1, 2))
    first = "dealer" if draw.chance(Fraction(1, 5)) else "dealer-left"
    if pile:
        sweeper = _court_sweeper(deck) if draw.chance(Fraction(2, 3)) else None
        sweep = "lone-card" if draw.chance(Fraction(3, 4)) else None
        return FishPlay(layout="pile", table=table, fresh_table=fresh, first_turn=first, sweeper=sweeper,
                        sweep=sweep)
    sweeper = _court_sweeper(deck) if draw.chance(Fraction(1, 5)) else None
    match = "all" if draw.chance(Fraction(1, 4)) else "one"
    sums = draw.chance(Fraction(3, 4))
    must = draw.chance(Fraction(1, 4))
    sweep = draw.wpick(("clear-table", "lone-card", None))
    later = _later_rules(draw)
    every = _chance(later, EVERY_CHANCE)
    builds = _chance(later, BUILDS_CHANCE)
    return FishPlay(layout="spread", table=table, fresh_table=fresh, first_turn=first, sweeper=sweeper, match=match,
                    sums=sums, must_capture=must, sweep=sweep,
                    combinations="every" if every and sums and match == "all" else "one", builds=builds and sums)


def draw_scoring(draw: Draw, deck: DeckSpec, deal: DealSpec, players: Players, h: int, bad_suit: str,
                 setup: SetupSpec, bidding: BiddingSpec, flavour: Flavour, play: FishPlay) -> Scored:
    """Card points for the captures (see the module's docstring)."""
    ranks, cards, suits = deck.ranks(), deck.cards(), deck.suits()
    courts = derived.COURT_VALUES[deck.kind]
    if draw.chance(Fraction(1, 2)):
        honours = [r for r in ranks if r == "A" or r in courts or r == "10"]
    elif draw.chance(Fraction(1, 2)):
        honours = [r for r in ranks if r == "A"]
    else:
        honours = []
    rank_rows = [RankPoints(rank=r, points=1) for r in honours]
    named: list[CardPoint] = []
    for code, most in (("10 of diamonds", 2), ("2 of clubs", 1)):
        if draw.chance(Fraction(3, 4)):
            pick = code if code in cards else draw.choice(cards)
            if all(row.card != pick for row in named):
                named.append(CardPoint(card=pick, points=draw.uniform_int(1, most)))
    most_cards = draw.uniform_int(2, 4) if draw.chance(Fraction(3, 4)) else None
    most_suit = None
    if draw.chance(Fraction(1, 2)):
        most_suit = SuitMajority(suit="clubs" if "clubs" in suits else suits[0], points=1)
    sweeps = Sweeps(name="sweep", points=draw.uniform_int(5, 10)) if play.sweep is not None else None
    if not (rank_rows or named or most_cards or most_suit or sweeps):
        most_cards = 2
    scoring = CardPoints(ranks=rank_rows, cards=named, most_cards=most_cards, most_suit=most_suit, sweeps=sweeps)
    n = Fraction(players.min + players.max, 2)
    per_rank = {row.rank: row.points for row in rank_rows}
    card_total = sum(per_rank.get(c.split(" of ")[0], 0) for c in cards) + sum(row.points for row in named)
    majorities = (most_cards or 0) + (most_suit.points if most_suit else 0)
    basis = (Fraction(card_total) + majorities) / n + (Fraction(sweeps.points, 3) if sweeps else 0)
    return Scored(scoring, max(basis, Fraction(1)))
